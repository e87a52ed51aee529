"""Seed OSR: Formations (cohesion, area damage, facing, mob, loose or tight, Lead, block moves)."""

from __future__ import annotations

import pytest

from game.rules.ascii_grid import parse_ascii
from game.rules.body import Body
from game.rulesets.osr.fighters import Fighter
from game.rulesets.osr.formations import (
    TIGHT,
    absorb,
    area_damage,
    form_up,
    max_cohesion,
    move_budget_paces,
    plan_block_move,
    retinue_violations,
    turn,
    turn_free_attacks,
)
from game.rulesets.osr.params import OsrParams

P = OsrParams()
FIELD = parse_ascii(
    """
    ........
    ........
    ....#...
    ........
    ........
    """
)


def f(name: str, side: str, sq: tuple[int, int]) -> Fighter:
    return Fighter(name, side, Body(sq), formation="line" if side == "gm" else "")


def line_of_three(**kw):  # type: ignore[no-untyped-def]
    return form_up("line", "gm", {"a": (1, 1), "b": (2, 1), "c": (3, 1)}, facing="S", **kw)


def test_cohesion_is_temporary_hp_more_when_tight() -> None:
    assert max_cohesion(line_of_three(), P) == 3
    assert max_cohesion(line_of_three(order=TIGHT), P) == 6
    assert absorb(3, 5) == (0, 2)


def test_area_damage_is_reduced() -> None:
    assert area_damage(9, P) == 4


def test_tight_formation_moves_less() -> None:
    assert move_budget_paces(line_of_three(), P) == 6
    assert move_budget_paces(line_of_three(order=TIGHT), P) == 3


def test_bad_facing_or_order() -> None:
    with pytest.raises(ValueError):
        form_up("x", "gm", {"a": (0, 0)}, facing="up")
    with pytest.raises(ValueError):
        form_up("x", "gm", {"a": (0, 0)}, order="square")


def test_lead_ranks_limit_unique_members_mob_counts_once() -> None:
    guard = form_up("guard", "gm", {"cap": (0, 0), "s1": (1, 0), "s2": (2, 0)}, leader="cap")
    rabble = form_up(
        "rabble", "gm", {"m1": (0, 2), "m2": (1, 2), "m3": (2, 2)}, mob=True, leader="cap"
    )
    assert retinue_violations("cap", 3, [guard, rabble], lambda n: False) == []
    assert retinue_violations("cap", 2, [guard, rabble], lambda n: False) == [
        "cap leads 3 unique members with 2 ranks in Lead"
    ]
    # one rank in Lead: the head of a single mob
    assert retinue_violations("cap", 1, [rabble], lambda n: False) == []


def test_block_keeps_its_shape_while_moving() -> None:
    line = line_of_three()
    fighters = [f("a", "gm", (1, 1)), f("b", "gm", (2, 1)), f("c", "gm", (3, 1))]
    mv = plan_block_move(FIELD, line, [(1, 0), (0, 0)], fighters, budget=6)
    assert mv.violations == () and mv.cost == 2
    assert mv.steps[-1].anchor == (0, 0)


def test_block_is_stopped_by_walls_and_others() -> None:
    line = line_of_three()
    fighters = [
        f("a", "gm", (1, 1)),
        f("b", "gm", (2, 1)),
        f("c", "gm", (3, 1)),
        f("x", "pc", (4, 3)),
    ]
    mv = plan_block_move(FIELD, line, [(2, 2)], fighters, budget=6)
    assert "(4, 2) is blocked" in mv.violations[0]  # c would stand in the wall
    mv = plan_block_move(FIELD, line, [(1, 2), (2, 3)], fighters, budget=6)
    assert "x stands in (4, 3)" in mv.violations[0]


def test_block_budget() -> None:
    line = line_of_three(order=TIGHT)
    fighters = [f("a", "gm", (1, 1)), f("b", "gm", (2, 1)), f("c", "gm", (3, 1))]
    path = [(1, 2), (1, 3), (1, 4)]
    assert plan_block_move(FIELD, line, path, fighters, budget=3).violations == ()
    path = [(1, 2), (1, 3), (1, 4), (2, 4)]
    assert "needs 4 paces" in plan_block_move(FIELD, line, path, fighters, budget=3).violations[0]


def test_backing_away_draws_free_attacks_advancing_does_not() -> None:
    line = line_of_three()  # facing south
    fighters = [
        f("a", "gm", (1, 1)),
        f("b", "gm", (2, 1)),
        f("c", "gm", (3, 1)),
        f("x", "pc", (2, 2)),
    ]
    back = plan_block_move(FIELD, line, [(1, 0)], fighters, budget=6)
    assert back.steps[0].free_attacks == (("x", "a"),)
    side = plan_block_move(FIELD, line, [(0, 1)], fighters, budget=6)
    assert side.steps[0].free_attacks == ()


def test_turning_rotates_the_shape_and_facing() -> None:
    line = line_of_three()
    turned = turn(line, "E")
    assert turned.facing == "E"
    assert sorted(turned.positions().values()) == [(1, 1), (1, 2), (1, 3)]


def test_turning_the_back_on_an_engaged_foe_draws_a_free_attack() -> None:
    line = line_of_three()  # facing south, foe in front
    fighters = [
        f("a", "gm", (1, 1)),
        f("b", "gm", (2, 1)),
        f("c", "gm", (3, 1)),
        f("x", "pc", (2, 2)),
    ]
    assert turn_free_attacks(line, "N", fighters) == [("x", "a")]
    assert turn_free_attacks(line, "S", fighters) == []
