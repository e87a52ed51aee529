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

from game.rules.battlefield import Battlefield, Obstacle

#: ``blocked_by`` value for the ground (a ledge, a hill).
TERRAIN = "terrain"
#: Internal owner code of ground faces.
TERRAIN_OWNER = -1
#: Lines shorter than this (yards) from their start never count a crossing: a line starting on
#: a wall's corner is not stopped by it.
START_EPS_YD = 1e-6
Point3 = tuple[float, float, float]
Box = tuple[float, float, float, float]  # min_x, min_y, max_x, max_y in yards


def obstacle_walls(ob: Obstacle) -> list[tuple[float, float, float, float, float, float]]:
    """The obstacle's sides as ``(x0, y0, x1, y1, z_lo, z_hi)`` walls, split around openings.

    >>> ob = Obstacle(1, "arrow_slit", ((0, 0), (0, 1)), False, 3.0, openings=((1.0, 1.5),))
    >>> obstacle_walls(ob)
    [(0, 0, 0, 1, 0.0, 1.0), (0, 0, 0, 1, 1.5, 3.0)]
    """
    if not ob.blocks_sight or len(ob.points) < 2 or ob.height_yd <= 0:
        return []
    bands = [(ob.base_yd, ob.top_yd)]
    for lo, hi in sorted(ob.openings):
        lo, hi = ob.base_yd + lo, ob.base_yd + hi
        cut = []
        for b0, b1 in bands:
            if hi <= b0 or lo >= b1:
                cut.append((b0, b1))
                continue
            if lo > b0:
                cut.append((b0, lo))
            if hi < b1:
                cut.append((hi, b1))
        bands = cut
    pts = list(ob.points)
    if ob.closed and pts[0] != pts[-1]:
        pts.append(pts[0])
    out = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        if (x0, y0) == (x1, y1):
            continue
        for b0, b1 in bands:
            out.append((x0, y0, x1, y1, b0, b1))
    return out


def opening_gaps(ob: Obstacle) -> list[tuple[float, float, float, float, float, float]]:
    """The obstacle's openings as ``(x0, y0, x1, y1, z_lo, z_hi)`` gaps, one per side.

    >>> opening_gaps(Obstacle(1, "arrow_slit", ((0, 0), (0, 1)), False, 3.0, openings=((1.0, 1.5),)))
    [(0, 0, 0, 1, 1.0, 1.5)]
    """
    if not ob.openings or not ob.blocks_sight or len(ob.points) < 2:
        return []
    pts = list(ob.points)
    if ob.closed and pts[0] != pts[-1]:
        pts.append(pts[0])
    out = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        for lo, hi in ob.openings:
            lo, hi = max(0.0, lo), min(ob.height_yd, hi)
            if hi > lo and (x0, y0) != (x1, y1):
                out.append((x0, y0, x1, y1, ob.base_yd + lo, ob.base_yd + hi))
    return out


def terrain_walls(elevation: np.ndarray) -> list[tuple[float, float, float, float, float, float]]:
    """Faces where neighbouring squares differ in elevation, merged along runs (ledges).

    >>> terrain_walls(np.array([[0, 2], [0, 2]], dtype=np.float32))
    [(1.0, 0.0, 1.0, 2.0, -1000000000.0, 2.0)]
    """
    e = np.asarray(elevation, dtype=np.float64)
    h, w = e.shape
    out = []
    low = -1e9
    # vertical grid lines x = i between columns i-1 and i
    tops = np.maximum(e[:, :-1], e[:, 1:])
    diff = e[:, :-1] != e[:, 1:]
    for i in range(w - 1):
        col = diff[:, i]
        if not col.any():
            continue
        y = 0
        while y < h:
            if not col[y]:
                y += 1
                continue
            top = tops[y, i]
            y1 = y
            while y1 < h and col[y1] and tops[y1, i] == top:
                y1 += 1
            out.append((float(i + 1), float(y), float(i + 1), float(y1), low, float(top)))
            y = y1
    tops = np.maximum(e[:-1, :], e[1:, :])
    diff = e[:-1, :] != e[1:, :]
    for j in range(h - 1):
        row = diff[j, :]
        if not row.any():
            continue
        x = 0
        while x < w:
            if not row[x]:
                x += 1
                continue
            top = tops[j, x]
            x1 = x
            while x1 < w and row[x1] and tops[j, x1] == top:
                x1 += 1
            out.append((float(x), float(j + 1), float(x1), float(j + 1), low, float(top)))
            x = x1
    return out


