"""Mistakes in OSR scenario files are one line ``file:line: what``: never a traceback, never the
engine's "internal" refusal (a rules bug), whatever the GM typed into an OSR command."""

from __future__ import annotations

import io
import re
from contextlib import redirect_stderr
from pathlib import Path

import pytest

from game.io.errors import InputError, InputErrors
from game.io.scenario import run_scenario_file

HEAD = """\
name: bad
ruleset: osr
map: |
  ........
  ........
sides:
  - {id: party, controller: players}
  - {id: foes, controller: gm}
weapons:
  axe: {damage: 1d8, kind: melee}
creatures:
  - {id: ann, side: party, at: [1, 0],
     stats: {size: 1, speed: 6, defense: 10, health: 10, weapons: [axe]}}
  - {id: orc, side: foes, at: [2, 0],
     stats: {size: 1, speed: 6, defense: 10, health: 10, weapons: [axe]}}
commands:
  - start_combat
"""
TO_ACTION = """\
  - advance_phase
  - summon_power: {creature: ann, soul_points: 1}
  - advance_phase:
    dice: [6, 1]
  - advance_phase
"""
CASES = {
    "acts_not_a_list": "  - seize_initiative: {acts: ann}\n",
    "acts_of_words": "  - seize_initiative: {acts: [ann, orc]}\n",
    "act_unknown_field": "  - seize_initiative:\n"
    "      acts: [{creature: ann, act: strike, foo: 1}]\n",
    "act_difficulty_words": "  - seize_initiative:\n"
    "      acts: [{creature: ann, act: parley, difficulty: hard}]\n",
    "act_strike_nobody": "  - seize_initiative:\n"
    "      acts: [{creature: ann, act: strike, target: zed}]\n",
    "soul_points_words": "  - advance_phase\n"
    "  - summon_power: {creature: ann, soul_points: lots}\n",
    "init_modifier_words": "  - initiative_modifier: {side: party, value: plus, reason: x}\n",
    "condition_unknown": "  - set_condition: {creature: ann, condition: frozen}\n",
    "acid_dice_words": "  - set_condition: {creature: ann, condition: in_acid, dice: lots}\n",
    "facing_unknown": "  - form_up: {formation: f, members: [ann], facing: X}\n",
    "order_unknown": "  - form_up: {formation: f, members: [ann], order: medium}\n",
    "terms_unknown": "  - terms: {terms: peace, losing_side: foes}\n",
    "course_unknown": "  - choose_course: {side: foes, course: flee}\n",
    "spell_damage_words": TO_ACTION
    + "  - cast_spell: {creature: ann, targets: [orc], damage: lots}\n",
    "spell_damage_type": TO_ACTION + "  - cast_spell: {creature: ann, targets: [orc], damage: 1d6, "
    "damage_type: plasma}\n",
    "gm_modifier_words": TO_ACTION + "  - attack: {creature: ann, target: orc, gm_modifier: big}\n",
    "block_path_number": "  - form_up: {formation: f, members: [ann]}\n"
    "  - move_formation: {formation: f, path: 3}\n",
    "treacherous_words": "  - establish_milieu: {treacherous: very}\n",
    "charge_path_flat": TO_ACTION + "  - charge: {creature: ann, target: orc, path: [1, 0]}\n",
    "unknown_osr_command": "  - rally: {creature: ann}\n",
    "answer_wrong_option": TO_ACTION.replace("soul_points: 1", "soul_points: 1")
    + "  - move: {creature: ann, path: [[1, 1], [0, 1]]}\n  - answer: maybe\n",
}


def _run(path: Path) -> tuple[int, str]:
    err = io.StringIO()
    try:
        with redirect_stderr(err):
            code = run_scenario_file(path, out=io.StringIO())
    except (InputError, InputErrors) as exc:
        return 2, str(exc)
    return code, err.getvalue()


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_bad_osr_command_is_one_line_per_mistake(name: str, tmp_path: Path) -> None:
    path = tmp_path / f"{name}.yaml"
    path.write_text(HEAD + CASES[name], encoding="utf-8")
    code, text = _run(path)
    assert code in (1, 2), text
    lines = text.strip().splitlines()
    assert lines and all(re.match(rf"{re.escape(str(path))}:\d+: \S", ln) for ln in lines), text
    assert "Traceback" not in text and "rules engine failed" not in text, text
