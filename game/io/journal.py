"""The autosave journal: one JSON line per change to the fight, each durable before it is shown.

A line is a header, a played command (``record``), ``undo``/``redo`` (with a count: undoing 1,000
commands is one line), the command a question paused on (``pending``, with the answers so far;
``null`` when none is), the dice mode (``dice``), the table screen's fog (``fog``), or a live
map reload (``map``: the fight goes on on the map with that sha256; ``map_files`` lines hold
each such map's text files, and the starting map's, so a record that names its map replays on
it; game/io/map_snapshot.py). Each line is one atomic step: a crash mid-line leaves a torn
last line that is not part of the fight (it was never acknowledged). Other helpers add line
kinds with ``register_op``.
Closing or crashing loses nothing.

Every file that replaces or rewrites a journal first keeps the old one with ``keep_copy`` under
a name never used before (``NAME.YYYYMMDD-HHMMSS-N.WHY.bak``), and the GM is told where.
Why plain files and not SQLite: see docs/ui.md ("What is kept where") and benchmarks/bench_store.py.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.io.errors import InputError
from game.io.map_snapshot import MapSnapshot
from game.io.saves import SavedRecord, SaveHeader, loads_strict

try:  # the OS holds the lock for the process and drops it when the process dies
    import fcntl
except ImportError:  # pragma: no cover - Windows: the owner file alone decides
    fcntl = None  # type: ignore[assignment]


def battlemat_home() -> Path:
    """$BATTLEMAT_HOME, else ~/.local/share/battlemat (journals/ and saves/ live there)."""
    return Path(os.environ.get("BATTLEMAT_HOME") or Path.home() / ".local" / "share" / "battlemat")


def journal_dir() -> Path:
    """Where journals live: $BATTLEMAT_HOME/journals (default ~/.local/share/battlemat)."""
    return battlemat_home() / "journals"


def journal_path_for(encounter: Path) -> Path:
    """The journal of one encounter file (by its absolute path, so two copies do not mix)."""
    p = Path(encounter).resolve()
    tag = hashlib.sha1(str(p).encode("utf-8")).hexdigest()[:10]
    return journal_dir() / f"{p.stem}-{tag}.jsonl"


def short_path(path: Path | str, width: int = 64) -> str:
    """A path as the window's status line names it: ``~`` for the home folder, and past
    ``width`` characters the middle folders elided; the file's own name is always whole.

    >>> short_path("/srv/games/battlemat/2026/autumn/journals/demo-3f2a.jsonl.20261201-1.open.bak")
    '/srv/…/journals/demo-3f2a.jsonl.20261201-1.open.bak'
    >>> short_path("/srv/games/demo.save.json")
    '/srv/games/demo.save.json'
    """
    p = Path(path)
    try:
        text = "~/" + str(p.relative_to(Path.home()))
    except ValueError:
        text = str(p)
    if len(text) <= width or len(p.parts) < 4:
        return text
    first = "~" if text.startswith("~/") else str(Path(*p.parts[:2]))
    return f"{first}/…/{p.parent.name}/{p.name}"


class JournalError(Exception):
    """A journal write failed (disk full, read-only, removed ...): one line, the fight unchanged."""

    def __init__(self, message: str, *, removed: bool = False) -> None:
        super().__init__(message)
        self.removed = removed  # the file is gone: the next write starts it afresh


def ensure_folder(folder: Path) -> None:
    """Make a folder for journals or saves; a path through a file is a one-line InputError."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InputError(str(folder), None, f"cannot make this folder: {_why(err)}") from None


def _why(err: OSError) -> str:
    return err.strerror or type(err).__name__


# -- reading --
@dataclass
class Pending:
    """The command a question paused on, with the answers given so far (rebuilt on reopening)."""

    command: dict[str, Any]
    answers: list[Any] = field(default_factory=list)


