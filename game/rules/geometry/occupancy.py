"""Footprints and who stands where: the squares a creature takes by Size, and free spaces.

Seed SotDL: Move ("allies can be passed through, enemies cannot, and nobody ends in an
occupied space" is the issue's reading of the chapter). Arrays are (rows, cols), ``[y, x]``;
an *anchor* is the top-left square of a footprint.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from game.rules.battlefield import Battlefield, Square, Terrain
from game.rules.body import Body
from game.rules.definitions import RulesetDef


def space_for_size(size: float, *, ruleset: RulesetDef | None = None) -> int:
    """Side of the square space of a creature of this Size (Size 2 takes 2x2; small: 1).

    >>> space_for_size(0.5), space_for_size(2), space_for_size(3)
    (1, 2, 3)
    """
    return (ruleset or RulesetDef("default", "default")).space_for(size)


def footprint_reduce(
    mask: np.ndarray, *, space: int, how: str = "any", fill: object = True
) -> np.ndarray:
    """Per anchor, ``any``/``all``/``max``/``min`` of ``mask`` over its footprint.

    Anchors whose footprint leaves the grid get ``fill``.

    >>> m = np.array([[0, 1, 0], [0, 0, 0]], dtype=bool)
    >>> footprint_reduce(m, space=2).astype(int).tolist()
    [[1, 1, 1], [1, 1, 1]]
    >>> footprint_reduce(m, space=1).astype(int).tolist()
    [[0, 1, 0], [0, 0, 0]]
    """
    if space <= 1:
        return mask.copy()
    h, w = mask.shape
    out = np.full((h, w), fill, dtype=mask.dtype if how in ("max", "min") else bool)
    if h < space or w < space:
        return out
    win = sliding_window_view(mask, (space, space))
    reduce: Any = {"any": np.any, "all": np.all, "max": np.max, "min": np.min}[how]
    red = reduce(win, axis=(-2, -1))
    out[: h - space + 1, : w - space + 1] = red
    return out


def rasterize(
    shape: tuple[int, int], bodies: Iterable[Body], *, origin: Square = (0, 0)
) -> np.ndarray:
    """Boolean mask of the squares the bodies' footprints cover, in a window at ``origin``.

    >>> rasterize((3, 3), [Body((1, 1), space=2)]).astype(int).tolist()
    [[0, 0, 0], [0, 1, 1], [0, 1, 1]]
    """
    h, w = shape
    ox, oy = origin
    out = np.zeros(shape, dtype=bool)
    for b in bodies:  # a plain loop: faster than numpy for a few dozen bodies
        x, y = b.square
        x -= ox
        y -= oy
        s = b.space
        if x >= w or y >= h or x + s <= 0 or y + s <= 0:
            continue
        out[(y if y > 0 else 0) : y + s, (x if x > 0 else 0) : x + s] = True
    return out
    xyz = np.array([(b.square[0] - ox, b.square[1] - oy, b.space) for b in bodies])
    x0, y0, sp = xyz[:, 0], xyz[:, 1], xyz[:, 2]
    near = (x0 < w) & (y0 < h) & (x0 + sp > 0) & (y0 + sp > 0)
    for x, y, s in xyz[near].tolist():  # only the few bodies in the window
        out[max(0, y) : max(0, y + s), max(0, x) : max(0, x + s)] = True
    return out


def anchors_overlapping(occupied: np.ndarray, *, space: int) -> np.ndarray:
    """Anchors where a ``space``-wide footprint would overlap an occupied square.

    >>> occ = np.zeros((3, 3), dtype=bool); occ[1, 1] = True
    >>> anchors_overlapping(occ, space=2).astype(int).tolist()
    [[1, 1, 0], [1, 1, 0], [0, 0, 0]]
    """
    if space <= 1:
        return occupied
    h, w = occupied.shape
    pad = np.zeros((h + space - 1, w + space - 1), dtype=bool)
    pad[:h, :w] = occupied
    # a footprint anchored at (y, x) covers [y, y+space) x [x, x+space)
    return np.asarray(sliding_window_view(pad, (space, space)).any(axis=(-2, -1)))


def overlaps(a: Body, b: Body) -> bool:
    """True if two footprints share a square (and their heights overlap).

    >>> overlaps(Body((0, 0), space=2), Body((1, 1))), overlaps(Body((0, 0)), Body((1, 0)))
    (True, False)
    """
    ax, ay = a.square
    bx, by = b.square
    flat = ax < bx + b.space and bx < ax + a.space and ay < by + b.space and by < ay + a.space
    if not flat:
        return False
    return (
        a.elevation_yd < b.elevation_yd + b.height_yd
        and b.elevation_yd < a.elevation_yd + a.height_yd
    )


def can_stand(bf: Battlefield, body: Body, *, others: Sequence[Body] = ()) -> bool:
    """True if the body fits: on the grid, no impassable square, nobody else there.

    >>> from game.rules.ascii_grid import parse_ascii
    >>> bf = parse_ascii('''
    ... ..#
    ... ...
    ... ''')
    >>> can_stand(bf, Body((0, 0), space=2)), can_stand(bf, Body((1, 0), space=2))
    (True, False)
    """
    for x, y in body.squares():
        if not bf.in_bounds((x, y)) or bf.terrain[y, x] & Terrain.IMPASSABLE:
            return False
    return not any(overlaps(body, o) for o in others)


def free_spaces_near(
    bf: Battlefield,
    *,
    body: Body,
    radius: int,
    others: Sequence[Body] = (),
    away_from: tuple[float, float] | None = None,
) -> list[Square]:
    """Anchors within ``radius`` squares of ``body`` where it could stand, best first.

    Best: farthest from ``away_from`` (a point in yards), then nearest to where the body is
    (Seed SotDL: Ride, a rider knocked prone lands within 1 yard, away from the source).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> bf = parse_ascii('''
    ... ...
    ... ...
    ... ''')
    >>> free_spaces_near(bf, body=Body((1, 0)), radius=1, away_from=(0.5, 0.5))[:2]
    [(2, 1), (2, 0)]
    """
    x0, y0 = body.square
    cx, cy = body.center_yd()
    out: list[tuple[float, float, int, int, Square]] = []
    for y in range(y0 - radius, y0 + body.space + radius):
        for x in range(x0 - radius, x0 + body.space + radius):
            cand = body.moved_to((x, y))
            gap_x = max(0, x - (x0 + body.space - 1), x0 - (x + body.space - 1))
            gap_y = max(0, y - (y0 + body.space - 1), y0 - (y + body.space - 1))
            if max(gap_x, gap_y) > radius or (x, y) == (x0, y0):
                continue
            if not can_stand(bf, cand, others=others):
                continue
            mx, my = cand.center_yd()
            away = 0.0
            if away_from is not None:
                away = -((mx - away_from[0]) ** 2 + (my - away_from[1]) ** 2)
            near = (mx - cx) ** 2 + (my - cy) ** 2
            out.append((away, near, y, x, (x, y)))
    out.sort()
    return [o[-1] for o in out]
