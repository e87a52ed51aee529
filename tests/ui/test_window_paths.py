"""Commands that move and act, played from the window through its own events (SDL's dummy
driver) and compared with `battlemat run` on a scenario file of the same fight.

A charge moves, then attacks: the target tool's hover lists every boon and bane as the attack
will meet them at the end of the path it draws (Seed SotDL: Charge; Seed OSR: Movement,
Missiles, Melee and Common modifiers), and the roll the click makes lists the very same.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rules.modifiers import Modifier
from game.ui.app import App
from tests.ui.gm import type_at_prompt
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
#: a preview line that is a boon, a bane or a flat modifier ("1 bane: charging", "+2: flanking")
MODIFIER_LINE = re.compile(r"^(\d+ (boon|bane)s?|[+-]\d+): ")


def _modifier_lines(text: tuple[str, ...]) -> list[str]:
    return [t for t in text if MODIFIER_LINE.match(t)]


def _rolled(app: App) -> list[str]:
    """The boons and banes of the fight's one attack roll, worded as the preview words them."""
    rolls = [e for rec in app.session.engine.history for e in rec.events
             if type(e).__name__ in ("RollMade", "OsrAttackRolled")]
    assert len(rolls) == 1, rolls
    return [m.describe() for m in rolls[0].modifiers]


def _sotdl_setup(app: App) -> None:
    """N, the orc knocked prone (GM tools: Afflict, typed), Kara's turn."""
    key(app, pygame.K_n)
    app.selected = "orc"
    press_action(app, "afflict")
    type_at_prompt(app, "prone")
    app.selected = "kara"
    key(app, pygame.K_SPACE)


def _osr_setup(app: App) -> None:
    """N four times: the fight, Milieu, Initiative (the party wins), Movement, Missiles, Melee."""
    for _ in range(4):
        key(app, pygame.K_n)
    assert app.session.engine.state.phase == "action", app.status
    app.selected = "ann"


CHARGES: list[Any] = [
    pytest.param("sotdl_charge_around.yaml", _sotdl_setup, "kara", "orc",
                 ["1 bane: charging", "1 boon: Orc is prone, attacker within 1 yard"],
                 ("cover", "obscured", "farther"), id="sotdl"),
    pytest.param("osr_charge_flank.yaml", _osr_setup, "ann", "gob",
                 ["+2: flanking: bob on the far side of gob"], (), id="osr"),
]


@pytest.mark.parametrize(("file", "setup", "actor", "target", "mods", "not_there"), CHARGES)
def test_a_charges_hover_lists_the_boons_and_banes_of_its_roll(
    tmp_path: Path, file: str, setup: Any, actor: str, target: str, mods: list[str],
    not_there: tuple[str, ...],
) -> None:
    app = window_on(DATA / file, tmp_path)
    try:
        setup(app)
        press_action(app, "charge")
        foe = app.session.engine.state.creatures[target].square
        hover(app, foe)
        tp = app.tools[-1].target_preview
        assert tp is not None and tp.legal and tp.approach is not None, tp and tp.text
        end = tp.approach.path[-1]
        # every boon and bane as the attack meets them where the path ends, none from the start
        assert _modifier_lines(tp.text) == mods, tp.text
        for word in not_there:  # the start's cover, obscurement, "prone, attacker farther"
            assert not [t for t in _modifier_lines(tp.text) if word in t], tp.text
        # the cover lines are drawn from the charge's end square
        assert tp.lines
        assert all(end[0] <= a[0] <= end[0] + 1 and end[1] <= a[1] <= end[1] + 1
                   for a, _, _ in tp.lines)
        click(app, foe)
        assert app.tools[-1].name == "select", app.status
        assert app.session.engine.state.creatures[actor].square == end
        assert _rolled(app) == mods
        assert window_events(app) == run_events(DATA / file)
    finally:
        app.close()


def test_the_modifier_lines_are_the_modifiers_words() -> None:
    """The pattern above reads every kind of modifier line the rulesets write."""
    for m in (Modifier("charging", boons=-1), Modifier("x", boons=2), Modifier("y", flat=2),
              Modifier("z", flat=-4), Modifier("w", boons=1)):
        assert MODIFIER_LINE.match(m.describe()), m.describe()


# -- Pull (Seed SotDL): the target, then where the puller goes -----------------------------------
PULL = DATA / "sotdl_pull.yaml"


