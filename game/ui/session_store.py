"""The session's memory: every change written to the journal before it is shown, saves, restarts.

The formats are game/io/saves.py and game/io/journal.py; records go back into the engine only
through its public redo. Three rules hold here (issue 14):

- commit order: the engine works a command out, the journal line is made durable, and only
  then does the session return (the window draws the new state on its next frame); a failed
  write rolls the engine back (``Engine.rollback``) and says so in one line;
- nothing is thrown away: every path that replaces or rewrites a journal keeps the old one
  first (``keep_copy``, a name never used before) and says where; Ctrl+Z right after it brings
  the old fight back (``undo_open``);
- a journal whose later records no longer apply (an edited encounter or map) opens at the last
  record that applies and stays whole on disk until the GM plays on (then it is kept aside).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.io.errors import InputError, InputErrors
from game.io.journal import (
    JournalError,
    JournalRead,
    Pending,
    ensure_folder,
    keep_copy,
    pending_entry,
    read_journal,
    record_entry,
    short_path,
    write_atomic,
)
from game.io.saves import SavedRecord, SaveHeader, file_sha256, read_save, write_save
from game.ui.fight_maps import map_line

if TYPE_CHECKING:
    from game.rules.battlefield import Battlefield
    from game.rules.engine import CommandRecord
    from game.ui.fight import Paused
    from game.ui.session import Session


def header(session: Session) -> SaveHeader:
    """What this fight is played on."""
    o = session.opened
    defs = (
        {c.definition.id for c in session.engine.initial.creatures.values()}
        if session.engine
        else set()
    )
    weapons: set[str] = set()
    for c in session.engine.initial.creatures.values() if session.engine else ():
        weapons.update(c.definition.weapons)
    map_path = o.map_path or o.path
    return SaveHeader(
        str(o.path.resolve()),
        str(map_path),
        file_sha256(map_path) if map_path.is_file() else "",
        session.engine.ruleset.id if session.engine else "",
        tuple(sorted(defs)),
        tuple(sorted(weapons)),
        session.seed,
    )


# -- reading the journal back --
def resume(session: Session, *, write: bool = True) -> None:
    """Read the journal back and replay it; a damaged one is kept aside and its good prefix
    goes on; one whose later records no longer apply opens at the last one that does.

    ``write=False`` (another window holds the journal): read only, never rewrite or move it.
    """
    assert session.journal is not None and session.engine is not None
    path = session.journal.path
    read = read_journal(path)  # every plug-in's types are registered before the first line
    if read.header is not None and read.header.ruleset:
        # A fight the GM switched to another ruleset in the window goes on under that ruleset
        session.use_ruleset(read.header.ruleset)
    head = header(session)
    shown = short_path(path)  # the status line names files short (the full path: docs/ui.md)
    notes = [read.problem.replace(str(path), shown, 1)] if read.problem else []
    if read.header is not None and read.header.seed != session.seed:
        from game.rules.engine import SeededDice

        # The fight goes on with the dice stream it started with
        session.seed = head.seed = read.header.seed
        session.engine.dice = SeededDice(session.seed)
    book = session.maps
    book.written = set(read.maps)
    for sha, snap in read.maps.items():
        book.snapshots.setdefault(sha, snap)
    if read.start_map and read.start_map != book.start:
        # The map was reloaded during this fight and is not on disk as the fight began: the
        # fight starts again on the journal's copy of the map it began on
        try:
            first = book.battlefield(read.start_map)
        except InputError as err:
            notes.append(f"{shown}: the map the fight began on no longer loads ({err})")
        else:
            fresh = session.build(seed=session.seed, battlefield=first)
            if fresh is not None:
                session.engine, book.start = fresh, read.start_map
    elif read.header is not None and read.header.map_sha256 not in ("", head.map_sha256):
        notes.append(f"{shown}: the map {short_path(head.map)} changed since this fight was played")
    ok, why = replay(session, read.records)
    redo = read.redo
    edited = ok < len(read.records)
    if edited:
        notes.append(
            f"{shown}: record {ok + 1} of {len(read.records)} no longer applies ({why}): opened "
            f"at record {ok}; the journal is kept whole for when the edit is undone"
        )
        redo = []
    # The undone commands are played and undone again, so each keeps the state (and the map)
    # it was played from
    back, _ = replay(session, list(reversed(redo)))
    for _ in range(back):
        session.engine.undo()
    edited = edited or back < len(redo)
    if not edited:
        notes += _stand_on(session, read)
    session.problem = "; ".join(notes)
    # The journal on disk is not the fight shown: it is kept aside before the next write
    session.stale_journal = "edited" if edited else ""
    if read.problem:
        session.stale_journal = "damaged"
    elif read.header is None:
        session.stale_journal = "new"
    session.use_dice(read.manual)
    for entry in read.extra:  # the table screen's fog as the GM left it (the last line holds)
        if entry.get("op") == "fog":
            session.fog.restore(entry)
    if write:
        session.journal.adopt(read.good_bytes)
        if session.stale_journal in ("damaged", "new"):  # keep the damaged one, go on from here
            failed = _write(session, [])
            session.problem = "; ".join(p for p in (session.problem, failed) if p)
        elif session.maps.disk != session.maps.sha_of(session.engine.state.battlefield) and (
            session.maps.disk not in read.maps and read.maps
        ):  # the map was saved again while the window was closed: a reload, journalled
            failed = _moved_to_disk_map(session)
            session.problem = "; ".join(p for p in (session.problem, failed) if p)
        restore_pending(session, read)
    session.show_map()
    session.touch()


def _stand_on(session: Session, read: JournalRead) -> list[str]:
    """Put the fight on the map the journal says it stands on now (a reload after the last
    command, or undone across one); the note when that map cannot be rebuilt."""
    eng = session.engine
    assert eng is not None
    try:
        now = _field(session, read.map_now)
    except (InputError, KeyError) as err:
        where = short_path(session.journal.path) if session.journal else "the journal"
        return [f"{where}: the map the fight stood on no longer loads ({err})"]
    if now is not eng.state.battlefield:
        eng.change_battlefield(now)
    return []


def _field(session: Session, sha: str) -> Battlefield:
    """The battlefield a record or line names: '' the one the fight started on."""
    eng = session.engine
    assert eng is not None
    return session.maps.battlefield(sha) if sha else eng.initial.battlefield


def _moved_to_disk_map(session: Session) -> str:
    """The fight goes on on the map as it is on disk (saved while no window watched it)."""
    eng = session.engine
    assert eng is not None
    was = eng.state.battlefield
    eng.change_battlefield(session.opened.battlefield)
    failed = reloaded(session, was)
    if not failed:
        where = short_path(session.opened.map_path or session.opened.path)
        return f"the map {where} was saved since: the fight goes on on it"
    return failed


def replay(session: Session, records: list[SavedRecord]) -> tuple[int, str]:
    """Put saved records into the engine's history through redo: how many applied, and why
    the next one did not."""
    assert session.engine is not None
    eng = session.engine
    for i, r in enumerate(records):
        try:  # the map it was played on (a live reload happened before it)
            bf = _field(session, r.map)
        except (InputError, KeyError) as err:
            return i, f"{type(r.command).__name__}: its map no longer loads ({err})"
        if bf is not eng.state.battlefield:
            eng.change_battlefield(bf)
        eng.redo_stack[:] = [to_record(r, eng.state)]
        try:
            eng.redo()
        except Exception as err:  # noqa: BLE001 - a record made for another encounter or map
            eng.redo_stack.clear()
            what = f"{err.args[0]!r} is not in this fight" if isinstance(err, KeyError) else err
            return i, f"{type(r.command).__name__}: {what}"
    eng.redo_stack.clear()
    return len(records), ""


def restore_pending(session: Session, read: JournalRead) -> None:
    """Ask the paused command's question again (answers given are re-applied); one the engine
    now refuses is dropped in the journal, so it is not asked again at every reopening."""
    from game.rules.engine.events import Command

    legacy = _legacy_paused(session)
    pending = read.pending
    if legacy is not None:  # a *.paused.json from before the journal held the question
        pending, manual = legacy
        session.manual_dice = session.manual_dice or manual
    if pending is None or session.engine is None:
        return
    eng = session.engine
    try:
        cmd = Command.from_dict(pending.command)
    except (ValueError, KeyError, TypeError) as err:
        why = f"cannot be read ({err})"
        out = None
    else:
        out = eng.submit(cmd)
        for a in pending.answers:
            if not out.ok or eng.pending is None:
                break
            out = eng.answer(eng.pending.id, list(a) if isinstance(a, (list, tuple)) else a)
        why = "; ".join(v.reason for v in out.violations) if not out.ok else ""
    if out is None or not out.ok:
        eng.cancel()
        session.paused = None
        note = f"the unfinished command was dropped: the engine refuses it now ({why})"
        session.problem = "; ".join(p for p in (session.problem, note) if p)
        _write(session, [pending_entry(None)])
    elif eng.pending is not None:  # written again: a repaired journal is rewritten without it
        session.paused = (cmd, list(pending.answers))
        _write(session, [pending_entry(cmd, pending.answers), _dice_entry(session)])
    else:  # the answers given finished it: it is played
        session.paused = None
        _write(session, [record_entry(SavedRecord.of(eng.history[-1]))])
    if legacy is not None:
        _paused_path(session).unlink(missing_ok=True)  # type: ignore[union-attr]


def _legacy_paused(session: Session) -> tuple[Pending, bool] | None:
    path = _paused_path(session)
    if path is None or not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Pending(dict(data["command"]), list(data.get("answers") or [])), bool(
            data.get("manual")
        )
    except (OSError, ValueError, KeyError, TypeError, RecursionError) as err:
        session.problem = f"{path}: the unfinished command could not be read ({err})"
        return None


def _paused_path(session: Session) -> Path | None:
    j = session.journal
    return None if j is None else j.path.with_name(j.path.name + ".paused.json")


# -- writing: the journal line first, then the fight shown ---------------------------------------
def _write(session: Session, entries: list[dict[str, Any]]) -> str:
    """Make ``entries`` durable: '' when they are, else one line (the fight then rolls back)."""
    j = session.journal
    if j is None:
        return ""
    try:
        if session.stale_journal:  # the file on disk is not this fight: keep it, write it anew
            eng = session.engine
            assert eng is not None
            kept = keep_copy(j.path, session.stale_journal)
            history, redo = _saved(session, eng.history), _saved(session, eng.redo_stack)
            tail = [pending_entry(*session.paused)] if session.paused is not None else []
            tail += [_dice_entry(session)] if session.manual_dice else []
            tail += [session.fog.entry()] if session.fog.kept else []
            now = session.maps.tag(eng.state.battlefield)
            if now != (redo[-1].map if redo else history[-1].map if history else ""):
                tail.append(map_line(session.maps.sha_of(eng.state.battlefield)))
            written, session.maps.written = session.maps.written, set()
            maps = session.maps.definitions([r.map for r in history + redo] + [now])
            try:
                j.start(header(session), history, redo, tail, maps)
            except (JournalError, InputError):
                session.maps.written = written  # the old file, and the maps in it, stay
                raise
            session.maps.wrote(maps)
            if kept is not None:  # said first: the status line may not show the rest
                note = f"the journal as it was is kept as {kept.name} (in {kept.parent})"
                session.problem = "; ".join(p for p in (note, session.problem) if p)
            session.stale_journal = ""
        else:
            named = [str(e.get("record", {}).get("map", "")) for e in _lines(entries)]
            named += [str(e.get("sha256")) for e in _lines(entries) if e.get("op") == "map"]
            entries = session.maps.definitions(named) + entries
            j.append(entries)
            session.maps.wrote(entries)
    except (JournalError, InputError) as err:
        if isinstance(err, JournalError) and err.removed:
            session.stale_journal = "removed"
        return str(err)
    return ""


def _lines(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [sub for e in entries for sub in e.get("batch", [e])]


def _saved(session: Session, records: list[CommandRecord]) -> list[SavedRecord]:
    """Records as the journal keeps them, each naming the map it was played on."""
    maps = session.maps
    return [
        SavedRecord.of(r, maps.tag(r.state_before.battlefield if r.state_before else None))
        for r in records
    ]


def reloaded(session: Session, was: Battlefield) -> str:
    """The map was reloaded under the fight (the engine stands on it now): one journal line;
    a failed write puts the fight back on ``was`` and says so."""
    eng = session.engine
    if eng is None:
        return ""
    failed = _write(session, [map_line(session.maps.sha_of(eng.state.battlefield))])
    if failed:
        eng.change_battlefield(was)
    return failed


def _dice_entry(session: Session) -> dict[str, Any]:
    return {"op": "dice", "manual": session.manual_dice}


def committed(session: Session, records: list[CommandRecord], paused: Paused | None) -> str:
    """The records a command committed, and the question it is paused on, as one line."""
    entries = [record_entry(r) for r in _saved(session, records)]
    if paused is not None:
        entries.append(pending_entry(*paused))
    return _write(session, entries)


def undone(session: Session, n: int, dropped: bool) -> str:
    """A paused command dropped and ``n`` commands undone, as one line."""
    entries: list[dict[str, Any]] = [pending_entry(None)] if dropped else []
    if n:
        entries.append({"op": "undo", "n": n})
    return _write(session, entries)


def redone(session: Session, n: int) -> str:
    """``n`` undone commands redone, as one line."""
    return _write(session, [{"op": "redo", "n": n}])


def dice_changed(session: Session, manual: bool) -> str:
    """The dice mode (it survives reopening)."""
    return _write(session, [{"op": "dice", "manual": manual}])


def fog_changed(session: Session) -> str:
    """The table screen's fog as the GM painted or switched it (it survives reopening)."""
    return _write(session, [session.fog.entry()])


