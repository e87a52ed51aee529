"""Two windows, one GM (issue 10): every window event goes to the window it came from.

pygame-ce 2.5 puts the window on each WINDOW*, key, mouse and touch event (``event.window``);
the display-module twins (VIDEORESIZE, VIDEOEXPOSE, ACTIVEEVENT) carry none and once re-laid
the GM window out at the player view's size. Each kind of event is posted in each window.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ui.app import App
from game.ui.session import Session
from tests.ui.gm import DEMO, open_started


@pytest.fixture()
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BATTLEMAT_HOME", str(tmp_path / "home"))
    a = open_started(DEMO, tmp_path, "spearman", size=(1366, 768))
    a._intent("player_view")
    assert a.player_view is not None
    a.draw()
    yield a
    a.close()


def _ev(kind: int, window: pygame.Window, **kw: object) -> pygame.event.Event:
    return pygame.event.Event(kind, window=window, **kw)


def _pv(app: App) -> pygame.Window:
    assert app.player_view is not None
    return app.player_view.window


def test_a_resize_of_the_player_view_leaves_the_gm_layout(app: App) -> None:
    before = (app.layout.view, app.layout.left, app.layout.bottom)
    app.handle(_ev(pygame.WINDOWSIZECHANGED, _pv(app), x=1920, y=1080))
    # the windowless twin SDL sends on the player view's fullscreen: the old bug's trigger
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    assert (app.layout.view, app.layout.left, app.layout.bottom) == before
    assert app.player_view is not None and app.player_view.needs_redraw


def test_a_resize_of_the_gm_window_lays_it_out_again(app: App) -> None:
    before = app.layout.view
    app.handle(_ev(pygame.WINDOWSIZECHANGED, app.window, x=1920, y=1080))
    assert app.layout.view != before and app.layout.view.right <= 1920
    assert app.player_view is not None


def test_focus_belongs_to_the_window_that_got_it(app: App) -> None:
    pv = app.player_view
    assert pv is not None
    app.handle(_ev(pygame.WINDOWFOCUSGAINED, _pv(app)))
    assert pv.focused and app.focused
    app._pan_from = (10, 10)
    app.handle(_ev(pygame.WINDOWFOCUSLOST, app.window))
    assert not app.focused and pv.focused and app._pan_from is None
    app.handle(_ev(pygame.WINDOWFOCUSLOST, _pv(app)))
    app.handle(_ev(pygame.WINDOWFOCUSGAINED, app.window))
    assert app.focused and not pv.focused


def test_closing_the_player_view_keeps_the_fight(app: App) -> None:
    n = len(app.session.engine.history)
    app.handle(_ev(pygame.WINDOWCLOSE, _pv(app)))
    assert app.player_view is None and app.running
    assert len(app.session.engine.history) == n
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g"))
    assert app.running  # the GM window goes on


def test_closing_the_gm_window_loses_nothing(app: App, tmp_path: Path) -> None:
    history = [type(r.command).__name__ for r in app.session.engine.history]
    app.handle(_ev(pygame.WINDOWCLOSE, app.window))
    assert not app.running
    app.close()
    again = Session.open(DEMO, journal_path=tmp_path / "j.jsonl")
    try:
        assert [type(r.command).__name__ for r in again.engine.history] == history
    finally:
        again.close()


def test_expose_redraws_the_window_it_names(app: App) -> None:
    pv = app.player_view
    assert pv is not None
    app.needs_redraw = pv.needs_redraw = False
    app.handle(_ev(pygame.WINDOWEXPOSED, _pv(app)))
    app.handle(pygame.event.Event(pygame.VIDEOEXPOSE))
    assert pv.needs_redraw and not app.needs_redraw
    pv.needs_redraw = False
    app.handle(_ev(pygame.WINDOWEXPOSED, app.window))
    assert app.needs_redraw and not pv.needs_redraw


def test_keys_go_to_the_window_they_were_typed_in(app: App) -> None:
    pv = app.player_view
    assert pv is not None
    overlays = app.overlays
    app.handle(_ev(pygame.KEYDOWN, _pv(app), key=pygame.K_g, mod=0, unicode="g"))
    assert app.overlays == overlays  # the table screen's keys are not the GM's
    app.handle(_ev(pygame.KEYDOWN, _pv(app), key=pygame.K_F11, mod=0, unicode=""))
    assert pv.fullscreen and not app.fullscreen
    app.handle(_ev(pygame.KEYDOWN, _pv(app), key=pygame.K_F11, mod=0, unicode=""))
    assert not pv.fullscreen
    app.handle(_ev(pygame.KEYDOWN, app.window, key=pygame.K_g, mod=0, unicode="g"))
    assert app.overlays != overlays
    app.handle(_ev(pygame.KEYDOWN, app.window, key=pygame.K_F11, mod=0, unicode=""))
    assert app.fullscreen and not pv.fullscreen


def test_mouse_in_the_player_view_never_plays_in_the_gm_window(app: App) -> None:
    pv = app.player_view
    assert pv is not None
    rogue = app.session.engine.state.creatures["rogue"].square
    at = app.camera.square_center_px(rogue)
    gm_zoom = app.camera.px_per_yd
    app.handle(_ev(pygame.MOUSEBUTTONDOWN, _pv(app), pos=at, button=1, touch=False))
    app.handle(_ev(pygame.MOUSEBUTTONUP, _pv(app), pos=at, button=1, touch=False))
    assert app.selected == "spearman"
    pv_zoom = pv.camera.px_per_yd
    app.handle(_ev(pygame.MOUSEWHEEL, _pv(app), x=0, y=1, pos=(200, 200), touch=False))
    assert app.camera.px_per_yd == gm_zoom and pv.camera.px_per_yd > pv_zoom and not pv.follow
    app.handle(_ev(pygame.MOUSEBUTTONDOWN, app.window, pos=at, button=1, touch=False))
    assert app.selected == "rogue"


def test_touch_in_the_player_view_never_plays_in_the_gm_window(app: App) -> None:
    before = (app.camera.origin_x_yd, app.camera.origin_y_yd, app.selected)
    for kind, x in ((pygame.FINGERDOWN, 0.5), (pygame.FINGERMOTION, 0.2), (pygame.FINGERUP, 0.2)):
        app.handle(
            _ev(kind, _pv(app), touch_id=1, finger_id=0, x=x, y=0.5, dx=-0.3, dy=0.0, pressure=1.0)
        )
    assert (app.camera.origin_x_yd, app.camera.origin_y_yd, app.selected) == before


def test_the_gm_picks_the_player_views_display_and_it_is_remembered(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    app._intent("player_view")  # close it
    assert app.player_view is None
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1366, 768), (1920, 1080)])
    app._intent("player_view")
    assert app.player_view is None and app.display_list is not None  # asks first
    app.handle(
        pygame.event.Event(
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
            ui_element=app.display_list,
            text="2: 1920 x 1080",
        )
    )
    assert app.player_view is not None and app.player_view.display == 1
    app._intent("player_view")  # closed; opened again: straight onto the remembered display
    app._intent("player_view")
    assert app.display_list is None
    assert app.player_view is not None and app.player_view.display == 1
