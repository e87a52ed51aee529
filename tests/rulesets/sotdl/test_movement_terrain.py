"""Seed SotDL: Balance, Climb, Swim, Jump, Fly, falls, forced movement over ledges, grabs
ending out of reach, Sneak."""

from __future__ import annotations

from typing import Any

from game.rules.engine import AdvancePhase, Answer, Engine
from game.rulesets.sotdl.commands import (
    Afflict,
    BeginCombat,
    Grab,
    Move,
    Shove,
    StartTurn,
)
from game.rulesets.sotdl.falling import StayAirborne
from game.rulesets.sotdl.movement.commands import Sneak, Teleport
from tests.rulesets.sotdl.helpers import check_replay, make, of, ok, rejected


def field(picture: str, **who: tuple[str, tuple[int, int], dict[str, Any]]) -> Engine:
    w = len(picture.strip().splitlines()[0].strip())
    h = len(picture.strip().splitlines())
    who.setdefault("lurker", ("foes", (w - 1, h - 1), {"weapons": ()}))
    eng = make(picture, dict(who))
    ok(eng, BeginCombat())
    return eng


ICE = """
.==......
.........
"""


def test_balance_success_goes_on_at_difficult_cost() -> None:
    eng = field(ICE, hero=("pcs", (0, 0), {"speed": 6}))
    evs = ok(eng, Move("hero", ((1, 0), (2, 0), (3, 0))), dice=(12,))
    assert [e.cost_yd for e in of(evs, "Stepped")] == [2.0, 2.0, 1.0]
    assert len(of(evs, "RollMade")) == 1 and of(evs, "RollMade")[0].attribute == "agility"
    assert eng.state.creatures["hero"].square == (3, 0)


def test_balance_failure_stops_zero_or_less_prone() -> None:
    eng = field(ICE, hero=("pcs", (0, 0), {"speed": 6}))
    evs = ok(eng, Move("hero", ((1, 0), (2, 0), (3, 0))), dice=(5,))
    assert eng.state.creatures["hero"].square == (1, 0) and of(evs, "MoveStopped")
    assert not eng.state.creatures["hero"].has("prone")
    eng = field(ICE, hero=("pcs", (0, 0), {"speed": 6, "agility": 8}))
    ok(eng, Move("hero", ((1, 0), (2, 0))), dice=(1,))
    assert eng.state.creatures["hero"].has("prone")


def test_balance_on_a_perch_falls() -> None:
    # a treacherous beam 5 yards up (the ASCII legend has no elevated ice: set it by hand)
    eng2 = field(
        """
    55555
    00000
    """,
        hero=("pcs", (0, 0), {"speed": 6, "agility": 8}),
    )
    bf = eng2.state.battlefield
    from game.rules.battlefield import Terrain

    bf.terrain[0, 1] = Terrain.TREACHEROUS
    bf.surface_banes[0, 1] = 1
    evs = ok(eng2, Move("hero", ((1, 0),)), dice=(1, 3, 2, 2))
    fell = of(evs, "Fell")
    assert fell and fell[0].height_yd == 5.0 and fell[0].damage_dice == "2d6"
    assert eng2.state.creatures["hero"].has("prone")
    assert of(evs, "RollMade")[0].net_boons == -1  # the surface's bane


CLIFF = """
..H3
....
"""


def test_climbing_costs_double_and_a_slick_surface_asks_strength() -> None:
    eng = field(CLIFF, hero=("pcs", (0, 0), {"speed": 12}))
    evs = ok(eng, Move("hero", ((3, 0),)))
    assert [e.how for e in of(evs, "Stepped")][-1] == "climb"
    assert sum(e.cost_yd for e in of(evs, "Stepped")) == 1 + 1 + 1 + 6
    assert eng.state.creatures["hero"].body.elevation_yd == 3.0
    eng = field(CLIFF, hero=("pcs", (0, 0), {"speed": 12, "strength": 8}))
    eng.state.battlefield.surface_banes[0, 3] = 1
    evs = ok(eng, Move("hero", ((3, 0),)), dice=(1, 2))
    assert of(evs, "RollMade")[0].attribute == "strength"
    assert of(evs, "Fell")  # total 0 or less: falls
    assert eng.state.creatures["hero"].body.elevation_yd == 0.0


