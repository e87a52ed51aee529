"""OSR side-level commands from the window: the selected creature's side, values typed at it
(initiative modifier, morale course, terms), a block broken up, each cancellable."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.app import App
from tests.ui.gm import OSR_DEMO, event_types, open_started, type_at_prompt


def test_side_commands_are_on_the_gm_panel(tmp_path: Path) -> None:
    app = open_started(OSR_DEMO, tmp_path, "sergeant")
    try:
        ids = {a.id for a in app.panels.model.gm_tools}
        assert {"initiative_modifier", "choose_course", "terms", "break_formation"} <= ids
    finally:
        app.close()


def test_initiative_modifier_for_the_selected_creatures_side(tmp_path: Path) -> None:
    app = open_started(OSR_DEMO, tmp_path, "sergeant")
    try:
        app._intent("action:initiative_modifier")
        assert "Garrison" in app._local_question("initiative_modifier", "x").replace(
            "garrison", "Garrison"
        )
        type_at_prompt(app, "1 high ground")
        assert app.local_prompt is None, app.status
        mods = app.session.engine.state.data.get("osr_init_mods", {})
        assert mods["garrison"] == (("high ground", 1),)
    finally:
        app.close()


def test_escape_cancels_a_side_prompt(tmp_path: Path) -> None:
    app = open_started(OSR_DEMO, tmp_path, "sergeant")
    try:
        n = len(app.session.engine.history)
        app._intent("action:choose_course")
        app.update(0.0)
        assert app.local_prompt is not None
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        app.update(0.0)
        assert app.local_prompt is None and len(app.session.engine.history) == n
        app._intent("action:terms")
        app.update(0.0)
        at = app.camera.square_center_px(app.session.engine.state.creatures["sergeant"].square)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):  # a right click
            app.handle(pygame.event.Event(kind, pos=(at[0] + 200, at[1] - 200), button=3))
        assert app.local_prompt is None and len(app.session.engine.history) == n
    finally:
        app.close()


def test_morale_surrender_and_terms_end_the_fight(tmp_path: Path) -> None:
    app = open_started(OSR_DEMO, tmp_path, "sergeant")
    try:
        app.selected = next(
            k for k, c in app.session.engine.state.creatures.items() if c.side == "raiders"
        )
        for _ in range(12):  # the round's parts from the turn panel's Next until Morale
            if app.session.engine.state.phase == "morale":
                break
            app._intent("advance", "confirmed")  # N, and yes to ending the part
            while app.session.engine.pending is not None:  # a question on the way: first option
                app._intent("answer:" + str(app.session.engine.pending.options[0][0]))
        assert app.session.engine.state.phase == "morale", app.status
        app._intent("action:choose_course")
        type_at_prompt(app, "surrender")
        assert app.local_prompt is None, app.status
        app._intent("action:terms")
        assert "[accepted]" in app._local_question("terms", "x")
        type_at_prompt(app, "total_surrender garrison no")  # refused: logged, the fight goes on
        assert app.local_prompt is None, app.status
        assert "OsrTermsAgreed" in event_types(app) and "CombatEnded" not in event_types(app)
        app._intent("action:terms")
        type_at_prompt(app, "white_peace garrison")
        assert app.local_prompt is None, app.status
        assert "OsrTermsAgreed" in event_types(app)
        assert "CombatEnded" in event_types(app)
    finally:
        app.close()


def test_break_formation_for_the_selected_creatures_block(tmp_path: Path) -> None:
    app = open_started(OSR_DEMO, tmp_path, "sergeant")
    try:
        assert "shield_wall" in app.session.engine.state.data["osr_formations"]
        app._intent("action:break_formation")
        assert "shield_wall" not in app.session.engine.state.data.get("osr_formations", {}), (
            app.status
        )
    finally:
        app.close()


def test_form_up_the_creatures_dragged_over(tmp_path: Path) -> None:
    app = open_started(OSR_DEMO, tmp_path, "sergeant")
    try:
        app._intent("action:break_formation")
        app.camera.fit(app.session.battlefield.width, app.session.battlefield.height)
        app._intent("action:form_up")
        type_at_prompt(app, "wall2 S tight")
        assert app.local_prompt is None and app.tools[-1].name == "area", app.status
        a, b = app.camera.square_center_px((14, 22)), app.camera.square_center_px((17, 22))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        forms = app.session.engine.state.data.get("osr_formations", {})
        assert "wall2" in forms, app.status
        assert len(app.tools) == 1
    finally:
        app.close()


def test_a_side_header_in_the_turn_panel_picks_the_side(tmp_path: Path) -> None:
    import pygame_gui

    app = open_started(OSR_DEMO, tmp_path, "sergeant")
    try:
        app.update(0.0)
        header = next(r for r, cid in app.panels.model.creature_rows if not cid and "Raid" in r)
        app.handle(
            pygame.event.Event(
                pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
                text=header,
                ui_element=app.panels.creatures,
            )
        )
        assert app.session.engine.state.creatures[app.selected].side == "raiders"
        app._intent("action:initiative_modifier")
        type_at_prompt(app, "-1 roused from sleep")
        mods = app.session.engine.state.data.get("osr_init_mods", {})
        assert mods["raiders"] == (("roused from sleep", -1),), app.status
    finally:
        app.close()


def _advance(app: App) -> None:
    app._intent("advance", "confirmed")  # N, and yes to ending the part
    while app.session.engine.pending is not None:  # a question on the way: first option
        app._intent("answer:" + str(app.session.engine.pending.options[0][0]))


def test_cast_spell_typed_then_its_target_clicked(tmp_path: Path) -> None:
    app = open_started(OSR_DEMO, tmp_path, "hedge_wizard")
    try:
        _advance(app)  # Milieu & Magic
        app._panel_version = -1
        app.update(0.0)
        n = len(app.session.engine.history)
        app._intent("action:summon_power")
        assert len(app.session.engine.history) == n + 1, (
            app.status,
            app.session.engine.state.phase,
        )
        for _ in range(4):
            if app.session.engine.state.phase == "action":
                break
            _advance(app)
        raider = next(
            c for c in app.session.engine.state.creatures.values() if c.name == "Raider 1"
        )
        app.camera.fit(app.session.battlefield.width, app.session.battlefield.height)
        app._panel_version = -1
        app.update(0.0)
        for _ in range(3):  # the raiders won the initiative: their side is done first
            cast = next(a for a in app.panels.model.actions if a.id == "cast_spell")
            if cast.legal or "acts after" not in cast.reason:
                break
            _advance(app)
            app._panel_version = -1
            app.update(0.0)
        app._intent("action:cast_spell")
        assert app.local_prompt is not None, (app.status, app.session.engine.state.phase)
        type_at_prompt(app, '"Fire Bolt" 3d4 fire')
        assert app.tools[-1].name == "target", app.status
        pos = app.camera.square_center_px(raider.square)
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        cmd = app.session.engine.history[-1].command
        assert (cmd.spell, cmd.targets, cmd.damage) == ("Fire Bolt", (raider.id,), "3d4"), (
            app.status
        )
    finally:
        app.close()


def test_milieu_asks_whether_treacherous_and_enter_alone_plays_the_ordinary(tmp_path: Path) -> None:
    app = open_started(OSR_DEMO, tmp_path, "sergeant")
    try:
        _advance(app)  # Milieu & Magic
        app._panel_version = -1
        app.update(0.0)
        app._intent("action:establish_milieu")
        assert "[treacherous]" in app._local_question("establish_milieu", "x"), app.status
        type_at_prompt(app, "yes rain on the stones")
        cmd = app.session.engine.history[-1].command
        assert (cmd.treacherous, cmd.note) == (True, "rain on the stones"), app.status
        app._intent("undo")
        app._intent("action:establish_milieu")
        type_at_prompt(app, "")
        cmd = app.session.engine.history[-1].command
        assert type(cmd).__name__.endswith("Milieu") and not cmd.treacherous, app.status
    finally:
        app.close()
