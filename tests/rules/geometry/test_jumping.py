"""Jump distances and outcomes (Seed SotDL: Jump Up or Down, Jump Across)."""

from __future__ import annotations

from game.rules.definitions import RulesetDef
from game.rules.geometry.jumping import (
    jump_across_max_yd,
    jump_up_max_ft,
    plan_jump_across,
    plan_jump_down,
    plan_jump_up,
)
from game.rules.geometry.pathing import MoveRules


def test_jump_across_distance() -> None:
    assert jump_across_max_yd(agility_mod=3, moved_yd=0) == 5
    assert jump_across_max_yd(agility_mod=3, moved_yd=1.5) == 5
    assert jump_across_max_yd(agility_mod=3, moved_yd=2) == 7
    assert jump_across_max_yd(agility_mod=-2, moved_yd=0) == 1  # minimum 1 yard
    assert jump_across_max_yd(agility_mod=-2, moved_yd=5) == 3


def test_jump_up_height_in_feet() -> None:
    assert jump_up_max_ft(agility_mod=5, moved_yd=0) == 2
    assert jump_up_max_ft(agility_mod=5, moved_yd=2) == 5
    assert jump_up_max_ft(agility_mod=0, moved_yd=0) == 1  # minimum 1 foot


def test_farther_needs_the_gms_challenge() -> None:
    assert plan_jump_across(
        length_yd=6, agility_mod=2, moved_yd=0, budget_left_yd=9, over_gap=True
    ).needs_challenge
    assert not plan_jump_across(
        length_yd=6, agility_mod=2, moved_yd=2, budget_left_yd=9, over_gap=True
    ).needs_challenge
    assert plan_jump_up(height_yd=2, agility_mod=4, moved_yd=4, budget_left_yd=9).needs_challenge


def test_jumped_yards_come_out_of_the_move() -> None:
    assert (
        plan_jump_across(
            length_yd=3, agility_mod=2, moved_yd=0, budget_left_yd=9, over_gap=True
        ).cost_yd
        == 3
    )
    assert plan_jump_up(height_yd=1, agility_mod=6, moved_yd=0, budget_left_yd=9).cost_yd == 1
    assert plan_jump_down(drop_yd=3, budget_left_yd=9).cost_yd == 3


def test_running_out_of_movement_mid_jump() -> None:
    gap = plan_jump_across(length_yd=4, agility_mod=2, moved_yd=0, budget_left_yd=3, over_gap=True)
    assert (gap.outcome, gap.landed_yd) == ("fell", 3.0)
    ground = plan_jump_across(
        length_yd=4, agility_mod=2, moved_yd=0, budget_left_yd=3, over_gap=False
    )
    assert ground.outcome == "landed_prone"
    assert (
        plan_jump_up(height_yd=1, agility_mod=6, moved_yd=0, budget_left_yd=0.5).outcome == "fell"
    )


def test_jump_down_threshold_from_the_ruleset_file() -> None:
    rs = RulesetDef("sotdl", "SotDL", params={"jump": {"safe_drop_yd": 3}})
    rules = MoveRules.from_ruleset(rs)
    assert plan_jump_down(drop_yd=4.9, budget_left_yd=9).outcome == "landed"
    assert plan_jump_down(drop_yd=3, budget_left_yd=9, rules=rules).outcome == "fell"
