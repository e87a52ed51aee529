"""Encounter files: sides, creatures, squares checked against the map, map placements merged."""
# ruff: noqa: E501  (expected messages read best as one line each, as a GM sees them)

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from game.io.config import (
    encounter_roster,
    load_definitions,
    load_encounter,
)
from game.io.errors import InputErrors
from game.rules.battlefield import Battlefield, Placement
from game.rules.definitions import Definitions

ROOT = Path(__file__).resolve().parents[2]
MAP = """\
map: |
  ascii:
  ......
  ...#..
  ......
  ......
"""
HEAD = (
    MAP
    + """\
ruleset: sotdl
sides:
  party: {name: The Party, controller: players}
  foes: gm
"""
)


@pytest.fixture(scope="module")
def defs() -> Definitions:
    return load_definitions()


def write(tmp_path: Path, text: str, name: str = "enc.yaml") -> Path:
    path = tmp_path / name
    path.write_text(dedent(text), encoding="utf-8")
    return path


def errors(path: Path, defs: Definitions) -> list[str]:
    with pytest.raises(InputErrors) as info:
        load_encounter(path, defs)
    return [str(e).replace(f"{path.parent}/", "") for e in info.value.errors]


def test_a_valid_encounter(tmp_path: Path, defs: Definitions) -> None:
    path = write(
        tmp_path,
        HEAD
        + dedent("""\
        surprise_possible: [foes]
        creatures:
          - {creature: human_knight, side: party, square: [0, 0], name: Ser Aldric, mounted_on: Thunder}
          - {creature: warhorse, side: party, square: [0, 0], name: Thunder}
          - {creature: goblin, side: foes, square: [5, 3], elevation_yd: 0}
        params: {note_yd: 3}
        """),
    )
    enc = load_encounter(path, defs)
    assert enc.id == "enc" and enc.ruleset == "sotdl"
    assert [(s.id, s.name, s.controller) for s in enc.sides] == [
        ("party", "The Party", "players"),
        ("foes", "Foes", "gm"),
    ]
    assert enc.surprise_possible == ("foes",)
    assert [(c.creature_id, c.square, c.mounted_on) for c in enc.creatures] == [
        ("human_knight", (0, 0), "Thunder"),
        ("warhorse", (0, 0), ""),
        ("goblin", (5, 3), ""),
    ]
    assert enc.params["note_yd"] == 3
    assert enc.map_path.startswith("ascii:")


def test_unknown_ruleset_side_and_creature(tmp_path: Path, defs: Definitions) -> None:
    path = write(
        tmp_path,
        HEAD.replace("ruleset: sotdl", "ruleset: sotld")
        + dedent("""\
        surprise_possible: [foe]
        creatures:
          - creature: goblim
            side: foes
            square: [1, 1]
          - creature: goblin
            side: foe
            square: [2, 1]
        """),
    )
    assert errors(path, defs) == [
        "enc.yaml:7: encounter 'enc': unknown ruleset 'sotld' (did you mean 'sotdl'?)",
        "enc.yaml:11: encounter 'enc': 'surprise_possible' item 1 is an unknown side 'foe' (did you mean 'foes'?)",
        "enc.yaml:13: encounter 'enc': creature 1 (goblim): unknown creature 'goblim' (did you mean 'goblin'?)",
        "enc.yaml:17: encounter 'enc': creature 2 (goblin): unknown side 'foe' (did you mean 'foes'?) "
        "(this encounter's sides: foes, party)",
    ]


def test_positions_off_the_map_impassable_and_taken(tmp_path: Path, defs: Definitions) -> None:
    path = write(
        tmp_path,
        HEAD
        + dedent("""\
        creatures:
          - {creature: goblin, side: foes, square: [6, 0]}
          - {creature: ogre_brute, side: foes, square: [5, 2]}
          - {creature: goblin, side: foes, square: [3, 1]}
          - {creature: goblin, side: foes, square: [0, 0]}
          - {creature: warg, side: foes, square: [0, 0]}
          - {creature: giant_bat, side: foes, square: [0, 0], elevation_yd: 3}
          - {creature: goblin, side: foes, square: [-1, 2]}
        """),
    )
    assert errors(path, defs) == [
        "enc.yaml:12: encounter 'enc': Goblin: square [6, 0] is off the map (6 x 4 squares: x 0-5, y 0-3)",
        "enc.yaml:13: encounter 'enc': Ogre Brute: square [5, 2] (2x2 space) is off the map "
        "(6 x 4 squares: x 0-5, y 0-3)",
        "enc.yaml:14: encounter 'enc': Goblin: square [3, 1] is impassable",
        "enc.yaml:16: encounter 'enc': Warg: square [0, 0] is already taken by Goblin",
        "enc.yaml:18: encounter 'enc': Goblin: square [-1, 2] is off the map (6 x 4 squares: x 0-5, y 0-3)",
    ]


