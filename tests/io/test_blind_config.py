"""Config files no one on the team wrote (tests/io/data/blind/yaml): a GM's slips, an editor's
encodings, YAML tricks. Each mistake is one line ``file:line: what``; nothing hangs or crashes."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.io.check import check_paths
from game.io.config import load_definitions, load_encounter, load_encounter_with_map
from game.io.config_roster import encounter_roster
from game.io.errors import InputError, InputErrors

# A hang guard, not a speed test: pytest-timeout fails a loader that works for minutes.
pytestmark = pytest.mark.timeout(120)

YAML = Path(__file__).parent / "data" / "blind" / "yaml"
ROOT = Path(__file__).resolve().parents[2]

# file -> [(line or None, words in the message)], in the order `battlemat check` prints them
CASES: dict[str, list[tuple[int | None, str]]] = {
    "creatures_alias_bomb.yaml": [(7, "aliases here expand to more than 1000000 values")],
    "creatures_merge_bomb.yaml": [(19, "aliases here expand to more than 1000000 values")],
    "creatures_deep_nesting.yaml": [(None, "nested too deeply")],
    "creatures_comment_only.yaml": [(1, "cannot tell what this file is")],
    "creatures_empty.yaml": [(1, "cannot tell what this file is")],
    "creatures_top_list.yaml": [(1, "cannot tell what this file is")],
    "creatures_duplicate_keys.yaml": [
        (7, "duplicate key 'speed' (first at line 4)"),
        (8, "duplicate key 'twice' (first at line 2)"),
    ],
    "creatures_latin1.yaml": [(3, "not UTF-8 text")],
    "creatures_utf16.yaml": [(1, "not UTF-8 text")],
    "creatures_not_a_mapping.yaml": [(2, "'creatures' must be a mapping")],
    "creatures_python_tag.yaml": [(2, "could not determine a constructor")],
    "creatures_tabs.yaml": [(3, "indent with spaces, never tabs")],
    "creatures_tab_inside.yaml": [(3, "indent with spaces, never tabs")],
    "creatures_norway.yaml": [
        (3, "'name' must be text, not no (true/false)"),
        (8, "'tags' item 1 must be text, not yes (true/false)"),
        (8, "'tags' item 2 must be text, not no (true/false)"),
    ],
    "creatures_unknown_refs.yaml": [
        (2, "creature id must be an id"),
        (8, "'size' must be a Size such as 1/2, 1 or 2, not '1/0'"),
        (12, "'weapons' item 1 is an unknown weapon 'swrod' (did you mean 'sword'?)"),
        (12, "'weapons' item 3 must be text, not the number 7"),
        (13, "'movement' item 2 must be one of climb, fly, swim, not 'teleport'"),
        (14, "skill 'Bad Skill' must be an id"),
        (14, "skill 'stealth' must be a whole number, not text 'high'"),
    ],
    "weapons_wrong_types.yaml": [
        (3, "'name' must be text, not a list"),
        (4, "'damage' must be dice"),
        (5, "'kind' must be one of melee, ranged, not 'magic'"),
        (7, "'reach_yd' must be a whole number, not text '1'"),
        (8, "'range_yd' must be a whole number, not 1.5"),
        (9, "'defense_bonus' must be between 0 and 10, not -1"),
        (10, "'damage_type' must be one of acid, fire, lightning, physical, not 'cold'"),
        (11, "impossible die '1d0'"),
        (12, "unknown field 'sharpness'"),
        (6, "'properties': write a list as [a, b]"),
        (15, "the 'range' and 'thrown' properties need range_yd"),
        (17, "impossible die '101d6'"),
        (20, "weapon id must be text, not the number 7"),
    ],
    "ruleset_params_not_mapping.yaml": [(2, "params must be a mapping")],
    "ruleset_params_unchecked_before.yaml": [
        (4, "params.movement.rush_multiplier must be a number, not text 'fast'"),
        (4, "params.movement.retreat_fraction must be between 0 and 1, not 1.5"),
        (4, "params.movement.crawl_fraction must be a number, not text 'half'"),
        (5, "params.cover_banes.half must be a whole number, not text 'lots'"),
        (6, "params.obscurement_banes.heavy must be between 0 and 10, not -2"),
        (7, "params.ranged_options.distant_shot_range_multiplier must be at least 0, not -2"),
    ],
    "encounter_ascii_bad.yaml": [(1, "ASCII map: row 2, column 2: unknown square '?'")],
    "encounter_map_folder.yaml": [(1, "map '../maps' is a folder, not a Tiled map (.tmx)")],
    "encounter_map_missing.yaml": [(1, "map 'nowhere/cave.tmx' not found (looked for")],
    "encounter_params_wrong.yaml": [
        (5, "params.formation_yd must be a number, not text 'far'"),
        (6, "params.surprise_banes must be between 0 and 10, not -1"),
        (7, "params.volley_dice must be dice"),
    ],
    "encounter_sides_wrong.yaml": [
        (4, "side must be an id (lower-case letters, digits, _), not 'Party'"),
        (5, "side 'foes': 'controller' must be one of gm, players, not 'ai'"),
        (6, "side 'neutrals' must be a mapping"),
        (7, "side 'watchers': missing required field 'controller'"),
    ],
    "encounter_unknown_ids.yaml": [
        (2, "unknown ruleset 'sotld' (did you mean 'sotdl'?)"),
        (4, "'surprise_possible' item 2 is an unknown side 'pirates'"),
        (6, "creature 1 (orc): unknown creature 'orc'"),
        (7, "creature 2 (goblin): unknown side 'pirates'"),
        (8, "Knight: mounted_on 'Nightmare' names no other creature"),
    ],
    "encounter_positions.yaml": [
        (12, "'square' must be a square [x, y] of two whole numbers, not [1.5, 2]"),
        (13, "'square' must be a square [x, y] of two whole numbers, not 3,4"),
        (14, "'square' must be a square [x, y] of two whole numbers, not [1, 2, 3]"),
        (6, "Far: square [8, 0] is off the map (8 x 6 squares: x 0-7, y 0-5)"),
        (7, "Negative: square [-1, 2] is off the map"),
        (8, "In the wall: square [4, 1] is impassable"),
        (9, "Half out: square [7, 5] (2x2 space) is off the map"),
        (11, "Second: square [0, 5] is already taken by First"),
    ],
    "encounter_riders_wrong.yaml": [
        (7, "Goblin: mounted_on 'Pony' is ambiguous: 2 creatures have that name"),
        (10, "Self: mounted_on 'Self' is this creature's own name: it cannot ride itself"),
        (11, "A: cannot ride 'B': Knight cannot be ridden"),
        (12, "B: cannot ride 'A': Knight cannot be ridden"),
    ],
    "encounter_entries_wrong.yaml": [
        (5, "creature 1 must be a mapping of 'field: value' lines, not text 'goblin'"),
        (6, "'elevation_yd' must be a finite number, not nan"),
        (7, "'elevation_yd' must be a number, not text 'high'"),
        (8, "creature 4: 'creature' must be text, not a list"),
        (9, "'formation' must be text, not the number 3"),
        (9, "unknown field 'hp'"),
        (10, "creature 6: missing required field 'creature'"),
    ],
}
LINE_COUNTS = {  # files with many mistakes: how many lines, and a few of them
    "creatures_wrong_types.yaml": 28,
    "ruleset_wrong_types.yaml": 19,
    "encounter_wrong_types.yaml": 10,
}


def _check(path: Path) -> tuple[int, list[str], str]:
    out, err = io.StringIO(), io.StringIO()
    rc = check_paths([path], out, err)
    return rc, err.getvalue().splitlines(), out.getvalue()


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_mistake_is_one_line_at_its_line(name: str) -> None:
    rc, lines, _ = _check(YAML / name)
    assert rc == 1
    assert len(lines) == len(CASES[name]), lines
    for line, (n, words) in zip(lines, CASES[name], strict=True):
        head = f"{YAML / name}:{n}: " if n is not None else f"{YAML / name}: "
        assert line.startswith(head), line
        assert words in line, line


@pytest.mark.parametrize("name", sorted(LINE_COUNTS))
def test_every_wrong_field_is_reported(name: str) -> None:
    rc, lines, _ = _check(YAML / name)
    assert rc == 1 and len(lines) == LINE_COUNTS[name], lines
    assert all(line.startswith(f"{YAML / name}:") for line in lines)
    numbers = [int(line.split(":")[1]) for line in lines]
    assert len(set(numbers)) >= len(lines) - 6  # nearly every wrong field has its own line


def test_ruleset_mistakes_are_all_reported_even_after_a_key_that_is_a_list() -> None:
    _, lines, _ = _check(YAML / "ruleset_wrong_types.yaml")
    text = "\n".join(lines)
    assert lines[0].endswith(":16: a key is a list or a mapping, not a name")
    for words in (
        "'diagonal_rule' must be one of alternating, chebyshev, euclidean, not 'manhattan'",
        "'difficult_multiplier' must be between 1 and 10, not 0",
        "unknown field 'speed_multiplier' (did you mean 'difficult_multiplier'?)",
        "params.falling.min_height_yd must be a finite number, not inf",
        "params.jump.safe_drop_yd must be a number, not text 'five'",
        "params.melee_options.lunge_boons must be a whole number, not 0.5",
        "params.light.dim must be one of heavy, none, partial, total, not 'murky'",
        "params.light: unknown light level 'twilight'",
    ):
        assert words in text


def test_the_encounters_map_mistakes_come_with_it() -> None:
    """A broken map, or an image given as the map: its own line, then the encounter's."""
    for name, map_file, words in (
        ("encounter_map_png.yaml", ROOT / "tests/io/data/blind/maps/good/tiles.png", "a .png file"),
        (
            "encounter_map_broken.yaml",
            ROOT / "tests/io/data/blind/maps/bad/gid_out_of_range.tmx",
            "tile gid 99",
        ),
    ):
        rc, lines, _ = _check(YAML / name)
        assert rc == 1 and len(lines) == 2, lines
        assert lines[0].startswith(f"{map_file}:") and words in lines[0]
        assert lines[1].startswith(f"{YAML / name}:1: ") and "could not be loaded" in lines[1]


