"""The journal as the GM meets it: one command committed, and 1,000 commands undone (issues 12, 14).

Through the real session on the bundled demo encounter (SotDL), its journal on the disk the
journals live on (``--dir``, default a temporary folder). Reported per item as min over passes,
p50 and p99, with two references measured in the same run on the same disk:

- one JSON line appended and fsynced by hand (the floor for a durable commit), and
- the store the issue proposed instead: SQLite in WAL mode, synchronous=FULL, one transaction
  per command holding the command and what is pending.

Targets: a commit per command < 2 ms; 1,000 undos < 0.5 s with durability kept (one journal
line, fsynced, for the whole undo: ``Session.undo(1000)``). The GM's 1,000 separate Ctrl+Z
presses (one durable line each) are printed too.
Run: ``python3 benchmarks/bench_store.py [--commits 300] [--passes 3] [--dir PATH]``.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from game.rules.engine import GMNote  # noqa: E402
from game.ui.session import Session  # noqa: E402

DEMO = Path(__file__).resolve().parent.parent / "config" / "encounters" / "demo.yaml"


def stats(ts: list[float]) -> tuple[float, float, float]:
    """(min, p50, p99) in milliseconds."""
    ts = sorted(ts)
    return ts[0] * 1e3, statistics.median(ts) * 1e3, ts[min(len(ts) - 1, int(len(ts) * 0.99))] * 1e3


def bench_commits(folder: Path, n: int) -> tuple[list[float], list[float], list[float]]:
    """Session commits, and the two references, interleaved command by command (the disk's
    speed drifts on a shared machine: each reference is measured at the same moments)."""
    s = Session.open(DEMO, journal_path=folder / "bench.jsonl")
    fd = os.open(folder / "ref.jsonl", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    c = sqlite3.connect(folder / "ref.sqlite", isolation_level=None)
    c.execute("pragma journal_mode=wal")
    c.execute("pragma synchronous=FULL")
    c.execute("create table log(n integer primary key, kind text, body text)")
    c.execute("create table pending(id integer primary key, body text)")
    ours, ref, lite = [], [], []
    try:
        for i in range(n):
            t = time.perf_counter()
            assert s.submit(GMNote(f"note {i}")) == ""
            ours.append(time.perf_counter() - t)
            line = (folder / "bench.jsonl").read_bytes().splitlines()[-1] + b"\n"
            t = time.perf_counter()
            os.write(fd, line)
            os.fsync(fd)
            ref.append(time.perf_counter() - t)
            t = time.perf_counter()
            c.execute("begin immediate")
            c.execute("insert into log(kind, body) values ('record', ?)", (line.decode(),))
            c.execute("delete from pending")
            c.execute("commit")
            lite.append(time.perf_counter() - t)
    finally:
        s.close()
        os.close(fd)
        c.close()
    return ours, ref, lite


def bench_undo(folder: Path, n: int, one_line: bool) -> float:
    j = folder / f"undo-{one_line}.jsonl"
    s = Session.open(DEMO, journal_path=j)
    try:
        for i in range(n):
            s.submit(GMNote(f"note {i}"))
        t = time.perf_counter()
        if one_line:
            assert s.undo(n) == f"Undone {n} commands"
        else:
            for _ in range(n):
                assert s.undo() == "Undone"
        dt = time.perf_counter() - t
        assert not s.engine.history
    finally:
        s.close()
    j.unlink()
    return dt


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--commits", type=int, default=300)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--dir", type=Path, default=None, help="where journals go (their disk)")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        folder = Path(tmp)
        ours: list[float] = []
        ref: list[float] = []
        lite: list[float] = []
        undo_one: list[float] = []
        undo_each: list[float] = []
        for p in range(args.passes):
            (folder / f"p{p}").mkdir()
            a, b, c = bench_commits(folder / f"p{p}", args.commits)
            ours, ref, lite = ours + a, ref + b, lite + c
            undo_one.append(bench_undo(folder, 1000, True))
            undo_each.append(bench_undo(folder, 1000, False))
    o, r, s = stats(ours), stats(ref), stats(lite)
    print(f"commit a command (session + journal): min {o[0]:.3f} ms  p50 {o[1]:.3f}  "
          f"p99 {o[2]:.3f}")
    print(f"  reference, one line append+fsync:   min {r[0]:.3f} ms  p50 {r[1]:.3f}  p99 {r[2]:.3f}"
          f"  (ours/ref p50 {o[1] / r[1]:.2f}x)")
    print(f"  reference, SQLite WAL FULL commit:  min {s[0]:.3f} ms  p50 {s[1]:.3f}  p99 {s[2]:.3f}"
          f"  (ours/sqlite p50 {o[1] / s[1]:.2f}x)")
    print(f"undo 1,000 commands, one line:  min {min(undo_one) * 1e3:.1f} ms "
          f"p50 {statistics.median(undo_one) * 1e3:.1f} ms over {len(undo_one)} passes")
    print(f"undo 1,000 commands, 1,000 Ctrl+Z (a line each): min {min(undo_each):.2f} s "
          f"p50 {statistics.median(undo_each):.2f} s")
    ok_commit = o[1] < 2.0
    ok_undo = min(undo_one) < 0.5
    print(f"summary: commit p50 < 2 ms {'MET' if ok_commit else 'MISSED'} ({o[1]:.2f} ms; the "
          f"fsync floor on this disk is p50 {r[1]:.2f} ms); 1,000 undos < 0.5 s "
          f"{'MET' if ok_undo else 'MISSED'} ({min(undo_one) * 1e3:.0f} ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
