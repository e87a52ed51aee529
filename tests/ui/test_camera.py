"""Camera: pixel <-> yard round trips, zoom about the cursor, fit, touch scale."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.ui.camera import ZOOM_LEVELS_PX, Camera, touch_target_px, ui_scale_for


@given(st.floats(-500, 500), st.floats(-500, 500), st.sampled_from(ZOOM_LEVELS_PX))
def test_yard_pixel_round_trip(x_yd: float, y_yd: float, z: int) -> None:
    cam = Camera(1024, 768, px_per_yd=z, origin_x_yd=3.25, origin_y_yd=-7.5, view_x_px=200)
    x_px, y_px = cam.yd_to_px(x_yd, y_yd)
    bx, by = cam.px_to_yd(x_px, y_px)
    assert abs(bx - x_yd) < 1e-6 and abs(by - y_yd) < 1e-6


@given(st.integers(0, 1023), st.integers(0, 767), st.integers(-6, 6))
def test_zoom_keeps_point_under_cursor(x_px: int, y_px: int, notches: int) -> None:
    cam = Camera(1024, 768, px_per_yd=32, origin_x_yd=10, origin_y_yd=5)
    before = cam.px_to_yd(x_px, y_px)
    cam.zoom_about(x_px, y_px, notches)
    after = cam.px_to_yd(x_px, y_px)
    assert cam.px_per_yd in ZOOM_LEVELS_PX
    assert abs(after[0] - before[0]) < 1e-6 and abs(after[1] - before[1]) < 1e-6


def test_fit_shows_whole_battlefield_centred() -> None:
    cam = Camera(1000, 700)
    cam.fit(60, 40)
    x0, y0 = cam.yd_to_px(0, 0)
    x1, y1 = cam.yd_to_px(60, 40)
    assert 0 <= x0 and x1 <= 1000 and 0 <= y0 and y1 <= 700
    assert abs((x0 + x1) / 2 - 500) < 1 and abs((y0 + y1) / 2 - 350) < 1


def test_pan_moves_map_with_the_mouse() -> None:
    cam = Camera(800, 600, px_per_yd=40)
    p = cam.yd_to_px(5, 5)
    cam.pan_px(40, -80)
    q = cam.yd_to_px(5, 5)
    assert (q[0] - p[0], q[1] - p[1]) == (40, -80)


def test_touch_mode_squares_and_buttons_are_a_centimetre() -> None:
    dpi = 140.0
    cam = Camera(800, 600, min_px_per_yd=touch_target_px(dpi))
    cam.fit(400, 400)  # a huge map cannot be zoomed below 1 cm a square
    assert cam.px_per_yd >= dpi / 2.54
    cam.zoom_about(10, 10, -20)
    assert cam.px_per_yd >= dpi / 2.54
    assert 32 * ui_scale_for(dpi, touch=True) >= dpi / 2.54


def test_square_at_px_floors_negative() -> None:
    cam = Camera(800, 600, px_per_yd=10, origin_x_yd=-1)
    assert cam.square_at_px(5, 5) == (-1, 0)
