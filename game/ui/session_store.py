"""The session's memory: the journal read back at start, saves written and opened, a restart.

Split from game/ui/session.py (one idea a module); the formats are game/io/saves.py and
game/io/journal.py, and records go back into the engine only through its public redo.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.io.errors import InputError, InputErrors
from game.io.journal import read_journal
from game.io.saves import SavedRecord, SaveHeader, file_sha256, read_save, write_save

if TYPE_CHECKING:
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


def resume(session: Session, *, write: bool = True) -> None:
    """Read the journal back (keeping the good prefix of a damaged one) and replay it.

    ``write=False`` (another window holds the journal): read only, never rewrite or move it.
    """
    assert session.journal is not None and session.engine is not None
    read = read_journal(session.journal.path)
    if read.header is not None and read.header.ruleset:
        # A fight the GM switched to another ruleset in the window goes on under that ruleset
        session.use_ruleset(read.header.ruleset)
    head = header(session)
    records, redo = read.records, read.redo
    if (
        read.header is not None
        and read.header.map_sha256
        and read.header.map_sha256 != head.map_sha256
    ):
        backup = session.journal.path.with_name(session.journal.path.name + ".other-map.bak")
        if write:
            session.journal.path.replace(backup)
        session.problem = (
            f"{session.journal.path}: the map changed since this fight; "
            f"the old journal is kept at {backup}"
        )
        records, redo = [], []
    elif read.problem:
        session.problem = read.problem
    if read.header is not None and not session.problem and read.header.seed != session.seed:
        from game.rules.engine import SeededDice

        # The fight goes on with the dice stream it started with
        session.seed = head.seed = read.header.seed
        session.engine.dice = SeededDice(session.seed)
    ok = replay(session, records)
    if ok < len(records):
        session.problem = (
            f"{session.journal.path}: record {ok + 1} no longer applies; kept the {ok} before it"
        )
        records, redo = records[:ok], []
    session.engine.redo_stack[:] = [_to_record(r, None) for r in redo]
    if write and (read.header is None or session.problem):
        session.journal.start(head, records, redo)
    if write:
        restore_pending(session)
    session.touch()


def replay(session: Session, records: list[SavedRecord]) -> int:
    """Put saved records into the engine's history through redo; returns how many applied."""
    assert session.engine is not None
    eng = session.engine
    for i, r in enumerate(records):
        eng.redo_stack[:] = [_to_record(r, eng.state)]
        try:
            eng.redo()
        except Exception:  # a record from an older Battlemat that no longer applies
            eng.redo_stack.clear()
            return i
    eng.redo_stack.clear()
    return len(records)


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
    if path is None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = saves_dir(session) / f"{session.opened.path.stem}-{stamp}.save.json"
        n = 1
        while path.exists():  # two saves in one second
            n += 1
            path = path.with_name(f"{session.opened.path.stem}-{stamp}-{n}.save.json")
        path.parent.mkdir(parents=True, exist_ok=True)
    write_save(path, header(session), [SavedRecord.of(r) for r in session.engine.history])
    return f"Saved {path}"


def load(session: Session, path: Path) -> str:
    """Replace the fight with a save's (the current one stays in its journal's backup)."""
    if session.engine is None:
        return "Open an encounter first"
    try:
        saved, records = read_save(path)
    except (InputError, InputErrors) as err:
        return str(err)
    fresh = session.build(seed=saved.seed, ruleset=saved.ruleset or None)
    assert fresh is not None
    session.engine = fresh
    session.paused = None
    remember_pending(session)
    if saved.ruleset and fresh.ruleset.id == saved.ruleset:
        session.ruleset_override = saved.ruleset  # Ctrl+N restarts under the save's rules too
    session.seed = saved.seed
    done = replay(session, records)
    if session.journal is not None:
        session.journal.close()
        session.journal.start(header(session), records[:done])
    session.touch()
    if done < len(records):
        return f"{path}:record {done + 1}: no longer applies; loaded the {done} before it"
    return f"Opened {path}"


def restart(session: Session, ruleset: str | None = None) -> str:
    """Start the fight over from the encounter file (the old journal is kept as a backup),
    under ``ruleset`` when the GM picked another one in the window (issue 7)."""
    if session.engine is None or session.journal is None:
        return "Nothing to restart"
    if ruleset and session.build(seed=session.seed, ruleset=ruleset) is None:
        return f"No {ruleset} plug-in: the fight is left as it was"
    session.journal.close()
    backup = session.journal.path.with_name(
        session.journal.path.name + f".{len(session.engine.history)}.bak"
    )
    if session.journal.path.exists():
        session.journal.path.replace(backup)
    fresh = session.build(seed=session.seed + 1, ruleset=ruleset)
    if fresh is None:
        return f"No {ruleset} plug-in: the fight is left as it was"
    session.engine = fresh
    session.paused = None
    remember_pending(session)
    session.ruleset_override = ruleset if ruleset else session.ruleset_override
    session.seed += 1
    session.journal.start(header(session))
    session.touch()
    if ruleset:
        from game.rules.engine import GMNote

        # The new log says why it starts again (the old fight stays in the backup)
        session.submit(GMNote(f"Played under the {ruleset} rules, chosen in the window"))
        return f"The fight starts over under {ruleset} (the old one is in {backup})"
    return f"A fresh fight (the old one is in {backup})"


def reopen(session: Session) -> str:
    """Load this encounter's newest save, if there is one."""
    saves = sorted(saves_dir(session).glob(f"{session.opened.path.stem}-*.save.json"))
    if not saves:
        return f"No save of {session.opened.path.stem} in {saves_dir(session)} (Ctrl+S writes one)"
    return load(session, max(saves, key=lambda p: p.stat().st_mtime))


def _to_record(r: SavedRecord, state: Any) -> Any:
    from game.rules.engine import CommandRecord

    return CommandRecord(r.command, state, list(r.answers), list(r.typed), tuple(r.events))


def _paused_path(session: Session) -> Path | None:
    j = session.journal
    return None if j is None else j.path.with_name(j.path.name + ".paused.json")


def remember_pending(session: Session) -> None:
    """Keep the command the engine paused on (and the answers given so far) beside the journal,
    so that a crash in the middle of a question loses nothing (the journal holds only
    finished commands)."""
    import json

    path = _paused_path(session)
    if path is None:
        return
    if session.paused is None:
        path.unlink(missing_ok=True)
        return
    cmd, answers = session.paused
    data = {"command": cmd.to_dict(), "answers": answers, "manual": session.manual_dice}
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    tmp.replace(path)


def restore_pending(session: Session) -> None:
    """Ask the paused command's question again after a restart (answers given are re-applied)."""
    import json

    from game.rules.engine.events import Command

    path = _paused_path(session)
    if path is None or not path.is_file() or session.engine is None:
        return
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        cmd = Command.from_dict(data["command"])
        answers = list(data.get("answers") or [])
    except (OSError, ValueError, KeyError, TypeError) as err:
        session.problem = f"{path}: the unfinished command could not be read ({err})"
        path.unlink(missing_ok=True)
        return
    if data.get("manual"):
        session.manual_dice = True
    session.submit(cmd)
    for a in answers:
        if session.engine.pending is None:
            break
        session.answer(a)
