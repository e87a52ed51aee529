"""Step costs and searches on tiny ASCII grids (Seed SotDL: Move, Crawl, Climb, Swim, Balance,
Jump, Fly)."""

from __future__ import annotations

import math

import pytest

from game.rules.ascii_grid import parse_ascii
from game.rules.body import Body
from game.rules.geometry.pathing import Mover, MoveRules, terrain_costs
from game.rules.geometry.pathing_search import describe_path, path_through, reachable


def tc_for(picture: str, **mover: object):  # type: ignore[no-untyped-def]
    rules = mover.pop("rules", None)
    return terrain_costs(parse_ascii(picture), mover=Mover(**mover), rules=rules)  # type: ignore[arg-type]


def test_difficult_terrain_costs_double() -> None:
    tc = tc_for("..^^..")
    rm = reachable(tc, start=(0, 0), budget_yd=5)
    assert rm.cost_to((3, 0)) == 5.0
    assert (4, 0) not in rm.squares()


@pytest.mark.parametrize("ch", ["=", "~", "w"])
def test_balance_and_swim_count_as_difficult(ch: str) -> None:
    tc = tc_for(f".{ch}.")
    assert reachable(tc, start=(0, 0), budget_yd=9).cost_to((1, 0)) == 2.0


def test_swimmers_swim_at_full_speed() -> None:
    tc = tc_for(".~~.", traits=frozenset({"swim"}))
    assert reachable(tc, start=(0, 0), budget_yd=9).cost_to((3, 0)) == 3.0


def test_prone_creatures_crawl_at_half_speed_but_at_least_one_yard() -> None:
    tc = tc_for("......", prone=True)
    assert reachable(tc, start=(0, 0), budget_yd=4).cost_to((2, 0)) == 4.0
    assert (3, 0) not in reachable(tc, start=(0, 0), budget_yd=4).squares()
    slow = tc_for(".^.", prone=True)  # crawling into difficult terrain costs 4 a yard
    assert (1, 0) not in reachable(slow, start=(0, 0), budget_yd=2).squares()
    assert (1, 0) in reachable(slow, start=(0, 0), budget_yd=2, guaranteed_step=True).squares()


def test_no_corner_cutting_between_two_walls() -> None:
    tc = tc_for("""
    .#
    #.
    """)
    assert math.isinf(reachable(tc, start=(0, 0), budget_yd=5).cost_to((1, 1)))


def test_no_corner_cutting_between_two_enemies_but_allies_pass() -> None:
    tc = tc_for("""
    ...
    ...
    """)
    foes = [Body((1, 0)), Body((0, 1))]
    assert math.isinf(reachable(tc, start=(0, 0), budget_yd=1, enemies=foes).cost_to((1, 1)))
    rm = reachable(tc, start=(0, 0), budget_yd=2, allies=foes)
    assert rm.cost_to((1, 0)) == 1.0 and (1, 0) not in rm.squares()  # pass, never stop
    assert rm.cost_to((2, 0)) == 2.0 and (2, 0) in rm.squares()


def test_enemies_block() -> None:
    tc = tc_for("""
    .....
    """)
    assert math.isinf(
        reachable(tc, start=(0, 0), budget_yd=4, enemies=[Body((2, 0))]).cost_to((4, 0))
    )


def test_size_two_needs_room() -> None:
    tc = tc_for(
        """
    ......
    ...#..
    ......
    ......
    """,
        space=2,
    )
    rm = reachable(tc, start=(0, 0), budget_yd=6)
    assert (2, 0) not in rm.squares()  # would cover the wall at (3, 1)
    # around the wall: anchors at x 2 and 3 must drop to row 2
    assert rm.cost_to((4, 0)) == 5.0
    assert rm.path_to((4, 0)) == [(0, 0), (1, 1), (2, 2), (3, 2), (4, 1), (4, 0)]


def test_alternating_diagonals() -> None:
    tc = tc_for("\n".join(["....."] * 5), rules=MoveRules(diagonal_rule="alternating"))
    rm = reachable(tc, start=(0, 0), budget_yd=10)
    assert rm.cost_to((4, 4)) == 6.0
    assert rm.cost_to((3, 3)) == 4.0
    assert path_through(tc, waypoints=[(0, 0), (1, 1), (2, 2), (3, 3)]).cost_yd == 4.0


