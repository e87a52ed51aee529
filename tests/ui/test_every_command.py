"""Every command of both rulesets is playable from the window, with the same events as the
scenario file that writes it out (`battlemat run`).

Each command type in the rulesets' registries (``ruleset.command_names``; the set-up panel's
aside, played by tests/ui/test_setup_window*.py) has a play below: a short fight on this
folder's fixture (tests/ui/data/play/every_*.yaml) that leads to a moment the command is legal
and does something, then the command itself, all through the window's own events (keys, bar
and GM-tool buttons, clicks, drags, typing at the prompt, answering a question; SDL's dummy
driver). Each step of a play is written twice: the scenario file's items and the window's
events; the window's whole event list (every type and field) must be the file's, and the file's
``expect`` says the command did what it is for. A command type without a play fails, named.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
import pytest

from game.rules.engine import Engine
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
DATA = Path(__file__).parent / "data" / "play"
FIXTURES = {"sotdl": DATA / "every_sotdl.yaml", "osr": DATA / "every_osr.yaml"}


def _rulesets() -> dict[str, Any]:
    from game.rulesets.osr.plugin import build_ruleset as osr
    from game.rulesets.sotdl import build_ruleset as sotdl

    return {rs.id: rs for rs in (sotdl(), osr())}


RULESETS = _rulesets()


def _fight_commands() -> list[tuple[str, str]]:
    """(ruleset, command) for every command of both registries the fight's window plays."""
    return [
        (rid, name)
        for rid, rs in RULESETS.items()
        for name, t in rs.command_names.items()
        if t.__name__ not in SETUP_PANEL
    ]


def test_every_command_of_both_rulesets_has_a_window_path() -> None:
    setup = [*(ROOT / "game" / "ui" / "setup").rglob("*.py"), ROOT / "game/io/setup/model.py"]
    setup_code = " ".join(p.read_text() for p in setup)
    missing = []
    for rs in RULESETS.values():
        for name, cmd_type in rs.command_names.items():
            if cmd_type.__name__ in SETUP_PANEL:
                assert cmd_type.__name__ in setup_code, f"{rs.id}: set-up panel plays {name}"
                continue
            if tool_kind(cmd_type) not in WINDOW_PATHS:
                missing.append(f"{rs.id}.{name} ({tool_kind(cmd_type)!r})")
    assert not missing, "commands the window cannot play: " + ", ".join(missing)


# -- a play: steps, each the scenario file's items and the window's events for the same --------
@dataclasses.dataclass(frozen=True)
class Step:
    """The scenario's items (YAML lines) and the window's events that play the same."""

    items: tuple[str, ...]
    window: Callable[[App], None]


def step(items: str | tuple[str, ...], *window: Callable[[App], None]) -> Step:
    def run(app: App) -> None:
        for fn in window:
            fn(app)

    return Step((items,) if isinstance(items, str) else items, run)


def _engine(app: App) -> Engine:
    eng = app.session.engine
    assert eng is not None
    return eng


def _select(who: str) -> Callable[[App], None]:
    """A click on the creature's token (the select tool; the move tool then opens on it)."""

    def run(app: App) -> None:
        click(app, _engine(app).state.creatures[who].square)
        key(app, pygame.K_ESCAPE)  # leave its move tool: the bar's action is what is played
        app.selected = who

    return run


def _key(k: int) -> Callable[[App], None]:
    return lambda app: key(app, k)


def _action(name: str) -> Callable[[App], None]:
    return lambda app: press_action(app, name)


def _type(text: str) -> Callable[[App], None]:
    return lambda app: type_at_prompt(app, text)


def _click_on(who: str) -> Callable[[App], None]:
    return lambda app: click(app, _engine(app).state.creatures[who].square)


def _click_sq(square: tuple[int, int]) -> Callable[[App], None]:
    return lambda app: click(app, square)


