"""The command line as a GM runs it: `python3 -m game check`, `python3 -m game open --summary`."""
# ruff: noqa: E501  (expected messages read best as one line each, as a GM sees them)

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def battlemat(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, "-m", "game", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_the_shipped_maps_and_config() -> None:
    maps = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "maps").glob("*.tmx"))
    r = battlemat("check", *maps, "config")
    assert (r.returncode, r.stderr) == (0, "")
    assert "maps/courtyard.tmx: ok (map)" in r.stdout
    assert "config: " in r.stdout and ": ok" in r.stdout


def test_check_reports_each_mistake_on_one_line_and_exits_non_zero(tmp_path: Path) -> None:
    enc = tmp_path / "enc.yaml"
    enc.write_text(
        "map: maps/courtyard.tmx\n"
        "ruleset: sotld\n"
        "sides: {party: players, foes: gm}\n"
        "use_map_placements: false\n"
        "creatures:\n"
        "  - {creature: warg, side: foes, square: [99, 0]}\n"
        "  - {creature: wargg, side: foes, square: [1, 1]}\n"
    )
    bad_yaml = tmp_path / "broken.yaml"
    bad_yaml.write_text("weapons:\n  sword: {damage: 1d6\n")
    r = battlemat("check", str(enc), str(bad_yaml))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    assert r.stderr.splitlines() == [
        f"{enc}:2: encounter 'enc': unknown ruleset 'sotld' (did you mean 'sotdl'?)",
        f"{enc}:7: encounter 'enc': creature 2 (wargg): unknown creature 'wargg' (did you mean 'warg'?)",
        f"{enc}:6: encounter 'enc': Warg: square [99, 0] is off the map (32 x 32 squares: x 0-31, y 0-31)",
        f"{bad_yaml}:3: invalid YAML: expected ',' or '}}', but got '<stream end>' "
        "(while parsing a flow mapping)",
    ]


def test_check_with_hostile_input_never_shows_a_traceback(tmp_path: Path) -> None:
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text("a: &a [x, x]\nb: &b [*a, *a]\nc: !!python/name:os.system\n")
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\x00\xff\xfe garbage")
    deep = tmp_path / "deep.yaml"
    deep.write_text("creatures: " + "[" * 5000 + "]" * 5000 + "\n")
    r = battlemat("check", str(bomb), str(binary), str(deep), str(tmp_path / "nope.tmx"))
    assert r.returncode == 1
    assert "Traceback" not in r.stderr
    lines = r.stderr.splitlines()
    assert len(lines) == 4 and all(line.startswith(str(tmp_path)) for line in lines)


def test_open_summary_of_the_demo_and_of_a_named_encounter() -> None:
    r = battlemat("open", "--summary")
    assert (r.returncode, r.stderr) == (0, "")
    assert r.stdout.startswith("encounter: Raid on the courtyard (demo)")
    r = battlemat("open", "--summary", "config/encounters/forest.yaml")
    assert r.returncode == 0 and "map: maps/forest_stream.tmx (36 x 30 squares)" in r.stdout


def test_open_summary_of_a_bad_encounter_is_one_line_per_mistake(tmp_path: Path) -> None:
    enc = tmp_path / "enc.yaml"
    enc.write_text("map: maps/courtyard.tmx\nruleset: sotdl\nsides: {party: player}\n")
    r = battlemat("open", "--summary", str(enc))
    assert r.returncode != 0 and "Traceback" not in r.stderr
    assert r.stderr.splitlines()[0] == (
        f"error: {enc}:3: encounter 'enc': side 'party': 'controller' must be one of gm, players, "
        "not 'player' (did you mean 'players'?)"
    )


def test_output_cut_short_by_the_reader_is_no_traceback() -> None:
    """`battlemat check ... | head -1`: the reader closes the pipe; no BrokenPipeError traceback."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "game", "check", "maps", "config", "tests/io/data/blind/maps/good"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT)},
    )
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # like `head -1` going away
    err = proc.stderr.read().decode()
    proc.wait(timeout=60)
    assert "Traceback" not in err
