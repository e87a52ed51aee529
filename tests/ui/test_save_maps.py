"""A save (Ctrl+S) carries the maps its fight stood on: opening it replays each command on the
map it was played on and leaves the fight on the map it stood on, whatever the files on disk
became since, and the journal it starts names those maps too (game/io/saves.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.io.errors import InputError
from game.io.saves import read_save
from game.rules.engine import AdvancePhase
from game.ui.session import Session
from tests.ui.test_map_reload import _add_wall, _save
from tests.ui.test_map_reload_journal import _fight, _wall_and_reload, _walls


def _saved(s: Session, tmp_path: Path) -> Path:
    out = tmp_path / "fight.save.json"
    assert s.save(out).startswith("Saved"), s.problem
    return out


def _other(demo: Path, tmp_path: Path, name: str) -> Session:
    """Another window's fight on the same encounter (its own journal)."""
    return Session.open(demo, journal_path=tmp_path / f"{name}.jsonl")


def test_a_save_replays_each_command_on_its_map_after_the_disk_map_changed(
    tmp_path: Path,
) -> None:
    s, demo, _ = _fight(tmp_path)
    walls = _walls(s.battlefield)
    assert _wall_and_reload(s, 9001).startswith("Map reloaded")
    assert s.submit(AdvancePhase()) == ""
    live = [_walls(r.state_before.battlefield) for r in s.engine.history]
    assert live == [walls, walls, walls + 1]
    final = s.engine.state
    out = _saved(s, tmp_path)
    tmx = s.opened.map_path
    s.close()
    assert tmx is not None
    _save(tmx, _add_wall(tmx.read_text(), (2, 2), 9002))  # and the map changes again on disk

    other = _other(demo, tmp_path, "other")
    assert _walls(other.battlefield) == walls + 2
    said = other.load(out)
    assert said.startswith("Opened"), said
    eng = other.engine
    assert [_walls(r.state_before.battlefield) for r in eng.history] == live
    assert eng.state.creatures == final.creatures and eng.state.round == final.round
    assert _walls(eng.state.battlefield) == walls + 1  # the map it stood on, not the disk's
    assert other.battlefield is eng.state.battlefield
    other.close()

    again = Session.open(demo, journal_path=tmp_path / "other.jsonl")  # the journal it started
    assert [_walls(r.state_before.battlefield) for r in again.engine.history] == live
    # the map on disk was saved while no window watched: the fight goes on on it, as a
    # journalled reload (tests/ui/test_map_reload_journal.py), and undo goes back across it
    assert _walls(again.engine.state.battlefield) == walls + 2 and "saved since" in again.problem
    again.undo()
    assert _walls(again.engine.state.battlefield) == walls + 1
    again.close()


def test_a_reload_after_the_last_command_is_where_the_opened_save_stands(tmp_path: Path) -> None:
    s, demo, _ = _fight(tmp_path)
    walls = _walls(s.battlefield)
    _wall_and_reload(s, 9001)  # no command after it
    out = _saved(s, tmp_path)
    assert read_save(out).map_now != ""
    s.close()
    other = _other(demo, tmp_path, "other")
    assert other.load(out).startswith("Opened")
    assert _walls(other.engine.state.battlefield) == walls + 1
    assert _walls(other.engine.initial.battlefield) == walls
    other.undo()  # the open itself is undone first: the fight before it comes back
    other.close()


def test_a_save_opens_on_its_own_copy_when_the_map_changed_on_disk(tmp_path: Path) -> None:
    s, demo, _ = _fight(tmp_path)
    walls = _walls(s.battlefield)
    final = s.engine.state
    out = _saved(s, tmp_path)
    tmx = s.opened.map_path
    s.close()
    assert tmx is not None
    _save(tmx, _add_wall(tmx.read_text(), (2, 2), 9002))
    other = _other(demo, tmp_path, "other")
    said = other.load(out)  # was refused: "saved on another map"
    assert said.startswith("Opened"), said
    assert _walls(other.engine.state.battlefield) == walls
    assert other.engine.state.creatures == final.creatures
    other.close()


@pytest.mark.parametrize(
    "damage, where",
    [
        (lambda d: d["maps"][0].update(sha256="0" * 64), "maps[0]"),
        (lambda d: d["maps"][0].update(files=[]), "maps[0]"),
        (lambda d: d.update(maps={"a": 1}), "maps"),
        (lambda d: d.update(map_now="f" * 64), "map_now"),
        (lambda d: d["records"][-1].update(map="e" * 64), "record 3"),
    ],
)
def test_a_damaged_map_copy_is_one_line_and_the_fight_is_left_as_it_was(
    tmp_path: Path, damage, where: str  # type: ignore[no-untyped-def]
) -> None:
    s, demo, _ = _fight(tmp_path)
    _wall_and_reload(s, 9001)
    assert s.submit(AdvancePhase()) == ""
    out = _saved(s, tmp_path)
    s.close()
    data = json.loads(out.read_text())
    damage(data)
    out.write_text(json.dumps(data))
    with pytest.raises(InputError) as err:
        read_save(out)
    assert str(err.value).startswith(f"{out}:{where}:") and "\n" not in str(err.value)
    other = _other(demo, tmp_path, "other")
    before = (other.engine.state, len(other.engine.history))
    said = other.load(out)
    assert said.startswith(f"{out}:{where}:") and "\n" not in said
    assert (other.engine.state, len(other.engine.history)) == before
    other.close()
