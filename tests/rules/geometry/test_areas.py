"""Area effects select squares and creatures; total cover from the origin spares a creature."""

from __future__ import annotations

import numpy as np
import pytest

from game.rules.ascii_grid import parse_ascii
from game.rules.battlefield import Battlefield
from game.rules.body import Body
from game.rules.geometry.areas import Area, area_effect, area_squares


def test_sphere_selects_squares_within_radius() -> None:
    m = area_squares(Battlefield.blank(7, 7), Area("sphere", (3.5, 3.5, 1.0), 2.0))
    assert m[3, 3] and m[3, 5] and m[1, 3] and not m[3, 6] and not m[0, 0]
    assert (m == m.T).all() and (m == m[::-1, ::-1]).all()


def test_cube_is_centred_on_its_point() -> None:
    m = area_squares(Battlefield.blank(6, 6), Area("cube", (3.0, 3.0, 1.0), 2.0))
    assert m.sum() == 4 and m[2:4, 2:4].all()


def test_cone_widens_with_distance() -> None:
    m = area_squares(
        Battlefield.blank(8, 7), Area("cone", (0.0, 3.5, 1.0), 6.0, toward=(8.0, 3.5, 1.0))
    )
    widths = m.sum(axis=0)
    assert widths[0] == 1 and widths[5] == 5 and widths[7] == 0
    assert list(widths[:6]) == sorted(widths[:6])


def test_line_is_narrow_and_stops_at_its_length() -> None:
    m = area_squares(
        Battlefield.blank(10, 3), Area("line", (0.0, 1.5, 1.0), 5.0, toward=(10.0, 1.5, 1.0))
    )
    assert m[1, :5].all() and not m[1, 5:].any() and not m[0].any() and not m[2].any()


def test_area_high_in_the_air_misses_the_ground() -> None:
    m = area_squares(Battlefield.blank(5, 5), Area("sphere", (2.5, 2.5, 8.0), 2.0))
    assert not m.any()


def test_creatures_caught_and_shielded_by_total_cover() -> None:
    bf = parse_ascii(".......\n...#...\n.......")
    r = area_effect(
        bf,
        Area("sphere", (1.5, 1.5, 1.0), 4.0),
        creatures={
            "near": Body((2, 1)),
            "behind": Body((4, 1)),
            "far": Body((6, 1)),
            "side": Body((4, 0)),
        },
    )
    assert r.creatures == ("near", "side")
    assert dict(r.shielded) == {"behind": "total cover from the origin"}
    assert (1, 1) in r.square_list()


def test_partial_cover_does_not_spare_a_creature() -> None:
    bf = parse_ascii(".....\n..o..\n.....")
    r = area_effect(bf, Area("sphere", (0.5, 1.5, 1.5), 4.0), creatures={"kara": Body((3, 1))})
    assert r.creatures == ("kara",)


def test_large_creature_caught_by_any_part() -> None:
    bf = Battlefield.blank(8, 8)
    r = area_effect(
        bf,
        Area("sphere", (1.5, 1.5, 1.0), 2.0),
        creatures={"ogre": Body((3, 1), space=2, height_yd=3.5)},
    )
    assert r.creatures == ("ogre",)


def test_bad_shapes_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown area shape"):
        Area("blob", (0.0, 0.0, 0.0), 1.0)
    with pytest.raises(ValueError, match="needs a point"):
        Area("cone", (0.0, 0.0, 0.0), 1.0)
    assert (
        not Area("line", (0.0, 0.0, 0.0), 3.0, toward=(0.0, 0.0, 0.0))
        .contains(np.zeros((1, 3)))
        .any()
    )


def test_reached_squares_stop_at_walls_but_not_low_walls() -> None:
    bf = parse_ascii(".......\n...#...\n.......\n...o...")
    r = area_effect(bf, Area("sphere", (1.5, 1.5, 1.0), 5.0), creatures={})
    assert r.reached is not None
    assert r.reached[1, 2] and not r.reached[1, 4] and not r.reached[1, 3]
    assert r.reached[3, 4]  # over the low wall
    assert r.squares[1, 4]  # the shape itself still covers it
    assert not (r.reached & ~r.squares).any()
