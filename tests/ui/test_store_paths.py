"""The everyday paths that lost or changed a fight (issue 14), each as the GM meets it."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType

import pytest

from game.io.journal import read_journal, short_path
from game.ui.session import Session
from tests.ui.toy import ToyPoke, ToyWalk, toy_build, toy_opened

ROOT = Path(__file__).resolve().parents[2]


def _session(tmp_path: Path, journal: Path, build=toy_build) -> Session:  # type: ignore[no-untyped-def]
    return Session(toy_opened(tmp_path), journal_path=journal, build=build, seed=7)


def _play(s: Session) -> None:
    assert s.submit(ToyWalk("kara", ((2, 2), (3, 3)))) == ""
    assert s.submit(ToyWalk("kara", ((4, 3), (5, 4)))) == ""
    assert s.submit(ToyPoke("kara", "orc")) == ""


def _renamed_build(opened, *, seed: int = 0):  # type: ignore[no-untyped-def]
    """The toy encounter after the GM renamed the orc to 'grunt' in the encounter file."""
    eng = toy_build(opened, seed=seed)
    cs = dict(eng.state.creatures)
    orc = cs.pop("orc")
    cs["grunt"] = replace(orc, id="grunt", name="Grunt")
    eng.initial = eng._state = replace(eng.state, creatures=MappingProxyType(cs))
    return eng


def test_an_edited_encounter_opens_at_the_last_record_that_applies_and_keeps_the_rest(
    tmp_path: Path,
) -> None:
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    s.submit(ToyWalk("kara", ((2, 2), (3, 3))))
    s.submit(ToyWalk("kara", ((4, 3),)))
    assert s.submit(ToyWalk("orc", ((6, 3),))) == ""
    s.close()
    before = j.read_bytes()
    edited = _session(tmp_path, j, _renamed_build)
    assert len(edited.engine.history) == 2
    assert "record 3 of 3 no longer applies" in edited.problem and "'orc'" in edited.problem
    edited.close()
    assert j.read_bytes() == before  # looked at, not played on: the file is untouched
    back = _session(tmp_path, j)  # the edit undone: the whole fight is there
    assert len(back.engine.history) == 3 and back.engine.state.creatures["orc"].square == (6, 3)
    back.close()
    # Played on after the edit: the old journal is kept aside whole first, and the GM told where
    edited = _session(tmp_path, j, _renamed_build)
    assert edited.submit(ToyWalk("kara", ((5, 3),))) == ""
    (kept,) = tmp_path.glob("j.jsonl.*.edited.bak")
    assert kept.read_bytes() == before and f"kept as {kept.name} (in {tmp_path})" in edited.problem
    edited.close()
    assert len(read_journal(j).records) == 3  # two that applied and the new walk


def test_a_fight_played_under_another_ruleset_reads_whole_in_a_fresh_process(
    tmp_path: Path,
) -> None:
    """The OSR demo played under SotDL: its journal's SotDL events decode in a process that has
    imported no ruleset yet (``battlemat export``, or the window before it picks the ruleset)."""
    from game.ui.panel_model import do_intent

    j = tmp_path / "j.jsonl"
    s = Session.open(ROOT / "config" / "encounters" / "osr_demo.yaml", journal_path=j)
    s.restart("sotdl")
    for _ in range(2):
        do_intent(s.fight, "advance", "", "")
    assert s.submit(s.engine.ruleset.command_names["defend"](creature="sergeant")) == ""
    n = len(s.engine.history)
    kinds = {type(r.command).__module__ for r in s.engine.history}
    s.close()
    assert n >= 4 and any(k.startswith("game.rulesets.sotdl") for k in kinds)
    read = "from pathlib import Path; from game.io.journal import read_journal; import sys; "
    read += "r = read_journal(Path(sys.argv[1])); "
    read += "print(len(r.records), r.header.ruleset, r.problem or '-')"
    done = subprocess.run(
        [sys.executable, "-c", read, str(j)], env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True, text=True, timeout=120, check=True,
    )
    assert done.stdout.split() == [str(n), "sotdl", "-"]


def test_opening_a_save_keeps_the_fight_before_and_ctrl_z_brings_it_back(tmp_path: Path) -> None:
    s = _session(tmp_path, tmp_path / "a.jsonl")
    s.submit(ToyWalk("kara", ((2, 2),)))
    save = tmp_path / "fight.save.json"
    s.save(save)
    s.close()
    j = tmp_path / "j.jsonl"
    here = _session(tmp_path, j)
    _play(here)
    state = here.engine.state
    msg = here.load(save)
    (kept,) = tmp_path.glob("j.jsonl.*.open.bak")
    assert msg.startswith(f"Opened the save (Ctrl+Z: the fight before, kept as {kept.name}, in ")
    assert msg.endswith(f"): {save}") and len(read_journal(kept).records) == 3
    assert len(here.engine.history) == 1
    assert here.undo().startswith("Back to the fight before")  # one step
    assert here.engine.state.creatures == state.creatures and len(here.engine.history) == 3
    here.close()
    assert _session(tmp_path, j).engine.state.creatures == state.creatures


def test_a_save_of_another_encounter_or_a_damaged_one_changes_nothing(tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    _play(s)
    s.save(tmp_path / "good.save.json")
    data = json.loads((tmp_path / "good.save.json").read_text())
    other = dict(data, encounter=str(tmp_path / "another.yaml"))
    (tmp_path / "other.save.json").write_text(json.dumps(other))
    wrong_map = dict(data, map_sha256="0" * 64, map=str(tmp_path / "toy.yaml"))
    if data["map_sha256"]:
        (tmp_path / "map.save.json").write_text(json.dumps(wrong_map))
    damaged = dict(data)
    damaged["records"] = [dict(data["records"][0])]
    damaged["records"][0]["events"] = [{"type": "ToyWalked", "creature": "ghost", "square": [1, 1]}]
    (tmp_path / "damaged.save.json").write_text(json.dumps(damaged))
    before, journal = s.engine.state, j.read_bytes()
    for name in ("other", "map", "damaged"):
        if not (tmp_path / f"{name}.save.json").exists():
            continue
        msg = s.load(tmp_path / f"{name}.save.json")
        assert str(tmp_path / f"{name}.save.json") in msg and "\n" not in msg
        assert s.engine.state is before and j.read_bytes() == journal, name
    assert not list(tmp_path.glob("j.jsonl.*.bak"))
    s.close()


def test_backups_never_overwrite_each_other(tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    _play(s)
    s.restart()
    s.submit(ToyWalk("kara", ((2, 1),)))
    s.restart()  # twice in one second
    kept = sorted(tmp_path.glob("j.jsonl.*.restart.bak"))
    assert len(kept) == 2
    assert sorted(len(read_journal(k).records) for k in kept) == [1, 3]
    s.close()


def test_a_lock_naming_a_reused_pid_does_not_turn_autosave_off(tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    lock = j.with_name(j.name + ".lock")
    # The crashed Battlemat's PID now belongs to another running process (here: our parent)
    lock.write_text(str(os.getppid()))
    s = _session(tmp_path, j)
    assert s.journal is not None and not s.problem
    s.submit(ToyWalk("kara", ((2, 2),)))
    s.close()
    lock.write_text(json.dumps({"pid": os.getpid(), "start": "1", "boot": "x"}))
    again = _session(tmp_path, j)  # an owner record of another boot: stale too
    assert again.journal is not None and len(again.engine.history) == 1
    again.close()


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EIO, errno.EROFS])
def test_a_failed_journal_write_leaves_the_fight_as_it_was(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, code: int
) -> None:
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    s.submit(ToyWalk("kara", ((2, 2),)))
    state, n, size = s.engine.state, len(s.engine.history), j.stat().st_size
    real_write = os.write

    def half_then_fail(fd: int, data: bytes) -> int:  # part of the line lands, then a refusal
        real_write(fd, bytes(data)[:7])
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(os, "write", half_then_fail)
    msg = s.submit(ToyWalk("kara", ((3, 3),)))
    monkeypatch.undo()
    assert msg.startswith(f"{short_path(j)}: not saved") and os.strerror(code) in msg
    assert "\n" not in msg
    assert s.engine.state is state and len(s.engine.history) == n
    assert j.stat().st_size == size  # no torn line left behind
    assert s.undo() == "Undone" and s.redo() == "Redone"  # the fight goes on
    assert s.submit(ToyWalk("kara", ((3, 3),))) == ""
    s.close()
    again = _session(tmp_path, j)
    assert not again.problem and again.engine.state.creatures == s.engine.state.creatures
    again.close()


def test_a_failed_fsync_or_a_removed_journal_refuses_the_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    s.submit(ToyWalk("kara", ((2, 2),)))
    state = s.engine.state

    def eio(fd: int) -> None:
        raise OSError(errno.EIO, os.strerror(errno.EIO))

    monkeypatch.setattr(os, "fsync", eio)
    monkeypatch.setattr(os, "fdatasync", eio)  # what a journal line is made durable with
    assert "not saved" in s.undo() and s.engine.state is state
    assert "not saved" in s.submit(ToyWalk("kara", ((4, 4),)))
    monkeypatch.undo()
    assert s.engine.state is state and len(s.engine.history) == 1
    j.unlink()  # someone removed the journal while the fight was open
    assert "removed" in s.submit(ToyWalk("kara", ((3, 3),))) and s.engine.state is state
    assert s.submit(ToyWalk("kara", ((3, 3),))) == ""  # written afresh from the fight on screen
    s.close()
    assert len(_session(tmp_path, j).engine.history) == 2


def _paused_toy(tmp_path: Path, j: Path) -> Session:
    s = _session(tmp_path, j)
    s.submit(ToyWalk("kara", ((5, 4),)))
    s.manual_dice = True
    s.submit(ToyPoke("kara", "orc"))
    assert s.engine.pending is not None and s.engine.pending.kind == "dice"
    return s


def test_an_answered_question_is_played_once_and_manual_dice_are_remembered(
    tmp_path: Path,
) -> None:
    j = tmp_path / "j.jsonl"
    s = _paused_toy(tmp_path, j)
    s.close()
    again = _session(tmp_path, j)
    assert again.manual_dice and again.engine.pending is not None
    assert again.fight.answer_text("15") == ""
    again.journal._close_fd()  # a crash right after the answer: nothing else happens  # noqa: SLF001
    third = _session(tmp_path, j)
    assert third.manual_dice and third.engine.pending is None
    pokes = [r for r in third.engine.history if isinstance(r.command, ToyPoke)]
    assert len(pokes) == 1 and third.engine.state.creatures["orc"].damage == 1
    third.close()


def test_manual_dice_mode_survives_reopening_without_a_question(tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    s.manual_dice = True
    s.close()
    assert _session(tmp_path, j).manual_dice


def test_a_paused_command_the_engine_now_refuses_is_dropped_once(tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    s.close()
    paused = j.with_name(j.name + ".paused.json")  # as an older Battlemat left it
    cmd = ToyPoke("kara", "nobody").to_dict()
    paused.write_text(json.dumps({"command": cmd, "answers": [], "manual": True}))
    again = _session(tmp_path, j)
    assert "dropped" in again.problem and "no such target" in again.problem
    assert again.engine.pending is None and again.manual_dice
    again.close()
    third = _session(tmp_path, j)
    assert not third.problem and third.engine.pending is None and third.manual_dice
    third.close()


def test_undo_and_redo_of_many_commands_are_one_journal_line(tmp_path: Path) -> None:
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    for x in range(2, 8):
        s.submit(ToyWalk("kara", ((x, 1),)))
    lines = len(j.read_text().splitlines())
    assert s.undo(5) == "Undone 5 commands"
    assert len(j.read_text().splitlines()) == lines + 1
    assert s.redo(3) == "Redone 3 commands"
    s.close()
    again = _session(tmp_path, j)
    assert len(again.engine.history) == 4 and len(again.engine.redo_stack) == 2
    assert again.engine.state.creatures["kara"].square == (5, 1)
    again.close()


def _project(tmp_path: Path) -> Path:
    """A GM's own project: the bundled config copied, one creature only there, one changed."""
    import shutil

    proj = tmp_path / "proj"
    shutil.copytree(ROOT / "config", proj / "config")
    (proj / "config" / "creatures" / "bog.yaml").write_text(
        "creatures:\n  bog_troll:\n    name: Bog Troll\n    size: 1\n    speed: 8\n"
        "    defense: 11\n    health: 77\n    weapons: [claws]\n", encoding="utf-8")
    beasts = proj / "config" / "creatures" / "beasts.yaml"
    text = beasts.read_text(encoding="utf-8")
    assert "  warhorse:\n    name: Warhorse\n    size: 2" in text
    beasts.write_text(text.replace("    health: 30\n", "    health: 31\n", 1), encoding="utf-8")
    enc = proj / "config" / "encounters" / "bog.yaml"
    enc.write_text(
        'name: Bog\nmap: "ascii:......\\n......\\n......"\nruleset: sotdl\n'
        "sides: {party: players, foes: gm}\ncreatures:\n"
        "  - {creature: bog_troll, side: foes, square: [4, 1]}\n"
        "  - {creature: warhorse, side: party, square: [0, 0]}\n", encoding="utf-8")
    return enc