def undoes_open(session: Session) -> bool:
    """Whether Ctrl+Z now takes back the last open, restart or reload (nothing played since)."""
    point, eng = session.undo_open_point, session.engine
    return point is not None and eng is not None and eng.pending is None and (
        len(eng.history) <= point[1]
    )


# -- saves, restarts, and taking a replacement back -----------------------------------------------
def saves_dir(session: Session) -> Path:
    """Where Ctrl+S writes: $BATTLEMAT_HOME/saves beside journals/ (never into config/), or a
    'saves' folder beside a journal kept elsewhere."""
    if session.journal is not None:
        folder = session.journal.path.parent
    else:  # a second window on the same fight (it writes no journal): the first one's folder
        from game.io.journal import journal_path_for

        folder = journal_path_for(session.opened.path).parent
    return (folder.parent if folder.name == "journals" else folder) / "saves"


def save(session: Session, path: Path | None = None) -> str:
    """Write a save (default: saves/NAME-YYYYMMDD-HHMMSS.save.json, never overwriting one)."""
    if session.engine is None:
        return "Nothing to save: a bare map"
    try:
        if path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = saves_dir(session) / f"{session.opened.path.stem}-{stamp}.save.json"
            n = 1
            while path.exists():  # two saves in one second
                n += 1
                path = path.with_name(f"{session.opened.path.stem}-{stamp}-{n}.save.json")
            ensure_folder(path.parent)
        # Each record names the map it was played on, and the save carries those maps' files:
        # it reopens on them (a map reloaded mid-fight, or changed on disk since)
        book, eng = session.maps, session.engine
        records = _saved(session, eng.history)
        now = book.tag(eng.state.battlefield)
        shas = [book.start, *(r.map for r in records), now] if book.start else []
        maps = [book.snapshots[s] for s in dict.fromkeys(shas) if s in book.snapshots]
        write_save(path, header(session), records, maps, book.start, now)
    except InputError as err:
        return f"Not saved: {err}"
    except OSError as err:
        return f"Not saved: {path}: {err.strerror or type(err).__name__}"
    return f"Saved {path}"