def _cells_of_segment(x0: float, y0: float, x1: float, y1: float, size: float) -> set[tuple[int, int]]:
    """Bucket cells a segment passes through (sampled finely, ends included)."""
    n = int(np.ceil(np.hypot(x1 - x0, y1 - y0) / (size / 4))) + 1
    ts = np.linspace(0.0, 1.0, n + 1)
    xs = np.floor((x0 + (x1 - x0) * ts) / size).astype(int)
    ys = np.floor((y0 + (y1 - y0) * ts) / size).astype(int)
    return set(zip(xs.tolist(), ys.tolist()))


def _occupied_squares(ob: Obstacle) -> list[tuple[int, int]]:
    """Squares whose inside an obstacle fills or runs through (not merely its edges)."""
    x0, y0, x1, y1 = ob.bounds()
    if ob.closed and len(ob.points) >= 3:
        xs = np.arange(int(np.floor(x0)), int(np.ceil(x1)))
        ys = np.arange(int(np.floor(y0)), int(np.ceil(y1)))
        if xs.size == 0 or ys.size == 0:
            return []
        gx, gy = np.meshgrid(xs + 0.5, ys + 0.5)
        inside = points_in_polygon(gx.ravel(), gy.ravel(), ob.points)
        return list(zip(np.floor(gx.ravel()[inside]).astype(int).tolist(),
                        np.floor(gy.ravel()[inside]).astype(int).tolist()))
    found: set[tuple[int, int]] = set()
    pts = list(ob.points)
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        n = int(np.ceil(np.hypot(bx - ax, by - ay) * 8)) + 1
        ts = (np.arange(n) + 0.5) / n
        px, py = ax + (bx - ax) * ts, ay + (by - ay) * ts
        # a polyline lying on a grid line is an edge between squares, inside neither
        ok = (np.abs(px - np.round(px)) > 1e-9) & (np.abs(py - np.round(py)) > 1e-9)
        found.update(zip(np.floor(px[ok]).astype(int).tolist(), np.floor(py[ok]).astype(int).tolist()))
    return sorted(found)


def points_in_polygon(px: np.ndarray, py: np.ndarray, poly: Sequence[tuple[float, float]]) -> np.ndarray:
    """Even-odd test of many points against one polygon.

    >>> points_in_polygon(np.array([0.5, 2.0]), np.array([0.5, 0.5]), ((0, 0), (1, 0), (1, 1), (0, 1))).tolist()
    [True, False]
    """
    inside = np.zeros(px.shape, dtype=bool)
    pts = list(poly)
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1]):
        if y0 == y1:
            continue
        crosses = (y0 > py) != (y1 > py)
        xint = x0 + (py - y0) * (x1 - x0) / (y1 - y0)
        inside ^= crosses & (px < xint)
    return inside


def _half_width(a: Box, b: Box) -> float:
    """Half-width of the corridor holding every line between two boxes (about its centre line)."""
    return max(a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1]) * 0.7072 + 0.05


def _point_segment_distance(px, py, ax: float, ay: float, bx: float, by: float) -> np.ndarray:
    """Distances from points to the segment a-b."""
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / ll, 0.0, 1.0) if ll > 0 else 0.0 * px
    return np.hypot(px - (ax + t * dx), py - (ay + t * dy))


