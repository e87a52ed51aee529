"""What Tiled draws of a map, read as data (game/io/tiled_drawing.py): the parts the reference
pictures (test_tiled_reference.py) cannot single out."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.io.tiled_drawing import (
    FLIP_H,
    ImageLayerDrawing,
    ObjectLayerDrawing,
    TileLayerDrawing,
    map_drawing,
)
from game.ui.render.maplayers import MapLayers

ROOT = Path(__file__).resolve().parents[2]
FOREST = ROOT / "tests" / "data" / "tiled-examples" / "forest" / "forest.tmx"
FEATURES = Path(__file__).parent / "data" / "render" / "features.tmx"


def test_image_collection_tiles_take_their_own_rectangle_of_the_sheet() -> None:
    d = map_drawing(FOREST)
    assert d.tiles[1].rect == (1, 1, 16, 16) and d.tiles[1].size == (16, 16)
    assert d.tiles[7].rect == (521, 114, 160, 208)  # the mountains, not the whole sheet
    assert all(t.image.name == "squirrel.png" for t in d.tiles.values())


def test_background_object_layers_keep_their_parallax_and_order() -> None:
    d = map_drawing(FOREST)
    names = [layer.name for layer in d.layers]
    assert names == ["bg0", "bg1", "bg2", "platforms", "characters"]
    assert [layer.look.parallax for layer in d.layers[:3]] == [(0.12,) * 2, (0.25,) * 2, (0.5,) * 2]
    assert isinstance(d.layers[0], ObjectLayerDrawing) and len(d.layers[0].objects) == 4


def test_animated_tile_shows_its_first_frame_then_the_next() -> None:
    pygame.display.init()
    layers = MapLayers(map_drawing(FOREST))
    assert [g for g, t in layers.drawing.tiles.items() if t.frames] == [14]
    assert layers.frame_gid(14, 0) == 11 and layers.frame_gid(14, 149) == 11
    assert layers.frame_gid(14, 150) == 12 and layers.frame_gid(14, 300) == 11
    assert layers.animation_key(0) != layers.animation_key(150)
    assert layers.bands[-1].animated and not layers.bands[0].animated


def test_group_effects_reach_their_layers_and_hidden_groups_hide_theirs() -> None:
    d = map_drawing(FEATURES)
    by_name = {layer.name: layer for layer in d.layers}
    assert "never" not in by_name  # in a hidden group
    tinted = by_name["tinted"]
    assert isinstance(tinted, TileLayerDrawing)
    assert tinted.look.offset == (8.0, 1.0) and tinted.look.opacity == 0.6
    assert tinted.look.tint == (128, 64, 128, 255)  # #ff8080 times #8080ff
    strip = by_name["strip"]
    assert isinstance(strip, ImageLayerDrawing) and strip.repeat == (True, False)
    flips = by_name["flips"]
    assert isinstance(flips, TileLayerDrawing) and int(flips.gids[0, 2]) == 2 | FLIP_H


def test_tile_objects_hidden_ones_left_out_and_alignment_read() -> None:
    d = map_drawing(FEATURES)
    things = next(layer for layer in d.layers if layer.name == "things")
    assert isinstance(things, ObjectLayerDrawing)
    assert len(things.objects) == 4  # the fifth is hidden
    assert d.tiles[5].anchor == (0.5, 0.5) and d.tiles[5].offset == (4, -2)
    assert d.tiles[1].anchor == (0.0, 1.0)  # unspecified: bottom-left
