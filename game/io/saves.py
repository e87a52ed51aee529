"""Saved encounters: the definitions' ids, the map's hash, the seed and the event log.

A save is JSON: a header naming what the fight was played on, then one entry per command
(the command, the answers and typed dice it needed, and the events it made, each naming the
map it was played on when the map was reloaded during the fight), and a copy of every map the
fight stood on (game/io/map_snapshot.py), so a save reopens on the maps it was played on however
the files on disk changed since. Loading it needs no dice and no engine internals: the records
are replayed through the engine's redo.
Never pickled. A bad save is one line, ``file:where: what``, and nothing else is touched.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn

from game.io.errors import InputError
from game.io.map_snapshot import MapSnapshot
from game.rules.engine import Command, CommandRecord, Event

SAVE_FORMAT = 1
MAX_SEED = 1 << 64  # the dice mix 64 bits of the seed


def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    v = float(text)
    if v != v or v in (float("inf"), float("-inf")):
        raise ValueError(f"the number {text[:20]} is too large")
    return v


def loads_strict(raw: bytes | str) -> Any:
    """JSON as saves and journals hold it: UTF-8, finite numbers only (``1e999``, NaN and
    Infinity refused), not nested deeper than Python can walk; ValueError otherwise."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise ValueError(f"not UTF-8 text (byte {err.start + 1})") from None
    try:
        return json.loads(raw, parse_float=_finite, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except json.JSONDecodeError as err:
        raise ValueError(f"not valid JSON: {err.msg} (line {err.lineno})") from None


def file_sha256(path: Path) -> str:
    """Hex SHA-256 of a file (the map's hash: a save refuses to resume on a different map)."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


@dataclass
class SaveHeader:
    """What a fight was played on: encounter file, map and its hash, ruleset, creatures, seed."""

    encounter: str
    map: str = ""
    map_sha256: str = ""
    ruleset: str = ""
    creature_defs: tuple[str, ...] = ()
    weapon_defs: tuple[str, ...] = ()
    seed: int = 0
    format: int = SAVE_FORMAT

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "battlemat_save": self.format,
            "encounter": self.encounter,
            "map": self.map,
            "map_sha256": self.map_sha256,
            "ruleset": self.ruleset,
            "definitions": {
                "creatures": list(self.creature_defs),
                "weapons": list(self.weapon_defs),
            },
            "seed": self.seed,
        }

    @classmethod
    def from_dict(cls, d: Any, file: str, where: str) -> SaveHeader:
        """Rebuild a header; a missing field or one of the wrong type is an InputError naming it."""
        if not isinstance(d, dict) or "battlemat_save" not in d:
            raise InputError(file, where, "not a Battlemat save (no 'battlemat_save' field)")
        fmt = d["battlemat_save"]
        if fmt != SAVE_FORMAT or isinstance(fmt, bool):
            raise InputError(
                file, where, f"save format {str(fmt)[:20]!r}, this Battlemat reads {SAVE_FORMAT}"
            )

        def bad(what: str) -> NoReturn:
            raise InputError(file, where, f"bad save header: {what}")

        def text(key: str, required: bool = False) -> str:
            if key not in d and not required:
                return ""
            v = d.get(key)
            if not isinstance(v, str):
                bad(f"'{key}' must be text, not {_kind(v)}")
            return v

        defs = d.get("definitions", {})
        if not isinstance(defs, dict):
            bad(f"'definitions' must be a mapping of creatures and weapons, not {_kind(defs)}")
        ids: dict[str, tuple[str, ...]] = {}
        for key in ("creatures", "weapons"):
            v = defs.get(key, [])
            if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
                bad(f"'definitions.{key}' must be a list of ids")
            ids[key] = tuple(v)
        seed = d.get("seed", 0)
        if not isinstance(seed, int) or isinstance(seed, bool) or not -MAX_SEED < seed < MAX_SEED:
            bad(f"'seed' must be a whole number below 2**64, not {_kind(seed)}")
        return cls(
            text("encounter", required=True),
            text("map"),
            text("map_sha256"),
            text("ruleset"),
            ids["creatures"],
            ids["weapons"],
            seed,
        )


def _kind(v: Any) -> str:
    """How a wrong value is named in a message (short: a value may be huge)."""
    if isinstance(v, (bool, int, float)):
        return f"{type(v).__name__} {str(v)[:20]}"
    return {str: "text", list: "a list", dict: "a mapping", type(None): "null"}.get(
        type(v), type(v).__name__
    )


@dataclass
class SavedRecord:
    """One command as played, without the state (rebuilt by replay)."""

    command: Command
    answers: list[Any] = field(default_factory=list)
    typed: list[int] = field(default_factory=list)
    events: tuple[Event, ...] = ()
    #: the sha256 of the map it was played on when the map was reloaded during the fight
    #: (game/io/map_snapshot.py); '' for the map the fight started on
    map: str = ""

    @classmethod
    def of(cls, rec: CommandRecord, map_sha256: str = "") -> SavedRecord:
        """From the engine's record (played on the map ``map_sha256``, '' the starting one)."""
        return cls(rec.command, list(rec.answers), list(rec.typed), tuple(rec.events), map_sha256)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        from game.rules.engine import encode

        out = {
            "command": self.command.to_dict(),
            "answers": encode(self.answers),
            "typed": list(self.typed),
            "events": [e.to_dict() for e in self.events],
        }
        if self.map:
            out["map"] = self.map
        return out

    @classmethod
    def from_dict(cls, d: Any) -> SavedRecord:
        """Rebuild; raises ValueError/KeyError/TypeError on anything malformed."""
        from game.rules.engine import decode

        if not isinstance(d, dict):
            raise ValueError("a record must be an object")
        answers = decode(d.get("answers", []))
        played_on = d.get("map", "")
        if not isinstance(played_on, str):
            raise ValueError("a record's 'map' must be the sha256 of a map")
        return cls(
            Command.from_dict(d["command"]),
            list(answers),
            [int(v) for v in d.get("typed", [])],
            tuple(Event.from_dict(e) for e in d["events"]),
            played_on,
        )


@dataclass
class SaveFile:
    """A save as read: its header, its records, and the maps it carries (by sha256): the one
    the fight began on (``start_map``) and the one it stood on at the end (``map_now``, '' the
    starting one); no maps for a fight on an ASCII battlefield or a save made before they were
    kept."""

    header: SaveHeader
    records: list[SavedRecord]
    maps: dict[str, MapSnapshot] = field(default_factory=dict)
    start_map: str = ""
    map_now: str = ""


def write_save(
    path: Path,
    header: SaveHeader,
    records: list[SavedRecord],
    maps: list[MapSnapshot] | None = None,
    start_map: str = "",
    map_now: str = "",
) -> None:
    """Write a save atomically and durably (a crash mid-write leaves the old file whole);
    raises OSError when the disk refuses (the caller says so in one line)."""
    data = header.to_dict()
    if maps:
        data["maps"] = [snap.to_entry() for snap in maps]
        data["start_map"] = start_map
        data["map_now"] = map_now
    data["records"] = [r.to_dict() for r in records]
    blob = json.dumps(data, indent=1, allow_nan=False).encode("utf-8")
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "wb") as f:
            f.write(blob)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError:
        tmp.unlink(missing_ok=True)
        raise


