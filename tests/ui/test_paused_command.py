"""A question pending when the window closes (or the laptop dies) is asked again on reopening."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from game.ui.panel_model import do_intent
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "config" / "encounters" / "demo.yaml"


def _provoke(s: Session) -> None:
    modes = s.previews.move_modes("rogue")
    area = s.previews.move_area("rogue", modes)
    ys, xs = np.nonzero(area.cost_class >= 0)
    for x, y in zip(xs, ys, strict=True):
        p = s.previews.move_preview("rogue", modes, (), (int(x), int(y)), safest=False, area=area)
        if p is not None and p.legal and any(m.kind == "free_attack" for m in p.marks):
            cmd, _ = s.previews.move_command(
                "rogue", modes, (), (int(x), int(y)), safest=False, area=area
            )
            s.submit(cmd)
            return
    raise AssertionError("no provoking move")


def test_a_pending_free_attack_question_survives_closing_the_window(tmp_path) -> None:  # type: ignore[no-untyped-def]
    journal = tmp_path / "j.jsonl"
    s = Session.open(DEMO, journal_path=journal)
    do_intent(s.fight, "advance", "", "")
    _provoke(s)
    asked = s.engine.pending
    assert asked is not None and asked.kind == "free_attack"
    s.close()  # the battery dies here
    again = Session.open(DEMO, journal_path=journal)
    try:
        assert again.engine.pending is not None and again.engine.pending.prompt == asked.prompt
        here = again.engine.state.creatures["rogue"].square
        assert here == s.engine.state.creatures["rogue"].square
        again.answer(asked.options[0].id)
        assert again.engine.pending is None
        assert again.paused is None and not list(tmp_path.glob("*.paused.json"))
    finally:
        again.close()
    third = Session.open(DEMO, journal_path=journal)  # the finished move is in the journal
    try:
        assert third.engine.pending is None
        assert any("free attack" in t for t, _ in third.fight.log_lines())
    finally:
        third.close()


def test_typed_dice_given_before_closing_are_kept(tmp_path) -> None:  # type: ignore[no-untyped-def]
    journal = tmp_path / "j.jsonl"
    s = Session.open(DEMO, journal_path=journal)
    do_intent(s.fight, "advance", "", "")
    s.manual_dice = True
    n = s.engine.ruleset.command_names
    s.submit(n["attack"](attacker="crossbowman", target="ogre_brute"))
    assert s.engine.pending is not None and s.engine.pending.kind == "dice"
    s.fight.answer_text("14")
    second = s.engine.pending
    assert second is not None and second.kind == "dice"
    s.close()
    again = Session.open(DEMO, journal_path=journal)
    try:
        assert again.manual_dice
        assert again.engine.pending is not None and again.engine.pending.prompt == second.prompt
        again.fight.answer_text("3 5")
        assert any("d20 14 typed" in t for t, _ in again.fight.log_lines())
    finally:
        again.close()
