"""Undo many commands at once from the combat log (issue 14), through the window's events."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.rules.engine import AdvancePhase, GMNote
from game.rulesets.sotdl.commands import Move
from game.ui import undo_many
from game.ui.app import App
from game.ui.session import Session
from tests.ui.gm import DEMO

SHOTS = os.environ.get("BATTLEMAT_TEST_SHOTS")  # a folder: the test saves its screenshot there


def _app(tmp_path: Path, notes: int = 6) -> App:
    """The demo with a round begun, the wall guard's two steps (one log line for two commands),
    and GM notes."""
    s = Session.open(DEMO, journal_path=tmp_path / "j.jsonl")
    assert s.submit(AdvancePhase()) == ""
    assert s.submit(Move("wall_guard", ((7, 3),))) == ""
    assert s.submit(Move("wall_guard", ((8, 3),))) == ""
    for i in range(notes):
        assert s.submit(GMNote(f"note {i}")) == ""
    app = App(s, size=(1400, 860))
    _frame(app)
    return app


def _frame(app: App) -> None:
    """What the loop does between inputs: pygame_gui's own events back in, update, draw."""
    for _ in range(3):
        for ev in pygame.event.get():
            app.handle(ev)
        app.update(0.01)
    app.draw()


def _row_center(app: App, text: str) -> tuple[int, int]:
    rows = app.panels._log_rows
    for i, item in enumerate(app.panels.log.item_list):
        btn = item.get("button_element")
        if btn is not None and rows[i][0].startswith(text):
            return btn.get_abs_rect().center
    raise AssertionError(f"no log row {text!r} on screen")


def _click(app: App, pos: tuple[int, int], button: int) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    _frame(app)


def _dialog(app: App) -> pygame_gui.windows.UIConfirmationDialog | None:
    """The undo dialog while it is open (the window's one question, game/ui/confirm.py)."""
    if app.confirm is None or not app.confirm.dialog.alive():
        return None
    assert app.confirm.dialog.window_display_title == "Undo from here"
    return app.confirm.dialog


def test_a_right_click_on_a_log_line_undoes_it_and_all_after_as_one_step(tmp_path: Path) -> None:
    app = _app(tmp_path)
    try:
        s = app.session
        assert s.engine is not None
        history = list(s.engine.history)
        _click(app, _row_center(app, "Wall guard moves"), 3)
        dialog = _dialog(app)
        assert dialog is not None and "Enter: yes" in app.status
        assert len(s.engine.history) == len(history)  # asking changes nothing
        if SHOTS:
            pygame.image.save(app.screen, str(Path(SHOTS) / "undo-from-here.png"))
        _click(app, dialog.confirm_button.get_abs_rect().center, 1)
        # The line said both steps: both moves go, and every note after them
        assert s.engine.history == history[:1]
        assert app.status.startswith("Undone 8 commands")
        assert not any(t.startswith("Wall guard moves") for t, _ in s.fight.log_lines())
        assert s.engine.state.creatures["wall_guard"].square == (6, 3)
        last = json.loads((tmp_path / "j.jsonl").read_bytes().splitlines()[-1])
        assert last == {"op": "undo", "n": 8}  # one journal line for the eight
        app._intent("redo")  # Ctrl+Y brings them back one at a time
        assert len(s.engine.history) == 2
    finally:
        app.close()
    again = Session.open(DEMO, journal_path=tmp_path / "j.jsonl")
    try:
        assert [type(r.command) for r in again.engine.history] == [AdvancePhase, Move]
        assert len(again.engine.redo_stack) == 7
    finally:
        again.close()


def test_cancelling_the_dialog_or_clicking_off_the_log_changes_nothing(tmp_path: Path) -> None:
    app = _app(tmp_path, notes=2)
    try:
        s = app.session
        n, journal = len(s.engine.history), (tmp_path / "j.jsonl").read_bytes()
        _click(app, _row_center(app, "note 1"), 3)
        dialog = _dialog(app)
        assert dialog is not None
        _click(app, dialog.cancel_button.get_abs_rect().center, 1)
        assert _dialog(app) is None and len(s.engine.history) == n
        log = app.panels.log.get_abs_rect()
        _click(app, (log.centerx, log.bottom + 40), 3)  # below the log: no dialog
        assert _dialog(app) is None
        assert (tmp_path / "j.jsonl").read_bytes() == journal
    finally:
        app.close()


