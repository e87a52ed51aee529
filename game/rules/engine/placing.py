"""Where a creature may be put before the fight (issue 11's set-up): free squares for its
space, its own footprint on the ground, and who rides whom (the facts the riding plug-in keeps
as creature data: "riding" the mount a rider sits on, "rider" who sits on a mount, "mount" a
rider still to be seated, as an encounter's ``mounted_on``). Pure: no events, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.battlefield import Square, Terrain
from game.rules.body import Body
from game.rules.engine.ruleset import Ruleset
from game.rules.engine.state import EncounterState

#: How far from the drop point "4 goblins" may spread, in squares.
SPREAD_SQUARES = 6


def space_problem(state: EncounterState, space: int, square: Square, *,
                  exclude: str | Iterable[str] = "", elevation_yd: float | None = None,
                  taken: Iterable[Square] = ()) -> str:
    """Why a creature of this space cannot stand at square ('' if it can): off the map, a wall,
    another creature (at the same height); ``exclude``: the creatures being moved."""
    skip = {exclude} if isinstance(exclude, str) else set(exclude)
    bf = state.battlefield
    x, y = int(square[0]), int(square[1])
    squares = [(x + dx, y + dy) for dy in range(space) for dx in range(space)]
    if not all(bf.in_bounds(s) for s in squares):
        fit = "" if space == 1 else f" ({space}x{space} space)"
        return (f"square [{x}, {y}]{fit} is off the map ({bf.width} x {bf.height} squares: "
                f"x 0-{bf.width - 1}, y 0-{bf.height - 1})")
    also = set(taken)
    for s in squares:
        if elevation_yd is None and bf.terrain_at(s) & Terrain.IMPASSABLE:
            return f"square [{s[0]}, {s[1]}] is a wall (impassable)"
        if s in also:
            return f"square [{s[0]}, {s[1]}] is taken"
        for c in state.creatures.values():
            if c.id in skip or not c.in_fight or s not in c.body.squares():
                continue
            if elevation_yd is None or abs(c.body.elevation_yd - elevation_yd) < c.body.height_yd:
                return f"square [{s[0]}, {s[1]}] is taken by {c.name}"
    return ""


def free_squares_near(state: EncounterState, space: int, square: Square, count: int, *,
                      elevation_yd: float | None = None) -> list[Square]:
    """Up to ``count`` top-left squares near ``square`` where such creatures fit side by side,
    nearest first (ring by ring, then row by row: the same answer every time)."""
    x0, y0 = int(square[0]), int(square[1])
    out: list[Square] = []
    used: set[Square] = set()
    for r in range(SPREAD_SQUARES * space + 1):
        ring = sorted({(x0 + dx, y0 + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
                       if max(abs(dx), abs(dy)) == r}, key=lambda s: (s[1], s[0]))
        for s in ring:
            if not space_problem(state, space, s, elevation_yd=elevation_yd, taken=used):
                out.append(s)
                used.update((s[0] + dx, s[1] + dy) for dy in range(space) for dx in range(space))
                if len(out) == count:
                    return out
    return out


def mount_of(state: EncounterState, cid: str) -> str:
    """The mount this creature rides or is to be seated on ('' none)."""
    c = state.creatures[cid]
    m = c.data.get("riding") or c.data.get("mount") or ""
    return m if m in state.creatures and m != cid else ""


def rider_on(state: EncounterState, cid: str) -> str:
    """The creature riding (or to be seated on) this one ('' none)."""
    r = state.creatures[cid].data.get("rider") or ""
    if r in state.creatures:
        return str(r)
    return next((o.id for o in state.creatures.values()
                 if o.id != cid and mount_of(state, o.id) == cid), "")


def plays_riding(rs: Ruleset) -> bool:
    """Whether the ruleset plays riding: it registers a ``mount`` command (SotDL: Ride)."""
    return "mount" in rs.command_names


def own_body(state: EncounterState, rs: Ruleset, cid: str, square: Square) -> Body:
    """The creature on its own feet at ``square``: its Size's space and height, on the ground."""
    c, d = state.creatures[cid], rs.definition
    sq = (int(square[0]), int(square[1]))
    return Body(sq, d.space_for(c.definition.size), float(state.battlefield.elevation_at(sq)),
                d.height_for(c.definition.size))


def stand_square(state: EncounterState, rs: Ruleset, rider: str, mount: str) -> Square | None:
    """Where a rider getting down stands: the free square nearest its mount."""
    space = rs.definition.space_for(state.creatures[rider].definition.size)
    found = free_squares_near(state, space, state.creatures[mount].square, 1)
    return found[0] if found else None
