"""Typed values in commands are checked like config values (issue 14): huge dice, boons and
numbers, NaN and infinity are refused at once with a violation that names the field."""

from __future__ import annotations

import math

import pytest

from game.rules.engine import parse_dice
from game.rules.engine.values import MAX_BOONS, MAX_DICE, value_problems
from game.rulesets.sotdl.commands import ItemAttack, SpellAttack
from game.rulesets.sotdl.commands_activities import AdjustRoll, DealDamage
from game.rulesets.sotdl.movement.commands import Teleport
from tests.rulesets.sotdl.helpers import duel, ok


@pytest.mark.parametrize("cmd, words", [
    (AdjustRoll("hero", 100_000_000), "boons: 100,000,000 is out of range"),
    (AdjustRoll("hero", -(MAX_BOONS + 1)), "boons:"),
    (DealDamage("foe", 10**12), "amount: 1,000,000,000,000 is out of range"),
    (ItemAttack("hero", "foe", "bomb", damage="999999999d6"), "999999999 dice"),
    (ItemAttack("hero", "foe", "bomb", damage="2d0"), "a d0"),
    (SpellAttack("hero", ("foe",), "ray", damage="1d6+99999999"), "+99999999"),
    (Teleport("hero", (4, 2), math.nan), "elevation_yd: nan is not a number"),
    (Teleport("hero", (4, 2), math.inf), "elevation_yd: inf is not a number"),
    (Teleport("hero", (4, 2), -1e300), "elevation_yd:"),
])
def test_out_of_range_values_are_refused_with_the_field_named(cmd, words) -> None:  # type: ignore[no-untyped-def]
    eng = duel()
    before = eng.state
    out = eng.submit(cmd)
    assert not out.ok and words in out.violations[0].reason
    assert out.violations[0].code in ("bad_value", "bad_dice")
    assert eng.state is before and not eng.history


def test_values_within_the_limits_still_play() -> None:
    eng = duel()
    ok(eng, AdjustRoll("hero", MAX_BOONS))
    assert value_problems(ItemAttack("hero", "foe", "bomb", damage=f"{MAX_DICE}d6+3")) == []
    assert value_problems(Teleport("hero", (4, 2), 2.5)) == []
    assert value_problems(SpellAttack("hero", ("foe", "foe"), "the d20 of doom")) == []


@pytest.mark.parametrize("text", ["999999999d6", "1d100000", "9" * 5000 + "d6", "d0"])
def test_parse_dice_refuses_expressions_no_table_could_roll(text: str) -> None:
    with pytest.raises(ValueError):
        parse_dice(text)
