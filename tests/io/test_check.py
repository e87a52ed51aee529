"""`battlemat check`: what was understood on stdout, one `file:line: what` per mistake on stderr."""
# ruff: noqa: E501  (expected messages read best as one line each, as a GM sees them)

from __future__ import annotations

import io
import re
from pathlib import Path
from textwrap import dedent

from game.io.check import check_paths, detect_kind, summarize_encounter
from game.io.errors import InputError, InputErrors

ROOT = Path(__file__).resolve().parents[2]
ERROR_LINE = re.compile(r"^\S[^:]*(:\d+)?: \S")


def run(*paths: Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = check_paths(list(paths), out, err)
    return code, out.getvalue(), err.getvalue()


def test_shipped_maps_and_config_are_fine() -> None:
    paths = sorted((ROOT / "maps").glob("*.tmx")) + sorted((ROOT / "config").rglob("*.yaml"))
    code, out, err = run(*paths)
    assert (code, err) == (0, "")
    assert out.count(": ok (map)") == len(list((ROOT / "maps").glob("*.tmx")))
    assert "ok (creature)" in out and "ok (weapon)" in out and "ok (ruleset)" in out
    assert "ok (encounter)" in out


def test_a_config_folder_is_checked_as_one() -> None:
    code, out, err = run(ROOT / "config")
    assert (code, err) == (0, "")
    assert re.search(r"config: \d+ weapons, \d+ creatures, \d+ rulesets, \d+ encounters: ok", out)


def test_what_was_understood_of_a_creature_file() -> None:
    code, out, _ = run(ROOT / "config" / "creatures" / "monsters.yaml")
    assert code == 0
    assert (
        "  goblin: Goblin, Size 1/2; Speed 10; Defense 13; Health 8; Str 8 Agi 13 Int 10 Will 9 "
        "Per 10; weapons: club, dagger; OSR: HP 4, AC 13, morale 6"
    ) in out.splitlines()


def test_mistakes_are_one_line_each_and_fail(tmp_path: Path) -> None:
    cfg = tmp_path / "config"
    (cfg / "creatures").mkdir(parents=True)
    (cfg / "weapons.yaml").write_text("weapons:\n  sword: {damage: 1d6}\n")
    bad = cfg / "creatures" / "bad.yaml"
    bad.write_text(
        dedent("""\
        creatures:
          orc:
            size: 1
            speed: 10
            defence: 12
            health: 10
            weapons: [axe]
        """)
    )
    code, out, err = run(bad)
    assert code == 1 and out == ""
    assert err.splitlines() == [
        f"{bad}:5: creature 'orc': unknown field 'defence' (did you mean 'defense'?)",
        f"{bad}:2: creature 'orc': missing required field 'defense' (or 'armour_class')",
        f"{bad}:7: creature 'orc': 'weapons' item 1 is an unknown weapon 'axe'",
    ]


def test_kind_from_the_top_level_key_outside_a_config_folder(tmp_path: Path) -> None:
    loose = tmp_path / "my_monsters.yaml"
    loose.write_text(
        "creatures:\n  imp: {size: 1/2, speed: 8, defense: 14, health: 9, weapons: [claws]}\n"
    )
    code, out, err = run(loose)
    assert (code, err) == (0, "")  # the bundled config's weapons are used
    assert "imp: Imp, Size 1/2" in out
    assert detect_kind(Path("x/rulesets/a.yaml"), {}) == "rulesets"
    assert detect_kind(Path("a.yaml"), {"diagonal_rule": "chebyshev"}) == "rulesets"
    assert detect_kind(Path("a.yaml"), {"map": "m.tmx", "sides": {}}) == "encounters"
    assert detect_kind(Path("a.yaml"), {"weapons": {}}) == "weapons"
    assert detect_kind(Path("a.yaml"), {"steps": []}) is None


def test_unknown_kinds_missing_files_and_other_suffixes(tmp_path: Path) -> None:
    odd = tmp_path / "odd.yaml"
    odd.write_text("steps: []\n")
    txt = tmp_path / "notes.txt"
    txt.write_text("hello")
    code, _, err = run(odd, tmp_path / "missing.tmx", txt)
    assert code == 1
    assert err.splitlines() == [
        f"{odd}:1: cannot tell what this file is: expected 'weapons:' or 'creatures:', an encounter "
        "('map:', 'sides:') or ruleset fields",
        f"{tmp_path / 'missing.tmx'}: file not found",
        f"{txt}: not a map (.tmx, .tmj) or a config file (.yaml)",
    ]


def test_malformed_yaml_and_xml_are_one_line(tmp_path: Path) -> None:
    y = tmp_path / "enc.yaml"
    y.write_text("map: a.tmx\nsides: {party: players\n")
    m = tmp_path / "m.tmx"
    m.write_text("<map><layer></map>")
    code, _, err = run(y, m)
    lines = err.splitlines()
    assert code == 1 and len(lines) == 2
    assert lines[0].startswith(f"{y}:3: invalid YAML: ")
    assert lines[1].startswith(f"{m}")
    assert ERROR_LINE.match(lines[0]) and "Traceback" not in err


def test_an_encounter_with_mistakes_in_it_and_on_its_map(tmp_path: Path) -> None:
    enc = tmp_path / "enc.yaml"
    enc.write_text(
        dedent(f"""\
        map: {ROOT / "maps" / "courtyard.tmx"}
        ruleset: sotdl
        sides: {{party: players}}
        creatures:
          - {{creature: goblin, side: party, square: [40, 1]}}
        """)
    )
    code, _, err = run(enc)
    assert code == 1
    lines = err.splitlines()
    # the map's own placements name the side 'foes', which this encounter does not have
    assert any(
        "courtyard.tmx:object " in line and "unknown side 'foes'" in line for line in lines
    )
    assert (
        f"{enc}:5: encounter 'enc': Goblin: square [40, 1] is off the map "
        "(32 x 32 squares: x 0-31, y 0-31)" in lines
    )


def test_folders_are_walked(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("weapons:\n  rock: {damage: 1d2}\n")
    (tmp_path / "b.yaml").write_text("weapons:\n  stick: {damage: 1d2, colour: brown}\n")
    code, out, err = run(tmp_path)
    assert code == 1 and "rock: Rock, melee 1d2" in out
    assert err.splitlines() == [
        f"{tmp_path / 'b.yaml'}:2: weapon 'stick': unknown field 'colour' (known fields: "
        "attack_boons, damage, damage_type, defense_bonus, kind, name, off_hand_damage, properties, range_yd, reach_yd)"
    ]


def test_summary_of_the_demo_encounter() -> None:
    text = summarize_encounter(ROOT / "config" / "encounters" / "demo.yaml")
    lines = text.splitlines()
    assert lines[0] == "encounter: Raid on the courtyard (demo)"
    assert "map: maps/courtyard.tmx (32 x 32 squares)" in lines
    assert "ruleset: Shadow of the Demon Lord (sotdl)" in lines
    assert (
        "  party (The garrison): controlled by the players, 6 creatures, may be surprised" in lines
    )
    assert "  party: Knight at [14, 15], riding Warhorse" in lines
    assert "  foes: Bat (Giant Bat) at [17, 22], 4 yd up" in lines


def test_summary_of_a_map_and_of_bad_input(tmp_path: Path) -> None:
    assert summarize_encounter(ROOT / "maps" / "forest_stream.tmx").startswith(
        "Forest stream: 36 x 30"
    )
    for target in (tmp_path / "none.yaml", tmp_path / "none.tmx"):
        try:
            summarize_encounter(target)
        except (InputError, InputErrors) as exc:
            assert str(exc).startswith(str(target))
        else:
            raise AssertionError("no error")


PLACEMENTS_TMX = """\
<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" width="4" height="4" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" nextobjectid="3">
 <objectgroup id="1" name="Creatures">
  <object id="1" name="Grik" type="creature" x="0" y="0" width="16" height="16">
   <properties><property name="creature" value="gobln"/><property name="side" value="foes"/></properties>
  </object>
  <object id="2" name="Ogre" type="creature" x="48" y="48" width="16" height="16">
   <properties><property name="creature" value="ogre_brute"/><property name="side" value="foes"/></properties>
  </object>
 </objectgroup>
</map>
"""


def test_map_placements_are_checked_against_the_config(tmp_path: Path) -> None:
    tmx = tmp_path / "pl.tmx"
    tmx.write_text(PLACEMENTS_TMX)
    code, out, err = run(tmx)
    assert (code, out) == (1, "")
    assert err.splitlines() == [
        f"{tmx}:object 1: unknown creature 'gobln' (did you mean 'goblin'?)",
        f"{tmx}:object 2: Ogre Brute at [3, 3] takes 2x2 squares: part of it is off the 4x4 map",
    ]


def test_token_art_and_scenario_files_are_recognised(tmp_path: Path) -> None:
    import shutil

    tokens = tmp_path / "config" / "tokens.yaml"  # pictures are relative to the project
    tokens.parent.mkdir()
    (tmp_path / "assets").mkdir()
    shutil.copy(ROOT / "assets" / "terrain.png", tmp_path / "assets" / "goblin.png")
    tokens.write_text("images: {goblin: assets/goblin.png}\nsides: {party: '#3050ff'}\n")
    scenarios = sorted((ROOT / "tests" / "scenarios").rglob("*.yaml"))[:1]
    code, out, err = run(tokens, *scenarios)
    assert (code, err) == (0, "")
    assert f"{tokens}: ok (token art: 1 pictures, 1 side colours)" in out.splitlines()
    if scenarios:
        assert f"{scenarios[0]}: ok (scenario, " in out


def test_a_scenario_command_mistake_is_found_without_running_it(tmp_path: Path) -> None:
    """`battlemat check` reads every command item of a scenario, as `battlemat run` would."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("map: |\n  ....\ncreatures:\n"
                   "  - {id: a, side: players, at: [0, 0], creature: human_guard}\n"
                   "commands:\n  - begin_combat\n  - atack: {attacker: a}\n")
    code, out, err = run(bad)
    assert code == 1
    assert err.strip() == f"{bad}:7: unknown command 'atack'"
