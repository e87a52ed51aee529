"""Distances under each diagonal rule, in 3D, between footprints (Seed SotDL: Move)."""

from __future__ import annotations

import math

import pytest

from game.rules.body import Body
from game.rules.definitions import RulesetDef
from game.rules.geometry.distance import body_distance, grid_distance, step_length
from game.rules.geometry.occupancy import space_for_size


@pytest.mark.parametrize(
    ("rule", "dx", "dy", "dz", "expected"),
    [
        ("chebyshev", 4, 4, 0, 4.0),
        ("alternating", 4, 4, 0, 6.0),
        ("alternating", 5, 1, 0, 5.0),
        ("euclidean", 3, 4, 0, 5.0),
        ("chebyshev", 2, 0, 5, 5.0),
        ("alternating", 2, 0, 4, 5.0),
        ("euclidean", 0, 0, 3, 3.0),
    ],
)
def test_grid_distance(rule: str, dx: int, dy: int, dz: float, expected: float) -> None:
    assert grid_distance(dx, dy, dz, rule=rule) == pytest.approx(expected)


def test_alternating_steps_sum_to_distance() -> None:
    total = sum(step_length(1, 1, rule="alternating", diagonals_before=i) for i in range(5))
    assert total == grid_distance(5, 5, rule="alternating") == 7.0


def test_unknown_rule_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown diagonal rule 'hex'"):
        grid_distance(1, 1, rule="hex")


def test_large_footprints_measure_from_their_edges() -> None:
    giant = Body((0, 0), space=3)
    assert body_distance(giant, Body((3, 1))) == 1.0
    assert body_distance(giant, Body((5, 5))) == 3.0


def test_elevation_counts() -> None:
    low = Body((0, 0), height_yd=2.0)
    assert body_distance(low, Body((1, 0), elevation_yd=3.0)) == 1.0
    assert body_distance(low, Body((1, 0), elevation_yd=4.0)) == 2.0
    assert body_distance(low, Body((0, 0), elevation_yd=5.0), rule="euclidean") == pytest.approx(
        3.0
    )
    assert math.isclose(
        body_distance(low, Body((3, 0), elevation_yd=6.0), rule="euclidean"), math.hypot(3, 4)
    )


def test_space_by_size_uses_the_ruleset() -> None:
    rs = RulesetDef("x", "x", size_to_space={0.5: 1, 1.0: 1, 2.0: 2, 3.0: 3, 4.0: 4})
    assert [space_for_size(s, ruleset=rs) for s in (0.25, 0.5, 1, 2, 3, 4, 5)] == [
        1,
        1,
        1,
        2,
        3,
        4,
        4,
    ]
