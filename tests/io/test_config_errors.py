"""Every kind of config mistake is reported as `file:line: what is wrong`, all of them at once."""
# ruff: noqa: E501  (expected messages read best as one line each, as a GM sees them)

from __future__ import annotations

from pathlib import Path
from textwrap import dedent

import pytest

from game.io.config import load_definitions
from game.io.errors import InputErrors

WEAPONS = """\
weapons:
  sword:
    damage: 1d6
  dagger:
    damage: 1d3
    properties: [finesse, thrown]
    range_yd: 5
"""
CREATURES = """\
creatures:
  guard:
    size: 1
    speed: 10
    defense: 13
    health: 15
    weapons: [sword]
  horse:
    size: 2
    speed: 12
    defense: 11
    health: 20
    can_be_ridden: true
"""
RULESET = "name: Test rules\n"


def make_config(root: Path, **files: str) -> Path:
    """A config folder with a valid base, some files replaced (keys: 'creatures/a.yaml' as c_a)."""
    base = {"weapons.yaml": WEAPONS, "creatures/a.yaml": CREATURES, "rulesets/sotdl.yaml": RULESET}
    for key, text in files.items():
        base[key.replace("__", "/").replace("_DOT_", ".")] = text
    cfg = root / "config"
    for rel, text in base.items():
        if text is None:
            continue
        (cfg / rel).parent.mkdir(parents=True, exist_ok=True)
        (cfg / rel).write_text(dedent(text), encoding="utf-8")
    return cfg


def errors(cfg: Path) -> list[str]:
    """The error lines of loading cfg, with paths relative to it."""
    with pytest.raises(InputErrors) as info:
        load_definitions(cfg)
    return [str(e).replace(f"{cfg}/", "") for e in info.value.errors]


def test_valid_base_loads(tmp_path: Path) -> None:
    defs = load_definitions(make_config(tmp_path))
    assert set(defs.creatures) == {"guard", "horse"}
    assert defs.weapons["dagger"].range_yd == 5
    assert defs.rulesets["sotdl"].name == "Test rules"


def test_unknown_field_suggests_the_close_match(tmp_path: Path) -> None:
    text = CREATURES.replace("    health: 15\n", "    health: 15\n    perceptoin: 12\n")
    assert errors(make_config(tmp_path, creatures__a_DOT_yaml=text)) == [
        "creatures/a.yaml:7: creature 'guard': unknown field 'perceptoin' (did you mean 'perception'?)"
    ]


def test_unknown_field_without_a_close_match_lists_the_known_ones(tmp_path: Path) -> None:
    text = WEAPONS.replace("    damage: 1d6\n", "    damage: 1d6\n    colour: red\n", 1)
    # the guard carries the sword: not reported again as an unknown weapon
    [line] = errors(make_config(tmp_path, weapons_DOT_yaml=text))
    assert line.startswith(
        "weapons.yaml:4: weapon 'sword': unknown field 'colour' (known fields: attack_boons, damage,"
    )


def test_wrong_types(tmp_path: Path) -> None:
    text = CREATURES.replace("speed: 10", "speed: fast").replace(
        "can_be_ridden: true", "can_be_ridden: 3"
    )
    assert errors(make_config(tmp_path, creatures__a_DOT_yaml=text)) == [
        "creatures/a.yaml:4: creature 'guard': 'speed' must be a whole number, not text 'fast'",
        "creatures/a.yaml:13: creature 'horse': 'can_be_ridden' must be true or false, not the number 3",
    ]


def test_missing_required_field_points_at_the_record(tmp_path: Path) -> None:
    text = CREATURES.replace("    defense: 11\n", "")
    assert errors(make_config(tmp_path, creatures__a_DOT_yaml=text)) == [
        "creatures/a.yaml:8: creature 'horse': missing required field 'defense' (or 'armour_class')"
    ]


def test_out_of_range_values(tmp_path: Path) -> None:
    text = CREATURES.replace("defense: 13", "defense: 45").replace("size: 2", "size: 0")
    assert errors(make_config(tmp_path, creatures__a_DOT_yaml=text)) == [
        "creatures/a.yaml:5: creature 'guard': 'defense' must be between 0 and 30, not 45",
        "creatures/a.yaml:9: creature 'horse': 'size' must be a Size between 1/8 and 50, not 0",
    ]