def test_wrong_shapes_and_missing_fields(tmp_path: Path, defs: Definitions) -> None:
    path = write(
        tmp_path,
        dedent("""\
        ruleset: sotdl
        sides:
          party: {controller: player}
        use_map_placements: maybe
        creatures:
          - {creature: goblin, square: [1, 2, 3]}
          - goblin
        """),
    )
    assert errors(path, defs) == [
        "enc.yaml:4: encounter 'enc': 'use_map_placements' must be true or false, not text 'maybe'",
        "enc.yaml:1: encounter 'enc': missing required field 'map'",
        "enc.yaml:3: encounter 'enc': side 'party': 'controller' must be one of gm, players, not 'player' "
        "(did you mean 'players'?)",
        "enc.yaml:6: encounter 'enc': creature 1 (goblin): 'square' must be a square [x, y] of two whole "
        "numbers, not [1, 2, 3]",
        "enc.yaml:6: encounter 'enc': creature 1 (goblin): missing required field 'side'",
        "enc.yaml:7: encounter 'enc': creature 2 must be a mapping of 'field: value' lines, not text 'goblin'",
    ]


def test_riders_need_a_larger_rideable_mount(tmp_path: Path, defs: Definitions) -> None:
    path = write(
        tmp_path,
        HEAD
        + dedent("""\
        creatures:
          - {creature: goblin, side: foes, square: [1, 0], name: Grik, mounted_on: Fang}
          - {creature: warg, side: foes, square: [1, 0], name: Fang}
          - {creature: human_guard, side: foes, square: [4, 0], mounted_on: Bess}
          - {creature: goblin, side: foes, square: [2, 2], name: Bess}
          - {creature: human_knight, side: party, name: Ser Hugh, mounted_on: Nag}
          - {creature: goblin, side: foes, square: [4, 3], name: Nag}
        """),
    )
    assert errors(path, defs) == [
        "enc.yaml:14: encounter 'enc': Guard: cannot ride 'Bess': Goblin cannot be ridden",
        "enc.yaml:16: encounter 'enc': Ser Hugh: cannot ride 'Nag': Goblin cannot be ridden",
    ]


def test_map_paths_relative_to_the_file_then_the_project(tmp_path: Path, defs: Definitions) -> None:
    path = write(tmp_path, HEAD.replace(MAP, "map: maps/nowhere.tmx\n"))
    [line] = errors(path, defs)
    assert line.startswith(
        "enc.yaml:1: encounter 'enc': map 'maps/nowhere.tmx' not found (looked for "
    )
    assert line.endswith(f"(looked for maps/nowhere.tmx, {ROOT / 'maps' / 'nowhere.tmx'})")


def test_roster_merges_map_placements() -> None:
    from dataclasses import replace

    from game.rules.definitions import EncounterCreature, EncounterDef, Side

    bf = replace(
        Battlefield.blank(5, 5),
        placements=(
            Placement("goblin", "foes", (1, 1), "Grik", None, "m.tmx: object 3"),
            Placement("warg", "foes", (2, 2), "Fang", None, "m.tmx: object 4"),
        ),
    )
    enc = EncounterDef(
        "e",
        "E",
        "m.tmx",
        "sotdl",
        (Side("foes", "Foes", "gm"),),
        creatures=(
            EncounterCreature("goblin", "foes", None, name="Grik", mounted_on=""),
            EncounterCreature("goblin", "foes", None, name="Snik", mounted_on="Fang"),
        ),
    )
    assert [(c.name, c.square) for c in encounter_roster(enc, bf)] == [
        ("Fang", (2, 2)),
        ("Grik", (1, 1)),
        ("Snik", (2, 2)),
    ]
    assert [c.name for c in encounter_roster(replace(enc, use_map_placements=False), bf)] == [
        "Grik",
        "Snik",
    ]


@pytest.mark.skipif(not (ROOT / "maps" / "courtyard.tmx").is_file(), reason="maps not shipped yet")
def test_tmx_map_bounds_come_from_the_map(tmp_path: Path, defs: Definitions) -> None:
    path = write(
        tmp_path,
        HEAD.replace(MAP, f"map: {ROOT / 'maps' / 'courtyard.tmx'}\n")
        + "use_map_placements: false\ncreatures:\n  - {creature: goblin, side: foes, square: [500, 1]}\n",
    )
    [line] = errors(path, defs)
    assert line.startswith("enc.yaml:8: encounter 'enc': Goblin: square [500, 1] is off the map (")


def test_a_rider_on_an_unknown_creature_is_one_mistake(tmp_path: Path, defs: Definitions) -> None:
    path = write(
        tmp_path,
        HEAD
        + dedent("""\
        creatures:
          - {creature: goblin, side: foes, square: [1, 0], mounted_on: Fang}
          - {creature: wargh, side: foes, square: [1, 0], name: Fang}
        """),
    )
    assert errors(path, defs) == [
        "enc.yaml:13: encounter 'enc': creature 2 (wargh): unknown creature 'wargh' (did you mean 'warg'?)"
    ]


def test_entries_without_squares_need_a_placement_or_a_mount(tmp_path: Path, defs: Definitions) -> None:
    path = write(tmp_path, HEAD + dedent("""\
        creatures:
          - {creature: goblin, side: foes, mounted_on: Nobody}
          - {creature: goblin, side: foes, name: Grik}
        """))
    assert errors(path, defs) == [
        "enc.yaml:13: encounter 'enc': creature 2 (goblin): no square given and no single map placement named 'Grik' to take it from",
        "enc.yaml:12: encounter 'enc': Goblin: mounted_on 'Nobody' names no other creature of this encounter",
    ]
