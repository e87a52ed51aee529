"""What the GM reads at the table: the newest roll on top of the dice panel, a status line that
does not fit shown whole on hover, and one distance unit (the ruleset's) everywhere."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.rules.engine.walk import Stepped
from game.ui.app import App
from game.ui.log_text import describe, distance, merge_steps
from game.ui.panel_model import do_intent
from game.ui.session import Session
from tests.ui.gm import DEMO, OSR_DEMO


def _attack(app: App, attacker: str, target: str) -> None:
    rs = app.session.engine.ruleset
    cmd = rs.command_names["attack"](attacker, target)
    assert not app.session.fight.validate(cmd), app.session.fight.validate(cmd)
    app.session.submit(cmd)
    while app.session.engine.pending is not None:  # a free attack or the like: the default
        app.session.fight.answer(app.session.engine.pending.default)
    app._panel_version = -1
    app.update(0.0)


def test_the_dice_panel_shows_the_newest_roll_first(tmp_path: Path) -> None:
    app = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 860))
    try:
        app.update(0.0)
        app._intent("advance")
        f = app.session.fight
        f.submit(f.engine.ruleset.command_names["start_turn"]("crossbowman"))
        _attack(app, "crossbowman", "warg")
        f.submit(f.engine.ruleset.command_names["end_turn"]())
        names = f.engine.ruleset.command_names
        f.submit(names["start_turn"]("wall_guard"))
        f.submit(names["find"]("wall_guard"))  # a Perception roll
        app._panel_version = -1
        app.update(0.0)
        second = ("wall_guard",)
        who = f.engine.state.creatures[second[0]].name
        lines = app.panels.model.dice_lines
        assert len(lines) >= 2
        assert who in lines[0] and "Crossbowman" in lines[-1]  # newest first
        assert app.panels.dice_box.html_text.startswith(lines[0])
    finally:
        app.close()


def test_a_status_line_that_does_not_fit_shows_in_full_on_hover(tmp_path: Path) -> None:
    app = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1000, 700))
    try:
        app.update(0.0)
        long = "Not legal: " + " ".join(f"reason{i} with words" for i in range(40))
        app.status = long
        app._panel_version = -1
        app.update(0.0)
        label = app.panels.status
        measure = app.panels._measure()
        shown = label.text
        assert shown.endswith("…") and shown[:-1] in long
        assert measure(shown) <= label.get_relative_rect().width
        assert label.tool_tip_text == long  # hovering it shows the whole line
        # the pygame_gui hover makes the tool tip with the whole text
        label.hover_time = 10.0
        label.while_hovering(0.1, pygame.Vector2(label.rect.center))
        assert label.tool_tip is not None
        app.status = "Moved"
        app._panel_version = -1
        app.update(0.0)
        assert label.text == "Moved" and label.tool_tip_text is None
    finally:
        app.close()


def test_distances_read_in_the_rulesets_unit() -> None:
    assert distance(1) == "1 yard" and distance(4) == "4 yards"
    assert distance(1, "paces") == "1 pace" and distance(6, "paces") == "6 paces"
    names = {"ann": "Ann", "unit:": "paces"}
    steps = [Stepped("ann", (1, 1), (2, 1), 0.0, 1.0, "formation", "walk", True, True)]
    text = merge_steps(steps, names)[0][0]
    assert text == "Ann moves with its formation 1 pace from (1, 1) to (2, 1)"
    assert "formations from" not in text
    rushed = [Stepped("ann", (1, 1), (2, 1), 0.0, 1.0, "pulled", "walk", True, True)]
    assert merge_steps(rushed, {"ann": "Ann"})[0][0].startswith("Ann is pulled 1 yard from")


def test_osr_measure_log_and_turns_speak_paces(tmp_path: Path) -> None:
    s = Session.open(OSR_DEMO, journal_path=tmp_path / "j.jsonl")
    try:
        f = s.fight
        assert f.measure((0, 0), (3, 0)) == "3 paces"
        for _ in range(4):  # start, Milieu, Initiative, the Movement/Missiles/Melee part
            do_intent(f, "advance", "", "")
        lines = [t for t, _ in f.log_lines()]
        everything = " ".join(lines)
        assert " yard" not in everything and " yd" not in everything
        mover = next(
            c.id
            for c in f.engine.state.creatures.values()
            if not f.query("turn_status", c.id)["why_not"]
            and "move" in s.previews.move_modes(c.id)
        )
        x, y = f.engine.state.creatures[mover].square
        modes = s.previews.move_modes(mover)
        for sq in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)):
            cmd, _ = s.previews.move_command(mover, modes, (), sq, safest=False, area=None)
            if cmd is not None:
                break
        assert cmd is not None
        f.submit(cmd)
        moved = [t for t, _ in f.log_lines()][len(lines) :]
        assert any("1 pace" in t for t in moved), moved
        assert not any("yard" in t for t in moved), moved
    finally:
        s.close()


def test_sotdl_measure_says_yards_up_and_down(tmp_path: Path) -> None:
    s = Session.open(DEMO, journal_path=tmp_path / "j.jsonl")
    try:
        f = s.fight
        assert f.measure((0, 0), (1, 0)) in ("1 yard", "1 yard, 3 yards up", "1 yard, 3 yards down")
        wall, yard = (10, 4), (10, 8)  # the spearman's wall walk (3 yards up) and the yard
        assert f.battlefield.elevation_at(wall) > f.battlefield.elevation_at(yard)
        assert "yards down" in f.measure(wall, yard) and " yd" not in f.measure(wall, yard)
    finally:
        s.close()


def test_a_bad_typed_die_says_a_value_not_1_values(tmp_path: Path) -> None:
    s = Session.open(DEMO, journal_path=tmp_path / "j.jsonl")
    try:
        f = s.fight
        f.manual_dice = True
        do_intent(f, "advance", "", "")
        f.submit(f.engine.ruleset.command_names["start_turn"]("crossbowman"))
        f.submit(f.engine.ruleset.command_names["attack"]("crossbowman", "warg"))
        assert f.engine.pending is not None and f.engine.pending.kind == "dice"
        said = f.answer_text("99")
        assert "1 values" not in said and "a value from 1 to" in said, said
    finally:
        s.close()


def test_generic_event_lines_give_yd_fields_in_the_unit() -> None:
    from dataclasses import dataclass

    from game.rules.engine.events import Event

    @dataclass(frozen=True)
    class Slid(Event):  # an event no phrase knows: spelled out from its fields
        creature: str
        distance_yd: float

    assert describe(Slid("ann", 2.0), {"ann": "Ann", "unit:": "paces"}) == (
        "Ann slid: distance 2 paces"
    )
