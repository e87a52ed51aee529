"""Area effects: the squares and creatures a cone, line, sphere or cube covers.

Seed SotDL: Attack with a Spell; Hide ("you are still subject to area effects"); Totally Covered
("you cannot be a target for any attack or effect"). The chapter gives no shapes; these are the
published game's, as Battlemat reads them (DEFAULTS, listed in docs/rules/sotdl.md):

* sphere: every point within ``radius_yd`` of the centre;
* cube: an axis-aligned cube of side ``size_yd`` centred on the point;
* cone: from the origin towards the aim point, ``length_yd`` long, as wide at any distance as
  that distance (a 53 degree cone);
* line: from the origin towards the aim point, ``length_yd`` long and ``width_yd`` wide.

A square is covered when a standing body in it would be: any of three points above its centre
(at its feet, waist and head, 0.1, 1 and 1.9 yards above its ground) is inside the shape. A
creature is caught when any sample point of its body is inside, and it is then left out when it
has total cover from the effect's origin (cover.py), so a wall between a fireball and a creature
shields it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

import numpy as np

from game.rules.battlefield import Battlefield, Square
from game.rules.body import Body
from game.rules.geometry.cover import CoverLevel, body_points, cover_from_point
from game.rules.geometry.sight import Point3, SightIndex

SHAPES = ("sphere", "cube", "cone", "line")
_COLUMN_YD = (0.1, 1.0, 1.9)


@dataclass(frozen=True)
class Area:
    """An area effect's shape: ``kind`` in SHAPES, where it starts, where it points, its size."""

    kind: str
    origin: Point3  # the centre (sphere, cube) or the point it spreads from (cone, line)
    size_yd: float  # radius (sphere), side (cube), length (cone, line)
    toward: Point3 | None = None  # aim point for cones and lines
    width_yd: float = 1.0  # lines only

    def __post_init__(self) -> None:
        if self.kind not in SHAPES:
            raise ValueError(f"unknown area shape {self.kind!r}: use one of {', '.join(SHAPES)}")
        if self.kind in ("cone", "line") and self.toward is None:
            raise ValueError(f"a {self.kind} needs a point to aim at")

    def contains(self, pts: np.ndarray) -> np.ndarray:
        """Which of the (N, 3) points lie inside the shape.

        >>> ball = Area("sphere", (0.0, 0.0, 0.0), 2.0)
        >>> ball.contains(np.array([[1.0, 1.0, 1.0], [2.0, 1.0, 0.0]])).tolist()
        [True, False]
        >>> cone = Area("cone", (0.0, 0.0, 1.0), 4.0, toward=(10.0, 0.0, 1.0))
        >>> cone.contains(np.array([[3.0, 1.4, 1.0], [1.0, 1.0, 1.0], [4.5, 0.0, 1.0]])).tolist()
        [True, False, False]
        """
        p = np.asarray(pts, dtype=np.float64).reshape(-1, 3)
        o = np.asarray(self.origin, dtype=np.float64)
        v = p - o
        if self.kind == "sphere":
            return np.einsum("ij,ij->i", v, v) <= self.size_yd**2 + 1e-9
        if self.kind == "cube":
            return np.asarray((np.abs(v) <= self.size_yd / 2 + 1e-9).all(axis=1))
        d = np.asarray(self.toward, dtype=np.float64) - o
        n = np.linalg.norm(d)
        if n < 1e-12:
            return np.zeros(len(p), dtype=bool)
        d = d / n
        along = v @ d
        perp = np.linalg.norm(v - along[:, None] * d[None, :], axis=1)
        inside = (along >= -1e-9) & (along <= self.size_yd + 1e-9)
        if self.kind == "cone":
            return inside & (perp <= along / 2 + 1e-9)
        return inside & (perp <= self.width_yd / 2 + 1e-9)


@dataclass(frozen=True)
class AreaResult:
    """What an area covers: a (height, width) mask of squares, caught creatures, shielded ones."""

    squares: np.ndarray  # bool (height, width)
    creatures: tuple[str, ...]
    shielded: Mapping[str, str]  # id -> why it is left out ("total cover from the origin")
    reached: np.ndarray | None = None  # covered squares the origin has a clear line to

    def square_list(self) -> list[Square]:
        """Covered squares as (x, y), row by row."""
        ys, xs = np.nonzero(self.squares)
        return list(zip(xs.tolist(), ys.tolist(), strict=False))