def test_the_window_reads_an_encounters_own_project_config(tmp_path: Path) -> None:
    enc = _project(tmp_path)
    s = Session.open(enc, journal_path=tmp_path / "j.jsonl")
    try:
        cs = {c.definition.id: c.definition for c in s.engine.state.creatures.values()}
        assert cs["bog_troll"].health == 77  # defined only in the project
        assert cs["warhorse"].health == 31  # the project's, not the bundled 30
        assert "osr" in s.fight.rulesets()
    finally:
        s.close()


def test_a_bare_map_with_an_unknown_creature_is_one_line(tmp_path: Path) -> None:
    from game.io.errors import InputError

    tmx = tmp_path / "bare.tmx"
    tmx.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.10" orientation="orthogonal" '
        'renderorder="right-down" width="4" height="4" tilewidth="16" tileheight="16" '
        'infinite="0" nextlayerid="2" nextobjectid="2">\n <objectgroup id="1" name="C">\n'
        '  <object id="1" name="Grik" type="creature" x="0" y="0" width="16" height="16">\n'
        '   <properties><property name="creature" value="gobln"/>'
        '<property name="side" value="foes"/></properties>\n  </object>\n </objectgroup>\n</map>\n',
        encoding="utf-8")
    with pytest.raises(InputError) as err:
        Session.open(tmx, journal_path=tmp_path / "j.jsonl")
    msg = str(err.value)
    assert msg.startswith(f"{tmx}:object 1: unknown creature 'gobln'") and "\n" not in msg


