"""Touch on the table screen (issue 10), with posted FINGER* events: one finger on empty map
pans, two pinch-zoom about their midpoint, a tap is a click, a long press the right click, a
dragged token moves as with the mouse; SDL's mouse events for a touch do not act twice."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.touch import LONG_PRESS_S
from tests.ui.gm import DEMO, open_started

SIZE = (1366, 768)


@pytest.fixture()
def app(tmp_path: Path):  # type: ignore[no-untyped-def]
    a = open_started(DEMO, tmp_path, "spearman", size=SIZE)
    yield a
    a.close()


def _finger(app: App, kind: int, finger: int, pos: tuple[float, float]) -> None:
    """Post a finger event (SDL's coordinates: fractions of the window) and let the app read it."""
    w, h = SIZE
    pygame.event.post(
        pygame.event.Event(
            kind,
            touch_id=1,
            finger_id=finger,
            x=pos[0] / w,
            y=pos[1] / h,
            dx=0.0,
            dy=0.0,
            pressure=1.0,
        )
    )
    for event in pygame.event.get((pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP)):
        app.handle(event)


def _empty_map_point(app: App) -> tuple[int, int]:
    """A point on the battlefield view with no token on its square."""
    v = app.layout.view
    taken = {c.square for c in app.session.engine.state.creatures.values()}
    for x in range(v.x + 40, v.right - 40, 16):
        for y in range(v.y + 40, v.bottom - 40, 16):
            sq = app.camera.square_at_px(x, y)
            if app.session.battlefield.in_bounds(sq) and sq not in taken:
                return (x, y)
    raise AssertionError("no empty square in view")


def test_one_finger_on_empty_map_pans(app: App) -> None:
    x, y = _empty_map_point(app)
    before = app.camera.px_to_yd(x, y)
    _finger(app, pygame.FINGERDOWN, 0, (x, y))
    for i in range(1, 6):
        _finger(app, pygame.FINGERMOTION, 0, (x + 12 * i, y + 8 * i))
    _finger(app, pygame.FINGERUP, 0, (x + 60, y + 40))
    # the yard that was under the finger is under it where it was lifted
    after = app.camera.px_to_yd(x + 60, y + 40)
    assert after == pytest.approx(before, abs=0.05)
    assert app.selected == "spearman"  # a pan is not a click


def test_two_fingers_pinch_zoom_about_their_midpoint(app: App) -> None:
    cx, cy = app.layout.view.center
    held = app.camera.px_to_yd(cx, cy)
    zoom = app.camera.px_per_yd
    _finger(app, pygame.FINGERDOWN, 0, (cx - 40, cy))
    _finger(app, pygame.FINGERDOWN, 1, (cx + 40, cy))
    for i in range(1, 8):
        _finger(app, pygame.FINGERMOTION, 0, (cx - 40 - 15 * i, cy))
        _finger(app, pygame.FINGERMOTION, 1, (cx + 40 + 15 * i, cy))
    _finger(app, pygame.FINGERUP, 0, (cx - 145, cy))
    _finger(app, pygame.FINGERUP, 1, (cx + 145, cy))
    assert app.camera.px_per_yd > zoom
    assert app.camera.px_to_yd(cx, cy) == pytest.approx(held, abs=0.6)  # about the midpoint
    assert app.selected == "spearman"


def test_a_tap_is_a_click_and_a_long_press_the_right_click(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    rogue = app.camera.square_center_px(app.session.engine.state.creatures["rogue"].square)
    _finger(app, pygame.FINGERDOWN, 0, rogue)
    _finger(app, pygame.FINGERUP, 0, rogue)
    assert app.selected == "rogue" and app.tools[-1].name == "move"
    import game.ui.app as app_module

    t0 = app_module.time.monotonic()
    _finger(app, pygame.FINGERDOWN, 0, rogue)
    monkeypatch.setattr(app_module.time, "monotonic", lambda: t0 + LONG_PRESS_S + 1)
    _finger(app, pygame.FINGERUP, 0, rogue)
    assert app.tools[-1].name == "select"  # the right click cancelled the move tool


def test_dragging_a_token_moves_it_like_the_mouse(app: App) -> None:
    app._intent("turn_start", "spearman")
    st = app.session.engine.state
    start = st.creatures["spearman"].square
    area = app.session.previews.move_area("spearman", app.session.previews.move_modes("spearman"))
    k = area.classes.index("move")
    ys, xs = (area.cost_class == k).nonzero()
    dest = sorted(
        (int(x), int(y))
        for x, y in zip(xs, ys, strict=True)
        if 2 <= max(abs(int(x) - start[0]), abs(int(y) - start[1])) <= 3
    )[0]
    a, b = app.camera.square_center_px(start), app.camera.square_center_px(dest)
    _finger(app, pygame.FINGERDOWN, 0, a)
    for i in range(1, 11):
        _finger(
            app,
            pygame.FINGERMOTION,
            0,
            (a[0] + (b[0] - a[0]) * i // 10, a[1] + (b[1] - a[1]) * i // 10),
        )
    _finger(app, pygame.FINGERUP, 0, b)
    assert app.session.engine.state.creatures["spearman"].square == dest
    assert type(app.session.engine.history[-1].command).__name__ == "Move"


def test_sdls_mouse_for_a_touch_does_not_act_twice(app: App) -> None:
    rogue = app.camera.square_center_px(app.session.engine.state.creatures["rogue"].square)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(kind, pos=rogue, button=1, touch=True))
    assert app.selected == "spearman"  # the finger's own events select, not its mouse twin
    zoom = app.camera.px_per_yd
    app.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, touch=True))
    assert app.camera.px_per_yd == zoom


