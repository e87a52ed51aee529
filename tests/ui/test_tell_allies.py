"""Find's "share your knowledge" (tell_allies) on the action bar once something hidden is found."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.rules.engine import AdvancePhase
from game.ui.app import App
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "config" / "encounters" / "demo.yaml"


def test_tell_allies_button_appears_first_after_a_find_and_shares_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 900))
    try:
        eng = app.session.engine
        n = eng.ruleset.command_names
        assert eng.submit(n["begin_combat"]()).ok
        assert eng.submit(n["hide"](creature="rogue"), dice=[20]).ok
        app.session.touch()
        app.selected = "goblin"
        app._panel_version = -1
        app.update(0.0)
        before = next(a for a in app.panels.model.actions if a.id == "tell_allies")
        assert not before.legal and before.reason  # greyed, with why, until it has found someone
        assert eng.submit(AdvancePhase()).ok  # the players' part ends: the GM's goblin acts
        assert eng.submit(n["find"](creature="goblin", target="rogue"), dice=[20, 1, 1]).ok
        app.session.touch()
        app._panel_version = -1
        app.update(0.0)
        app.draw()
        first = app.panels.model.actions[0]
        assert first.id == "tell_allies" and first.legal and "Rogue" in first.label
        button = next(b for b, a in app.panels.action_buttons.items() if a.id == "tell_allies")
        assert button.visible
        app.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
        app.update(0.0)
        assert app.tools[-1].name == "target" and "goblin itself" in app.status.lower()
        # a click on the goblin itself: everything it found (on the rogue: the rogue alone)
        pos = app.camera.square_center_px(eng.state.creatures["goblin"].square)
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        app.update(0.0)
        assert not eng.state.creatures["rogue"].has("hidden")
        assert any("tells" in line for line, _ in app.session.fight.log_lines())
    finally:
        app.close()
