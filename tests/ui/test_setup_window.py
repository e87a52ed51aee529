"""Issue 11 through the window's own events: a bare Tiled map opens to set-up; the GM adds
creatures from the bestiary (and a pasted stat block), edits one, moves one, names the sides,
saves the encounter and starts the fight; the saved file opens again and a round is played."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pygame
import pygame_gui

from game.io.check import check_paths
from game.io.config import DEFAULT_CONFIG_DIR
from game.ui.app import App
from game.ui.session import Session
from game.ui.setup.tools import PlaceTool, SetupSelectTool
from game.ui.tools.select import SelectTool

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "io" / "setup" / "data"
BLOCK = ROOT / "tests" / "io" / "statblock" / "data" / "sotdl" / "bog_lurker.txt"


def bare_map(tmp_path: Path) -> Path:
    """The 12x10 glade (a wall at x 6, y 2-7) in a folder of its own."""
    for name in ("glade.tmx", "tiles.png"):
        shutil.copy(DATA / name, tmp_path / name)
    return tmp_path / "glade.tmx"


def open_app(path: Path, tmp_path: Path) -> App:
    app = App(Session.open(path, journal_path=tmp_path / f"{path.stem}.jsonl"), size=(1400, 860))
    frame(app)
    return app


def frame(app: App) -> None:
    app.update(0.0)
    app.draw()


def post(app: App, kind: int, **kw) -> None:  # type: ignore[no-untyped-def]
    app.handle(pygame.event.Event(kind, **kw))
    frame(app)


def press(app: App, element) -> None:  # type: ignore[no-untyped-def]
    post(app, pygame_gui.UI_BUTTON_PRESSED, ui_element=element)


def type_into(app: App, entry, text: str) -> None:  # type: ignore[no-untyped-def]
    entry.set_text(text)
    post(app, pygame_gui.UI_TEXT_ENTRY_CHANGED, ui_element=entry, text=text)


def click_square(app: App, square: tuple[int, int], to: tuple[int, int] | None = None) -> None:
    """Press on a square and let go there (or on ``to``: a drag)."""
    a = app.camera.square_center_px(square)
    b = app.camera.square_center_px(to or square)
    post(app, pygame.MOUSEBUTTONDOWN, button=1, pos=a)
    post(app, pygame.MOUSEMOTION, pos=b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0))
    post(app, pygame.MOUSEBUTTONUP, button=1, pos=b)


def pick(app: App, text: str, *, count: int = 1, side: str = "") -> None:
    """Search the bestiary, say how many, pick the first match (arms the place tool)."""
    p = app.setup.panel
    if side:
        press(app, p.buttons_by(f"side:{side}"))  # new creatures join that side
    type_into(app, p.search, text)
    p.count.set_text(str(count))
    row = p._rows[0][0]
    post(app, pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=p.bestiary, text=row)
    assert isinstance(app.tools[-1], PlaceTool), app.status


def bar(app: App, intent: str) -> None:
    """Press the action bar's set-up button for ``intent``."""
    b = next(b for b, a in app.panels.action_buttons.items() if a.id == f"setup:{intent}")
    press(app, b)


def creature(app: App, name: str):  # type: ignore[no-untyped-def]
    return next(c for c in app.session.engine.state.creatures.values() if c.name == name)


