"""Encounter files: a map, a ruleset, sides and creatures, checked on the map (docs/config.md)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.io.config_fields import (
    Bad,
    Ctx,
    Field,
    as_bool,
    as_id,
    as_int,
    as_number,
    as_square,
    as_str,
    freeze_params,
    in_range,
    is_defined,
    one_of,
    read_list,
    read_record,
    require_list,
    require_map,
    suggest,
)
from game.io.config_roster import check_positions, leader_problems
from game.io.errors import InputError, InputErrors
from game.io.yaml_lines import LineMap
from game.rules.battlefield import Battlefield
from game.rules.definitions import Definitions, EncounterCreature, EncounterDef, RulesetDef, Side

CONTROLLERS = frozenset({"players", "gm"})

ENCOUNTER_SPEC = {
    "id": Field(as_id),
    "name": Field(as_str),
    "map": Field(as_str, required=True),
    "ruleset": Field(as_str, required=True),
    "sides": Field(lambda v: v, required=True),
    "creatures": Field(lambda v: v),
    "use_map_placements": Field(as_bool),
    "surprise_possible": Field(lambda v: v),
    "params": Field(lambda v: v),
    "description": Field(as_str),
}
SIDE_SPEC = {
    "name": Field(as_str),
    "controller": Field(one_of(CONTROLLERS), required=True),
    # OSR (Seed: Rolling Morale Checks): the side's leader (a creature's name) and morale score
    "leader": Field(as_str),
    "morale": Field(in_range(as_int, 2, 12)),
}
ENTRY_SPEC = {
    "creature": Field(as_str, required=True),
    "side": Field(as_str, required=True),
    "square": Field(as_square),
    "name": Field(as_str),
    "elevation_yd": Field(in_range(as_number, -1000, 1000)),
    "mounted_on": Field(as_str),
    "formation": Field(as_str),
    # what one creature differs in from its definition (set-up's edits, docs/config.md)
    "speed": Field(in_range(as_int, 0, 100)),
    "defense": Field(in_range(as_int, 0, 30)),
    "health": Field(in_range(as_int, 1, 5000)),
    "morale": Field(in_range(as_int, 2, 12)),
    "lead": Field(in_range(as_int, 0, 10)),
    "weapons": Field(lambda v: v),
    "damage": Field(in_range(as_int, 0, 5000)),
    "afflictions": Field(lambda v: v),
    "token": Field(as_str),
    "player_character": Field(as_bool),
}
ENTRY_CHANGES = ("speed", "defense", "health", "morale", "lead")

MapLoader = Callable[[Path], Battlefield]


def find_project_root(start: Path) -> Path | None:
    """The folder above the nearest ancestor named 'config' (the project the file belongs to)."""
    for parent in start.resolve().parents:
        if parent.name == "config":
            return parent.parent
    return None


def resolve_map_path(
    raw: str, encounter_path: Path, fallback_root: Path
) -> tuple[Path, list[Path]]:
    """Where the map is: relative to the encounter file, else to the project root."""
    given = Path(raw).expanduser()
    if given.is_absolute():
        return given, [given]
    tried = [encounter_path.resolve().parent / given]
    for root in (find_project_root(encounter_path), fallback_root):
        if root is not None and root / given not in tried:
            tried.append(root / given)
    tried = [Path(os.path.normpath(t)) for t in tried]  # name it without 'x/../' in messages
    for candidate in tried:
        if candidate.is_file():
            return candidate, tried
    return tried[0], tried


def build_encounter(
    ctx: Ctx,
    path: Path,
    node: Any,
    defs: Definitions,
    load_map: MapLoader | None,
    root: Path,
    defined: frozenset[str] = frozenset(),
) -> tuple[EncounterDef | None, Battlefield | None]:
    """One encounter file; None if it had mistakes (they are reported).

    ``defined``: 'creature:id', 'ruleset:id' (or 'creature:*' for an unreadable file) that exist
    but had mistakes of their own: reported where they are defined, not again here.
    """
    m = require_map(ctx, node, 1, "an encounter file")
    if m is None:
        return None, None
    eid = path.stem
    v, ok = read_record(ctx, m, ENCOUNTER_SPEC, f"encounter '{eid}'", m.line)
    eid = v.get("id", eid)
    label = f"encounter '{eid}'"
    ruleset: RulesetDef | None = None
    if "ruleset" in v:
        ruleset = defs.rulesets.get(v["ruleset"])
        if ruleset is None and is_defined(defined, "ruleset", v["ruleset"]):
            ok = False
        elif ruleset is None:
            ok = False
            hint = suggest(v["ruleset"], defs.rulesets)
            hint = hint or f" (known: {', '.join(sorted(defs.rulesets))})"
            ctx.add(m.value_line("ruleset"), f"{label}: unknown ruleset '{v['ruleset']}'{hint}")
    sides = _sides(ctx, m, label)
    ok = ok and sides is not None
    side_ids = {s.id for s in sides or ()}
    surprise: list[str] = []
    if "surprise_possible" in m:

        def side_id(value: Any) -> str:
            text = as_str(value)
            if sides is not None and text not in side_ids:
                raise Bad(f"is an unknown side '{text}'{suggest(text, side_ids)}")
            return text

        surprise, ok_s = read_list(
            ctx,
            m["surprise_possible"],
            m.value_line("surprise_possible"),
            f"{label}: 'surprise_possible'",
            side_id,
        )
        ok = ok and ok_s
    bf: Battlefield | None = None
    map_path = ""
    if "map" in v:
        map_path, bf, ok_map = _map(ctx, m, v["map"], path, label, load_map, root)
        ok = ok and ok_map
    entries, ok_e = _entries(ctx, m, label, defs, side_ids if sides is not None else None, defined)
    ok = ok and ok_e
    params = (
        freeze_params(ctx, m["params"], m.value_line("params"), "params") if "params" in m else None
    )
    enc = EncounterDef(
        id=eid,
        name=v.get("name", eid.replace("_", " ").title()),
        map_path=map_path,
        ruleset=v.get("ruleset", ""),
        sides=tuple(sides or ()),
        creatures=tuple(e for e, _ in entries),
        use_map_placements=v.get("use_map_placements", True),
        surprise_possible=tuple(surprise),
        description=v.get("description", ""),
        **({"params": params} if params is not None else {}),
    )
    if bf is not None:  # checked even when other fields are wrong: every mistake at once
        check_positions(
            ctx,
            enc,
            [line for _, line in entries],
            bf,
            defs,
            ruleset or RulesetDef("default", "default"),
            sides is not None,
        )
        sides_node = m.get("sides")
        for sid, what in leader_problems(enc, bf, defs):
            at = sides_node.key_line(sid) if isinstance(sides_node, LineMap) and \
                sid in sides_node else m.value_line("sides")
            ctx.add(at, f"{label}: side '{sid}': {what}")
            ok = False
    if params is not None and enc.ruleset:
        ok = _plugin_params_ok(ctx, m, enc, defs, bf) and ok
    if not ok:
        return None, bf
    return enc, bf


def _plugin_params_ok(
    ctx: Ctx, m: LineMap, enc: EncounterDef, defs: Definitions, bf: Battlefield | None
) -> bool:
    """The ruleset plug-in's checks of the encounter's ``params`` (OSR: formations, initiative,
    treacherous), each reported at its key's line."""
    from game.io.config import plugin_hook

    check = plugin_hook(enc.ruleset, "encounter_param_problems")
    if check is None:
        return True
    names: list[str] = []
    if not (enc.use_map_placements and bf is not None and bf.placements):  # else: names unknown
        for e in enc.creatures:
            d = defs.creatures.get(e.creature_id)
            names.append(e.name or (d.name if d else e.creature_id))
    problems = check(enc.params, [s.id for s in enc.sides], names)
    for key, what in problems:
        node: Any = m.get("params")
        line = m.value_line("params")
        for part in key.split("."):  # the deepest key the file has
            if isinstance(node, LineMap) and part in node:
                line, node = node.value_line(part), node[part]
            else:
                break
        ctx.add(line, f"encounter '{enc.id}': params.{key}: {what}")
    return not problems


