"""SotDL commands that need a pick from the window: Ride (the mount with the target tool) and
dismount, teleport (a square), the light (a dragged rectangle and a typed level), item and spell
attacks (typed values, then the target tool); each pick cancellable."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game.ui.app import App
from game.ui.session import Session
from tests.ui.gm import DEMO, open_started, type_at_prompt


def _click(app: App, square: tuple[int, int], button: int = 1) -> None:
    pos = app.camera.square_center_px(square)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.update(0.0)


def _visible(app: App, square: tuple[int, int]) -> None:
    app.camera.fit(app.session.battlefield.width, app.session.battlefield.height)
    app.update(0.0)
    assert not app.panels.over_panels(app.camera.square_center_px(square))


def test_dismount_then_ride_the_mount_picked_with_the_target_tool(tmp_path: Path) -> None:
    app = open_started(DEMO, tmp_path, "knight")
    try:
        st = app.session.engine.state
        assert st.creatures["knight"].data["riding"] == "warhorse"
        app._intent("turn_start", "knight")
        app._intent("action:dismount")
        knight = app.session.engine.state.creatures["knight"].square
        _visible(app, knight)
        _click(app, knight)  # the knight itself: the rules pick where he lands
        st = app.session.engine.state
        assert not st.creatures["knight"].data.get("riding"), app.status
        app._intent("turn_end")
        app._intent("turn_start", "warhorse")
        app._intent("turn_end")
        for _ in range(6):  # to the next round's players' turn
            if app.session.engine.state.round > 1 and "players" in app.session.engine.state.phase:
                break
            app._intent("advance", "confirmed")  # N, and yes to ending the part
        app.selected = "knight"
        app._intent("turn_start", "knight")
        app.update(0.0)
        app._intent("action:mount")
        assert app.tools[-1].name == "target"
        horse = app.session.engine.state.creatures["warhorse"].square
        _visible(app, horse)
        _click(app, horse)
        st = app.session.engine.state
        assert st.creatures["knight"].data.get("riding") == "warhorse", app.status
    finally:
        app.close()


def test_teleport_to_a_clicked_square_and_escape_cancels(tmp_path: Path) -> None:
    app = open_started(DEMO, tmp_path, "spearman")
    try:
        app._intent("turn_start", "spearman")
        app.update(0.0)
        _visible(app, (12, 6))
        app._intent("action:teleport")
        assert app.tools[-1].name == "square"
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        assert len(app.tools) == 1 and app.session.engine.state.creatures["spearman"].square == (
            10,
            4,
        )
        app._intent("action:teleport")
        _click(app, (12, 6))
        assert app.session.engine.state.creatures["spearman"].square == (12, 6), app.status
    finally:
        app.close()


def test_change_light_over_a_dragged_rectangle(tmp_path: Path) -> None:
    app = open_started(DEMO, tmp_path, "spearman")
    try:
        _visible(app, (8, 8))
        app._intent("action:change_light")
        type_at_prompt(app, "dark torches doused")
        assert app.local_prompt is None and app.tools[-1].name == "area", app.status
        a, b = app.camera.square_center_px((8, 8)), app.camera.square_center_px((10, 9))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        assert len(app.tools) == 1, app.status
        changes = app.session.engine.state.data.get("light_changes", ())
        assert [tuple(a) for a, _ in changes] == [(8, 8, 10, 9)]
        assert changes[0][1] == 2  # dark, by the ruleset's light table
    finally:
        app.close()


def test_item_attack_typed_then_targeted(tmp_path: Path) -> None:
    app = open_started(DEMO, tmp_path, "spearman")
    try:
        app._intent("turn_start", "spearman")
        app.update(0.0)
        app._intent("action:teleport")
        _visible(app, (16, 29))
        _click(app, (16, 29))  # beside the goblin
        app._intent("action:item_attack")
        type_at_prompt(app, '"flask of oil" 1d6')
        assert app.tools[-1].name == "target", app.status
        _click(app, app.session.engine.state.creatures["goblin"].square)
        rec = app.session.engine.history[-1]
        assert type(rec.command).__name__ == "ItemAttack" or rec.command.item == "flask of oil"
        assert rec.command.item == "flask of oil" and rec.command.target == "goblin"
    finally:
        app.close()


def test_spell_attack_typed_then_targeted_and_right_click_cancels(tmp_path: Path) -> None:
    app = open_started(DEMO, tmp_path, "spearman")
    try:
        app._intent("turn_start", "spearman")
        app.update(0.0)
        _visible(app, (17, 30))
        app._intent("action:spell_attack")
        app.update(0.0)
        assert app.local_prompt is not None
        _click(app, (2, 2), button=3)
        assert app.local_prompt is None
        app._intent("action:spell_attack")
        type_at_prompt(app, "frighten will will")
        _click(app, (17, 30))
        rec = app.session.engine.history[-1]
        assert getattr(rec.command, "targets", None) == ("goblin",), app.status
        assert rec.command.spell == "frighten"
    finally:
        app.close()


def test_roll_for_order_over_the_creatures_dragged_over(tmp_path: Path) -> None:
    app = open_started(DEMO, tmp_path, "spearman")
    try:
        _visible(app, (4, 25))
        app._intent("action:roll_for_order")
        assert app.tools[-1].name == "area", app.status  # nothing to type: drag at once
        a, b = app.camera.square_center_px((3, 2)), app.camera.square_center_px((11, 5))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        cmd = app.session.engine.history[-1].command
        assert set(cmd.creatures) == {"spearman", "wall_guard"}, app.status
    finally:
        app.close()


def test_surprise_for_the_selected_creatures_side(tmp_path: Path) -> None:
    app = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 860))
    try:
        app.update(0.0)
        app.selected = "goblin"
        app._panel_version = -1
        app.update(0.0)
        app._intent("action:surprise")
        cmd = app.session.engine.history[-1].command if app.session.engine.history else None
        assert cmd is not None and cmd.side == "foes", app.status
    finally:
        app.close()


def test_actions_behind_plus_n_open_in_a_popup_and_play(tmp_path: Path) -> None:
    app = open_started(DEMO, tmp_path, "knight")
    try:
        app._intent("turn_start", "knight")
        app._panel_version = -1
        app.update(0.0)
        more = [b for b, i in app.panels.buttons.items() if i.startswith("more_actions:")]
        assert more  # the knight's Move group does not fit at 1400 pixels
        shown = {a.id for a in app.panels.action_buttons.values()}
        assert "dismount" not in shown
        for b in more:
            app.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=b))
            app.update(0.0)
            btn = next(
                (b for b, a in app.panels.action_buttons.items() if a.id == "dismount"), None
            )
            if btn is not None:
                break
        assert btn is not None and app.panels.gm_panel is not None
        app.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=btn))
        app.update(0.0)
        assert app.panels.gm_panel is None
        assert app.tools[-1].name == "square", app.status  # where the knight lands
        knight = app.session.engine.state.creatures["knight"].square
        _visible(app, knight)
        _click(app, knight)
        assert not app.session.engine.state.creatures["knight"].data.get("riding"), app.status
        more = [b for b, i in app.panels.buttons.items() if i.startswith("more_actions:")]
        app.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=more[0]))
        app.update(0.0)
        assert app.panels.gm_panel is not None
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        assert app.panels.gm_panel is None  # Escape closes it
    finally:
        app.close()


def test_two_weapons_second_target_is_a_second_click(tmp_path: Path) -> None:
    app = open_started(DEMO, tmp_path, "rogue")
    try:
        app._intent("turn_start", "rogue")
        app.update(0.0)
        app._intent("action:teleport")
        _visible(app, (16, 29))
        _click(app, (16, 29))  # between the warg (15, 29) and the goblin (17, 30)
        assert app.session.engine.state.creatures["rogue"].square == (16, 29), app.status
        app._intent("action:two_weapon_attack")
        app.update(0.0)
        _click(app, (15, 29))
        assert app.tools[-1].name == "target" and "second" in app.status
        n = len(app.session.engine.history)
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        assert len(app.tools) == 1 and len(app.session.engine.history) == n  # cancelled
        app._intent("action:two_weapon_attack")
        _click(app, (15, 29))
        _click(app, (17, 30))
        while app.session.engine.pending is not None:  # a question on the way: first option
            app._intent("answer:" + str(app.session.engine.pending.options[0][0]))
        cmd = app.session.engine.history[-1].command
        assert (cmd.target, cmd.second_target) == ("warg", "goblin"), app.status
    finally:
        app.close()


def test_ride_attack_the_riders_target_then_the_mounts(tmp_path: Path) -> None:
    app = open_started(DEMO, tmp_path, "goblin")
    try:
        _visible(app, (16, 15))
        app._intent("action:teleport")  # the GM puts the goblin beside the knight's horse
        _click(app, (16, 15))
        assert app.session.engine.state.creatures["goblin"].square == (16, 15), app.status
        app.selected = "knight"
        app._intent("turn_start", "knight")
        app._panel_version = -1
        app.update(0.0)
        app._intent("action:mounted_attack")
        assert app.tools[-1].name == "target", app.status
        _click(app, (16, 15))
        assert "mount's target" in app.status
        _click(app, (16, 15))  # the same: rider and mount both attack it
        while app.session.engine.pending is not None:
            app._intent("answer:" + str(app.session.engine.pending.options[0][0]))
        cmd = app.session.engine.history[-1].command
        assert (cmd.target, cmd.mount_target) == ("goblin", "goblin"), app.status
    finally:
        app.close()


def test_pick_up_asks_the_item_at_the_creature(tmp_path: Path) -> None:
    app = open_started(DEMO, tmp_path, "spearman")
    try:
        app._intent("turn_start", "spearman")
        app.update(0.0)
        assert "pick_up" in {a.id for a in app.panels.model.gm_tools}
        app._intent("action:pick_up")
        assert "item" in app._local_question("pick_up", "Spearman")
        type_at_prompt(app, "dagger")  # nothing was dropped: the engine says so, the prompt stays
        assert "dropped no dagger" in app.status and app.local_prompt is not None
    finally:
        app.close()
