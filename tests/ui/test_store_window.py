"""Issue 14's paths as the GM meets them in the window (keys, the file dialog, the dice button,
the command line), so that a change to the window cannot bring one back unnoticed; the store's
own tests (test_store_paths.py) check the same paths below the window."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.cli import main
from game.io.journal import read_journal
from game.rules.engine import GMNote
from game.ui.app import App
from game.ui.session import Session
from tests.ui.gm import DEMO
from tests.ui.test_store_paths import _renamed_build
from tests.ui.toy import ToyWalk, toy_build, toy_opened


def _frame(app: App) -> None:
    for _ in range(2):
        for ev in pygame.event.get():
            app.handle(ev)
        app.update(0.01)
    app.draw()


def _key(app: App, key: int, mod: int = 0) -> str:
    app.status = ""
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    _frame(app)
    return app.panels.status.text


def _pick(app: App, path: Path) -> str:
    """Ctrl+O, then the file picked in its dialog."""
    _key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert app.file_dialog is not None
    app.handle(pygame.event.Event(pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(path),
                                  ui_element=app.file_dialog))
    _frame(app)
    return app.panels.status.text


def _demo(tmp_path: Path) -> App:
    app = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 860))
    _frame(app)
    return app


def test_ctrl_o_of_a_foreign_or_damaged_save_changes_nothing_and_a_good_one_is_undone(
    tmp_path: Path,
) -> None:
    app = _demo(tmp_path)
    try:
        s = app.session
        for i in range(2):
            s.submit(GMNote(f"note {i}"))
        assert _key(app, pygame.K_s, pygame.KMOD_CTRL).startswith("Saved")
        (good,) = s.saves_dir().glob("*.save.json")
        data = json.loads(good.read_text(encoding="utf-8"))
        foreign = tmp_path / "foreign.save.json"
        foreign.write_text(json.dumps(dict(data, encounter="/elsewhere/other.yaml")))
        damaged = tmp_path / "damaged.save.json"
        bad = dict(data, records=[dict(data["records"][0], events=[{"type": "Nope"}])])
        damaged.write_text(json.dumps(bad))
        s.submit(GMNote("after the save"))
        state, journal = s.engine.state, (tmp_path / "j.jsonl").read_bytes()
        for path in (foreign, damaged):
            said = _pick(app, path)
            assert str(path) in said and "\n" not in said
            assert s.engine.state is state and (tmp_path / "j.jsonl").read_bytes() == journal
        assert not list(tmp_path.glob("j.jsonl.*.bak"))  # nothing replaced, nothing kept
        assert _pick(app, good).startswith("Opened the save (Ctrl+Z: the fight before, kept as")
        assert len(s.engine.history) == 2
        assert _key(app, pygame.K_z, pygame.KMOD_CTRL).startswith("Back to the fight before")
        assert len(s.engine.history) == 3 and s.engine.state.creatures == state.creatures
    finally:
        app.close()


def test_ctrl_n_twice_keeps_both_fights_and_ctrl_z_brings_the_last_back(tmp_path: Path) -> None:
    app = _demo(tmp_path)
    try:
        s = app.session
        s.submit(GMNote("first fight"))
        assert _key(app, pygame.K_n, pygame.KMOD_CTRL).startswith("A fresh fight; the old one is")
        s.submit(GMNote("second fight"))
        s.submit(GMNote("second fight, again"))
        _key(app, pygame.K_n, pygame.KMOD_CTRL)  # in the same second
        kept = sorted(tmp_path.glob("j.jsonl.*.restart.bak"))
        assert len(kept) == 2 and len({k.name for k in kept}) == 2
        assert sorted(len(read_journal(k).records) for k in kept) == [1, 2]
        _key(app, pygame.K_z, pygame.KMOD_CTRL)
        assert [r.command.text for r in s.engine.history] == ["second fight", "second fight, again"]
    finally:
        app.close()


def test_the_window_autosaves_under_a_stale_lock_whose_pid_is_reused(tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    lock = j.with_name(j.name + ".lock")
    lock.write_text(json.dumps({"pid": os.getppid(), "start": "1", "boot": ""}))
    app = _demo(tmp_path)
    try:
        assert "does not autosave" not in app.panels.status.text
        app.session.submit(GMNote("played tonight"))
    finally:
        app.close()
    assert [r.command.text for r in read_journal(j).records] == ["played tonight"]


def test_manual_dice_chosen_with_the_button_survive_reopening(tmp_path: Path) -> None:
    app = _demo(tmp_path)
    try:
        app.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED,
                                      ui_element=app.panels.dice_toggle))
        _frame(app)
        assert app.session.manual_dice
    finally:
        app.close()
    again = _demo(tmp_path)
    try:
        assert again.session.manual_dice and "typed in" in again.panels.dice_toggle.text
    finally:
        again.close()


def test_an_edited_encounter_opens_in_the_window_at_the_last_record_that_applies(
    tmp_path: Path,
) -> None:
    j = tmp_path / "j.jsonl"
    s = Session(toy_opened(tmp_path), journal_path=j, build=toy_build, seed=7)
    s.submit(ToyWalk("kara", ((2, 2),)))
    s.submit(ToyWalk("orc", ((6, 3),)))
    s.close()
    before = j.read_bytes()
    app = App(Session(toy_opened(tmp_path), journal_path=j, build=_renamed_build, seed=7),
              size=(1400, 860))
    try:
        _frame(app)
        said = app.panels.status.text
        assert "record 2 of 2 no longer applies" in said and "'orc'" in said
        assert len(app.session.engine.history) == 1 and j.read_bytes() == before
        app.session.submit(ToyWalk("kara", ((3, 2),)))  # played on: the old journal kept first
        (kept,) = tmp_path.glob("j.jsonl.*.edited.bak")
        assert kept.read_bytes() == before
        app._panel_version = -1
        _frame(app)
        assert app.panels.status.text.startswith(f"the journal as it was is kept as {kept.name}")
    finally:
        app.close()


def test_bad_input_on_the_command_line_is_one_line_and_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    tmx = tmp_path / "bare.tmx"
    tmx.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
        'renderorder="right-down" width="4" height="4" tilewidth="16" tileheight="16" '
        'infinite="0" nextlayerid="2" nextobjectid="2">\n <objectgroup id="1" name="C">\n'
        '  <object id="1" name="Grik" type="creature" x="0" y="0" width="16" height="16">\n'
        '   <properties><property name="creature" value="gobln"/>'
        '<property name="side" value="foes"/></properties>\n  </object>\n </objectgroup>\n</map>\n',
        encoding="utf-8")
    monkeypatch.setenv("BATTLEMAT_HOME", str(tmp_path / "home"))
    assert main([str(tmx)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "unknown creature 'gobln'" in err and str(tmx) in err
    (tmp_path / "a-file").write_text("not a folder")
    monkeypatch.setenv("BATTLEMAT_HOME", str(tmp_path / "a-file" / "battlemat"))
    assert main([str(DEMO)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a-file" in err and "Traceback" not in err
