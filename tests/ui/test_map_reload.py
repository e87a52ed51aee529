"""Live reload: the GM edits the map on disk during a fight; the fight goes on on the new map
(creatures, turn and history kept), a creature now in a wall is named, and a map that no
longer loads is one status line while the old one stays."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from tests.ui.gm import ROOT, open_started


def _a_second_later(app, monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the window's next frame look at the files (it looks once a second)."""
    later = app.map_reload._next + 1.0
    monkeypatch.setattr("game.ui.map_reload.time.monotonic", lambda: later)
    app.update(0.0)
    app.draw()


def _encounter(tmp: Path) -> Path:
    """The demo encounter, its map and art copied where the test may edit them."""
    enc = tmp / "enc"
    enc.mkdir()
    shutil.copy(ROOT / "config" / "encounters" / "demo.yaml", enc / "demo.yaml")
    shutil.copytree(ROOT / "maps", enc / "maps")
    shutil.copytree(ROOT / "assets", enc / "assets")
    return enc / "demo.yaml"


def _save(path: Path, text: str) -> None:
    """Write the map as Tiled saves it: a new file renamed into place, a later time."""
    tmp = path.with_suffix(".saving")
    tmp.write_text(text)
    os.replace(tmp, path)
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))


def _add_wall(text: str, square: tuple[int, int], oid: int) -> str:
    x, y = square
    wall = (
        f'  <object id="{oid}" name="new wall" type="wall" x="{x * 32}" y="{y * 32}"'
        ' width="32" height="32"/>\n'
    )
    return re.sub(r"(<objectgroup[^>]*name=\"Walls\"[^>]*>\n)", r"\1" + wall, text, count=1)


def test_the_fight_goes_on_on_the_edited_map(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    demo = _encounter(tmp_path)
    app = open_started(demo, tmp_path, "Knight")
    session = app.session
    engine = session.engine
    assert engine is not None and engine.history
    before = session.battlefield
    squares = {c.id: c.square for c in engine.state.creatures.values()}
    history = len(engine.history)
    active = engine.state.active
    knight = next(c for c in engine.state.creatures.values() if c.name == "Knight")
    map_path = session.opened.map_path
    assert map_path is not None and map_path.is_relative_to(tmp_path)

    _save(map_path, _add_wall(map_path.read_text(), knight.square, 9001))
    _a_second_later(app, monkeypatch)
    status = app.status

    assert status is not None and status.startswith("Map reloaded")
    assert "Knight" in status and "inside a wall" in status
    after = session.battlefield
    assert after is not before and len(after.obstacles) == len(before.obstacles) + 1
    assert engine.state.battlefield is after
    assert {c.id: c.square for c in engine.state.creatures.values()} == squares
    assert len(engine.history) == history and engine.state.active == active
    assert app.caches.board.bf is after

    app._intent("advance", "confirmed")  # the fight goes on (the end of the part confirmed)
    assert len(engine.history) == history + 1 and engine.state.battlefield is after
    session.undo()
    assert engine.state.battlefield is after  # that command was played on the new map
    session.undo()
    assert engine.state.battlefield is before  # and this one on the old


def test_a_map_that_no_longer_loads_is_one_line_and_the_old_one_stays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    demo = _encounter(tmp_path)
    app = open_started(demo, tmp_path, "Knight")
    session = app.session
    before = session.battlefield
    map_path = session.opened.map_path
    assert map_path is not None
    _save(map_path, map_path.read_text().replace("</map>", "<oops"))
    _a_second_later(app, monkeypatch)
    status = app.status
    assert status is not None and status.startswith("Map not reloaded, the old one stays:")
    assert "\n" not in status and "malformed XML" in status
    assert session.battlefield is before and session.engine.state.battlefield is before
    assert app.caches.board.bf is before
    assert app.map_reload.poll(now=2e12) is None  # told once, not every second


def test_a_tileset_edit_is_seen_too(tmp_path: Path) -> None:
    demo = _encounter(tmp_path)
    app = open_started(demo, tmp_path, "Knight")
    tsx = tmp_path / "enc" / "assets" / "terrain.tsx"
    assert tsx in app.map_reload.watch.files  # type: ignore[union-attr]
    _save(tsx, tsx.read_text())
    status = app.map_reload.poll(now=1e12)
    assert status is not None and status.startswith("Map reloaded")