def _replace_fight(
    session: Session, fresh: Any, why: str, seed: int, records: list[SavedRecord]
) -> tuple[str, str]:
    """Swap in a new engine (``records`` already played on it) after keeping the journal
    aside: (where the old one is kept, or a one-line failure with the fight left as it was)."""
    j = session.journal
    kept: Path | None = None
    if j is not None:
        try:
            kept = keep_copy(j.path, why)
        except JournalError as err:
            return "", str(err)
    previous = (session.engine, session.paused, session.seed)
    session.engine, session.paused, session.seed = fresh, None, seed
    session.maps.restart(fresh.initial.battlefield)
    session.use_dice(session.manual_dice)
    session.stale_journal = ""
    if j is not None:
        try:
            tail = [_dice_entry(session)] if session.manual_dice else []
            tail += [session.fog.entry()] if session.fog.kept else []  # the table's, still
            now = session.maps.tag(fresh.state.battlefield)
            if now != (records[-1].map if records else ""):
                tail.append(map_line(session.maps.sha_of(fresh.state.battlefield)))
            maps = session.maps.definitions([r.map for r in records] + [now])
            j.start(header(session), records, (), tail, maps)
            session.maps.wrote(maps)
        except (JournalError, InputError) as err:
            session.engine, session.paused, session.seed = previous
            if kept is not None:  # the journal was not replaced: its copy is not needed
                kept.unlink(missing_ok=True)
            return "", str(err)
    session.undo_open_point = (kept, len(records)) if kept is not None else None
    return str(kept or ""), ""


