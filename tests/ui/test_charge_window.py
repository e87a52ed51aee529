"""Charge from the window (SotDL and OSR): the target tool's hover shows the path the charge
will take, legal only if the engine accepts that very command, and a click plays it with the
same events as the scenario file that writes the path out (`battlemat run`)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from tests.ui.scenario_window import (
    click,
    hover,
    key,
    press_action,
    run_events,
    window_events,
    window_on,
)

DATA = Path(__file__).parent / "data" / "play"


def _charge_from_window(app, actor: str, target: str):  # type: ignore[no-untyped-def]
    app.selected = actor
    press_action(app, "charge")
    assert app.tools[-1].name == "target", app.status
    there = app.session.engine.state.creatures[target].square
    hover(app, there)
    return app.tools[-1].target_preview


@pytest.mark.parametrize(
    ("file", "actor", "target", "begin"),
    [("sotdl_charge.yaml", "kara", "orc", 1), ("osr_charge.yaml", "ann", "gob", 4)],
)
def test_a_charge_played_from_the_window_is_the_scenario_files(
    tmp_path: Path, file: str, actor: str, target: str, begin: int
) -> None:
    app = window_on(DATA / file, tmp_path)
    try:
        for _ in range(begin):  # N: start the fight (OSR: then Milieu, Initiative, Action)
            key(app, pygame.K_n)
        if app.session.engine.ruleset.id == "sotdl":
            app.selected = actor
            key(app, pygame.K_SPACE)  # start the selected creature's turn
        tp = _charge_from_window(app, actor, target)
        assert tp is not None and tp.legal, tp and tp.text
        # the hover shows the path it will take: from the charger to the square beside the foe
        assert tp.approach is not None and tp.approach.legal
        start = app.session.engine.state.creatures[actor].square
        foe = app.session.engine.state.creatures[target].square
        assert tp.approach.path[0] == start
        end = tp.approach.path[-1]
        assert max(abs(end[0] - foe[0]), abs(end[1] - foe[1])) == 1  # side by side
        assert any("charge:" in t and "from" in t for t in tp.text)
        scene = app.scene()
        assert scene.move is tp.approach  # drawn with the move preview's path and marks
        click(app, foe)
        assert app.tools[-1].name == "select", app.status
        assert app.session.engine.state.creatures[actor].square == end
        assert window_events(app) == run_events(DATA / file)
    finally:
        app.close()


def test_a_foe_three_yards_away_is_charged_not_out_of_reach(tmp_path: Path) -> None:
    """The bug: the tool made Charge(attacker, target) with no path; the hover said legal and
    the click was refused 'out of reach'. Now hover and click agree, for every foe."""
    app = window_on(DATA / "sotdl_charge.yaml", tmp_path)
    try:
        f = app.session.fight
        n = f.engine.ruleset.command_names
        assert not f.submit(n["place_creature"]("orc", (3, 0)))  # 3 yards from Kara
        key(app, pygame.K_n)
        app.selected = "kara"
        key(app, pygame.K_SPACE)
        assert f.validate(n["charge"]("kara", "orc"))  # no path: out of reach, as before
        tp = _charge_from_window(app, "kara", "orc")
        cmd, why = app.session.previews.target_command("kara", "charge", "orc", "", None)
        assert tp.legal == (cmd is not None), (tp.text, why)
        assert cmd is not None and tuple(cmd.path) == ((1, 0), (2, 0))
        assert not f.validate(cmd)
    finally:
        app.close()


def test_a_charge_beyond_reach_is_refused_on_hover_with_the_reason(tmp_path: Path) -> None:
    app = window_on(DATA / "sotdl_charge.yaml", tmp_path)
    try:
        f = app.session.fight
        # the orc at the far end: 15 squares away, past a 10-yard Speed
        assert not f.submit(f.engine.ruleset.command_names["place_creature"]("orc", (15, 0)))
        key(app, pygame.K_n)
        app.selected = "kara"
        key(app, pygame.K_SPACE)
        tp = _charge_from_window(app, "kara", "orc")
        assert tp is not None and not tp.legal and tp.approach is None
        cmd, why = app.session.previews.target_command("kara", "charge", "orc", "", None)
        assert cmd is None and why.startswith("Not legal: ")
        assert why.removeprefix("Not legal: ") in tp.text[0]
    finally:
        app.close()
