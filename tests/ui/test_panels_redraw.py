"""Frames that only hover, pan or zoom the map skip pygame_gui's update and drawing (issue 12),
and the window then shows exactly what a frame drawing everything would show."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game.ui.app import App
from tests.ui.gm import DEMO, open_started


@pytest.fixture()
def app(tmp_path: Path):  # type: ignore[no-untyped-def]
    a = open_started(DEMO, tmp_path, "spearman")
    a.run(autoquit_s=0.3, close=False)
    yield a
    a.close()


def _motion(pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=buttons)


def _run(app: App, *events: pygame.event.Event) -> int:
    """One short run of the real loop with these events; how often pygame_gui updated."""
    calls = 0
    real = app.manager.update

    def counting(dt: float) -> None:
        nonlocal calls
        calls += 1
        real(dt)

    app.manager.update = counting  # type: ignore[method-assign]
    try:
        for e in events:
            pygame.event.post(e)
        app.running = True
        app.run(autoquit_s=0.15, close=False)
    finally:
        app.manager.update = real  # type: ignore[method-assign]
    return calls


def _pixels(app: App) -> np.ndarray:
    return pygame.surfarray.array3d(app.screen).copy()


def _drawn_in_full(app: App) -> np.ndarray:
    app.needs_full_ui = True
    app.ui_untouched = False
    app.update(0.0)
    app.draw()
    return _pixels(app)


def _in_view(app: App, i: int) -> tuple[int, int]:
    v = app.layout.view
    return (v.x + 30 + 17 * i % (v.width - 60), v.y + 30 + 11 * i % (v.height - 60))


def test_hovering_the_map_skips_the_widgets_and_shows_what_a_full_frame_shows(app: App) -> None:
    _run(app, _motion(_in_view(app, 0)))  # the mouse comes onto the map: widgets updated
    assert _run(app, *[_motion(_in_view(app, i)) for i in range(1, 12)]) == 0
    shown = _pixels(app)
    assert np.array_equal(shown, _drawn_in_full(app))


def test_the_mouse_onto_a_panel_updates_the_widgets(app: App) -> None:
    _run(app, _motion(_in_view(app, 0)))
    r = app.layout.right
    assert _run(app, _motion((r.x + 20, r.y + 40))) >= 1


def test_the_first_move_onto_the_map_still_updates_them(app: App) -> None:
    r = app.layout.right
    _run(app, _motion((r.x + 20, r.y + 40)))
    assert _run(app, _motion(_in_view(app, 3))) >= 1  # the button under it is hovered no more


def test_a_change_of_the_fight_updates_the_widgets(app: App) -> None:
    _run(app, _motion(_in_view(app, 0)))
    app._intent("turn_start", "spearman")
    assert _run(app, _motion(_in_view(app, 1))) >= 1


def test_a_left_drag_from_a_widget_onto_the_map_stays_with_the_widgets(app: App) -> None:
    _run(app, _motion(_in_view(app, 0)))
    assert _run(app, _motion(_in_view(app, 1), buttons=(1, 0, 0))) >= 1


def test_a_widget_over_the_map_is_drawn_over_each_new_frame(app: App) -> None:
    _run(app, _motion(_in_view(app, 0)))
    v = app.layout.view
    app.panels.show_prompt(v.center, "A question over the map", [("", "Cancel")], entry=False)
    _run(app, _motion(_in_view(app, 1)))  # the prompt came up: widgets updated and drawn
    assert _run(app, *[_motion(_in_view(app, i)) for i in range(2, 8)]) == 0
    shown = _pixels(app)
    assert np.array_equal(shown, _drawn_in_full(app))  # the prompt is not drawn over


def _given_to_widgets(app: App, *events: pygame.event.Event) -> list[int]:
    """One short run with these events: the types of the events pygame_gui was given."""
    seen: list[int] = []
    real = app.manager.process_events

    def counting(event: pygame.event.Event) -> bool:
        seen.append(event.type)
        return real(event)

    app.manager.process_events = counting  # type: ignore[method-assign]
    try:
        _run(app, *events)
    finally:
        app.manager.process_events = real  # type: ignore[method-assign]
    return seen


def test_mouse_moves_over_the_map_are_not_walked_through_every_widget(app: App) -> None:
    """pygame_gui walks every widget for each event (110 buttons a move); a plain move over
    the map, with no widget over it, is nobody's but the map's."""
    _run(app, _motion(_in_view(app, 0)))
    _run(app, _motion(_in_view(app, 1)))  # drawn once with the widgets over the view known
    moves = [_motion(_in_view(app, i)) for i in range(2, 12)]
    assert pygame.MOUSEMOTION not in _given_to_widgets(app, *moves)


@pytest.mark.parametrize("case", ["panel", "drag", "prompt", "touch"])
def test_moves_a_widget_may_take_still_reach_the_widgets(app: App, case: str) -> None:
    """Onto a panel (its buttons light up), a drag (a scroll bar's), a prompt lying over the
    map (its buttons), a finger's mouse twin: pygame_gui gets them."""
    _run(app, _motion(_in_view(app, 0)))
    _run(app, _motion(_in_view(app, 1)))
    if case == "prompt":
        v = app.layout.view
        app.panels.show_prompt(v.center, "A question over the map", [("", "Cancel")],
                               entry=False)
        _run(app, _motion(_in_view(app, 2)))
    r = app.layout.right
    event = {
        "panel": _motion((r.x + 20, r.y + 40)),
        "drag": _motion(_in_view(app, 3), buttons=(1, 0, 0)),
        "prompt": _motion(app.layout.view.center),
        "touch": pygame.event.Event(pygame.MOUSEMOTION, pos=_in_view(app, 3), rel=(1, 1),
                                    buttons=(0, 0, 0), touch=True),
    }[case]
    assert pygame.MOUSEMOTION in _given_to_widgets(app, event)