def _pull_picked(app: App) -> Any:
    """N, the goblin grabbed by Kara (GM tools: Afflict, typed), Kara's turn, Pull, the goblin
    clicked: the target tool now asks where Kara goes."""
    key(app, pygame.K_n)
    app.selected = "gob"
    press_action(app, "afflict")
    type_at_prompt(app, "grabbed 0 kara")
    app.selected = "kara"
    key(app, pygame.K_SPACE)
    press_action(app, "pull")
    gob = app.session.engine.state.creatures["gob"].square
    hover(app, gob)
    tool = app.tools[-1]
    assert tool.name == "target" and tool.target_preview.legal, tool.target_preview.text
    click(app, gob)
    assert app.tools[-1] is tool and tool.chosen == "gob", app.status  # not played yet
    assert "click where Kara goes" in app.status
    return tool


def test_a_pull_takes_the_path_the_gm_picks_and_plays_as_the_scenario_file(
    tmp_path: Path,
) -> None:
    app = window_on(PULL, tmp_path)
    try:
        tool = _pull_picked(app)
        assert not [rec for rec in app.session.engine.history
                    if type(rec.command).__name__ == "Pull"]
        # the area it may reach (half Speed: 3 yards) drawn at once
        area = tool.path_preview
        assert area is not None and area.cost_class is not None
        assert area.cost_class[1, 1] >= 0 and area.cost_class[1, 0] < 0  # (0, 1): 4 yards
        hover(app, (1, 1))
        p = app.scene().move
        assert p is tool.path_preview and p.legal
        assert p.path == ((4, 1), (3, 1), (2, 1), (1, 1)) and p.note == "pull: 3 yards"
        assert app.scene().target is None  # the odds were read on the hover; the path is drawn
        assert "gob" in app.scene().highlighted_keys
        click(app, (1, 1))
        assert app.tools[-1].name == "select", app.status
        st = app.session.engine.state
        assert st.creatures["kara"].square == (1, 1) and st.creatures["gob"].square == (2, 1)
        assert window_events(app) == run_events(PULL)
    finally:
        app.close()


def test_a_pull_past_half_speed_says_why_and_plays_nothing(tmp_path: Path) -> None:
    app = window_on(PULL, tmp_path)
    try:
        tool = _pull_picked(app)
        hover(app, (0, 1))
        assert tool.path_preview is not None and not tool.path_preview.legal
        assert "out of reach" in app.status and "3 left" in app.status
        before = len(app.session.engine.history)
        click(app, (0, 1))
        assert app.tools[-1] is tool and len(app.session.engine.history) == before
        key(app, pygame.K_ESCAPE)  # back to the target
        assert app.tools[-1] is tool and not tool.chosen and app.scene().move is None
        key(app, pygame.K_ESCAPE)  # and out of the tool
        assert app.tools[-1].name != "target"
    finally:
        app.close()


def test_a_pull_through_a_waypoint_and_a_pull_nowhere(tmp_path: Path) -> None:
    app = window_on(PULL, tmp_path)
    try:
        tool = _pull_picked(app)
        pygame.key.set_mods(pygame.KMOD_SHIFT)  # shift held: a waypoint above Kara
        try:
            click(app, (4, 0))
        finally:
            pygame.key.set_mods(0)
        assert tool.waypoints == [(4, 0)]
        hover(app, (2, 0))
        assert tool.path_preview is not None and tool.path_preview.path == (
            (4, 1), (4, 0), (3, 0), (2, 0))
        key(app, pygame.K_ESCAPE)  # the waypoints go first
        assert tool.waypoints == [] and tool.chosen == "gob"
        click(app, (4, 1))  # Kara's own square: the pull, and nowhere to go
        assert app.tools[-1].name == "select", app.status
        pull = app.session.engine.history[-1].command
        assert type(pull).__name__ == "Pull" and pull.path == ()
    finally:
        app.close()


# -- Dismount (Seed SotDL: Ride): the square where the rider lands ------------------------------
DISMOUNT = DATA / "sotdl_dismount.yaml"


def _dismounting(app: App) -> None:
    key(app, pygame.K_n)
    app.selected = "kn"
    key(app, pygame.K_SPACE)
    press_action(app, "dismount")
    assert app.tools[-1].name == "square", app.status
    assert "Knight itself: the rules pick" in app.status


def test_a_dismount_lands_where_the_gm_clicks_as_the_scenario_file(tmp_path: Path) -> None:
    app = window_on(DISMOUNT, tmp_path)
    try:
        _dismounting(app)
        hover(app, (6, 2))  # not beside the steed: said on the hover, refused on the click
        assert "not a free space next to the mount" in app.status
        click(app, (6, 2))
        assert app.tools[-1].name == "square" and app.status.startswith("Not legal")
        hover(app, (4, 2))
        assert app.status == "dismount: (4, 2) - legal"
        click(app, (4, 2))
        assert app.tools[-1].name == "select", app.status
        assert app.session.engine.state.creatures["kn"].square == (4, 2)
        assert window_events(app) == run_events(DISMOUNT)
    finally:
        app.close()


