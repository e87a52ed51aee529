"""Obscurement between two creatures, from the battlefield's zones and light.

Seed SotDL: Cover & Obscurement. Partially obscured (foliage, dim light): attack rolls against
you with 1 bane; heavily (thick fog, darkness): 2 banes; totally (invisible, magical darkness):
3 banes, and the attacker must know your location.

Precisely, the level a target has against an attacker is the worst of:

* the *zones* (``Battlefield.obscurement``: foliage, fog, magical darkness) of every square
  the straight line from the centre of the attacker's space to the centre of the target's space
  passes through (grid squares it only touches at a corner do not count), leaving out the
  attacker's own squares (a creature looks out of the bush it stands in), plus every square of
  the target's space;
* the *light* on the target: what the ruleset file says each light level does
  (``params.light``: bright none, dim partial, dark heavy by default), taken on the best-lit
  square of the target's space (any lit part of a creature shows it). Light between the two
  does not matter: a lit target is seen from the dark;
* total when the target is invisible.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from game.rules.battlefield import Battlefield, Light, Obscurement, Square, Zone
from game.rules.body import Body
from game.rules.geometry.sight_walls import points_in_polygon

DEFAULT_LIGHT: Mapping[str, str] = {"bright": "none", "dim": "partial", "dark": "heavy"}
DEFAULT_BANES: Mapping[str, int] = {"partial": 1, "heavy": 2, "total": 3}
_NAMES = {
    "none": Obscurement.NONE,
    "partial": Obscurement.PARTIAL,
    "heavy": Obscurement.HEAVY,
    "total": Obscurement.TOTAL,
}


def light_table(light: Mapping[str, str] | None = None) -> np.ndarray:
    """Obscurement each Light level gives, from the ruleset's ``params.light`` mapping.

    >>> light_table().tolist(), light_table({"dim": "none", "dark": "partial"}).tolist()
    ([0, 1, 2], [0, 0, 1])
    """
    merged = dict(DEFAULT_LIGHT)
    merged.update(light or {})
    out = np.zeros(len(Light), dtype=np.uint8)
    for lv in Light:
        name = str(merged.get(lv.name.lower(), "none")).lower()
        if name not in _NAMES:
            raise ValueError(f"params.light.{lv.name.lower()}: unknown obscurement {name!r}")
        out[int(lv)] = int(_NAMES[name])
    return out


def obscurement_banes(level: Obscurement, banes: Mapping[str, int] | None = None) -> int:
    """Banes on attack rolls against a creature so obscured (ruleset ``params.obscurement_banes``).

    >>> [obscurement_banes(Obscurement(i)) for i in range(4)]
    [0, 1, 2, 3]
    """
    if level == Obscurement.NONE:
        return 0
    table = dict(DEFAULT_BANES)
    table.update(banes or {})
    return int(table[level.name.lower()])


def line_squares(start: tuple[float, float], end: tuple[float, float]) -> list[Square]:
    """Squares a 2D segment passes through, in order (corners it only touches are left out).

    >>> line_squares((0.5, 0.5), (3.5, 1.5))
    [(0, 0), (1, 0), (2, 1), (3, 1)]
    """
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    ts = [0.0, 1.0]
    if dx:
        lo, hi = sorted((x0, x1))
        ts += [(k - x0) / dx for k in range(int(np.floor(lo)) + 1, int(np.ceil(hi)))]
    if dy:
        lo, hi = sorted((y0, y1))
        ts += [(k - y0) / dy for k in range(int(np.floor(lo)) + 1, int(np.ceil(hi)))]
    t = np.unique(np.clip(np.asarray(ts), 0.0, 1.0))
    mid = (t[:-1] + t[1:]) / 2 if len(t) > 1 else t
    mid = mid[np.diff(t) > 1e-12] if len(t) > 1 else mid
    out: list[Square] = []
    for m in mid.tolist():
        sq = (int(np.floor(x0 + m * dx)), int(np.floor(y0 + m * dy)))
        if not out or out[-1] != sq:
            out.append(sq)
    if not out:
        out.append((int(np.floor(x0)), int(np.floor(y0))))
    return out


@dataclass(frozen=True)
class Obscured:
    """How obscured a target is from an attacker, and why (for the UI and the log)."""

    level: Obscurement
    banes: int
    zone_level: Obscurement
    light_level: Obscurement
    worst_square: Square | None  # where the worst zone is (None: the light or invisibility)
    squares: tuple[Square, ...]  # the squares the line passes (for drawing)
    reason: str

    @property
    def requires_known_location(self) -> bool:
        """Totally obscured: the attacker must know (or guess) where the target is."""
        return self.level == Obscurement.TOTAL


def _light_at(bf: Battlefield, body: Body, table: np.ndarray) -> Obscurement:
    """Obscurement from light on the best-lit square of a body's space."""
    levels = [int(table[int(bf.light[y, x])]) for x, y in body.squares() if bf.in_bounds((x, y))]
    return Obscurement(min(levels) if levels else 0)


def _zones_at(bf: Battlefield, squares: list[Square]) -> tuple[Obscurement, Square | None]:
    """Worst zone among squares, and the first square where it is."""
    best, where = 0, None
    for x, y in squares:
        if bf.in_bounds((x, y)):
            v = int(bf.obscurement[y, x])
            if v > best:
                best, where = v, (x, y)
    return Obscurement(best), where