def load(session: Session, path: Path) -> str:
    """Replace the fight with a save's; the current one is kept aside (Ctrl+Z brings it back).
    A save of another encounter or map, or one that does not read, changes nothing."""
    if session.engine is None:
        return "Open an encounter first"
    try:
        save = read_save(path)
    except (InputError, InputErrors) as err:
        return str(err)
    saved, records, head = save.header, save.records, header(session)
    if Path(saved.encounter).name != Path(head.encounter).name:
        return f"{path}: a save of {Path(saved.encounter).name}, not of {Path(head.encounter).name}"
    book = session.maps
    for sha, snap in save.maps.items():
        book.snapshots.setdefault(sha, snap)
    began: Battlefield | None = None
    if save.start_map and save.start_map != book.start:
        # The map is not on disk as the fight began: it starts on the save's copy of that map
        try:
            began = book.battlefield(save.start_map)
        except InputError as err:
            return f"{path}: the map the fight began on no longer loads ({err})"
    elif not save.start_map and saved.map_sha256 not in ("", head.map_sha256):
        return f"{path}: saved on another map than {head.map} (its hash differs)"
    fresh = session.build(seed=saved.seed, ruleset=saved.ruleset or None, battlefield=began)
    if fresh is None or (saved.ruleset and fresh.ruleset.id != saved.ruleset):
        return f"{path}: no {saved.ruleset} plug-in: the fight is left as it was"
    old = (session.engine, session.seed)
    session.engine, session.seed = fresh, saved.seed
    done, why = replay(session, records)
    if done == len(records):
        try:  # the map it stood on at the end (reloaded after the last command)
            now = _field(session, save.map_now)
        except (InputError, KeyError) as err:
            done, why = -1, f"its last map no longer loads ({err})"
        else:
            if now is not fresh.state.battlefield:
                fresh.change_battlefield(now)
    session.engine, session.seed = old
    if done < 0:
        return f"{path}: {why}: the fight is left as it was"
    if done < len(records):
        return f"{path}:record {done + 1}: no longer applies ({why}): the fight is left as it was"
    kept, failed = _replace_fight(session, fresh, "open", saved.seed, records)
    if failed:
        return failed
    session.show_map()  # the save's map, when it stood on another than the one shown
    if saved.ruleset:
        session.ruleset_override = saved.ruleset  # Ctrl+N restarts under the save's rules too
    session.touch()
    if not kept:
        return f"Opened {short_path(path)}"
    k = Path(kept)  # named early: a long status line is cut at its end
    return f"Opened the save (Ctrl+Z: the fight before, kept as {k.name}, in {k.parent}): {path}"