def test_map_placements_of_strangers_are_reported_at_the_map_object() -> None:
    rc, lines, _ = _check(YAML / "encounter_map_strangers.yaml")
    assert rc == 1 and len(lines) == 2
    assert all(line.split(":")[1] == "object 2" for line in lines)
    assert "unknown creature 'gobbo'" in lines[0] and "unknown side 'pirates'" in lines[1]


@pytest.mark.parametrize(
    "name", ["creatures_bom.yaml", "creatures_odd_but_right.yaml", "encounter_good.yaml"]
)
def test_odd_but_legitimate_files_pass(name: str) -> None:
    rc, lines, out = _check(YAML / name)
    assert rc == 0 and lines == [], lines
    assert "ok (" in out


def _config_with(tmp_path: Path, folder: str, blind: str) -> Path:
    """The project's config with one blind file added in the folder of its kind."""
    cfg = tmp_path / "config"
    shutil.copytree(ROOT / "config", cfg)
    (cfg / folder).mkdir(exist_ok=True)  # config/weapons/*.yaml may add to weapons.yaml
    shutil.copy(YAML / blind, cfg / folder / blind)
    return cfg


def test_load_definitions_reads_legitimate_oddities(tmp_path: Path) -> None:
    cfg = _config_with(tmp_path, "creatures", "creatures_odd_but_right.yaml")
    shutil.copy(YAML / "creatures_bom.yaml", cfg / "creatures")
    defs = load_definitions(cfg)
    g = defs.creatures["quoted_goblin"]
    assert (g.name, g.size, g.speed, g.defense, g.health, g.strength) == (
        'Gobelin "le Rouge"',
        0.5,
        10,
        13,
        8,
        9,
    )
    assert g.weapons == ("club", "club") and g.movement == frozenset({"climb"})
    assert g.description == "Folded text over two lines."
    assert defs.creatures["merged"].health == 7 and defs.creatures["merged"].speed == 10
    assert defs.creatures["notepad_goblin"].name == "Gobelin des forêts"


