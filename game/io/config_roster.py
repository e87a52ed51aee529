"""Who stands where: an encounter's creatures merged with its map's placements, and checked."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from game.io.config_fields import Ctx, is_defined, suggest
from game.rules.battlefield import Battlefield, Placement, Terrain
from game.rules.definitions import (
    Definitions,
    EncounterCreature,
    EncounterDef,
    RulesetDef,
    Side,
)


def _placement_where(p: Placement, bf: Battlefield, map_path: str = "") -> tuple[str, str]:
    """(file, where) of a map placement: the map's path as found, and 'object 12'."""
    file, where = p.source.split(": ", 1) if ": " in p.source else (p.source, "")
    if map_path and not map_path.startswith("ascii:") and Path(map_path).name == file:
        file = display_path(map_path)
    return (file or bf.name or "map"), where


def display_path(path: str) -> str:
    """A path as the GM would type it: relative to the working folder when inside it."""
    try:
        return str(Path(path).resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(path)


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
        if e.square is None and (e.name or not e.mounted_on):  # an unnamed rider: on its mount
            idx = _match_placement(e, bf.placements, used)
            if idx is not None:
                used.add(idx)
                p = bf.placements[idx]
                e = replace(
                    e,
                    square=p.square,
                    name=e.name or p.name,
                    elevation_yd=e.elevation_yd if e.elevation_yd is not None else p.elevation_yd,
                )
        resolved.append((e, ("listed", n)))
    if enc.use_map_placements:
        from_map = [
            (EncounterCreature(p.creature_id, p.side, p.square, p.name, p.elevation_yd), ("map", i))
            for i, p in enumerate(bf.placements)
            if i not in used
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
    e: EncounterCreature,
    placements: tuple[Placement, ...],
    used: set[int] = frozenset(),  # type: ignore[assignment]
) -> int | None:
    """Index of the map placement an entry without a square stands for (by name, else by id)."""
    if e.name:
        hits = [i for i, p in enumerate(placements) if p.name == e.name and i not in used]
    else:
        hits = [
            i for i, p in enumerate(placements) if p.creature_id == e.creature_id and i not in used
        ]
    return hits[0] if len(hits) == 1 else None


def check_positions(
    ctx: Ctx,
    enc: EncounterDef,
    lines: list[int],
    bf: Battlefield,
    defs: Definitions,
    rs: RulesetDef,
    check_sides: bool = True,
) -> None:
    """Squares on the map and passable, footprints not overlapping, riders on real mounts."""
    label = f"encounter '{enc.id}'"
    side_ids = {s.id for s in enc.sides}
    if enc.use_map_placements:
        for p in bf.placements:
            file, where = _placement_where(p, bf, enc.map_path)
            if p.creature_id not in defs.creatures and not is_defined(
                ctx.report.defined, "creature", p.creature_id
            ):
                ctx.report.add(
                    file,
                    where,
                    f"placement: unknown creature '{p.creature_id}'"
                    f"{suggest(p.creature_id, defs.creatures)} (used by {label})",
                )
            if check_sides and p.side not in side_ids:
                ctx.report.add(
                    file,
                    where,
                    f"placement: unknown side '{p.side}'{suggest(p.side, side_ids)}"
                    f" ({label} has sides: {', '.join(sorted(side_ids))})",
                )
    for n, (e, line) in enumerate(zip(enc.creatures, lines, strict=True)):
        elabel = f"{label}: creature {n + 1} ({e.creature_id})"
        if e.square is None and not e.mounted_on and _match_placement(e, bf.placements) is None:
            what = f"named '{e.name}'" if e.name else f"of '{e.creature_id}' (or more than one)"
            ctx.add(
                line,
                f"{elabel}: no square given and no single map placement {what} to take it from",
            )
    roster = _roster(enc, bf)

    def add(origin: tuple[str, int], what: str) -> None:
        if origin[0] == "listed":
            ctx.add(lines[origin[1]], f"{label}: {what}")
        else:
            file, where = _placement_where(bf.placements[origin[1]], bf, enc.map_path)
            ctx.report.add(file, where, f"placement: {what} (in {label})")

    names: dict[str, list[EncounterCreature]] = {}
    for e, _ in roster:
        names.setdefault(e.name, []).append(e)
    taken: dict[tuple[int, int, float], EncounterCreature] = {}
    for e, origin in roster:
        cdef = defs.creatures.get(e.creature_id)
        if cdef is None:
            continue
        if e.square is None:  # only a rider gets here: its mount could not be found
            problem = _mount_problem(e, cdef.size, names, defs, rs) if e.mounted_on else ""
            if problem:
                add(origin, f"{e.name or cdef.name}: {problem}")
            continue
        who = e.name or cdef.name
        space = rs.space_for(cdef.size)
        x, y = e.square
        if not (bf.in_bounds((x, y)) and bf.in_bounds((x + space - 1, y + space - 1))):
            fit = "" if space == 1 else f" ({space}x{space} space)"
            add(
                origin,
                f"{who}: square [{x}, {y}]{fit} is off the map "
                f"({bf.width} x {bf.height} squares: x 0-{bf.width - 1}, y 0-{bf.height - 1})",
            )
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
                add(
                    origin,
                    f"{who}: square [{sq[0]}, {sq[1]}] is already taken by "
                    f"{other.name or _def_name(defs, other.creature_id)}",
                )
                break
            taken[key] = e


def leader_problems(enc: EncounterDef, bf: Battlefield, defs: Definitions) -> list[tuple[str, str]]:
    """(side id, what is wrong) for each side whose ``leader`` names no single creature of that
    side with ranks in Lead (OSR, Seed: Rolling Morale Checks)."""
    roster = [e for e, _ in _roster(enc, bf)]
    out: list[tuple[str, str]] = []
    for s in enc.sides:
        if not s.leader:
            continue
        named = [e for e in roster if (e.name or _def_name(defs, e.creature_id)) == s.leader]
        cdef = defs.creatures.get(named[0].creature_id) if len(named) == 1 else None
        lead = dict(named[0].changes).get("lead", cdef.lead) if cdef is not None else 1
        if not named:
            names = [e.name or _def_name(defs, e.creature_id) for e in roster if e.side == s.id]
            out.append((s.id, f"leader '{s.leader}' names no creature of this encounter"
                              f"{suggest(s.leader, names)}"))
        elif len(named) > 1:
            out.append((s.id, f"leader '{s.leader}' is ambiguous: {len(named)} creatures have "
                              "that name"))
        elif named[0].side != s.id:
            out.append((s.id, f"leader '{s.leader}' is on side '{named[0].side}': a side's "
                              "leader is one of its own"))
        elif lead <= 0:
            out.append((s.id, f"leader '{s.leader}' has no ranks in Lead"))
    return out


def leaders_as_ids(sides: tuple[Side, ...] | list[Side],
                   by_name: Mapping[str, str]) -> tuple[Side, ...]:
    """The encounter's sides with each leader's name (the file's) as the fight's creature id."""
    return tuple(replace(s, leader=by_name.get(s.leader, "")) if s.leader else s for s in sides)


def _def_name(defs: Definitions, cid: str) -> str:
    """A creature's name from its definition (its id if it has none)."""
    cdef = defs.creatures.get(cid)
    return cdef.name if cdef is not None else cid


def _mount_problem(
    rider: EncounterCreature,
    rider_size: float,
    names: dict[str, list[EncounterCreature]],
    defs: Definitions,
    rs: RulesetDef,
) -> str:
    """Seed SotDL Ride: a mount is a creature larger than you; you share its space."""
    mounts = [m for m in names.get(rider.mounted_on, ()) if m is not rider]
    if len(mounts) > 1:
        return (
            f"mounted_on '{rider.mounted_on}' is ambiguous: {len(mounts)} creatures have that name"
        )
    mount = mounts[0] if mounts else None
    if mount is None and rider.mounted_on == rider.name:
        return f"mounted_on '{rider.mounted_on}' is this creature's own name: it cannot ride itself"
    if mount is None:
        return (
            f"mounted_on '{rider.mounted_on}' names no other creature of this encounter"
            f"{suggest(rider.mounted_on, [n for n in names if n and n != rider.mounted_on])}"
        )
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
            return (
                f"square [{rx}, {ry}] is not in the space of its mount '{rider.mounted_on}' "
                f"(at [{mx}, {my}], {space}x{space})"
            )
    return ""
