"""The combat log is extended after a command, not put in words again from the first command,
and it always reads exactly as a log built afresh (game/ui/fight.py, game/ui/log_text.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import game.ui.fight as fight_module
from game.rules.engine.basic import GMNote
from game.ui.log_text import LogEntry
from game.ui.panel_model import do_intent
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "config" / "encounters" / "demo.yaml"


def _fresh(s: Session) -> list[LogEntry]:
    """The log built from nothing (no record's lines kept)."""
    s.fight._record_lines, s.fight._record_names = [], {}
    s.fight._log_len = (-1, -1)
    return s.fight.log_entries()


def _far_move(s: Session, cid: str) -> None:
    """Move ``cid`` to the reachable square farthest from it, answering what it asks."""
    modes = s.previews.move_modes(cid)
    area = s.previews.move_area(cid, modes)
    here = s.engine.state.creatures[cid].square
    ys, xs = np.nonzero(area.cost_class >= 0)
    far = max(zip(xs, ys, strict=True), key=lambda q: abs(q[0] - here[0]) + abs(q[1] - here[1]))
    cmd, _ = s.previews.move_command(
        cid, modes, (), (int(far[0]), int(far[1])), safest=False, area=area
    )
    assert cmd is not None
    s.submit(cmd)
    while s.engine.pending is not None:
        s.answer(s.engine.pending.options[0].id if s.engine.pending.options else "1")


@pytest.fixture
def session(tmp_path: Path):  # type: ignore[no-untyped-def]
    s = Session.open(DEMO, journal_path=tmp_path / "j.jsonl")
    yield s
    s.close()


def test_the_kept_log_reads_as_a_fresh_one_through_moves_answers_undo_and_redo(
    session: Session,
) -> None:
    s = session
    seen: list[list[LogEntry]] = []

    def check() -> None:
        kept = list(s.fight.log_entries())
        assert kept == _fresh(s)
        seen.append(kept)

    do_intent(s.fight, "advance", "", "")
    check()
    s.fight.log_entries()  # the cache warm before each command from here on
    active = s.engine.state.active or next(iter(s.engine.state.creatures))
    _far_move(s, active)
    check()
    s.submit(GMNote(text="the bridge creaks"))
    check()
    s.undo()
    check()
    s.undo()
    check()
    assert seen[-1] == seen[0]  # both undone: the log is the one before them
    s.redo()
    check()
    assert seen[-1] == seen[1]
    s.submit(GMNote(text="a new line after the redo"))
    check()
    assert seen[-1][-1].text.endswith("a new line after the redo")


def test_one_more_command_puts_only_its_own_record_in_words(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    s = session
    do_intent(s.fight, "advance", "", "")
    for k in range(30):
        s.submit(GMNote(text=f"note {k}"))
    s.fight.log_entries()
    worded: list[int] = []
    real = fight_module.record_entries

    def counting(events, names, known, record):  # type: ignore[no-untyped-def]
        worded.append(record)
        return real(events, names, known, record)

    monkeypatch.setattr(fight_module, "record_entries", counting)
    s.submit(GMNote(text="one more"))
    entries = s.fight.log_entries()
    assert worded == [len(s.engine.history) - 1]
    assert entries[-1].text.endswith("one more")
    worded.clear()
    s.undo()
    s.fight.log_entries()
    assert worded == []  # the shorter history's lines are all kept
