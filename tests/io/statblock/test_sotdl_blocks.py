"""SotDL stat blocks in the standard layout -> creature definitions (issue 11).

The dozen blocks under data/sotdl/ are ours (not copied from a book): natural weapons, reach,
flying, climbing, swimming, a spirit, Sizes 1/4 to 3, several attacks, thrown and ranged ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.io.config import DEFAULT_CONFIG_DIR, load_definitions
from game.io.statblock import import_text

DATA = Path(__file__).parent / "data" / "sotdl"
BLOCKS = sorted(DATA.glob("*.txt"))


@pytest.fixture(scope="module")
def shipped():
    return load_definitions(DEFAULT_CONFIG_DIR).weapons


def read(name: str, shipped):
    r = import_text((DATA / f"{name}.txt").read_text(), shipped, source=name)
    assert r.ok, r.problems
    (c,) = r.definitions.values()
    return r, c


def test_there_are_a_dozen_blocks_and_each_reads_cleanly(shipped) -> None:
    assert len(BLOCKS) >= 12
    for path in BLOCKS:
        r = import_text(path.read_text(), shipped, source=path.name)
        assert r.ok, (path.name, r.problems)
        assert r.system == "sotdl" and len(r.definitions) == 1


# name: (size, speed, defense, health, perception, (str, agi, int, will), movement, weapons)
EXPECTED = {
    "bog_lurker": (1, 8, 13, 22, 12, (13, 11, 6, 9), {"swim"}, 2),
    "ash_wyrmling": (2, 10, 16, 45, 13, (15, 12, 11, 12), {"fly"}, 2),
    "thorn_imp": (0.5, 12, 14, 7, 11, (7, 14, 10, 10), {"fly"}, 2),
    "grave_warden": (1, 8, 15, 30, 10, (13, 9, 8, 12), set(), 2),
    "hill_giant_thug": (3, 12, 12, 80, 8, (17, 8, 7, 11), set(), 3),
    "cave_spider": (1, 10, 13, 14, 12, (10, 13, 4, 8), {"climb"}, 1),
    "marsh_wisp": (0.25, 14, 17, 9, 13, (5, 16, 9, 13), {"fly"}, 1),
    "temple_guardian": (2, 6, 18, 60, 10, (16, 8, 4, 10), set(), 2),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_every_number_the_engine_uses_is_read(name, shipped) -> None:
    size, speed, defense, health, perception, attrs, movement, n_weapons = EXPECTED[name]
    _, c = read(name, shipped)
    assert (c.size, c.speed, c.defense, c.health, c.perception) == (
        size, speed, defense, health, perception)
    assert (c.strength, c.agility, c.intellect, c.will) == attrs
    assert c.movement == movement and len(c.weapons) == n_weapons


def test_attack_lines_become_weapons_with_reach_boons_and_natural(shipped) -> None:
    r, c = read("hill_giant_thug", shipped)
    trunk, boulder, stomp = (r.creatures[0].weapons[w] for w in c.weapons)
    assert trunk == {"name": "Tree Trunk", "damage": "3d6", "properties": ["reach"],
                     "reach_yd": 2, "attack_boons": 2}
    assert boulder["properties"] == ["range"] and boulder["range_yd"] == 100  # long range
    assert stomp["properties"] == ["natural"] and stomp["damage"] == "2d6"
    r, c = read("dusk_rider", shipped)
    lance = r.creatures[0].weapons["dusk_rider_lance"]
    assert lance["attack_boons"] == -1 and lance["reach_yd"] == 1  # "with 1 bane"
    assert c.weapons[1:] == ("shortbow", "spear")  # plays exactly as the shipped ones


def test_a_melee_line_rolling_agility_is_finesse_and_a_shipped_weapon_is_reused(shipped) -> None:
    r, c = read("marsh_goblin", shipped)
    assert r.creatures[0].weapons["marsh_goblin_club"]["properties"] == ["finesse"]
    assert r.creatures[0].weapons["marsh_goblin_sling"]["range_yd"] == 20  # medium range
    _, adept = read("cultist_adept", shipped)
    assert adept.weapons == ("dagger",)  # melee or short range, +1 = Agility: the dagger


def test_two_lines_of_one_attack_are_two_weapons_and_spirits_have_no_body(shipped) -> None:
    _, guardian = read("temple_guardian", shipped)
    assert guardian.weapons == ("temple_guardian_stone_fist",) * 2
    _, wisp = read("marsh_wisp", shipped)
    assert wisp.physical_body is False and "spirit" in wisp.tags


def test_traits_and_special_actions_are_kept_for_the_gm(shipped) -> None:
    _, lurker = read("bog_lurker", shipped)
    assert "Claws: plus Grab on attack roll 20+" in lurker.description
    assert "Special Attacks: Drag Under When the bog lurker grabs" in lurker.description
    assert "Insanity 0; Corruption 0" in lurker.description


def test_a_block_pasted_from_a_pdf_with_broken_lines_reads_the_same(shipped) -> None:
    text = (DATA / "bog_lurker.txt").read_text()
    broken = text.replace("(1d6 plus Grab on attack roll 20+)",
                          "(1d6 plus Grab\non attack roll 20+)")
    broken = broken.replace(" the target must get", "\nthe target must get")
    r = import_text(broken, shipped)
    assert r.ok, r.problems
    assert r.definitions["bog_lurker"] == import_text(text, shipped).definitions["bog_lurker"]


def test_several_blocks_in_one_text(shipped) -> None:
    text = "\n\n".join(p.read_text() for p in BLOCKS)
    r = import_text(text, shipped)
    assert r.ok, r.problems
    assert len(r.definitions) == len(BLOCKS)


BAD = [
    ("Health", "Defense 13 (thick hide); Health 22", "Defense 13 (thick hide)",
     "line 1: Bog Lurker: no 'Health N' line"),
    ("modifier", "Strength 13 (+3)", "Strength 13 (+2)",
     "line 6: Strength 13 has modifier +3, the line says +2"),
    ("attack", "Bite (melee) +3 (1d6+1)", "Bite +3 1d6+1",
     "line 12: not an attack line"),
    ("roll", "Bite (melee) +3 (1d6+1)", "Bite (melee) +5 (1d6+1)",
     "line 12: Bite: +5 is neither the Strength (+3) nor the Agility (+1) modifier"),
    ("damage", "Bite (melee) +3 (1d6+1)", "Bite (melee) +3 (lots)",
     "line 12: Bite: cannot read the damage 'lots'"),
    ("size", "Size 1 monster", "Size huge monster", "line 2: cannot read the Size"),
    ("range", "Bite (melee) +3 (1d6+1)", "Bite (far away) +3 (1d6+1)",
     "line 12: Bite: 'far away' is neither melee nor a range"),
    ("speed", "Speed 8; swimmer", "Speed fast", "line 7: cannot read 'Speed fast'"),
]


@pytest.mark.parametrize("what,old,new,message", BAD, ids=[b[0] for b in BAD])
def test_a_line_it_cannot_read_is_named_never_defaulted(what, old, new, message, shipped) -> None:
    text = (DATA / "bog_lurker.txt").read_text()
    assert old in text
    r = import_text(text.replace(old, new), shipped, source="paste")
    assert not r.ok and not r.creatures_yaml and not r.definitions
    assert any(p.startswith("paste:" + message.split(":", 1)[0].split()[1] + ":")
               and message.split(": ", 1)[1] in p for p in r.problems), r.problems


def test_text_with_no_block_says_so(shipped) -> None:
    r = import_text("just some words\nabout a goblin", shipped, source="paste")
    assert r.problems == ["paste:1: no stat block found: a block starts with its name, "
                          "then 'Size N ...'"]


def test_two_blocks_of_one_name_are_a_problem(shipped) -> None:
    text = (DATA / "thorn_imp.txt").read_text()
    r = import_text(text + "\n" + text, shipped, source="p")
    assert not r.ok and any("a second creature called 'Thorn Imp'" in p for p in r.problems)