def _drag(a: tuple[int, int], b: tuple[int, int]) -> Callable[[App], None]:
    """Press on one square, move to another and let go there (a dragged rectangle)."""

    def run(app: App) -> None:
        pa, pb = app.camera.square_center_px(a), app.camera.square_center_px(b)
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pa, rel=(0, 0), buttons=(0, 0, 0)))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pa, button=1))
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pb, rel=(0, 0), buttons=(1, 0, 0)))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pb, button=1))
        app.update(0.0)

    return run


def _answer(option: str) -> Callable[[App], None]:
    """A click on the option's button of the engine's question at the token."""

    def run(app: App) -> None:
        app.update(0.0)
        assert _engine(app).pending is not None, app.status
        button = next(b for b, i in app.panels.buttons.items() if i == f"answer:{option}")
        app.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
        app.update(0.0)

    return run


def _yes(app: App) -> None:
    """Enter: yes to the window's question (end the part anyway?)."""
    assert app.confirm is not None, app.status
    key(app, pygame.K_RETURN)


def act(name: str, item: str, *then: Callable[[App], None], want: str = "") -> Step:
    """A bar or GM-tool button for the selected creature, then what its tool asks; ``want``:
    an event the command must make (the scenario's ``expect``: `battlemat run` checks it)."""
    items = (f"- {name}: {item}" if item else f"- {name}",) + ((expect(want),) if want else ())
    return step(items, _action(name), *then)


def select(who: str) -> Step:
    return step((), _select(who))


# SotDL: N begins; Space starts the selected creature's turn, Enter ends it
BEGIN = step("- begin_combat", _key(pygame.K_n))


def turn(who: str) -> Step:
    return step(f"- start_turn: {{creature: {who}}}", _select(who), _key(pygame.K_SPACE))


def gm_turn(who: str) -> Step:
    """A GM creature's turn while players have not acted: Space asks, Enter ends their part."""
    return step(
        ("- advance_phase", f"- start_turn: {{creature: {who}}}"),
        _select(who), _key(pygame.K_SPACE), _yes,
    )


END_ROUND = step("- end_round", _action("end_round"))


def end_turn(who: str) -> Step:
    return step(f"- end_turn: {{creature: {who}}}", _key(pygame.K_RETURN))


def expect(*events: str) -> str:
    """An ``expect`` for the item above: the events the command is for (YAML flow maps)."""
    return "  expect: [" + ", ".join(events) + "]"


@dataclasses.dataclass(frozen=True)
class Play:
    """One command played from the window, after the steps that make it legal and useful."""

    ruleset: str  # "sotdl" or "osr"
    command: str  # the command played
    steps: tuple[Step, ...]
    via: str = ""  # the command it is played inside (a free attack: the move it interrupts)

    @property
    def items(self) -> list[str]:
        return [i for s in self.steps for i in s.items]


def sotdl(command: str, *steps: Step, via: str = "") -> Play:
    return Play("sotdl", command, steps, via)


def osr(command: str, *steps: Step, via: str = "") -> Play:
    return Play("osr", command, steps, via)