@dataclass
class JournalRead:
    """What a journal held: header, played records, redo stack, pending question, dice mode."""

    header: SaveHeader | None = None
    records: list[SavedRecord] = field(default_factory=list)
    redo: list[SavedRecord] = field(default_factory=list)  # top of the stack last
    pending: Pending | None = None
    manual: bool = False
    problem: str = ""  # one line, "file:line: what", when part was unreadable
    backup: Path | None = None
    good_lines: int = 0
    good_bytes: int = 0  # the length of the readable prefix
    extra: list[dict[str, Any]] = field(default_factory=list)  # lines of registered kinds
    #: every map the fight was played on after a reload, by sha256 (``map_files`` lines)
    maps: dict[str, MapSnapshot] = field(default_factory=dict)
    start_map: str = ""  # the sha256 of the map the fight started on, once a reload wrote it
    map_now: str = ""  # the map the fight stands on now ('' the starting one)

    def map_of(self, sha256: str) -> MapSnapshot | None:
        """The snapshot a record's or line's map names ('' the starting map, if kept)."""
        return self.maps.get(sha256 or self.start_map)


#: op name -> how a line of that kind changes what was read (``register_op`` adds kinds)
OPS: dict[str, Callable[[JournalRead, dict[str, Any]], None]] = {}


def register_op(name: str, apply: Callable[[JournalRead, dict[str, Any]], None]) -> None:
    """Teach the reader a new line kind ``{"op": name, ...}`` (a map reloaded ...)."""
    OPS[name] = apply


def _count(entry: dict[str, Any]) -> int:
    n = entry.get("n", 1)
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"'n' must be a whole number from 1, not {n!r}")
    return n


def _undo(out: JournalRead, entry: dict[str, Any]) -> None:
    for _ in range(_count(entry)):
        if not out.records:
            raise ValueError("undo with nothing to undo")
        out.redo.append(out.records.pop())
        out.map_now = out.redo[-1].map  # back to the state it was played from, on its map
    out.pending = None


def _redo(out: JournalRead, entry: dict[str, Any]) -> None:
    for _ in range(_count(entry)):
        if not out.redo:
            raise ValueError("redo with nothing to redo")
        out.records.append(out.redo.pop())
        out.map_now = out.records[-1].map


def _map_files(out: JournalRead, entry: dict[str, Any]) -> None:
    """A map's text files as they were (written once per map, before the first line naming it)."""
    snap = MapSnapshot.from_entry(entry)
    out.maps[snap.sha256] = snap
    if entry.get("start") is True:
        if out.start_map and out.start_map != snap.sha256:
            raise ValueError("a second starting map")
        out.start_map = snap.sha256


def _map(out: JournalRead, entry: dict[str, Any]) -> None:
    """The map was reloaded (saved in Tiled during the fight): the fight goes on on this one."""
    sha = entry.get("sha256")
    if not isinstance(sha, str) or (sha and sha not in out.maps):
        raise ValueError(f"a map line names a map the journal does not hold ({str(sha)[:16]!r})")
    out.map_now = "" if sha == out.start_map else sha


def _pending(out: JournalRead, entry: dict[str, Any]) -> None:
    cmd = entry.get("command")
    answers = entry.get("answers", [])
    if cmd is not None and not isinstance(cmd, dict):
        raise ValueError("'command' of a pending line must be an object or null")
    if not isinstance(answers, list):
        raise ValueError("'answers' of a pending line must be a list")
    out.pending = None if cmd is None else Pending(cmd, list(answers))


def _dice(out: JournalRead, entry: dict[str, Any]) -> None:
    manual = entry.get("manual")
    if not isinstance(manual, bool):
        raise ValueError("'manual' of a dice line must be true or false")
    out.manual = manual


#: The fog of war's modes (game/ui/players_see.py): off, painted by the GM, the players' sight
FOG_MODES = ("off", "manual", "sight")


def _fog(out: JournalRead, entry: dict[str, Any]) -> None:
    """The table screen's fog as the GM left it (the last fog line holds): its mode and the
    squares revealed, as runs ``[y, x0, x1]`` (x1 included). Kept in ``extra``."""
    if entry.get("mode") not in FOG_MODES:
        raise ValueError(f"'mode' of a fog line must be one of {', '.join(FOG_MODES)}")
    runs = entry.get("revealed", [])
    if not isinstance(runs, list) or not all(
        isinstance(r, list) and len(r) == 3 and all(type(v) is int and v >= 0 for v in r)
        for r in runs
    ):
        raise ValueError("'revealed' of a fog line must be a list of [y, x0, x1] runs")


register_op("undo", _undo)
register_op("redo", _redo)
register_op("pending", _pending)
register_op("dice", _dice)
register_op("fog", _fog)
register_op("map_files", _map_files)
register_op("map", _map)
CORE_OPS = ("undo", "redo", "pending", "dice", "map_files", "map")


