"""A soak of the store under both rulesets (issue 14): random legal commands through the session,
with undo, redo, reopening, saves and loads, the invariants checked after every step.

Short in the default run; ``BATTLEMAT_LONG_TESTS=1`` plays many more steps.
"""

from __future__ import annotations

import io
import json
import os
import random
from pathlib import Path

import numpy as np
import pytest

from game.io.journal import read_journal
from game.ui.journal_export import run_journal
from game.ui.panel_model import do_intent
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
LONG = os.environ.get("BATTLEMAT_LONG_TESTS") == "1"


def _fingerprint(s: Session) -> str:
    eng = s.engine
    assert eng is not None
    return json.dumps(
        {
            "played": [r.command.to_dict() for r in eng.history],
            "redo": [r.command.to_dict() for r in eng.redo_stack],
            "pending": eng.pending.prompt if eng.pending is not None else None,
            "round": eng.state.round,
            "phase": eng.state.phase,
            "where": {k: [list(c.square), c.damage] for k, c in eng.state.creatures.items()},
        },
        sort_keys=True,
        default=str,
    )


def _move(s: Session, rng: random.Random) -> None:
    st = s.engine.state  # type: ignore[union-attr]
    who = st.active if st.active in st.creatures else rng.choice(sorted(st.creatures))
    modes = s.previews.move_modes(who)
    if not modes:
        return
    area = s.previews.move_area(who, modes)
    ys, xs = np.nonzero(area.cost_class >= 0)
    if not len(xs):
        return
    i = rng.randrange(len(xs))
    to = (int(xs[i]), int(ys[i]))
    cmd, _ = s.previews.move_command(who, modes, (), to, safest=rng.random() < 0.5, area=area)
    if cmd is not None:
        s.submit(cmd)


def _step(s: Session, rng: random.Random, tmp: Path, journal: Path) -> Session:
    eng = s.engine
    assert eng is not None
    if eng.pending is not None:
        d = eng.pending
        if d.kind == "dice":
            s.fight.answer_text(" ".join(str(rng.randint(1, d.sides)) for _ in range(d.count)))
        elif d.options:
            s.answer(rng.choice(d.options).id)
        else:
            s.undo()
        return s
    roll = rng.random()
    st = eng.state
    if roll < 0.25:
        do_intent(s.fight, "advance", "", "")
    elif roll < 0.4:
        cid = rng.choice(sorted(st.creatures))
        do_intent(s.fight, "turn_start", cid, cid)
    elif roll < 0.65:
        _move(s, rng)
    elif roll < 0.72:
        do_intent(s.fight, "turn_end", st.active or "", st.active or "")
    elif roll < 0.8:
        s.undo(rng.randint(1, 3))
    elif roll < 0.85:
        s.redo(rng.randint(1, 2))
    elif roll < 0.88:
        s.manual_dice = not s.manual_dice
    elif roll < 0.94:  # close the window and open the encounter again: the same fight
        before = _fingerprint(s)
        s.close()
        s = Session.open(s.opened.path, journal_path=journal)
        assert _fingerprint(s) == before and not s.problem
    elif eng.pending is None:  # a save, opened in another window: the same fight
        save = tmp / "soak.save.json"
        assert s.save(save).startswith("Saved")
        other = Session.open(s.opened.path, journal_path=tmp / "other.jsonl")
        try:
            assert other.load(save).startswith("Opened")
            mine, theirs = json.loads(_fingerprint(s)), json.loads(_fingerprint(other))
            assert mine["played"] == theirs["played"] and mine["where"] == theirs["where"]
        finally:
            other.close()
    return s


def _invariants(s: Session, journal: Path) -> None:
    eng = s.engine
    assert eng is not None
    assert (eng.pending is None) == (s.paused is None)
    read = read_journal(journal)
    assert read.problem == "" and len(read.records) == len(eng.history)
    assert len(read.redo) == len(eng.redo_stack)
    assert (read.pending is None) == (eng.pending is None)
    assert read.manual == s.manual_dice
    assert isinstance(s.fight.log_lines(), list)  # the log still reads in words


@pytest.mark.parametrize("encounter, seed", [("demo.yaml", 1), ("osr_demo.yaml", 2)])
def test_random_legal_play_keeps_every_invariant(tmp_path: Path, encounter: str, seed: int) -> None:
    journal = tmp_path / "j.jsonl"
    s = Session.open(ROOT / "config" / "encounters" / encounter, journal_path=journal)
    rng = random.Random(seed)
    try:
        for _ in range(300 if LONG else 30):
            s = _step(s, rng, tmp_path, journal)
            _invariants(s, journal)
        assert len(s.engine.history) > 3  # type: ignore[union-attr]
        log = [json.dumps(e.to_dict()) for e in s.engine.log()]  # type: ignore[union-attr]
    finally:
        s.close()
    # `battlemat run` plays every command again through the rules with its recorded answers
    # and dice: the journal of random play, typed dice and undo/redo and all, must agree
    out, err = io.StringIO(), io.StringIO()
    assert (run_journal(journal, out, err), err.getvalue()) == (0, "")
    assert out.getvalue().splitlines() == log