def test_a_failed_climb_or_balance_stops_moving_for_the_rest_of_the_turn() -> None:
    """Seed SotDL: Climb, Balance: "If the result of the roll is a failure, you stop moving on
    that turn": the yards left are lost, a second move in the same slow turn is refused (for a
    rider whose mount fails, the rider's movement too)."""
    eng = field(CLIFF, hero=("pcs", (0, 0), {"speed": 12, "strength": 10}))
    eng.state.battlefield.surface_banes[0, 3] = 1
    ok(eng, StartTurn("hero", "slow"))
    evs = ok(eng, Move("hero", ((3, 0),)), dice=(5, 1))  # 5 - 1 bane: a failure, not 0 or less
    assert not of(evs, "RollMade")[0].success and not of(evs, "Fell")
    assert eng.state.creatures["hero"].turn.move_budget_yd == 0.0
    assert rejected(eng, Move("hero", ((0, 1),))) == ["too_far"]
    eng = field(ICE, hero=("pcs", (0, 0), {"speed": 8}))
    ok(eng, StartTurn("hero", "slow"))
    ok(eng, Move("hero", ((1, 0), (2, 0))), dice=(7,))
    assert rejected(eng, Move("hero", ((0, 0),))) == ["too_far"]


RIVER = """
.ww.....
........
"""


def test_rough_water_failure_no_progress_zero_sinks() -> None:
    eng = field(RIVER, hero=("pcs", (0, 0), {"speed": 8}))
    evs = ok(eng, Move("hero", ((1, 0), (2, 0), (3, 0))), dice=(12,))
    assert eng.state.creatures["hero"].square == (3, 0)
    eng = field(RIVER, hero=("pcs", (0, 0), {"speed": 8}))
    evs = ok(eng, Move("hero", ((1, 0), (2, 0), (3, 0))), dice=(5,))
    assert eng.state.creatures["hero"].square == (0, 0) and of(evs, "MoveStopped")
    eng = field(RIVER, hero=("pcs", (0, 0), {"speed": 8, "strength": 8}))
    ok(eng, Move("hero", ((1, 0),)), dice=(1,))
    assert eng.state.creatures["hero"].has("sinking")
    swimmer = field(RIVER, fish=("pcs", (0, 0), {"speed": 8, "movement": frozenset({"swim"})}))
    evs = ok(swimmer, Move("fish", ((3, 0),)))
    assert not of(evs, "RollMade") and sum(e.cost_yd for e in of(evs, "Stepped")) == 3


PIT = """
3330033333
3333333333
"""


def test_jump_across_a_pit_after_a_run_up() -> None:
    eng = field(PIT.replace("3333333333\n", "3330033333\n", 0), hero=("pcs", (0, 0), {"speed": 10}))
    evs = ok(eng, Move("hero", ((1, 0), (2, 0), (5, 0))))
    assert [e.how for e in of(evs, "Stepped")] == ["walk", "walk", "jump_across"]
    assert eng.state.creatures["hero"].turn.move_budget_yd == 10 - 5


def test_running_out_of_movement_mid_jump_over_a_pit_falls() -> None:
    eng = field(PIT, hero=("pcs", (0, 0), {"speed": 4}))
    evs = ok(eng, Move("hero", ((1, 0), (2, 0), (5, 0))))
    assert of(evs, "Fell") and eng.state.creatures["hero"].has("prone")
    assert eng.state.creatures["hero"].body.elevation_yd == 0.0
    check_replay(eng)  # Jumped, Fell: replay and undo/redo round-trip


def test_jump_down_is_safe_below_five_yards_deliberate_drop_is_a_fall() -> None:
    eng = field(
        """
    44000
    66000
    """,
        hero=("pcs", (1, 0), {"speed": 8}),
        gob=("pcs", (1, 1), {"speed": 10}),
    )
    evs = ok(eng, Move("hero", ((2, 0),)))
    assert of(evs, "Stepped")[0].how == "jump_down" and of(evs, "Stepped")[0].cost_yd == 5
    assert not of(evs, "Fell")
    evs = ok(eng, Move("gob", ((2, 1),)), dice=(2, 2, 2))
    fell = of(evs, "Fell")
    assert fell and fell[0].height_yd == 6 and fell[0].damage == 6
    assert eng.state.creatures["gob"].has("prone")
    check_replay(eng)


def test_shoved_over_a_ledge_falls() -> None:
    eng = field(
        """
    66660000
    66660000
    """,
        brute=("foes", (1, 0), {"strength": 14}),
        hero=("pcs", (2, 0), {}),
    )
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    evs = ok(eng, Shove("brute", "hero"), dice=(20, 3, 3, 3))
    assert of(evs, "Fell") and eng.state.creatures["hero"].square == (4, 0)
    assert eng.state.creatures["hero"].body.elevation_yd == 0.0


