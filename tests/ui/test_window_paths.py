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
