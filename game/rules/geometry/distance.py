"""Distances on the yard grid under a ruleset's diagonal rule, in 3D where elevations differ.

Seed SotDL: Move ("move up to your Speed in yards"). The chapter does not say how diagonals
count; the ruleset file picks one of :data:`DIAGONAL_RULES` (``RulesetDef.diagonal_rule``):

* ``"chebyshev"``: every diagonal step is 1 yard (the published game's grid default);
* ``"alternating"``: diagonals cost 1, 2, 1, 2 ... yards (so 2 diagonals cost 3);
* ``"euclidean"``: straight-line yards (a diagonal step is about 1.41 yards).

Elevation is a third axis: a vertical gap combines with the horizontal distance by the same rule
(chebyshev: the larger; alternating: ``d + floor(dz / 2)`` for the shorter leg; euclidean:
Pythagoras). Vertical gaps in the grid rules are rounded up to whole yards.
"""

from __future__ import annotations

import math

import numpy as np

from game.rules.body import Body

DIAGONAL_RULES = ("chebyshev", "alternating", "euclidean")
SQRT2 = math.sqrt(2.0)


def check_rule(rule: str) -> str:
    """Return the rule, or raise ValueError naming the valid ones."""
    if rule not in DIAGONAL_RULES:
        raise ValueError(f"unknown diagonal rule {rule!r}: use one of {', '.join(DIAGONAL_RULES)}")
    return rule


def _combine(a: float, b: float, rule: str) -> float:
    """Two perpendicular legs a, b (yards) combined by the diagonal rule."""
    if rule == "euclidean":
        return math.hypot(a, b)
    a, b = (math.ceil(a - 1e-9), math.ceil(b - 1e-9))
    hi, lo = max(a, b), min(a, b)
    if rule == "chebyshev":
        return float(hi)
    return float(hi + lo // 2)


def grid_distance(dx: float, dy: float, dz: float = 0.0, *, rule: str = "chebyshev") -> float:
    """Yards between two squares dx, dy apart (and dz yards apart vertically).

    >>> grid_distance(3, 2, rule="chebyshev"), grid_distance(3, 2, rule="alternating")
    (3.0, 4.0)
    >>> round(grid_distance(3, 4, rule="euclidean"), 2), grid_distance(1, 1, 3, rule="chebyshev")
    (5.0, 3.0)
    """
    check_rule(rule)
    flat = _combine(abs(dx), abs(dy), rule)
    if not dz:
        return flat
    return _combine(flat, abs(dz), rule)


def step_length(dx: int, dy: int, *, rule: str = "chebyshev", diagonals_before: int = 0) -> float:
    """Length in yards of one step to a neighbouring square (before terrain multipliers).

    ``diagonals_before`` counts the diagonal steps already taken this move, for the
    alternating rule (Seed SotDL: Move; the 1-2-1 count carries through a whole move).

    >>> [step_length(1, 1, rule="alternating", diagonals_before=n) for n in range(3)]
    [1.0, 2.0, 1.0]
    >>> step_length(1, 0, rule="euclidean"), round(step_length(1, 1, rule="euclidean"), 3)
    (1.0, 1.414)
    """
    if dx and dy:
        if rule == "euclidean":
            return SQRT2
        if rule == "alternating":
            return 2.0 if diagonals_before % 2 else 1.0
        return 1.0
    return 1.0 if (dx or dy) else 0.0


def interval_gap(a0: float, a1: float, b0: float, b1: float) -> float:
    """Empty space between the closed intervals [a0, a1] and [b0, b1] (0 if they touch).

    >>> interval_gap(0, 2, 3, 5), interval_gap(0, 2, 1, 5)
    (1, 0)
    """
    return max(0, b0 - a1, a0 - b1)


def body_gap(a: Body, b: Body) -> tuple[int, int, float]:
    """Squares between two footprints on x and y, plus the vertical gap in yards.

    Adjacent footprints are 1 square apart (Seed SotDL: reach 1 touches adjacent squares).

    >>> body_gap(Body((0, 0)), Body((1, 1)))
    (1, 1, 0.0)
    >>> body_gap(Body((0, 0), space=2), Body((4, 1)))
    (3, 0, 0.0)
    """
    ax, ay = a.square
    bx, by = b.square
    dx = max(0, bx - (ax + a.space - 1), ax - (bx + b.space - 1))
    dy = max(0, by - (ay + a.space - 1), ay - (by + b.space - 1))
    dz = float(
        interval_gap(
            a.elevation_yd,
            a.elevation_yd + a.height_yd,
            b.elevation_yd,
            b.elevation_yd + b.height_yd,
        )
    )
    return dx, dy, dz


def body_distance(a: Body, b: Body, *, rule: str = "chebyshev") -> float:
    """Yards between the nearest parts of two creatures (footprints and heights).

    A creature standing 3 yards below a 2-yard-tall one on a ledge is 1 yard from it.

    >>> body_distance(Body((0, 0)), Body((3, 1)))
    3.0
    >>> body_distance(Body((0, 0), height_yd=2.0), Body((1, 0), elevation_yd=3.0))
    1.0
    """
    dx, dy, dz = body_gap(a, b)
    return grid_distance(dx, dy, dz, rule=rule)


def distance_grid(
    shape: tuple[int, int],
    *,
    target: Body,
    space: int = 1,
    elevation: np.ndarray | None = None,
    height_yd: float = 2.0,
    rule: str = "chebyshev",
    origin: tuple[int, int] = (0, 0),
) -> np.ndarray:
    """Distance from ``target`` to a ``space``-wide body anchored at every square of a window.

    ``shape`` is (rows, cols) of the window whose top-left square is ``origin`` (x, y);
    ``elevation`` (same shape) gives the feet of the anchored body (default: 0).

    >>> distance_grid((1, 4), target=Body((0, 0))).tolist()
    [[0.0, 1.0, 2.0, 3.0]]
    """
    check_rule(rule)
    h, w = shape
    ox, oy = origin
    xs = np.arange(w) + ox
    ys = np.arange(h) + oy
    tx, ty = target.square
    dx = np.maximum(0, np.maximum(tx - (xs + space - 1), xs - (tx + target.space - 1)))
    dy = np.maximum(0, np.maximum(ty - (ys + space - 1), ys - (ty + target.space - 1)))
    DX = np.broadcast_to(dx[None, :], shape).astype(np.float64)
    DY = np.broadcast_to(dy[:, None], shape).astype(np.float64)
    e = np.zeros(shape) if elevation is None else np.asarray(elevation, dtype=np.float64)
    t0, t1 = target.elevation_yd, target.elevation_yd + target.height_yd
    DZ = np.maximum(0.0, np.maximum(t0 - (e + height_yd), e - t1))
    return _combine_arr(_combine_arr(DX, DY, rule), DZ, rule)


def _combine_arr(a: np.ndarray, b: np.ndarray, rule: str) -> np.ndarray:
    """Vectorized :func:`_combine`."""
    if rule == "euclidean":
        return np.hypot(a, b)
    a = np.ceil(a - 1e-9) + 0.0  # + 0.0 turns -0.0 into 0.0
    b = np.ceil(b - 1e-9) + 0.0
    hi, lo = np.maximum(a, b), np.minimum(a, b)
    if rule == "chebyshev":
        return hi
    return hi + np.floor(lo / 2)