def test_osr_numbers_stand_in_for_defense_and_health(tmp_path: Path) -> None:
    text = CREATURES.replace("defense: 11", "armour_class: 14").replace("health: 20", "hit_points: 9")
    horse = load_definitions(make_config(tmp_path, creatures__a_DOT_yaml=text)).creatures["horse"]
    assert (horse.defense, horse.health, horse.ac, horse.hp) == (14, 9, 14, 9)


def test_size_written_as_a_fraction(tmp_path: Path) -> None:
    text = CREATURES.replace("size: 2", "size: 1/2")
    assert (
        load_definitions(make_config(tmp_path, creatures__a_DOT_yaml=text)).creatures["horse"].size
        == 0.5
    )


def test_unknown_weapon_property(tmp_path: Path) -> None:
    text = WEAPONS.replace("[finesse, thrown]", "[finese, thrown]")
    assert errors(make_config(tmp_path, weapons_DOT_yaml=text)) == [
        "weapons.yaml:6: weapon 'dagger': 'properties' item 1 is an unknown property 'finese' (did you mean 'finesse'?)"
    ]


def test_unknown_weapon_id_in_a_creature(tmp_path: Path) -> None:
    text = CREATURES.replace("weapons: [sword]", "weapons:\n      - sword\n      - swrod")
    assert errors(make_config(tmp_path, creatures__a_DOT_yaml=text)) == [
        "creatures/a.yaml:9: creature 'guard': 'weapons' item 2 is an unknown weapon 'swrod' (did you mean 'sword'?)"
    ]


def test_duplicate_ids_across_files_and_within_a_file(tmp_path: Path) -> None:
    other = "creatures:\n  guard:\n    size: 1\n    speed: 10\n    defense: 10\n    health: 5\n"
    inside = WEAPONS + "  sword:\n    damage: 1d8\n"
    assert errors(make_config(tmp_path, creatures__b_DOT_yaml=other, weapons_DOT_yaml=inside)) == [
        "weapons.yaml:8: duplicate key 'sword' (first at line 2)",
        "creatures/b.yaml:2: duplicate creature id 'guard' (also defined at creatures/a.yaml:2)",
    ]


def test_every_mistake_in_a_file_is_reported(tmp_path: Path) -> None:
    text = dedent("""\
        creatures:
          guard:
            size: big
            speed: -1
            defense: 13
            health: 15
            weapons: [axe]
            movement: [fly, burrow]
            skills: {athletics: many}
            helth: 3
        """)
    assert errors(make_config(tmp_path, creatures__a_DOT_yaml=text)) == [
        "creatures/a.yaml:3: creature 'guard': 'size' must be a Size such as 1/2, 1 or 2, not text 'big'",
        "creatures/a.yaml:4: creature 'guard': 'speed' must be between 0 and 100, not -1",
        "creatures/a.yaml:10: creature 'guard': unknown field 'helth' (did you mean 'health'?)",
        "creatures/a.yaml:7: creature 'guard': 'weapons' item 1 is an unknown weapon 'axe'",
        "creatures/a.yaml:8: creature 'guard': 'movement' item 2 must be one of climb, fly, swim, not 'burrow'",
        "creatures/a.yaml:9: creature 'guard': skill 'athletics' must be a whole number, not text 'many'",
    ]


def test_malformed_yaml_is_one_line_with_the_line_number(tmp_path: Path) -> None:
    text = "creatures:\n  guard:\n    size: [1, 2\n    speed: 10\n"
    [line] = errors(make_config(tmp_path, creatures__a_DOT_yaml=text))
    assert line.startswith("creatures/a.yaml:4: invalid YAML: ")
    assert "\n" not in line


def test_python_tags_are_refused(tmp_path: Path) -> None:
    text = "creatures: !!python/object/apply:os.system ['echo hacked']\n"
    assert errors(make_config(tmp_path, creatures__a_DOT_yaml=text)) == [
        "creatures/a.yaml:1: invalid YAML: could not determine a constructor for the tag "
        "'tag:yaml.org,2002:python/object/apply:os.system'"
    ]


