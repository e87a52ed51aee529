"""Saved encounters: the definitions' ids, the map's hash, the seed and the event log.

A save is JSON: a header naming what the fight was played on, then one entry per command
(the command, the answers and typed dice it needed, and the events it made). Loading it needs
no dice and no engine internals: the records are replayed through the engine's redo.
Never pickled. A bad save is one line, ``file:where: what``, and nothing else is touched.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.io.errors import InputError
from game.rules.engine import Command, CommandRecord, Event

SAVE_FORMAT = 1


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
        """Rebuild a header; a missing or wrong field is an InputError naming it."""
        if not isinstance(d, dict) or "battlemat_save" not in d:
            raise InputError(file, where, "not a Battlemat save (no 'battlemat_save' field)")
        if d["battlemat_save"] != SAVE_FORMAT:
            raise InputError(
                file,
                where,
                f"save format {d['battlemat_save']!r}, this Battlemat reads {SAVE_FORMAT}",
            )
        try:
            defs = d.get("definitions") or {}
            return cls(
                str(d["encounter"]),
                str(d.get("map", "")),
                str(d.get("map_sha256", "")),
                str(d.get("ruleset", "")),
                tuple(defs.get("creatures", ())),
                tuple(defs.get("weapons", ())),
                int(d.get("seed", 0)),
            )
        except (KeyError, TypeError, ValueError) as err:
            raise InputError(file, where, f"bad save header: {err}") from None


@dataclass
class SavedRecord:
    """One command as played, without the state (rebuilt by replay)."""

    command: Command
    answers: list[Any] = field(default_factory=list)
    typed: list[int] = field(default_factory=list)
    events: tuple[Event, ...] = ()

    @classmethod
    def of(cls, rec: CommandRecord) -> SavedRecord:
        """From the engine's record."""
        return cls(rec.command, list(rec.answers), list(rec.typed), tuple(rec.events))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        from game.rules.engine import encode

        return {
            "command": self.command.to_dict(),
            "answers": encode(self.answers),
            "typed": list(self.typed),
            "events": [e.to_dict() for e in self.events],
        }

    @classmethod
    def from_dict(cls, d: Any) -> SavedRecord:
        """Rebuild; raises ValueError/KeyError/TypeError on anything malformed."""
        from game.rules.engine import decode

        if not isinstance(d, dict):
            raise ValueError("a record must be an object")
        answers = decode(d.get("answers", []))
        return cls(
            Command.from_dict(d["command"]),
            list(answers),
            [int(v) for v in d.get("typed", [])],
            tuple(Event.from_dict(e) for e in d["events"]),
        )


def write_save(path: Path, header: SaveHeader, records: list[SavedRecord]) -> None:
    """Write a save atomically (a crash mid-write leaves the old file whole)."""
    data = header.to_dict()
    data["records"] = [r.to_dict() for r in records]
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=1), encoding="utf-8")
    os.replace(tmp, path)


def read_save(path: Path) -> tuple[SaveHeader, list[SavedRecord]]:
    """Read a save; a bad one raises InputError naming the file and the record."""
    file = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as err:
        raise InputError(file, None, f"cannot read: {err.strerror or err}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise InputError(file, err.lineno, f"not valid JSON: {err.msg}") from None
    header = SaveHeader.from_dict(data, file, "header")
    records = []
    for i, raw in enumerate(data.get("records", [])):
        try:
            records.append(SavedRecord.from_dict(raw))
        except (ValueError, KeyError, TypeError) as err:
            raise InputError(file, f"record {i + 1}", f"cannot read: {err}") from None
    return header, records
