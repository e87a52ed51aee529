"""The journal as the GM meets it: one command committed, and 1,000 commands undone (issues 12, 14).

Through the real session on the bundled demo encounter (SotDL), its journal on the disk the
journals live on (``--dir``, default a temporary folder). Each command's commit
(``Session.submit``: the engine works it out, the journal line is written and made durable,
only then is it shown) is timed, and interleaved with it, on the same disk at the same moments,
the same bytes are written by hand:

- bare ``write`` + ``fsync`` (the disk's floor: no durable commit can beat it; the ratio
  ours / floor is the number that means the same on a laptop SSD as on this shared disk),
- bare ``write`` + ``fdatasync`` (what the journal uses), and
- SQLite in WAL mode, synchronous=FULL, one transaction per command (the store issue 14
  proposed instead).

Reported per pass and over passes: min, p50 and p99 in ms, and ours / floor at p50 and at min.
Then where a commit's time goes (engine, checkpoint, serialising, write, sync), the commit with
10,000 commands already in the history (``--long``), and 1,000 commands undone: as one journal
line (``Session.undo(1000)``), through the window's "undo to here" (one click on a log line), and
as 1,000 separate Ctrl+Z (a durable line each).
Targets: a commit < 2 ms; 1,000 undos < 0.5 s.
Run: ``python3 benchmarks/bench_store.py [--commits 300] [--passes 3] [--long 10000] [--dir PATH]``.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import game.io.journal as journal  # noqa: E402
from game.rules.engine import GMNote  # noqa: E402
from game.ui import session_store  # noqa: E402
from game.ui.session import Session  # noqa: E402

DEMO = Path(__file__).resolve().parent.parent / "config" / "encounters" / "demo.yaml"
Stats = tuple[float, float, float]


def stats(ts: list[float]) -> Stats:
    """(min, p50, p99) in milliseconds."""
    ts = sorted(ts)
    return ts[0] * 1e3, statistics.median(ts) * 1e3, ts[min(len(ts) - 1, int(len(ts) * 0.99))] * 1e3


def fmt(s: Stats) -> str:
    return f"min {s[0]:.3f}  p50 {s[1]:.3f}  p99 {s[2]:.3f} ms"


class Refs:
    """The same bytes written by hand on the same disk: the floor and the alternatives."""

    def __init__(self, folder: Path) -> None:
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
        self.fd = os.open(folder / "floor.jsonl", flags, 0o644)
        self.fd2 = os.open(folder / "datasync.jsonl", flags, 0o644)
        self.db = sqlite3.connect(folder / "ref.sqlite", isolation_level=None)
        self.db.execute("pragma journal_mode=wal")
        self.db.execute("pragma synchronous=FULL")
        self.db.execute("create table log(n integer primary key, kind text, body text)")
        self.db.execute("create table pending(id integer primary key, body text)")
        self.floor: list[float] = []
        self.datasync: list[float] = []
        self.sqlite: list[float] = []

    def write(self, line: bytes) -> None:
        t = time.perf_counter()
        os.write(self.fd, line)
        os.fsync(self.fd)
        self.floor.append(time.perf_counter() - t)
        t = time.perf_counter()
        os.write(self.fd2, line)
        getattr(os, "fdatasync", os.fsync)(self.fd2)
        self.datasync.append(time.perf_counter() - t)
        t = time.perf_counter()
        self.db.execute("begin immediate")
        self.db.execute("insert into log(kind, body) values ('record', ?)", (line.decode(),))
        self.db.execute("delete from pending")
        self.db.execute("commit")
        self.sqlite.append(time.perf_counter() - t)

    def close(self) -> None:
        os.close(self.fd)
        os.close(self.fd2)
        self.db.close()


def _timed(parts: dict[str, list[float]], name: str, fn: Callable[..., Any]) -> Callable[..., Any]:
    def call(*a: Any, **kw: Any) -> Any:
        t = time.perf_counter()
        try:
            return fn(*a, **kw)
        finally:
            parts.setdefault(name, []).append(time.perf_counter() - t)

    return call


def _restore(obj: object, name: str, real: Callable[..., Any]) -> Callable[[], None]:
    return lambda: setattr(obj, name, real)


def bench_commits(
    folder: Path, n: int, *, prefill: int = 0, parts: dict[str, list[float]] | None = None
) -> tuple[list[float], Refs | None]:
    """``n`` session commits (after ``prefill`` commands played into the engine); with
    ``parts``, each part of the commit is timed instead of the references being written."""
    folder.mkdir()
    path = folder / "bench.jsonl"
    s = Session.open(DEMO, journal_path=path)
    eng = s.engine
    assert eng is not None
    for i in range(prefill):  # a long evening's history (only its length matters here)
        eng.submit(GMNote(f"earlier {i}"))
    refs = Refs(folder) if parts is None else None
    undo: list[Callable[[], None]] = []
    if parts is not None:  # wrap each part of the commit in a timer (instance or module level)
        for obj, name, label in (
            (eng, "submit", "engine works the command out"),
            (eng, "checkpoint", "checkpoint (for a rollback)"),
            (session_store, "record_entry", "record -> dict"),
            (journal, "encode_line", "dict -> JSON line"),
            (journal, "_write_all", "write"),
            (journal, "sync_data", "fdatasync"),
        ):
            real = getattr(obj, name)
            setattr(obj, name, _timed(parts, label, real))
            undo.append(_restore(obj, name, real))
    ours: list[float] = []
    size = path.stat().st_size
    try:
        for i in range(n):
            t = time.perf_counter()
            assert s.submit(GMNote(f"note {i}")) == ""
            ours.append(time.perf_counter() - t)
            if refs is not None:
                with open(path, "rb") as f:  # the very bytes the journal got
                    f.seek(size)
                    line = f.read()
                size += len(line)
                refs.write(line)
    finally:
        for fn in undo:
            fn()
        s.close()
        if refs is not None:
            refs.close()
    return ours, refs


def bench_undo(folder: Path, n: int, how: str) -> float:
    """Undo ``n`` commands: ``one`` line, the window's ``log`` gesture, or ``each`` separately."""
    j = folder / f"undo-{how}.jsonl"
    s = Session.open(DEMO, journal_path=j)
    app = None
    try:
        for i in range(n):
            s.submit(GMNote(f"note {i}"))
        if how == "log":
            from game.ui.app import App

            app = App(s, size=(1400, 860))
            app.update(0.0)
        t = time.perf_counter()
        if how == "one":
            assert s.undo(n) == f"Undone {n} commands"
        elif how == "log":
            assert app is not None
            from game.ui import undo_many

            first = undo_many.record_of_line(s.fight, 0)
            assert undo_many.undo_from(app, first or 0).startswith(f"Undone {n} commands")
        else:
            for _ in range(n):
                assert s.undo() == "Undone"
        dt = time.perf_counter() - t
        assert s.engine is not None and not s.engine.history
    finally:
        s.close()
    j.unlink()
    return dt


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--commits", type=int, default=300)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--long", type=int, default=10000, help="history length of the long row")
    ap.add_argument("--dir", type=Path, default=None, help="where journals go (their disk)")
    args = ap.parse_args()
    per_pass: list[tuple[Stats, Stats, Stats, Stats]] = []
    parts: dict[str, list[float]] = {}
    part_total: list[float] = []
    long_ours: list[float] = []
    long_parts: dict[str, list[float]] = {}
    undos: dict[str, list[float]] = {"one": [], "log": [], "each": []}
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        for p in range(args.passes):
            ours, refs = bench_commits(folder / f"p{p}", args.commits)
            assert refs is not None
            per_pass.append((stats(ours), stats(refs.floor), stats(refs.datasync),
                             stats(refs.sqlite)))
            part_total += bench_commits(folder / f"parts{p}", args.commits, parts=parts)[0]
            long_ours += bench_commits(
                folder / f"long{p}", args.commits // 3, prefill=args.long, parts=long_parts
            )[0]
            for how in undos:
                undos[how].append(bench_undo(folder, 1000, how))

    print(f"commit a command ({args.commits} commits x {args.passes} passes; the floor is a "
          "bare write+fsync of the same bytes at the same moments):")
    for i, (o, f, _, _) in enumerate(per_pass, 1):
        print(f"  pass {i}: ours {fmt(o)} | floor {fmt(f)} | ours/floor p50 {o[1] / f[1]:.2f}x "
              f"min {o[0] / f[0]:.2f}x")
    best = [min(pp[k][j] for pp in per_pass) for k in range(4) for j in range(3)]
    ratios = sorted(pp[0][1] / pp[1][1] for pp in per_pass)
    print(f"  over passes (each the best pass's): ours min {best[0]:.3f} p50 {best[1]:.3f} "
          f"p99 {best[2]:.3f} ms; floor min {best[3]:.3f} p50 {best[4]:.3f} p99 {best[5]:.3f} ms; "
          f"ours/floor p50 {ratios[0]:.2f}-{ratios[-1]:.2f}x")
    print(f"  reference write+fdatasync: min {best[6]:.3f} p50 {best[7]:.3f} p99 {best[8]:.3f} ms;"
          f" SQLite WAL FULL: min {best[9]:.3f} p50 {best[10]:.3f} p99 {best[11]:.3f} ms")

    def breakdown(title: str, total: list[float], parts: dict[str, list[float]]) -> None:
        t50 = statistics.median(total) * 1e6
        print(f"{title} (p50 per commit, us; total p50 {t50:.0f} us):")
        named = 0.0
        for name, ts in parts.items():
            # the engine's submit includes nothing of ours; the others are ours
            v = statistics.median(ts) * 1e6 * (len(ts) / len(total))
            named += v
            print(f"  {name:32s} {v:8.1f}")
        print(f"  {'the rest (session, fstat, locks)':32s} {max(0.0, t50 - named):8.1f}")

    breakdown("where a commit's time goes", part_total, parts)
    breakdown(f"with {args.long} commands already in the history", long_ours, long_parts)
    for how, label in (("one", "Session.undo(1000), one line"),
                       ("log", "window: 'undo to here' on the first log line"),
                       ("each", "1,000 separate Ctrl+Z, a line each")):
        ts = undos[how]
        print(f"undo 1,000 commands, {label}: min {min(ts) * 1e3:.1f} ms "
              f"p50 {statistics.median(ts) * 1e3:.1f} ms over {len(ts)} passes")
    ok_commit = best[1] < 2.0
    ok_undo = max(min(undos["one"]), min(undos["log"])) < 0.5
    print(f"summary: commit p50 < 2 ms {'MET' if ok_commit else 'MISSED'} ({best[1]:.2f} ms, "
          f"{ratios[0]:.2f}-{ratios[-1]:.2f}x the disk's floor, whose p50 is {best[4]:.2f} ms); "
          f"1,000 undos < 0.5 s {'MET' if ok_undo else 'MISSED'} (one line "
          f"{min(undos['one']) * 1e3:.0f} ms, from the window {min(undos['log']) * 1e3:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