def _segment_distance(x0, y0, x1, y1, ax: float, ay: float, bx: float, by: float) -> np.ndarray:
    """Distances between many segments and the segment a-b (0 where they cross).

    >>> _segment_distance(np.array([0.0, 3.0]), np.array([1.0, 1.0]), np.array([2.0, 3.0]),
    ...                   np.array([1.0, 2.0]), 0.0, 0.0, 2.0, 0.0).tolist()
    [1.0, 1.4142135623730951]
    """
    d = np.minimum.reduce([
        _point_segment_distance(x0, y0, ax, ay, bx, by),
        _point_segment_distance(x1, y1, ax, ay, bx, by),
        _pt_segs(ax, ay, x0, y0, x1, y1),
        _pt_segs(bx, by, x0, y0, x1, y1),
    ])
    ex, ey = x1 - x0, y1 - y0
    fx, fy = bx - ax, by - ay

    def side(px, py, qx, qy, rx, ry):
        return (qx - px) * (ry - py) - (qy - py) * (rx - px)

    s1 = side(ax, ay, bx, by, x0, y0)
    s2 = side(ax, ay, bx, by, x1, y1)
    s3 = side(x0, y0, x1, y1, ax, ay)
    s4 = side(x0, y0, x1, y1, bx, by)
    cross = (s1 * s2 <= 0) & (s3 * s4 <= 0) & ((ex != 0) | (ey != 0)) & ((fx != 0) | (fy != 0))
    return np.where(cross, 0.0, d)


def _pt_segs(px: float, py: float, x0, y0, x1, y1) -> np.ndarray:
    """Distances from one point to many segments."""
    ex, ey = x1 - x0, y1 - y0
    ll = np.maximum(ex * ex + ey * ey, 1e-18)
    t = np.clip(((px - x0) * ex + (py - y0) * ey) / ll, 0.0, 1.0)
    return np.hypot(px - (x0 + t * ex), py - (y0 + t * ey))


