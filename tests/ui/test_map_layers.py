"""Tiled layers drawn in Tiled's order, with group visibility, layer opacity and offsets."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.camera import Camera
from game.ui.loading import open_map
from game.ui.render.frame import RenderCaches, draw_frame
from game.ui.render_file import render_to_file
from game.ui.scene import Scene

MAP = Path(__file__).parent / "data" / "layers.tmx"


def _draw(z: int) -> tuple[pygame.Surface, Camera]:
    bf, tmx = open_map(MAP)
    cam = Camera(bf.width * z, bf.height * z, px_per_yd=z)
    surf = pygame.Surface((cam.view_w_px, cam.view_h_px))
    draw_frame(surf, cam, Scene(bf, overlays=frozenset()), RenderCaches.for_battlefield(bf, tmx))
    return surf, cam


def test_image_layer_drawn_over_the_tile_layer_below_it() -> None:
    surf, cam = _draw(32)
    r, g, b = tuple(surf.get_at((48, 80)))[:3]  # square (1, 2): ground, backdrop, nothing else
    assert g > 150 and r < 50 and b < 50  # the backdrop covers the red ground below it


def test_hidden_group_hides_its_layers_and_opacity_and_offset_apply() -> None:
    surf, _ = _draw(32)
    assert (
        tuple(surf.get_at((16, 16)))[:3][2] < 50
    )  # square (0, 0): no blue (group hidden, layer 5 offset)
    r, g, b = tuple(surf.get_at((48, 16)))[
        :3
    ]  # square (1, 0): half blue over green (pytmx alone: green over all)
    assert 80 < b < 170 and 60 < g < 150


def test_zoom_levels_scale_the_same_picture() -> None:
    small, _ = _draw(16)
    r, g, b = tuple(small.get_at((24, 8)))[:3]
    assert 80 < b < 170


def test_render_command_writes_png(tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    render_to_file(MAP, out, overlays=["grid"])
    img = pygame.image.load(str(out))
    assert img.get_width() == img.get_height() and img.get_width() >= 4 * 16
