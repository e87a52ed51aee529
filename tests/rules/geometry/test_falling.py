"""Falls (Seed SotDL: Jump Down; damage by the ruleset file's params.falling)."""

from __future__ import annotations

import pytest

from game.rules.ascii_grid import parse_ascii
from game.rules.body import Body
from game.rules.definitions import RulesetDef
from game.rules.geometry.falling import FallingRule, fall, fall_damage_dice


def test_default_rule_one_d6_per_two_yards() -> None:
    assert [fall_damage_dice(h) for h in (0, 1.9, 2, 3, 4, 5, 10)] == [
        "",
        "",
        "1d6",
        "1d6",
        "2d6",
        "2d6",
        "5d6",
    ]
    assert fall_damage_dice(1000) == "20d6"


def test_rule_comes_from_the_ruleset_params() -> None:
    rs = RulesetDef(
        "x",
        "x",
        params={
            "falling": {
                "step_yd": 3,
                "damage_dice": "1d6",
                "min_height_yd": 3,
                "max_damage_dice": "5d6",
            }
        },
    )
    rule = FallingRule.from_ruleset(rs)
    assert [fall_damage_dice(h, rule=rule) for h in (2, 3, 9, 60)] == ["", "1d6", "3d6", "5d6"]
    with pytest.raises(ValueError, match="falling damage dice"):
        fall_damage_dice(9, rule=FallingRule(damage_dice="lots"))


def test_flyer_falls_to_the_ground_below_and_lands_prone() -> None:
    bf = parse_ascii("""
    .3
    """)
    f = fall(bf, body=Body((1, 0), elevation_yd=9.0))
    assert (f.height_yd, f.body.elevation_yd, f.damage_dice, f.lands_prone) == (
        6.0,
        3.0,
        "3d6",
        True,
    )


def test_the_shipped_sotdl_file_is_read() -> None:
    from game.io.config import load_definitions
    from game.rules.geometry.pathing import MoveRules

    rs = load_definitions().rulesets["sotdl"]
    rule = FallingRule.from_ruleset(rs)
    assert (rule.min_height_yd, rule.step_yd, rule.damage_dice) == (2, 2, "1d6")
    mr = MoveRules.from_ruleset(rs)
    assert (mr.crawl_multiplier, mr.safe_drop_yd, mr.run_up_yd, mr.across_base_yd) == (2, 5, 2, 2)
    assert mr.diagonal_rule == rs.diagonal_rule
