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


def test_render_an_encounter_with_its_creatures(tmp_path: Path) -> None:
    from game.ui.loading import open_target
    from game.ui.render_file import MAX_SIDE_PX, scene_for

    demo = Path(__file__).resolve().parents[2] / "config" / "encounters" / "demo.yaml"
    out = tmp_path / "demo.png"
    render_to_file(demo, out, overlays=["none"])
    img = pygame.image.load(str(out))
    opened = open_target(demo)
    bf = opened.battlefield
    z = max(4, min(48, MAX_SIDE_PX // max(bf.width, bf.height)))
    cam = Camera(bf.width * z, bf.height * z, px_per_yd=z)
    bare = pygame.Surface((cam.view_w_px, cam.view_h_px))
    draw_frame(
        bare, cam, Scene(bf, overlays=frozenset()), RenderCaches.for_battlefield(bf, opened.tmx)
    )
    tokens = scene_for(opened, frozenset()).tokens
    assert len(tokens) >= 5
    for t in tokens:
        if t.mount_key:
            continue
        c = cam.square_center_px(t.square, t.space)
        assert img.get_at(c) != bare.get_at(c), t.name  # a token is drawn on every creature


def test_unknown_overlay_is_one_line_error(tmp_path: Path) -> None:
    import pytest

    from game.io.errors import InputError

    with pytest.raises(InputError) as err:
        render_to_file(MAP, tmp_path / "x.png", overlays=["fog_of_war"])
    assert "unknown overlay 'fog_of_war'" in str(err.value) and "\n" not in str(err.value)
