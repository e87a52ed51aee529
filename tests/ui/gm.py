"""What the window tests do as a GM: open an encounter with the fight started and a creature
selected, type into the prompt at the creature, read what the engine did."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.ui.app import App
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "config" / "encounters" / "demo.yaml"
OSR_DEMO = ROOT / "config" / "encounters" / "osr_demo.yaml"


def open_started(
    path: Path, tmp_path: Path, who: str, size: tuple[int, int] = (1400, 860)
) -> App:
    """The window on an encounter, the fight started (N), ``who`` selected, panels drawn."""
    app = App(Session.open(path, journal_path=tmp_path / "j.jsonl"), size=size)
    app.update(0.0)
    app._intent("advance")
    app.selected = who
    app._panel_version = -1
    app.update(0.0)
    app.draw()
    return app


def event_types(app: App) -> list[str]:
    """The names of every event the engine has committed, in order."""
    return [type(e).__name__ for rec in app.session.engine.history for e in rec.events]


def type_at_prompt(app: App, text: str) -> None:
    """The GM types into the prompt at the creature and presses Enter (pygame_gui's event)."""
    app.update(0.0)
    entry = app.panels.prompt_entry
    assert entry is not None
    entry.set_text(text)
    app.handle(pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=entry, text=text))
    app.update(0.0)
