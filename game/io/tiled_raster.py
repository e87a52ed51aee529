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


def _inside(px: np.ndarray, py: np.ndarray, poly: list[PointYd]) -> np.ndarray:
    """Even-odd point-in-polygon test for many points at once."""
    inside = np.zeros(px.shape, dtype=bool)
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if y1 == y2:
            continue
        crosses = (py >= min(y1, y2)) & (py < max(y1, y2))
        xint = x1 + (py - y1) * (x2 - x1) / (y2 - y1)
        inside ^= crosses & (px < xint)
    return inside


def polygon_squares(points: tuple[PointYd, ...] | list[PointYd], width: int,
                    height: int) -> tuple[np.ndarray, np.ndarray]:
    """Squares ``(ys, xs)`` a closed shape covers, clipped to the grid.

    >>> ys, xs = polygon_squares([(1, 1), (3, 1), (3, 2), (1, 2)], 5, 5)
    >>> sorted(zip(xs.tolist(), ys.tolist()))
    [(1, 1), (2, 1)]
    """
    pts = list(points)
    if len(pts) < 3:
        return line_squares(pts, width, height)
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    x0, x1 = max(0, math.floor(min(xs))), min(width, math.ceil(max(xs)))
    y0, y1 = max(0, math.floor(min(ys))), min(height, math.ceil(max(ys)))
    if x0 >= x1 or y0 >= y1:
        return np.zeros(0, np.intp), np.zeros(0, np.intp)
    s = SUBSAMPLES
    offs = (np.arange(s) + 0.5) / s
    sx = (np.arange(x0, x1)[:, None] + offs[None, :]).ravel()
    sy = (np.arange(y0, y1)[:, None] + offs[None, :]).ravel()
    gx, gy = np.meshgrid(sx, sy)
    hit = _inside(gx, gy, pts)
    hit = hit.reshape(y1 - y0, s, x1 - x0, s).any(axis=(1, 3))
    yy, xx = np.nonzero(hit)
    if yy.size == 0:
        # a shape smaller than a sample spacing still takes the square under its middle
        cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
        if 0 <= cx < width and 0 <= cy < height:
            return np.array([int(cy)]), np.array([int(cx)])
    return yy + y0, xx + x0


def line_squares(points: tuple[PointYd, ...] | list[PointYd], width: int,
                 height: int) -> tuple[np.ndarray, np.ndarray]:
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
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        length = math.hypot(bx - ax, by - ay)
        n = max(1, int(length * 8))
        t = (np.arange(n) + 0.5) / n
        fx = np.floor(ax + (bx - ax) * t).astype(int)
        fy = np.floor(ay + (by - ay) * t).astype(int)
        for x, y in zip(fx.tolist(), fy.tolist()):
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


def _corner_fill(a: tuple[int, int], b: tuple[int, int], p: PointYd, q: PointYd) -> tuple[int, int]:
    """Of the two squares between diagonal neighbours a and b, the one nearer the segment pq."""
    options = [(b[0], a[1]), (a[0], b[1])]
    dx, dy = q[0] - p[0], q[1] - p[1]
    norm = math.hypot(dx, dy) or 1.0

    def dist(c: tuple[int, int]) -> float:
        cx, cy = c[0] + 0.5, c[1] + 0.5
        return abs((cx - p[0]) * dy - (cy - p[1]) * dx) / norm

    return min(options, key=dist)
