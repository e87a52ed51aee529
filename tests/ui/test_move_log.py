"""The combat log says a move in one line (who, how far, from where to where, and what
happened on the way: free attacks, falls), with its steps on demand (click the line)."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pygame_gui

from game.rules.engine.walk import Stepped
from game.ui.app import App
from game.ui.log_text import log_entries
from game.ui.session import Session
from tests.ui.gm import DEMO
from tests.ui.scenario_window import key

NAMES = {"warhorse": "Warhorse", "knight": "Knight", "bat": "Bat", "ann": "Ann"}


def _knight_rides_past_the_bat(app: App, answer: str = "knight") -> None:
    f = app.session.fight
    n = f.engine.ruleset.command_names
    key(app, pygame.K_n)
    f.submit(n["start_turn"]("knight"))
    modes = app.session.previews.move_modes("knight")
    cmd, why = app.session.previews.move_command(
        "knight", modes, (), (18, 24), safest=False, area=None
    )
    assert cmd is not None, why
    f.submit(cmd)
    assert f.engine.pending is not None  # the bat may take a free attack
    f.answer(answer)
    assert f.engine.pending is None
    app._panel_version = -1
    app.update(0.0)


def test_a_ridden_move_past_a_free_attack_is_one_line(tmp_path: Path) -> None:
    app = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 860))
    try:
        _knight_rides_past_the_bat(app)
        line = app.session.fight.log_entries()[-1]
        assert re.fullmatch(
            r"Warhorse carries Knight 9 yards from \(14, 15\) to \(18, 24\); "
            r"Bat's free attack (hits Knight \(\d+ damage\)|misses Knight)",
            line.text,
        ), line.text
        assert set(line.ids) >= {"warhorse", "knight", "bat"}
        # the steps on demand: every step, the free attack's roll and damage, in order
        details = [t for t, _ in line.details]
        steps = [t for t in details if t.startswith("Warhorse steps from")]
        assert len(steps) == 9 and steps[0] == "Warhorse steps from (14, 15) to (15, 16)"
        assert any(t.startswith("Bat: Fangs vs Knight") for t in details)
        assert line.record == len(app.session.engine.history) - 1  # its command, for undo
        # nothing of the move is left as lines of its own
        texts = [e.text for e in app.session.fight.log_entries()]
        assert not any(t.startswith(("Warhorse steps", "Knight is put at")) for t in texts)
    finally:
        app.close()


def test_clicking_a_move_line_shows_its_steps_and_again_hides_them(tmp_path: Path) -> None:
    app = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 860))
    try:
        _knight_rides_past_the_bat(app)
        panels = app.panels
        before = len(panels.log.item_list)
        row = next(i for i, (t, _) in enumerate(panels._log_rows) if "carries Knight" in t)
        assert panels._log_rows[row][0].startswith("Warhorse carries Knight")
        assert any(t.endswith("[+]") for t, _ in panels._log_rows)

        def click_row(i: int) -> None:
            item = panels.log.item_list[i]
            item["selected"] = True
            app.handle(
                pygame.event.Event(
                    pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                    ui_element=panels.log,
                    text=item["text"],
                )
            )

        click_row(row)
        rows = [t for t, _ in panels._log_rows]
        assert len(rows) > before + 9
        assert any(t.strip().startswith("Warhorse steps from (14, 15)") for t in rows)
        assert any(t.endswith("[-]") for t in rows)
        click_row(row)
        assert len(panels.log.item_list) == before
    finally:
        app.close()


def test_a_declined_free_attack_and_a_plain_move_read_in_one_line() -> None:
    from game.rules.engine.events import Event

    subs = {c.__name__: c for c in _subclasses(Event)}
    provoked = subs["FreeAttackProvoked"](attacker="bat", target="ann", square=(1, 0),
                                          leaving_to=(2, 0))
    events = [
        Stepped("ann", (0, 0), (1, 0), 0.0, 1.0, "rush", "walk", False, True),
        provoked,
        Stepped("ann", (1, 0), (2, 0), 0.0, 2.0, "rush", "swim", False, True),
    ]
    (entry,) = log_entries([events], NAMES)
    assert entry.text == (
        "Ann rushes 3 yards from (0, 0) to (2, 0) (swim); Bat's free attack is not taken"
    )
    assert len(entry.details) == 3
    paces = log_entries([events[:1]], {**NAMES, "unit:": "paces"})[0]
    assert paces.text == "Ann rushes 1 pace from (0, 0) to (1, 0)"


def _subclasses(c):  # type: ignore[no-untyped-def]
    import game.rulesets.sotdl  # noqa: F401  (registers its events)

    for s in c.__subclasses__():
        yield s
        yield from _subclasses(s)
