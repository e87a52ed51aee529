"""The live reload is an event in the journal: reopening a fight replays every command on the
map it was played on (the journal keeps each map's files), undo across a reload goes back to
the old map after reopening too, and `battlemat export` / `battlemat run` carry the reload."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from game.io.journal import read_journal
from game.rules.engine import AdvancePhase
from game.ui.journal_export import export_journal, run_journal
from game.ui.map_reload import MapReloader
from game.ui.session import Session
from tests.ui.test_map_reload import _add_wall, _encounter, _save


def _walls(bf) -> int:
    return len(bf.obstacles)


def _fight(tmp_path: Path) -> tuple[Session, Path, Path]:
    """The demo encounter (copied) with two commands played on its map as shipped."""
    demo = _encounter(tmp_path)
    j = tmp_path / "j.jsonl"
    s = Session.open(demo, journal_path=j)
    for _ in range(2):
        assert s.submit(AdvancePhase()) == ""
    return s, demo, j


def _wall_and_reload(s: Session, oid: int, square: tuple[int, int] = (1, 1)) -> str:
    """The GM adds a wall in Tiled and saves; the window reloads."""
    path = s.opened.map_path
    assert path is not None
    _save(path, _add_wall(path.read_text(), square, oid))
    return MapReloader(s).reload()


def test_reopening_replays_each_command_on_the_map_it_was_played_on(tmp_path: Path) -> None:
    s, demo, j = _fight(tmp_path)
    walls = _walls(s.battlefield)
    assert _wall_and_reload(s, 9001).startswith("Map reloaded")
    assert s.submit(AdvancePhase()) == ""
    live = [_walls(r.state_before.battlefield) for r in s.engine.history]
    assert live == [walls, walls, walls + 1]
    final = s.engine.state
    s.close()

    again = Session.open(demo, journal_path=j)  # the map on disk is the new one now
    eng = again.engine
    assert again.problem == ""
    assert [_walls(r.state_before.battlefield) for r in eng.history] == live
    assert _walls(eng.initial.battlefield) == walls  # began on the journal's copy of the old map
    assert eng.state.creatures == final.creatures and eng.state.round == final.round
    assert eng.state.battlefield is again.battlefield and _walls(again.battlefield) == walls + 1

    again.undo()
    assert _walls(eng.state.battlefield) == walls + 1  # that one was played on the new map
    again.undo()
    assert _walls(eng.state.battlefield) == walls  # undo across the reload: the old map
    assert again.battlefield is eng.state.battlefield  # and the window shows it
    assert again.opened.tmx is not None and again.opened.tmx.drawing.snapshot is not None
    again.redo(2)
    assert [_walls(r.state_before.battlefield) for r in eng.history] == live
    assert _walls(again.battlefield) == walls + 1
    again.close()


def test_a_reload_after_the_last_command_and_an_undo_across_it_survive_reopening(
    tmp_path: Path,
) -> None:
    s, demo, j = _fight(tmp_path)
    walls = _walls(s.battlefield)
    _wall_and_reload(s, 9001)
    s.close()
    again = Session.open(demo, journal_path=j)
    assert _walls(again.engine.state.battlefield) == walls + 1  # no command since: still on it
    again.undo()  # undo across the reload after reopening: the command before, on the old map
    assert _walls(again.engine.state.battlefield) == walls
    assert len(again.engine.history) == 1
    again.close()

    third = Session.open(demo, journal_path=j)  # undone across it: it stays on the old map,
    assert _walls(third.engine.state.battlefield) == walls  # though the disk has the new one
    assert _walls(third.battlefield) == walls and third.problem == ""
    third.redo()
    assert _walls(third.engine.state.battlefield) == walls  # the command was on the old map
    third.close()


def test_a_map_saved_while_no_window_watched_is_a_journalled_reload(tmp_path: Path) -> None:
    s, demo, j = _fight(tmp_path)
    walls = _walls(s.battlefield)
    _wall_and_reload(s, 9001)
    s.close()
    path = s.opened.map_path
    assert path is not None
    _save(path, _add_wall(path.read_text(), (2, 2), 9002))  # edited with Battlemat closed
    again = Session.open(demo, journal_path=j)
    assert "was saved since" in again.problem
    assert _walls(again.engine.state.battlefield) == walls + 2
    assert [_walls(r.state_before.battlefield) for r in again.engine.history] == [walls] * 2
    again.close()
    read = read_journal(j)
    assert len(read.maps) == 3 and read.map_now and not read.problem
    third = Session.open(demo, journal_path=j)
    assert third.problem == "" and _walls(third.engine.state.battlefield) == walls + 2
    third.close()


def test_export_and_run_carry_the_reload(tmp_path: Path) -> None:
    s, _, j = _fight(tmp_path)
    _wall_and_reload(s, 9001)
    assert s.submit(AdvancePhase()) == ""
    events = [e.to_dict() for r in s.engine.history for e in r.events]
    s.close()
    out = io.StringIO()
    assert export_journal(j, out) == 0
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    kinds = [x.get("op") or next(iter(x)) for x in lines]
    assert kinds == ["battlemat_save", "map_files", "map_files", "record", "record", "record"]
    assert lines[1]["start"] is True and lines[-1]["record"]["map"] == lines[2]["sha256"]
    exported = tmp_path / "fight.jsonl"
    exported.write_text(out.getvalue())
    read = read_journal(exported)
    assert [r.map for r in read.records] == ["", "", lines[2]["sha256"]]
    printed = io.StringIO()
    err = io.StringIO()
    assert run_journal(exported, printed, err) == 0, err.getvalue()
    assert [json.loads(x) for x in printed.getvalue().splitlines()] == events
    # the map on disk changes again: the export still replays each command on its map
    path = s.opened.map_path
    assert path is not None
    _save(path, _add_wall(path.read_text(), (2, 2), 9002))
    assert run_journal(exported, printed := io.StringIO(), err) == 0, err.getvalue()
    assert [json.loads(x) for x in printed.getvalue().splitlines()] == events


def test_a_reload_right_after_the_last_command_is_exported_as_a_map_line(
    tmp_path: Path,
) -> None:
    s, _, j = _fight(tmp_path)
    _wall_and_reload(s, 9001)
    s.close()
    out = io.StringIO()
    assert export_journal(j, out) == 0
    last = json.loads(out.getvalue().splitlines()[-1])
    assert last["op"] == "map" and last["sha256"] == read_journal(j).map_now


def test_a_failed_write_of_the_reload_keeps_the_old_map(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    s, _, j = _fight(tmp_path)
    before = s.battlefield
    size = j.stat().st_size

    def refuse(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("game.io.journal.os.fsync", refuse)
    monkeypatch.setattr("game.io.journal.os.fdatasync", refuse, raising=False)
    status = _wall_and_reload(s, 9001)
    monkeypatch.undo()
    assert status.startswith("Map not reloaded, the old one stays:") and "No space" in status
    assert s.engine.state.battlefield is before and s.battlefield is before
    assert j.stat().st_size == size
    s.close()


@pytest.mark.parametrize(
    "damage, why",
    [
        (lambda e: e.update(sha256="0" * 64), "do not match the sha256"),
        (lambda e: e["files"].clear(), "'files' of a map_files line"),
        (lambda e: e.update(sha256="x"), "64 hex digits"),
    ],
)
def test_a_damaged_map_line_is_where_the_journal_stops(tmp_path: Path, damage, why) -> None:
    s, _, j = _fight(tmp_path)
    _wall_and_reload(s, 9001)
    assert s.submit(AdvancePhase()) == ""
    s.close()
    lines = j.read_text().splitlines()
    at = next(i for i, x in enumerate(lines) if "map_files" in x)
    entry = json.loads(lines[at])
    batch = entry.get("batch", [entry])
    damage(batch[0])
    lines[at] = json.dumps(entry)
    j.write_text("\n".join(lines) + "\n")
    read = read_journal(j)
    assert f"{j}:{at + 1}:" in read.problem and why in read.problem
    assert len(read.records) == 2  # the commands before it are read


def test_a_record_naming_a_map_the_journal_lacks_is_refused(tmp_path: Path) -> None:
    s, _, j = _fight(tmp_path)
    s.close()
    lines = j.read_text().splitlines()
    rec = json.loads(lines[-1])
    rec["record"]["map"] = "a" * 64
    lines[-1] = json.dumps(rec)
    j.write_text("\n".join(lines) + "\n")
    read = read_journal(j)
    assert "names a map the journal does not hold" in read.problem
