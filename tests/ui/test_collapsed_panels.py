"""Touch mode at 1366x768 (issue 10): a collapsed side panel leaves the map alone. Whatever
stands in a side panel's place (the turn panel, the log and dice, set-up's panel on a bare map)
hides when its side is collapsed and comes back, as it was, when it is opened again; starting
the fight from set-up with the right side collapsed keeps it collapsed."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ui.app import App
from game.ui.session import Session
from tests.ui.gm import DEMO, ROOT

SIZE = (1366, 768)
BARE_MAP = ROOT / "maps" / "courtyard.tmx"


def _frame(app: App) -> None:
    """What the loop does between inputs: pygame_gui's own events back in, update, draw."""
    for _ in range(3):
        for ev in pygame.event.get():
            app.handle(ev)
        app.update(0.01)
    app.draw()


def _toggle(app: App, side: str) -> None:
    """Tap a side's toggle (pygame_gui's press of the button)."""
    app.handle(
        pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=app.panels.toggles[side])
    )
    _frame(app)


def _over_the_map(app: App) -> list[pygame.Rect]:
    """Every widget drawn over the battlefield view but the toggles (the map's own buttons;
    pygame_gui's root container, the whole window, draws nothing)."""
    view, window = app.layout.view, app.screen.get_rect()
    toggles = [b.rect for b in app.panels.toggles.values()]
    return [
        bd[1]
        for bd in app.manager.get_sprite_group().visible
        if bd[1].colliderect(view)
        and bd[1] != window
        and not any(t.contains(bd[1]) for t in toggles)
    ]


def _set_collapsed(app: App, want: frozenset[str]) -> None:
    for side in ("left", "right"):
        if (side in app.collapsed) != (side in want):
            _toggle(app, side)
    assert app.collapsed == want


@pytest.fixture(params=["set-up", "fight"])
def app(request: pytest.FixtureRequest, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A touch table at 1366x768: a bare map's set-up, or the demo fight."""
    path = BARE_MAP if request.param == "set-up" else DEMO
    a = App(Session.open(path, journal_path=tmp_path / "j.jsonl"), size=SIZE, touch=True)
    _frame(a)
    assert (a.setup is not None and a.setup.panel is not None) == (request.param == "set-up")
    yield a
    a.close()


@pytest.mark.parametrize(
    "collapsed",
    [
        frozenset(c for c, on in zip(("left", "right"), bits, strict=True) if on)
        for bits in product((False, True), repeat=2)
    ],
    ids=lambda c: "+".join(sorted(c)) or "none",
)
def test_a_collapsed_side_shows_nothing_over_the_map(app: App, collapsed: frozenset[str]) -> None:
    _set_collapsed(app, collapsed)
    assert _over_the_map(app) == [], (collapsed, app.layout.view)
    right = app.setup.panel.panel if app.setup is not None and app.setup.panel else app.panels.right
    assert right.visible == ("right" not in collapsed)
    assert app.panels.left.visible == ("left" not in collapsed)


def test_set_up_hides_when_collapsed_and_returns_as_it_was(tmp_path: Path) -> None:
    a = App(Session.open(BARE_MAP, journal_path=tmp_path / "j.jsonl"), size=SIZE, touch=True)
    try:
        _frame(a)
        assert "right" not in a.collapsed  # a bare map's set-up opens with its panel shown
        panel = a.setup.panel
        assert panel is not None and panel.panel.visible
        panel.entries["name"].set_text("typed, not applied")
        panel.search.set_text("gob")
        _toggle(a, "right")
        assert not panel.panel.visible and _over_the_map(a) == []
        assert a.panels.toggles["right"].text == "< Set up"  # it opens set-up, not the log
        _toggle(a, "right")
        assert a.setup.panel is panel and panel.panel.visible
        assert panel.entries["name"].get_text() == "typed, not applied"
        assert panel.search.get_text() == "gob"
        assert a.panels.toggles["right"].text == "Hide >"
    finally:
        a.close()


def test_the_fight_started_with_the_right_side_collapsed_keeps_it_collapsed(
    tmp_path: Path,
) -> None:
    a = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=SIZE, touch=True)
    try:
        _frame(a)
        assert a.collapsed == {"left", "right"}  # a laptop-sized touch screen: the map first
        a._intent("setup:enter")  # an encounter at round 0: Set up this fight
        _frame(a)
        assert a.setup.panel is not None and a.setup.panel.panel.visible  # its side opened
        assert "right" not in a.collapsed and _over_the_map(a) == []
        _toggle(a, "right")
        assert "right" in a.collapsed and not a.setup.panel.panel.visible
        a._intent("setup:start")
        _frame(a)
        assert a.session.engine.state.round == 1 and a.setup.panel is None
        assert not a.panels.right.visible and _over_the_map(a) == []
        assert a.panels.toggles["right"].text == "< Log"
        _toggle(a, "right")
        assert a.panels.right.visible
    finally:
        a.close()


@pytest.mark.parametrize("touch", [False, True], ids=["laptop", "touch"])
def test_set_ups_start_button_is_reached_on_a_laptop_screen(tmp_path: Path, touch: bool) -> None:
    """At 1366x768 set-up's panel is taller than the window (more so at a touch screen's
    scale): it scrolls, and Start fight, scrolled to with its bar, starts the fight."""
    a = App(Session.open(BARE_MAP, journal_path=tmp_path / "j.jsonl"), size=SIZE, touch=touch)
    try:
        _frame(a)
        panel = a.setup.panel
        assert panel is not None
        window = a.screen.get_rect()
        assert not window.contains(panel.start.get_abs_rect())  # below the window's edge
        bar = panel.body.vert_scroll_bar
        assert bar is not None and bar.visible
        arrow = bar.bottom_button.get_abs_rect().center
        a.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=arrow, button=1))
        for _ in range(60):  # held down: it scrolls on
            a.update(0.05)
        a.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=arrow, button=1))
        _frame(a)
        start = panel.start.get_abs_rect()
        assert window.contains(start) and panel.panel.rect.contains(start)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            a.handle(pygame.event.Event(kind, pos=start.center, button=1))
            _frame(a)
        assert a.session.engine.state.round == 1, a.status  # the courtyard's own placements
    finally:
        a.close()
