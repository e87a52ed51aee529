"""Which grid squares a shape drawn in Tiled covers (yards in, square indices out).

Closed shapes (rectangles, polygons, ellipses) cover a square when any of 16 sample points
spread over the square lies inside them; polylines cover every square they pass through,
4-connected so nothing slips past a diagonal line corner to corner.
"""

from __future__ import annotations

import math

import numpy as np

PointYd = tuple[float, float]
SUBSAMPLES = 4  # per side: 4 x 4 = 16 sample points a square


def _crossings(ys: np.ndarray, poly: list[PointYd]) -> np.ndarray:
    """x of every polygon edge crossing each horizontal line y (NaN where none), sorted per row."""
    p = np.asarray(poly, dtype=np.float64)
    x1, y1 = p[:, 0], p[:, 1]
    x2, y2 = np.roll(x1, -1), np.roll(y1, -1)
    keep = y1 != y2
    x1, y1, x2, y2 = x1[keep], y1[keep], x2[keep], y2[keep]
    yy = ys[:, None]
    lo, hi = np.minimum(y1, y2), np.maximum(y1, y2)
    hit = (yy >= lo) & (yy < hi)  # half-open: a vertex is counted once
    with np.errstate(invalid="ignore", divide="ignore"):
        xs = x1 + (yy - y1) * (x2 - x1) / (y2 - y1)
    xs = np.where(hit, xs, np.nan)
    xs.sort(axis=1)  # NaN sorts last
    return xs


def _sample_span(lo: float, hi: float, n: int) -> tuple[int, int]:
    """First and last square holding a sample point in [lo, hi) (empty when first > last)."""
    s = SUBSAMPLES
    j0 = max(0, math.ceil(lo * s - 0.5))
    j1 = min(n * s - 1, math.ceil(hi * s - 0.5) - 1)
    return j0 // s, (j1 // s if j1 >= j0 else j0 // s - 1)


def _box_squares(
    pts: list[PointYd], width: int, height: int
) -> tuple[np.ndarray, np.ndarray] | None:
    """The fast path for an unrotated rectangle (most walls and zones); None for other shapes."""
    if len(pts) != 4:
        return None
    xs = sorted({p[0] for p in pts})
    ys = sorted({p[1] for p in pts})
    if len(xs) != 2 or len(ys) != 2:
        return None
    if any((p[0], p[1]) not in {(x, y) for x in xs for y in ys} for p in pts):
        return None
    ax, bx = _sample_span(xs[0], xs[1], width)
    ay, by = _sample_span(ys[0], ys[1], height)
    if ax > bx or ay > by:
        cx, cy = (xs[0] + xs[1]) / 2, (ys[0] + ys[1]) / 2
        if 0 <= cx < width and 0 <= cy < height:
            return np.array([int(cy)]), np.array([int(cx)])
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    gy, gx = np.mgrid[ay : by + 1, ax : bx + 1]
    return gy.ravel(), gx.ravel()