def zone_name(bf: Battlefield, square: Square, prop: str) -> str:
    """Name (or kind) of the map zone giving ``prop`` ("obscurement", "light") to a square.

    >>> from game.rules.battlefield import Zone
    >>> bf = Battlefield.blank(3, 1)
    >>> bf.zones = (Zone(1, "foliage", ((1, 0), (2, 0), (2, 1), (1, 1)),
    ...                  (("obscurement", "partial"),), "thicket"),)
    >>> zone_name(bf, (1, 0), "obscurement"), zone_name(bf, (0, 0), "obscurement")
    ('thicket', '')
    """
    x, y = square
    # the centre and four inset corners: a zone the rasterizer gave this square overlaps one
    px = np.array([0.5, 0.05, 0.95, 0.05, 0.95]) + x
    py = np.array([0.5, 0.05, 0.05, 0.95, 0.95]) + y
    for z in _zone_index(bf.zones, prop).at(x, y):
        if points_in_polygon(px, py, z.points).any():
            return z.name or z.kind
    return ""


class _ZoneIndex:
    """The zones giving one property, by 8-yard bucket of their bounding boxes (a spatial
    index): naming the zone at a square tests the few whose box holds it, in map order."""

    CELL = 8

    def __init__(self, zones: Sequence[Zone], prop: str) -> None:
        self.cells: dict[tuple[int, int], list[tuple[int, Zone]]] = {}
        for i, z in enumerate(zones):
            if len(z.points) < 3 or prop not in dict(z.properties):
                continue
            xs = [p[0] for p in z.points]
            ys = [p[1] for p in z.points]
            c = self.CELL
            for by in range(int(math.floor(min(ys))) // c, int(math.floor(max(ys))) // c + 1):
                for bx in range(int(math.floor(min(xs))) // c, int(math.floor(max(xs))) // c + 1):
                    self.cells.setdefault((bx, by), []).append((i, z))

    def at(self, x: int, y: int) -> list[Zone]:
        """Zones whose box may hold square (x, y), in map order."""
        c = self.CELL
        found = {i: z for bx in (x // c, (x + 1) // c) for by in (y // c, (y + 1) // c)
                 for i, z in self.cells.get((bx, by), ())}
        return [found[i] for i in sorted(found)]


_ZONE_INDEXES: list[tuple[Sequence[Zone], str, _ZoneIndex]] = []  # the last few maps


def _zone_index(zones: Sequence[Zone], prop: str) -> _ZoneIndex:
    for zs, pr, hit in _ZONE_INDEXES:
        if zs is zones and pr == prop:
            return hit
    out = _ZoneIndex(zones, prop)
    _ZONE_INDEXES[:] = [(zones, prop, out)] + _ZONE_INDEXES[:7]  # holding zones keeps ids unique
    return out


def obscurement_at(
    bf: Battlefield, body: Body, *, light: Mapping[str, str] | None = None, invisible: bool = False
) -> Obscurement:
    """How obscured a creature is where it stands (zones in its space, light on it): for Hide.

    >>> from game.rules.ascii_grid import parse_ascii
    >>> obscurement_at(parse_ascii('f.'), Body((0, 0))).name
    'HEAVY'
    >>> obscurement_at(parse_ascii('D.'), Body((1, 0))).name
    'NONE'
    """
    if invisible:
        return Obscurement.TOTAL
    zone, _ = _zones_at(bf, list(body.squares()))
    return Obscurement(max(zone, _light_at(bf, body, light_table(light))))


def obscurement_between(
    bf: Battlefield,
    *,
    attacker: Body,
    target: Body,
    light: Mapping[str, str] | None = None,
    banes: Mapping[str, int] | None = None,
    target_invisible: bool = False,
) -> Obscured:
    """Obscurement the target has against the attacker (rule in the module docstring).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> bf = parse_ascii('..%..')
    >>> o = obscurement_between(bf, attacker=Body((0, 0)), target=Body((4, 0)))
    >>> o.level.name, o.banes, o.worst_square, o.reason
    ('PARTIAL', 1, (2, 0), 'partially obscured: obscuring zone at (2, 0)')
    """
    table = light_table(light)
    own = set(attacker.squares())
    path = [sq for sq in line_squares(attacker.center_yd(), target.center_yd()) if sq not in own]
    zone, where = _zones_at(bf, path + [sq for sq in target.squares() if sq not in path])
    lit = _light_at(bf, target, table)
    level = Obscurement(max(zone, lit))
    if target_invisible:
        level = Obscurement.TOTAL
        reason = "totally obscured: invisible"
    elif level == Obscurement.NONE:
        reason = "not obscured"
    else:
        word = {1: "partially", 2: "heavily", 3: "totally"}[int(level)]
        if zone >= lit:
            named = zone_name(bf, where, "obscurement") if where else ""
            reason = f"{word} obscured: {named or 'obscuring zone'} at {where}"
        else:
            _, lv, sq = min(
                (int(table[int(bf.light[y, x])]), int(bf.light[y, x]), (x, y))
                for x, y in target.squares()
                if bf.in_bounds((x, y))
            )
            light_name = {"dim": "dim light", "dark": "darkness"}.get(
                Light(lv).name.lower(), Light(lv).name.lower()
            )
            named = zone_name(bf, sq, "light")
            reason = f"{word} obscured: {light_name}" + (f" ({named})" if named else "")
    return Obscured(
        level=level,
        banes=obscurement_banes(level, banes),
        zone_level=zone,
        light_level=lit,
        worst_square=where if zone >= lit and zone > 0 and not target_invisible else None,
        squares=tuple(path),
        reason=reason,
    )
