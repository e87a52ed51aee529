"""The walls sight lines meet: obstacle sides split around openings, ledge faces, and the
segment arithmetic of line tests (see sight.py for the rules they implement).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from game.rules.battlefield import Obstacle

#: Lines shorter than this (yards) from their start never count a crossing: a line starting on
#: a wall's corner is not stopped by it.
START_EPS_YD = 1e-6
Box = tuple[float, float, float, float]  # min_x, min_y, max_x, max_y in yards
Wall = tuple[float, float, float, float, float, float]  # x0, y0, x1, y1, z_lo, z_hi


def obstacle_walls(ob: Obstacle) -> list[Wall]:
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
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        if (x0, y0) == (x1, y1):
            continue
        for b0, b1 in bands:
            out.append((x0, y0, x1, y1, b0, b1))
    return out


def opening_gaps(ob: Obstacle) -> list[Wall]:
    """The obstacle's openings as ``(x0, y0, x1, y1, z_lo, z_hi)`` gaps, one per side.

    >>> slit = Obstacle(1, "arrow_slit", ((0, 0), (0, 1)), False, 3.0, openings=((1.0, 1.5),))
    >>> opening_gaps(slit)
    [(0, 0, 0, 1, 1.0, 1.5)]
    """
    if not ob.openings or not ob.blocks_sight or len(ob.points) < 2:
        return []
    pts = list(ob.points)
    if ob.closed and pts[0] != pts[-1]:
        pts.append(pts[0])
    out = []
    for (x0, y0), (x1, y1) in zip(pts, pts[1:], strict=False):
        for lo, hi in ob.openings:
            lo, hi = max(0.0, lo), min(ob.height_yd, hi)
            if hi > lo and (x0, y0) != (x1, y1):
                out.append((x0, y0, x1, y1, ob.base_yd + lo, ob.base_yd + hi))
    return out


def terrain_walls(elevation: np.ndarray) -> list[Wall]:
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


def bucket_walls(x0: np.ndarray, y0: np.ndarray, x1: np.ndarray, y1: np.ndarray, size: float
                 ) -> dict[tuple[int, int], np.ndarray]:
    """Per bucket cell, the walls (rows, ascending) passing through it: each segment sampled
    finely (a quarter cell apart, ends included), every wall at once (a 400x400 map's 6,776
    walls took 160 ms one by one, on the first cover question of the evening)."""
    if not len(x0):
        return {}
    n = (np.ceil(np.hypot(x1 - x0, y1 - y0) / (size / 4))).astype(np.int64) + 1
    num = n + 1  # linspace(0, 1, n + 1) per wall
    r = np.repeat(np.arange(len(x0)), num)
    ends = np.cumsum(num)
    k = np.arange(int(ends[-1])) - np.repeat(ends - num, num)
    ts = k * (1.0 / np.repeat(n, num).astype(np.float64))  # as linspace steps ...
    ts[ends - 1] = 1.0  # ... and ends
    xs = np.floor((x0[r] + (x1[r] - x0[r]) * ts) / size).astype(np.int64)
    ys = np.floor((y0[r] + (y1[r] - y0[r]) * ts) / size).astype(np.int64)
    order = np.lexsort((r, ys, xs))
    xs, ys, r = xs[order], ys[order], r[order]
    new = np.r_[True, (xs[1:] != xs[:-1]) | (ys[1:] != ys[:-1]) | (r[1:] != r[:-1])]
    xs, ys, r = xs[new], ys[new], r[new]
    cell = np.flatnonzero(np.r_[True, (xs[1:] != xs[:-1]) | (ys[1:] != ys[:-1])])
    bounds = np.r_[cell, len(r)].tolist()
    keys = zip(xs[cell].tolist(), ys[cell].tolist(), strict=True)
    return {key: r[a:b] for key, a, b in zip(keys, bounds[:-1], bounds[1:], strict=True)}


def occupied_squares(ob: Obstacle) -> list[tuple[int, int]]:
    """Squares whose inside an obstacle fills or runs through (not merely its edges)."""
    x0, y0, x1, y1 = ob.bounds()
    if ob.closed and len(ob.points) >= 3:
        xs = np.arange(int(np.floor(x0)), int(np.ceil(x1)))
        ys = np.arange(int(np.floor(y0)), int(np.ceil(y1)))
        if xs.size == 0 or ys.size == 0:
            return []
        gx, gy = np.meshgrid(xs + 0.5, ys + 0.5)
        inside = points_in_polygon(gx.ravel(), gy.ravel(), ob.points)
        return list(
            zip(
                np.floor(gx.ravel()[inside]).astype(int).tolist(),
                np.floor(gy.ravel()[inside]).astype(int).tolist(),
                strict=False,
            )
        )
    found: set[tuple[int, int]] = set()
    pts = list(ob.points)
    for (ax, ay), (bx, by) in zip(pts, pts[1:], strict=False):
        n = int(np.ceil(np.hypot(bx - ax, by - ay) * 8)) + 1
        ts = (np.arange(n) + 0.5) / n
        px, py = ax + (bx - ax) * ts, ay + (by - ay) * ts
        # a polyline lying on a grid line is an edge between squares, inside neither
        ok = (np.abs(px - np.round(px)) > 1e-9) & (np.abs(py - np.round(py)) > 1e-9)
        found.update(
            zip(
                np.floor(px[ok]).astype(int).tolist(),
                np.floor(py[ok]).astype(int).tolist(),
                strict=False,
            )
        )
    return sorted(found)


def points_in_polygon(
    px: np.ndarray, py: np.ndarray, poly: Sequence[tuple[float, float]]
) -> np.ndarray:
    """Even-odd test of many points against one polygon.

    >>> square = ((0, 0), (1, 0), (1, 1), (0, 1))
    >>> points_in_polygon(np.array([0.5, 2.0]), np.array([0.5, 0.5]), square).tolist()
    [True, False]
    """
    inside = np.zeros(px.shape, dtype=bool)
    pts = list(poly)
    for (x0, y0), (x1, y1) in zip(pts, pts[1:] + pts[:1], strict=False):
        if y0 == y1:
            continue
        crosses = (y0 > py) != (y1 > py)
        xint = x0 + (py - y0) * (x1 - x0) / (y1 - y0)
        inside ^= crosses & (px < xint)
    return inside


def half_width(a: Box, b: Box) -> float:
    """Half-width of the corridor holding every line between two boxes (about its centre line)."""
    return max(a[2] - a[0], a[3] - a[1], b[2] - b[0], b[3] - b[1]) * 0.7072 + 0.05


def point_segment_distance(px, py, ax: float, ay: float, bx: float, by: float) -> np.ndarray:
    """Distances from points to the segment a-b."""
    dx, dy = bx - ax, by - ay
    ll = dx * dx + dy * dy
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / ll, 0.0, 1.0) if ll > 0 else 0.0 * px
    return np.hypot(px - (ax + t * dx), py - (ay + t * dy))


def segment_distance(x0, y0, x1, y1, ax: float, ay: float, bx: float, by: float) -> np.ndarray:
    """Distances between many segments and the segment a-b (0 where they cross).

    >>> segment_distance(np.array([0.0, 3.0]), np.array([1.0, 1.0]), np.array([2.0, 3.0]),
    ...                   np.array([1.0, 2.0]), 0.0, 0.0, 2.0, 0.0).tolist()
    [1.0, 1.4142135623730951]
    """
    d = np.minimum.reduce(
        [
            point_segment_distance(x0, y0, ax, ay, bx, by),
            point_segment_distance(x1, y1, ax, ay, bx, by),
            point_segments_distance(ax, ay, x0, y0, x1, y1),
            point_segments_distance(bx, by, x0, y0, x1, y1),
        ]
    )
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


def point_segments_distance(px: float, py: float, x0, y0, x1, y1) -> np.ndarray:
    """Distances from one point to many segments."""
    ex, ey = x1 - x0, y1 - y0
    ll = np.maximum(ex * ex + ey * ey, 1e-18)
    t = np.clip(((px - x0) * ex + (py - y0) * ey) / ll, 0.0, 1.0)
    return np.hypot(px - (x0 + t * ex), py - (y0 + t * ey))


def crossings(
    starts: np.ndarray, ends: np.ndarray, x0, y0, x1, y1, zlo, zhi, ignore_boxes: Sequence[Box]
) -> tuple[np.ndarray, np.ndarray]:
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
