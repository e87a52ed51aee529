"""SotDL movement on the geometry: Move, Rush, Retreat, crawl, difficult terrain, corners,
occupancy, slow-turn budgets, teleport (Seed SotDL: Move, Crawl, Rush, Retreat, Teleport)."""

from __future__ import annotations

from typing import Any

from game.rules.engine import Answer, Engine
from game.rulesets.sotdl.commands import (
    Attack,
    BeginCombat,
    DropProne,
    Move,
    Retreat,
    Rush,
    StandUp,
    StartTurn,
)
from game.rulesets.sotdl.movement.commands import Teleport
from tests.rulesets.sotdl.helpers import check_replay, make, of, ok, rejected

OPEN = "\n".join(["............"] * 6)


def field(picture: str, **who: tuple[str, tuple[int, int], dict[str, Any]]) -> Engine:
    """A fight on ``picture``; a far-away foe keeps the combat going."""
    who.setdefault("lurker", ("foes", (len(picture.strip().splitlines()[0].strip()) - 1, 0), {}))
    eng = make(picture, dict(who))
    ok(eng, BeginCombat())
    return eng


def steps(evs):  # type: ignore[no-untyped-def]
    return [(tuple(e.square), e.cost_yd, e.how) for e in of(evs, "Stepped")]


def test_difficult_terrain_costs_double() -> None:
    eng = field("..^^.......\n...........", hero=("pcs", (0, 0), {"speed": 6}))
    ok(eng, StartTurn("hero", "slow"))
    evs = ok(eng, Move("hero", ((1, 0), (2, 0), (3, 0), (4, 0))))
    assert steps(evs) == [
        ((1, 0), 1.0, "walk"),
        ((2, 0), 2.0, "difficult"),
        ((3, 0), 2.0, "difficult"),
        ((4, 0), 1.0, "walk"),
    ]
    assert eng.state.creatures["hero"].turn.move_budget_yd == 0.0
    check_replay(eng)


def test_waypoints_are_filled_with_the_cheapest_path() -> None:
    eng = field("..^^.......\n...........", hero=("pcs", (0, 0), {"speed": 6}))
    evs = ok(eng, Move("hero", ((5, 0),)))
    assert sum(e.cost_yd for e in of(evs, "Stepped")) == 5.0  # around the rubble
    assert eng.state.creatures["hero"].square == (5, 0)


def test_over_budget_is_refused_with_the_cost() -> None:
    eng = field(OPEN, hero=("pcs", (0, 0), {"speed": 4}))
    out = eng.submit(Move("hero", ((5, 0),)))
    assert not out.ok and "costs 5 yards, 4 left" in out.violations[0].reason


def test_rush_twice_speed_as_the_action_retreat_half() -> None:
    eng = field(OPEN, hero=("pcs", (0, 0), {"speed": 4}))
    assert "too_far" in rejected(eng, Rush("hero", ((9, 0),)))
    ok(eng, Rush("hero", ((8, 0),)))
    assert eng.state.creatures["hero"].turn.action_used
    eng2 = field(OPEN, hero=("pcs", (0, 0), {"speed": 4}))
    assert "too_far" in rejected(eng2, Retreat("hero", ((3, 0),)))
    ok(eng2, Retreat("hero", ((2, 0),)))


def test_slow_turn_budget_carries_across_the_action() -> None:
    eng = field(OPEN, hero=("pcs", (0, 0), {"speed": 6}), orc=("foes", (4, 2), {}))
    ok(eng, StartTurn("hero", "slow"))
    ok(eng, Move("hero", ((3, 1),)))
    ok(eng, Attack("hero", "orc"), dice=(1,))  # a miss: the attack in the middle of the move
    out = eng.submit(Move("hero", ((3, 4),)))  # 3 more yards: 6 in all
    assert out.pending is not None and out.pending.kind == "free_attack"  # leaving the orc
    ok(eng, Answer("pending", "decline"))
    assert eng.state.creatures["hero"].square == (3, 4)
    assert "too_far" in rejected(eng, Move("hero", ((3, 5),)))


def test_fast_turn_moves_or_acts() -> None:
    eng = field(OPEN, hero=("pcs", (0, 0), {"speed": 6}), orc=("foes", (4, 2), {}))
    ok(eng, StartTurn("hero", "fast"))
    ok(eng, Move("hero", ((3, 1),)))
    assert rejected(eng, Attack("hero", "orc")) == ["fast_turn"]


