"""SotDL params checks (game/rulesets/sotdl/params.py): each mistake is one (key, what) pair."""

from __future__ import annotations

from pathlib import Path

from game.io.config import load_definitions
from game.rulesets.sotdl import param_problems
from game.rulesets.sotdl.params import SCHEMA

ROOT = Path(__file__).resolve().parents[3]


def test_a_quoted_boolean_is_not_a_boolean() -> None:
    got = dict(param_problems({"falling": {"lands_prone": "false"},
                               "sight": {"thrown_distant_shot": "yes"}}))
    assert "true or false" in got["falling.lands_prone"]
    assert "without quotes" in got["falling.lands_prone"]
    assert "true or false" in got["sight.thrown_distant_shot"]
    assert param_problems({"falling": {"lands_prone": False}}) == []


def test_wrong_types_ranges_and_dice() -> None:
    got = dict(param_problems({
        "help_range_yd": "five",
        "jump": {"up_min_ft": 1.5, "safe_drop_yd": -1},
        "movement": {"crawl_fraction": 0},
        "falling": {"damage_dice": "1d6+2", "max_damage_dice": "lots"},
        "mounted": {"crushed_damage_dice": "d8"},
        "unarmed_damage": "1d3+x",
        "light": {"dim": "murky"},
        "hidden": 3,
        "cover_banes": {"half": True},
        "damage_while_incapacitated": "gone",
    }))
    assert set(got) == {"help_range_yd", "jump.up_min_ft", "jump.safe_drop_yd",
                        "movement.crawl_fraction", "falling.damage_dice",
                        "falling.max_damage_dice", "unarmed_damage", "light.dim", "hidden",
                        "cover_banes.half", "damage_while_incapacitated"}
    assert "whole number" in got["jump.up_min_ft"] and "at least 0" in got["jump.safe_drop_yd"]
    assert "dice" in got["falling.damage_dice"] and "dice" in got["unarmed_damage"]
    assert "mapping" in got["hidden"] and "partial" in got["light.dim"]


def test_unknown_keys_suggest_the_closest() -> None:
    got = dict(param_problems({"help_rang_yd": 5, "jump": {"saf_drop_yd": 3}, "zzz": 1}))
    assert got["help_rang_yd"].endswith("(did you mean 'help_range_yd'?)")
    assert got["jump.saf_drop_yd"].endswith("(did you mean 'safe_drop_yd'?)")
    assert "did you mean" not in got["zzz"]


def test_every_shipped_key_is_known_and_the_shipped_file_is_clean() -> None:
    params = load_definitions(ROOT / "config").rulesets["sotdl"].params
    assert param_problems(params) == []
    for key, value in params.items():  # nothing in the file escapes the schema
        assert key in SCHEMA
        if isinstance(SCHEMA[key], dict):
            assert set(value) <= set(SCHEMA[key])


def test_every_key_the_code_reads_is_in_the_schema() -> None:
    """Keys read through rs.param("...") in the plug-in are all checked."""
    import re

    code = "".join(p.read_text() for p in (ROOT / "game" / "rulesets" / "sotdl").glob("*.py"))
    read = set(re.findall(r"param\(\s*\"([a-z_.]+)\"", code))
    assert read
    for dotted in read:
        top, _, sub = dotted.partition(".")
        assert top in SCHEMA, dotted
        if sub:
            assert sub in SCHEMA[top], dotted
