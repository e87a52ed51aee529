"""Every command of both rulesets is playable from the window, with the same events as the
scenario file that writes it out (`battlemat run`).

The command types come from the rulesets' registries (``ruleset.command_names``): each must
have a window path (``tool_kind``: the move tool, the target tool, typed values, a drag ...),
and every kind of window path the registries use is played here through the window's own
events (keys, buttons, clicks, drags, typing at the prompt; SDL's dummy driver), its events
compared with `battlemat run` on a scenario file of the same fight and commands. A new command
type the window cannot play, or a new kind of window path with no play below, fails.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.rules.engine.setup import SETUP_COMMANDS
from game.ui.app import App
from game.ui.command_kinds import tool_kind
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

#: How the window plays each kind of command (game/ui/intents.py start_action)
WINDOW_PATHS = {
    "global": "its button, or N (the turn panel's Start / Next part)",
    "now": "its button (Space starts a turn, Enter ends one)",
    "path": "the move tool: click or drag the token to a square",
    "target": "the target tool: click the target (a charge takes its path)",
    "target_typed": "values typed at the creature, then the target tool",
    "typed": "values typed at the creature",
    "square": "the square tool: click a square",
    "side": "the selected creature's side, values typed",
    "area": "values typed, then a dragged rectangle",
    "members": "values typed, then a rectangle dragged over the members",
    "declare": "each creature's act typed at it",
    "global_typed": "values typed (Enter alone: none)",
    "formation": "the formation tool on the selected creature's block",
    "formation_now": "the selected creature's block, at once",
}
#: Set-up commands (game/rules/engine/setup.py): the set-up panel plays them (game/ui/setup/
#: through game/io/setup/model.py), never the fight's bar
SETUP_PANEL = {cls.__name__ for cls in SETUP_COMMANDS}

ROOT = Path(__file__).resolve().parents[2]


def _rulesets() -> list[Any]:
    from game.rulesets.osr.plugin import build_ruleset as osr
    from game.rulesets.sotdl import build_ruleset as sotdl

    return [sotdl(), osr()]


def test_every_command_of_both_rulesets_has_a_window_path() -> None:
    setup = [*(ROOT / "game" / "ui" / "setup").rglob("*.py"), ROOT / "game/io/setup/model.py"]
    setup_code = " ".join(p.read_text() for p in setup)
    missing = []
    for rs in _rulesets():
        for name, cmd_type in rs.command_names.items():
            if cmd_type.__name__ in SETUP_PANEL:
                assert cmd_type.__name__ in setup_code, f"{rs.id}: set-up panel plays {name}"
                continue
            if tool_kind(cmd_type) not in WINDOW_PATHS:
                missing.append(f"{rs.id}.{name} ({tool_kind(cmd_type)!r})")
    assert not missing, "commands the window cannot play: " + ", ".join(missing)


# -- the plays ---------------------------------------------------------------------------------
DATA = Path(__file__).parent / "data" / "play"
SOTDL = (DATA / "every_sotdl.yaml").read_text()
OSR = (DATA / "every_osr.yaml").read_text()


@dataclasses.dataclass(frozen=True)
class Play:
    """One command played from the window, with the scenario file's commands for the same."""

    ruleset: str  # "sotdl" or "osr"
    command: str  # the command played (its kind is what the play covers)
    commands: tuple[str, ...]  # the scenario's command items (YAML, one a line)
    steps: Callable[[App], None]  # the window's events for the same


def _select(app: App, who: str) -> None:
    """A click on the creature's token (the select tool; the move tool then opens on it)."""
    click(app, app.session.engine.state.creatures[who].square)
    key(app, pygame.K_ESCAPE)  # leave its move tool: the bar's action is what is played
    app.selected = who


def _start(app: App, who: str = "") -> None:
    """N: the fight begins; Space: the selected creature's turn."""
    key(app, pygame.K_n)
    if who:
        _select(app, who)
        key(app, pygame.K_SPACE)


def _osr_action(app: App) -> None:
    """N four times: the fight (Seize), Milieu, Initiative (the seed: the party first), Action."""
    for _ in range(4):
        key(app, pygame.K_n)
    assert app.session.engine.state.phase == "action", app.status


def _drag(app: App, a: tuple[int, int], b: tuple[int, int]) -> None:
    """Press on one square, move to another and let go there (a dragged rectangle)."""
    pa, pb = app.camera.square_center_px(a), app.camera.square_center_px(b)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pa, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pa, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pb, rel=(0, 0), buttons=(1, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pb, button=1))
    app.update(0.0)


def _then(*fns: Callable[[App], None]) -> Callable[[App], None]:
    def run(app: App) -> None:
        for fn in fns:
            fn(app)

    return run


def _action(name: str, *then: Callable[[App], None]) -> Callable[[App], None]:
    return _then(lambda app: press_action(app, name), *then)


def _type(text: str) -> Callable[[App], None]:
    return lambda app: type_at_prompt(app, text)


