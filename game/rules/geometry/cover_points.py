"""Where cover lines start and end: a body's eye points and sample points, and the helpers that
aim lines through openings and judge arrow slits (the method is in cover.py's docstring).
"""

from __future__ import annotations

import numpy as np

from game.rules.body import Body
from game.rules.geometry.sight import Box, SightIndex
from game.rules.geometry.sight_walls import segment_distance

EYE_FRACTIONS = (0.9, 0.7)  # eyes near the top of a body, or stooping to a slit
PRONE_FACTOR = 0.25  # a prone body is a quarter of its standing height (a human: half a yard)
NUDGE_YD = 0.05  # a corner on a thin wall looks from its own side of it


def body_height(body: Body, *, prone: bool = False, prone_factor: float = PRONE_FACTOR) -> float:
    """Height of a body in yards, lowered when prone (Seed SotDL: prone creatures are lower).

    >>> body_height(Body((0, 0), height_yd=2.0), prone=True)
    0.5
    """
    return body.height_yd * (prone_factor if prone else 1.0)


def footprint_box(body: Body) -> Box:
    """The body's footprint in yards ``(x0, y0, x1, y1)``."""
    x, y = body.square
    return (float(x), float(y), float(x + body.space), float(y + body.space))


def body_points(
    body: Body,
    *,
    prone: bool = False,
    samples_across: int | None = None,
    height_samples: int = 4,
    prone_factor: float = PRONE_FACTOR,
) -> np.ndarray:
    """Sample points over a body: an inset grid on its footprint times its heights, (N, 3).

    >>> body_points(Body((0, 0)), samples_across=1, height_samples=2).tolist()
    [[0.5, 0.5, 0.5], [0.5, 0.5, 1.5]]
    """
    n = max(1, samples_across if samples_across else 2 + body.space)
    h = body_height(body, prone=prone, prone_factor=prone_factor)
    x0, y0 = body.square
    xs = x0 + body.space * (np.arange(n) + 0.5) / n
    ys = y0 + body.space * (np.arange(n) + 0.5) / n
    zs = body.elevation_yd + h * (np.arange(height_samples) + 0.5) / height_samples
    gy, gx, gz = np.meshgrid(ys, xs, zs, indexing="ij")
    return np.stack([gx.ravel(), gy.ravel(), gz.ravel()], axis=1)


def eye_points(
    body: Body,
    *,
    prone: bool = False,
    eye_fractions: tuple[float, ...] = EYE_FRACTIONS,
    prone_factor: float = PRONE_FACTOR,
) -> np.ndarray:
    """Points the body looks from: above each corner and the centre of its space, at each eye
    height, (5 * len(eye_fractions), 3); the centres come last.

    >>> eye_points(Body((0, 0), height_yd=2.0))[-2:].tolist()
    [[0.5, 0.5, 1.8], [0.5, 0.5, 1.4]]
    """
    x0, y0 = body.square
    s = body.space
    h = body_height(body, prone=prone, prone_factor=prone_factor)
    pts = [(x0, y0), (x0 + s, y0), (x0, y0 + s), (x0 + s, y0 + s), (x0 + s / 2, y0 + s / 2)]
    return np.array(
        [(x, y, body.elevation_yd + h * f) for x, y in pts for f in eye_fractions], dtype=np.float64
    )


def lower_eyes_useless(
    index: SightIndex, rows: np.ndarray, abox: Box, tbox: Box, attacker: Body, target: Body
) -> bool:
    """True when stooping cannot help: no opening near and every wall stands from the ground up.

    A wall band reaching down below both creatures' feet blocks a lower line wherever it blocks
    a higher one, so only openings and raised obstacles (an overhang) reward a lower eye.
    """
    if len(index.gap_rows_near(abox, tbox)):
        return False
    floor = min(attacker.elevation_yd, target.elevation_yd)
    return bool(len(rows) == 0 or (index.zlo[rows] <= floor + 1e-9).all())


def nudged(index: SightIndex, eyes: np.ndarray, body: Body, rows: np.ndarray) -> np.ndarray:
    """Move eye points that sit on a thin wall or ledge face a little towards the body's centre."""
    cx, cy = body.center_yd()
    out = eyes.copy()
    for i in range(len(out)):
        x, y = out[i, 0], out[i, 1]
        if abs(x - cx) < 1e-9 and abs(y - cy) < 1e-9:
            continue  # the centre is never on a wall
        if index.on_open_wall(x, y, rows):
            out[i, 0] += np.sign(cx - x) * NUDGE_YD
            out[i, 1] += np.sign(cy - y) * NUDGE_YD
    return out


def aimed_lines(
    eyes: np.ndarray, gaps: np.ndarray, target: Body, z_lo: float, z_hi: float
) -> tuple[np.ndarray, np.ndarray]:
    """Lines from each eye through the middle of each opening, ending inside the target's body."""
    cx, cy = target.center_yd()
    x0, y0, x1, y1 = footprint_box(target)
    ex, ey, ez = (eyes[:, i][:, None] for i in range(3))  # (K, 1)
    gx0, gy0, gx1, gy1, glo, ghi = (gaps[:, i][None, :] for i in range(6))  # (1, G)
    dx, dy = cx - ex, cy - ey
    sx, sy = gx1 - gx0, gy1 - gy0
    den = dx * sy - dy * sx
    with np.errstate(divide="ignore", invalid="ignore"):
        u = np.where(np.abs(den) < 1e-12, 0.5, ((gx0 - ex) * dy - (gy0 - ey) * dx) / den)
        u = np.clip(u, 0.1, 0.9)  # stay inside the opening's width
        px, py, pz = gx0 + u * sx, gy0 + u * sy, (glo + ghi) / 2
        vx, vy = px - ex, py - ey
        vv = vx * vx + vy * vy
        k = ((cx - ex) * vx + (cy - ey) * vy) / vv
        tx, ty, tz = ex + k * vx, ey + k * vy, ez + k * (pz - ez)
    ok = (
        (vv > 1e-12)
        & (k > 1.0)
        & (tx > x0)
        & (tx < x1)
        & (ty > y0)
        & (ty < y1)
        & (tz > z_lo)
        & (tz < z_hi)
    )
    ki, gi = np.nonzero(ok)
    starts = eyes[ki]
    ends = np.stack([tx[ki, gi], ty[ki, gi], tz[ki, gi]], axis=1) if len(ki) else np.zeros((0, 3))
    return starts, ends


def behind_slit(index: SightIndex, passed: np.ndarray, target: Body) -> bool:
    """Seen through an arrow slit that stands within a yard of the target (it stands behind it)."""
    ids = set(passed[passed >= 0].tolist()) & index.slits
    if not ids:
        return False
    g = index.gaps[np.isin(index.gap_owners, list(ids))]
    cx, cy = target.center_yd()
    d = segment_distance(g[:, 0], g[:, 1], g[:, 2], g[:, 3], cx, cy, cx, cy)
    return bool((d <= target.space * 0.7072 + 1.0).any())