@pytest.mark.parametrize("call", ["write", "fsync", "replace"])
@pytest.mark.parametrize("path", ["restart", "load", "save", "undo_open", "dice"])
def test_every_write_path_refused_by_the_disk_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, call: str, path: str
) -> None:
    """Fault injection for each path that writes: keeping a copy, rewriting the journal, a save,
    taking an open back, the dice mode: EROFS from os.write, os.fsync (and os.fdatasync, which
    journal lines use) or os.replace."""
    if (path, call) in (("save", "write"), ("dice", "replace")):
        pytest.skip("this path does not make that call (a save writes through a file object)")
    j = tmp_path / "j.jsonl"
    s = _session(tmp_path, j)
    _play(s)
    save = tmp_path / "fight.save.json"
    s.save(save)
    if path == "undo_open":
        s.restart()
    state, n, journal = s.engine.state, len(s.engine.history), j.read_bytes()
    files = sorted(p.name for p in tmp_path.iterdir())

    def refuse(*a: object, **kw: object) -> None:
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))

    monkeypatch.setattr(os, call, refuse)
    if call == "fsync":
        monkeypatch.setattr(os, "fdatasync", refuse)
    if path == "restart":
        msg = s.restart()
    elif path == "load":
        msg = s.load(save)
    elif path == "save":
        msg = s.save(tmp_path / "again.save.json")
    elif path == "undo_open":
        msg = s.undo()
    else:
        s.manual_dice = True
        msg = s.problem
    monkeypatch.undo()
    assert os.strerror(errno.EROFS) in msg and "\n" not in msg, msg
    assert s.engine.state is state and len(s.engine.history) == n
    assert j.read_bytes() == journal
    assert sorted(p.name for p in tmp_path.iterdir()) == files  # no stray copy or temporary
    if path == "dice":
        assert not s.manual_dice
    s.close()
    assert _session(tmp_path, j).engine.state.creatures == state.creatures
