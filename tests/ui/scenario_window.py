"""The GM window on a scenario file's fight (its map, creatures and seed; not its commands), and
the events `battlemat run` prints for that file: a window test plays the commands with the
window's own tools and compares what the engine did with what the file does."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pygame

from game.io.scenario_setup import Scenario
from game.io.yaml_lines import load_yaml_file
from game.rules.definitions import EncounterDef
from game.ui.app import App
from game.ui.loading import Opened
from game.ui.session import Session

#: Lines of `battlemat run` that are not the engine's events
NOT_EVENTS = {"Setup", "CommandIssued", "Summary", "DecisionPending", "DecisionDefaulted"}


def window_on(scenario: Path, tmp_path: Path, size: tuple[int, int] = (1200, 800)) -> App:
    """The window on the scenario's set-up, seeded as `battlemat run` seeds it."""
    doc = load_yaml_file(scenario).data

    def build(opened: Opened, seed: int = 0, **_: Any) -> Any:
        return Scenario(scenario, doc, None).engine  # the file's seed and dice

    sc = Scenario(scenario, doc, None)
    first = sc.engine
    # an encounter, not a bare map (which opens to set-up): the file's, or one of its sides
    enc = sc.encounter or EncounterDef(
        scenario.stem, str(doc.get("name", scenario.stem)), "ascii:", first.ruleset.id,
        tuple(first.state.sides),
    )
    opened = Opened(scenario, first.state.battlefield, None, enc)
    seed = int(doc.get("seed", 0))  # the window's dice stream is the file's
    session = Session(opened, seed=seed, journal_path=tmp_path / "j.jsonl", build=build)
    app = App(session, size=size)
    app.update(0.0)
    app.draw()
    return app


def run_events(scenario: Path, seed: int | None = None) -> list[dict[str, Any]]:
    """The engine's events `battlemat run FILE` prints (JSON Lines), in order."""
    from game.cli import main

    out = io.StringIO()
    args = ["run", str(scenario)] + ([] if seed is None else ["--seed", str(seed)])
    with redirect_stdout(out):
        rc = main(args)
    assert rc == 0, out.getvalue()[-2000:]
    lines = [json.loads(line) for line in out.getvalue().splitlines() if line.strip()]
    return [d for d in lines if d["type"] not in NOT_EVENTS]


def window_events(app: App) -> list[dict[str, Any]]:
    """The engine's events in the window's fight, as `battlemat run` writes them."""
    eng = app.session.engine
    assert eng is not None
    return [json.loads(json.dumps(e.to_dict())) for rec in eng.history for e in rec.events]


def click(app: App, square: tuple[int, int], button: int = 1) -> None:
    """Hover a square, press and release a mouse button there (the window's own events)."""
    pos = app.camera.square_center_px(square)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.update(0.0)
    app.draw()


def hover(app: App, square: tuple[int, int]) -> None:
    """Move the mouse onto a square."""
    pos = app.camera.square_center_px(square)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.update(0.0)


def key(app: App, k: int, mod: int = 0, text: str = "") -> None:
    """Press a key in the GM window."""
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=text, scancode=0))
    app.update(0.0)


def press_action(app: App, name: str) -> None:
    """Click the action bar's (or the GM tools') button of a command."""
    app._panel_version = -1
    app.update(0.0)

    def find() -> Any:
        return next((b for b, a in app.panels.action_buttons.items() if a.id == name), None)

    button = find()
    for group, rest in getattr(app.panels, "_more", {}).items():  # behind a row's +N
        if button is None and any(a.id == name for a in rest):
            app._intent(f"more_actions:{group}")
            app.update(0.0)
            button = find()
    if button is None:  # among the GM tools
        app._intent("gm_tools")
        app.update(0.0)
        button = find()
    assert button is not None, f"no button for {name}"
    import pygame_gui

    app.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    app.update(0.0)