KARA = turn("kara")
PLAYS_SOTDL = [
    sotdl("begin_combat", BEGIN),
    sotdl("start_turn", BEGIN, KARA),
    sotdl("end_turn", BEGIN, KARA, end_turn("kara")),
    sotdl("end_round", BEGIN, select("kara"), END_ROUND),
    sotdl(
        "surprise",
        select("orc"),
        act("surprise", "{side: gm}"),
    ),
    sotdl(
        "roll_for_order",
        BEGIN, select("kara"),
        act("roll_for_order", "{creatures: [kara, cal]}", _drag((0, 0), (1, 1))),
    ),
    # moves: the move tool opened by the bar's button (a click on the token: Move)
    sotdl(
        "move",
        BEGIN, KARA,
        step("- move: {creature: kara, path: [[1, 1]]}", _click_on("kara"), _click_sq((1, 1))),
    ),
    sotdl(
        "rush", BEGIN, KARA, act("rush", "{creature: kara, path: [[1, 1]]}", _click_sq((1, 1)))
    ),
    sotdl(
        "retreat",
        BEGIN, KARA,
        act("retreat", "{creature: kara, path: [[0, 0]]}", _click_sq((0, 0))),
    ),
    sotdl(
        "sneak",
        BEGIN, KARA,
        act("sneak", "{creature: kara, path: [[1, 1]]}", _click_sq((1, 1))),
    ),
    sotdl(
        "teleport",
        BEGIN, select("bo"),
        act("teleport", "{creature: bo, square: [3, 2]}", _click_sq((3, 2))),
    ),
    sotdl("drop_prone", BEGIN, KARA, act("drop_prone", "{creature: kara}")),
    sotdl(
        "stand_up",
        BEGIN, KARA, act("drop_prone", "{creature: kara}"), act("stand_up", "{creature: kara}"),
    ),
    # attacks: the target tool
    sotdl(
        "attack", BEGIN, KARA, act("attack", "{attacker: kara, target: orc}", _click_on("orc"))
    ),
    # played inside the move it interrupts: the GM answers the question at the token
    sotdl(
        "free_attack",
        BEGIN, KARA,
        step(("- move: {creature: kara, path: [[0, 0]]}", "- answer: attack",
              expect("{type: TriggeredActionUsed, creature: orc}")),
             _click_on("kara"), _click_sq((0, 0)), _answer("attack")),
        via="move",
    ),
    sotdl(
        "two_weapon_attack",
        BEGIN, turn("bo"),
        act("two_weapon_attack", "{attacker: bo, target: orc}", _click_on("orc"),
            _click_on("orc")),
    ),
    sotdl(
        "item_attack",
        BEGIN, KARA,
        act("item_attack", '{attacker: kara, target: orc, item: "flask of oil", damage: 1d6}',
            _type('"flask of oil" 1d6'), _click_on("orc")),
    ),
    sotdl(
        "spell_attack",
        BEGIN, KARA,
        act("spell_attack", "{attacker: kara, targets: [orc], spell: bolt, damage: 1d6}",
            _type("bolt will defense 1d6"), _click_on("orc")),
    ),
    *(
        sotdl(name, BEGIN, KARA, act(name, "{attacker: kara, target: orc}", _click_on("orc")))
        for name in ("disarm", "distract", "feint", "grab", "knock_down", "shove")
    ),
    sotdl(
        "pull",
        BEGIN, KARA, act("grab", "{attacker: kara, target: orc}", _click_on("orc")),
        END_ROUND, KARA, act("pull", "{attacker: kara, target: orc}", _click_on("orc"),
                              _click_on("kara")),  # then where Kara goes: herself, nowhere
    ),
    sotdl(
        "charge",
        BEGIN, turn("rogue"),
        act("charge", "{attacker: rogue, target: gob, path: [[8, 1]]}", _click_on("gob")),
    ),
    sotdl(
        "escape",
        BEGIN, KARA, act("grab", "{attacker: kara, target: orc}", _click_on("orc")),
        gm_turn("orc"),
        act("escape", "{creature: orc, path: [[2, 1]]}", _click_sq((2, 1)),
            want="{type: Stepped, creature: orc, square: [2, 1], mode: escape}"),
    ),
    # activities
    sotdl("defend", BEGIN, KARA, act("defend", "{creature: kara}")),
    sotdl("hide", BEGIN, turn("rogue"), act("hide", "{creature: rogue}")),
    sotdl(
        "find",
        BEGIN, turn("rogue"), act("hide", "{creature: rogue}"),
        gm_turn("gob"),
        act("find", "{creature: gob, target: rogue}", _click_on("rogue"),
            want="{type: AfflictionGained, creature: rogue, reason: found by Goblin}"),
    ),
    sotdl(
        "tell_allies",
        BEGIN, turn("rogue"), act("hide", "{creature: rogue}"),
        gm_turn("gob"), act("find", "{creature: gob, target: rogue}", _click_on("rogue")),
        act("tell_allies", "{creature: gob}", _click_on("gob"),  # itself: all it found
            want="{type: AfflictionEnded, creature: rogue, name: hidden}"),
    ),
    sotdl("help", BEGIN, KARA, act("help", "{creature: kara, target: cal}", _click_on("cal"))),
    sotdl("prepare", BEGIN, KARA, act("prepare", "{creature: kara}")),
    sotdl(
        "fire_prepared",
        BEGIN, KARA, act("prepare", "{creature: kara}"),
        act("fire_prepared", "{creature: kara, target: orc}", _click_on("orc"),
            want="{type: RollMade, roller: kara, target: orc}"),
    ),
    sotdl(
        "reload",
        BEGIN, turn("cal"), act("attack", "{attacker: cal, target: orc}", _click_on("orc")),
        END_ROUND, turn("cal"), act("reload", "{creature: cal}"),
    ),
    sotdl(
        "stabilize",
        BEGIN, select("cal"), act("deal_damage", "{creature: cal, amount: 20}", _type("20")),
        KARA, act("stabilize", "{creature: kara, target: cal}", _click_on("cal")),
    ),
    sotdl("use_item", BEGIN, KARA, act("use_item", "{creature: kara}")),
    sotdl("minor_activity", BEGIN, KARA, act("minor_activity", "{creature: kara}")),
    sotdl(
        "pick_up",
        BEGIN, KARA, act("disarm", "{attacker: kara, target: orc}", _click_on("orc")),
        gm_turn("orc"), act("pick_up", "{creature: orc, item: sword}", _type("sword")),
    ),
    sotdl("use_triggered_action", BEGIN, KARA, act("use_triggered_action", "{creature: kara}")),
    sotdl(
        "cast_utility_spell",
        BEGIN, KARA, act("cast_utility_spell", "{caster: kara, spell: ward}", _type("ward")),
    ),
    sotdl(
        "concentrate",
        BEGIN, KARA,
        act("cast_utility_spell", "{caster: kara, spell: ward, rounds: 3, concentration: true}",
            _type("ward 3 yes")),
        END_ROUND, KARA, act("concentrate", "{creature: kara}"),
    ),
    sotdl(
        "end_effect",
        BEGIN, KARA,
        act("cast_utility_spell", "{caster: kara, spell: ward, rounds: 3}", _type("ward 3")),
        END_ROUND, KARA, act("end_effect", "{creature: kara, effect: e1}", _type("e1")),
    ),
    # the GM's hand (GM tools)
    sotdl(
        "deal_damage",
        BEGIN, select("orc"),
        act("deal_damage", "{creature: orc, amount: 3, reason: fell off the wall}",
            _type("3 fell off the wall")),
    ),
    sotdl(
        "heal",
        BEGIN, select("orc"),
        act("deal_damage", "{creature: orc, amount: 3}", _type("3")),
        act("heal", "{creature: orc, amount: 2}", _type("2")),
    ),
    sotdl(
        "adjust_roll",
        BEGIN, select("kara"),
        act("adjust_roll", "{creature: kara, boons: 1, reason: lucky}", _type("1 lucky")),
    ),
    sotdl("gain_insanity", BEGIN, select("kara"), act("gain_insanity", "{creature: kara}")),
    sotdl(
        "afflict",
        BEGIN, select("orc"), act("afflict", "{creature: orc, affliction: dazed}", _type("dazed")),
    ),
    sotdl(
        "cure",
        BEGIN, select("orc"), act("afflict", "{creature: orc, affliction: dazed}", _type("dazed")),
        act("cure", "{creature: orc, affliction: dazed}", _type("dazed")),
    ),
    sotdl("surrender", BEGIN, select("orc"), act("surrender", "{creature: orc}")),
    sotdl("flee", BEGIN, select("orc"), act("flee", "{creature: orc}")),
    sotdl(
        "change_light",
        BEGIN, select("kara"),
        act("change_light", "{area: [0, 0, 3, 1], light: dark, reason: torches doused}",
            _type("dark torches doused"), _drag((0, 0), (3, 1))),
    ),
    sotdl(
        "sight_ruling",
        BEGIN, select("kara"),
        act("sight_ruling", "{attacker: kara, target: orc, cover: half}", _type("half"),
            _click_on("orc"),
            want="{type: CreatureDataSet, creature: orc, value: [[kara, half, '', '']]}"),
    ),
    # riding and flying
    sotdl(
        "mount", BEGIN, turn("bo"), act("mount", "{creature: bo, mount: horse}", _click_sq((5, 1)))
    ),
    sotdl("dismount", BEGIN, turn("kn"),
          act("dismount", "{creature: kn}", _click_on("kn"))),  # the knight: the rules pick
    sotdl(
        "mounted_attack",
        BEGIN, turn("kn"),
        act("mounted_attack", "{creature: kn, target: gob, mount_target: gob}",
            _click_on("gob"), _click_on("gob")),
    ),
    sotdl(
        "get_free",
        BEGIN, gm_turn("gob"),
        act("knock_down", "{attacker: gob, target: steed}", _click_sq((6, 3))),  # not the rider
        END_ROUND, turn("kn"), act("get_free", "{creature: kn}"),
    ),
    sotdl("stay_airborne", BEGIN, gm_turn("bat"), act("stay_airborne", "{creature: bat}")),
]

