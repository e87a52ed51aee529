"""Seed OSR: Elemental and Other Damage (lightning, fire, acid) and damage reduction."""

from __future__ import annotations

import pytest

from game.rulesets.osr.dice import fixed_roller, parse_dice
from game.rulesets.osr.elemental import (
    ACID,
    FIRE,
    LIGHTNING,
    PHYSICAL,
    acid_tick,
    apply_damage_reduction,
    burn_tick,
    roll_damage,
)


def test_lightning_eights_explode_and_chain() -> None:
    r = roll_damage(fixed_roller([8, 3, 8, 8, 2]), "2d8", LIGHTNING)
    assert r.faces == (8, 3)
    assert r.extra_faces == (8, 8, 2)  # each 8, the extra ones too, adds a d8
    assert r.total == 8 + 3 + 8 + 8 + 2


def test_lightning_without_eights_does_not_explode() -> None:
    r = roll_damage(fixed_roller([7, 1]), "2d8+1", LIGHTNING)
    assert r.extra_faces == () and r.total == 9


def test_physical_eights_do_not_explode() -> None:
    r = roll_damage(fixed_roller([8]), "1d8", PHYSICAL)
    assert r.extra_faces == () and r.total == 8


def test_fire_counts_fours_as_burning() -> None:
    r = roll_damage(fixed_roller([4, 4, 1]), "3d6", FIRE)
    assert r.burning == 2 and r.total == 9


def test_burning_rolls_that_many_d4_and_drops_by_one() -> None:
    t = burn_tick(fixed_roller([2, 3]), 2)
    assert (t.damage, t.burning_after) == (5, 1)
    t2 = burn_tick(fixed_roller([1]), t.burning_after)
    assert (t2.damage, t2.burning_after) == (1, 0)


def test_burning_grows_with_each_four_rolled() -> None:
    t = burn_tick(fixed_roller([4, 4]), 2)
    assert t.burning_after == 3  # 2 - 1 + 2


def test_no_burning_rolls_nothing() -> None:
    t = burn_tick(fixed_roller([]), 0)
    assert t.damage == 0 and t.faces == ()


def test_acid_counts_sixes() -> None:
    r = roll_damage(fixed_roller([6, 6, 2]), "3d6", ACID)
    assert r.corrosion == 2 and r.total == 14
    assert acid_tick(fixed_roller([6]), "1d6").corrosion == 1
    assert acid_tick(fixed_roller([5]), "1d6").corrosion == 0


def test_damage_reduction_and_prone_ignores_it() -> None:
    assert apply_damage_reduction(6, 2) == 4
    assert apply_damage_reduction(1, 3) == 0
    assert apply_damage_reduction(6, 2, ignore=True) == 6


def test_bad_dice_expression() -> None:
    with pytest.raises(ValueError):
        parse_dice("two d six")


def test_fixed_roller_checks_faces() -> None:
    with pytest.raises(ValueError):
        fixed_roller([9])(8)
    with pytest.raises(ValueError):
        fixed_roller([])(6)