@pytest.mark.parametrize(
    ("folder", "name"),
    [
        ("creatures", "creatures_merge_bomb.yaml"),
        ("creatures", "creatures_alias_bomb.yaml"),
        ("creatures", "creatures_wrong_types.yaml"),
        ("creatures", "creatures_latin1.yaml"),
        ("creatures", "creatures_tabs.yaml"),
        ("weapons", "weapons_wrong_types.yaml"),
        ("rulesets", "ruleset_wrong_types.yaml"),
    ],
)
def test_load_definitions_refuses_with_lines_in_the_file(
    tmp_path: Path, folder: str, name: str
) -> None:
    cfg = _config_with(tmp_path, folder, name)
    with pytest.raises(InputErrors) as info:
        load_definitions(cfg)
    errors = info.value.errors
    assert errors and all(Path(e.file).name == name for e in errors)
    assert all("\n" not in str(e) and str(e).startswith(f"{e.file}:") for e in errors)


def test_load_encounter_api(tmp_path: Path) -> None:
    defs = load_definitions()
    enc, bf = load_encounter_with_map(YAML / "encounter_good.yaml", defs)
    roster = {e.name or e.creature_id: e for e in encounter_roster(enc, bf)}
    assert roster["Rider"].square == (6, 4) and roster["Rider"].mounted_on == "Warhorse"
    assert roster["Goblin"].side == "party" and roster["Goblin"].square == (1, 1)
    assert roster["giant_bat"].elevation_yd == 4
    for name in (
        "encounter_positions.yaml",
        "encounter_unknown_ids.yaml",
        "encounter_map_png.yaml",
    ):
        with pytest.raises(InputErrors) as info:
            load_encounter(YAML / name, defs)
        assert len(info.value.errors) == len(CASES.get(name, [None, None]))


def test_battlemat_check_on_every_blind_config_file() -> None:
    """The command itself: exit 1, no traceback, every file answered, in a few seconds."""
    files = sorted(str(p) for p in YAML.glob("*.yaml"))
    run = subprocess.run(
        [sys.executable, "-m", "game", "check", *files],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert run.returncode == 1
    assert "Traceback" not in run.stdout + run.stderr
    for f in files:  # a map's mistakes name the map and the encounter that uses it
        who = "encounter 'encounter_map_strangers'" if "strangers" in f else f
        assert who in run.stdout + run.stderr


def test_a_pipe_named_like_a_config_file(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    fifo = tmp_path / "creatures.yaml"
    os.mkfifo(fifo)
    rc, lines, _ = _check(fifo)
    assert rc == 1 and lines == [f"{fifo}: is not a regular file (a pipe or a device?)"]


def test_several_documents_in_one_file() -> None:
    from game.io.yaml_lines import load_yaml_text

    with pytest.raises(InputError) as info:
        load_yaml_text("---\ncreatures: {}\n---\nweapons: {}\n", "two.yaml")
    assert str(info.value).startswith("two.yaml:3: invalid YAML: but found another document")