def test_euclidean_diagonals() -> None:
    tc = tc_for("\n".join(["...."] * 4), rules=MoveRules(diagonal_rule="euclidean"))
    assert reachable(tc, start=(0, 0), budget_yd=10).cost_to((3, 3)) == pytest.approx(
        3 * math.sqrt(2)
    )


def test_climbing_a_ladder_costs_double_vertical_yards() -> None:
    tc = tc_for("..H3")
    pc = path_through(tc, waypoints=[(0, 0), (1, 0), (2, 0), (3, 0)])
    assert [s.kind for s in pc.steps] == ["walk", "walk", "climb"]
    assert pc.cost_yd == 1 + 1 + (1 + 3 * 2)
    climber = tc_for("..H3", traits=frozenset({"climb"}))
    assert path_through(climber, waypoints=[(0, 0), (3, 0)]).cost_yd == 1 + 1 + (1 + 3)


def test_a_wall_too_high_to_jump_and_not_climbable_blocks() -> None:
    tc = tc_for(".X3", agility_mod=2)  # the GM marked the foot of the wall unclimbable
    assert math.isinf(reachable(tc, start=(0, 0), budget_yd=10).cost_to((2, 0)))


def test_any_vertical_surface_is_climbed_at_difficult_cost() -> None:
    """Seed SotDL: Climb ("The surface also counts as difficult terrain"): a rise too high to
    jump, and a drop too deep to jump down, are climbed at 2 yards a vertical yard."""
    up = reachable(tc_for("..3", agility_mod=2), start=(0, 0), budget_yd=10)
    assert up.cost_to((2, 0)) == 1 + 1 + 3 * 2
    pc = path_through(tc_for("6.."), waypoints=[(0, 0), (1, 0)])
    assert pc.steps[0].kind == "climb" and pc.cost_yd == 1 + 6 * 2


def test_jump_up_needs_the_run_up_for_the_full_modifier() -> None:
    # 1 yard = 3 feet: Agility modifier 3 jumps it only after moving 2 yards
    tc = tc_for("...X1", agility_mod=3)  # unclimbable: only a jump gets up
    rm = reachable(tc, start=(0, 0), budget_yd=10)
    assert rm.cost_to((4, 0)) == 4 + 1  # 4 yards walked, 1 vertical yard jumped
    assert math.isinf(reachable(tc, start=(3, 0), budget_yd=10).cost_to((4, 0)))
    # where it can be climbed, the standing creature climbs it instead (1 + 1 x 2)
    assert reachable(tc_for("....1", agility_mod=3), start=(3, 0), budget_yd=10).cost_to(
        (4, 0)) == 3


def test_jump_down_is_safe_below_five_yards_and_a_fall_from_there() -> None:
    tc = tc_for("4.")
    pc = path_through(tc, waypoints=[(0, 0), (1, 0)])
    assert pc.steps[0].kind == "jump_down" and pc.cost_yd == 1 + 4
    high = tc_for("5X")  # unclimbable: over the edge is a fall
    assert path_through(high, waypoints=[(0, 0), (1, 0)]).steps[0].kind == "fall"
    assert math.isinf(reachable(high, start=(0, 0), budget_yd=20).cost_to((1, 0)))
    assert path_through(tc_for("5."), waypoints=[(0, 0), (1, 0)]).steps[0].kind == "climb"


def test_jump_across_a_pit() -> None:
    """Seed SotDL: Jump Across: the yards jumped are the gap crossed (2 yards clear a 2-yard
    pit); the move pays for the squares from take-off to landing."""
    two_wide = tc_for("3330033333", agility_mod=0)  # 2 yards standing, 4 after a run-up
    assert reachable(two_wide, start=(2, 0), budget_yd=6).cost_to((5, 0)) == 3
    pit = """
    33300033333
    """
    tc = tc_for(pit, agility_mod=0)
    rm = reachable(tc, start=(0, 0), budget_yd=6)
    assert rm.path_to((6, 0)) == [(0, 0), (1, 0), (2, 0), (6, 0)]
    assert rm.cost_to((6, 0)) == 2 + 4
    standing = reachable(tc, start=(2, 0), budget_yd=6)
    assert math.isinf(standing.cost_to((6, 0)))
    pc = path_through(tc, waypoints=[(0, 0), (2, 0), (6, 0)])
    assert [s.kind for s in pc.steps] == ["walk", "walk", "jump_across"] and pc.cost_yd == 6