# OSR: N walks the round's parts (the fight, Milieu, Initiative: the party first, Action)
START = step("- start_combat", _key(pygame.K_n))
N = step("- advance_phase", _key(pygame.K_n))
ACTION = (START, N, N, N)
N_ANYWAY = step("- advance_phase", _key(pygame.K_n), _yes)  # creatures have not acted: yes
FORM_UP = act(
    "form_up", "{formation: pair, members: [ann, cy], facing: E}",
    _type("pair E"), _drag((1, 0), (1, 1)),
)
PLAYS_OSR = [
    osr("start_combat", START),
    osr("advance_phase", *ACTION),
    osr(
        "seize_initiative",
        START, select("ann"),
        act("seize_initiative", "{acts: [{creature: ann, act: position}]}", _type("position")),
    ),
    osr(
        "establish_milieu",
        START, N, select("ann"),
        act("establish_milieu", "{treacherous: true, note: rain on the stones}",
            _type("yes rain on the stones")),
    ),
    osr(
        "initiative_modifier",
        START, N, select("ann"),
        act("initiative_modifier", "{side: party, value: -1, reason: roused from sleep}",
            _type("-1 roused from sleep")),
    ),
    osr("summon_power", START, N, select("ann"), act("summon_power", "{creature: ann}")),
    osr(
        "disrupt",
        START, N, select("ann"), act("summon_power", "{creature: ann}"),
        act("disrupt", "{creature: ann}"),
    ),
    osr(
        "move",
        # ann turns her back on the goblin: it may strike (Seed OSR); the GM says no
        *ACTION,
        step(("- move: {creature: ann, path: [[0, 0]]}", "- answer: no"),
             _click_on("ann"), _click_sq((0, 0)), _answer("no")),
    ),
    osr("attack", *ACTION, select("ann"),
        act("attack", "{creature: ann, target: gob}", _click_on("gob"))),
    osr(
        "charge",
        # the path the target tool takes (the cheapest beside the orc); cy turns its back on gob
        *ACTION, select("cy"),
        step(("- charge: {creature: cy, target: orc, path: [[2, 1], [3, 0], [4, 0], [5, 0],"
              " [6, 0]]}", "- answer: no"), _action("charge"), _click_on("orc"), _answer("no")),
    ),
    osr("end_turn", *ACTION, select("ann"),
        step("- end_turn: {creature: ann}", _key(pygame.K_RETURN))),
    osr(
        "set_condition",
        *ACTION, select("gob"),
        act("set_condition", "{creature: gob, condition: burning}", _type("burning")),
    ),
    osr(
        "cast_spell",
        # a power summoned in the Milieu (Seed OSR: Milieu & Magic), then cast in the Action
        START, N, select("ann"), act("summon_power", "{creature: ann}"), N, N, select("ann"),
        act("cast_spell", '{creature: ann, spell: "Fire Bolt", targets: [gob], damage: 3d4,'
            " damage_type: fire}", _type('"Fire Bolt" 3d4 fire'), _click_on("gob")),
    ),
    osr("declare_retreat", *ACTION, select("ann"), act("declare_retreat", "{creature: ann}")),
    osr(
        "choose_course",
        *ACTION, N_ANYWAY, N_ANYWAY, select("gob"),
        act("choose_course", "{side: foes, course: retreat}", _type("retreat")),
    ),
    osr(
        "terms",
        START, select("gob"),
        act("terms", "{terms: white_peace, losing_side: foes, other_side: party}",
            _type("white_peace party")),
    ),
    osr("form_up", START, select("ann"), FORM_UP),
    osr(
        "break_formation",
        START, select("ann"), FORM_UP, act("break_formation", "{formation: pair}"),
    ),
    osr(
        "move_formation",
        START, select("ann"), FORM_UP, N, N, N, select("ann"),
        step(("- move_formation: {formation: pair, path: [[0, 0]]}", "- answer: no"),
             _action("move_formation"), _click_sq((0, 0)), _answer("no")),
    ),
    osr(
        "turn_formation",
        START, select("ann"), FORM_UP, N, N, N, select("ann"),
        step(("- turn_formation: {formation: pair, facing: W}", "- answer: no"),
             _action("turn_formation"), _click_sq((0, 0)), _answer("no")),
    ),
]
PLAYS = {(p.ruleset, p.command): p for p in PLAYS_SOTDL + PLAYS_OSR}


