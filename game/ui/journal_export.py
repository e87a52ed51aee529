"""`battlemat export` and `battlemat run FIGHT.jsonl`: a fight's journal as plain JSON Lines.

The export is the header, the files of every map the fight was played on after a live reload
(``map_files``), then one ``{"record": ...}`` line per command played, each naming its map
(undone ones left out, the unfinished question too; a ``map`` line when the fight stands on
another map than its last command's): itself a journal, so the window and `battlemat run`
read it, and two exports diff line by line. `run` plays every command again through the
rules, with the answers and dice it recorded, checks that the rules give the events the journal
recorded (a journal edited by hand, or rules changed since, stop at their first such record),
and prints every event as JSON Lines.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import IO, Any

from game.io.errors import InputError
from game.io.journal import JournalRead, encode_line, journal_path_for, read_journal, record_entry
from game.io.saves import SavedRecord, file_sha256
from game.rules.engine import CommandRecord, DieRoll, Engine, Event, SeededDice


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


def map_files_lines(read: JournalRead) -> list[dict[str, Any]]:
    """The ``map_files`` lines of the maps the played records and the fight now stand on
    (the starting map's first), as the export needs them before the records naming them."""
    named = {r.map for r in read.records} | {read.map_now}
    if named == {""}:
        return []
    order = [read.start_map] + [sha for sha in read.maps if sha in named and sha != read.start_map]
    out = []
    for sha in order:
        if sha in read.maps:
            entry: dict[str, Any] = {"op": "map_files", **read.maps[sha].to_entry()}
            if sha == read.start_map:
                entry["start"] = True
            out.append(entry)
    return out


def export_journal(target: Path, out: IO[str], err: IO[str] | None = None) -> int:
    """Print a fight's event log (exit 1, after the good part, when the journal is damaged)."""
    err = err or sys.stderr
    path = _journal_of(Path(target))
    read = _read(path)
    assert read.header is not None
    out.write(encode_line(read.header.to_dict()).decode("utf-8"))
    for entry in map_files_lines(read):
        out.write(encode_line(entry).decode("utf-8"))
    for r in read.records:
        out.write(encode_line(record_entry(r)).decode("utf-8"))
    if read.map_now != (read.records[-1].map if read.records else ""):
        out.write(encode_line({"op": "map", "sha256": read.map_now or read.start_map}).decode())
    if read.problem:
        print(f"error: {read.problem} (exported the {len(read.records)} commands before it)",
              file=err)
        return 1
    return 0


def run_journal(path: Path, out: IO[str], err: IO[str] | None = None) -> int:
    """Re-resolve a journal's commands on its encounter, each with its recorded answers and
    dice, check that the rules give the events recorded, and print them as JSON Lines; at the
    first record that differs (or that the rules refuse now), one line and exit 1."""
    err = err or sys.stderr
    from game.ui.fight_maps import FightMaps
    from game.ui.loading import open_target
    from game.ui.session_setup import build_engine

    read = _read(Path(path))
    head = read.header
    assert head is not None
    opened = open_target(Path(head.encounter))
    book = FightMaps.of(opened)
    book.snapshots.update(read.maps)
    if read.start_map:  # the map was reloaded in the fight: it began on the journal's copy
        opened = dataclasses.replace(opened, battlefield=book.battlefield(read.start_map))
    eng = build_engine(opened, seed=head.seed, ruleset=head.ruleset or None)
    if eng is None or (head.ruleset and eng.ruleset.id != head.ruleset):
        raise InputError(str(path), "header", f"no {head.ruleset or 'ruleset'} plug-in installed")
    eng.dice = SeededDice(head.seed)  # typed dice come from each record, the rest from the seed
    map_now = opened.map_path or opened.path
    moved = head.map_sha256 and map_now.is_file() and file_sha256(map_now) != head.map_sha256
    moved = moved and not read.start_map  # reloaded maps are replayed from the journal's copy
    why_maybe = f" (the map {map_now} changed since this fight was played)" if moved else ""
    for i, r in enumerate(read.records, start=1):
        try:
            bf = book.battlefield(r.map) if r.map else eng.initial.battlefield
        except (InputError, KeyError) as e:
            print(f"error: {path}:record {i}: its map no longer loads ({e})", file=err)
            return 1
        if bf is not eng.state.battlefield:  # played after a live reload: on that map
            eng.change_battlefield(bf)
        wrong = _rerun(eng, r)
        if wrong:
            name = type(r.command).__name__
            print(f"error: {path}:record {i}: {name}: {wrong}{why_maybe}", file=err)
            return 1
        for ev in r.events:
            out.write(json.dumps(ev.to_dict()) + "\n")
    if read.problem:
        print(f"error: {read.problem}", file=err)
        return 1
    return 0


def _rerun(eng: Engine, r: SavedRecord) -> str:
    """Play one record again through the rules: '' when it gives the events recorded, else
    what differs (the engine is then left where it stopped)."""
    rec = CommandRecord(r.command, eng.state, list(r.answers), list(r.typed),
                        typed_gates=typed_gates(r))
    try:
        done = eng.rerun(rec)
    except Exception as e:  # noqa: BLE001 - a record made for another encounter or map
        return f"the rules cannot play it here ({type(e).__name__}: {e})"
    if not done.ok:
        return "the rules refuse it now: " + "; ".join(v.reason for v in done.violations)
    if done.pending is not None:
        eng.cancel()
        return f"the rules now ask {done.pending.prompt!r}, which the record does not answer"
    want = [e.to_dict() for e in r.events]
    got = [e.to_dict() for e in done.events]
    return "" if got == want else "re-resolved, " + event_difference(want, got)


def event_difference(want: list[dict[str, Any]], got: list[dict[str, Any]]) -> str:
    """The first difference between recorded and re-resolved events, in one short line."""
    for j, (a, b) in enumerate(zip(want, got, strict=False), start=1):
        if a != b:
            if a.get("type") != b.get("type"):
                return f"event {j} is {b.get('type')}, the record has {a.get('type')}"
            keys = [k for k in a.keys() | b.keys() if a.get(k) != b.get(k)]
            what = "; ".join(
                f"{k}: recorded {_short(a.get(k))}, the rules give {_short(b.get(k))}"
                for k in sorted(keys)
            )
            return f"event {j} ({a.get('type')}) differs: {what}"
    extra = got[len(want):] or want[len(got):]
    where = "the rules give" if len(got) > len(want) else "the record has"
    return (f"{where} {abs(len(got) - len(want))} more event(s) "
            f"(first: {extra[0].get('type')}; recorded {len(want)}, re-resolved {len(got)})")


def _short(value: Any) -> str:
    text = json.dumps(value, separators=(",", ":"))
    return text if len(text) <= 80 else text[:77] + "..."


def typed_gates(r: SavedRecord) -> list[int]:
    """Where among the command's dice each typed die was used (its events mark typed dice),
    so that re-running uses it at the same roll as in play; [] when the events do not say."""
    rolls = [d for ev in r.events for d in _dice_of(ev)]
    at = [i for i, d in enumerate(rolls) if d.typed]
    return at if len(at) == len(r.typed) else []


def _dice_of(ev: Event) -> list[DieRoll]:
    out: list[DieRoll] = []
    for f in dataclasses.fields(ev):
        v = getattr(ev, f.name)
        if isinstance(v, DieRoll):
            out.append(v)
        elif isinstance(v, tuple):
            out += [d for d in v if isinstance(d, DieRoll)]
    return out
