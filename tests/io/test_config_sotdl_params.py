"""Bad SotDL params (ruleset file, scenario) are one line each, ``file:line: what``."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from game.io.check import check_paths
from game.io.config import load_definitions
from game.io.errors import InputError, InputErrors
from game.io.scenario import run_scenario_file

ROOT = Path(__file__).resolve().parents[2]
#: a line of the shipped file -> its mistaken version, and the words of the report
SWAPS = {
    "    lands_prone: true": ('    lands_prone: "false"', "params.falling.lands_prone"),
    "    damage_dice: 1d6": ("    damage_dice: 1d6+x", "params.falling.damage_dice"),
    "    safe_drop_yd: 5": ("    safe_drop_yd: five", "params.jump.safe_drop_yd"),
    "    guess_banes: 3": ("    gues_banes: 3", "did you mean 'guess_banes'"),
    "    thrown_distant_shot: false": ("    thrown_distant_shot: 'no'",
                                      "params.sight.thrown_distant_shot"),
    "  prepare_boons: 1": ("  prepare_boon: 1", "did you mean 'prepare_boons'"),
}


def _bad_config(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """A copy of the shipped SotDL ruleset file with each mistake; words -> line."""
    lines = (ROOT / "config" / "rulesets" / "sotdl.yaml").read_text("utf-8").splitlines()
    where: dict[str, int] = {}
    for i, line in enumerate(lines):
        for old, (new, words) in SWAPS.items():
            if line.startswith(old) and line[len(old):len(old) + 1] in ("", " "):
                lines[i] = new + line[len(old):]
                where[words] = i + 1
    assert len(where) == len(SWAPS)
    folder = tmp_path / "config" / "rulesets"
    folder.mkdir(parents=True)
    path = folder / "sotdl.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, where


def test_battlemat_check_reports_each_bad_param_at_its_line(tmp_path: Path) -> None:
    path, where = _bad_config(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    assert check_paths([path], out, err) == 1
    lines = err.getvalue().splitlines()
    assert "Traceback" not in err.getvalue()
    assert len(lines) == len(SWAPS), lines
    for words, line in where.items():
        assert [x for x in lines if x.startswith(f"{path}:{line}: ") and words in x], (words, lines)
    assert any("without quotes" in x for x in lines)


def test_loading_the_config_reports_them_too(tmp_path: Path) -> None:
    path, where = _bad_config(tmp_path)
    with pytest.raises(InputErrors) as exc:
        load_definitions(path.parent.parent)
    text = [str(e) for e in exc.value.errors]
    assert all(re.match(rf"{re.escape(str(path))}:\d+: ", t) and "\n" not in t for t in text)
    assert sorted(int(t.split(":")[1]) for t in text) == sorted(where.values())


def test_the_shipped_file_is_clean() -> None:
    out, err = io.StringIO(), io.StringIO()
    assert check_paths([ROOT / "config" / "rulesets" / "sotdl.yaml"], out, err) == 0, err.getvalue()


HEAD = """map: |
  ....
creatures:
  - {id: a, side: players, at: [0, 0], stats: {name: A, size: 1, speed: 5, defense: 10, health: 10}}
"""


@pytest.mark.parametrize("params, line, words", [
    ("params:\n  falling:\n    lands_prone: 'false'\n", 3,
     "params.falling.lands_prone: must be true"),
    ("params:\n  jump: {up_min_ft: 1.5}\n", 2, "params.jump.up_min_ft: must be a whole number"),
    ("params:\n  sight:\n    prone_height: 0.3\n", 3, "did you mean 'prone_height_fraction'"),
    ("params:\n  mounted:\n    crushed_damage_dice: lots\n", 3, "must be dice"),
])
def test_a_scenario_params_mistake_is_one_line(
        tmp_path: Path, params: str, line: int, words: str) -> None:
    p = tmp_path / "bad.yaml"
    p.write_text(params + HEAD, encoding="utf-8")
    with pytest.raises(InputError) as err:
        run_scenario_file(p, out=io.StringIO())
    msg = str(err.value)
    assert words in msg and "\n" not in msg and msg.startswith(f"{p}:{line}:"), msg
