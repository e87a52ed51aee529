"""Acting with another creature while creatures have not acted asks first and says who (issue
10): the engine ends the turn going on, or the part of the round, by itself when another
creature starts acting (Seed SotDL, Anatomy of a Round: a creature's turn ends when the next
one's begins; a GM's turn before the players are done ends their part; Seed OSR: the next side
in initiative acts once the winning side is done). Every window path that acts with a creature
(a click or a drag with the move tool, a finger's drag, Space, a turn panel row, an action
button or key) asks before it passes anyone over; yes plays it, no leaves the fight as it was
(its state, its history and its journal on disk)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.rules.engine import TurnStarted
from game.ui.app import App
from game.ui.command_kinds import make, tool_kind
from game.ui.panels import ActionButton
from game.ui.session import Session
from tests.ui.gm import DEMO, OSR_DEMO
from tests.ui.scenario_window import click, key

Square = tuple[int, int]


def _open(path: Path, tmp_path: Path) -> App:
    app = App(Session.open(path, journal_path=tmp_path / "j.jsonl"), size=(1400, 860))
    app.update(0.0)
    app.draw()
    return app


def _pump(app: App) -> None:
    """Hand the window the events pygame_gui posted (a list row's selection, a button's press)."""
    for ev in pygame.event.get():
        app.handle(ev)
    app.update(0.0)


def _mouse_click_at(app: App, pos: tuple[int, int]) -> None:
    """The mouse presses and releases at a window pixel (a widget: a button, a list row)."""
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {}
        btn = {} if kind == pygame.MOUSEMOTION else {"button": 1}
        app.handle(pygame.event.Event(kind, pos=pos, **extra, **btn))
        app.update(0.0)
    _pump(app)
    _pump(app)  # a list row's press becomes its selection on the next pass


def _dest(app: App, who: str) -> Square:
    """A free square the creature's move reaches (a plain move where one does), 2 to 4 off."""
    st = app.session.engine.state
    start = st.creatures[who].square
    previews = app.session.previews
    area = previews.move_area(who, previews.move_modes(who))
    assert area is not None, app.status
    ys, xs = (area.cost_class >= 0).nonzero()
    move = area.classes.index("move")
    return min(
        (
            (int(x), int(y))
            for x, y in zip(xs, ys, strict=True)
            if 2 <= max(abs(int(x) - start[0]), abs(int(y) - start[1])) <= 4
            and not st.occupant((int(x), int(y)), exclude=who)
        ),
        key=lambda s: (area.cost_class[s[1], s[0]] != move, s),
    )


# -- the window's paths to acting with a creature ----------------------------------------------


def by_click(app: App, who: str) -> None:
    """Click its token, then a square it can reach (the move tool)."""
    start = app.session.engine.state.creatures[who].square
    click(app, start)
    click(app, _dest(app, who))