def _crossings(starts: np.ndarray, ends: np.ndarray, x0, y0, x1, y1, zlo, zhi,
               ignore_boxes: Sequence[Box]) -> tuple[np.ndarray, np.ndarray]:
    """(N, M) crossings of N 3D lines with M vertical walls, and where along each line."""
    px, py = x0[None, :], y0[None, :]
    ex, ey = (x1 - x0)[None, :], (y1 - y0)[None, :]
    ax, ay, az = starts[:, 0:1], starts[:, 1:2], starts[:, 2:3]
    dx, dy, dz = ends[:, 0:1] - ax, ends[:, 1:2] - ay, ends[:, 2:3] - az
    denom = dx * ey - dy * ex
    wx, wy = px - ax, py - ay
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        t = (wx * ey - wy * ex) / denom
        u = (wx * dy - wy * dx) / denom
        length = np.hypot(dx, dy)
        t_eps = START_EPS_YD / np.maximum(length, 1e-12)
        hit = (np.abs(denom) > 1e-12) & (t > t_eps) & (t < 1.0 - t_eps)
        hit &= (u >= -1e-9) & (u <= 1 + 1e-9)
        t = np.where(hit, t, 0.0)
        z = az + t * dz
        hit &= (z > zlo[None, :]) & (z < zhi[None, :])
    if ignore_boxes and hit.any():
        cx, cy = ax + t * dx, ay + t * dy
        e = 1e-6
        for bx0, by0, bx1, by1 in ignore_boxes:
            hit &= ~((cx > bx0 + e) & (cx < bx1 - e) & (cy > by0 + e) & (cy < by1 - e))
    return hit, t


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
    >>> idx.owner_of(idx.first_blocker(np.array([[0.5, 0.5, 1.0]]), np.array([[2.5, 0.5, 1.0]])).row)
    [1]
    """

    def __init__(
        self,
        walls: Sequence[tuple[float, float, float, float, float, float]],
        owners: Sequence[int],
        *,
        width: int,
        height: int,
        occupancy: dict[tuple[int, int], frozenset[int]] | None = None,
        bucket_yd: float = 8.0,
        is_open: Sequence[bool] | None = None,
        gaps: Sequence[tuple[float, float, float, float, float, float]] | None = None,
        gap_owners: Sequence[int] | None = None,
        slits: Iterable[int] = (),
    ) -> None:
        arr = np.asarray(walls, dtype=np.float64).reshape(-1, 6)
        self.x0, self.y0, self.x1, self.y1, self.zlo, self.zhi = (arr[:, i].copy() for i in range(6))
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
        buckets: dict[tuple[int, int], list[int]] = {}
        for r in range(len(arr)):
            for cell in _cells_of_segment(self.x0[r], self.y0[r], self.x1[r], self.y1[r], bucket_yd):
                buckets.setdefault(cell, []).append(r)
        self._buckets = {k: np.asarray(v, dtype=np.int64) for k, v in buckets.items()}

    @classmethod
    def build(cls, bf: Battlefield, *, bucket_yd: float = 8.0) -> SightIndex:
        """Index a battlefield's obstacles and ledges (Seed SotDL: Cover & Obscurement)."""
        walls: list[tuple[float, float, float, float, float, float]] = []
        owners: list[int] = []
        is_open: list[bool] = []
        gaps: list[tuple[float, float, float, float, float, float]] = []
        gap_owners: list[int] = []
        occupancy: dict[tuple[int, int], set[int]] = {}
        for ob in bf.obstacles:
            ws = obstacle_walls(ob)
            walls.extend(ws)
            owners.extend([ob.id] * len(ws))
            is_open.extend([not ob.closed] * len(ws))
            if ws:
                for sq in _occupied_squares(ob):
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
        half = _half_width(a, b)
        lo_x = int(np.floor((min(a[0], b[0]) - 0.1) / s))
        hi_x = int(np.floor((max(a[2], b[2]) + 0.1) / s))
        lo_y = int(np.floor((min(a[1], b[1]) - 0.1) / s))
        hi_y = int(np.floor((max(a[3], b[3]) + 0.1) / s))
        gx, gy = np.meshgrid(np.arange(lo_x, hi_x + 1), np.arange(lo_y, hi_y + 1))
        cx, cy = (gx.ravel() + 0.5) * s, (gy.ravel() + 0.5) * s
        dist = _point_segment_distance(cx, cy, ax, ay, bx, by)
        keep = dist <= half + s * 0.7072
        parts = [self._buckets[c] for c in zip(gx.ravel()[keep].tolist(), gy.ravel()[keep].tolist())
                 if c in self._buckets]
        if not parts:
            return np.zeros(0, dtype=np.int64)
        rows = np.unique(np.concatenate(parts))
        near = _segment_distance(self.x0[rows], self.y0[rows], self.x1[rows], self.y1[rows],
                                 ax, ay, bx, by) <= half
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
        hit, t = _crossings(starts, ends, self.x0[rows], self.y0[rows], self.x1[rows], self.y1[rows],
                            self.zlo[rows], self.zhi[rows], ignore_boxes)
        if gap_rows is not None and len(gap_rows):
            g = self.gaps[gap_rows]
            go = self.gap_owners[gap_rows]
            if ign:
                keep = ~np.isin(go, ign)
                g, go = g[keep], go[keep]
            if len(g):
                ghit, _ = _crossings(starts, ends, g[:, 0], g[:, 1], g[:, 2], g[:, 3], g[:, 4], g[:, 5],
                                     ignore_boxes)
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
        near = _segment_distance(g[:, 0], g[:, 1], g[:, 2], g[:, 3], ax, ay, bx, by) <= _half_width(a, b)
        return np.flatnonzero(near)

    def gaps_near(self, a: Box, b: Box) -> np.ndarray:
        """Openings ``(x0, y0, x1, y1, z_lo, z_hi)`` near the corridor joining two boxes."""
        return self.gaps[self.gap_rows_near(a, b)]

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
    >>> line_of_sight(idx, (0.5, 0.5, 0.5), (2.5, 0.5, 0.5)), line_of_sight(idx, (0.5, 0.5, 1.5), (2.5, 0.5, 1.5))
    (1, None)
    """
    b = index.first_blocker(np.array([start]), np.array([end]))
    return index.owner_of(b.row)[0]