def test_flyers_ignore_ground_terrain() -> None:
    tc = tc_for(".^~5.", flying=True, altitude_yd=8.0)
    assert reachable(tc, start=(0, 0), budget_yd=4).cost_to((4, 0)) == 4.0


def test_gm_waypoints_are_followed_in_order() -> None:
    tc = tc_for("""
    .....
    .^^^.
    .....
    """)
    direct = path_through(tc, waypoints=[(0, 1), (4, 1)])
    through = path_through(tc, waypoints=[(0, 1), (2, 1), (4, 1)])
    assert direct.cost_yd == 4.0 and through.cost_yd == 5.0
    assert (2, 1) in through.squares


def test_repeated_waypoints_and_the_start_are_ignored() -> None:
    tc = tc_for("....\n....")
    pc = path_through(tc, waypoints=[(0, 0), (0, 0), (2, 0), (2, 0)])
    assert pc.cost_yd == 2.0 and pc.squares == ((0, 0), (1, 0), (2, 0))


def test_jump_over_a_stream_rather_than_swim() -> None:
    tc = tc_for("..~~...", agility_mod=1)  # 3 yards standing
    pc = path_through(tc, waypoints=[(1, 0), (4, 0)])
    assert [s.kind for s in pc.steps] == ["jump_across"] and pc.cost_yd == 3.0
    rm = reachable(tc, start=(1, 0), budget_yd=8)
    assert rm.cost_to((4, 0)) == 3.0  # jumping it (swimming across would cost 5)
    swimmer = tc_for("..~~...", agility_mod=1, traits=frozenset({"swim"}))
    assert reachable(swimmer, start=(1, 0), budget_yd=8).cost_to((4, 0)) == 3.0


def test_the_run_up_is_moved_on_foot_not_swum_or_climbed() -> None:
    """Seed SotDL: Jump Across ("If you moved at least 2 yards before making the jump, increase
    the distance by 2 yards"); issue 15: a swimmer cannot take a run-up. Yards swum or climbed
    move the creature but build no run-up; yards walked do, wherever they were walked."""
    stream = tc_for(".~~~.~~~.", agility_mod=0)  # 2 yards standing, 4 after a run-up
    drawn = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (8, 0)]
    swum = describe_path(stream, drawn)
    assert [s.kind for s in swum.steps][-1] == "too_far"  # 7 yards moved, 1 of them on foot
    assert swum.ran_yd == 1.0
    around = path_through(stream, waypoints=drawn)
    assert "jump_across" not in [s.kind for s in around.steps]  # it swims the second stream
    assert math.isinf(reachable(stream, start=(0, 0), budget_yd=11).cost_to((8, 0)))
    walked = tc_for("...~~~.", agility_mod=0)
    rm = reachable(walked, start=(0, 0), budget_yd=9)
    assert rm.path_to((6, 0)) == [(0, 0), (1, 0), (2, 0), (6, 0)] and rm.cost_to((6, 0)) == 6
    ledge = tc_for("02200022", agility_mod=0)  # climbed up 2 yards, then 1 yard on foot
    climbed = describe_path(ledge, [(0, 0), (1, 0), (2, 0), (6, 0)])
    assert [s.kind for s in climbed.steps] == ["climb", "walk", "too_far"]
    assert math.isinf(reachable(ledge, start=(0, 0), budget_yd=10).cost_to((6, 0)))
    # the run-up already taken this turn (the Mover's moved_yd: yards on foot) counts
    ran = tc_for("02200022", agility_mod=0, moved_yd=2.0)
    assert reachable(ran, start=(0, 0), budget_yd=10).cost_to((6, 0)) == 5 + 1 + 4