def test_each_play_is_of_a_command_the_registries_know() -> None:
    """No play for a command that is gone (or misspelt); every command has one (below)."""
    assert set(PLAYS) <= set(_fight_commands()), sorted(set(PLAYS) - set(_fight_commands()))


@pytest.fixture(scope="module")
def windows() -> Iterator[dict[str, App]]:
    """One window a ruleset, on its fixture's fight, started over for each play (Ctrl+N)."""
    apps: dict[str, App] = {}
    yield apps
    for app in apps.values():
        app.close()


def _window(apps: dict[str, App], ruleset: str, tmp: Path) -> App:
    """The ruleset's window with the fight as the fixture sets it up, nothing played."""
    app = apps.get(ruleset)
    if app is None:
        app = apps[ruleset] = window_on(FIXTURES[ruleset], tmp)
        app.camera.fit(app.session.battlefield.width, app.session.battlefield.height)
        app.update(0.0)
    else:
        seed = app.session.seed
        key(app, pygame.K_n, mod=pygame.KMOD_CTRL)  # start over from the file's set-up ...
        app.session.seed = seed  # ... with its dice (a GM's fresh fight rolls new ones)
        app.session.use_dice(False)
    eng = _engine(app)
    assert not eng.history and eng.pending is None, app.status
    assert len(app.tools) == 1 and not app.selected and app.local_prompt is None
    assert app.confirm is None and app.panels.gm_panel is None and not app.option
    return app


