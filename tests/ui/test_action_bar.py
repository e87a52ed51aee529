"""The action bar is built from the ruleset plug-in's ``action_menu`` declaration: the selected
creature's actions by group, fixed keys, the GM's tools on their own panel, and no command name
written into game/ui."""

from __future__ import annotations

import ast
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ui.action_menu import menu_of
from game.ui.app import App
from tests.ui.gm import open_started

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "config" / "encounters" / "demo.yaml"
OSR = ROOT / "config" / "encounters" / "osr_demo.yaml"


def _press(app: App, button: object) -> None:
    app.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=button))
    app.update(0.0)


@pytest.mark.parametrize(("path", "who"), [(DEMO, "spearman"), (OSR, "sergeant")])
def test_the_bar_shows_the_declared_actions_by_group(path: Path, who: str, tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = open_started(path, tmp_path, who)
    try:
        rs = app.session.engine.ruleset
        decl = rs.queries["action_menu"](app.session.engine.state, rs)["commands"]
        acts = app.panels.model.actions
        assert acts and all(a.id in decl and not decl[a.id].get("gm") for a in acts)
        assert {a.label for a in acts} <= {d["label"] for d in decl.values()}
        headings = dict(rs.queries["action_menu"](None, rs)["groups"])
        assert [a.group for a in acts] == sorted(
            (a.group for a in acts), key=list(headings.values()).index
        )  # grouped in the declaration's order
        for a in acts:  # what the bar greys is what the engine refuses, with its reason
            assert a.legal or a.reason
        gm = {a.id for a in app.panels.model.gm_tools}
        assert gm and all(decl[g].get("gm") for g in gm) and not gm & {a.id for a in acts}
        shown = {a.id for a in app.panels.action_buttons.values()}
        assert {a.id for a in acts if a.legal} <= shown | {"tell_allies"}  # legal ones fit
    finally:
        app.close()


@pytest.mark.parametrize("size", [(1400, 860), (1366, 768)])
def test_every_legal_action_has_a_button_on_a_laptop(size, tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = open_started(DEMO, tmp_path, "spearman", size)
    try:
        legal = [a for a in app.panels.model.actions if a.legal]
        buttons = {a.id: b for b, a in app.panels.action_buttons.items()}
        assert all(a.id in buttons and buttons[a.id].visible for a in legal)
        bar = app.layout.bottom
        assert all(bar.contains(b.get_abs_rect()) for b in buttons.values())
    finally:
        app.close()


def test_a_key_plays_its_action_whatever_else_is_legal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = open_started(DEMO, tmp_path, "crossbowman")
    try:
        attack = next(a for a in app.panels.model.actions if a.id == "attack")
        defend = next(a for a in app.panels.model.actions if a.id == "defend")
        assert attack.key and defend.key and attack.key != defend.key
        key = getattr(pygame, f"K_{attack.key.lower()}")
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=attack.key.lower()))
        assert getattr(app.tools[-1], "action", "") == "attack"  # the target tool, for attack
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        key = getattr(pygame, f"K_{defend.key.lower()}")
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=defend.key.lower()))
        app.update(0.0)
        assert app.session.engine.state.creatures["crossbowman"].turn.action_used
    finally:
        app.close()