def test_from_a_bare_map_to_a_fight_and_back(tmp_path: Path) -> None:
    app = open_app(bare_map(tmp_path), tmp_path)
    assert app.setup.panel is not None and isinstance(app.tools[0], SetupSelectTool)
    assert "there are no creatures" in app.setup.panel.problems.html_text
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "setup-empty.png"))

    pick(app, "gob", count=4, side="foes")
    click_square(app, (9, 4))
    goblins = sorted(c.name for c in app.session.engine.state.creatures.values())
    assert goblins == ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"], app.status
    assert isinstance(app.tools[-1], PlaceTool)  # armed for more
    click_square(app, (9, 8))
    assert len(app.session.engine.state.creatures) == 8  # Goblin 5 ... 8
    post(app, pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
    assert len(app.tools) == 1 and app.status == "Stopped placing Goblin"
    post(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    assert len(app.session.engine.state.creatures) == 4  # one undo takes the four back

    pick(app, "knight", side="players")
    click_square(app, (6, 4))  # the wall: refused, nothing changes
    assert "wall" in app.status and len(app.session.engine.state.creatures) == 4
    click_square(app, (2, 4))
    post(app, pygame.MOUSEBUTTONDOWN, button=3, pos=app.camera.square_center_px((2, 4)))
    post(app, pygame.MOUSEBUTTONUP, button=3, pos=app.camera.square_center_px((2, 4)))
    knight = creature(app, "Knight")

    click_square(app, knight.square)  # select it: the editor shows it
    assert app.selected == knight.id
    p = app.setup.panel
    assert p.entries["name"].get_text() == "Knight"
    p.entries["name"].set_text("Sir Bors")
    p.entries["health"].set_text("30")
    p.entries["damage"].set_text("4")
    p.entries["afflictions"].set_text("prone")
    press(app, p.buttons_by("apply"))
    bors = creature(app, "Sir Bors")
    assert (bors.definition.health, bors.damage, bors.has("prone")) == (30, 4, True), app.status
    p.entries["damage"].set_text("99")
    press(app, p.buttons_by("apply"))
    assert "damage must be between 0 and" in app.status and creature(app, "Sir Bors").damage == 4

    g1 = creature(app, "Goblin 1")
    click_square(app, g1.square, (3, 5))  # a set-up move: a drag, next to Sir Bors, no free attack
    assert creature(app, "Goblin 1").square == (3, 5)
    assert [type(e).__name__ for e in app.session.engine.history[-1].events] == ["Placed"]
    post(app, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    assert creature(app, "Goblin 1").square == g1.square  # undone like any command

    press(app, p.buttons_by("side:foes"))  # the box takes its name; Rename renames it
    p.side_name.set_text("Bog goblins")
    press(app, p.buttons_by("rename_side"))
    assert [s.name for s in app.session.engine.state.sides] == ["Players", "Bog goblins"]
    app.draw()
    pygame.image.save(app.screen, str(tmp_path / "setup-ready.png"))

    saved = tmp_path / "glade_fight.yaml"
    p.save_path.set_text(str(saved))
    press(app, p.buttons_by("save"))
    assert app.status.startswith(f"saved {saved}"), app.status
    out, err = io.StringIO(), io.StringIO()
    assert check_paths([saved], out=out, err=err) == 0, err.getvalue()
    press(app, p.buttons_by("start"))
    assert app.session.engine.state.round == 1 and app.setup.panel is None
    assert isinstance(app.tools[0], SelectTool)
    app.close()

    again = open_app(saved, tmp_path)
    st = again.session.engine.state
    assert sorted(c.name for c in st.creatures.values()) == [
        "Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4", "Sir Bors"]
    assert creature(again, "Sir Bors").damage == 4 and creature(again, "Sir Bors").has("prone")
    assert [s.name for s in st.sides] == ["Players", "Bog goblins"]
    again._intent("advance")  # the fight begins
    for _ in range(12):
        if again.session.engine.state.round >= 2:
            break
        again._intent("advance", "confirmed")  # N, and yes to ending the part
        frame(again)
    assert again.session.engine.state.round == 2
    again.close()


def test_a_pasted_stat_block_joins_the_bestiary_and_its_attacks_play(tmp_path: Path) -> None:
    config = tmp_path / "config"
    shutil.copytree(DEFAULT_CONFIG_DIR, config)
    app = open_app(bare_map(tmp_path), tmp_path)
    app.setup.config_dir = config  # the pasted creature goes to this test's own config
    p = app.setup.panel
    press(app, p.buttons_by("paste"))
    dialog = app.setup.paste
    assert dialog is not None
    dialog.text.set_text(BLOCK.read_text().replace("Health 22", "Health lots"))
    press(app, dialog.read)
    assert "Nothing added" in app.status and not list((config / "creatures").glob("pasted*"))
    dialog.text.set_text(BLOCK.read_text())
    press(app, dialog.read)
    assert "Added Bog Lurker to the bestiary" in app.status, app.status
    assert (config / "creatures" / "pasted_bog_lurker.yaml").is_file()
    assert isinstance(app.tools[-1], PlaceTool) and not dialog.alive()
    click_square(app, (9, 8))
    lurker = creature(app, "Bog Lurker")
    assert lurker.definition.weapons == ("bog_lurker_claws", "bog_lurker_bite")
    assert "bog_lurker_claws" in app.session.engine.ruleset.definitions.weapons
    app.close()


def test_set_up_survives_closing_the_window_like_the_fight(tmp_path: Path) -> None:
    """Every set-up step is journalled: reopening the map brings the set-up back, undo too."""
    glade = bare_map(tmp_path)
    app = open_app(glade, tmp_path)
    pick(app, "warg", count=2, side="foes")
    click_square(app, (9, 4))
    app.session.journal.close()  # as a crash leaves it: every step already on disk
    again = open_app(glade, tmp_path)
    assert sorted(c.name for c in again.session.engine.state.creatures.values()) == [
        "Warg 1", "Warg 2"]
    assert again.setup.panel is not None
    post(again, pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="")
    assert not again.session.engine.state.creatures
    again.close()
