"""Bad scenario files stop with one line: file:line: what is wrong."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.io.errors import InputError
from game.io.scenario import run_scenario_file

GOOD_HEAD = """map: |
  ....
creatures:
  - {id: a, side: players, at: [0, 0], stats: {name: A, size: 1, speed: 5, defense: 10, health: 10}}
  - {id: b, side: gm, at: [1, 0], stats: {name: B, size: 1, speed: 5, defense: 10, health: 10}}
"""


@pytest.mark.parametrize("text, line, words", [
    (GOOD_HEAD + "commands:\n  - fly_away: {creature: a}\n", 7, "unknown command 'fly_away'"),
    (GOOD_HEAD + "commands:\n  - attack: {attacker: a, tagret: b}\n", 7, "unknown field 'tagret'"),
    (GOOD_HEAD + "commands:\n  - attack: {attacker: a}\n", 7, "missing target"),
    (GOOD_HEAD + "commands:\n  - begin_combat\n  - move: {creature: a, path: [[1]]}\n", 8,
     "path must be a list of squares"),
    (GOOD_HEAD.replace("at: [1, 0]", "at: [9, 0]"), 5, "off the 4x1 map"),
    (GOOD_HEAD.replace("health: 10}}\n  - {id: b", "}}\n  - {id: b"), 4, "health"),
    (GOOD_HEAD + "comands: []\n", 6, "unknown key 'comands'"),
    ("map: |\n  ..x.\n" + GOOD_HEAD.split("\n", 2)[2], 1, "unknown square"),
    (GOOD_HEAD + "commands:\n  - attack: {attacker: a, target: b\n", None, "invalid YAML"),
    (GOOD_HEAD + "commands:\n  - begin_combat\n    expect: []\n", 8,
     "is written '- begin_combat: {}'"),
    (GOOD_HEAD.replace("speed: 5, defense", "speed: ten, defense"), 4, "stat 'speed'"),
    (GOOD_HEAD + "commands:\n  - deal_damage: {creature: a, amount: lots}\n", 7,
     "amount must be a whole number"),
    (GOOD_HEAD + "commands:\n  - adjust_roll: {creature: a, boons: many, reason: x}\n", 7,
     "boons must be a whole number"),
    (GOOD_HEAD.replace("at: [1, 0]", "at: [0, 0]"), 5, "[0, 0] is already taken by a"),
    ("sides:\n  - {id: players, controler: players}\n  - {id: gm, controller: gm}\n"
     + GOOD_HEAD, 2, "side players: unknown key 'controler'"),
    (GOOD_HEAD.replace("at: [0, 0], stats", "at: [0, 0], strength: 14, stats"), 4,
     "unknown key 'strength' (a stat: write it under stats:"),
    (GOOD_HEAD.replace("  ....", "  .#.."), 5, "[1, 0] is a wall"),
    ("params: {help_rang_yd: 5}\n" + GOOD_HEAD, 1, "did you mean 'help_range_yd'"),
    ("params: {help_range_yd: five}\n" + GOOD_HEAD, 1, "must be a number"),
    ("weapons:\n  bow2: {damage: 1d6, range_yd: far, properties: [range]}\n" + GOOD_HEAD, 2,
     "'range_yd' must be a whole number"),
    (GOOD_HEAD.replace("at: [0, 0]", "at: [0, 0], elevation_yd: high"), 4,
     "elevation_yd must be a number"),
])
def test_bad_file_one_line(tmp_path: Path, text: str, line: int | None, words: str) -> None:
    p = tmp_path / "bad.yaml"
    p.write_text(text, encoding="utf-8")
    out = io.StringIO()
    with pytest.raises(InputError) as err:
        run_scenario_file(p, out=out)
    assert out.getvalue() == ""  # nothing runs from a bad file
    msg = str(err.value)
    assert words in msg and "\n" not in msg
    if line is not None:
        assert msg.startswith(f"{p}:{line}:")


def test_rejections_and_failed_expectations_give_exit_code_1(tmp_path: Path) -> None:
    p = tmp_path / "s.yaml"
    p.write_text(GOOD_HEAD + "commands:\n  - move: {creature: a, path: [[5, 0]]}\n", "utf-8")
    assert run_scenario_file(p, out=io.StringIO()) == 1
    p.write_text(GOOD_HEAD + "commands:\n  - begin_combat\nexpect:\n  - {type: Nothing}\n", "utf-8")
    assert run_scenario_file(p, out=io.StringIO()) == 1
    p.write_text(GOOD_HEAD + "commands:\n  - begin_combat\nexpect:\n  - {type: RoundStarted}\n",
                 "utf-8")
    assert run_scenario_file(p, out=io.StringIO()) == 0


def test_dice_typed_in_but_not_rolled_give_exit_code_1(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A wrong dice count (a bane die that cancelled, damage dice for a miss) is one line."""
    p = tmp_path / "s.yaml"
    attack = "commands:\n  - begin_combat\n  - attack: {attacker: a, target: b}\n    dice: [%s]\n"
    head = GOOD_HEAD.replace("health: 10}}\n  - {id: b",
                             "health: 10, weapons: [club]}}\n  - {id: b")
    p.write_text(head + attack % "1, 6, 3", "utf-8")   # a miss: no damage die
    assert run_scenario_file(p, out=io.StringIO()) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{p}:8: 3 dice typed in for this command, only 1 rolled")
    assert "\n" not in err
    p.write_text(p.read_text("utf-8").replace("dice: [1, 6, 3]", "dice: [15, 3]"), "utf-8")
    assert run_scenario_file(p, out=io.StringIO()) == 0   # a hit: d20 and the club's d6


def test_an_expected_event_type_that_does_not_exist_is_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`type: RolMade` can never be found: say so, with the likely name."""
    p = tmp_path / "s.yaml"
    p.write_text(GOOD_HEAD + "commands:\n  - begin_combat: {}\n    expect: [{type: RoundStartd}]\n",
                 "utf-8")
    assert run_scenario_file(p, out=io.StringIO()) == 1
    err = capsys.readouterr().err.strip()
    assert err == (f"{p}:7: expect: there is no event type 'RoundStartd' "
                   "(did you mean 'RoundStarted'?)")
