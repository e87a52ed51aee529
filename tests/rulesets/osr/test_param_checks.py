"""Bad OSR params (ruleset and encounter files) are one line each, ``file:line: what``."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from game.io.check import check_paths
from game.io.config import load_definitions
from game.io.errors import InputErrors
from game.rulesets.osr import param_problems
from game.rulesets.osr.params import OsrParams

ROOT = Path(__file__).resolve().parents[3]


def _bad_config(tmp_path: Path) -> tuple[Path, dict[str, int]]:
    """A copy of the bundled OSR ruleset file with three mistakes; returns their lines."""
    text = (ROOT / "config" / "rulesets" / "osr.yaml").read_text(encoding="utf-8")
    swaps = {
        "  flanking: 2": "  flankin: 2",
        "  charge_extra: 1d6+3": "  charge_extra: 1d6+three",
        "  half_hit_points: 0.5": "  half_hit_points: 2",
    }
    lines = text.splitlines()
    where = {}
    for i, line in enumerate(lines):
        for old, new in swaps.items():
            if line.startswith(old) and line[len(old):len(old) + 1] in ("", " "):
                lines[i] = new + line[len(old):]
                where[new.split(":")[0].strip()] = i + 1
    assert len(where) == 3
    folder = tmp_path / "config" / "rulesets"
    folder.mkdir(parents=True)
    path = folder / "osr.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, where


def test_param_problems_name_the_key_and_say_what() -> None:
    got = dict(param_problems({"move_paces": 2.5, "morale_dice": "2d", "surrounded_min_directions":
                               5, "lead_replaces_morale": "yes", "light": {"dim": "partial"}}))
    assert set(got) == {"move_paces", "morale_dice", "surrounded_min_directions",
                        "lead_replaces_morale"}
    assert "whole number" in got["move_paces"] and "dice" in got["morale_dice"]
    assert "between 1 and 4" in got["surrounded_min_directions"]
    assert param_problems({"charge_extra": "1d6 + 3"}) == []
    assert OsrParams.from_mapping({"charge_extra": "1d6 + 3"}).charge_extra == "1d6+3"
    with pytest.raises(ValueError, match="half_hit_points"):
        OsrParams.from_mapping({"half_hit_points": 0})


def test_battlemat_check_reports_each_bad_param_at_its_line(tmp_path: Path) -> None:
    path, where = _bad_config(tmp_path)
    out, err = io.StringIO(), io.StringIO()
    assert check_paths([path], out, err) == 1
    lines = err.getvalue().splitlines()
    assert "Traceback" not in err.getvalue()
    assert len(lines) == 3
    for key, line in where.items():
        hits = [x for x in lines if x.startswith(f"{path}:{line}: ") and key in x]
        assert hits, (key, lines)
    assert any("did you mean 'flanking'" in x for x in lines)


def test_loading_the_config_reports_them_too(tmp_path: Path) -> None:
    path, where = _bad_config(tmp_path)
    with pytest.raises(InputErrors) as exc:
        load_definitions(path.parent.parent)
    text = [str(e) for e in exc.value.errors]
    assert all(re.match(rf"{re.escape(str(path))}:\d+: ", t) and "\n" not in t for t in text)
    assert sorted(int(t.split(":")[1]) for t in text) == sorted(where.values())


def test_the_bundled_file_has_no_problems() -> None:
    params = load_definitions(ROOT / "config").rulesets["osr"].params
    assert param_problems(params) == []


ENCOUNTER = """\
name: Bad OSR params
ruleset: osr
map: "ascii:\\n........\\n........"
sides:
  garrison: {controller: players}
  raiders: {controller: gm}
creatures:
  - {creature: osr_sergeant, side: garrison, name: Sergeant, square: [1, 0], formation: wall}
  - {creature: osr_soldier, side: garrison, name: Soldier, square: [2, 0], formation: wall}
  - {creature: osr_raider, side: raiders, name: Raider, square: [6, 1]}
params:
  treacherous: maybe
  initiative:
    garrison: [[high ground, one]]
    pirates: [[roused from sleep, -1]]
  formations:
    wall:
      facing: Q
      order: tigt
      leader: Sergent
"""


def test_bad_osr_encounter_params_are_one_line_each_at_their_keys(tmp_path: Path) -> None:
    """config/encounters/osr_*.yaml params (formations, initiative, treacherous) are checked by
    the OSR plug-in's encounter_param_problems, called by the loader at the edge."""
    folder = tmp_path / "config"
    (folder / "encounters").mkdir(parents=True)
    for sub in ("creatures", "rulesets"):
        (folder / sub).mkdir()
        for src in (ROOT / "config" / sub).glob("*.yaml"):
            (folder / sub / src.name).write_text(src.read_text(encoding="utf-8"), encoding="utf-8")
    (folder / "weapons.yaml").write_text(
        (ROOT / "config" / "weapons.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    path = folder / "encounters" / "osr_bad.yaml"
    path.write_text(ENCOUNTER, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert check_paths([path], out, err) == 1
    lines = err.getvalue().splitlines()
    assert "Traceback" not in err.getvalue()
    want = {
        "params.treacherous:": 12,
        "params.initiative.garrison:": 14,
        "params.initiative.pirates: unknown side": 15,
        "params.formations.wall.facing:": 18,
        "params.formations.wall.order:": 19,
        "params.formations.wall.leader: no creature called 'Sergent'": 20,
    }
    for what, line in want.items():
        assert any(x.startswith(f"{path}:{line}: ") and what in x for x in lines), (what, lines)
    assert len(lines) == len(want)


def test_the_bundled_osr_encounters_pass() -> None:
    out, err = io.StringIO(), io.StringIO()
    paths = sorted((ROOT / "config" / "encounters").glob("osr_*.yaml"))
    assert paths and check_paths(paths, out, err) == 0, err.getvalue()


def test_an_encounter_param_in_ruleset_params_says_where_it_belongs() -> None:
    got = dict(param_problems({"treacherous": True}))
    assert "encounter" in got["treacherous"] and "establish_milieu" in got["treacherous"]
