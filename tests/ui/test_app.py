"""The GM window, headless: post mouse and key events; check what the engine did and drew."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ui.app import App
from game.ui.render import palette
from game.ui.session import Session
from game.ui.tools.move import MoveTool
from game.ui.tools.target import TargetTool
from tests.ui.toy import toy_build, toy_opened


@pytest.fixture()
def app(tmp_path):  # type: ignore[no-untyped-def]
    s = Session(toy_opened(tmp_path), journal_path=tmp_path / "j.jsonl", build=toy_build)
    a = App(s, size=(1200, 800))
    a.camera.set_zoom(48)
    a.camera.origin_x_yd = a.camera.origin_y_yd = 0
    a.update(0.0)
    a.draw()
    yield a
    a.close()


def _click(app: App, square: tuple[int, int], button: int = 1, mods: int = 0) -> None:
    pos = app.camera.square_center_px(square)
    pygame.key.set_mods(mods)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    pygame.key.set_mods(0)
    app.update(0.0)
    app.draw()


def _hover(app: App, square: tuple[int, int]) -> None:
    pos = app.camera.square_center_px(square)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0)))
    app.draw()


def _key(app: App, key: int, mod: int = 0) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    app.update(0.0)
    app.draw()


def _px(app: App, x_yd: float, y_yd: float) -> tuple[int, int, int]:
    x, y = app.camera.yd_to_px(x_yd, y_yd)
    return tuple(app.screen.get_at((int(x), int(y))))[:3]


def test_click_token_then_square_moves_it_and_redraws(app: App) -> None:
    assert _px(app, 4.5, 3.5) == palette.GROUND
    _click(app, (1, 1))
    assert app.selected == "kara" and isinstance(app.tools[-1], MoveTool)
    _hover(app, (4, 3))
    assert app.tools[-1].preview()["move"].path[-1] == (4, 3)
    assert _px(app, 2.5, 2.5) == palette.PATH  # the path runs through (2, 2)
    _click(app, (4, 3))
    assert app.session.engine.state.creatures["kara"].square == (4, 3)
    assert _px(app, 4.5, 3.5) != palette.GROUND  # the token is drawn there now
    assert _px(app, 1.5, 1.5) == palette.GROUND
    assert len(app.tools) == 1


def test_illegal_square_says_why_and_changes_nothing(app: App) -> None:
    _click(app, (1, 1))
    _click(app, (11, 5))  # 10 squares away: the toy allows 5
    assert app.session.engine.state.creatures["kara"].square == (1, 1)
    assert "too far" in app.status


def test_right_click_and_escape_cancel(app: App) -> None:
    _click(app, (1, 1))
    assert isinstance(app.tools[-1], MoveTool)
    _click(app, (3, 3), button=3)
    assert len(app.tools) == 1
    _click(app, (1, 1))
    _key(app, pygame.K_ESCAPE)
    assert len(app.tools) == 1 and app.session.engine.state.creatures["kara"].square == (1, 1)


def test_undo_redo_keys(app: App) -> None:
    _click(app, (1, 1))
    _click(app, (3, 1))
    _key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.session.engine.state.creatures["kara"].square == (1, 1)
    assert _px(app, 1.5, 1.5) != palette.GROUND
    _key(app, pygame.K_y, pygame.KMOD_CTRL)
    assert app.session.engine.state.creatures["kara"].square == (3, 1)


def test_target_tool_hover_then_click_rolls(app: App) -> None:
    _click(app, (1, 1))
    _click(app, (5, 3))
    _click(app, (5, 3))  # select kara again where she stands
    app._intent("action:poke")
    assert isinstance(app.tools[-1], TargetTool)
    _hover(app, (6, 4))
    assert app.tools[-1].target_preview is not None and app.tools[-1].target_preview.legal
    _click(app, (6, 4))
    log = app.session.engine.log()
    assert type(log[-1]).__name__ == "ToyPoked"
    assert any("Kara" in line for line, _ in app.session.fight.log_lines())


def test_manual_dice_prompt_and_typed_answer(app: App) -> None:
    app._intent("toggle_manual")
    _click(app, (1, 1))
    _click(app, (5, 3))
    _click(app, (5, 3))
    app._intent("action:poke")
    _click(app, (6, 4))
    assert app.session.engine.pending is not None and app.panels.prompt is not None
    app._intent("answer_text:17")
    app.update(0.0)
    assert app.session.engine.pending is None and app.panels.prompt is None
    ev = app.session.engine.log()[-1]
    assert ev.dice[0].value == 17 and ev.dice[0].typed and ev.hit


def test_overlay_keys_and_pan_zoom(app: App) -> None:
    before = app.overlays
    _key(app, pygame.K_t)
    assert "terrain" in app.overlays and "terrain" not in before
    z = app.camera.px_per_yd
    pos = app.camera.square_center_px((3, 3))
    pygame.mouse.set_pos(pos)
    app.handle(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0, precise_y=1.0)
    )
    assert app.camera.px_per_yd > z
    o = (app.camera.origin_x_yd, app.camera.origin_y_yd)
    _key(app, pygame.K_LEFT)
    assert app.camera.origin_x_yd < o[0]
    start = app.camera.square_center_px((3, 3))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=3))
    app.handle(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=(start[0] + 50, start[1]), rel=(50, 0), buttons=(0, 0, 1)
        )
    )
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0] + 50, start[1]), button=3))
    assert app.camera.square_center_px((3, 3))[0] == start[0] + 50


def test_player_view_hides_hidden_and_previews(app: App) -> None:
    _intent = app._intent
    _intent("player_view")
    assert app.player_view is not None
    _click(app, (1, 1))
    _hover(app, (4, 3))
    pv = app.player_view
    surf = pv.window.get_surface()
    x, y = pv.camera.square_center_px((2, 2))
    assert tuple(surf.get_at((x, y)))[:3] == palette.GROUND  # no path preview on the table
    _intent("player_view")
    assert app.player_view is None


def test_save_then_open_through_the_file_dialog(app: App, tmp_path) -> None:  # type: ignore[no-untyped-def]
    _click(app, (1, 1))
    _click(app, (3, 1))
    _key(app, pygame.K_s, pygame.KMOD_CTRL)
    saved = Path(app.status.removeprefix("Saved "))
    assert saved.is_file() and saved.name.endswith(".save.json")
    assert saved.parent.name == "saves" and tmp_path in saved.parents  # never into config/
    _key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert app.session.engine.state.creatures["kara"].square == (1, 1)
    _key(app, pygame.K_o, pygame.KMOD_CTRL)
    assert app.file_dialog is not None
    app.handle(
        pygame.event.Event(
            pygame_gui.UI_FILE_DIALOG_PATH_PICKED, text=str(saved), ui_element=app.file_dialog
        )
    )
    assert app.session.engine.state.creatures["kara"].square == (3, 1)
    assert app.status.startswith("Opened")


def test_a_bug_in_a_query_is_reported_not_fatal(app: App, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    def broken(*args, **kw):  # type: ignore[no-untyped-def]
        raise RuntimeError("query exploded")

    monkeypatch.setattr(app.session.previews, "move_modes", broken)
    ev = pygame.event.Event(
        pygame.MOUSEBUTTONDOWN, pos=app.camera.square_center_px((1, 1)), button=1
    )
    app._guarded(app.handle, ev)
    assert "query exploded" in app.status and len(app.tools) == 1
    assert app.session.engine.state.creatures["kara"].square == (1, 1)


def test_drag_a_token_to_move_it(app: App) -> None:
    a, b = app.camera.square_center_px((1, 1)), app.camera.square_center_px((3, 3))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(9, 9), buttons=(1, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    assert app.session.engine.state.creatures["kara"].square == (3, 3)


def test_hovering_a_log_line_highlights_its_creatures(app: App) -> None:
    _click(app, (1, 1))
    _click(app, (5, 3))
    _click(app, (5, 3))
    app._intent("action:poke")
    _click(app, (6, 4))
    app.update(0.0)
    items = app.panels.log.item_list
    rows = app.panels._log_rows  # wrapped rows, each with its line's creatures
    i = next(k for k, (_, ids) in enumerate(rows) if "orc" in ids)
    assert items[i]["button_element"] is not None
    items[i]["button_element"].hovered = True
    assert {"kara", "orc"} <= app.scene().highlighted_keys
    app.draw()
    x, y = app.camera.square_center_px((6, 4))
    r = app.camera.px_per_yd // 2
    ring = {tuple(app.screen.get_at((x - r - d, y)))[:3] for d in range(-4, 6)}
    assert palette.HIGHLIGHT in ring


def test_touch_mode_everything_a_finger_touches_is_a_centimetre(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.camera import touch_target_px

    dpi = 160.0
    s = Session(toy_opened(tmp_path), journal_path=tmp_path / "t.jsonl", build=toy_build)
    a = App(s, size=(1920, 1080), touch=True, dpi=dpi)
    a.selected = "kara"
    a._panel_version = -1
    a.update(0.0)
    a.draw()
    cm = touch_target_px(dpi)
    buttons = list(a.panels.buttons) + list(a.panels.action_buttons)
    rows = [i["button_element"] for i in a.panels.creatures.item_list if i["button_element"]]
    assert buttons and rows
    for b in buttons + rows:
        assert b.rect.height >= cm and b.rect.width >= cm, b.text
    assert a.camera.px_per_yd >= cm  # a square of the battlefield too
    a.close()


def test_shift_click_adds_a_waypoint_the_path_goes_through(app: App) -> None:
    _click(app, (1, 1))
    _click(app, (1, 4), mods=pygame.KMOD_SHIFT)
    _hover(app, (3, 5))
    path = app.tools[-1].preview()["move"].path
    assert (1, 4) in path and path[-1] == (3, 5)
    _click(app, (3, 5))
    assert app.session.engine.state.creatures["kara"].square == (3, 5)
    cmd = app.session.engine.history[-1].command
    assert (1, 4) in cmd.path