def polygon_squares(
    points: tuple[PointYd, ...] | list[PointYd], width: int, height: int
) -> tuple[np.ndarray, np.ndarray]:
    """Squares ``(ys, xs)`` a closed shape covers, clipped to the grid (even-odd scanlines).

    >>> ys, xs = polygon_squares([(1, 1), (3, 1), (3, 2), (1, 2)], 5, 5)
    >>> sorted(zip(xs.tolist(), ys.tolist()))
    [(1, 1), (2, 1)]
    """
    pts = list(points)
    if len(pts) < 3:
        return line_squares(pts, width, height)
    box = _box_squares(pts, width, height)
    if box is not None:
        return box
    xs_all = [p[0] for p in pts]
    ys_all = [p[1] for p in pts]
    y0, y1 = max(0, math.floor(min(ys_all))), min(height, math.ceil(max(ys_all)))
    x0, x1 = max(0, math.floor(min(xs_all))), min(width, math.ceil(max(xs_all)))
    s = SUBSAMPLES
    cover = np.zeros((max(0, y1 - y0), max(0, x1 - x0) + 1), dtype=np.int32)
    rows_per_chunk = max(1, 2_000_000 // (len(pts) * s))  # bounded memory for huge shapes
    for r0 in range(y0, y1, rows_per_chunk):
        r1 = min(y1, r0 + rows_per_chunk)
        sample_y = (np.arange(r0 * s, r1 * s) + 0.5) / s
        xs = _crossings(sample_y, pts)
        if xs.shape[1] < 2:
            continue
        starts, ends = xs[:, 0::2], xs[:, 1::2]
        n = min(starts.shape[1], ends.shape[1])
        starts, ends = starts[:, :n], ends[:, :n]
        ok = ~np.isnan(starts) & ~np.isnan(ends)
        # sample columns j (at x = (j + 0.5) / s) with start <= x < end
        with np.errstate(invalid="ignore"):
            j0 = np.ceil(starts * s - 0.5)
            j1 = np.ceil(ends * s - 0.5) - 1
        ok &= j1 >= j0
        ok &= (j1 >= x0 * s) & (j0 < x1 * s)
        row_sq = np.broadcast_to((np.arange(r0 * s, r1 * s) // s - y0)[:, None], starts.shape)[ok]
        a = np.clip(j0[ok], x0 * s, x1 * s - 1).astype(np.intp) // s - x0
        b = np.clip(j1[ok], x0 * s, x1 * s - 1).astype(np.intp) // s - x0
        np.add.at(cover, (row_sq, a), 1)
        np.add.at(cover, (row_sq, b + 1), -1)
    hit = np.cumsum(cover[:, :-1], axis=1) > 0
    yy, xx = np.nonzero(hit)
    yy, xx = yy + y0, xx + x0
    if yy.size == 0:
        # a shape smaller than a sample spacing still takes the square under its middle
        cx, cy = sum(xs_all) / len(xs_all), sum(ys_all) / len(ys_all)
        if 0 <= cx < width and 0 <= cy < height:
            return np.array([int(cy)]), np.array([int(cx)])
    return yy, xx


def line_squares(
    points: tuple[PointYd, ...] | list[PointYd], width: int, height: int
) -> tuple[np.ndarray, np.ndarray]:
    """Squares ``(ys, xs)`` a polyline passes through, 4-connected, clipped to the grid.

    A line exactly on a grid line takes the squares to its right (vertical) or below
    (horizontal); a line ending on a square's edge does not take that square.

    >>> ys, xs = line_squares([(0, 0), (2, 2)], 4, 4)
    >>> sorted(zip(xs.tolist(), ys.tolist()))
    [(0, 0), (1, 0), (1, 1)]
    """
    cells: list[tuple[int, int]] = []
    if len(points) == 1:
        cells.append((math.floor(points[0][0]), math.floor(points[0][1])))
    for seg in zip(points, points[1:], strict=False):
        clipped = _clip(seg[0], seg[1], width, height)
        if clipped is None:
            continue
        (ax, ay), (bx, by) = clipped
        length = math.hypot(bx - ax, by - ay)
        n = max(1, int(length * 8))
        t = (np.arange(n) + 0.5) / n
        fx = np.floor(ax + (bx - ax) * t).astype(int)
        fy = np.floor(ay + (by - ay) * t).astype(int)
        for x, y in zip(fx.tolist(), fy.tolist(), strict=False):
            if cells and cells[-1] == (x, y):
                continue
            if cells:
                px, py = cells[-1]
                if px != x and py != y:
                    # fill the corner the line passes nearer to, so the line stays 4-connected
                    cells.append(_corner_fill((px, py), (x, y), (ax, ay), (bx, by)))
            cells.append((x, y))
    uniq = sorted({c for c in cells if 0 <= c[0] < width and 0 <= c[1] < height})
    if not uniq:
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    arr = np.array(uniq)
    return arr[:, 1], arr[:, 0]


def _clip(p: PointYd, q: PointYd, width: int, height: int) -> tuple[PointYd, PointYd] | None:
    """The part of segment pq within a square margin of the grid (Liang-Barsky), or None."""
    x0, y0, x1, y1 = -1.0, -1.0, width + 1.0, height + 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    t0, t1 = 0.0, 1.0
    for pk, qk in ((-dx, p[0] - x0), (dx, x1 - p[0]), (-dy, p[1] - y0), (dy, y1 - p[1])):
        if pk == 0:
            if qk < 0:
                return None
            continue
        t = qk / pk
        if pk < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return (p[0] + t0 * dx, p[1] + t0 * dy), (p[0] + t1 * dx, p[1] + t1 * dy)


def _corner_fill(a: tuple[int, int], b: tuple[int, int], p: PointYd, q: PointYd) -> tuple[int, int]:
    """Of the two squares between diagonal neighbours a and b, the one nearer the segment pq."""
    options = [(b[0], a[1]), (a[0], b[1])]
    dx, dy = q[0] - p[0], q[1] - p[1]
    norm = math.hypot(dx, dy) or 1.0

    def dist(c: tuple[int, int]) -> float:
        cx, cy = c[0] + 0.5, c[1] + 0.5
        return abs((cx - p[0]) * dy - (cy - p[1]) * dx) / norm

    return min(options, key=dist)
