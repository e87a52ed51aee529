"""The autosave journal: one JSON line per command, undo and redo, flushed as each happens.

Closing or crashing loses nothing: reopening the encounter reads the journal back. A damaged
journal is read up to its last good line; the whole file is first copied to a backup, the good
prefix is kept, and the problem is one line naming the file and the line.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.io.saves import SavedRecord, SaveHeader


def journal_dir() -> Path:
    """Where journals live: $BATTLEMAT_HOME/journals (default ~/.local/share/battlemat)."""
    home = os.environ.get("BATTLEMAT_HOME") or str(Path.home() / ".local" / "share" / "battlemat")
    return Path(home) / "journals"


def journal_path_for(encounter: Path) -> Path:
    """The journal of one encounter file (by its absolute path, so two copies do not mix)."""
    p = Path(encounter).resolve()
    tag = hashlib.sha1(str(p).encode("utf-8")).hexdigest()[:10]
    return journal_dir() / f"{p.stem}-{tag}.jsonl"


@dataclass
class JournalRead:
    """What a journal held: its header, the played records, the redo stack, and any problem."""

    header: SaveHeader | None = None
    records: list[SavedRecord] = field(default_factory=list)
    redo: list[SavedRecord] = field(default_factory=list)  # top of the stack last
    problem: str = ""  # one line, "file:line: what", when part was unreadable
    backup: Path | None = None
    good_lines: int = 0


def read_journal(path: Path) -> JournalRead:
    """Read a journal; stop at the first bad line (after backing the file up)."""
    out = JournalRead()
    if not path.is_file():
        return out
    try:
        lines = path.read_bytes().split(b"\n")
    except OSError as err:
        out.problem = f"{path}: cannot read: {err.strerror or err}"
        return out
    for i, raw in enumerate(lines, start=1):
        if not raw.strip():
            if i == len(lines):
                break
            continue
        try:
            entry = json.loads(raw.decode("utf-8"))
            _apply_line(out, entry, str(path), i)
        except (ValueError, KeyError, TypeError, UnicodeDecodeError) as err:
            what = str(err).splitlines()[0] if str(err) else type(err).__name__
            out.problem = f"{path}:{i}: {what}"
            break
        out.good_lines = i
    if out.problem:
        out.backup = _backup(path)
        out.problem += f" (kept the {len(out.records)} commands before it; backup: {out.backup})"
    return out


def _apply_line(out: JournalRead, entry: Any, file: str, line: int) -> None:
    if not isinstance(entry, dict):
        raise ValueError("a journal line must be an object")
    if "battlemat_save" in entry:
        if out.header is not None:
            raise ValueError("a second header")
        out.header = SaveHeader.from_dict(entry, file, str(line))
    elif "record" in entry:
        out.records.append(SavedRecord.from_dict(entry["record"]))
        out.redo.clear()
    elif entry.get("op") == "undo":
        if not out.records:
            raise ValueError("undo with nothing to undo")
        out.redo.append(out.records.pop())
    elif entry.get("op") == "redo":
        if not out.redo:
            raise ValueError("redo with nothing to redo")
        out.records.append(out.redo.pop())
    else:
        raise ValueError("unknown journal line")
    if out.header is None:
        raise ValueError("the journal does not start with a header")


def _backup(path: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    dest = path.with_name(f"{path.name}.{stamp}.bak")
    n = 1
    while dest.exists():
        dest = path.with_name(f"{path.name}.{stamp}-{n}.bak")
        n += 1
    shutil.copy2(path, dest)
    return dest


class Journal:
    """Appends to one journal file; every write is flushed and fsynced before returning."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._f: Any = None
        self._locked = False

    @property
    def lock_path(self) -> Path:
        """The file saying which process writes this journal."""
        return self.path.with_name(self.path.name + ".lock")

    def acquire(self) -> str:
        """Take the journal for this process; '' if done, else who holds it (then do not write).

        Two windows on one encounter would interleave their commands; a lock left by a crash
        (its process is gone) is taken over.
        """
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            holder = int(self.lock_path.read_text(encoding="utf-8").strip() or 0)
        except (OSError, ValueError):
            holder = 0
        if holder and holder != os.getpid() and _alive(holder):
            return f"{self.path}: already open in another Battlemat (process {holder})"
        self.lock_path.write_text(str(os.getpid()), encoding="utf-8")
        self._locked = True
        return ""

    def start(
        self,
        header: SaveHeader,
        records: Sequence[SavedRecord] = (),
        redo: Sequence[SavedRecord] = (),
    ) -> None:
        """Write a fresh journal: header, then the given history (used after a repair too)."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(self.path.name + ".tmp")
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(json.dumps(header.to_dict()) + "\n")
            for r in list(records) + list(reversed(list(redo))):
                f.write(json.dumps({"record": r.to_dict()}) + "\n")
            for _ in redo:
                f.write(json.dumps({"op": "undo"}) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.path)
        self._open()

    def _open(self) -> None:
        if self._f is None:
            self._f = open(self.path, "a", encoding="utf-8")

    def _write(self, entry: dict[str, Any]) -> None:
        self._open()
        self._f.write(json.dumps(entry) + "\n")
        self._f.flush()
        os.fsync(self._f.fileno())

    def record(self, rec: SavedRecord) -> None:
        """A command was played."""
        self._write({"record": rec.to_dict()})

    def undo(self) -> None:
        """The last command was undone."""
        self._write({"op": "undo"})

    def redo(self) -> None:
        """The last undone command was redone."""
        self._write({"op": "redo"})

    def close(self) -> None:
        """Close the file (everything is already on disk) and let go of the lock."""
        if self._f is not None:
            self._f.close()
            self._f = None
        if self._locked:
            self.lock_path.unlink(missing_ok=True)
            self._locked = False


def _alive(pid: int) -> bool:
    """True if a process with this id is running."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