def restart(session: Session, ruleset: str | None = None) -> str:
    """Start the fight over from the encounter file (the old journal is kept aside), under
    ``ruleset`` when the GM picked another one in the window (issue 7)."""
    if session.engine is None or session.journal is None:
        return "Nothing to restart"
    fresh = session.build(seed=session.seed + 1, ruleset=ruleset)
    if fresh is None or (ruleset and fresh.ruleset.id != ruleset):
        return f"No {ruleset} plug-in: the fight is left as it was"
    kept, failed = _replace_fight(session, fresh, "restart", session.seed + 1, [])
    if failed:
        return failed
    session.ruleset_override = ruleset if ruleset else session.ruleset_override
    session.touch()
    k = Path(kept)  # named early: a long status line is cut at its end
    where = f" is kept as {k.name} (Ctrl+Z brings it back; in {k.parent})" if kept else ""
    if ruleset:
        from game.rules.engine import GMNote

        # The new log says why it starts again (the old fight stays in the backup)
        session.submit(GMNote(f"Played under the {ruleset} rules, chosen in the window"))
        if session.undo_open_point is not None:
            session.undo_open_point = (session.undo_open_point[0], 1)
        return f"Now under {ruleset}" + (f"; the old fight{where}" if where else "")
    return "A fresh fight" + (f"; the old one{where}" if where else "")


