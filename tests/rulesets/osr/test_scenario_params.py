"""Scenario files' ``params`` reach the OSR ruleset (docs/scenarios.md); bad ones: one line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.io.errors import InputError
from game.io.scenario import Scenario, run_scenario_file
from game.io.yaml_lines import load_yaml_file
from game.rulesets.osr.view import params_of

SCENARIO = """\
name: params
ruleset: osr
params:
  move_paces: {paces}
map: |
  ......
sides:
  - {{id: party, controller: players}}
  - {{id: foes, controller: gm}}
creatures:
  - {{id: ann, side: party, at: [0, 0], stats: {{size: 1, speed: 6, defense: 10, health: 10}}}}
  - {{id: orc, side: foes, at: [5, 0], stats: {{size: 1, speed: 6, defense: 10, health: 10}}}}
commands:
  - start_combat
"""


def _scenario(tmp_path: Path, paces: str) -> Path:
    path = tmp_path / "params.yaml"
    path.write_text(SCENARIO.format(paces=paces), encoding="utf-8")
    return path


def test_scenario_params_change_the_osr_ruleset(tmp_path: Path) -> None:
    path = _scenario(tmp_path, "3")
    sc = Scenario(path, load_yaml_file(path).data, None)
    assert params_of(sc.ruleset).move_paces == 3
    assert run_scenario_file(path, out=io.StringIO()) == 0


def test_a_bad_osr_param_in_a_scenario_is_one_line_with_its_line(tmp_path: Path) -> None:
    path = _scenario(tmp_path, "fast")
    with pytest.raises(InputError) as err:
        Scenario(path, load_yaml_file(path).data, None)
    text = str(err.value)
    assert "\n" not in text and "move_paces" in text
    assert text.startswith(f"{path}:4: ")  # the move_paces line


def test_the_summary_shows_osr_hit_points_not_health(tmp_path: Path) -> None:
    import json

    text = _scenario(tmp_path, "6").read_text(encoding="utf-8").replace(
        "defense: 10, health: 10}}\n", "defense: 10, health: 10, hit_points: 7}}\n")
    p = tmp_path / "hp.yaml"
    p.write_text(text, encoding="utf-8")
    out = io.StringIO()
    assert run_scenario_file(p, out=out) == 0
    last = json.loads(out.getvalue().splitlines()[-1])
    orc = last["creatures"]["orc"]
    assert last["type"] == "Summary" and "health" not in orc
    assert orc["hit_points"] == 7 and orc["hp_left"] == 7 and orc["damage"] == 0