def test_flyer_knocked_prone_falls() -> None:
    eng = field(
        """
    ......
    ......
    """,
        bat=("foes", (2, 0), {"movement": frozenset({"fly"}), "size": 0.5}),
        hero=("pcs", (1, 0), {"strength": 14}),
    )
    ok(eng, Teleport("bat", (2, 0), 6.0))  # up in the air
    assert eng.state.creatures["bat"].body.elevation_yd == 6.0
    evs = ok(eng, Afflict("bat", "stunned", 1), dice=(1, 1, 1))
    assert of(evs, "Fell") and eng.state.creatures["bat"].body.elevation_yd == 0.0


def test_flyers_ignore_ground_terrain() -> None:
    eng = field(
        """
    .^^^w#..
    ........
    """,
        bat=("pcs", (0, 0), {"movement": frozenset({"fly"}), "speed": 4}),
    )
    ok(eng, Teleport("bat", (0, 0), 3.0))
    evs = ok(eng, Move("bat", ((4, 0),)))
    assert sum(e.cost_yd for e in of(evs, "Stepped")) == 4


def test_turbulent_air_strength_challenge() -> None:
    eng = field("......\n......", bat=("pcs", (0, 0), {"movement": frozenset({"fly"})}))
    ok(eng, Teleport("bat", (0, 0), 4.0))
    evs = ok(eng, StayAirborne("bat", 1), dice=(3, 4, 2, 2))
    assert of(evs, "Fell")


def test_grab_ends_when_the_grabber_can_no_longer_reach() -> None:
    eng = field(
        """
    ........
    ........
    """,
        hero=("pcs", (1, 0), {"strength": 14}),
        orc=("foes", (2, 0), {}),
    )
    ok(eng, StartTurn("hero", "slow"))
    ok(eng, Grab("hero", "orc"), dice=(20,))
    assert eng.state.creatures["orc"].has("grabbed")
    out = eng.submit(Move("hero", ((0, 0),)))
    assert out.pending is not None  # the orc is grabbed, not helpless: it may attack
    evs = ok(eng, Answer("pending", "decline"))
    assert not eng.state.creatures["orc"].has("grabbed")
    assert of(evs, "AfflictionEnded")


def test_sneak_rolls_agility_and_records_the_noise() -> None:
    eng = field("........\n........", hero=("pcs", (0, 0), {}))
    ok(eng, Sneak("hero", ((3, 0),), banes=1), dice=(4, 6))
    assert eng.state.creatures["hero"].data["noise"] == "loud"  # 4 - 6 <= 0
    assert eng.state.creatures["hero"].square == (3, 0)


def test_flyers_climb_and_dive_with_three_part_waypoints() -> None:
    eng = field("........\n........", bat=("pcs", (0, 0), {"movement": frozenset({"fly"}),
                                                          "speed": 6}))
    evs = ok(eng, Move("bat", ((3, 0, 3.0),)))  # 3 across and 3 up: 3 yards (chebyshev)
    st = of(evs, "Stepped")
    assert [e.elevation_yd for e in st] == [1.0, 2.0, 3.0] and sum(e.cost_yd for e in st) == 3
    evs = ok(eng, Move("bat", ((3, 0, 0.0),)))  # straight down: 3 yards, no fall
    assert of(evs, "Stepped")[-1].elevation_yd == 0.0 and not of(evs, "Fell")
    walker = field("........", hero=("pcs", (0, 0), {}))
    assert rejected(walker, Move("hero", ((2, 0, 3.0),))) == ["bad_path"]


def test_jumps_beyond_the_rule_ask_the_gms_agility_challenge() -> None:
    # the foot of the rise is marked unclimbable: jumping is the only way up
    eng = field(".X1.....\n........", hero=("pcs", (1, 0), {"agility": 12}))
    evs = ok(eng, Move("hero", ((2, 0),)), dice=(15,))  # 1 yard up: more than 1 foot standing
    assert of(evs, "RollMade")[0].label == "jump higher than the rule allows"
    assert eng.state.creatures["hero"].body.elevation_yd == 1.0
    eng = field(".X1.....\n........", hero=("pcs", (1, 0), {"agility": 12}))
    evs = ok(eng, Move("hero", ((2, 0),)), dice=(3,))  # fails: back at the foot, prone
    h = eng.state.creatures["hero"]
    assert h.square == (1, 0) and h.body.elevation_yd == 0.0 and h.has("prone")
    trench = "333XXX33333\n333XXX33333"  # an unclimbable pit: only a jump crosses
    pit = field(trench, hero=("pcs", (2, 0), {"speed": 10}))  # a 3-yard gap, 2 allowed standing
    evs = ok(pit, Move("hero", ((6, 0),)), dice=(3, 2, 2))
    fell = of(evs, "Fell")
    assert fell and tuple(fell[0].square) == (5, 0) and fell[0].height_yd == 3.0
