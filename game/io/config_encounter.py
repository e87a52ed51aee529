"""Encounter files: a map, a ruleset, sides and creatures, checked against the map (docs/config.md)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.io.config_fields import (
    Bad,
    Ctx,
    Field,
    as_bool,
    as_id,
    as_number,
    as_square,
    as_str,
    freeze_params,
    in_range,
    one_of,
    read_list,
    read_record,
    require_list,
    require_map,
    suggest,
)
from game.io.errors import InputError, InputErrors
from game.io.yaml_lines import LineMap
from game.rules.battlefield import Battlefield, Placement, Terrain
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
SIDE_SPEC = {"name": Field(as_str), "controller": Field(one_of(CONTROLLERS), required=True)}
ENTRY_SPEC = {
    "creature": Field(as_str, required=True),
    "side": Field(as_str, required=True),
    "square": Field(as_square),
    "name": Field(as_str),
    "elevation_yd": Field(in_range(as_number, -1000, 1000)),
    "mounted_on": Field(as_str),
    "formation": Field(as_str),
}

MapLoader = Callable[[Path], Battlefield]


def find_project_root(start: Path) -> Path | None:
    """The folder above the nearest ancestor named 'config' (the project the file belongs to)."""
    for parent in start.resolve().parents:
        if parent.name == "config":
            return parent.parent
    return None


def resolve_map_path(raw: str, encounter_path: Path, fallback_root: Path) -> tuple[Path, list[Path]]:
    """Where the map is: relative to the encounter file, else to the project root (docs/config.md)."""
    given = Path(raw).expanduser()
    if given.is_absolute():
        return given, [given]
    tried = [encounter_path.resolve().parent / given]
    for root in (find_project_root(encounter_path), fallback_root):
        if root is not None and root / given not in tried:
            tried.append(root / given)
    for candidate in tried:
        if candidate.is_file():
            return candidate, tried
    return tried[0], tried


def build_encounter(
    ctx: Ctx, path: Path, node: Any, defs: Definitions, load_map: MapLoader | None, root: Path,
    defined: frozenset[str] = frozenset(),
) -> tuple[EncounterDef | None, Battlefield | None]:
    """One encounter file; None if it had mistakes (they are reported).

    ``defined``: creature and ruleset ids that exist but had mistakes of their own (reported
    where they are defined, so a reference to them is not reported again).
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
        if ruleset is None and v["ruleset"] in defined:
            ok = False
        elif ruleset is None:
            ok = False
            ctx.add(m.value_line("ruleset"), f"{label}: unknown ruleset '{v['ruleset']}'"
                    f"{suggest(v['ruleset'], defs.rulesets) or ' (known: ' + ', '.join(sorted(defs.rulesets)) + ')'}")
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

        surprise, ok_s = read_list(ctx, m["surprise_possible"], m.value_line("surprise_possible"), label, side_id)
        ok = ok and ok_s
    bf: Battlefield | None = None
    map_path = ""
    if "map" in v:
        map_path, bf, ok_map = _map(ctx, m, v["map"], path, label, load_map, root)
        ok = ok and ok_map
    entries, ok_e = _entries(ctx, m, label, defs, side_ids if sides is not None else None, defined)
    ok = ok and ok_e
    params = freeze_params(ctx, m["params"], m.value_line("params"), "params") if "params" in m else None
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
        _check_positions(ctx, enc, [line for _, line in entries], bf, defs,
                         ruleset or RulesetDef("default", "default"), sides is not None)
    if not ok:
        return None, bf
    return enc, bf


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
            body.line, body.key_lines, body.value_lines = line, {"controller": line}, {"controller": line}
        body_m = require_map(ctx, body, line, f"{label}: side '{sid}'")
        if body_m is None:
            ok = False
            continue
        sv, ok_s = read_record(ctx, body_m, SIDE_SPEC, f"{label}: side '{sid}'", line)
        if ok_s:
            out.append(Side(sid, sv.get("name", sid.replace("_", " ").title()), sv["controller"]))
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
            return raw, parse_ascii(raw[len("ascii:"):], name=path.stem), True
        except ValueError as exc:
            ctx.add(line, f"{label}: ASCII map: {exc}")
            return raw, None, False
    found, tried = resolve_map_path(raw, path, root)
    if not found.is_file():
        ctx.add(line, f"{label}: map '{raw}' not found (looked for {', '.join(str(t) for t in tried)})")
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
    ctx: Ctx, m: LineMap, label: str, defs: Definitions, side_ids: set[str] | None,
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
            if cid not in defined:
                ctx.add(node.value_line("creature"),
                        f"{elabel}: unknown creature '{cid}'{suggest(cid, defs.creatures)}")
        if side is not None and side_ids is not None and side not in side_ids:
            ok_e = False
            ctx.add(node.value_line("side"), f"{elabel}: unknown side '{side}'{suggest(side, side_ids)}"
                    f" (this encounter's sides: {', '.join(sorted(side_ids))})")
        if fields_ok:
            out.append((EncounterCreature(
                creature_id=cid, side=side, square=v.get("square"), name=v.get("name", ""),
                elevation_yd=v.get("elevation_yd"), mounted_on=v.get("mounted_on", ""),
                formation=v.get("formation", ""),
            ), line))
        ok = ok and ok_e
    return out, ok


