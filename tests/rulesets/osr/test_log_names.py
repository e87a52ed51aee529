"""The GM reads creatures by name: no violation or log line of a played OSR demo shows a raw id
(``raider_chieftain``) or a doubled name (``Sergeant Sergeant's Lead``)."""

from __future__ import annotations

import re

from game.rules.engine import AdvancePhase, Answer, Command, Engine, StartCombat
from game.rulesets.osr.commands import (
    OsrAttack,
    OsrCastSpell,
    OsrCharge,
    OsrEndTurn,
    OsrMove,
    OsrMoveFormation,
    OsrSummonPower,
)
from game.rulesets.osr.round_events import OsrMoraleChecked
from game.rulesets.osr.view import formations
from tests.rulesets.osr.test_content import demo

STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))


def _play(rounds: int) -> tuple[Engine, list[str]]:
    """The demo played roughly: every attack, charge and move tried, formations pushed into
    creatures, a fireball on the raiders each round; every rejection's reason kept."""
    eng = demo()
    texts: list[str] = []

    def sub(cmd: Command) -> None:
        out = eng.submit(cmd)
        texts.extend(v.reason for v in out.violations)
        while out.pending is not None:  # a natural 20's extra attack and the like
            d = out.pending
            out = eng.submit(Answer(d.id, d.default or d.options[0].id))
            texts.extend(v.reason for v in out.violations)

    sub(StartCombat())
    for _ in range(rounds * 4):
        cs = [c for c in eng.state.creatures.values() if c.in_fight]
        for c in cs:
            for t in cs:
                if t.side != c.side:
                    sub(OsrAttack(c.id, t.id))
                    sub(OsrCharge(c.id, t.id))
                else:
                    sub(OsrCharge(c.id, t.id))
                    sub(OsrMove(c.id, (t.body.square,)))
        for fid in list(formations(eng.state)):
            for dx, dy in STEPS:
                f = formations(eng.state).get(fid)
                if f is not None:
                    sub(OsrMoveFormation(fid, ((f.anchor[0] + dx, f.anchor[1] + dy),)))
        for c in cs:
            if c.id == "hedge_wizard":
                sub(OsrSummonPower(c.id, 3))
                foes = tuple(t.id for t in cs if t.side != c.side)
                sub(OsrCastSpell(c.id, "Fireball", foes, damage="6d6", damage_type="fire",
                                 area=True))
            sub(OsrEndTurn(c.id))
        sub(AdvancePhase())
    names = {c.id: c.name for c in eng.state.creatures.values()}
    texts += [e.describe(names) for e in eng.log() if hasattr(e, "describe")]
    return eng, texts


def test_no_raw_id_or_doubled_name_in_what_the_gm_reads() -> None:
    eng, texts = _play(4)
    names = {c.id: c.name for c in eng.state.creatures.values()}
    raw = [re.compile(rf"\b{re.escape(i)}\b") for i, n in names.items() if i != n]
    assert any("_" in i for i in names) and texts
    kinds = {type(e).__name__ for e in eng.log()}
    assert "OsrMoraleChecked" in kinds  # the Lead lines were read
    assert any(t.startswith("step") and "stands in" in t for t in texts)  # a blocked formation
    for t in dict.fromkeys(texts):
        assert not [r.pattern for r in raw if r.search(t)], t
        assert not [n for n in names.values() if f"{n} {n}" in t], t


def test_a_leader_rolling_for_itself_is_named_once() -> None:
    names = {"sergeant": "Sergeant", "soldier_1": "Soldier 1"}
    own = OsrMoraleChecked("sergeant", "lead", (), 10, 12, True, "stands", 0, "sergeant", "x")
    other = OsrMoraleChecked("soldier_1", "lead", (), 10, 12, True, "stands", 0, "sergeant", "x")
    assert own.describe(names).startswith("Sergeant's Lead (x): 12 vs 10")
    assert other.describe(names).startswith("Soldier 1 morale by Sergeant's Lead (x)")
