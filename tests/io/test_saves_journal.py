"""Saves and the autosave journal: resume exactly, survive damage, keep backups."""

from __future__ import annotations

import json

import pytest

from game.io.errors import InputError
from game.io.journal import read_journal, short_path
from game.io.saves import read_save
from game.ui.session import Session
from tests.ui.toy import ToyPoke, ToyWalk, toy_build, toy_opened


def _session(tmp_path, journal):  # type: ignore[no-untyped-def]
    return Session(toy_opened(tmp_path), journal_path=journal, build=toy_build, seed=7)


def _play(s: Session) -> None:
    assert s.submit(ToyWalk("kara", ((2, 2), (3, 3)))) == ""
    assert s.submit(ToyWalk("kara", ((4, 3), (5, 4)))) == ""
    assert s.submit(ToyPoke("kara", "orc")) == ""


def test_reopening_resumes_exactly_with_undo(tmp_path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    _play(s)
    s.undo()
    state, log = s.engine.state, s.engine.log()
    s.close()  # or a crash: every line was already fsynced
    r = _session(tmp_path, j)
    assert r.engine.state.creatures == state.creatures
    assert [e.to_dict() for e in r.engine.log()] == [e.to_dict() for e in log]
    assert r.redo() == "Redone"  # the undone poke comes back with the same die
    assert r.undo() == "Undone" and r.undo() == "Undone"
    assert r.engine.state.creatures["kara"].square == (3, 3)


def test_corrupt_journal_keeps_good_prefix_and_backup(tmp_path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    _play(s)
    s.close()
    lines = j.read_text().splitlines()
    lines[3] = lines[3][:40]  # the poke record, cut mid-line by a crash
    j.write_text("\n".join(lines) + "\n")
    r = _session(tmp_path, j)
    assert r.engine.state.creatures["kara"].square == (5, 4)
    assert r.engine.state.creatures["orc"].damage == 0
    kept = list(tmp_path.glob("j.jsonl.*.damaged.bak"))
    assert len(kept) == 1 and kept[0].read_text() == "\n".join(lines) + "\n"  # kept whole
    assert f"{short_path(j)}:4:" in r.problem and f"kept as {kept[0].name}" in r.problem
    assert read_journal(j).problem == ""  # repaired: the good prefix, rewritten


def test_save_and_load_round_trip(tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = _session(tmp_path, tmp_path / "j.jsonl")
    _play(s)
    out = tmp_path / "fight.save.json"
    assert s.save(out).startswith("Saved")
    save = read_save(out)
    header, records = save.header, save.records
    assert header.seed == 7 and header.ruleset == "toy" and len(records) == 3
    assert set(header.creature_defs) == {"hero", "orc"}
    fresh = _session(tmp_path, tmp_path / "other.jsonl")
    assert fresh.load(out).startswith("Opened")
    assert fresh.engine.state.creatures == s.engine.state.creatures


def test_bad_save_is_one_line_naming_file_and_place(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.save.json"
    bad.write_text('{"battlemat_save": 1, "encounter": "x",\n "records": [ {"command": 3} ]}')
    with pytest.raises(InputError) as err:
        read_save(bad)
    assert str(err.value).startswith(f"{bad}:record 1:") and "\n" not in str(err.value)
    bad.write_text("{not json")
    with pytest.raises(InputError) as err:
        read_save(bad)
    assert str(err.value).startswith(f"{bad}:1:")
    s = _session(tmp_path, tmp_path / "j.jsonl")
    _play(s)
    before = s.engine.state
    assert str(bad) in s.load(bad)
    assert s.engine.state is before  # a bad save never destroys the fight


def test_journal_lines_are_json(tmp_path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    _play(s)
    entries = [json.loads(x) for x in j.read_text().splitlines()]
    assert "battlemat_save" in entries[0] and all("record" in e for e in entries[1:])


def test_restart_keeps_the_old_journal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    _play(s)
    assert "fresh fight" in s.restart()
    assert s.engine.state.creatures["kara"].square == (1, 1) and not s.engine.history
    (kept,) = tmp_path.glob("j.jsonl.*.restart.bak")
    assert len(read_journal(kept).records) == 3
    s.close()
    r = _session(tmp_path, j)  # opened with seed 7: the journal says 8, and the dice follow it
    assert r.engine.state.creatures["kara"].square == (1, 1)
    assert r.seed == 8 and r.engine.dice.seed == 8


def test_a_second_window_on_the_same_fight_does_not_write_its_journal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.jsonl"
    first = _session(tmp_path, j)
    _play(first)
    second = _session(tmp_path, j)  # the first window still holds the journal
    assert second.journal is None and "another Battlemat" in second.problem
    assert second.engine.state.creatures == first.engine.state.creatures  # it still shows the fight
    before = j.read_text()
    second.submit(ToyWalk("kara", ((4, 4),)))
    assert j.read_text() == before
    first.close()
    third = _session(tmp_path, j)
    assert third.journal is not None and not third.problem
    third.close()
    assert not j.with_name(j.name + ".lock").exists()


GOOD = '{"battlemat_save": 1, "encounter": "x", "seed": 3, "definitions": {"creatures": []}'
BAD_SAVES = {
    "definitions": '{"battlemat_save": 1, "encounter": "x", "definitions": "x"}',
    "seed_inf": '{"battlemat_save": 1, "encounter": "x", "seed": 1e999}',
    "seed_text": '{"battlemat_save": 1, "encounter": "x", "seed": "abc"}',
    "seed_float": '{"battlemat_save": 1, "encounter": "x", "seed": 1.5}',
    "records": GOOD + ', "records": 5}',
    "overflow": GOOD + ', "records": [{"command": {"type": "GMNote", "text": 1e999}}]}',
    "nan": GOOD + ', "records": [NaN]}',
    "deep": '{"battlemat_save": 1, "encounter": "x", "records": ' + "[" * 100_000 + "]" * 100_000
    + "}",
    "encounter": '{"battlemat_save": 1, "encounter": 5}',
    "format": '{"battlemat_save": true, "encounter": "x"}',
}


@pytest.mark.parametrize("name", sorted(BAD_SAVES) + ["utf8"])
def test_bad_save_headers_and_numbers_are_one_line(tmp_path, name) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.save.json"
    if name == "utf8":
        bad.write_bytes(GOOD.encode() + b', "name": "\xff\xfe"}')
    else:
        bad.write_text(BAD_SAVES[name])
    with pytest.raises(InputError) as err:
        read_save(bad)
    assert str(err.value).startswith(f"{bad}") and "\n" not in str(err.value)
    s = _session(tmp_path, tmp_path / "j.jsonl")
    _play(s)
    before = s.engine.state
    assert s.load(bad).startswith(str(bad)) and s.engine.state is before


@pytest.mark.parametrize("name", sorted(set(BAD_SAVES) - {"records"}))  # a save's field only
def test_a_journal_with_a_bad_header_opens_with_one_line_and_keeps_the_file(tmp_path, name) -> None:  # type: ignore[no-untyped-def]
    j = tmp_path / "j.jsonl"
    text = BAD_SAVES[name].replace("\n", " ") + "\n"
    j.write_text(text)
    s = _session(tmp_path, j)
    (kept,) = tmp_path.glob("j.jsonl.*.damaged.bak")
    # where it is kept first (a status line may cut the end), then which line and what is wrong
    assert s.problem.startswith(f"the journal as it was is kept as {kept.name} (in {tmp_path}); ")
    assert f"; {short_path(j)}:1: " in s.problem and "\n" not in s.problem
    assert kept.read_text() == text  # the unreadable journal is kept whole
    assert s.submit(ToyWalk("kara", ((2, 2),))) == ""  # the fight goes on, autosaved
    s.close()


def test_battlemat_home_through_a_file_is_one_line(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "file").write_text("x")
    monkeypatch.setenv("BATTLEMAT_HOME", str(tmp_path / "file"))
    with pytest.raises(InputError) as err:
        Session(toy_opened(tmp_path), build=toy_build)
    assert "cannot make this folder" in str(err.value) and "\n" not in str(err.value)