def _click_on(who: str) -> Callable[[App], None]:
    return lambda app: click(app, app.session.engine.state.creatures[who].square)


def _answer(option: str) -> Callable[[App], None]:
    """A click on the option's button of the engine's question at the token."""

    def run(app: App) -> None:
        import pygame_gui

        app.update(0.0)
        assert app.session.engine.pending is not None, app.status
        button = next(b for b, i in app.panels.buttons.items() if i == f"answer:{option}")
        app.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
        app.update(0.0)

    return run


def _click_sq(square: tuple[int, int]) -> Callable[[App], None]:
    return lambda app: click(app, square)


BEGIN = "- begin_combat"
KARA = "- start_turn: {creature: kara}"
OSR_START = ("- start_combat", "- advance_phase", "- advance_phase", "- advance_phase")

PLAYS = [
    Play("sotdl", "begin_combat", (BEGIN,), lambda app: key(app, pygame.K_n)),
    Play("sotdl", "start_turn", (BEGIN, KARA), lambda app: _start(app, "kara")),
    Play(
        "sotdl",
        "defend",
        (BEGIN, KARA, "- defend: {creature: kara}"),
        _then(lambda app: _start(app, "kara"), _action("defend")),
    ),
    Play(
        "sotdl",
        "move",
        (BEGIN, KARA, "- move: {creature: kara, path: [[1, 1]]}"),  # still beside the orc
        _then(lambda app: _start(app, "kara"), _click_on("kara"), _click_sq((1, 1))),
    ),
    Play(
        "sotdl",
        "attack",
        (BEGIN, KARA, "- attack: {attacker: kara, target: orc}"),
        _then(lambda app: _start(app, "kara"), _action("attack", _click_on("orc"))),
    ),
    Play(
        "sotdl",
        "item_attack",
        (BEGIN, KARA, '- item_attack: {attacker: kara, target: orc, item: "flask of oil",'
         " damage: 1d6}"),
        _then(
            lambda app: _start(app, "kara"),
            _action("item_attack", _type('"flask of oil" 1d6'), _click_on("orc")),
        ),
    ),
    Play(
        "sotdl",
        "deal_damage",
        (BEGIN, "- deal_damage: {creature: orc, amount: 3, reason: fell off the wall}"),
        _then(
            lambda app: _start(app),
            lambda app: _select(app, "orc"),
            _action("deal_damage", _type("3 fell off the wall")),
        ),
    ),
    Play(
        "sotdl",
        "teleport",
        (BEGIN, "- teleport: {creature: bo, square: [5, 1]}"),
        _then(
            lambda app: _start(app),
            lambda app: _select(app, "bo"),
            _action("teleport", _click_sq((5, 1))),
        ),
    ),
    Play(
        "sotdl",
        "surprise",
        ("- surprise: {side: gm}",),
        _then(lambda app: _select(app, "orc"), _action("surprise")),
    ),
    Play(
        "sotdl",
        "roll_for_order",
        (BEGIN, "- roll_for_order: {creatures: [kara, bo]}"),
        _then(
            lambda app: _start(app),
            lambda app: _select(app, "kara"),
            _action("roll_for_order", lambda app: _drag(app, (0, 0), (1, 1))),
        ),
    ),
    Play(
        "sotdl",
        "change_light",
        (BEGIN, "- change_light: {area: [0, 0, 3, 1], light: dark, reason: torches doused}"),
        _then(
            lambda app: _start(app),
            lambda app: _select(app, "kara"),
            _action("change_light", _type("dark torches doused"),
                    lambda app: _drag(app, (0, 0), (3, 1))),
        ),
    ),
    Play("osr", "start_combat", ("- start_combat",), lambda app: key(app, pygame.K_n)),
    Play("osr", "advance_phase", OSR_START, _osr_action),
    Play(
        "osr",
        "seize_initiative",
        ("- start_combat", "- seize_initiative: {acts: [{creature: ann, act: position}]}"),
        _then(
            lambda app: key(app, pygame.K_n),
            lambda app: _select(app, "ann"),
            _action("seize_initiative", _type("position")),
        ),
    ),
    Play(
        "osr",
        "establish_milieu",
        ("- start_combat", "- advance_phase",
         "- establish_milieu: {treacherous: true, note: rain on the stones}"),
        _then(
            lambda app: key(app, pygame.K_n),
            lambda app: key(app, pygame.K_n),
            lambda app: _select(app, "ann"),
            _action("establish_milieu", _type("yes rain on the stones")),
        ),
    ),
    Play(
        "osr",
        "initiative_modifier",
        ("- start_combat", "- advance_phase",
         "- initiative_modifier: {side: party, value: -1, reason: roused from sleep}"),
        _then(
            lambda app: key(app, pygame.K_n),
            lambda app: key(app, pygame.K_n),
            lambda app: _select(app, "ann"),
            _action("initiative_modifier", _type("-1 roused from sleep")),
        ),
    ),
    Play(
        "osr",
        "move",
        # ann turns her back on the goblin: it may strike (Seed OSR); the GM says no
        (*OSR_START, "- move: {creature: ann, path: [[0, 0]]}", "- answer: no"),
        _then(_osr_action, _click_on("ann"), _click_sq((0, 0)), _answer("no")),
    ),
    Play(
        "osr",
        "attack",
        (*OSR_START, "- attack: {creature: ann, target: gob}"),
        _then(_osr_action, lambda app: _select(app, "ann"), _action("attack", _click_on("gob"))),
    ),
    Play(
        "osr",
        "end_turn",
        (*OSR_START, "- end_turn: {creature: ann}"),
        _then(_osr_action, lambda app: _select(app, "ann"), lambda app: key(app, pygame.K_RETURN)),
    ),
    Play(
        "osr",
        "set_condition",
        (*OSR_START, "- set_condition: {creature: gob, condition: burning}"),
        _then(_osr_action, lambda app: _select(app, "gob"),
              _action("set_condition", _type("burning"))),
    ),
    Play(
        "osr",
        "cast_spell",
        # a power summoned in the Milieu (Seed OSR: Milieu & Magic), then cast in the Action
        ("- start_combat", "- advance_phase", "- summon_power: {creature: ann}",
         "- advance_phase", "- advance_phase",
         '- cast_spell: {creature: ann, spell: "Fire Bolt", targets: [gob],'
         " damage: 3d4, damage_type: fire}"),
        _then(
            lambda app: key(app, pygame.K_n),
            lambda app: key(app, pygame.K_n),
            lambda app: _select(app, "ann"),
            _action("summon_power"),
            lambda app: key(app, pygame.K_n),
            lambda app: key(app, pygame.K_n),
            lambda app: _select(app, "ann"),
            _action("cast_spell", _type('"Fire Bolt" 3d4 fire'), _click_on("gob")),
        ),
    ),
    Play(
        "osr",
        "form_up",
        ("- start_combat", "- form_up: {formation: pair, members: [ann, cy], facing: E}"),
        _then(
            lambda app: key(app, pygame.K_n),
            lambda app: _select(app, "ann"),
            _action("form_up", _type("pair E"), lambda app: _drag(app, (1, 0), (1, 1))),
        ),
    ),
    Play(
        "osr",
        "break_formation",
        ("- start_combat", "- form_up: {formation: pair, members: [ann, cy], facing: E}",
         "- break_formation: {formation: pair}"),
        _then(
            lambda app: key(app, pygame.K_n),
            lambda app: _select(app, "ann"),
            _action("form_up", _type("pair E"), lambda app: _drag(app, (1, 0), (1, 1))),
            _action("break_formation"),
        ),
    ),
    Play(
        "osr",
        "move_formation",
        ("- start_combat", "- form_up: {formation: pair, members: [ann, cy], facing: E}",
         *OSR_START[1:], "- move_formation: {formation: pair, path: [[0, 0]]}", "- answer: no"),
        _then(
            lambda app: key(app, pygame.K_n),
            lambda app: _select(app, "ann"),
            _action("form_up", _type("pair E"), lambda app: _drag(app, (1, 0), (1, 1))),
            lambda app: [key(app, pygame.K_n) for _ in range(3)],
            lambda app: _select(app, "ann"),
            _action("move_formation", _click_sq((0, 0)), _answer("no")),
        ),
    ),
]