def test_a_running_jump_up_is_taken_where_it_is_cheaper_than_the_climb() -> None:
    """Of the ways over an edge the cheaper: a running jump up pays the vertical yards once,
    a climb twice (Seed SotDL: Climb, difficult terrain); a climber pays once either way and
    climbs (no run-up needed)."""
    tc = tc_for("....1", agility_mod=3)  # 1 yard = 3 feet: jumped after the run-up
    rm = reachable(tc, start=(0, 0), budget_yd=10)
    assert rm.cost_to((4, 0)) == 3 + (1 + 1)
    pc = describe_path(tc, [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)])
    assert pc.steps[-1].kind == "jump_up" and pc.cost_yd == 5
    standing = path_through(tc, waypoints=[(3, 0), (4, 0)])
    assert standing.steps[-1].kind == "climb" and standing.cost_yd == 3
    climber = tc_for("....1", agility_mod=3, traits=frozenset({"climb"}))
    pc = path_through(climber, waypoints=[(0, 0), (4, 0)])
    assert pc.steps[-1].kind == "climb" and pc.cost_yd == 3 + 2


@pytest.mark.parametrize("agility", [0, 3, 6])
@pytest.mark.parametrize("stair", ["0123456789", "0112233445", "0012340000", "0101010101"])
def test_a_climb_builds_no_run_up_whether_or_not_the_window_holds_water(
    stair: str, agility: int
) -> None:
    """Seed SotDL: Jump / Climb (game.rules.run_up: climbing builds no run-up): a running jump
    up taken without its run-up is a climb, and those climbed yards are no run-up for the next
    jump. The area answers what walking the path step by step does, and a pool at the far
    end of the window (a swim in the window) changes nothing up the stair."""
    dry = tc_for(stair, agility_mod=agility)
    wet = tc_for("~" + stair[1:], agility_mod=agility)
    for tc in (dry, wet):
        rm = reachable(tc, start=(1, 0), budget_yd=20)
        for x in range(2, len(stair)):
            path = rm.path_to((x, 0))
            if path is None:
                continue
            walked = describe_path(tc, path)
            assert walked.cost_yd == rm.cost_to((x, 0)), (stair, agility, x, path)
    dry_rm = reachable(dry, start=(1, 0), budget_yd=20)
    wet_rm = reachable(wet, start=(1, 0), budget_yd=20)
    assert [dry_rm.cost_to((x, 0)) for x in range(1, len(stair))] == [
        wet_rm.cost_to((x, 0)) for x in range(1, len(stair))
    ]


def test_a_diagonal_jump_over_terraces_does_not_hang_on_a_pit_elsewhere() -> None:
    """Seed SotDL: Jump Across: on terraces where no side-by-side step is a drop, only the
    diagonal one, a jump takes off diagonally over the lower square. Whether the search
    finds it does not depend on a pit lying somewhere else in its window (it used to look
    for take-offs beside a drop in the 4 directions only, and the jump list in all 8), and
    what it finds is what walking the path step by step costs."""
    from game.rules.battlefield import Battlefield

    def terraces(pit: bool) -> Battlefield:
        bf = Battlefield.blank(40, 30)
        for y in range(30):
            for x in range(40):
                bf.elevation[y, x] = 0.5 * abs(x - 16) + 0.5 * abs(y - 14)
        if pit:
            bf.elevation[0, 30] = -10.0  # far off, inside a rush's window only
        return bf

    start = (15, 13)
    costs = []
    for pit in (False, True):
        tc = terrain_costs(terraces(pit), mover=Mover(moved_yd=2.0))  # run-up taken
        e = tc.elev
        assert e[13, 15] - e[14, 16] > tc.rules.step_up_yd  # a drop diagonally ...
        assert e[13, 15] - e[13, 16] <= tc.rules.step_up_yd  # ... and none side by side
        assert tc.gap[13, 15]
        for budget in (10, 20):
            rm = reachable(tc, start=start, budget_yd=budget)
            near = {sq: c for sq, c in rm.squares().items() if c <= 10}
            for sq in list(near)[::7]:
                path = rm.path_to(sq)
                assert path is not None
                assert describe_path(tc, path).cost_yd == rm.cost_to(sq), (sq, path)
            costs.append(near)
    assert all(c == costs[0] for c in costs[1:])  # with or without the pit, any budget