def test_the_gm_tools_open_on_their_own_panel_and_play(tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = open_started(DEMO, tmp_path, "goblin")
    try:
        toggle = next(b for b, i in app.panels.buttons.items() if i == "gm_tools")
        _press(app, toggle)
        assert app.panels.gm_panel is not None
        inside = {
            a.id: b
            for b, a in app.panels.action_buttons.items()
            if b.ui_container is app.panels.gm_panel.get_container()
        }
        assert {"gain_insanity", "sight_ruling", "surrender", "end_round"} <= set(inside)
        _press(app, inside["surrender"])
        assert app.panels.gm_panel is None  # picking a tool closes the panel
        assert app.session.engine.state.creatures["goblin"].status == "surrendered"
        rnd = app.session.engine.state.round
        _press(app, next(b for b, i in app.panels.buttons.items() if i == "gm_tools"))
        end_round = next(b for b, a in app.panels.action_buttons.items() if a.id == "end_round")
        _press(app, end_round)
        assert app.session.engine.state.round == rnd + 1
    finally:
        app.close()


def test_every_command_is_declared_by_its_plug_in(tmp_path) -> None:  # type: ignore[no-untyped-def]
    for path, who in ((DEMO, "spearman"), (OSR, "sergeant")):
        app = open_started(path, tmp_path / path.stem, who)
        try:
            rs = app.session.engine.ruleset
            decl = rs.queries["action_menu"](None, rs)["commands"]
            assert set(rs.command_names) <= set(decl), set(rs.command_names) - set(decl)
            menu = menu_of(rs)
            assert menu.role("begin") and menu.role("turn_end")
        finally:
            app.close()


#: Words that are also command names but mean something else where they are written: the
#: reachable query's modes and the walk's kinds (colours, log verbs), the move tool's name, a
#: creature's 'mount' data, the field the target tool fills for a mount, the 'feint' affliction
#: (SotDL's, left by its command) drawn as an icon
NOT_COMMANDS = {
    "afflictions.py": {"feint"},
    # walk modes of Stepped events, each with its verb (MOVE_VERBS)
    "log_text.py": {"move", "rush", "charge", "attack", "mount", "retreat", "escape", "sneak",
                    "shove", "pull"},
    "target.py": {"move"},  # the scene's field a charge's path is drawn in
    "palette.py": {"move", "rush", "retreat"},
    "scene.py": {"move", "rush", "retreat"},
    "move.py": {"move"},
    "formation.py": {"move"},
    "view_model.py": {"mount"},
    "session_setup.py": {"mount"},
    "command_kinds.py": {"mount"},
}


def test_no_command_name_is_written_into_game_ui() -> None:
    from game.rulesets.osr.menu import MENU as OSR_MENU
    from game.rulesets.sotdl.menu import MENU as SOTDL_MENU

    names = {
        n
        for m in (SOTDL_MENU, OSR_MENU)
        for n, d in m["commands"].items()
        if d["group"] != "hidden"  # the engine's own (answer, enter dice) are not the bar's
    }
    found = []
    for p in sorted((ROOT / "game" / "ui").rglob("*.py")):
        allowed = NOT_COMMANDS.get(p.name, set())
        for node in ast.walk(ast.parse(p.read_text())):
            if isinstance(node, ast.Constant) and node.value in names - allowed:
                found.append(f"{p.relative_to(ROOT)}:{node.lineno}: {node.value!r}")
    assert not found


def test_a_gm_tool_asks_its_values_at_the_creature(tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = open_started(DEMO, tmp_path, "goblin")
    try:
        assert not app.session.engine.state.creatures["goblin"].damage
        app._intent("action:deal_damage")
        app.update(0.0)
        assert app.panels.prompt_entry is not None
        assert "amount" in app._local_question("deal_damage", "Goblin")  # what to type
        app._intent("answer_text:3 fell off the wall")
        app.update(0.0)
        assert app.session.engine.state.creatures["goblin"].damage == 3
        app._intent("action:afflict")
        app._intent("answer_text:dazed")
        app.update(0.0)
        assert app.session.engine.state.creatures["goblin"].has("dazed")
        app._intent("action:heal")
        app._intent("answer_text:lots")  # not a number: said so, nothing done
        assert "number" in app.status and app.local_prompt is not None
        app.update(0.0)
        app.manager.set_focus_set(None)  # the GM clicked elsewhere: letters still go to the prompt
        disarm = next(a for a in app.panels.model.actions if a.key == "D")
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0, unicode="d"))
        assert app.panels.prompt_entry.get_text().endswith("d") and disarm.id
        assert len(app.tools) == 1  # no action's tool was started
    finally:
        app.close()
