"""Ending a part of the round while creatures have not acted asks first and names them (N, a
GM's creature started or dragged while the players are still to act); the dialog answers to
the mouse, the keyboard (Enter yes, Escape no) and a finger. Seed SotDL: Anatomy of a Round:
"Once all the players have finished taking their turns during a part of the round, the GM
takes turns for the creatures he or she controls": the engine refuses a GM's turn before then,
naming the players; the GM may end the players' part, which the window asks to confirm."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ui.app import App
from game.ui.session import Session
from tests.ui.gm import DEMO, OSR_DEMO
from tests.ui.scenario_window import click, key

PLAYERS = {"Spearman", "Crossbowman", "Rogue", "Warhorse", "Knight", "Wall guard"}


@pytest.fixture()
def app(tmp_path: Path):  # type: ignore[no-untyped-def]
    a = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 860))
    a.update(0.0)
    key(a, pygame.K_n)  # the fight begins: the players' fast turns, nobody has acted
    assert a.confirm is None and a.session.engine.state.phase == "fast_players"
    yield a
    a.close()


def _pump(app: App) -> None:
    """Hand the window the events pygame_gui posted (a button's UI_BUTTON_PRESSED ...)."""
    for ev in pygame.event.get():
        app.handle(ev)
    app.update(0.0)


def _press_button(app: App, button: pygame_gui.elements.UIButton, touch: bool = False) -> None:
    """The mouse (or SDL's mouse for a finger: ``touch``) presses and releases a button."""
    pos = button.get_abs_rect().center
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {}
        btn = {} if kind == pygame.MOUSEMOTION else {"button": 1}
        app.handle(pygame.event.Event(kind, pos=pos, touch=touch, **extra, **btn))
        app.update(0.0)
    _pump(app)


def test_n_with_creatures_not_acted_asks_and_names_them(app: App) -> None:
    key(app, pygame.K_n)
    assert app.confirm is not None
    assert app.session.engine.state.phase == "fast_players"  # nothing ended yet
    assert app.status.startswith("6 creatures have not acted")
    assert all(name in app.status for name in PLAYERS)
    assert "end the part" in app.status
    text = app.confirm.dialog.confirmation_text.html_text
    assert all(name in text for name in PLAYERS) and "End the part" in text
    key(app, pygame.K_n)  # other keys wait while it is open: not a second N
    assert app.session.engine.state.phase == "fast_players"
    key(app, pygame.K_ESCAPE)  # no
    assert app.confirm is None and app.session.engine.state.phase == "fast_players"
    key(app, pygame.K_n)
    key(app, pygame.K_RETURN)  # yes
    assert app.confirm is None and app.session.engine.state.phase == "fast_gm"


def test_the_dialog_works_with_the_mouse(app: App) -> None:
    key(app, pygame.K_n)
    assert app.confirm is not None
    _press_button(app, app.confirm.dialog.cancel_button)
    assert app.confirm is None and app.session.engine.state.phase == "fast_players"
    key(app, pygame.K_n)
    _press_button(app, app.confirm.dialog.confirm_button)
    assert app.confirm is None and app.session.engine.state.phase == "fast_gm"


def test_the_dialog_works_with_a_finger_and_the_map_does_not_feel_it(app: App) -> None:
    key(app, pygame.K_n)
    dialog = app.confirm.dialog
    at = dialog.confirm_button.get_abs_rect().center
    w, h = app.screen.get_size()
    selected = app.selected
    # SDL sends the finger, then its own mouse events (touch=True) that work the widgets
    app.handle(pygame.event.Event(pygame.FINGERDOWN, finger_id=1, x=at[0] / w, y=at[1] / h,
                                  dx=0.0, dy=0.0, touch_id=1))
    app.handle(pygame.event.Event(pygame.FINGERUP, finger_id=1, x=at[0] / w, y=at[1] / h,
                                  dx=0.0, dy=0.0, touch_id=1))
    assert app.confirm is not None and app.selected == selected  # the map had no tap
    _press_button(app, dialog.confirm_button, touch=True)
    assert app.confirm is None and app.session.engine.state.phase == "fast_gm"


def test_a_gm_creature_turn_before_the_players_are_done_asks_to_end_their_part(
    app: App,
) -> None:
    f = app.session.fight
    refused = f.submit(f.engine.ruleset.command_names["start_turn"]("ogre_brute", "fast"))
    assert "the players have not finished" in refused and "Rogue" in refused  # the engine
    app.selected = "ogre_brute"
    key(app, pygame.K_SPACE)  # start the selected creature's turn
    assert app.confirm is not None and app.session.engine.state.active != "ogre_brute"
    assert "and start Ogre brute's turn" in app.confirm.dialog.confirmation_text.html_text
    key(app, pygame.K_RETURN)
    st = app.session.engine.state
    assert st.phase == "fast_gm" and st.active == "ogre_brute"


def test_dragging_a_gm_creature_while_players_have_not_acted_asks_first(app: App) -> None:
    st = app.session.engine.state
    x, y = st.creatures["goblin"].square
    click(app, (x, y))  # the goblin's reachable squares: it may move once the part ends
    assert app.tools[-1].name == "move", app.status
    click(app, (x, y - 2))
    assert app.confirm is not None and app.session.engine.state.creatures["goblin"].square == (
        x,
        y,
    )
    key(app, pygame.K_ESCAPE)
    assert app.session.engine.state.creatures["goblin"].square == (x, y)
    click(app, (x, y))
    click(app, (x, y - 2))
    key(app, pygame.K_RETURN)
    st = app.session.engine.state
    assert st.phase == "fast_gm" and st.creatures["goblin"].square == (x, y - 2)


def test_n_when_everyone_has_acted_asks_nothing(tmp_path: Path) -> None:
    a = App(Session.open(OSR_DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 860))
    try:
        a.update(0.0)
        for _ in range(4):  # start (Seize), Milieu, Initiative, Action: nobody waits to act yet
            key(a, pygame.K_n)
            assert a.confirm is None, a.status
        assert a.session.engine.state.phase == "action"
        key(a, pygame.K_n)  # the action part: the side that won has creatures to act
        assert a.confirm is not None and "have not acted" in a.status
    finally:
        a.close()
