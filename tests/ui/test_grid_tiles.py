"""Tile layers whose tiles fill their cells are drawn as one gathered picture: the same pixels as
a blit per tile, at every zoom, on an opaque chunk and a see-through one (issue 12)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from game.ui.loading import open_map

ROOT = Path(__file__).resolve().parents[2]
MAPS = [
    ROOT / "maps" / "courtyard.tmx",
    ROOT / "maps" / "forest_stream.tmx",
    ROOT / "tests" / "io" / "data" / "render" / "features.tmx",  # every flip, tint, opacity
    ROOT / "tests" / "data" / "tiled-1.8-examples" / "desert.tmx",
    ROOT / "tests" / "data" / "tiled-examples" / "perspective_walls.tmx",  # tall tiles: per tile
]


def _pixels(path: Path, z: int, fast: bool, alpha: bool, at: tuple[int, int]) -> np.ndarray:
    bf, layers = open_map(path)
    layers.grid_fast = fast
    k = z / layers.map_px_per_yd
    w, h = min(bf.width, 12) * z, min(bf.height, 12) * z
    surf = pygame.Surface((w, h), pygame.SRCALPHA if alpha else 0)
    surf.fill((0, 0, 0, 0) if alpha else (90, 60, 30))
    x_px, y_px = at[0] * layers.map_px_per_yd, at[1] * layers.map_px_per_yd
    for band in layers.bands:
        layers.draw_band(surf, band, x_px, y_px, k, 0)
    rgba = np.frombuffer(pygame.image.tobytes(surf, "RGBA"), np.uint8).reshape(-1, 4).copy()
    rgba[rgba[:, 3] == 0, :3] = 0  # a fully see-through pixel's colour is never seen
    return rgba


@pytest.mark.parametrize("path", MAPS, ids=lambda p: p.name)
@pytest.mark.parametrize("z", [4, 13, 32, 48])
@pytest.mark.parametrize("alpha", [False, True], ids=["opaque", "see-through"])
def test_gathered_layers_are_the_pixels_of_one_blit_per_tile(
    path: Path, z: int, alpha: bool
) -> None:
    at = (3, 2)  # a chunk that does not start at the map's corner
    fast = _pixels(path, z, True, alpha, at)
    slow = _pixels(path, z, False, alpha, at)
    assert fast.any()
    assert np.array_equal(fast, slow), f"{int((fast != slow).sum())} channel values differ"


def test_grid_maps_take_the_gathered_path_and_tall_tiles_do_not() -> None:
    """The comparison above is not slow against slow: grid maps really gather."""
    used: dict[str, list[bool]] = {}
    for path in (MAPS[0], MAPS[-1]):
        bf, layers = open_map(path)
        real = layers._draw_grid_tiles
        took: list[bool] = []

        def spy(*a: object, _real=real, _took=took):  # type: ignore[no-untyped-def]
            ok = yield from _real(*a)  # a unit of work at a time (the board's budget)
            _took.append(ok)
            return ok

        layers._draw_grid_tiles = spy  # type: ignore[method-assign]
        surf = pygame.Surface((bf.width * 16, bf.height * 16))
        for band in layers.bands:
            layers.draw_band(surf, band, 0.0, 0.0, 16 / layers.map_px_per_yd, 0)
        used[path.name] = took
    assert used["courtyard.tmx"] and all(used["courtyard.tmx"])
    assert not any(used["perspective_walls.tmx"])  # its tiles are taller than a cell