def test_every_log_line_maps_to_the_command_it_starts_in(tmp_path: Path) -> None:
    """The first k commands make lines 0..m; the line L begins in the command k for which
    the log after k commands is shorter than L + 1 and after k + 1 longer (merged steps too)."""
    app = _app(tmp_path, notes=3)
    try:
        fight = app.session.fight
        hist = fight.playing().history
        lines = fight.log_lines()
        for line in range(len(lines)):
            k = undo_many.record_of_line(fight, line)
            assert k is not None
            assert len(fight.lines_of(hist[:k])) <= line < len(fight.lines_of(hist[: k + 1]))
        assert undo_many.record_of_line(fight, len(lines)) is None
        assert undo_many.record_of_line(fight, -1) is None
    finally:
        app.close()


def test_right_after_an_open_the_log_undoes_this_fights_commands_not_the_open(
    tmp_path: Path,
) -> None:
    """Ctrl+Z right after Ctrl+O takes the open back; a log line names a command of the fight
    now shown, so undoing from it undoes commands."""
    app = _app(tmp_path, notes=3)
    try:
        s = app.session
        save = tmp_path / "fight.save.json"
        assert s.save(save).startswith("Saved")
        s.submit(GMNote("after the save"))
        assert s.load(save).startswith("Opened")
        _frame(app)
        app._panel_version = -1
        _frame(app)
        _click(app, _row_center(app, "note 1"), 3)
        dialog = _dialog(app)
        assert dialog is not None
        _click(app, dialog.confirm_button.get_abs_rect().center, 1)
        assert [type(r.command) for r in s.engine.history][-1] is GMNote
        assert len(s.engine.history) == 4  # advance, two moves, note 0
        app._intent("undo")  # and Ctrl+Z now undoes the next command, not the open
        assert len(s.engine.history) == 3 and s.engine.history[-1].command == Move(
            "wall_guard", ((8, 3),)
        )
    finally:
        app.close()


@pytest.mark.parametrize("refused", ["write", "fdatasync"])
def test_a_refused_journal_write_leaves_the_fight_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, refused: str
) -> None:
    app = _app(tmp_path, notes=3)
    try:
        s = app.session
        n, state = len(s.engine.history), s.engine.state
        record = undo_many.record_of_line(s.fight, 1)
        assert record is not None

        def full(*a: object) -> None:
            raise OSError(28, os.strerror(28))

        monkeypatch.setattr(os, refused, full)
        said = undo_many.undo_from(app, record)
        monkeypatch.undo()
        assert "not saved" in said and "\n" not in said and said == app.status
        assert len(s.engine.history) == n and s.engine.state is state
    finally:
        app.close()


def test_a_row_of_a_long_log_names_its_line_in_the_whole_log(tmp_path: Path) -> None:
    """The panel shows the log's last 300 lines (long ones wrapped on several rows)."""
    app = _app(tmp_path, notes=320)
    try:
        s = app.session
        s.submit(GMNote("a long note " * 12))  # wraps onto several rows
        app._panel_version = -1
        _frame(app)
        lines = [t for t, _ in s.fight.log_lines()]
        assert len(lines) > 300
        for text in ("note 319", "a long note"):
            row = _row_center(app, text)
            line = app.panels.log_line_at(row)
            assert line is not None and lines[line].startswith(text)
        last_rows = [i for i, item in enumerate(app.panels.log.item_list)
                     if item.get("button_element") is not None][-1]
        btn = app.panels.log.item_list[last_rows]["button_element"]
        assert app.panels.log_line_at(btn.get_abs_rect().center) == len(lines) - 1
    finally:
        app.close()


def _key(app: App, k: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    _frame(app)


@pytest.mark.parametrize("enter", [pygame.K_RETURN, pygame.K_KP_ENTER])
def test_the_dialog_answers_to_the_keyboard_as_every_confirm_does(
    tmp_path: Path, enter: int
) -> None:
    """Escape says no (nothing changes, the map and the bar did not take the key); Enter says
    yes; while it is open other keys wait (game/ui/confirm.py, as ending a part of the round)."""
    app = _app(tmp_path, notes=3)
    try:
        s = app.session
        n, journal = len(s.engine.history), (tmp_path / "j.jsonl").read_bytes()
        overlays = set(app.overlays)
        _click(app, _row_center(app, "note 1"), 3)
        assert _dialog(app) is not None and "Enter: yes, Escape: no" in app.status
        _key(app, pygame.K_g)  # the grid overlay's key: waits while the question is open
        _key(app, pygame.K_z)
        assert set(app.overlays) == overlays and _dialog(app) is not None
        _key(app, pygame.K_ESCAPE)
        assert _dialog(app) is None and len(s.engine.history) == n
        assert (tmp_path / "j.jsonl").read_bytes() == journal
        assert app.status.startswith("Not undone")
        _click(app, _row_center(app, "note 1"), 3)
        _key(app, enter)
        assert _dialog(app) is None and len(s.engine.history) == n - 2  # note 1 and note 2
        assert app.status.startswith("Undone 2 commands")
    finally:
        app.close()
