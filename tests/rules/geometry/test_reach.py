"""Reach, threatened squares, provoked free attacks and the safest path (Seed SotDL: Free
Attack)."""

from __future__ import annotations

from game.rules.ascii_grid import parse_ascii
from game.rules.body import Body
from game.rules.geometry.pathing import Mover, terrain_costs
from game.rules.geometry.pathing_search import describe_path, reachable
from game.rules.geometry.reach import (
    FreeAttack,
    Threat,
    free_attacks_along,
    reach_yd,
    threatened_anchors,
    within_reach,
)


def walk(*squares: tuple[int, int]) -> list[Body]:
    return [Body(s) for s in squares]


def test_reach_adds_weapon_natural_and_lunging() -> None:
    assert reach_yd(base_yd=1, weapon_reach_yd=1, natural_reach_yd=1, lunging=True) == 4


def test_large_creatures_reach_from_their_whole_space() -> None:
    ogre = Threat("ogre", Body((0, 0), space=2, height_yd=3.5), 1)
    mask = threatened_anchors((4, 4), threat=ogre)
    assert mask[2, 2] and mask[0, 2] and not mask[3, 0]
    assert within_reach(ogre.body, Body((2, 2)), reach=1)


def test_elevation_counts_for_reach() -> None:
    guard = Body((0, 0), elevation_yd=0.0, height_yd=2.0)
    assert within_reach(guard, Body((1, 0), elevation_yd=3.0), reach=1)
    assert not within_reach(guard, Body((1, 0), elevation_yd=4.0), reach=1)
    assert within_reach(guard, Body((1, 0), elevation_yd=4.0), reach=2)


def test_leaving_reach_provokes_once_entering_never() -> None:
    orc = Threat("orc", Body((2, 0)))
    # enters reach at step 1, leaves at step 4: one free attack, before step 4
    path = walk((0, 0), (1, 0), (2, 1), (3, 1), (4, 1))
    assert free_attacks_along(path, threats=[orc]) == [FreeAttack("orc", 4, (3, 1))]
    # moving within reach does not provoke
    assert free_attacks_along(walk((1, 0), (1, 1), (3, 1)), threats=[orc]) == []


def test_exceptions_do_not_provoke() -> None:
    orc = Threat("orc", Body((0, 0)))
    path = walk((1, 0), (2, 0))
    assert (
        free_attacks_along(path, threats=[orc], provokes=False) == []
    )  # retreat, forced, teleport
    assert free_attacks_along(path, threats=[orc], exempt={"orc"}) == []  # escape, shifting, feint
    assert len(free_attacks_along(path, threats=[orc])) == 1


def test_each_threat_attacks_at_its_own_step() -> None:
    a, b = Threat("a", Body((0, 0))), Threat("b", Body((2, 2)))
    path = walk((1, 1), (2, 1), (3, 1), (4, 1))
    got = free_attacks_along(path, threats=[a, b])
    assert got == [FreeAttack("a", 1, (1, 1)), FreeAttack("b", 3, (3, 1))]


def test_reach_weapon_threatens_two_yards() -> None:
    pike = Threat("pike", Body((0, 0)), reach_yd=2)
    assert free_attacks_along(walk((2, 0), (3, 0)), threats=[pike]) == [
        FreeAttack("pike", 1, (2, 0))
    ]


def test_safest_path_fewest_attacks_then_cost() -> None:
    bf = parse_ascii("""
    .......
    .......
    .......
    ..^^^..
    """)
    tc = terrain_costs(bf, mover=Mover())
    orc = Threat("orc", Body((3, 1)))
    rm = reachable(tc, start=(0, 1), budget_yd=10, enemies=[orc.body], threats=[orc], max_attacks=2)
    cheap = rm.path_to((6, 1), layer=1)
    safe = rm.path_to((6, 1))
    assert cheap is not None and safe is not None
    assert len(free_attacks_along([Body(s) for s in cheap], threats=[orc])) == 1
    assert free_attacks_along([Body(s) for s in safe], threats=[orc]) == []
    assert rm.cost_to((6, 1)) == 9.0  # the detour through the rubble
    assert describe_path(tc, safe).cost_yd == 9.0
    assert rm.cost_to((6, 1), layer=1) == 6.0
    # too little movement for the detour: the safest path left provokes once
    short = reachable(
        tc, start=(0, 1), budget_yd=7, enemies=[orc.body], threats=[orc], max_attacks=2
    )
    assert short.cost_to((6, 1)) == 6.0