def _placement_where(p: Placement, bf: Battlefield) -> tuple[str, str]:
    """(file, where) of a map placement, from its source 'map.tmx: object 12'."""
    if ": " in p.source:
        file, where = p.source.split(": ", 1)
        return file, where
    return (p.source or bf.name or "map"), ""


def encounter_roster(enc: EncounterDef, bf: Battlefield) -> tuple[EncounterCreature, ...]:
    """Every creature of the encounter with its square (map placements merged in, riders on mounts).

    An entry without a square takes the square of the map placement with the same name (or,
    unnamed, the only placement of that creature); a rider without one sits on its mount.
    """
    return tuple(e for e, _ in _roster(enc, bf))


def _roster(enc: EncounterDef, bf: Battlefield) -> list[tuple[EncounterCreature, tuple[str, int]]]:
    """The roster, each entry with its origin: ("listed", index) or ("map", placement index)."""
    used: set[int] = set()
    resolved: list[tuple[EncounterCreature, tuple[str, int]]] = []
    for n, e in enumerate(enc.creatures):
        if e.square is None:
            idx = _match_placement(e, bf.placements, used)
            if idx is not None:
                used.add(idx)
                p = bf.placements[idx]
                e = replace(e, square=p.square, name=e.name or p.name,
                            elevation_yd=e.elevation_yd if e.elevation_yd is not None else p.elevation_yd)
        resolved.append((e, ("listed", n)))
    if enc.use_map_placements:
        from_map = [
            (EncounterCreature(p.creature_id, p.side, p.square, p.name, p.elevation_yd), ("map", i))
            for i, p in enumerate(bf.placements) if i not in used
        ]
        resolved = from_map + resolved
    by_name: dict[str, list[EncounterCreature]] = {}
    for e, _ in resolved:
        by_name.setdefault(e.name, []).append(e)
    final = []
    for e, origin in resolved:
        if e.square is None and len(by_name.get(e.mounted_on, ())) == 1:
            mount = by_name[e.mounted_on][0]
            e = replace(e, square=mount.square, elevation_yd=mount.elevation_yd)
        final.append((e, origin))
    return final


def _match_placement(
    e: EncounterCreature, placements: tuple[Placement, ...], used: set[int] = frozenset()  # type: ignore[assignment]
) -> int | None:
    """Index of the map placement an entry without a square stands for (by name, else by id)."""
    if e.name:
        hits = [i for i, p in enumerate(placements) if p.name == e.name and i not in used]
    else:
        hits = [i for i, p in enumerate(placements) if p.creature_id == e.creature_id and i not in used]
    return hits[0] if len(hits) == 1 else None