_registered = False


def register_plugin_types() -> None:
    """Import every module of every ruleset plug-in so that all their event and command types
    decode (once a process).

    A fight played under another ruleset than its file names (OSR under SotDL) has events of
    that ruleset in its journal, and a plug-in may define events in modules its package does
    not import (SotDL's riding): all must be known before the first line is read.
    """
    global _registered
    if _registered:
        return
    import importlib
    import pkgutil

    import game.rulesets

    for mod in pkgutil.walk_packages(game.rulesets.__path__, "game.rulesets."):
        try:
            importlib.import_module(mod.name)
        except Exception:  # noqa: BLE001 - a broken plug-in: its records say they cannot be read
            continue
    _registered = True


def read_journal(path: Path) -> JournalRead:
    """Read a journal up to its first bad line (the caller keeps a copy before repairing it)."""
    out = JournalRead()
    path = Path(path)
    try:
        if not path.exists():
            return out
        if not path.is_file():
            out.problem = f"{path}: not a regular file"
            return out
        data = path.read_bytes()
    except OSError as err:
        out.problem = f"{path}: cannot read: {_why(err)}"
        return out
    register_plugin_types()
    pos = 0
    for i, raw in enumerate(data.split(b"\n"), start=1):
        end = pos + len(raw) + 1
        if raw.strip():
            if end > len(data):  # no newline: a line torn by a crash, never acknowledged
                out.problem = f"{path}:{i}: an unfinished last line (a crash while writing it)"
                break
            try:
                entry = loads_strict(raw)
                apply_line(out, entry)
            except InputError as err:
                out.problem = f"{path}:{i}: {err.what}"
                break
            except (ValueError, KeyError, TypeError, RecursionError) as err:
                what = str(err).splitlines()[0] if str(err) else type(err).__name__
                out.problem = f"{path}:{i}: {what}"
                break
        out.good_lines, out.good_bytes = i, min(end, len(data))
        pos = end
    return out


def apply_line(out: JournalRead, entry: Any) -> None:
    """Apply one journal line to what was read so far (ValueError when it makes no sense)."""
    if not isinstance(entry, dict):
        raise ValueError("a journal line must be an object")
    if "battlemat_save" in entry:
        if out.header is not None:
            raise ValueError("a second header")
        out.header = SaveHeader.from_dict(entry, "", "")
        return
    if out.header is None:
        raise ValueError("the journal does not start with a header")
    if "record" in entry:
        rec = SavedRecord.from_dict(entry["record"])
        if rec.map and rec.map not in out.maps:
            raise ValueError(f"the record names a map the journal does not hold ({rec.map[:16]})")
        rec.map = "" if rec.map == out.start_map else rec.map
        out.records.append(rec)
        out.redo.clear()
        out.pending = None  # the answered question and its command are one line
        out.map_now = rec.map
    elif "batch" in entry:  # several changes that must happen together
        if not isinstance(entry["batch"], list):
            raise ValueError("'batch' must be a list")
        for sub in entry["batch"]:
            apply_line(out, sub)
    elif entry.get("op") in OPS:
        OPS[entry["op"]](out, entry)
        if entry["op"] not in CORE_OPS:
            out.extra.append(entry)
    else:
        raise ValueError(f"unknown journal line {str(entry.get('op', ''))[:40]!r}")


