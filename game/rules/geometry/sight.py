"""Lines of sight in 3D: which obstacle (or the ground) stops a line between two points.

Seed SotDL: Cover & Obscurement ("an object between you and the attacker"). Everything that can
stop a line is turned into vertical *walls*: a 2D segment standing in a height band.

* Obstacle edges (a polygon's sides, a polyline's pieces) stand from ``base_yd`` to ``top_yd``,
  split around their ``openings`` (an arrow slit is a gap in the band).
* The ground is walls too: wherever two neighbouring squares differ in elevation, the grid line
  between them is a face rising to the higher one. A line that stays above ground at every such
  face never goes underground, because within one square the ground is flat and a line is
  straight. So ledges hide what is below them with the same test as walls.

A line is blocked by a wall when it crosses the wall's segment (ends included, so a line through
a shared corner of two wall squares is stopped) strictly between its own ends, at a height
strictly inside the band (so a line grazing the top of a low wall passes). A line that merely
starts on an obstacle's boundary and leaves it is not blocked: that is how a creature sees past
the corner of the wall it stands beside. Walls are kept in grid buckets so a line only meets the
walls near it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from game.rules.battlefield import Battlefield
from game.rules.geometry.sight_walls import (
    Box,
    Wall,
    bucket_walls,
    crossings,
    half_width,
    obstacle_walls,
    occupied_squares,
    opening_gaps,
    point_segment_distance,
    segment_distance,
    terrain_walls,
)

#: ``blocked_by`` value for the ground (a ledge, a hill).
TERRAIN = "terrain"
#: Internal owner code of ground faces.
TERRAIN_OWNER = -1
Point3 = tuple[float, float, float]


@dataclass(frozen=True)
class Blocking:
    """For each of N lines: the wall row that stops it first (-1: clear) and where along it."""

    row: np.ndarray  # (N,) int, -1 when the line is clear
    t: np.ndarray  # (N,) float, fraction along the line of the first stop (1.0 when clear)
    through: np.ndarray | None = None  # (N,) id of an obstacle whose opening it passed, or -1


class SightIndex:
    """Every wall of a battlefield in grid buckets, for fast line tests (build once per map).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> idx = SightIndex.build(parse_ascii('''
    ... .#.
    ... '''))
    >>> hit = idx.first_blocker(np.array([[0.5, 0.5, 1.0]]), np.array([[2.5, 0.5, 1.0]]))
    >>> idx.owner_of(hit.row)
    [1]
    """

    def __init__(
        self,
        walls: Sequence[Wall],
        owners: Sequence[int],
        *,
        width: int,
        height: int,
        occupancy: dict[tuple[int, int], frozenset[int]] | None = None,
        bucket_yd: float = 8.0,
        is_open: Sequence[bool] | None = None,
        gaps: Sequence[Wall] | None = None,
        gap_owners: Sequence[int] | None = None,
        slits: Iterable[int] = (),
    ) -> None:
        arr = np.asarray(walls, dtype=np.float64).reshape(-1, 6)
        self.x0, self.y0, self.x1, self.y1, self.zlo, self.zhi = (
            arr[:, i].copy() for i in range(6)
        )
        self.owners = np.asarray(owners, dtype=np.int64).reshape(-1)
        # open walls (polylines, ledges) have no inside: standing on one is standing on a side
        self.open = np.ones(len(arr), dtype=bool) if is_open is None else np.asarray(is_open, bool)
        self.gaps = np.asarray(gaps if gaps is not None else [], dtype=np.float64).reshape(-1, 6)
        self.gap_owners = np.asarray(gap_owners if gap_owners is not None else [], dtype=np.int64)
        #: obstacles of the maps' ``arrow_slit`` class: whoever stands behind one has 3/4 cover
        self.slits: frozenset[int] = frozenset(slits or ())
        self.width, self.height = width, height
        self.bucket_yd = float(bucket_yd)
        self.occupancy = occupancy or {}
        self.nbx = max(1, int(np.ceil(width / bucket_yd)) + 1)
        self.nby = max(1, int(np.ceil(height / bucket_yd)) + 1)
        self._buckets = bucket_walls(self.x0, self.y0, self.x1, self.y1, bucket_yd)

    @classmethod
    def build(cls, bf: Battlefield, *, bucket_yd: float = 8.0) -> SightIndex:
        """Index a battlefield's obstacles and ledges (Seed SotDL: Cover & Obscurement)."""
        walls: list[Wall] = []
        owners: list[int] = []
        is_open: list[bool] = []
        gaps: list[Wall] = []
        gap_owners: list[int] = []
        occupancy: dict[tuple[int, int], set[int]] = {}
        for ob in bf.obstacles:
            ws = obstacle_walls(ob)
            walls.extend(ws)
            owners.extend([ob.id] * len(ws))
            is_open.extend([not ob.closed] * len(ws))
            if ws:
                for sq in occupied_squares(ob):
                    occupancy.setdefault(sq, set()).add(ob.id)
                og = opening_gaps(ob)
                gaps.extend(og)
                gap_owners.extend([ob.id] * len(og))
        tw = terrain_walls(bf.elevation)
        walls.extend(tw)
        owners.extend([TERRAIN_OWNER] * len(tw))
        is_open.extend([True] * len(tw))
        return cls(
            walls,
            owners,
            width=bf.width,
            height=bf.height,
            occupancy={k: frozenset(v) for k, v in occupancy.items()},
            bucket_yd=bucket_yd,
            is_open=is_open,
            gaps=gaps,
            gap_owners=gap_owners,
            slits=[ob.id for ob in bf.obstacles if "slit" in ob.kind.lower() and ob.openings],
        )

    def occupants(self, squares: Iterable[tuple[int, int]]) -> frozenset[int]:
        """Obstacles standing inside these squares (a creature on a low wall is not behind it)."""
        out: set[int] = set()
        for sq in squares:
            out |= self.occupancy.get(sq, frozenset())
        return frozenset(out)

    def rows_near(self, a: Box, b: Box) -> np.ndarray:
        """Wall rows that come near the corridor joining two boxes (every line between them).

        Buckets along the corridor give the candidates; a segment-to-segment distance test then
        keeps the walls within the corridor's half-width of its centre line.
        """
        if not self._buckets:
            return np.zeros(0, dtype=np.int64)
        s = self.bucket_yd
        ax, ay = (a[0] + a[2]) / 2, (a[1] + a[3]) / 2
        bx, by = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        half = half_width(a, b)
        lo_x = int(np.floor((min(a[0], b[0]) - 0.1) / s))
        hi_x = int(np.floor((max(a[2], b[2]) + 0.1) / s))
        lo_y = int(np.floor((min(a[1], b[1]) - 0.1) / s))
        hi_y = int(np.floor((max(a[3], b[3]) + 0.1) / s))
        gx, gy = np.meshgrid(np.arange(lo_x, hi_x + 1), np.arange(lo_y, hi_y + 1))
        cx, cy = (gx.ravel() + 0.5) * s, (gy.ravel() + 0.5) * s
        dist = point_segment_distance(cx, cy, ax, ay, bx, by)
        keep = dist <= half + s * 0.7072
        parts = [
            self._buckets[c]
            for c in zip(gx.ravel()[keep].tolist(), gy.ravel()[keep].tolist(), strict=False)
            if c in self._buckets
        ]
        if not parts:
            return np.zeros(0, dtype=np.int64)
        rows = np.unique(np.concatenate(parts))
        near = (
            segment_distance(
                self.x0[rows], self.y0[rows], self.x1[rows], self.y1[rows], ax, ay, bx, by
            )
            <= half
        )
        return rows[near]

    def first_blocker(
        self,
        starts: np.ndarray,
        ends: np.ndarray,
        *,
        rows: np.ndarray | None = None,
        gap_rows: np.ndarray | None = None,
        ignore_owners: Iterable[int] = (),
        ignore_boxes: Sequence[Box] = (),
    ) -> Blocking:
        """Test N lines (``starts``, ``ends``: (N, 3) yards) against the walls.

        ``rows`` limits the walls tested (see :meth:`rows_near`), ``gap_rows`` the openings (see
        :meth:`gap_rows_near`; default: all when ``rows`` is None, none otherwise). A line that
        crosses one face of an obstacle inside an opening passes the whole obstacle: embrasures
        are splayed through a wall's thickness. Walls of ``ignore_owners`` and crossings
        strictly inside ``ignore_boxes`` (the two creatures' own spaces) do not count.
        """
        starts = np.asarray(starts, dtype=np.float64).reshape(-1, 3)
        ends = np.asarray(ends, dtype=np.float64).reshape(-1, 3)
        n = len(starts)
        if rows is None:
            rows = np.arange(len(self.owners))
            if gap_rows is None:
                gap_rows = np.arange(len(self.gaps))
        ign = list(ignore_owners)
        if ign and len(rows):
            rows = rows[~np.isin(self.owners[rows], ign)]
        through = np.full(n, -1, dtype=np.int64)
        if n == 0 or len(rows) == 0:
            return Blocking(np.full(n, -1, dtype=np.int64), np.ones(n), through)
        hit, t = crossings(
            starts,
            ends,
            self.x0[rows],
            self.y0[rows],
            self.x1[rows],
            self.y1[rows],
            self.zlo[rows],
            self.zhi[rows],
            ignore_boxes,
        )
        if gap_rows is not None and len(gap_rows):
            g = self.gaps[gap_rows]
            go = self.gap_owners[gap_rows]
            if ign:
                keep = ~np.isin(go, ign)
                g, go = g[keep], go[keep]
            if len(g):
                ghit, _ = crossings(
                    starts, ends, g[:, 0], g[:, 1], g[:, 2], g[:, 3], g[:, 4], g[:, 5], ignore_boxes
                )
                li, gj = np.nonzero(ghit)
                through[li] = go[gj]
                if len(li):
                    same = self.owners[rows][None, :] == go[gj][:, None]  # (K, M)
                    passed = np.zeros_like(hit)
                    np.logical_or.at(passed, li, same)
                    hit &= ~passed
        tt = np.where(hit, t, np.inf)
        j = np.argmin(tt, axis=1)
        first = tt[np.arange(n), j]
        blocked = np.isfinite(first)
        return Blocking(np.where(blocked, rows[j], -1), np.where(blocked, first, 1.0), through)

    def owner_of(self, rows: np.ndarray) -> list[int | str | None]:
        """What stopped each line: an obstacle id, ``"terrain"``, or None when clear."""
        out: list[int | str | None] = []
        for r in np.asarray(rows).tolist():
            if r < 0:
                out.append(None)
            else:
                o = int(self.owners[r])
                out.append(TERRAIN if o == TERRAIN_OWNER else o)
        return out

    def gap_rows_near(self, a: Box, b: Box) -> np.ndarray:
        """Indices of the openings near the corridor joining two boxes."""
        g = self.gaps
        if len(g) == 0:
            return np.zeros(0, dtype=np.int64)
        ax, ay = (a[0] + a[2]) / 2, (a[1] + a[3]) / 2
        bx, by = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        near = segment_distance(g[:, 0], g[:, 1], g[:, 2], g[:, 3], ax, ay, bx, by) <= half_width(
            a, b
        )
        return np.flatnonzero(near)

    def on_open_wall(self, x: float, y: float, rows: np.ndarray) -> bool:
        """True if the point lies on an open wall (a polyline or a ledge face) among ``rows``."""
        if len(rows) == 0:
            return False
        r = rows[self.open[rows]]
        if len(r) == 0:
            return False
        ax, ay = self.x0[r], self.y0[r]
        ex, ey = self.x1[r] - ax, self.y1[r] - ay
        ll = np.maximum(ex * ex + ey * ey, 1e-18)
        tt = np.clip(((x - ax) * ex + (y - ay) * ey) / ll, 0.0, 1.0)
        return bool((np.hypot(ax + tt * ex - x, ay + tt * ey - y) < 1e-9).any())


def line_of_sight(index: SightIndex, start: Point3, end: Point3) -> int | str | None:
    """What stops the single line from ``start`` to ``end`` (None: the line is clear).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> idx = SightIndex.build(parse_ascii('''
    ... .o.
    ... '''))
    >>> line_of_sight(idx, (0.5, 0.5, 0.5), (2.5, 0.5, 0.5))
    1
    >>> line_of_sight(idx, (0.5, 0.5, 1.5), (2.5, 0.5, 1.5)) is None
    True
    """
    b = index.first_blocker(np.array([start]), np.array([end]))
    return index.owner_of(b.row)[0]
