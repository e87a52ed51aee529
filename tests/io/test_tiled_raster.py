"""Tiles, zones, obstacles and placements land on the right squares (data/maps/raster.tmx)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from game.io.tiled import load_battlefield
from game.io.tiled_raster import line_squares, polygon_squares
from game.rules.battlefield import Battlefield, Light, Obscurement, Terrain

DATA = Path(__file__).parent / "data" / "maps"


@pytest.fixture(scope="module")
def bf() -> Battlefield:
    return load_battlefield(DATA / "raster.tmx")


def squares(mask: np.ndarray) -> set[tuple[int, int]]:
    ys, xs = np.nonzero(mask)
    return set(zip(xs.tolist(), ys.tolist(), strict=False))


def test_tile_properties_and_layer_defaults(bf: Battlefield) -> None:
    assert bf.elevation_at((8, 0)) == 2.0 and bf.elevation_at((9, 0)) == 2.0
    assert bf.terrain_at((0, 7)) == Terrain.DIFFICULT
    assert squares(bf.light == Light.DIM) == {(0, 0)}  # the "Shade" layer's light=dim


def test_zones_paint_their_shapes(bf: Battlefield) -> None:
    assert squares(bf.obscurement == Obscurement.HEAVY) == {(1, 1), (2, 1)}  # fog rectangle
    assert squares(bf.obscurement == Obscurement.PARTIAL) == {(4, 1), (5, 1), (4, 2), (5, 2)}
    assert squares(bf.light == Light.DARK) == {(7, 1), (8, 1), (7, 2)}  # darkness triangle
    assert squares(bf.elevation == 3.0) == {(x, y) for x in range(3) for y in (4, 5)}
    assert bf.terrain_at((3, 4)) == Terrain.TREACHEROUS  # terrain zone: "ice"
    kinds = sorted(z.kind for z in bf.zones)
    assert kinds == ["darkness", "elevation", "fog", "foliage", "terrain"]
    fog = next(z for z in bf.zones if z.kind == "fog")
    assert fog.name == "fog bank" and dict(fog.properties) == {"obscurement": "heavy"}


def test_obstacles_block_their_footprint(bf: Battlefield) -> None:
    by_id = {o.id: o for o in bf.obstacles}
    wall = by_id[6]
    assert (wall.kind, wall.closed, wall.height_yd, wall.blocks_movement) == (
        "wall",
        False,
        3.0,
        True,
    )
    assert wall.points == ((5.0, 4.0), (5.0, 7.0))
    assert squares(bf.terrain == Terrain.IMPASSABLE) == {(5, 4), (5, 5), (5, 6), (9, 3), (7, 4)}
    low = by_id[7]
    assert (low.height_yd, low.blocks_movement) == (1.0, False)
    assert all(bf.terrain_at((x, 6)) == Terrain.DIFFICULT for x in (6, 7, 8))
    slit = by_id[9]
    assert (slit.height_yd, slit.openings) == (2.0, ((1.0, 1.5),))
    assert by_id[10].base_yd == 3.0  # stands on the elevation area under it
    tree = by_id[13]
    assert (tree.climbable, tree.blocks_movement, tree.base_yd, tree.height_yd) == (
        True,
        False,
        2.0,
        6.0,
    )
    assert bf.terrain_at((8, 0)) == Terrain.CLIMBABLE
    assert bf.properties["ignored_objects"] == {"chest": 1}


def test_placements(bf: Battlefield) -> None:
    sneak, big = bf.placements
    assert (sneak.creature_id, sneak.side, sneak.square, sneak.elevation_yd) == (
        "goblin",
        "foes",
        (1, 2),
        None,
    )
    assert (big.creature_id, big.square, big.elevation_yd, big.name) == (
        "ogre_brute",
        (3, 2),
        1.5,
        "Big",
    )
    assert big.source == "raster.tmx: object 12"


def test_polygon_squares_need_a_real_overlap() -> None:
    ys, xs = polygon_squares([(2, 2), (5, 2), (5, 3), (2, 3)], 10, 10)
    assert set(zip(xs.tolist(), ys.tolist(), strict=False)) == {(2, 2), (3, 2), (4, 2)}
    ys, xs = polygon_squares([(2.1, 2.1), (2.2, 2.1), (2.2, 2.2)], 10, 10)  # a speck
    assert set(zip(xs.tolist(), ys.tolist(), strict=False)) == {(2, 2)}


def test_diagonal_line_leaves_no_corner_gap() -> None:
    ys, xs = line_squares([(0.5, 0.5), (4.5, 4.5)], 6, 6)
    cells = set(zip(xs.tolist(), ys.tolist(), strict=False))
    for x in range(4):
        assert (x, x) in cells and (x + 1, x + 1) in cells
        assert (x + 1, x) in cells or (x, x + 1) in cells  # 4-connected
    ys, xs = line_squares([(0, 3), (6, 3)], 6, 6)  # on a grid line: the row below
    assert set(zip(xs.tolist(), ys.tolist(), strict=False)) == {(x, 3) for x in range(6)}


def _brute_force(pts: list[tuple[float, float]], width: int, height: int) -> set[tuple[int, int]]:
    """The rule written out slowly: any of 16 sample points inside (even-odd)."""
    out = set()
    for y in range(height):
        for x in range(width):
            for sy in range(4):
                for sx in range(4):
                    px, py = x + (sx + 0.5) / 4, y + (sy + 0.5) / 4
                    inside = False
                    for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1], strict=False):
                        if y1 != y2 and min(y1, y2) <= py < max(y1, y2):
                            if px < x1 + (py - y1) * (x2 - x1) / (y2 - y1):
                                inside = not inside
                    if inside:
                        out.add((x, y))
    return out


@pytest.mark.parametrize("seed", range(12))
def test_scanline_rasterizer_matches_the_rule(seed: int) -> None:
    import random

    rng = random.Random(seed)
    n = rng.choice([3, 4, 5, 7, 12])
    pts = [(rng.uniform(-2, 14), rng.uniform(-2, 10)) for _ in range(n)]
    if seed % 3 == 0:  # an unrotated rectangle takes the fast path
        x0, y0 = rng.uniform(-1, 6), rng.uniform(-1, 4)
        pts = [(x0, y0), (x0 + rng.uniform(0.3, 6), y0), (x0 + 3, y0 + 2), (x0, y0 + 2)]
        pts[2] = (pts[1][0], pts[2][1])
    ys, xs = polygon_squares(pts, 12, 8)
    got = set(zip(xs.tolist(), ys.tolist(), strict=False))
    want = _brute_force(pts, 12, 8)
    if want:
        assert got == want