# -- keeping copies --
def keep_copy(path: Path, why: str) -> Path | None:
    """Copy a journal aside under a name never used before; None when there is nothing to keep.

    The name is the time and a counter (``j.jsonl.20261201-231500-2.restart.bak``), created with
    O_EXCL so that two copies in one second never overwrite each other.
    """
    if not path.is_file():
        return None
    data = path.read_bytes()
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 1
    while True:
        dest = path.with_name(f"{path.name}.{stamp}-{n}.{why}.bak")
        try:
            fd = os.open(dest, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            n += 1
            continue
        try:
            _write_all(fd, data)
            os.fsync(fd)
        except OSError as err:
            os.close(fd)
            dest.unlink(missing_ok=True)
            raise JournalError(
                f"{short_path(dest)}: cannot keep a copy of the journal: {_why(err)}"
            ) from None
        os.close(fd)
        _fsync_dir(dest.parent)
        return dest


def write_atomic(path: Path, data: bytes) -> None:
    """Replace a file's content durably: a temporary beside it, fsynced, renamed over it, the
    folder fsynced; a crash leaves the old file or the new one, whole. Raises JournalError."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        raise JournalError(f"{short_path(path)}: cannot write the journal: {_why(err)}") from None
    _fsync_dir(path.parent)


def kept_copies(path: Path) -> list[Path]:
    """The copies ``keep_copy`` made of this journal, oldest first."""
    return sorted(path.parent.glob(f"{path.name}.*.bak"), key=lambda p: p.stat().st_mtime_ns)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        if n <= 0:
            raise OSError(errno.EIO, "nothing written")
        view = view[n:]


def sync_data(fd: int) -> None:
    """Make an appended line durable: ``fdatasync`` flushes its bytes and the file's new length
    and leaves out only the times, which nothing reads back; ``fsync`` where there is none."""
    fdatasync = getattr(os, "fdatasync", None)
    (fdatasync or os.fsync)(fd)


def _fsync_dir(folder: Path) -> None:
    """Make a rename or a new file in this folder durable (POSIX needs the folder synced)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- the lock --
def _process_start(pid: int) -> str:
    """A process's start time in clock ticks since boot (Linux), so a reused PID is told apart."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="utf-8")
        return stat.rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return ""


def _boot_id() -> str:
    try:
        return Path("/proc/sys/kernel/random/boot_id").read_text(encoding="utf-8").strip()
    except OSError:
        return ""


def owner_alive(owner: dict[str, Any]) -> bool:
    """True if the process an owner record names is this very process still (not a reused PID)."""
    pid = owner.get("pid")
    if not isinstance(pid, int) or pid <= 0:
        return False
    if owner.get("boot") and owner.get("boot") != _boot_id():
        return False  # written before the machine restarted
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    start = owner.get("start")
    return not start or start == _process_start(pid)


class JournalLock:
    """Who writes a journal: an OS lock on NAME.lock (dropped when the process dies), and the
    owner's PID, start time and boot id in it (read for the message, and where there is no
    OS lock)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._fd: int | None = None

    def acquire(self) -> str:
        """'' when taken, else one line saying which Battlemat holds it."""
        ensure_folder(self.path.parent)
        while True:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
            if fcntl is not None:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    os.close(fd)
                    return self._held_by()
                try:  # the holder before us may have removed the file we locked: lock afresh
                    if os.fstat(fd).st_ino != os.stat(self.path).st_ino:
                        os.close(fd)
                        continue
                except FileNotFoundError:
                    os.close(fd)
                    continue
            elif owner_alive(self._owner()):  # pragma: no cover - no OS lock on this system
                os.close(fd)
                return self._held_by()
            break
        me = {"pid": os.getpid(), "start": _process_start(os.getpid()), "boot": _boot_id()}
        os.ftruncate(fd, 0)
        os.write(fd, json.dumps(me).encode("utf-8"))
        self._fd = fd
        return ""

    def _owner(self) -> dict[str, Any]:
        try:
            text = self.path.read_text(encoding="utf-8").strip()
            owner = json.loads(text) if text.startswith("{") else {"pid": int(text or 0)}
        except (OSError, ValueError):
            return {}
        return owner if isinstance(owner, dict) else {}

    def _held_by(self) -> str:
        pid = self._owner().get("pid")
        who = f" (process {pid})" if isinstance(pid, int) else ""
        return f"{self.path.with_suffix('')}: already open in another Battlemat{who}"

    @property
    def held(self) -> bool:
        """True while this object holds the lock."""
        return self._fd is not None

    def release(self) -> None:
        """Let go (the file is removed while still locked, so no one locks a stale one)."""
        if self._fd is None:
            return
        self.path.unlink(missing_ok=True)
        os.close(self._fd)
        self._fd = None


# -- writing --
def encode_line(entry: dict[str, Any]) -> bytes:
    """One journal line (no NaN or infinity: the journal stays JSON)."""
    return (json.dumps(entry, allow_nan=False, separators=(",", ":")) + "\n").encode("utf-8")


def record_entry(rec: SavedRecord) -> dict[str, Any]:
    """The line of a played command."""
    return {"record": rec.to_dict()}


def pending_entry(command: Any | None, answers: Sequence[Any] = ()) -> dict[str, Any]:
    """The line of the command a question paused on (None: no question is pending any more)."""
    from game.rules.engine import encode

    cmd = None if command is None else command.to_dict()
    return {"op": "pending", "command": cmd, "answers": encode(list(answers))}