def area_squares(bf: Battlefield, area: Area) -> np.ndarray:
    """Mask of the squares the area covers (a standing body there would be caught).

    >>> from game.rules.battlefield import Battlefield
    >>> ball = Area("sphere", (2.5, 0.5, 1.0), 1.0)
    >>> area_squares(Battlefield.blank(5, 1), ball).astype(int).tolist()
    [[0, 1, 1, 1, 0]]
    """
    h, w = bf.height, bf.width
    gy, gx = np.mgrid[0:h, 0:w]
    cx, cy = gx.ravel() + 0.5, gy.ravel() + 0.5
    ground = bf.elevation.ravel().astype(np.float64)
    hit = np.zeros(h * w, dtype=bool)
    for dz in _COLUMN_YD:
        hit |= area.contains(np.stack([cx, cy, ground + dz], axis=1))
    return hit.reshape(h, w)


def area_effect(
    bf: Battlefield,
    area: Area,
    *,
    creatures: Mapping[str, Body],
    index: SightIndex | None = None,
    prone: Iterable[str] = (),
) -> AreaResult:
    """Squares and creatures an area covers; a creature with total cover from the origin is spared.

    >>> from game.rules.ascii_grid import parse_ascii
    >>> bf = parse_ascii('.....\\n..#..\\n.....')
    >>> r = area_effect(bf, Area("sphere", (1.5, 1.5, 1.0), 3.0),
    ...                 creatures={"kara": Body((0, 0)), "warg": Body((3, 1))})
    >>> r.creatures, dict(r.shielded)
    (('kara',), {'warg': 'total cover from the origin'})
    """
    idx = index if index is not None else SightIndex.build(bf)
    lying = set(prone)
    caught, shielded = [], {}
    for cid, body in creatures.items():
        pts = body_points(body, prone=cid in lying, samples_across=2 * body.space, height_samples=3)
        if not area.contains(pts).any():
            continue
        c = cover_from_point(idx, origin=area.origin, target=body, target_prone=cid in lying)
        if c.level == CoverLevel.TOTAL:
            shielded[cid] = "total cover from the origin"
        else:
            caught.append(cid)
    mask = area_squares(bf, area)
    return AreaResult(mask, tuple(caught), shielded, reached_squares(bf, area, mask, idx))


def reached_squares(bf: Battlefield, area: Area, mask: np.ndarray, index: SightIndex) -> np.ndarray:
    """Covered squares with a clear line from the origin to a standing body there (for drawing
    where the effect lands: a wall between shields the squares behind it).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> bf = parse_ascii('.#..')
    >>> ball = Area("sphere", (0.5, 0.5, 1.0), 4.0)
    >>> reached_squares(bf, ball, area_squares(bf, ball), SightIndex.build(bf)).astype(int).tolist()
    [[1, 0, 0, 0]]
    """
    ys, xs = np.nonzero(mask)
    out = np.zeros_like(mask, dtype=bool)
    if len(xs) == 0:
        return out
    ground = bf.elevation[ys, xs].astype(np.float64)
    ends = np.concatenate(
        [np.stack([xs + 0.5, ys + 0.5, ground + dz], axis=1) for dz in _COLUMN_YD]
    )
    starts = np.repeat(np.asarray(area.origin, dtype=np.float64)[None, :], len(ends), axis=0)
    ox, oy, _ = area.origin
    rows = index.rows_near(
        (ox, oy, ox, oy),
        (float(xs.min()), float(ys.min()), float(xs.max()) + 1, float(ys.max()) + 1),
    )
    hit = index.first_blocker(
        starts,
        ends,
        rows=rows,
        gap_rows=index.gap_rows_near(
            (ox, oy, ox, oy),
            (float(xs.min()), float(ys.min()), float(xs.max()) + 1, float(ys.max()) + 1),
        ),
    )
    clear = (hit.row < 0).reshape(len(_COLUMN_YD), len(xs)).any(axis=0)
    out[ys[clear], xs[clear]] = True
    return out