@pytest.mark.parametrize(
    ("ruleset", "command"), _fight_commands(), ids=[f"{r}-{c}" for r, c in _fight_commands()]
)
def test_a_command_played_from_the_window_gives_the_scenario_files_events(
    windows: dict[str, App], tmp_path: Path, ruleset: str, command: str
) -> None:
    play = PLAYS.get((ruleset, command))
    assert play is not None, f"no play for {ruleset} {command}: add one to PLAYS"
    scenario = tmp_path / f"{command}.yaml"
    scenario.write_text(
        FIXTURES[ruleset].read_text() + "commands:\n" + "".join(f"  {i}\n" for i in play.items)
    )
    app = _window(windows, ruleset, tmp_path)
    try:
        for s in play.steps:
            s.window(app)
        said = app.status
        hover(app, (0, 0))
        eng = _engine(app)
        assert eng.pending is None, eng.pending and eng.pending.prompt
        cmd_type = RULESETS[ruleset].command_names[play.via or command]
        last = eng.history[-1] if eng.history else None
        assert last is not None and type(last.command) is cmd_type, said
        assert last.events, f"{command} did nothing"
        assert window_events(app) == run_events(scenario)
        assert app.confirm is None and app.local_prompt is None, app.status
    except BaseException:
        windows.pop(ruleset).close()  # the next play opens a fresh one
        raise
