"""End to end, two windows (issue 10): the real app under Xvfb opens the player view, which
leaves the keyboard with the GM window; resizing it and making it fullscreen (F11 in it) leaves
the GM window's size and layout as they were (its own screenshots before and after).
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import pygame
import pytest

from tests.ui import xvfb
from tests.ui.test_e2e_xvfb import Desktop

GM_SIZE = (1366, 740)


def _differing_fraction(a: pygame.Surface, b: pygame.Surface, skip_bottom_px: int) -> float:
    """Share of sampled pixels that differ, the status line at the bottom left out."""
    assert a.get_size() == b.get_size()
    w, h = a.get_size()
    diff = total = 0
    for x in range(0, w, 7):
        for y in range(0, h - skip_bottom_px, 7):
            total += 1
            diff += a.get_at((x, y))[:3] != b.get_at((x, y))[:3]
    return diff / total


def _table(tmp: Path, name: str) -> pygame.Surface:
    return pygame.image.load(str(tmp / f"{name}-table.png"))


@pytest.mark.skipif(shutil.which("import") is None, reason="needs ImageMagick's import")
def test_player_view_resized_and_fullscreen_leaves_the_gm_window_as_it_was(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    (home / "table.json").write_text(json.dumps({"player_display": 0}))
    desk = Desktop(tmp_path, screen="1920x1080x24", size=GM_SIZE)
    try:
        gm = desk.window
        desk.xdo("windowfocus", gm)
        geometry = desk.query("getwindowgeometry", gm)
        before = desk.app_shot("gm-before")
        desk.xdo("key", "p")  # open the player view

        def others() -> list[str]:
            return [w for w in desk.query("search", "--pid", str(desk.app.pid)).split() if w != gm]

        xvfb.wait(lambda: bool(others()), 15, "the player view")
        pv = others()[0]
        assert desk.query("getwindowname", pv) == "Battlemat: table"
        time.sleep(0.8)
        assert desk.query("getwindowfocus") == gm  # the GM keeps the keyboard
        desk.xdo("windowsize", pv, "900", "600")  # the table screen resized
        time.sleep(0.5)
        resized = desk.app_shot("gm-after-resize")
        assert _table(tmp_path, "gm-after-resize").get_size() == (900, 600)
        desk.xdo("windowfocus", pv)
        desk.xdo("key", "F11")  # fullscreen, in the player view
        time.sleep(0.8)
        full = desk.app_shot("gm-after-fullscreen")
        # the display's size (an X server without a window manager leaves the X window's
        # geometry as it was: the player view's own surface says it is fullscreen)
        assert _table(tmp_path, "gm-after-fullscreen").get_size() == (1920, 1080)
        desk.xdo("key", "F11")  # and back
        time.sleep(0.5)
        assert desk.query("getwindowgeometry", gm) == geometry
    finally:
        rc = desk.close()
    assert rc == 0
    for shot in (resized, full):
        assert shot.get_size() == before.get_size() == GM_SIZE
        # the same panels and map (only the status line says the player view is open)
        assert _differing_fraction(before, shot, skip_bottom_px=60) < 0.02