@pytest.fixture()
def touch_app(tmp_path: Path):  # type: ignore[no-untyped-def]
    from game.ui.session import Session

    a = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=SIZE, touch=True)
    a.update(0.0)
    a._intent("advance")
    a.update(0.0)
    yield a
    a.close()


def _press(app: App, button: object) -> None:
    import pygame_gui

    app.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    app.update(0.0)


def test_touch_mode_on_a_laptop_gives_the_map_most_of_the_screen(touch_app: App) -> None:
    w, h = SIZE
    view = touch_app.layout.view
    assert view.width * view.height >= 0.65 * w * h
    assert not touch_app.panels.left.visible and not touch_app.panels.right.visible
    toggles = touch_app.panels.toggles
    for b in toggles.values():  # a finger's size, on the map's edge
        assert b.rect.height >= touch_app.finger_px and b.rect.width >= touch_app.finger_px
        assert touch_app.panels.over_panels(b.rect.center)  # a tap there is not the map's
    _press(touch_app, toggles["left"])  # the turn panel opens: the map gives it room
    assert "left" not in touch_app.collapsed and touch_app.panels.left.visible
    assert touch_app.layout.view.x == touch_app.layout.left.right
    assert touch_app.camera.view_x_px == touch_app.layout.view.x
    assert touch_app.panels.creatures.item_list  # its rows are there to tap
    _press(touch_app, touch_app.panels.toggles["left"])
    assert "left" in touch_app.collapsed and touch_app.layout.view.x == 0


def _all_in_view(app: App) -> bool:
    cam = app.camera
    for t in app.session.fight.tokens():
        x, y, side, _ = cam.square_rect_px(t.square, t.space)
        if not (cam.in_view(x, y) and cam.in_view(x + side - 1, y + side - 1)):
            return False
    return True


def test_fit_shows_every_token_even_when_the_touch_minimum_cannot_show_the_map(
    touch_app: App,
) -> None:
    bf = touch_app.session.battlefield
    assert not touch_app.camera.fits(bf.width, bf.height)  # 1 cm squares: the map is too big
    touch_app.camera.zoom_about(300, 300, 5)
    touch_app._intent("fit")
    assert _all_in_view(touch_app)


def test_fit_frames_the_tokens_at_a_finger_size_when_they_stand_close(
    touch_app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    from dataclasses import replace

    toks = touch_app.session.fight.tokens()[:3]
    close = tuple(replace(t, square=(20 + i, 12 + i)) for i, t in enumerate(toks))
    monkeypatch.setattr(touch_app.session.fight, "tokens", lambda: close)
    touch_app._intent("fit")
    assert touch_app.camera.px_per_yd >= touch_app.finger_px  # squares still a finger wide
    assert _all_in_view(touch_app)
