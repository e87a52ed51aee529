"""The tile painters behind tools/make_assets.py: 32 x 32 RGBA tiles drawn from code (CC0, ours).

Deterministic: every bit of "randomness" is a fixed hash of the pixel and a seed. Ground tiles
are opaque; the decoration tiles (walls, shadows, cliffs, canopy, fog ...) are transparent where
the ground should show through, and carry no Battlemat property (docs/maps.md, section 6).
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
        self.px: list[list[tuple[float, float, float, float]]] = [
            [c] * TILE for _ in range(TILE)
        ]

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


# ---------------------------------------------------------------- decoration (transparent)


def _edge_dist(x: int, y: int, mask_open: int) -> float:
    """Distance (pixels) from (x, y) to the nearest tile side whose bit is set in mask_open."""
    d = 99.0
    if mask_open & N:
        d = min(d, y + 0.5)
    if mask_open & S:
        d = min(d, TILE - y - 0.5)
    if mask_open & W:
        d = min(d, x + 0.5)
    if mask_open & E:
        d = min(d, TILE - x - 0.5)
    return d


def wall(mask: int) -> Canvas:
    """A wall seen from above: coursed stone, a dark outline where the wall ends (mask: joins)."""
    base = (92, 84, 80)
    cv = Canvas(base)
    open_ = ~mask & 15

    def px(x: int, y: int) -> tuple[RGB, float]:
        row = y // 8
        bx = (x + (8 if row % 2 else 0)) % TILE
        col = bx // 16
        c = shade(base, (hash8(col, row, 91) % 26) - 13 + (hash8(x, y, 92) % 9) - 4)
        if y % 8 == 7 or bx % 16 == 15:
            c = (44, 40, 40)
        elif y % 8 == 0 or bx % 16 == 0:
            c = shade(c, 26)
        d = _edge_dist(x, y, open_)
        if d < 3:
            return (20, 18, 18), 1.0
        if d < 5:
            # lit rim on the north and west faces, shaded on the south and east
            lit = (open_ & N and y < 5) or (open_ & W and x < 5)
            return shade(c, 30 if lit else -30), 1.0
        return c, 1.0

    cv.each(px)
    return cv


def low_wall(mask: int) -> Canvas:
    """A low wall (knee to waist high): a narrow band of pale stones joining its neighbours."""
    cv = Canvas()
    lo, hi = 9, 23
    stone = (186, 174, 150)

    def inside(x: int, y: int) -> bool:
        if lo <= x < hi and lo <= y < hi:
            return True
        if lo <= x < hi and ((mask & N and y < lo) or (mask & S and y >= hi)):
            return True
        return lo <= y < hi and ((mask & W and x < lo) or (mask & E and x >= hi))

    for y in range(TILE):  # drop shadow to the south-east
        for x in range(TILE):
            if inside(x - 3, y - 3) and not inside(x, y):
                cv.put(x, y, (0, 0, 0), 0.45)
    for y in range(TILE):
        for x in range(TILE):
            if not inside(x, y):
                continue
            edge = not (inside(x - 1, y) and inside(x + 1, y) and inside(x, y - 1) and inside(x, y + 1))
            if edge:
                cv.put(x, y, (52, 46, 40))
                continue
            horiz = mask & (E | W) or not mask & (N | S)
            u, v = (x, y) if horiz else (y, x)
            seam = u % 7 == 0 or v == 16
            c = shade(stone, (hash8(u // 7, v // 8, 93) % 24) - 12 + (hash8(x, y, 94) % 7) - 3)
            cv.put(x, y, shade(stone, -50) if seam else c)
    return cv


def crenels() -> Canvas:
    """Merlons along the inner (south) edge of a wall: the parapet of a rampart."""
    cv = Canvas()
    for x0 in range(1, TILE, 10):
        cv.rect(x0 + 2, 20, x0 + 8, 30, (0, 0, 0), 0.45)
        cv.rect(x0, 18, x0 + 6, 28, (170, 160, 140))
        cv.rect(x0, 18, x0 + 6, 19, (205, 196, 176))
        cv.rect(x0, 27, x0 + 6, 28, (70, 64, 58))
    cv.rect(0, 28, TILE, 30, (70, 64, 58))
    return cv


def arrow_slit(vertical_run: bool, inside: int) -> Canvas:
    """An arrow slit across a wall: a narrow dark slot, splayed toward the inside (+1 or -1)."""
    cv = Canvas()
    for t in range(3, 29):
        k = (t - 16) * inside  # > 0 toward the inside
        half = 1 if k < 0 else 1 + k // 4
        for s in range(16 - half - 1, 16 + half + 1):
            x, y = (t, s) if vertical_run else (s, t)
            edge = s in (16 - half - 1, 16 + half)
            cv.put(x, y, (150, 142, 134) if edge else (12, 10, 10))
    return cv


def pillar() -> Canvas:
    """A round stone column seen from above, its shadow to the south-east."""
    cv = Canvas()
    cv.disk(19, 19, 12, (0, 0, 0), 0.45)
    cv.disk(16, 16, 12.5, (40, 36, 34))
    for y in range(TILE):
        for x in range(TILE):
            d = math.hypot(x + 0.5 - 16, y + 0.5 - 16)
            if d < 11:
                lit = ((16 - x) + (16 - y)) / 22
                cv.put(x, y, shade((150, 144, 136), lit * 40 - (d > 8) * 10))
    cv.disk(16, 16, 6, (172, 166, 156), 0.6)
    return cv


def post() -> Canvas:
    """A square wooden bridge post with an end-grain top."""
    cv = Canvas()
    cv.rect(12, 12, 28, 28, (0, 0, 0), 0.45)
    cv.rect(8, 8, 24, 24, (60, 40, 22))
    cv.rect(9, 9, 23, 23, (132, 92, 52))
    for r in (2, 4, 6):
        for a in range(0, 360, 12):
            cv.put(round(16 + r * math.cos(math.radians(a))), round(16 + r * math.sin(math.radians(a))), (100, 68, 36))
    return cv


def railing(side: str) -> Canvas:
    """A wooden railing along the north (side "n") or south edge of a bridge deck."""
    cv = Canvas()
    y0 = 1 if side == "n" else 26
    cv.rect(0, y0 + 3, TILE, y0 + 6, (0, 0, 0), 0.4)
    cv.rect(0, y0, TILE, y0 + 4, (110, 74, 40))
    cv.rect(0, y0, TILE, y0 + 1, (160, 118, 70))
    cv.rect(13, y0 - 1, 19, y0 + 5, (70, 46, 24))
    cv.rect(14, y0, 18, y0 + 4, (140, 100, 58))
    return cv


def broken_end(side: str) -> Canvas:
    """The splintered end of a plank deck where the span broke away (side: "e" or "w")."""
    cv = Canvas()
    for y in range(TILE):
        reach = 5 + (hash8(y // 2, 0, 95) % 7) + (hash8(y // 5, 1, 95) % 6)  # splintered boards
        for d in range(reach):
            x = TILE - 1 - d if side == "e" else d
            cv.put(x, y, (10, 9, 14) if d < reach - 1 else (190, 150, 100))
    return cv


def cliff(mask: int) -> Canvas:
    """Rock faces dropping into this square from the sides in mask (higher ground there)."""
    cv = Canvas()

    def px(x: int, y: int) -> tuple[RGB, float] | None:
        d = _edge_dist(x, y, mask)
        if d > 22:
            return None
        t = d / 22
        band = int(d + 2 * smooth(x, y, 97, 8)) // 3  # strata run along the rim
        stria = (hash8(band, 0, 96) % 30) - 15 + (smooth(x, y, 97, 4) - 0.5) * 30
        c = shade(mix((150, 134, 112), (16, 14, 20), t**0.7), stria * (1 - t))
        if d < 2:
            c = (196, 182, 156)
        return c, min(1.0, 1.15 - t**2)

    cv.each(px)
    return cv


def depth(alpha: float) -> Canvas:
    """Deeper into a chasm, away from its walls: darker still."""
    cv = Canvas()
    cv.each(lambda x, y: ((0, 0, 4), alpha))
    return cv


def lip(mask: int) -> Canvas:
    """The edge of higher ground over a drop on the sides in mask: a dark line, a lit rim."""
    cv = Canvas()

    def px(x: int, y: int) -> tuple[RGB, float] | None:
        d = _edge_dist(x, y, mask)
        if d < 2:
            return (30, 24, 20), 0.95
        if d < 5:
            return (120, 96, 66), 0.55
        if d < 6:
            return (236, 226, 200), 0.4
        return None

    cv.each(px)
    return cv


def cast_shadow(mask: int) -> Canvas:
    """Shadow cast by something tall to the north (bit 1), west (2) or north-west (4)."""
    cv = Canvas()

    def px(x: int, y: int) -> tuple[RGB, float] | None:
        a = 0.0
        if mask & 1:
            a = max(a, 1 - y / 13)
        if mask & 2:
            a = max(a, 1 - x / 13)
        if mask & 4:
            a = max(a, 1 - max(x, y) / 13)
        return ((0, 0, 0), 0.5 * a) if a > 0 else None

    cv.each(px)
    return cv


def gloom(alpha: float, seed: int) -> Canvas:
    """Darkness (or dim shade) laid over whatever is beneath."""
    cv = Canvas()
    cv.each(lambda x, y: ((6, 6, 14), alpha + (smooth(x, y, seed, 16) - 0.5) * 0.08))
    return cv


def fog(mask: int, alpha: float, seed: int) -> Canvas:
    """Fog (or, fainter, mist): a pale veil with a soft, wavy rim where the zone ends (mask: joins)."""
    cv = Canvas()
    open_ = ~mask & 15
    r = 10
    corners = ((N | W, r, r), (N | E, TILE - r, r), (S | W, r, TILE - r), (S | E, TILE - r, TILE - r))

    def px(x: int, y: int) -> tuple[RGB, float] | None:
        d = _edge_dist(x, y, open_) - 1.5 * math.sin(x * 0.5 + y * 0.7) - 1
        for bits, cx, cy in corners:
            if open_ & bits == bits:
                in_corner = (x < r if bits & W else x >= TILE - r) and (y < r if bits & N else y >= TILE - r)
                if in_corner:
                    d = min(d, r - math.hypot(x + 0.5 - cx, y + 0.5 - cy))
        if d <= 0:
            return None
        fade = min(1.0, d / 5)
        a = 0.8 + 0.35 * smooth(x, y, seed, 16) * smooth(x + 7, y, seed + 1, 8)
        return (222, 228, 234), alpha * a * fade

    cv.each(px)
    return cv


def _clumps(seed: int, n: int) -> list[tuple[float, float, float]]:
    """Leaf clumps (x, y, radius) placed so that neighbouring tiles join without a seam."""
    out = []
    for i in range(n):
        cx, cy = hash8(i, 21, seed) % TILE, hash8(i, 22, seed) % TILE
        r = 6 + hash8(i, 23, seed) % 5
        out += [(cx + dx, cy + dy, r) for dx in (-TILE, 0, TILE) for dy in (-TILE, 0, TILE)]
    return out


def canopy(mask: int, seed: int = 98) -> Canvas:
    """Tree canopy over a foliage zone: leaf clumps, a ragged rounded rim where the zone ends."""
    cv = Canvas()
    open_ = ~mask & 15
    r = 10
    clumps = _clumps(seed, 7)

    def inside(x: int, y: int) -> bool:
        d = _edge_dist(x, y, open_)
        if d < 2.5 + 1.8 * math.sin(x * 0.8 + y * 1.3) + 1.2 * math.sin(x * 1.7 - y * 0.6):
            return False
        corners = ((N | W, r, r), (N | E, TILE - r, r), (S | W, r, TILE - r), (S | E, TILE - r, TILE - r))
        for bits, cx, cy in corners:
            if open_ & bits == bits:
                in_corner = (x < r if bits & W else x >= TILE - r) and (y < r if bits & N else y >= TILE - r)
                if in_corner and math.hypot(x + 0.5 - cx, y + 0.5 - cy) > r - 1.5:
                    return False
        return True

    def px(x: int, y: int) -> tuple[RGB, float] | None:
        if not inside(x, y):
            return ((0, 0, 0), 0.4) if inside(x - 3, y - 3) else None
        if not (inside(x - 1, y) and inside(x + 1, y) and inside(x, y - 1) and inside(x, y + 1)):
            return (14, 34, 14), 0.95
        best = None
        for cx, cy, cr in clumps:
            d = math.hypot(x + 0.5 - cx, y + 0.5 - cy)
            if d < cr and (best is None or cy > best[1]):
                best = (cx, cy, cr, d)
        if best is None:
            return (22, 52, 24), 0.82
        cx, cy, cr, d = best
        lit = ((cx - x) + (cy - y)) / (2 * cr)  # lit from the north-west
        c = mix((30, 78, 34), (112, 168, 70), 0.35 + lit * 0.6 + (smooth(x, y, seed, 4) - 0.5) * 0.3)
        if d > cr - 1.2:
            c = shade(c, -40)
        return c, 0.86

    cv.each(px)
    return cv


def crown(pine: bool) -> Canvas:
    """A lone tree's crown filling its square: a leafy ball, or a pine's star of needles."""
    cv = Canvas()
    cv.disk(18, 18, 14, (0, 0, 0), 0.4)
    for y in range(TILE):
        for x in range(TILE):
            dx, dy = x + 0.5 - 16, y + 0.5 - 16
            d = math.hypot(dx, dy)
            ang = math.atan2(dy, dx)
            edge = 14 + (2.2 * math.cos(ang * 9) if pine else 1.2 * math.sin(ang * 7))
            if d > edge:
                continue
            if d > edge - 1.2:
                cv.put(x, y, (16, 36, 18))
                continue
            lit = (-dx - dy) / 28
            if pine:
                c = shade((30, 76, 46), lit * 40 + (abs(math.sin(ang * 9)) < 0.2) * 18)
            else:
                c = shade(mix((50, 104, 40), (104, 160, 66), smooth(x, y, 99, 4)), lit * 36)
            cv.put(x, y, c)
    cv.disk(16, 16, 2, (84, 56, 32) if not pine else (70, 46, 26))
    return cv


def trunk(part: tuple[int, int] | None = None) -> Canvas:
    """A tree trunk (the obstacle) seen from above: bark ring, rings; part: a quarter of a 2x2."""
    cv = Canvas()
    if part is None:
        cx = cy = 16.0
        r = 8.0
    else:
        cx, cy = TILE * (1 - part[0]), TILE * (1 - part[1])
        r = 20.0
    cv.disk(cx + 2, cy + 2, r, (0, 0, 0), 0.45)
    cv.disk(cx, cy, r, (62, 40, 24))
    cv.disk(cx, cy, r - 2.5, (150, 112, 70))
    for k in range(1, 4):
        rr = (r - 2.5) * k / 4
        for a in range(0, 360, 4):
            cv.put(round(cx + rr * math.cos(math.radians(a))), round(cy + rr * math.sin(math.radians(a))), (118, 84, 50))
    return cv


def boulder(part: tuple[int, int] | None = None, mossy: bool = False) -> Canvas:
    """A boulder (a quarter of a 2x2 one when part is given) or a mossy rock, shaded."""
    cv = Canvas()
    if part is None:
        cx = cy = 16.0
        r = 11.0
    else:
        cx, cy = TILE * (1 - part[0]), TILE * (1 - part[1])
        r = 26.0
    cv.disk(cx + 3, cy + 3, r, (0, 0, 0), 0.4)
    cv.disk(cx, cy, r + 0.5, (44, 42, 40))
    for y in range(TILE):
        for x in range(TILE):
            dx, dy = x + 0.5 - cx, y + 0.5 - cy
            if math.hypot(dx, dy) < r - 1:
                lit = (-dx - dy) / (2 * r)
                c = shade((128, 124, 118), lit * 60 + (smooth(x, y, 100, 8) - 0.5) * 30)
                if mossy and smooth(x, y, 101, 8) > 0.5 and dy < 2:
                    c = mix(c, (80, 120, 50), 0.7)
                cv.put(x, y, c)
    return cv


def log(part: str) -> Canvas:
    """A fallen log lying east-west: "w" end, "m" middle, "e" end."""
    cv = Canvas()
    x0 = 6 if part == "w" else 0
    x1 = 26 if part == "e" else TILE
    cv.rect(x0 + 2, 12, x1 + 2, 25, (0, 0, 0), 0.4)
    for y in range(9, 23):
        for x in range(x0, x1):
            t = (y - 9) / 13
            c = shade((110, 78, 48), 30 - t * 60 + ((x * 7 + y * 3) % 5 == 0) * -20)
            cv.put(x, y, c)
    if part in ("w", "e"):
        cx = x0 + 2 if part == "w" else x1 - 2
        cv.disk(cx, 16, 6.5, (64, 44, 26))
        cv.disk(cx, 16, 5, (176, 140, 96))
        cv.disk(cx, 16, 2, (140, 104, 64))
    return cv


def slick_stones() -> Canvas:
    """Flat wet stones, glistening: the slick stones a GM marks as treacherous."""
    cv = Canvas()
    for i in range(5):
        cx, cy = 5 + hash8(i, 18, 102) % 22, 5 + hash8(i, 19, 102) % 22
        r = 4 + hash8(i, 20, 102) % 3
        cv.disk(cx + 1, cy + 1, r, (0, 0, 0), 0.4)
        cv.disk(cx, cy, r, (96, 112, 116))
        cv.disk(cx - 1.5, cy - 1.5, r / 2.2, (210, 228, 236), 0.7)
    return cv


def far_bank(base: RGB, seed: int) -> Canvas:
    """Higher, sunnier grass."""
    return grass(base, seed)
