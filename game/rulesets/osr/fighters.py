"""A snapshot of a creature as the OSR rules read it, and the footprint relations they need.

The plug-in builds ``Fighter`` values from the engine's creatures, so modifiers, morale and
formations stay plain functions over the battlefield and these snapshots (no engine objects).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.rules.battlefield import Square
from game.rules.body import Body

#: Conditions that take a creature out of the fight for flanking, melee and morale counts.
OUT_OF_FIGHT = frozenset({"dead", "unconscious", "incapacitated", "fled", "surrendered"})


@dataclass(frozen=True)
class Fighter:
    """One creature: name, side, body and the conditions the OSR rules look at."""

    name: str
    side: str
    body: Body
    conditions: frozenset[str] = frozenset()  # "prone", "invisible", "hidden", "burning", ...
    tags: frozenset[str] = frozenset()  # definition tags: "mob", "darkvision", "retainer"
    hidden_from: frozenset[str] = frozenset()  # names of creatures it is hidden from
    formation: str = ""
    label: str = ""  # what the GM reads (the creature's name); ``name`` is its id

    @property
    def shown(self) -> str:
        """The name the GM reads in reasons."""
        return self.label or self.name

    @property
    def active(self) -> bool:
        """Still fighting: not dead, unconscious, fled or surrendered."""
        return not (self.conditions & OUT_OF_FIGHT)

    def has(self, condition: str) -> bool:
        """True if the creature has the named condition."""
        return condition in self.conditions


def sq(s: Sequence[int]) -> Square:
    """A square from any pair of numbers (scenario files and JSON give lists).

    >>> sq([3, 4])
    (3, 4)
    """
    return (int(s[0]), int(s[1]))


def gap_squares(a: Body, b: Body) -> int:
    """Squares from one footprint to the other on the grid (adjacent: 1, overlapping: 0).

    >>> gap_squares(Body((0, 0)), Body((1, 1))), gap_squares(Body((0, 0), space=2), Body((4, 0)))
    (1, 3)
    """
    ax0, ay0 = a.square
    bx0, by0 = b.square
    dx = max(0, bx0 - (ax0 + a.space - 1), ax0 - (bx0 + b.space - 1))
    dy = max(0, by0 - (ay0 + a.space - 1), ay0 - (by0 + b.space - 1))
    return max(dx, dy)


def in_melee(a: Fighter, b: Fighter, reach: int = 1) -> bool:
    """Two active creatures of different sides within ``reach`` squares of each other."""
    return a.side != b.side and a.active and b.active and gap_squares(a.body, b.body) <= reach


def engaged_foes(who: Fighter, others: Iterable[Fighter], reach: int = 1) -> list[Fighter]:
    """Active enemies in melee with ``who`` (Seed OSR: "in melee")."""
    return [o for o in others if o.name != who.name and in_melee(who, o, reach)]


def angle_at(centre: tuple[float, float], p: tuple[float, float], q: tuple[float, float]) -> float:
    """Angle p-centre-q in degrees (0 when p and q are in the same direction).

    >>> round(angle_at((0, 0), (-1, 0), (1, 0))), round(angle_at((0, 0), (-1, 0), (1, 1)))
    (180, 135)
    """
    ax, ay = p[0] - centre[0], p[1] - centre[1]
    bx, by = q[0] - centre[0], q[1] - centre[1]
    na, nb = math.hypot(ax, ay), math.hypot(bx, by)
    if na == 0 or nb == 0:
        return 0.0
    cos = max(-1.0, min(1.0, (ax * bx + ay * by) / (na * nb)))
    return math.degrees(math.acos(cos))


def direction_of(centre: tuple[float, float], p: tuple[float, float]) -> str:
    """Which of N, E, S, W the point lies in, seen from the centre (y grows down; ties go N/S).

    >>> direction_of((0, 0), (2, 1)), direction_of((0, 0), (1, -1)), direction_of((0, 0), (-3, 0))
    ('E', 'N', 'W')
    """
    dx, dy = p[0] - centre[0], p[1] - centre[1]
    if abs(dx) > abs(dy):
        return "E" if dx > 0 else "W"
    return "S" if dy > 0 else "N"


def segment_crosses_body(
    a: tuple[float, float], b: tuple[float, float], body: Body, *, shrink: float = 0.1
) -> bool:
    """True if the segment a-b passes through the body's footprint (shrunk to skip grazes).

    >>> segment_crosses_body((0.5, 0.5), (4.5, 0.5), Body((2, 0)))
    True
    >>> segment_crosses_body((0.5, 0.5), (4.5, 4.5), Body((2, 0)))
    False
    """
    x0, y0 = body.square[0] + shrink, body.square[1] + shrink
    x1, y1 = body.square[0] + body.space - shrink, body.square[1] + body.space - shrink
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    # Liang-Barsky clipping of the segment against the square
    for p, q in ((-dx, a[0] - x0), (dx, x1 - a[0]), (-dy, a[1] - y0), (dy, y1 - a[1])):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True
