"""A charge's knock down or shove, picked from the window's option menu (Seed SotDL: Charge:
"you can make an attack, or attempt to knock down or shove"), plays as the scenario file's
charge with that ``attack`` does (`battlemat run`)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.rules.engine import choices_of
from game.rulesets.sotdl.commands import Charge
from game.ui.app import App
from tests.ui.scenario_window import (
    click,
    hover,
    press_action,
    run_events,
    window_events,
    window_on,
)
from tests.ui.test_window_paths import _sotdl_setup

DATA = Path(__file__).parent / "data" / "play"


def _pick_option(app: App, shown: str) -> None:
    """The GM picks an entry of the option menu (as pygame_gui reports it)."""
    menu = app.panels.option_menu
    assert menu is not None
    entries = [o if isinstance(o, str) else o[0] for o in menu.options_list]
    assert f"option: {shown}" in entries, entries
    app.handle(pygame.event.Event(
        pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text=f"option: {shown}", ui_element=menu))
    app.update(0.0)


def test_a_charge_shoves_when_the_gm_picks_shove_from_the_option_menu(tmp_path: Path) -> None:
    file = DATA / "sotdl_charge_shove.yaml"
    app = window_on(file, tmp_path)
    try:
        _sotdl_setup(app)
        _pick_option(app, "shove")
        assert app.option == "shove"
        press_action(app, "charge")
        foe = app.session.engine.state.creatures["orc"].square
        hover(app, foe)
        tp = app.tools[-1].target_preview
        assert tp is not None and tp.legal, tp and tp.text
        click(app, foe)
        last = app.session.engine.history[-1].command
        assert isinstance(last, Charge) and last.attack == "shove" and last.option == ""
        assert window_events(app) == run_events(file)
    finally:
        app.close()


def test_the_menu_offers_every_other_attack_a_charge_can_make() -> None:
    assert choices_of(Charge) == ("attack", ("knock_down", "shove"))


def test_an_attack_out_of_reach_says_so_not_that_it_needs_no_guess(tmp_path: Path) -> None:
    """The bar's reason for a greyed attack is the attack's own (out of reach), not that of
    the guessed-square attack tried for hidden creatures (game/ui/legality.py)."""
    app = window_on(DATA / "sotdl_charge_shove.yaml", tmp_path)
    try:
        _sotdl_setup(app)
        app._panel_version = -1
        app.update(0.0)
        attack = next(a for a in app.panels.model.actions if a.id == "attack")
        assert not attack.legal and "out of reach" in attack.reason, attack.reason
        assert "guess" not in attack.reason
        press_action(app, "attack")
        assert "out of reach" in app.status, app.status
    finally:
        app.close()
