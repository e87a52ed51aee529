"""The tile painters behind tools/make_assets.py: 32 x 32 RGBA tiles drawn from code (CC0, ours).

Deterministic: every bit of "randomness" is a fixed hash of the pixel and a seed. This module
has the canvas, the noise and the ground tiles (opaque, but for the narrow beam); the
decoration tiles are in tile_decor.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable

TILE = 32
RGB = tuple[int, int, int]
N, E, S, W = 1, 2, 4, 8  # neighbour bits of the autotile families (same kind on that side)


def hash8(x: int, y: int, seed: int) -> int:
    """A fixed pseudo-random byte per pixel (same output on every machine)."""
    h = (x * 374761393 + y * 668265263 + seed * 2246822519) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    return (h ^ (h >> 16)) & 0xFF


def smooth(x: float, y: float, seed: int, cell: int = 8) -> float:
    """Value noise in 0..1, tiling every 32 pixels (so a painted field has no seams)."""
    n = TILE // cell
    gx, gy = x / cell, y / cell
    x0, y0 = math.floor(gx), math.floor(gy)
    fx, fy = gx - x0, gy - y0
    fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)

    def v(i: int, j: int) -> float:
        return hash8(i % n, j % n, seed) / 255.0

    top = v(x0, y0) * (1 - fx) + v(x0 + 1, y0) * fx
    bot = v(x0, y0 + 1) * (1 - fx) + v(x0 + 1, y0 + 1) * fx
    return top * (1 - fy) + bot * fy


def shade(c: RGB, d: float) -> RGB:
    """A colour made lighter (d > 0) or darker."""
    return tuple(max(0, min(255, round(v + d))) for v in c)  # type: ignore[return-value]


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """a at t = 0, b at t = 1."""
    t = max(0.0, min(1.0, t))
    return tuple(round(p + (q - p) * t) for p, q in zip(a, b, strict=True))  # type: ignore[return-value]


class Canvas:
    """A 32 x 32 RGBA tile with alpha blending (alpha in 0..1)."""

    def __init__(self, fill: RGB | None = None) -> None:
        c = (*fill, 1.0) if fill else (0, 0, 0, 0.0)
        self.px: list[list[tuple[float, float, float, float]]] = [[c] * TILE for _ in range(TILE)]

    def put(self, x: int, y: int, c: RGB, a: float = 1.0) -> None:
        """Paint colour c over pixel (x, y) with opacity a."""
        if not (0 <= x < TILE and 0 <= y < TILE) or a <= 0:
            return
        a = min(1.0, a)
        r, g, b, da = self.px[y][x]
        oa = a + da * (1 - a)
        k = da * (1 - a)
        self.px[y][x] = (
            (c[0] * a + r * k) / oa,
            (c[1] * a + g * k) / oa,
            (c[2] * a + b * k) / oa,
            oa,
        )

    def get(self, x: int, y: int) -> RGB:
        """The colour at (x, y), ignoring alpha."""
        r, g, b, _ = self.px[y][x]
        return (round(r), round(g), round(b))

    def each(self, fn: Callable[[int, int], tuple[RGB, float] | None]) -> None:
        """Paint every pixel fn says (colour, opacity); None leaves it."""
        for y in range(TILE):
            for x in range(TILE):
                got = fn(x, y)
                if got is not None:
                    self.put(x, y, got[0], got[1])

    def disk(self, cx: float, cy: float, r: float, c: RGB, a: float = 1.0) -> None:
        """A filled circle with a soft one-pixel rim."""
        for y in range(max(0, int(cy - r - 1)), min(TILE, int(cy + r + 2))):
            for x in range(max(0, int(cx - r - 1)), min(TILE, int(cx + r + 2))):
                d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
                if d <= r + 0.5:
                    self.put(x, y, c, a * min(1.0, r + 0.5 - d))

    def rect(self, x0: int, y0: int, x1: int, y1: int, c: RGB, a: float = 1.0) -> None:
        """Fill x0 <= x < x1, y0 <= y < y1."""
        for y in range(max(0, y0), min(TILE, y1)):
            for x in range(max(0, x0), min(TILE, x1)):
                self.put(x, y, c, a)

    def rgba(self, x: int, y: int) -> bytes:
        """Pixel bytes for the PNG."""
        r, g, b, a = self.px[y][x]
        return bytes((round(r), round(g), round(b), round(a * 255)))


# ---------------------------------------------------------------- ground (opaque)


def noisy(base: RGB, seed: int, amp: float = 14, fine: float = 8) -> Canvas:
    """A field of one colour with soft blotches and fine grain."""
    cv = Canvas(base)
    cv.each(
        lambda x, y: (
            shade(base, (smooth(x, y, seed) - 0.5) * amp + (hash8(x, y, seed) / 255 - 0.5) * fine),
            1.0,
        )
    )
    return cv


def grass(base: RGB, seed: int) -> Canvas:
    """Grass: blotchy green with blades."""
    cv = noisy(base, seed, 18, 10)
    for i in range(70):
        x, y = hash8(i, 1, seed) % TILE, hash8(i, 2, seed) % TILE
        c = shade(base, 28 if i % 3 else -26)
        cv.put(x, y, c, 0.8)
        cv.put(x, y - 1, c, 0.5)
    return cv


def slabs(base: RGB, seed: int, w: int = 16, h: int = 16, mortar: float = -45) -> Canvas:
    """Flagstones in offset rows: each slab its own tone, dark joints, a lit top-left rim."""
    cv = Canvas(base)

    def px(x: int, y: int) -> tuple[RGB, float]:
        row = y // h
        sx = (x + (w // 2 if row % 2 else 0)) % TILE
        col = sx // w
        lx, ly = sx % w, y % h
        tone = (hash8(col, row, seed) % 21) - 10
        c = shade(base, tone + (smooth(x, y, seed, 4) - 0.5) * 10 + (hash8(x, y, seed) % 7) - 3)
        if lx == w - 1 or ly == h - 1:
            return shade(base, mortar), 1.0
        if lx == 0 or ly == 0:
            return shade(c, 14), 1.0
        return c, 1.0

    cv.each(px)
    return cv


def bushes(base: RGB, seed: int) -> Canvas:
    """Undergrowth: a tangle of leafy clumps, lit from the north-west."""
    cv = noisy(shade(base, -18), seed, 10, 8)
    for i in range(9):
        cx, cy = hash8(i, 3, seed) % TILE, hash8(i, 4, seed) % TILE
        r = 5 + hash8(i, 5, seed) % 4
        for dx, dy in ((0, 0), (TILE, 0), (-TILE, 0), (0, TILE), (0, -TILE)):
            cv.disk(cx + dx + 1.5, cy + dy + 1.5, r, (20, 40, 16), 0.5)
            cv.disk(cx + dx, cy + dy, r, shade(base, (hash8(i, 6, seed) % 20) - 6))
            cv.disk(cx + dx - r / 3, cy + dy - r / 3, r / 2.2, shade(base, 26), 0.7)
    cv.each(lambda x, y: (shade(cv.get(x, y), 40), 0.7) if hash8(x, y, seed + 1) > 246 else None)
    return cv


def stones(base: RGB, ground: RGB, seed: int, n: int = 16, size: int = 5) -> Canvas:
    """Rubble (or packed earth, with few small stones): stones of many sizes, with shadows."""
    cv = noisy(ground, seed, 14, 10)
    for i in range(n):
        cx, cy = 2 + hash8(i, 7, seed) % 28, 2 + hash8(i, 8, seed) % 28
        r = 1.5 + hash8(i, 9, seed) % size
        tone = (hash8(i, 10, seed) % 30) - 15
        cv.disk(cx + 1.2, cy + 1.2, r, (30, 28, 26), 0.5)
        cv.disk(cx, cy, r, shade(base, tone))
        cv.disk(cx - r / 3, cy - r / 3, r / 2.5, shade(base, tone + 30), 0.6)
    return cv


def water(base: RGB, seed: int, ripples: float = 1.0) -> Canvas:
    """Calm water: smooth blues with long, gentle ripple lines."""
    cv = Canvas(base)

    def px(x: int, y: int) -> tuple[RGB, float]:
        c = shade(base, (smooth(x, y, seed, 16) - 0.5) * 16)
        wave = math.sin((x / TILE) * 2 * math.pi * 2 + (y / TILE) * 2 * math.pi * 4)
        if wave > 0.93 and ripples:
            c = shade(c, 28 * ripples)
        elif wave < -0.96 and ripples:
            c = shade(c, -14 * ripples)
        return c, 1.0

    cv.each(px)
    return cv


def rough(base: RGB, seed: int) -> Canvas:
    """Rough water: dark churning water, white foam crests and chevrons running downstream."""
    cv = Canvas(base)

    def px(x: int, y: int) -> tuple[RGB, float]:
        n = smooth(x, y, seed, 8)
        c = shade(base, (n - 0.5) * 34)
        # chevron crests pointing downstream (south)
        v = (y + abs(((x + 8) % 16) - 8) * 0.9 + n * 6) % 16
        if v < 2:
            return mix(c, (240, 246, 250), 0.9), 1.0
        if v < 4:
            return mix(c, (150, 190, 220), 0.5), 1.0
        if v > 13:
            return shade(c, -16), 1.0
        if hash8(x, y, seed) > 246:
            return (220, 232, 244), 1.0
        return c, 1.0

    cv.each(px)
    cv.disk(9, 22, 3.5, (235, 242, 250), 0.7)  # a rock breaking the surface
    cv.disk(9, 21, 2.5, (74, 76, 80))
    return cv


def ice(base: RGB, seed: int) -> Canvas:
    """Ice: pale blue sheen, diagonal glints, dark hairline cracks."""
    cv = Canvas(base)

    def px(x: int, y: int) -> tuple[RGB, float]:
        c = shade(base, (smooth(x, y, seed, 16) - 0.5) * 22)
        if (x + y) % 23 in (0, 1) and (x - y) % 7 < 4:
            c = mix(c, (255, 255, 255), 0.8)
        return c, 1.0

    cv.each(px)
    x, y = 4.0, 6.0
    for i in range(40):  # a wandering crack
        cv.put(int(x) % TILE, int(y) % TILE, (110, 140, 160), 0.9)
        x += 0.8
        y += 0.6 + (hash8(i, 13, seed) % 3 - 1) * 0.7
    return cv


def chasm(seed: int) -> Canvas:
    """A chasm floor far below: near black with faint cold rock."""
    base = (10, 9, 15)
    cv = Canvas(base)
    cv.each(
        lambda x, y: (
            shade(base, (smooth(x, y, seed, 8) - 0.5) * 10 + (hash8(x, y, seed) > 240) * 10),
            1.0,
        )
    )
    return cv


def rock(base: RGB, seed: int) -> Canvas:
    """Solid rock: faceted grey with dark cracks."""
    cv = Canvas(base)

    def px(x: int, y: int) -> tuple[RGB, float]:
        n = smooth(x, y, seed, 8)
        m = smooth(x, y, seed + 5, 16)
        c = shade(base, (n - 0.5) * 40 + (m - 0.5) * 20)
        if abs(n - 0.5) < 0.03:
            c = shade(base, -45)
        return c, 1.0

    cv.each(px)
    return cv


def planks(base: RGB, seed: int) -> Canvas:
    """Bridge deck: boards laid north-south (across an east-west bridge), nails, grain."""
    cv = Canvas(base)

    def px(x: int, y: int) -> tuple[RGB, float]:
        board = x // 8
        lx = x % 8
        tone = (hash8(board, 0, seed) % 24) - 12
        c = shade(base, tone + (hash8(x // 2, y, seed) % 9) - 4)
        if (y * 3 + board * 5 + (hash8(x, 0, seed) % 3)) % 11 == 0:
            c = shade(c, -14)  # grain
        if lx == 7:
            return shade(base, -60), 1.0
        if lx == 0:
            return shade(c, 16), 1.0
        if lx in (3, 4) and y in (3, 28):
            return (60, 56, 52), 1.0  # nails
        return c, 1.0

    cv.each(px)
    return cv


def beam(seed: int) -> Canvas:
    """A single narrow beam running east-west, its shadow falling into the dark below."""
    cv = Canvas()
    cv.rect(0, 14, TILE, 22, (0, 0, 0), 0.55)
    wood = (150, 105, 60)
    for y in range(12, 20):
        for x in range(TILE):
            c = shade(wood, (hash8(x // 3, y, seed) % 14) - 7 - (y - 12) * 3)
            if y == 12:
                c = shade(wood, 22)
            if y == 19:
                c = shade(wood, -50)
            cv.put(x, y, c)
    return cv


def ladder(under: Canvas) -> Canvas:
    """A ladder laid against the higher square, over the ground tile given."""
    cv = under
    for y in range(TILE):
        for x in (7, 8, 23, 24):
            cv.put(x + 1, y, (0, 0, 0), 0.35)
            cv.put(x, y, (126, 84, 42) if x in (7, 23) else (96, 62, 30))
    for y0 in (3, 11, 19, 27):
        cv.rect(9, y0 + 1, 23, y0 + 3, (0, 0, 0), 0.35)
        cv.rect(9, y0, 23, y0 + 2, (140, 96, 50))
    return cv


def rope(under: Canvas) -> Canvas:
    """Handholds: a knotted rope pegged to a rock face, dark pockets in the stone."""
    cv = under
    for i in range(6):
        cx, cy = 4 + hash8(i, 14, 3) % 24, 4 + hash8(i, 15, 3) % 24
        cv.disk(cx, cy, 1.8, (30, 26, 24))
    for y in range(TILE):
        x = 15 + round(math.sin(y / 5) * 1.5)
        cv.put(x + 2, y, (0, 0, 0), 0.4)
        cv.put(x, y, (196, 170, 110))
        cv.put(x + 1, y, (160, 132, 80))
    for y0 in (6, 16, 26):
        cv.disk(15.5, y0, 2.5, (180, 150, 96))
    cv.disk(15.5, 1.5, 2, (80, 80, 86))  # the peg
    return cv


def steps(base: RGB, seed: int, n: int = 4) -> Canvas:
    """Stairs: treads with dark risers, lit edges (going up to the north)."""
    cv = noisy(base, seed, 8, 8)
    h = TILE // n
    for y in range(TILE):
        ly = y % h
        for x in range(TILE):
            if ly == h - 1 or ly == h - 2:
                cv.put(x, y, shade(base, -55))
            elif ly == 0:
                cv.put(x, y, shade(base, 20))
    return cv


def mud(base: RGB, seed: int) -> Canvas:
    """Mud: dark wet earth, puddles catching the light, hoof prints."""
    cv = noisy(base, seed, 24, 10)
    for i in range(3):
        cx, cy = 4 + hash8(i, 16, seed) % 24, 4 + hash8(i, 17, seed) % 24
        cv.disk(cx, cy, 3 + i, (70, 66, 60), 0.8)
        cv.disk(cx - 1, cy - 1, 1.5, (150, 150, 140), 0.5)
    return cv
