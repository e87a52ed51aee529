"""Switching the open encounter's ruleset from the window (issue 7), headless."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.ui.app import App
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "config" / "encounters" / "demo.yaml"


def _refresh(app: App) -> None:
    app.update(0.0)
    app.draw()


def test_the_ruleset_menu_restarts_the_fight_under_osr_after_a_confirmation(tmp_path) -> None:  # type: ignore[no-untyped-def]
    journal = tmp_path / "j.jsonl"
    app = App(Session.open(DEMO, journal_path=journal), size=(1400, 900))
    try:
        _refresh(app)
        assert app.panels.ruleset_menu is not None
        assert app.panels.model.rulesets == ["osr", "sotdl"]
        app._intent("advance")
        _refresh(app)
        assert app.session.engine.state.round == 1
        # Choosing a ruleset in the menu only asks; the fight changes when the GM confirms
        app.handle(
            pygame.event.Event(
                pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
                text="Rules: osr",
                ui_element=app.panels.ruleset_menu,
            )
        )
        assert app.session.engine.ruleset.id == "sotdl"
        assert app.confirm is not None and "osr" in app.confirm.dialog.window_display_title
        dialog = app.confirm.dialog
        app.handle(
            pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED, ui_element=dialog)
        )
        _refresh(app)
        eng = app.session.engine
        assert eng.ruleset.id == "osr" and eng.state.round == 0
        assert any("osr rules" in line for line, _ in app.session.fight.log_lines())
        # The panels follow the plug-in: its phases, its actions, the menu shows it
        labels = {p.label for p in eng.ruleset.phases}
        app._intent("advance")
        app._intent("advance")
        _refresh(app)
        assert app.panels.model.phase_text in labels
        assert app.panels.model.ruleset == "osr"
        assert app.panels.ruleset_menu.selected_option[0].endswith("osr") or (
            app.panels.ruleset_menu.selected_option == "Rules: osr"
        )
        # The old fight's journal is kept; undo works in the new one
        assert list(tmp_path.glob("j.jsonl.*.bak"))
        n = len(eng.history)
        app._intent("undo")
        assert len(app.session.engine.history) == n - 1
        where = (app.session.engine.state.round, app.session.engine.state.phase)
    finally:
        app.close()
    # Reopened, the autosaved fight goes on under the chosen ruleset
    again = Session.open(DEMO, journal_path=journal)
    try:
        assert again.engine.ruleset.id == "osr"
        assert (again.engine.state.round, again.engine.state.phase) == where
    finally:
        again.close()


def test_a_save_made_under_the_chosen_ruleset_opens_under_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = Session.open(DEMO, journal_path=tmp_path / "a.jsonl")
    try:
        s.restart("osr")
        from game.ui.panel_model import do_intent

        do_intent(s.fight, "advance", "", "")
        where = (s.engine.state.round, s.engine.state.phase)
        s.save(tmp_path / "fight.save.json")
    finally:
        s.close()
    other = Session.open(DEMO, journal_path=tmp_path / "b.jsonl")
    try:
        assert other.engine.ruleset.id == "sotdl"
        other.load(tmp_path / "fight.save.json")
        assert other.engine.ruleset.id == "osr"
        assert (other.engine.state.round, other.engine.state.phase) == where
        other.restart()
        assert other.engine.ruleset.id == "osr"
    finally:
        other.close()
