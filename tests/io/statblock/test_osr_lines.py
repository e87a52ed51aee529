"""OSR creature lines (Battlemat's own layout: the house rules print none) -> definitions."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.io.config import DEFAULT_CONFIG_DIR, load_definitions
from game.io.statblock import import_text

DATA = Path(__file__).parent / "data" / "osr" / "band.txt"


@pytest.fixture(scope="module")
def shipped():
    return load_definitions(DEFAULT_CONFIG_DIR).weapons


def test_the_numbers_the_osr_rules_use_are_read(shipped) -> None:
    r = import_text(DATA.read_text(), shipped, source="band.txt")
    assert r.system == "osr" and r.ok, r.problems
    cap = r.definitions["bandit_captain"]
    assert (cap.hp, cap.ac, cap.damage_reduction, cap.dex, cap.attack_bonus) == (16, 14, 1, 12, 3)
    assert (cap.paces, cap.speed, cap.morale, cap.lead, cap.bold) == (6, 6, 9, 2, True)
    assert cap.weapons == ("sword", "shortbow")
    assert "mob" in r.definitions["bandit"].tags
    bear = r.definitions["cave_bear"]  # continued on an indented line
    assert (bear.size, bear.strength, bear.morale, bear.bold) == (2, 18, 10, True)
    assert bear.weapons == ("cave_bear_claws", "cave_bear_bite")
    assert r.creatures[2].weapons["cave_bear_bite"] == {
        "name": "Bite", "damage": "1d10", "properties": ["natural"]}
    assert r.definitions["giant_rat"].size == 0.5


@pytest.mark.parametrize("line,message", [
    ("Orc: Size 1, HP 5, AC 12, Move 6; club", "Orc: no morale"),
    ("Orc: Size 1, HP 5, AC 12, Move 6, Morale 7; cudgel", "unknown weapon 'cudgel'"),
    ("Orc: Size 1, HP 5, AC 12, Move 6, Morale 7, Luck 3; club", "unknown number 'Luck 3'"),
    ("Orc: Size 1, HP 5, AC 12, Move 6, Morale 15; club", "Morale 15: must be between 2 and 12"),
    ("Orc: Size 1, HP 5, AC 12, Move 6, Morale 7; claws (lots)", "claws (lots): the damage"),
])
def test_a_bad_line_is_named_and_nothing_is_made(line, message, shipped) -> None:
    r = import_text("Goblin: Size 1/2, HP 3, AC 12, Move 6, Morale 6; club\n" + line, shipped,
                    source="x.txt", system="osr")
    assert not r.ok and not r.definitions and not r.creatures_yaml
    assert any(p.startswith("x.txt:2: ") and message in p for p in r.problems), r.problems