class Journal:
    """Appends to one journal file; every write is on disk (fsynced) before it returns.

    A write that fails is cut off again (no torn line stays behind) and raises JournalError
    with one line; the caller then leaves the fight as it was before the command.
    """

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._fd: int | None = None
        self._size = 0  # bytes known good: a failed write is truncated back to here
        self.lock = JournalLock(self.path.with_name(self.path.name + ".lock"))

    @property
    def lock_path(self) -> Path:
        """The file saying which process writes this journal."""
        return self.lock.path

    def acquire(self) -> str:
        """Take the journal for this process; '' if done, else who holds it (then do not write).

        Two windows on one encounter would interleave their commands; a lock left by a crash is
        free (the OS dropped it with the process), whatever PID its file names.
        """
        return self.lock.acquire()

    def start(
        self,
        header: SaveHeader,
        records: Sequence[SavedRecord] = (),
        redo: Sequence[SavedRecord] = (),
        tail: Sequence[dict[str, Any]] = (),
        maps: Sequence[dict[str, Any]] = (),
    ) -> None:
        """Write a fresh journal atomically: header, the maps the records were played on
        (``map_files`` lines), the history, the redo stack, then ``tail`` (the pending
        question, the dice mode, the map now). Raises JournalError, the old file untouched."""
        ensure_folder(self.path.parent)
        parts = [encode_line(header.to_dict())] + [encode_line(e) for e in maps]
        parts += [encode_line(record_entry(r)) for r in list(records) + list(reversed(redo))]
        if redo:
            parts.append(encode_line({"op": "undo", "n": len(redo)}))
        parts += [encode_line(e) for e in tail]
        data = b"".join(parts)
        write_atomic(self.path, data)
        self._close_fd()
        self._size = len(data)

    def adopt(self, good_bytes: int) -> None:
        """Append after the first ``good_bytes`` of the file as it is (read back at start)."""
        self._close_fd()
        self._size = good_bytes

    def _open(self) -> int:
        if self._fd is None:  # created only by start(): a journal that vanished is not remade
            self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND)
        return self._fd

    def append(self, entries: Sequence[dict[str, Any]]) -> None:
        """Write entries as one atomic line (a batch when several), durable before returning."""
        if not entries:
            return
        entry = entries[0] if len(entries) == 1 else {"batch": list(entries)}
        data = encode_line(entry)
        try:
            fd = self._open()
            st = os.fstat(fd)
            if st.st_nlink == 0:
                raise OSError(errno.ENOENT, "the journal file was removed")
            if st.st_size != self._size:  # a torn line left by an earlier failed write
                os.ftruncate(fd, self._size)
            _write_all(fd, data)
            sync_data(fd)
        except OSError as err:
            self._cut_back()
            gone = err.errno == errno.ENOENT
            why = "the journal file was removed" if gone else _why(err)
            then = {
                errno.ENOENT: "; the next command writes the journal afresh",
                errno.ENOSPC: "; free some space there and play it again",
                errno.EDQUOT: "; free some space there and play it again",
            }.get(err.errno or 0, "")
            raise JournalError(
                f"{short_path(self.path)}: not saved ({why}): the fight is as it was before{then}",
                removed=gone,
            ) from None
        self._size += len(data)

    def _cut_back(self) -> None:
        """Remove what a failed write left behind (the next write retries this too)."""
        try:
            if self._fd is not None:
                os.ftruncate(self._fd, self._size)
                os.fsync(self._fd)
        except OSError:
            pass
        self._close_fd()

    def record(self, rec: SavedRecord) -> None:
        """A command was played."""
        self.append([record_entry(rec)])

    def undo(self, n: int = 1) -> None:
        """The last ``n`` commands were undone (one line)."""
        self.append([{"op": "undo", "n": n}])

    def redo(self, n: int = 1) -> None:
        """The last ``n`` undone commands were redone (one line)."""
        self.append([{"op": "redo", "n": n}])

    def _close_fd(self) -> None:
        if self._fd is not None:
            try:
                os.close(self._fd)
            except OSError:
                pass
            self._fd = None

    def close(self) -> None:
        """Close the file (everything is already on disk) and let go of the lock."""
        self._close_fd()
        self.lock.release()
