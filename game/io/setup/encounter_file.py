"""Save a set-up as an encounter file (docs/config.md) that `battlemat FILE.yaml` opens again.

Creatures are written by definition id with only what differs from the definition (name,
stats the GM edited, damage, afflictions, token art, player character); the map by a path
relative to the file. A file that changed on disk since it was opened is never overwritten.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.io.errors import InputError
from game.io.yaml_write import block
from game.rules.definitions import CreatureDef, Definitions, Side
from game.rules.engine import EncounterState

#: Definition fields an encounter entry may change (the set-up editor's), in writing order.
ENTRY_CHANGES = ("speed", "defense", "health", "morale", "lead", "weapons")


@dataclass(frozen=True)
class FileStamp:
    """What a file was when it was opened: its size, time and hash (absent: exists False)."""

    exists: bool
    size: int = 0
    mtime_ns: int = 0
    sha256: str = ""

    @classmethod
    def of(cls, path: Path) -> FileStamp:
        """The file as it is now."""
        try:
            data = Path(path).read_bytes()
            st = Path(path).stat()
        except FileNotFoundError:
            return cls(False)
        except OSError:
            return cls(True, -1)
        return cls(True, st.st_size, st.st_mtime_ns, hashlib.sha256(data).hexdigest())

    def same_content(self, other: FileStamp) -> bool:
        """Unchanged: both absent, or the same bytes."""
        return self.exists == other.exists and self.sha256 == other.sha256


def _changes(c_def: CreatureDef, base: CreatureDef, who: str) -> dict[str, Any]:
    """The entry's stats that differ from its definition (only those the editor changes)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(CreatureDef):
        mine, theirs = getattr(c_def, f.name), getattr(base, f.name)
        if f.name in ("id", "name") or mine == theirs:
            continue
        if f.name not in ENTRY_CHANGES:
            raise InputError(who, None, f"its {f.name} differs from creature '{base.id}': save "
                                        "it as a creature of its own (Paste a stat block)")
        out[f.name] = list(mine) if isinstance(mine, tuple) else mine
    return {k: out[k] for k in ENTRY_CHANGES if k in out}


def _side(state: EncounterState, side: Side) -> dict[str, Any]:
    """A side's entry: name, controller, and (OSR) its leader by name and its morale."""
    out: dict[str, Any] = {"name": side.name, "controller": side.controller}
    ldr = state.creatures.get(side.leader) if side.leader else None
    if ldr is not None:
        if [c.name for c in state.creatures.values()].count(ldr.name) > 1:
            raise InputError(ldr.name, None, "two creatures have this name: rename one so the "
                                             f"file can say which leads '{side.name}'")
        out["leader"] = ldr.name
    if side.morale:
        out["morale"] = side.morale
    return out


def encounter_record(state: EncounterState, defs: Definitions, *, map_path: Path,
                     encounter_path: Path, name: str, description: str = "",
                     params: Mapping[str, Any] | None = None,
                     surprise_possible: tuple[str, ...] = ()) -> dict[str, Any]:
    """The encounter file's contents as a mapping in docs/config.md's order."""
    folder = Path(encounter_path).resolve().parent
    rel = os.path.relpath(Path(map_path).resolve(), folder).replace(os.sep, "/")
    out: dict[str, Any] = {"name": name}
    if description:
        out["description"] = description
    out["map"] = rel
    out["ruleset"] = state.ruleset_id
    out["sides"] = {s.id: _side(state, s) for s in state.sides}
    ids = {s.id for s in state.sides}
    if any(sid in ids for sid in surprise_possible):
        out["surprise_possible"] = [sid for sid in surprise_possible if sid in ids]
    out["use_map_placements"] = False  # every creature is listed: the GM may have moved them
    names = [c.name for c in state.creatures.values()]
    referred = {s.leader for s in state.sides} | {
        str(c.data.get("riding") or c.data.get("mount")) for c in state.creatures.values()}
    entries = []
    for c in state.creatures.values():
        base = defs.creatures.get(c.definition.id)
        if base is None:
            raise InputError(c.name, None, f"creature '{c.definition.id}' is in no creature file:"
                                           " save it first (Paste a stat block writes one)")
        entry: dict[str, Any] = {"creature": base.id, "side": c.side}
        if c.name != base.name or names.count(c.name) > 1 or c.id in referred:
            entry["name"] = c.name  # a rider's mounted_on and a side's leader name it
        entry["square"] = [c.square[0], c.square[1]]
        ground = state.battlefield.elevation_at(c.square)
        if abs(c.body.elevation_yd - ground) > 1e-9:
            entry["elevation_yd"] = c.body.elevation_yd
        mount = c.data.get("riding") or c.data.get("mount")  # seated, or to be seated
        if mount and mount in state.creatures:
            entry["mounted_on"] = state.creatures[mount].name
        if c.data.get("formation"):
            entry["formation"] = str(c.data["formation"])
        entry.update(_changes(c.definition, base, c.name))
        if c.damage:
            entry["damage"] = c.damage
        if c.afflictions:
            entry["afflictions"] = sorted({a.name for a in c.afflictions})
        if c.data.get("token"):
            entry["token"] = str(c.data["token"])
        if c.data.get("player_character") is not None:
            entry["player_character"] = bool(c.data["player_character"])
        entries.append(entry)
    if entries:
        out["creatures"] = entries
    if params:
        out["params"] = dict(params)
    return out


def encounter_yaml(record: Mapping[str, Any]) -> str:
    """The encounter as readable YAML."""
    head = "# An encounter saved by Battlemat's set-up (docs/config.md); edit it freely."
    return "\n".join([head, *block(record)]) + "\n"


def save_encounter(path: Path, text: str, opened: FileStamp, defs: Definitions) -> FileStamp:
    """Write the encounter unless the file changed on disk since ``opened`` (InputError, nothing
    written); it is read back through the loader first, so `battlemat check` passes it."""
    from game.io.config import load_encounter

    path = Path(path)
    now = FileStamp.of(path)
    if not opened.same_content(now):
        if not opened.exists:
            raise InputError(str(path), None, "already exists: not overwritten (save under "
                                              "another name)")
        what = "was deleted" if not now.exists else "changed on disk"
        raise InputError(str(path), None, f"{what} since it was opened: not overwritten "
                                          "(save under another name, or reopen it)")
    tmp = path.with_name(f".{path.stem}.saving{path.suffix or '.yaml'}")
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp.write_text(text, encoding="utf-8")
    try:
        load_encounter(tmp, defs)  # the one loader: what it refuses is never saved
    except Exception:
        tmp.unlink(missing_ok=True)
        raise
    os.replace(tmp, path)
    return FileStamp.of(path)