def undo_open(session: Session) -> str:
    """Take back the last open, restart or reload: the fight kept aside comes back whole
    (the one replacing it is kept aside in turn)."""
    point = session.undo_open_point
    j = session.journal
    if point is None or j is None:
        return "Nothing to undo"
    kept = point[0]
    mine: Path | None = None
    try:
        data = kept.read_bytes()
        mine = keep_copy(j.path, "undone-open")
        write_atomic(j.path, data)
    except (OSError, JournalError) as err:
        if mine is not None:  # the journal was not replaced: its copy is not needed
            mine.unlink(missing_ok=True)
        why = getattr(err, "strerror", None) or err
        return f"{short_path(kept)}: cannot bring the fight back: {why}"
    fresh = session.build(seed=session.seed)
    if fresh is None:
        return f"{short_path(kept)}: cannot bring the fight back: no ruleset plug-in"
    session.engine = fresh
    session.paused = None
    session.undo_open_point = None
    session.ruleset_override = None
    resume(session)
    n = len(session.engine.history) if session.engine else 0
    return f"Back to the fight before: {n} commands, from {kept.name} (in {kept.parent})"


def reopen(session: Session) -> str:
    """Load this encounter's newest save, if there is one."""
    saves = sorted(saves_dir(session).glob(f"{session.opened.path.stem}-*.save.json"))
    if not saves:
        return f"No save of {session.opened.path.stem} in {saves_dir(session)} (Ctrl+S writes one)"
    return load(session, max(saves, key=lambda p: p.stat().st_mtime))


def to_record(r: SavedRecord, state: Any) -> Any:
    """The engine's record of a saved command (its state before: ``state``, None if unknown)."""
    from game.rules.engine import CommandRecord

    return CommandRecord(r.command, state, list(r.answers), list(r.typed), tuple(r.events))