def by_drag(app: App, who: str) -> None:
    """Drag its token with the mouse and let go on a square it can reach."""
    start = app.session.engine.state.creatures[who].square
    a = app.camera.square_center_px(start)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.update(0.0)
    b = app.camera.square_center_px(_dest(app, who))
    for i in range(1, 9):
        at = (a[0] + (b[0] - a[0]) * i // 8, a[1] + (b[1] - a[1]) * i // 8)
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(1, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    app.update(0.0)


def by_finger(app: App, who: str) -> None:
    """Drag its token with a finger (SDL's FINGER* events) onto a square it can reach."""
    start = app.session.engine.state.creatures[who].square
    a = app.camera.square_center_px(start)
    w, h = app.screen.get_size()

    def finger(kind: int, pos: tuple[float, float]) -> None:
        app.handle(
            pygame.event.Event(
                kind,
                touch_id=1,
                finger_id=0,
                x=pos[0] / w,
                y=pos[1] / h,
                dx=0.0,
                dy=0.0,
                pressure=1.0,
            )
        )

    finger(pygame.FINGERDOWN, a)
    app.update(0.0)
    b = app.camera.square_center_px(_dest(app, who))
    for i in range(1, 11):
        finger(pygame.FINGERMOTION, (a[0] + (b[0] - a[0]) * i / 10, a[1] + (b[1] - a[1]) * i / 10))
    finger(pygame.FINGERUP, b)
    app.update(0.0)


def by_space(app: App, who: str) -> None:
    """Select it (a click on its token) and press Space: its turn starts."""
    click(app, app.session.engine.state.creatures[who].square)
    key(app, pygame.K_SPACE)


def by_row(app: App, who: str) -> None:
    """Click its row in the turn panel (the mouse on the list): its turn starts."""
    _pump(app)  # the window's own events first (a resize lays the panels out anew)
    app._panel_version = -1
    app.update(0.0)
    rows = app.panels._turn_rows
    i = next(i for i, (_, cid, _) in enumerate(rows) if cid == who)
    button = app.panels.creatures.item_list[i]["button_element"]
    assert button is not None
    _mouse_click_at(app, button.get_abs_rect().center)


def _turn_actions(app: App) -> list[ActionButton]:
    """The bar's legal actions played at once that are the selected creature's turn (the
    engine starts its turn for them; not a free one such as SotDL's Drop prone)."""
    app._panel_version = -1
    app.update(0.0)
    fight = app.session.fight
    rs = fight.engine.ruleset
    out = []
    for a in app.panels.model.actions:
        cmd_type = rs.command_names[a.id]
        if not a.legal or tool_kind(cmd_type) != "now":
            continue
        events = fight.dry_run(make(cmd_type, app.selected)) or ()
        if any(isinstance(e, TurnStarted) and e.creature == app.selected for e in events):
            out.append(a)
    assert out, "no action of the bar starts a turn"
    return out


def _now_action(app: App) -> str:
    return _turn_actions(app)[0].id


def by_button(app: App, who: str) -> None:
    """Select it and click an action bar button that plays at once (the mouse on the bar)."""
    click(app, app.session.engine.state.creatures[who].square)
    app.tools = app.tools[:1]  # the bar, not the map
    action = _now_action(app)
    button = next(b for b, a in app.panels.action_buttons.items() if a.id == action)
    _mouse_click_at(app, button.get_abs_rect().center)


def by_action_key(app: App, who: str) -> None:
    """Select it and press the key on an action's button (one with a key, played at once)."""
    click(app, app.session.engine.state.creatures[who].square)
    a = next(a for a in _turn_actions(app) if a.key and a.key.isalpha())
    key(app, getattr(pygame, f"K_{a.key.lower()}"), text=a.key.lower())


def by_row_then_button(app: App, who: str) -> None:
    """Its turn panel row (said no to), then an action button: asked again, at the action."""
    by_row(app, who)
    assert app.confirm is not None
    key(app, pygame.K_ESCAPE)
    assert app.selected == who and app.confirm is None
    app.tools = app.tools[:1]
    action = _now_action(app)
    button = next(b for b, a in app.panels.action_buttons.items() if a.id == action)
    _mouse_click_at(app, button.get_abs_rect().center)


MOVES = [by_click, by_drag, by_finger]
TURNS = [by_space, by_row]
ACTIONS = [by_button, by_action_key, by_row_then_button]


class Snapshot:
    """The fight as it is: the engine's state and history, and the journal's bytes on disk."""

    def __init__(self, app: App) -> None:
        eng = app.session.engine
        self.state, self.history = eng.state, len(eng.history)
        self.journal = app.session.journal.path.read_bytes()

    def same(self, app: App) -> bool:
        eng = app.session.engine
        return (
            eng.state == self.state
            and len(eng.history) == self.history
            and app.session.journal.path.read_bytes() == self.journal
        )


def _no_then_yes(app: App, path: Callable[[App, str], None], who: str) -> str:
    """Act with ``who`` along the path: it asks; Escape (no) leaves the fight unchanged; the
    same path again, Enter (yes), plays it. Returns the question the dialog asked."""
    before = Snapshot(app)
    selected = app.selected
    path(app, who)
    assert app.confirm is not None, f"{path.__name__}: nothing asked ({app.status})"
    asked = app.confirm.dialog.confirmation_text.html_text
    assert before.same(app)  # nothing happened while it asks
    key(app, pygame.K_ESCAPE)
    assert app.confirm is None and before.same(app), f"{path.__name__}: no changed the fight"
    assert app.status.startswith("Not ended")
    app.tools, app.selected = app.tools[:1], selected
    path(app, who)
    assert app.confirm is not None
    key(app, pygame.K_RETURN)
    assert app.confirm is None and not before.same(app)
    return asked


# -- SotDL: the turn going on, before its creature did anything ---------------------------------


@pytest.fixture()
def sotdl(tmp_path: Path):  # type: ignore[no-untyped-def]
    """The demo fight's first part (the players' fast turns): the Rogue's turn started."""
    app = _open(DEMO, tmp_path)
    key(app, pygame.K_n)
    app.selected = "rogue"
    key(app, pygame.K_SPACE)
    assert app.session.engine.state.active == "rogue" and app.confirm is None
    yield app
    app.close()


@pytest.mark.parametrize("path", MOVES + TURNS + ACTIONS, ids=lambda p: p.__name__)
def test_acting_with_another_creature_asks_before_ending_an_idle_turn(
    sotdl: App, path: Callable[[App, str], None]
) -> None:
    asked = _no_then_yes(sotdl, path, "spearman")
    assert "Rogue has not acted" in asked and "End Rogue's turn anyway" in asked
    assert "Spearman" in asked  # what yes plays
    st = sotdl.session.engine.state
    rogue, spearman = st.creatures["rogue"], st.creatures["spearman"]
    assert rogue.turn.taken and not rogue.turn.active  # yes: the engine ended it
    assert spearman.turn.taken and st.phase == "fast_players"
    if path in MOVES:
        assert spearman.square != (10, 4)
    if path in ACTIONS:
        assert spearman.turn.action_used or spearman.turn.minor_used


@pytest.mark.parametrize("path", [by_click, by_space], ids=lambda p: p.__name__)
def test_once_the_acting_creature_has_done_something_nothing_is_asked(
    sotdl: App, path: Callable[[App, str], None]
) -> None:
    by_click(sotdl, "rogue")  # the Rogue moves: its turn has been used
    assert sotdl.confirm is None and sotdl.session.engine.state.creatures["rogue"].turn.move_used
    sotdl.tools = sotdl.tools[:1]
    path(sotdl, "spearman")
    assert sotdl.confirm is None, sotdl.status
    assert sotdl.session.engine.state.active == "spearman"


# -- SotDL: the part of the round, passed over by a creature whose turn is in a later one ------


@pytest.fixture()
def sotdl_gm_part(sotdl: App):  # type: ignore[no-untyped-def]
    """The GM's fast turns: the players' part ended (asked, yes), the Ogre brute's turn begun."""
    sotdl.tools = sotdl.tools[:1]
    key(sotdl, pygame.K_n)
    key(sotdl, pygame.K_RETURN)
    sotdl.selected = "ogre_brute"
    key(sotdl, pygame.K_SPACE)
    st = sotdl.session.engine.state
    assert st.phase == "fast_gm" and st.active == "ogre_brute", sotdl.status
    return sotdl


@pytest.mark.parametrize("path", [by_click, by_finger, by_space, by_row], ids=lambda p: p.__name__)
def test_a_players_slow_turn_in_the_gms_part_asks_naming_every_gm_creature_still_to_act(
    sotdl_gm_part: App, path: Callable[[App, str], None]
) -> None:
    app = sotdl_gm_part
    waiting = [
        c.name
        for c in app.session.engine.state.creatures.values()
        if c.side == "foes" and c.in_fight
    ]
    asked = _no_then_yes(app, path, "spearman")  # its fast turn passed: a slow one
    assert "End the part (" in asked and "creatures have not acted" in asked
    assert all(name in asked for name in waiting), (waiting, asked)
    st = app.session.engine.state
    assert st.phase == "slow_players" and st.creatures["spearman"].turn.kind == "slow"


def test_the_part_asks_without_the_acting_creature_once_it_has_acted(sotdl_gm_part: App) -> None:
    app = sotdl_gm_part
    by_click(app, "ogre_brute")
    assert app.confirm is None and app.session.engine.state.creatures["ogre_brute"].turn.move_used
    app.tools = app.tools[:1]
    by_space(app, "spearman")
    assert app.confirm is not None
    asked = app.confirm.dialog.confirmation_text.html_text
    assert "Ogre brute" not in asked and "Goblin" in asked


# -- OSR: the side that won the initiative still to act ----------------------------------------


@pytest.fixture()
def osr(tmp_path: Path):  # type: ignore[no-untyped-def]
    """Movement, Missiles, Melee: the raiders won the initiative; none has acted."""
    app = _open(OSR_DEMO, tmp_path)
    for _ in range(4):  # start, Milieu, Initiative, Action
        key(app, pygame.K_n)
    st = app.session.engine.state
    assert st.phase == "action" and st.data["osr_order"][0] == ("raiders",)
    yield app
    app.close()


@pytest.mark.parametrize("path", MOVES, ids=lambda p: p.__name__)
def test_osr_acting_with_the_next_side_asks_naming_the_side_still_to_act(
    osr: App, path: Callable[[App, str], None]
) -> None:
    raiders = [c.name for c in osr.session.engine.state.creatures.values() if c.side == "raiders"]
    asked = _no_then_yes(osr, path, "hedge_wizard")
    assert "creatures have not acted" in asked and all(n in asked for n in raiders)
    st = osr.session.engine.state
    assert st.data["osr_group"] == 1 and st.creatures["hedge_wizard"].square != (21, 19)


def test_osr_switching_between_the_acting_sides_creatures_asks_nothing(osr: App) -> None:
    by_click(osr, "firebrand")
    osr.tools = osr.tools[:1]
    by_click(osr, "hill_ogre")  # Seed OSR: the side takes its actions in any order
    assert osr.confirm is None, osr.status
    st = osr.session.engine.state
    assert st.creatures["firebrand"].square != (20, 29) and st.creatures["hill_ogre"].square != (
        9,
        29,
    )
