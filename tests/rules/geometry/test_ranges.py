"""Reach, thrown and ranged ranges with distant shot, named ranges; all in 3D."""

from __future__ import annotations

from game.rules.body import Body
from game.rules.geometry.ranges import (
    DISTANT,
    LUNGING,
    OUT,
    RANGE,
    REACH,
    melee_range,
    named_range,
    range_band,
    ranged_range,
)


def test_melee_reach_and_lunge() -> None:
    a = Body((0, 0))
    assert melee_range(a, Body((1, 1)), reach_yd=1).band == REACH
    r = melee_range(a, Body((2, 0)), reach_yd=1)
    assert (r.band, r.legal) == (OUT, False)
    r = melee_range(a, Body((2, 0)), reach_yd=1, lunging=True)
    assert (r.band, r.legal, r.limit_yd) == (LUNGING, True, 2)
    assert not melee_range(a, Body((3, 0)), reach_yd=1, lunging=True).legal
    assert "with the lunge" in melee_range(a, Body((3, 0)), reach_yd=1, lunging=True).reason


def test_reach_is_3d() -> None:
    # a creature on a ledge 4 yards up (2 yards above the head below) is out of reach
    assert not melee_range(Body((0, 0)), Body((1, 0), elevation_yd=4.0), reach_yd=1).legal
    assert (
        melee_range(
            Body((0, 0), height_yd=2.0), Body((1, 0), elevation_yd=3.0), reach_yd=1
        ).distance_yd
        == 1.0
    )
    assert not melee_range(Body((0, 0)), Body((0, 1), elevation_yd=5.0), reach_yd=2).legal


def test_large_creature_reaches_from_its_whole_space() -> None:
    assert melee_range(Body((0, 0), space=2), Body((2, 2)), reach_yd=1).legal


def test_ranged_within_range_distant_shot_and_beyond() -> None:
    a = Body((0, 0))
    assert ranged_range(a, Body((10, 0)), range_yd=10).band == RANGE
    r = ranged_range(a, Body((20, 0)), range_yd=10)
    assert (r.band, r.banes, r.legal) == (DISTANT, 1, True)
    r = ranged_range(a, Body((21, 0)), range_yd=10)
    assert (r.band, r.legal) == (OUT, False)


def test_distant_shot_needs_the_option_free() -> None:
    r = ranged_range(Body((0, 0)), Body((15, 0)), range_yd=10, distant_shot=False)
    assert not r.legal and "only a distant shot" in r.reason


def test_thrown_weapon_is_limited_to_its_range() -> None:
    assert ranged_range(Body((0, 0)), Body((5, 0)), range_yd=5, thrown=True).legal
    r = ranged_range(Body((0, 0)), Body((6, 0)), range_yd=5, thrown=True)
    assert not r.legal and "thrown range" in r.reason


def test_ranged_distance_counts_height() -> None:
    assert ranged_range(Body((0, 0)), Body((0, 0), elevation_yd=14.0), range_yd=10).band == DISTANT


def test_named_ranges_help_and_short_range() -> None:
    a = Body((0, 0))
    assert named_range(a, Body((5, 3)), name="5").legal
    assert not named_range(a, Body((6, 0)), name="5").legal
    assert named_range(a, Body((5, 0)), name="short", ranges_yd={"short": 5}).legal
    r = named_range(a, Body((0, 0), elevation_yd=9.0), name="short", ranges_yd={"short": 5})
    assert not r.legal and r.reason.startswith("out of short range")


def test_range_band_names() -> None:
    assert range_band(3) == "short" and range_band(50) == "long" and range_band(500) == "extreme"