def _sides(ctx: Ctx, m: LineMap, label: str) -> list[Side] | None:
    """The sides mapping: id -> {name, controller}."""
    if "sides" not in m:
        return None
    sides_node = require_map(ctx, m["sides"], m.value_line("sides"), f"{label}: 'sides'")
    if sides_node is None:
        return None
    out, ok = [], True
    for sid, body in sides_node.items():
        line = sides_node.key_line(sid)
        try:
            sid = as_id(sid)
        except Bad as bad:
            ctx.add(line, f"{label}: side {bad}")
            ok = False
            continue
        if isinstance(body, str):  # short form: `party: players`
            body = LineMap({"controller": body})
            body.line, body.key_lines, body.value_lines = (
                line,
                {"controller": line},
                {"controller": line},
            )
        body_m = require_map(ctx, body, line, f"{label}: side '{sid}'")
        if body_m is None:
            ok = False
            continue
        sv, ok_s = read_record(ctx, body_m, SIDE_SPEC, f"{label}: side '{sid}'", line)
        if ok_s:
            out.append(Side(sid, sv.get("name", sid.replace("_", " ").title()), sv["controller"],
                            sv.get("leader", ""), sv.get("morale", 0)))
        ok = ok and ok_s
    if ok and not out:
        ctx.add(m.value_line("sides"), f"{label}: 'sides' must name at least one side")
        return None
    return out if ok else None