def test_a_click_on_the_rider_leaves_the_landing_square_to_the_rules(tmp_path: Path) -> None:
    app = window_on(DISMOUNT, tmp_path)
    try:
        _dismounting(app)
        click(app, app.session.engine.state.creatures["kn"].square)
        cmd = app.session.engine.history[-1].command
        assert type(cmd).__name__ == "Dismount" and cmd.square is None
        assert not app.session.engine.state.creatures["kn"].data.get("riding")
    finally:
        app.close()


# -- A hidden target's guessed square (Seed SotDL: Hide: "guess at your location", 3 banes) ----
GUESS = DATA / "sotdl_guess.yaml"


def test_a_hidden_creature_is_attacked_at_the_square_the_gm_clicks(tmp_path: Path) -> None:
    app = window_on(GUESS, tmp_path)
    try:
        key(app, pygame.K_n)
        app.selected = "rogue"
        press_action(app, "afflict")
        type_at_prompt(app, "hidden")
        app.selected = "kara"
        key(app, pygame.K_SPACE)
        press_action(app, "attack")  # legal: the hidden rogue can be attacked at a guess
        tool = app.tools[-1]
        assert tool.name == "target", app.status
        rogue = app.session.engine.state.creatures["rogue"].square
        click(app, rogue)
        assert app.tools[-1] is tool and tool.guess_for == "rogue", app.status
        assert "Rogue is hidden" in app.status and "click the square guessed" in app.status
        hover(app, (2, 2))  # the players guess wrong
        assert app.status.startswith("guess (2, 2): Rogue: legal"), app.status
        assert "3 banes: guessing a hidden target's location" in tool.target_preview.text
        click(app, (2, 2))
        assert app.tools[-1].name == "select", app.status
        cmd = app.session.engine.history[-1].command
        assert type(cmd).__name__ == "Attack" and tuple(cmd.guess) == (2, 2)
        assert window_events(app) == run_events(GUESS)
    finally:
        app.close()


# -- Escape (Seed SotDL): its path comes after the roll, and may be none -----------------------
ESCAPE = DATA / "sotdl_escape_in_place.yaml"


def test_an_escape_without_moving_is_a_click_on_the_creature(tmp_path: Path) -> None:
    app = window_on(ESCAPE, tmp_path)
    try:
        key(app, pygame.K_n)
        app.selected = "kara"
        press_action(app, "afflict")
        type_at_prompt(app, "grabbed 0 orc")
        key(app, pygame.K_SPACE)
        press_action(app, "escape")
        assert app.tools[-1].name == "move", app.status
        kara = app.session.engine.state.creatures["kara"].square
        click(app, kara)
        assert app.tools[-1].name == "select", app.status
        cmd = app.session.engine.history[-1].command
        assert type(cmd).__name__ == "Escape" and cmd.path == ()
        assert app.session.engine.state.creatures["kara"].square == kara
        assert window_events(app) == run_events(ESCAPE)
    finally:
        app.close()


# -- A charge that goes on after its attack (Seed SotDL: "at any point during your movement") --
PAST = DATA / "sotdl_charge_past.yaml"


def test_a_charge_goes_on_after_its_attack_where_the_gm_clicks(tmp_path: Path) -> None:
    app = window_on(PAST, tmp_path)
    try:
        key(app, pygame.K_n)
        app.selected = "kara"
        key(app, pygame.K_SPACE)
        press_action(app, "charge")
        orc = app.session.engine.state.creatures["orc"].square
        hover(app, orc)
        tool = app.tools[-1]
        approach = tool.target_preview.approach
        assert approach is not None and approach.path[-1] == (5, 0)
        pygame.key.set_mods(pygame.KMOD_SHIFT)  # shift-click: attack, then go on
        try:
            click(app, orc)
        finally:
            pygame.key.set_mods(0)
        assert app.tools[-1] is tool and tool.chosen == "orc", app.status
        hover(app, (7, 2))  # on round the orc: 8 yards of Kara's 10, still in its reach
        p = tool.path_preview
        assert p is not None and p.legal and p.path[:6] == approach.path, p
        assert p.path[-1] == (7, 2) and p.note == "charge: 8 yards, attacks at (5, 0)"
        assert p.waypoints == ((5, 0),)  # the attack's square, ringed
        hover(app, (9, 2))  # out of the orc's reach: its free attack is marked
        assert "1 free attack (Orc)" in app.status
        click(app, (7, 2))
        assert app.tools[-1].name == "select", app.status
        cmd = app.session.engine.history[-1].command
        assert cmd.attack_after == 5 and tuple(cmd.path)[-1] == (7, 2)
        assert window_events(app) == run_events(PAST)
    finally:
        app.close()