def read_save(path: Path) -> SaveFile:
    """Read a save; a bad one raises InputError naming the file and the place."""
    file = str(path)
    try:
        if not Path(path).is_file():
            raise InputError(file, None, "not a regular file" if Path(path).exists() else
                             "no such file")
        raw = Path(path).read_bytes()
    except OSError as err:
        raise InputError(file, None, f"cannot read: {err.strerror or err}") from None
    try:
        data = loads_strict(raw)
    except ValueError as err:
        line = str(err).rsplit("(line ", 1)
        where = line[1].rstrip(")") if len(line) == 2 else None
        raise InputError(file, where, line[0].strip()) from None
    header = SaveHeader.from_dict(data, file, "header")
    raw_records = data.get("records", [])
    if not isinstance(raw_records, list):
        raise InputError(file, "records", f"must be a list of records, not {_kind(raw_records)}")
    records = []
    for i, rec in enumerate(raw_records):
        try:
            records.append(SavedRecord.from_dict(rec))
        except (ValueError, KeyError, TypeError, RecursionError) as err:
            raise InputError(file, f"record {i + 1}", f"cannot read: {err}") from None
    out = SaveFile(header, records)
    raw_maps = data.get("maps", [])
    if not isinstance(raw_maps, list):
        raise InputError(file, "maps", f"must be a list of map copies, not {_kind(raw_maps)}")
    for i, entry in enumerate(raw_maps):
        try:
            if not isinstance(entry, dict):
                raise ValueError(f"a map copy must be an object, not {_kind(entry)}")
            snap = MapSnapshot.from_entry(entry)
        except ValueError as err:
            raise InputError(
                file, f"maps[{i}]", str(err).replace(" of a map_files line", "")
            ) from None
        out.maps[snap.sha256] = snap
    for key in ("start_map", "map_now"):
        v = data.get(key, "")
        if not isinstance(v, str) or (v and v not in out.maps):
            raise InputError(file, key, f"must name one of the save's maps, not {str(v)[:70]!r}")
        setattr(out, key, v)
    for i, rec in enumerate(records):
        if rec.map and rec.map not in out.maps:
            raise InputError(file, f"record {i + 1}", "played on a map the save does not carry")
    return out