def _map(
    ctx: Ctx, m: LineMap, raw: str, path: Path, label: str, load_map: MapLoader | None, root: Path
) -> tuple[str, Battlefield | None, bool]:
    """Find and load the encounter's map; its own mistakes are reported as the map's lines."""
    line = m.value_line("map")
    if raw.startswith("ascii:"):
        from game.rules.ascii_grid import parse_ascii

        try:
            return raw, parse_ascii(raw[len("ascii:") :], name=path.stem), True
        except ValueError as exc:
            ctx.add(line, f"{label}: ASCII map: {exc}")
            return raw, None, False
    found, tried = resolve_map_path(raw, path, root)
    if found.is_dir():
        ctx.add(line, f"{label}: map '{raw}' is a folder, not a Tiled map (.tmx)")
        return str(found), None, False
    if not found.is_file():
        ctx.add(
            line, f"{label}: map '{raw}' not found (looked for {', '.join(str(t) for t in tried)})"
        )
        return str(found), None, False
    if load_map is None:
        return str(found), None, True
    try:
        return str(found), load_map(found), True
    except InputErrors as errs:
        ctx.report.extend(errs.errors)
    except InputError as err:
        ctx.report.extend([err])
    ctx.add(line, f"{label}: map '{raw}' could not be loaded (see above)")
    return str(found), None, False


def _entries(
    ctx: Ctx,
    m: LineMap,
    label: str,
    defs: Definitions,
    side_ids: set[str] | None,
    defined: frozenset[str],
) -> tuple[list[tuple[EncounterCreature, int]], bool]:
    """The creatures list: each entry names a definition, a side and (usually) a square."""
    if "creatures" not in m:
        return [], True
    items = require_list(ctx, m["creatures"], m.value_line("creatures"), f"{label}: 'creatures'")
    if items is None:
        return [], False
    out, ok = [], True
    for i, item in enumerate(items):
        line = items.item_line(i)
        elabel = f"{label}: creature {i + 1}"
        node = require_map(ctx, item, line, elabel)
        if node is None:
            ok = False
            continue
        if isinstance(node.get("creature"), str):
            elabel += f" ({node['creature']})"
        v, ok_e = read_record(ctx, node, ENTRY_SPEC, elabel, line)
        fields_ok = ok_e  # kept for names and squares even if its creature or side is unknown
        cid, side = v.get("creature"), v.get("side")
        if cid is not None and cid not in defs.creatures:
            ok_e = False
            if not is_defined(defined, "creature", cid):
                ctx.add(
                    node.value_line("creature"),
                    f"{elabel}: unknown creature '{cid}'{suggest(cid, defs.creatures)}",
                )
        if side is not None and side_ids is not None and side not in side_ids:
            ok_e = False
            ctx.add(
                node.value_line("side"),
                f"{elabel}: unknown side '{side}'{suggest(side, side_ids)}"
                f" (this encounter's sides: {', '.join(sorted(side_ids))})",
            )
        changes, afflictions, ok_c = _entry_changes(ctx, node, v, elabel, defs)
        fields_ok, ok_e = fields_ok and ok_c, ok_e and ok_c
        if fields_ok:
            out.append(
                (
                    EncounterCreature(
                        creature_id=str(cid),
                        side=str(side),
                        square=v.get("square"),
                        name=v.get("name", ""),
                        elevation_yd=v.get("elevation_yd"),
                        mounted_on=v.get("mounted_on", ""),
                        formation=v.get("formation", ""),
                        changes=changes,
                        damage=v.get("damage", 0),
                        afflictions=afflictions,
                        token=v.get("token", ""),
                        player_character=v.get("player_character"),
                    ),
                    line,
                )
            )
        ok = ok and ok_e
    return out, ok


def _entry_changes(
    ctx: Ctx, node: LineMap, v: dict[str, Any], elabel: str, defs: Definitions
) -> tuple[Mapping[str, Any], tuple[str, ...], bool]:
    """An entry's own stats (speed, defense, health, OSR morale and lead, weapons), afflictions,
    and whether its damage fits its Health; mistakes are reported at their lines."""
    ok = True
    changes: dict[str, Any] = {k: v[k] for k in ENTRY_CHANGES if k in v}
    if "weapons" in node:

        def weapon(value: Any) -> str:
            wid = as_str(value)
            if wid not in defs.weapons:
                raise Bad(f"is an unknown weapon '{wid}'{suggest(wid, defs.weapons)}")
            return wid

        items, ok_w = read_list(ctx, node["weapons"], node.value_line("weapons"),
                                f"{elabel}: 'weapons'", weapon)
        changes["weapons"], ok = tuple(items), ok and ok_w
    afflictions: list[str] = []
    if "afflictions" in node:
        afflictions, ok_a = read_list(ctx, node["afflictions"], node.value_line("afflictions"),
                                      f"{elabel}: 'afflictions'", as_str)
        ok = ok and ok_a
    base = defs.creatures.get(str(v.get("creature")))
    health = changes.get("health", base.health if base is not None else None)
    if "damage" in v and health is not None and v["damage"] > health:
        ok = False
        ctx.add(node.value_line("damage"),
                f"{elabel}: damage {v['damage']} is more than its Health {health}")
    return MappingProxyType(changes), tuple(afflictions), ok
