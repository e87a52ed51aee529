"""What a GM's pass through the demo showed (headless): the free attack prompt reads without
scrolling, long turn panel rows wrap and still start the right turn, keys stay with their action."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ui.app import App
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "config" / "encounters" / "demo.yaml"


@pytest.fixture()
def app(tmp_path):  # type: ignore[no-untyped-def]
    a = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 900))
    a.update(0.0)
    a.draw()
    yield a
    a.close()


def _click(app: App, square: tuple[int, int]) -> None:
    pos = app.camera.square_center_px(square)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.update(0.0)
    app.draw()


def _provoking_square(app: App, mover: str) -> tuple[int, int]:
    import numpy as np

    s = app.session
    modes = s.previews.move_modes(mover)
    area = s.previews.move_area(mover, modes)
    ys, xs = np.nonzero(area.cost_class >= 0)
    for x, y in zip(xs, ys, strict=True):
        p = s.previews.move_preview(mover, modes, (), (int(x), int(y)), safest=False, area=area)
        if p is not None and p.legal and any(m.kind == "free_attack" for m in p.marks):
            return int(x), int(y)
    raise AssertionError("no square provokes a free attack")


def test_free_attack_prompt_reads_whole_and_the_attack_lands_in_the_log(app: App) -> None:
    app._intent("advance")
    app.update(0.0)
    start = app.session.engine.state.creatures["rogue"].square
    dest = _provoking_square(app, "rogue")
    _click(app, start)
    _click(app, dest)
    assert app.session.engine.pending is not None and app.panels.prompt is not None
    box = next(
        e
        for e in app.panels.prompt.get_container().elements
        if isinstance(e, pygame_gui.elements.UITextBox)
    )
    assert box.scroll_bar is None  # the whole question shows, no scrolling in a prompt
    take = next(b for b, i in app.panels.buttons.items() if i.startswith("answer:"))
    app.handle(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=take))
    app.update(0.0)
    lines = [t for t, _ in app.session.fight.log_lines()]
    rush = next(t for t in lines if t.startswith("Rogue") and " from " in t)
    assert "yard" in rush  # a rush covers ground even though it spends no move budget


def test_long_turn_rows_wrap_and_a_wrapped_row_starts_that_creature(app: App) -> None:
    from dataclasses import replace

    m = app.panels.model
    long_row = "  Ogre brute: done, triggered used, hurt 12/30, prone, dazed, frightened"
    rows = [(long_row if cid == "ogre_brute" else t, cid) for t, cid in m.creature_rows]
    app.panels.refresh(replace(m, creature_rows=rows))
    shown = app.panels._turn_rows
    ogre = [r for r in shown if r[1] == "ogre_brute"]
    assert len(ogre) >= 2
    font = app.manager.get_theme().get_font_dictionary().find_font(14, "noto_sans")
    width = app.panels.creatures.get_relative_rect().width
    assert all(font.size(t)[0] < width for t, _, _ in shown)
    i = shown.index(ogre[-1])
    app.panels.creatures.item_list[i]["selected"] = True
    assert app.panels.creature_for_row(ogre[-1][0]) == "ogre_brute"


def test_keys_stay_with_their_action_and_rulings_have_none(app: App) -> None:
    app._intent("advance")
    app.selected = "spearman"
    app._panel_version = -1
    app.update(0.0)
    acts = app.panels.model.actions
    keys = {a.id: a.key for a in acts}
    assert keys["move"] == "1" and len({k for k in keys.values() if k}) == sum(
        1 for k in keys.values() if k
    )  # no key twice
    for group in dict.fromkeys(a.group for a in acts):  # legal first within each group
        mine = [a.legal for a in acts if a.group == group]
        assert mine == sorted(mine, reverse=True)
    app.selected = "crossbowman"  # another creature, other legal actions: the same keys
    app._panel_version = -1
    app.update(0.0)
    assert {a.id: a.key for a in app.panels.model.actions} == keys
    ruling = next(a for a in app.panels.model.gm_tools if a.id == "gain_insanity")
    assert ruling.key == ""  # a GM's ruling is never one stray key press away
    assert "gain_insanity" not in keys


def test_typed_dice_go_to_the_prompt_not_to_the_action_bar(app: App) -> None:
    app._intent("advance")
    app._intent("toggle_manual")
    app.selected = "crossbowman"
    app._panel_version = -1
    app.update(0.0)
    app._intent("action:attack")
    _click(app, app.session.engine.state.creatures["ogre_brute"].square)
    pending = app.session.engine.pending
    assert pending is not None and pending.kind == "dice" and app.panels.prompt_entry is not None
    app.manager.set_focus_set(None)  # even when the GM clicked elsewhere first
    for ch, key in (("1", pygame.K_1), ("4", pygame.K_4)):
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=ch, scancode=0))
    app.handle(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    )
    app.update(0.0)
    assert app.session.engine.state.active == "crossbowman"  # Enter did not end the turn
    # The d20 was taken: the engine now asks the next die (the banes) or has rolled
    assert app.session.engine.pending is None or app.session.engine.pending.id != pending.id
    assert "d20 14 typed" in " ".join(t for t, _ in app.session.fight.log_lines()) or (
        app.session.engine.pending is not None
    )


def test_attack_reasons_are_written_beside_the_target_never_over_it(app: App) -> None:
    from game.ui.scene import TargetPreview

    app._intent("advance")
    st = app.session.engine.state
    ogre = st.creatures["ogre_brute"]
    app.tools[-1].preview = lambda: {}  # type: ignore[method-assign]
    scene = app.scene()
    scene.target = TargetPreview(
        "crossbowman",
        "ogre_brute",
        True,
        (),
        ("Ogre brute: legal",) + ("a long reason " * 6,) * 6,
        ogre.square,
    )
    from game.ui.render.previews import draw_target_reasons

    surf = app.screen.copy()
    before = surf.copy()
    draw_target_reasons(surf, app.camera, scene)
    x, y, w, h = app.camera.square_rect_px(ogre.square, ogre.body.space)
    inside = [(x + i, y + j) for i in range(2, w - 2, 3) for j in range(2, h - 2, 3)]
    assert all(surf.get_at(p) == before.get_at(p) for p in inside)
    changed = sum(
        surf.get_at((px, py)) != before.get_at((px, py))
        for px in range(app.camera.view_x_px, app.camera.view_x_px + app.camera.view_w_px, 7)
        for py in range(app.camera.view_y_px, app.camera.view_y_px + app.camera.view_h_px, 7)
    )
    assert changed > 50


def test_the_attack_option_menu_opens_upwards_over_the_map_uncut(app: App) -> None:
    app.selected = "crossbowman"
    app._panel_version = -1
    app.update(0.0)
    menu = app.panels.option_menu
    assert menu is not None and menu.expand_direction == "up"
    assert menu.ui_container is app.manager.get_root_container()  # no panel clips its list
    assert menu.get_abs_rect().bottom <= app.screen.get_height()
    app.handle(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED, text="option: called", ui_element=menu
        )
    )
    assert app.option == "called"


def test_the_status_line_gives_legality_and_the_bottom_line_of_a_hovered_target(app: App) -> None:
    app._intent("advance")
    app.selected = "crossbowman"
    app._panel_version = -1
    app.update(0.0)
    app._intent("action:attack")
    sq = app.session.engine.state.creatures["ogre_brute"].square
    pos = app.camera.square_center_px(sq)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    assert app.status.startswith("Ogre brute: legal") and "target number" in app.status
