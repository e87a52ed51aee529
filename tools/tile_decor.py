"""Decoration tiles for tools/make_assets.py: walls, cliffs, shadows, canopy, fog ... (CC0, ours).

Transparent where the ground should show through; no Battlemat property (docs/maps.md, section 6).
The helpers (Canvas, noise, colours) are in tile_art.py.
"""

from __future__ import annotations

import math

from tile_art import RGB, TILE, Canvas, E, N, S, W, hash8, mix, shade, smooth


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
        return lo <= y < hi and bool((mask & W and x < lo) or (mask & E and x >= hi))

    for y in range(TILE):  # drop shadow to the south-east
        for x in range(TILE):
            if inside(x - 3, y - 3) and not inside(x, y):
                cv.put(x, y, (0, 0, 0), 0.45)
    for y in range(TILE):
        for x in range(TILE):
            if not inside(x, y):
                continue
            edge = not (
                inside(x - 1, y) and inside(x + 1, y) and inside(x, y - 1) and inside(x, y + 1)
            )
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
            cv.put(
                round(16 + r * math.cos(math.radians(a))),
                round(16 + r * math.sin(math.radians(a))),
                (100, 68, 36),
            )
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
    """Fog (or, fainter, mist): a pale veil, a soft wavy rim where the zone ends (mask: joins)."""
    cv = Canvas()
    open_ = ~mask & 15
    r = 10
    corners = (
        (N | W, r, r),
        (N | E, TILE - r, r),
        (S | W, r, TILE - r),
        (S | E, TILE - r, TILE - r),
    )

    def px(x: int, y: int) -> tuple[RGB, float] | None:
        d = _edge_dist(x, y, open_) - 1.5 * math.sin(x * 0.5 + y * 0.7) - 1
        for bits, cx, cy in corners:
            if open_ & bits == bits:
                in_corner = (x < r if bits & W else x >= TILE - r) and (
                    y < r if bits & N else y >= TILE - r
                )
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
    out: list[tuple[float, float, float]] = []
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
        corners = (
            (N | W, r, r),
            (N | E, TILE - r, r),
            (S | W, r, TILE - r),
            (S | E, TILE - r, TILE - r),
        )
        for bits, cx, cy in corners:
            if open_ & bits == bits:
                in_corner = (x < r if bits & W else x >= TILE - r) and (
                    y < r if bits & N else y >= TILE - r
                )
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
            return (22, 52, 24), 0.38
        cx, cy, cr, d = best
        lit = ((cx - x) + (cy - y)) / (2 * cr)  # lit from the north-west
        c = mix(
            (30, 78, 34), (112, 168, 70), 0.35 + lit * 0.6 + (smooth(x, y, seed, 4) - 0.5) * 0.3
        )
        if d > cr - 1.2:
            c = shade(c, -40)
        return c, 0.7

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
            cv.put(
                round(cx + rr * math.cos(math.radians(a))),
                round(cy + rr * math.sin(math.radians(a))),
                (118, 84, 50),
            )
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
