"""Set-up in the window (issue 11), through the window's own events: the action bar shows
set-up's actions (never the fight's), typed edits are not lost when the selection changes, every
reason the fight cannot start is listed, a rider is put on its mount, (OSR) a side's leader and
morale are set, and an encounter file enters set-up from the bar at round 0."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pygame

from game.io.check import check_paths
from game.ui.setup.tools import RideTool
from tests.ui.test_setup_window import (
    bar,
    bare_map,
    click_square,
    creature,
    frame,
    open_app,
    pick,
    post,
    press,
)


def bar_ids(app) -> list[str]:  # type: ignore[no-untyped-def]
    return [a.id for a in app.panels.model.actions + app.panels.model.gm_tools]


def goblins_and_knight(app) -> None:  # type: ignore[no-untyped-def]
    pick(app, "gob", count=2, side="foes")
    click_square(app, (9, 4))
    post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    pick(app, "knight", side="players")
    click_square(app, (2, 4))
    post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")


def test_the_bar_shows_set_up_actions_and_a_fight_key_starts_nothing(tmp_path: Path) -> None:
    app = open_app(bare_map(tmp_path), tmp_path)
    goblins_and_knight(app)
    knight = creature(app, "Knight")
    click_square(app, knight.square)
    assert bar_ids(app) == ["setup:remove", "setup:cycle_side", "setup:toggle_pc", "setup:ride"]
    before = len(app.session.engine.history)
    post(app, pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1")  # Move's key in a fight
    assert app.session.engine.state.round == 0 and len(app.session.engine.history) == before
    bar(app, "toggle_pc")
    assert creature(app, "Knight").data["player_character"] is False
    bar(app, "cycle_side")
    assert creature(app, "Knight").side == "foes"
    bar(app, "remove")
    assert "Knight" not in [c.name for c in app.session.engine.state.creatures.values()]
    assert app.session.engine.state.round == 0
    app.close()


def test_typed_edits_apply_when_the_selection_changes_and_a_refused_one_waits(tmp_path) -> None:
    app = open_app(bare_map(tmp_path), tmp_path)
    goblins_and_knight(app)
    p = app.setup.panel
    click_square(app, creature(app, "Knight").square)
    p.entries["name"].set_text("Sir Bors")  # typed, not applied
    click_square(app, creature(app, "Goblin 1").square)  # another creature: applied first
    assert creature(app, "Sir Bors").id == "knight", app.status
    assert p.entries["name"].get_text() == "Goblin 1"
    p.entries["health"].set_text("lots")
    click_square(app, creature(app, "Sir Bors").square)
    assert app.status.startswith("Goblin 1 not changed: Health: a whole number, not 'lots'")
    assert creature(app, "Goblin 1").definition.health == 8  # nothing changed
    click_square(app, creature(app, "Goblin 1").square)  # the draft is back, to be fixed
    assert p.entries["health"].get_text() == "lots"
    press(app, p.buttons_by("start"))
    assert app.status.startswith("Not started: Health: a whole number")
    assert app.session.engine.state.round == 0
    p.entries["health"].set_text("12")
    press(app, p.buttons_by("start"))
    assert creature(app, "Goblin 1").definition.health == 12
    assert app.session.engine.state.round == 1
    app.close()


def test_every_reason_the_fight_cannot_start_is_listed(tmp_path: Path) -> None:
    app = open_app(bare_map(tmp_path), tmp_path)
    p = app.setup.panel
    press(app, p.buttons_by("side:foes"))
    p.side_name.set_text("Bog goblins of the long marsh road")
    press(app, p.buttons_by("add_side"))
    pick(app, "knight", side="players")
    click_square(app, (2, 4))
    text = p.problems.html_text
    assert "side 'Foes' has no creatures" in text
    assert "side 'Bog goblins of the long marsh road' has no creatures" in text
    assert "every creature is on one side" in text
    press(app, p.buttons_by("start"))
    assert app.status == "side 'Foes' has no creatures: add some or remove the side"
    assert app.session.engine.state.round == 0
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "setup-problems.png"))
    app.close()


def test_a_rider_is_put_on_its_mount_from_the_bar(tmp_path: Path) -> None:
    app = open_app(bare_map(tmp_path), tmp_path)
    goblins_and_knight(app)
    pick(app, "warhorse", side="players")
    click_square(app, (3, 6))
    post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    click_square(app, creature(app, "Knight").square)
    bar(app, "ride")
    assert isinstance(app.tools[-1], RideTool)
    click_square(app, creature(app, "Goblin 1").square)  # refused: it stays armed
    assert "Goblin 1 cannot be ridden" in app.status and isinstance(app.tools[-1], RideTool)
    click_square(app, (4, 7))  # the warhorse's 2x2 space
    assert creature(app, "Knight").data.get("riding") == creature(app, "Warhorse").id
    assert "setup:get_down" in bar_ids(app)
    bar(app, "get_down")
    assert not creature(app, "Knight").data.get("riding")
    app.close()


def test_osr_a_sides_leader_and_morale_from_the_window(tmp_path: Path) -> None:
    from game.io.config import load_definitions
    from game.ui.app import App
    from game.ui.session import Session

    session = Session.open(bare_map(tmp_path), journal_path=tmp_path / "j.jsonl")
    app = App(session, size=(1400, 860))
    frame(app)
    app.switch_ruleset("osr")
    frame(app)
    assert app.session.engine.state.ruleset_id == "osr"
    assert load_definitions().creatures["osr_chieftain"].lead == 1
    pick(app, "chieftain", side="foes")
    click_square(app, (9, 2))
    pick(app, "sergeant", side="foes")
    click_square(app, (9, 7))
    post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    p = app.setup.panel
    assert p.leader_label.text == "Leader: Sergeant (Lead 3, most Lead)"
    click_square(app, (9, 2))
    bar(app, "lead")
    assert app.session.engine.state.side("foes").leader == creature(app, "Raider chieftain").id
    p.side_morale.set_text("7")
    press(app, p.buttons_by("rename_side"))
    assert app.session.engine.state.side("foes").morale == 7
    assert p.leader_label.text == "Leader: Raider chieftain (Lead 1, chosen)"
    assert p.side_morale.get_text() == "7"
    p.side_morale.set_text("seven")
    press(app, p.buttons_by("rename_side"))
    assert app.status == "side morale: a whole number from 2 to 12, not 'seven'"
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "setup-osr.png"))
    app.close()


def test_an_encounter_enters_set_up_from_the_bar_and_saves_over_itself(tmp_path: Path) -> None:
    app = open_app(bare_map(tmp_path), tmp_path)
    goblins_and_knight(app)
    saved = tmp_path / "glade_fight.yaml"
    app.setup.panel.save_path.set_text(str(saved))
    press(app, app.setup.panel.buttons_by("save"))
    app.close()

    again = open_app(saved, tmp_path)
    assert again.setup.panel is None  # an encounter opens as before: round 0 of the fight
    assert bar_ids(again) == ["setup:enter"]
    bar(again, "enter")
    p = again.setup.panel
    assert p is not None
    click_square(again, creature(again, "Knight").square)
    p.entries["name"].set_text("Sir Bors")
    press(again, p.buttons_by("save"))  # nothing typed: back into the file it came from
    assert again.status.startswith(f"saved {saved}"), again.status
    assert "name: Sir Bors" in saved.read_text()
    assert check_paths([saved], out=io.StringIO(), err=io.StringIO()) == 0
    text = saved.read_text()
    saved.write_text(text + "# the GM's note, added in an editor\n")  # changed on disk
    click_square(again, creature(again, "Goblin 1").square)
    p.entries["name"].set_text("Snaggletooth")
    press(again, p.buttons_by("save"))
    assert "changed on disk since it was opened: not overwritten" in again.status
    assert saved.read_text() == text + "# the GM's note, added in an editor\n"
    press(again, p.buttons_by("start"))
    assert again.session.engine.state.round == 1 and again.setup.panel is None
    assert again.session.engine.state.phase
    again.close()


def test_an_encounter_already_set_up_in_its_journal_opens_in_set_up(tmp_path: Path) -> None:
    app = open_app(bare_map(tmp_path), tmp_path)
    goblins_and_knight(app)
    saved = tmp_path / "glade_fight.yaml"
    app.setup.panel.save_path.set_text(str(saved))
    press(app, app.setup.panel.buttons_by("save"))
    app.close()
    again = open_app(saved, tmp_path)
    bar(again, "enter")
    pick(again, "warg", side="foes")
    click_square(again, (9, 8))
    again.session.journal.close()
    third = open_app(saved, tmp_path)
    assert third.setup.panel is not None and "Warg" in [
        c.name for c in third.session.engine.state.creatures.values()]
    third.close()
    shutil.rmtree(tmp_path / "home", ignore_errors=True)


def test_bad_input_in_the_window_says_why_and_changes_nothing(tmp_path: Path) -> None:
    """Issue 11's bad input through the window: a creature dropped off the map or on a wall,
    dragged onto another one, a Start with a side that has none: one line each, no change."""
    app = open_app(bare_map(tmp_path), tmp_path)
    goblins_and_knight(app)
    engine = app.session.engine
    before, steps = engine.state, len(engine.history)
    pick(app, "warg", side="foes")
    x, _ = app.camera.square_center_px((4, 0))
    off = (x, app.layout.view.y + 2)  # in the view, above the map's first row
    assert app.camera.square_at_px(*off)[1] < 0
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=off)
    post(app, pygame.MOUSEBUTTONUP, button=1, pos=off)
    assert "off the map (12 x 10 squares: x 0-11, y 0-9)" in app.status, app.status
    click_square(app, (6, 5))
    assert "square [6, 5] is a wall (impassable)" in app.status
    post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    knight = creature(app, "Knight")
    click_square(app, knight.square, creature(app, "Goblin 1").square)  # dragged onto it
    assert app.status == "cannot put Knight there: square [9, 4] is taken by Goblin 1"
    assert engine.state is before and len(engine.history) == steps
    p = app.setup.panel
    press(app, p.buttons_by("side:foes"))
    p.side_name.set_text("Wolves")
    press(app, p.buttons_by("add_side"))
    press(app, p.buttons_by("start"))
    assert app.status == "side 'Wolves' has no creatures: add some or remove the side"
    assert engine.state.round == 0
    app.close()