def test_empty_file_wrong_shape_and_unknown_top_level_key(tmp_path: Path) -> None:
    cfg = make_config(
        tmp_path,
        creatures__a_DOT_yaml="",
        creatures__b_DOT_yaml="- goblin\n",
        creatures__c_DOT_yaml="creature:\n  x: {}\n",
    )
    assert errors(cfg) == [
        "creatures/a.yaml: file is empty",
        "creatures/b.yaml:1: the file must be a mapping of 'field: value' lines, not a list",
        "creatures/c.yaml:1: unknown top-level key 'creature' (a creatures file holds only 'creatures:')",
        "creatures/c.yaml:1: missing top-level key 'creatures:'",
    ]


def test_not_utf8_names_the_line(tmp_path: Path) -> None:
    cfg = make_config(tmp_path)
    (cfg / "creatures" / "a.yaml").write_bytes(b"creatures:\n  guard:\n    name: Gu\xe9rard\n")
    assert errors(cfg) == ["creatures/a.yaml:3: not UTF-8 text (save the file as UTF-8)"]


def test_weapon_properties_need_their_numbers(tmp_path: Path) -> None:
    text = dedent("""\
        weapons:
          sword:
            damage: 1d6
          dagger:
            damage: 1d3
            properties: [thrown]
          pike:
            damage: 1d6
            reach_yd: 1
          bow:
            damage: 1d6
            kind: ranged
            range_yd: 20
          net:
            damage: 1d2x
        """)
    assert errors(make_config(tmp_path, weapons_DOT_yaml=text)) == [
        "weapons.yaml:6: weapon 'dagger': the 'range' and 'thrown' properties need range_yd "
        "(the weapon's range in yards)",
        "weapons.yaml:9: weapon 'pike': reach_yd needs the 'reach' property",
        "weapons.yaml:12: weapon 'bow': a ranged weapon needs the 'range' property",
        "weapons.yaml:13: weapon 'bow': range_yd needs the 'range' or 'thrown' property",
        "weapons.yaml:15: weapon 'net': 'damage' must be dice such as 1d6, 2d6+1 or 3, not text '1d2x'",
    ]


def test_ruleset_mistakes(tmp_path: Path) -> None:
    text = dedent("""\
        name: Test
        diagonal_rule: manhattan
        size_to_space: {1: 1, 2: 1.5, huge: 3}
        named_ranges_yd: {short: 0}
        params:
          light: {dim: partial, dusk: heavy, dark: pitch}
          falling:
            step_yd: -2
            damage_dice: lots
        """)
    assert errors(make_config(tmp_path, rulesets__sotdl_DOT_yaml=text)) == [
        "rulesets/sotdl.yaml:2: ruleset 'sotdl': 'diagonal_rule' must be one of alternating, "
        "chebyshev, euclidean, not 'manhattan'",
        "rulesets/sotdl.yaml:3: ruleset 'sotdl': 'size_to_space' row 2: must be a whole number, not 1.5",
        "rulesets/sotdl.yaml:3: ruleset 'sotdl': 'size_to_space' row huge: must be a Size such as "
        "1/2, 1 or 2, not text 'huge'",
        "rulesets/sotdl.yaml:4: ruleset 'sotdl': range 'short' must be between 1 and 100000, not 0",
        "rulesets/sotdl.yaml:8: params.falling.step_yd must be at least 0, not -2 (names ending in "
        "_yd hold that)",
        "rulesets/sotdl.yaml:9: params.falling.damage_dice must be dice such as 1d6, 2d6+1 or 3, "
        "not text 'lots' (names ending in _dice hold that)",
        # checked even though other params are wrong: every mistake at once
        "rulesets/sotdl.yaml:6: ruleset 'sotdl': params.light: unknown light level 'dusk'",
        "rulesets/sotdl.yaml:6: ruleset 'sotdl': params.light.dark must be one of heavy, none, "
        "partial, total, not 'pitch'",
    ]


def test_ruleset_light_levels(tmp_path: Path) -> None:
    text = "params:\n  light: {dim: partial, dusk: heavy, dark: pitch}\n"
    assert errors(make_config(tmp_path, rulesets__sotdl_DOT_yaml=text)) == [
        "rulesets/sotdl.yaml:2: ruleset 'sotdl': params.light: unknown light level 'dusk'",
        "rulesets/sotdl.yaml:2: ruleset 'sotdl': params.light.dark must be one of heavy, none, "
        "partial, total, not 'pitch'",
    ]


