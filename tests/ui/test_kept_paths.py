"""Status lines that name a kept journal show it in a 1400 px window (issue 14): the copy's
file name comes early in the line, its folder (in full, for the hover) and the rest after."""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.io.journal import journal_path_for
from game.rules.engine import GMNote
from game.ui.app import App
from game.ui.session import Session
from tests.ui.gm import DEMO

SHOTS = os.environ.get("BATTLEMAT_TEST_SHOTS")  # a folder: the test saves its screenshots there


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A Battlemat folder deep down, as on a GM's machine with a long home path."""
    deep = tmp_path / "a-rather-long-folder-of-games" / "battlemat-on-the-laptop" / "data"
    monkeypatch.setenv("BATTLEMAT_HOME", str(deep))
    return deep


def _frame(app: App) -> None:
    for _ in range(2):
        for ev in pygame.event.get():
            app.handle(ev)
        app.update(0.01)
    app.draw()


def _key(app: App, key: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    _frame(app)


def _shown(app: App, name: str) -> None:
    """The status bar's text names ``name``, and all of it up to there fits the bar."""
    label = app.panels.status
    text = label.text
    assert name in text, text
    upto = text[: text.index(name) + len(name)]
    assert label.font.get_rect(upto).width <= label.rect.width, (text, label.rect.width)


def test_the_kept_journal_is_named_readably_in_a_1400_px_window(home: Path) -> None:
    app = App(Session.open(DEMO), size=(1400, 860))
    try:
        _frame(app)
        s = app.session
        assert s.submit(GMNote("before the save")) == ""
        _key(app, pygame.K_s, pygame.KMOD_CTRL)
        (save,) = (home / "saves").glob("*.save.json")
        assert s.submit(GMNote("after the save")) == ""
        # Ctrl+O, the file picked in the dialog
        app.handle(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(save)))
        _frame(app)
        (kept,) = journal_path_for(DEMO).parent.glob("*.open.bak")
        assert len(str(kept)) > 100  # the full path would not fit with the rest of the line
        _shown(app, kept.name)
        assert f"in {kept.parent})" in (app.panels.status.tool_tip_text or "")  # the hover
        if SHOTS:
            pygame.image.save(app.screen, str(Path(SHOTS) / "kept-path-1400.png"))
        _key(app, pygame.K_z, pygame.KMOD_CTRL)  # takes the open back
        assert app.status.startswith("Back to the fight before")
        _shown(app, kept.name)
        _key(app, pygame.K_n, pygame.KMOD_CTRL)  # a fresh fight: the old one kept
        (restart,) = journal_path_for(DEMO).parent.glob("*.restart.bak")
        _shown(app, restart.name)
    finally:
        app.close()


def test_a_damaged_journal_says_where_it_is_kept_first(home: Path) -> None:
    s = Session.open(DEMO)
    for i in range(3):
        s.submit(GMNote(f"note {i}"))
    s.close()
    j = journal_path_for(DEMO)
    j.write_bytes(j.read_bytes()[:-30] + b"\n")  # a disk error in the last line
    app = App(Session.open(DEMO), size=(1400, 860))
    try:
        _frame(app)
        (kept,) = j.parent.glob("*.damaged.bak")
        assert app.panels.status.text.startswith("the journal as it was is kept as ")
        _shown(app, kept.name)
    finally:
        app.close()
