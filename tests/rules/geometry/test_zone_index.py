"""Naming the zone at a square through the bucket index gives what scanning every zone gave
(the first zone in map order whose polygon covers the square's test points)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.battlefield import Battlefield, Zone
from game.rules.geometry.obscurement import zone_name
from game.rules.geometry.sight_walls import points_in_polygon


def _scan(bf: Battlefield, square: tuple[int, int], prop: str) -> str:
    x, y = square
    px = np.array([0.5, 0.05, 0.95, 0.05, 0.95]) + x
    py = np.array([0.5, 0.05, 0.05, 0.95, 0.95]) + y
    for z in bf.zones:
        if len(z.points) < 3 or prop not in dict(z.properties):
            continue
        if points_in_polygon(px, py, z.points).any():
            return z.name or z.kind
    return ""


coords = st.floats(-3, 43, allow_nan=False)
zones = st.lists(st.tuples(st.lists(st.tuples(coords, coords), min_size=2, max_size=6),
                           st.sampled_from(["obscurement", "light"])), max_size=25)


@settings(max_examples=60, deadline=None)
@given(zones, st.lists(st.tuples(st.integers(-1, 41), st.integers(-1, 41)), max_size=30))
def test_zone_name_through_the_index_is_the_scan(zs, squares) -> None:  # type: ignore[no-untyped-def]
    bf = Battlefield.blank(40, 40)
    bf.zones = tuple(Zone(i, "fog", tuple(pts), ((prop, "heavy"),), f"zone {i}" if i % 3 else "")
                     for i, (pts, prop) in enumerate(zs))
    for sq in squares:
        for prop in ("obscurement", "light"):
            assert zone_name(bf, sq, prop) == _scan(bf, sq, prop)