def test_alias_bomb_in_params_is_refused(tmp_path: Path) -> None:
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    for i in range(1, 9):
        prev = f"*a{i - 1}"
        lines.append(f"a{i}: &a{i} [{', '.join([prev] * 10)}]")
    text = "params:\n" + "\n".join("  " + line for line in lines) + "\n"
    [line] = errors(make_config(tmp_path, rulesets__sotdl_DOT_yaml=text))
    assert line == "rulesets/sotdl.yaml:7: aliases here expand to more than 1000000 values"


def test_missing_config_folder(tmp_path: Path) -> None:
    with pytest.raises(InputErrors) as info:
        load_definitions(tmp_path / "nowhere")
    assert [str(e) for e in info.value.errors] == [f"{tmp_path}/nowhere: config folder not found"]


def test_odd_values_are_mistakes_not_crashes(tmp_path: Path) -> None:
    text = "params:\n  light: {dim: {}, dark: [heavy]}\n"
    assert errors(make_config(tmp_path, rulesets__sotdl_DOT_yaml=text)) == [
        "rulesets/sotdl.yaml:2: ruleset 'sotdl': params.light.dim must be one of heavy, none, "
        "partial, total, not {}",
        "rulesets/sotdl.yaml:2: ruleset 'sotdl': params.light.dark must be one of heavy, none, "
        "partial, total, not ['heavy']",
    ]


def test_a_comma_list_written_as_text(tmp_path: Path) -> None:
    text = CREATURES.replace("weapons: [sword]", "weapons: sword, dagger")
    assert errors(make_config(tmp_path, creatures__a_DOT_yaml=text)) == [
        "creatures/a.yaml:7: creature 'guard': 'weapons': write a list as [a, b] or one '- a' line each, not text 'sword, dagger'"
    ]


def test_an_unreadable_file_does_not_make_its_ids_unknown_elsewhere(tmp_path: Path) -> None:
    cfg = make_config(tmp_path, creatures__a_DOT_yaml="creatures:\n  guard: {size: 1\n")
    (cfg / "encounters").mkdir()
    (cfg / "encounters" / "e.yaml").write_text(
        "map: |\n  ascii:\n  ....\nruleset: sotdl\nsides: {foes: gm}\n"
        "creatures:\n  - {creature: guard, side: foes, square: [0, 0]}\n"
        "  - {creature: gaurd, side: foes, square: [1, 0]}\n"
    )
    lines = errors(cfg)
    assert len(lines) == 1 and lines[0].startswith("creatures/a.yaml:3: invalid YAML: ")


def test_merge_keys_override_without_being_duplicates(tmp_path: Path) -> None:
    text = dedent("""\
        creatures:
          guard: &guard
            size: 1
            speed: 10
            defense: 13
            health: 15
            weapons: [sword]
          captain:
            <<: *guard
            health: 25
            health: 30
        """)
    assert errors(make_config(tmp_path, creatures__a_DOT_yaml=text)) == [
        "creatures/a.yaml:11: duplicate key 'health' (first at line 10)"
    ]
    fixed = text.replace("    health: 30\n", "")
    captain = load_definitions(make_config(tmp_path, creatures__a_DOT_yaml=fixed)).creatures["captain"]
    assert (captain.health, captain.defense, captain.weapons) == (25, 13, ("sword",))


def test_a_broken_encounter_file_does_not_stop_the_others(tmp_path: Path) -> None:
    """One bad encounter is left out (its mistakes kept), the rest of the config still loads."""
    import shutil

    cfg = tmp_path / "config"
    shutil.copytree(Path(__file__).resolve().parents[2] / "config", cfg)
    (cfg / "encounters" / "zz_broken.yaml").write_text("map: nowhere.tmx\nruleset: sotdl\nsidez: 1\n")
    defs = load_definitions(cfg)
    assert "zz_broken" not in defs.encounters
    assert "demo" in defs.encounters
    assert any("zz_broken.yaml" in p for p in defs.problems)
