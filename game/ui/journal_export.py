"""`battlemat export` and `battlemat run FIGHT.jsonl`: a fight's journal as plain JSON Lines.

The export is the header, then one ``{"record": ...}`` line per command played (undone ones
left out, the unfinished question too): itself a journal, so the window and `battlemat run`
read it, and two exports diff line by line. `run` replays it on its encounter through the
engine's redo, as the window does, and prints every event as JSON Lines.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO

from game.io.errors import InputError
from game.io.journal import JournalRead, encode_line, journal_path_for, read_journal, record_entry


def _journal_of(target: Path) -> Path:
    """A journal named directly, else the journal of the encounter or map named."""
    if target.suffix.lower() in (".jsonl", ".bak") or target.name.endswith(".jsonl.bak"):
        return target
    return journal_path_for(target)


def _read(path: Path) -> JournalRead:
    read = read_journal(path)
    if read.header is None:
        raise InputError(str(path), None, read.problem or "no journal here (nothing was played)")
    return read


def export_journal(target: Path, out: IO[str], err: IO[str] = sys.stderr) -> int:
    """Print a fight's event log (exit 1, after the good part, when the journal is damaged)."""
    path = _journal_of(Path(target))
    read = _read(path)
    assert read.header is not None
    out.write(encode_line(read.header.to_dict()).decode("utf-8"))
    for r in read.records:
        out.write(encode_line(record_entry(r)).decode("utf-8"))
    if read.problem:
        print(f"error: {read.problem} (exported the {len(read.records)} commands before it)",
              file=err)
        return 1
    return 0


def run_journal(path: Path, out: IO[str], err: IO[str] = sys.stderr) -> int:
    """Replay an exported (or live) journal on its encounter; print its events as JSON Lines."""
    from game.ui.loading import open_target
    from game.ui.session_setup import build_engine
    from game.ui.session_store import to_record

    read = _read(Path(path))
    head = read.header
    assert head is not None
    opened = open_target(Path(head.encounter))
    eng = build_engine(opened, seed=head.seed, ruleset=head.ruleset or None)
    if eng is None or (head.ruleset and eng.ruleset.id != head.ruleset):
        raise InputError(str(path), "header", f"no {head.ruleset or 'ruleset'} plug-in installed")
    for i, r in enumerate(read.records, start=1):
        eng.redo_stack[:] = [to_record(r, eng.state)]
        try:
            eng.redo()
        except Exception as e:  # noqa: BLE001 - a record made for another encounter or map
            print(f"error: {path}:record {i}: no longer applies ({type(e).__name__}: {e})",
                  file=err)
            return 1
        for ev in r.events:
            out.write(json.dumps(ev.to_dict()) + "\n")
    if read.problem:
        print(f"error: {read.problem}", file=err)
        return 1
    return 0
