"""For every SotDL action: determinism (same seed, same log), undo round trip, replay from the
log (through JSON), and command JSON round trips."""
from __future__ import annotations

import json

import pytest

from game.rules.engine import AdvancePhase, Answer, Command, Event, replay
from game.rulesets.sotdl import commands as C
from tests.rulesets.sotdl.helpers import make

MAP = "..........\n..........\n.....f....\n.........."
CAST = {
    "hero": ("pcs", (2, 1), {"weapons": ("sword", "dagger"), "strength": 12}),
    "archer": ("pcs", (0, 3), {"weapons": ("crossbow",)}),
    "foe": ("foes", (3, 1), {"health": 40}),
    "brute": ("foes", (5, 2), {"health": 40}),
}

# name -> commands after BeginCombat (answers as Answer(None, choice): the pending one);
# AdvancePhase() ends the players' part before a GM creature acts (Seed SotDL: the round)
GM = AdvancePhase()
SCRIPTS: dict[str, list[object]] = {
    "attack": [C.Attack("hero", "foe")],
    "attack_options": [C.Attack("hero", "foe", option="driving"), C.EndRound(),
                       C.Attack("hero", "foe", option="guarded")],
    "ranged": [C.Attack("archer", "brute", option="staggering"), C.EndRound(),
               C.Reload("archer")],
    "two_weapons": [C.TwoWeaponAttack("hero", "foe")],
    "item_and_spell": [C.ItemAttack("hero", "foe", "bomb", "1d6"), C.EndRound(),
                       C.SpellAttack("hero", ("foe", "brute"), "sparks", damage="1d6")],
    "stunts": [C.Disarm("hero", "foe"), C.Distract("archer", "brute", ), C.EndRound(),
               GM, C.Grab("foe", "hero"), C.EndRound(), C.Shove("hero", "foe")],
    "knock_feint": [C.KnockDown("hero", "foe"), C.Feint("archer", "brute"), C.EndRound(),
                    GM, C.Grab("foe", "hero"), C.Escape("hero")],
    "charge": [GM, C.Charge("brute", "archer", path=((4, 2), (3, 2), (2, 2), (1, 2)))],
    "move_free_attack": [GM, C.StartTurn("foe", "fast"), C.Move("foe", ((4, 1), (5, 1))),
                         Answer("pending", "attack")],
    "rush_retreat": [C.Rush("archer", ((1, 3), (2, 3))), GM, C.Retreat("brute", ((6, 2),))],
    "prepare": [C.Prepare("hero", C.Attack("hero", ""), "enemy_enters_reach"),
                C.FirePrepared("hero", "foe")],
    "prepare_held": [C.Prepare("hero", C.Attack("hero", ""), "enemy_enters_reach"),
                     C.Prepare("archer", C.Rush("archer", ((1, 3),)), "the gate opens")],
    "activities": [C.Defend("hero"), C.Help("archer", "hero"), C.Hide("brute"),
                   C.EndRound(), C.CastUtilitySpell("hero", "light", concentration=True),
                   C.UseItem("archer", "torch"), C.Find("foe"), C.EndRound(),
                   C.Concentrate("hero")],
    "health": [C.DealDamage("hero", 20), GM, C.Stabilize("foe", "hero"), C.EndRound(),
               C.Heal("hero", 3), C.GainInsanity("hero", 1)],
    "crawl_minor": [C.DropProne("hero"), C.StandUp("hero"), C.MinorActivity("hero", "draw")],
    "surprise_order_end": [C.RollForOrder(("hero", "archer")), C.Surrender(side="foes")],
}


def play(name: str, seed: int):
    eng = make(MAP, CAST, seed=seed)
    eng.submit(C.BeginCombat())
    for cmd in SCRIPTS[name]:
        if isinstance(cmd, Answer):
            if eng.pending is not None:
                eng.submit(Answer(eng.pending.id, cmd.choice))
            continue
        out = eng.submit(cmd)
        assert out.ok, (name, cmd, [v.reason for v in out.violations])
        while eng.pending is not None and eng.pending.kind != "free_attack":
            eng.submit(Answer(eng.pending.id, eng.pending.default))
    while eng.pending is not None:
        eng.submit(Answer(eng.pending.id, eng.pending.default))
    return eng


def lines(events) -> list[str]:
    return [json.dumps(e.to_dict(), sort_keys=True) for e in events]


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_determinism_undo_and_replay(name: str) -> None:
    eng = play(name, 11)
    assert len(eng.history) > 1
    assert lines(eng.log()) == lines(play(name, 11).log())
    back = [Event.from_dict(json.loads(s)) for s in lines(eng.log())]
    assert replay(eng.initial, back) == eng.state
    # every state along the way replays exactly too (lasting effects still live in it)
    done: list[Event] = []
    for rec in eng.history:
        assert replay(eng.initial, done) == rec.state_before, rec.command
        done += [Event.from_dict(json.loads(s)) for s in lines(rec.events)]
    final, n = eng.state, len(eng.history)
    for _ in range(n):
        assert eng.undo()
    assert eng.state == eng.initial
    for _ in range(n):
        assert eng.redo()
    assert eng.state == final
    for rec in eng.history:
        assert Command.from_dict(json.loads(json.dumps(rec.command.to_dict()))) == rec.command


def test_scripts_really_do_something() -> None:
    """Each script's commands were accepted (a rejected one would make the test above empty)."""
    for name in SCRIPTS:
        eng = play(name, 3)
        types = {type(e).__name__ for e in eng.log()}
        assert "RoundStarted" in types and len(types) > 3, name