def test_prone_crawls_at_half_speed_at_least_one_yard() -> None:
    eng = field(OPEN, hero=("pcs", (0, 0), {"speed": 6}))
    ok(eng, DropProne("hero"))  # free: no movement used
    assert "too_far" in rejected(eng, Move("hero", ((4, 0),)))
    evs = ok(eng, Move("hero", ((3, 0),)))
    assert [e.how for e in of(evs, "Stepped")] == ["crawl"] * 3
    slow = field(".^^.....", hero=("pcs", (0, 0), {"speed": 2}))
    ok(slow, DropProne("hero"))
    evs = ok(slow, Move("hero", ((1, 0),)))  # 4 yards of crawling, but 1 yard is the minimum
    assert [tuple(e.square) for e in of(evs, "Stepped")] == [(1, 0)]


def test_stand_up_uses_the_move() -> None:
    eng = field(OPEN, hero=("pcs", (0, 0), {"speed": 6}))
    ok(eng, DropProne("hero"))
    ok(eng, StartTurn("hero", "slow"))
    ok(eng, StandUp("hero", "move"))
    assert rejected(eng, Move("hero", ((1, 0),))) == ["too_far"]


def test_no_corner_cutting_and_enemies_block_allies_do_not() -> None:
    eng = field(
        """
    .#......
    #.......
    ........
    """,
        hero=("pcs", (0, 0), {"speed": 6}),
    )
    assert rejected(eng, Move("hero", ((1, 1),))) == ["blocked"]
    eng = field(
        OPEN, hero=("pcs", (0, 0), {"speed": 6}), ally=("pcs", (1, 0), {}), orc=("foes", (1, 2), {})
    )
    ok(eng, Move("hero", ((1, 0), (2, 0))))  # through the ally
    assert "occupied" in rejected(eng, Move("hero", ((1, 0),)))


def test_cannot_end_in_an_occupied_space() -> None:
    eng = field(OPEN, hero=("pcs", (0, 0), {"speed": 6}), ally=("pcs", (2, 0), {}))
    assert "occupied" in rejected(eng, Move("hero", ((1, 0), (2, 0))))


def test_enemy_in_the_way_forces_a_detour() -> None:
    eng = field(
        """
    ...........
    ###.#######
    """,
        hero=("pcs", (0, 0), {"speed": 9}),
        orc=("foes", (3, 1), {"weapons": ()}),
    )
    assert rejected(eng, Move("hero", ((3, 1),)))


def test_size_two_needs_room() -> None:
    eng = field(
        """
    ..........
    ..........
    ..#.......
    ..........
    ..........
    """,
        ogre=("pcs", (0, 0), {"size": 2, "speed": 6}),
    )
    out = eng.submit(Move("ogre", ((1, 1),)))
    assert not out.ok  # its 2x2 space would cover the wall at (2, 2)
    ok(eng, Move("ogre", ((4, 0),)))


def test_teleport_ignores_everything_between() -> None:
    eng = field(
        """
    ..#.......
    ..#.......
    """,
        hero=("pcs", (0, 0), {"speed": 2}),
        orc=("foes", (1, 0), {}),
    )
    evs = ok(eng, Teleport("hero", (5, 1)))
    assert not of(evs, "DecisionAnswered") and eng.state.creatures["hero"].square == (5, 1)
    assert "blocked" in rejected(eng, Teleport("hero", (2, 0)))


def test_alternating_diagonals_count_across_the_moves_of_a_turn() -> None:
    import dataclasses

    from game.rules.ascii_grid import parse_ascii
    from game.rules.definitions import Definitions
    from game.rules.engine import SeededDice
    from game.rulesets.sotdl import DEFAULT, NewCreature, build_ruleset, new_state
    from tests.rulesets.sotdl.helpers import SIDES, W, creature

    rdef = dataclasses.replace(DEFAULT, diagonal_rule="alternating")
    rs = build_ruleset(rdef, Definitions(weapons=W))
    new = [NewCreature("hero", creature("hero", speed=6), "pcs", (0, 0)),
           NewCreature("orc", creature("orc", weapons=()), "foes", (9, 5))]
    eng = Engine(rs, new_state(parse_ascii(OPEN), rs, SIDES, new), SeededDice(1))
    ok(eng, BeginCombat())
    ok(eng, StartTurn("hero", "slow"))
    evs = ok(eng, Move("hero", ((1, 1),)))  # the first diagonal: 1 yard
    assert of(evs, "Stepped")[0].cost_yd == 1.0
    evs = ok(eng, Move("hero", ((2, 2),)))  # the second, in a new move: 2 yards
    assert of(evs, "Stepped")[0].cost_yd == 2.0
    assert eng.query("reachable", "hero").budget_yd == 3.0


def test_a_drawn_path_through_an_enemy_is_refused() -> None:
    eng = field(OPEN, hero=("pcs", (0, 0), {}), orc=("foes", (1, 0), {"weapons": ()}))
    out = eng.submit(Move("hero", ((1, 0), (2, 0))))
    assert not out.ok and "through an enemy" in out.violations[0].reason
    ok(eng, Move("hero", ((2, 0),)))  # the waypoint alone: around the orc