def _check_positions(
    ctx: Ctx, enc: EncounterDef, lines: list[int], bf: Battlefield, defs: Definitions, rs: RulesetDef,
    check_sides: bool = True,
) -> None:
    """Squares on the map and passable, footprints not overlapping, riders on real mounts."""
    label = f"encounter '{enc.id}'"
    side_ids = {s.id for s in enc.sides}
    if enc.use_map_placements:
        for p in bf.placements:
            file, where = _placement_where(p, bf)
            if p.creature_id not in defs.creatures:
                ctx.report.add(file, where, f"placement: unknown creature '{p.creature_id}'"
                               f"{suggest(p.creature_id, defs.creatures)} (used by {label})")
            if check_sides and p.side not in side_ids:
                ctx.report.add(file, where, f"placement: unknown side '{p.side}'{suggest(p.side, side_ids)}"
                               f" ({label} has sides: {', '.join(sorted(side_ids))})")
    for n, (e, line) in enumerate(zip(enc.creatures, lines)):
        elabel = f"{label}: creature {n + 1} ({e.creature_id})"
        if e.square is None and not e.mounted_on and _match_placement(e, bf.placements) is None:
            what = f"named '{e.name}'" if e.name else f"of '{e.creature_id}' (or more than one)"
            ctx.add(line, f"{elabel}: no square given and no single map placement {what} to take it from")
    roster = _roster(enc, bf)

    def add(origin: tuple[str, int], what: str) -> None:
        if origin[0] == "listed":
            ctx.add(lines[origin[1]], f"{label}: {what}")
        else:
            file, where = _placement_where(bf.placements[origin[1]], bf)
            ctx.report.add(file, where, f"placement: {what} (in {label})")

    names: dict[str, list[EncounterCreature]] = {}
    for e, _ in roster:
        names.setdefault(e.name, []).append(e)
    taken: dict[tuple[int, int, float], EncounterCreature] = {}
    for e, origin in roster:
        cdef = defs.creatures.get(e.creature_id)
        if cdef is None or e.square is None:
            continue
        who = e.name or cdef.name
        space = rs.space_for(cdef.size)
        x, y = e.square
        if not (bf.in_bounds((x, y)) and bf.in_bounds((x + space - 1, y + space - 1))):
            fit = "" if space == 1 else f" ({space}x{space} space)"
            add(origin, f"{who}: square [{x}, {y}]{fit} is off the map "
                        f"({bf.width} x {bf.height} squares: x 0-{bf.width - 1}, y 0-{bf.height - 1})")
            continue
        if e.mounted_on:
            problem = _mount_problem(e, cdef.size, names, defs, rs)
            if problem:
                add(origin, f"{who}: {problem}")
            continue
        for sq in ((x + dx, y + dy) for dy in range(space) for dx in range(space)):
            if e.elevation_yd is None and bf.terrain_at(sq) & Terrain.IMPASSABLE:
                add(origin, f"{who}: square [{sq[0]}, {sq[1]}] is impassable")
                break
            key = (sq[0], sq[1], e.elevation_yd or 0.0)
            other = taken.get(key)
            if other is not None and other is not e:
                add(origin, f"{who}: square [{sq[0]}, {sq[1]}] is already taken by "
                            f"{other.name or _def_name(defs, other.creature_id)}")
                break
            taken[key] = e


def _def_name(defs: Definitions, cid: str) -> str:
    """A creature's name from its definition (its id if it has none)."""
    cdef = defs.creatures.get(cid)
    return cdef.name if cdef is not None else cid


def _mount_problem(
    rider: EncounterCreature, rider_size: float, names: dict[str, list[EncounterCreature]],
    defs: Definitions, rs: RulesetDef,
) -> str:
    """Seed SotDL Ride: a mount is a creature larger than you; you share its space."""
    mounts = [m for m in names.get(rider.mounted_on, ()) if m is not rider]
    if len(mounts) > 1:
        return f"mounted_on '{rider.mounted_on}' is ambiguous: {len(mounts)} creatures have that name"
    mount = mounts[0] if mounts else None
    if mount is None:
        return (f"mounted_on '{rider.mounted_on}' names no other creature of this encounter"
                f"{suggest(rider.mounted_on, [n for n in names if n])}")
    mdef = defs.creatures.get(mount.creature_id)
    if mdef is None:  # an unknown creature: reported already
        return ""
    if not mdef.can_be_ridden:
        return f"cannot ride '{rider.mounted_on}': {mdef.name} cannot be ridden"
    if mdef.size <= rider_size:
        return f"cannot ride '{rider.mounted_on}': a mount must be larger than its rider"
    if mount.square is not None and rider.square is not None:
        (mx, my), (rx, ry), space = mount.square, rider.square, rs.space_for(mdef.size)
        if not (mx <= rx < mx + space and my <= ry < my + space):
            return (f"square [{rx}, {ry}] is not in the space of its mount '{rider.mounted_on}' "
                    f"(at [{mx}, {my}], {space}x{space})")
    return ""
