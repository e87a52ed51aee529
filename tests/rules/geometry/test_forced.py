"""Forced movement: shove, driving attack, pull (Seed SotDL: Shove, Driving Attack, Pull)."""

from __future__ import annotations

from game.rules.ascii_grid import parse_ascii
from game.rules.body import Body
from game.rules.geometry.forced import direction_away, follow_trail, forced_move


def test_straight_away_from_the_source() -> None:
    assert direction_away(Body((2, 2)).center_yd(), Body((2, 1))) == (0, -1)
    assert direction_away(Body((2, 2)).center_yd(), Body((1, 3))) == (-1, 1)
    # from a Size 2 shover at (0, 0): its centre is (1, 1)
    assert direction_away(Body((0, 0), space=2).center_yd(), Body((2, 0))) == (1, 0)


def test_stopped_by_walls_and_creatures() -> None:
    bf = parse_ascii("""
    .....#
    """)
    fm = forced_move(bf, body=Body((1, 0)), direction=(1, 0), distance_yd=9)
    assert fm.squares[-1] == (4, 0) and fm.stopped_by == "wall"
    fm = forced_move(bf, body=Body((1, 0)), direction=(1, 0), distance_yd=9, others=[Body((3, 0))])
    assert fm.squares[-1] == (2, 0) and fm.stopped_by == "creature"
    fm = forced_move(bf, body=Body((1, 0)), direction=(-1, 0), distance_yd=9)
    assert fm.squares[-1] == (0, 0) and fm.stopped_by == "edge"
    fm = forced_move(bf, body=Body((1, 0)), direction=(1, 0), distance_yd=2)
    assert fm.squares == ((1, 0), (2, 0), (3, 0)) and fm.stopped_by == "" and fm.moved_yd == 2


def test_over_a_ledge_into_a_fall() -> None:
    bf = parse_ascii("""
    666000
    """)
    fm = forced_move(bf, body=Body((1, 0), elevation_yd=6.0), direction=(1, 0), distance_yd=4)
    assert fm.squares == ((1, 0), (2, 0), (3, 0))
    assert fm.fall is not None and fm.fall.height_yd == 6.0 and fm.body.elevation_yd == 0.0
    up = forced_move(parse_ascii("..3"), body=Body((0, 0)), direction=(1, 0), distance_yd=4)
    assert up.squares[-1] == (1, 0) and up.stopped_by == "ledge"


def test_pulled_creature_follows() -> None:
    assert follow_trail([(5, 5), (6, 5)], start=(4, 5)) == [(4, 5), (5, 5)]