def test_every_kind_of_window_path_is_played_below() -> None:
    """Each (ruleset, kind) the registries use has a play; a new kind needs one."""
    played = {(p.ruleset, tool_kind(_type_of(p))) for p in PLAYS}
    used = {
        (rs.id, tool_kind(t))
        for rs in _rulesets()
        for t in rs.command_names.values()
        if t.__name__ not in SETUP_PANEL
    }
    assert used <= played, sorted(used - played)


def _type_of(play: Play) -> type:
    rs = next(r for r in _rulesets() if r.id == play.ruleset)
    return rs.command_names[play.command]  # type: ignore[no-any-return]


@pytest.mark.parametrize("play", PLAYS, ids=[f"{p.ruleset}-{p.command}" for p in PLAYS])
def test_a_command_played_from_the_window_gives_the_scenario_files_events(
    tmp_path: Path, play: Play
) -> None:
    base = SOTDL if play.ruleset == "sotdl" else OSR
    scenario = tmp_path / f"{play.command}.yaml"
    scenario.write_text(base + "commands:\n" + "".join(f"  {c}\n" for c in play.commands))
    app = window_on(scenario, tmp_path)
    try:
        app.camera.fit(app.session.battlefield.width, app.session.battlefield.height)
        app.update(0.0)
        play.steps(app)
        hover(app, (0, 0))
        eng = app.session.engine
        assert eng.pending is None, eng.pending and eng.pending.prompt
        played = type(eng.history[-1].command) if eng.history else None
        assert played is _type_of(play), (app.status, played)
        assert window_events(app) == run_events(scenario)
    finally:
        app.close()
