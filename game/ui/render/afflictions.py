"""Affliction icons: one picture per affliction both rulesets put on creatures, told apart by
shape and colour at a glance (the names show on hover).

An icon is a coloured disc with a white pictogram drawn from lines and polygons in a unit box,
so it stays crisp from 9 pixels up; an affliction not listed gets its first letters.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame

from game.ui.render import palette

Rgb = tuple[int, int, int]
Pt = tuple[float, float]
Glyph = Callable[[pygame.Surface, int], None]

WHITE = (255, 255, 255)


def _p(s: int, x: float, y: float) -> tuple[int, int]:
    return (round(x * (s - 1)), round(y * (s - 1)))


def _w(s: int, frac: float = 0.11) -> int:
    return max(1, round(s * frac))


def _lines(*strokes: tuple[Pt, ...], frac: float = 0.11) -> Glyph:
    def draw(surf: pygame.Surface, s: int) -> None:
        for pts in strokes:
            pygame.draw.lines(surf, WHITE, False, [_p(s, *q) for q in pts], _w(s, frac))

    return draw


def _poly(*polys: tuple[Pt, ...]) -> Glyph:
    def draw(surf: pygame.Surface, s: int) -> None:
        for pts in polys:
            pygame.draw.polygon(surf, WHITE, [_p(s, *q) for q in pts])

    return draw


def _both(*glyphs: Glyph) -> Glyph:
    def draw(surf: pygame.Surface, s: int) -> None:
        for g in glyphs:
            g(surf, s)

    return draw


def _dot(x: float, y: float, r: float) -> Glyph:
    def draw(surf: pygame.Surface, s: int) -> None:
        pygame.draw.circle(surf, WHITE, _p(s, x, y), max(1, round(r * s)))

    return draw


def _ring(x: float, y: float, r: float, frac: float = 0.1) -> Glyph:
    def draw(surf: pygame.Surface, s: int) -> None:
        pygame.draw.circle(surf, WHITE, _p(s, x, y), max(2, round(r * s)), _w(s, frac))

    return draw


def _arc(x: float, y: float, r: float, a0: float, a1: float, frac: float = 0.1) -> Glyph:
    def draw(surf: pygame.Surface, s: int) -> None:
        rr = r * s
        rect = pygame.Rect(0, 0, round(2 * rr), round(2 * rr))
        rect.center = _p(s, x, y)
        pygame.draw.arc(surf, WHITE, rect, math.radians(a0), math.radians(a1), _w(s, frac))

    return draw


def _star(n: int, inner: float) -> Glyph:
    pts = []
    for i in range(2 * n):
        r = 0.4 if i % 2 == 0 else 0.4 * inner
        a = math.pi * i / n - math.pi / 2
        pts.append((0.5 + r * math.cos(a), 0.52 + r * math.sin(a)))
    return _poly(tuple(pts))


def _slash(g: Glyph) -> Glyph:
    return _both(g, _lines(((0.18, 0.82), (0.82, 0.18)), frac=0.12))


# The pictograms (unit box, y down)
EYE = _both(
    _arc(0.5, 0.85, 0.48, 40, 140, 0.09),
    _arc(0.5, 0.15, 0.48, 220, 320, 0.09),
    _dot(0.5, 0.5, 0.12),
)
PRONE = _both(_lines(((0.12, 0.7), (0.78, 0.7)), frac=0.16), _dot(0.84, 0.62, 0.1))
CHAIN = _both(_ring(0.36, 0.5, 0.2), _ring(0.64, 0.5, 0.2))
LOCK = _both(
    _poly(((0.25, 0.45), (0.75, 0.45), (0.75, 0.85), (0.25, 0.85))),
    _arc(0.5, 0.42, 0.18, 0, 180, 0.1),
    _lines(((0.32, 0.45), (0.32, 0.4)), ((0.68, 0.45), (0.68, 0.4)), frac=0.1),
)
SHIELD = _poly(((0.22, 0.2), (0.78, 0.2), (0.78, 0.5), (0.5, 0.85), (0.22, 0.5)))
CROSS = _lines(((0.25, 0.25), (0.75, 0.75)), ((0.75, 0.25), (0.25, 0.75)), frac=0.16)
DAGGER = _both(_lines(((0.5, 0.15), (0.5, 0.85)), ((0.3, 0.35), (0.7, 0.35)), frac=0.13))
FLAME = _poly(
    ((0.5, 0.1), (0.72, 0.45), (0.68, 0.75), (0.5, 0.88), (0.32, 0.75), (0.3, 0.5), (0.42, 0.58))
)
DROP = _poly(((0.5, 0.12), (0.72, 0.52), (0.7, 0.72), (0.5, 0.86), (0.3, 0.72), (0.28, 0.52)))
HEART = _both(
    _dot(0.36, 0.4, 0.16), _dot(0.64, 0.4, 0.16), _poly(((0.21, 0.46), (0.79, 0.46), (0.5, 0.84)))
)
BOLT = _poly(((0.58, 0.1), (0.3, 0.55), (0.48, 0.55), (0.4, 0.9), (0.72, 0.42), (0.54, 0.42)))
SUN = _both(
    _dot(0.5, 0.5, 0.16),
    *(
        _lines(
            (
                (0.5 + 0.26 * math.cos(a), 0.5 + 0.26 * math.sin(a)),
                (0.5 + 0.4 * math.cos(a), 0.5 + 0.4 * math.sin(a)),
            ),
            frac=0.08,
        )
        for a in [i * math.pi / 4 for i in range(8)]
    ),
)
TARGET = _both(_ring(0.5, 0.5, 0.32, 0.08), _dot(0.5, 0.5, 0.1))
ZZ = _lines(
    ((0.2, 0.25), (0.6, 0.25), (0.2, 0.7), (0.6, 0.7)),
    ((0.58, 0.5), (0.82, 0.5), (0.58, 0.78), (0.82, 0.78)),
    frac=0.09,
)
SPIRAL = _both(_arc(0.5, 0.5, 0.36, 0, 270, 0.09), _arc(0.5, 0.5, 0.2, 90, 360, 0.09))
ARROW_R = _both(
    _lines(((0.15, 0.5), (0.75, 0.5)), frac=0.13), _poly(((0.88, 0.5), (0.6, 0.25), (0.6, 0.75)))
)
ARROW_L = _both(
    _lines(((0.85, 0.5), (0.25, 0.5)), frac=0.13), _poly(((0.12, 0.5), (0.4, 0.25), (0.4, 0.75)))
)
ARROW_D = _both(
    _lines(((0.5, 0.12), (0.5, 0.6)), frac=0.14), _poly(((0.5, 0.88), (0.25, 0.58), (0.75, 0.58)))
)
CHEVRONS = _lines(
    ((0.2, 0.25), (0.45, 0.5), (0.2, 0.75)), ((0.52, 0.25), (0.77, 0.5), (0.52, 0.75)), frac=0.12
)
SWAP = _both(
    _lines(((0.2, 0.5), (0.8, 0.5)), frac=0.1),
    _poly(((0.1, 0.5), (0.3, 0.3), (0.3, 0.7))),
    _poly(((0.9, 0.5), (0.7, 0.3), (0.7, 0.7))),
)
WAVE = _lines(((0.12, 0.55), (0.3, 0.35), (0.5, 0.65), (0.7, 0.35), (0.88, 0.55)), frac=0.11)
FLAG = _both(
    _lines(((0.3, 0.12), (0.3, 0.88)), frac=0.1), _poly(((0.33, 0.15), (0.82, 0.3), (0.33, 0.48)))
)
HOURGLASS = _poly(((0.25, 0.15), (0.75, 0.15), (0.5, 0.5), (0.75, 0.85), (0.25, 0.85), (0.5, 0.5)))
PLUS = _lines(((0.5, 0.18), (0.5, 0.82)), ((0.18, 0.5), (0.82, 0.5)), frac=0.16)
HAND = _both(
    _poly(((0.3, 0.5), (0.7, 0.5), (0.7, 0.85), (0.3, 0.85))),
    _lines(
        ((0.33, 0.5), (0.33, 0.2)),
        ((0.45, 0.5), (0.45, 0.15)),
        ((0.57, 0.5), (0.57, 0.17)),
        ((0.69, 0.55), (0.8, 0.35)),
        frac=0.08,
    ),
)
SKULL = _both(_dot(0.5, 0.42, 0.28), _poly(((0.36, 0.6), (0.64, 0.6), (0.62, 0.85), (0.38, 0.85))))
EAR = _both(_arc(0.5, 0.45, 0.26, -60, 200, 0.1), _lines(((0.3, 0.55), (0.45, 0.85)), frac=0.1))
DOTS = _both(_dot(0.3, 0.35, 0.1), _dot(0.7, 0.35, 0.1), _dot(0.5, 0.7, 0.1))
BATTERY = _both(
    _lines(((0.15, 0.3), (0.8, 0.3), (0.8, 0.7), (0.15, 0.7), (0.15, 0.3)), frac=0.08),
    _poly(((0.2, 0.36), (0.35, 0.36), (0.35, 0.64), (0.2, 0.64))),
)
STRINGS = _both(
    _lines(
        ((0.15, 0.15), (0.85, 0.15)),
        ((0.3, 0.15), (0.3, 0.6)),
        ((0.7, 0.15), (0.7, 0.6)),
        frac=0.08,
    ),
    _dot(0.5, 0.68, 0.16),
)
GHOST = _both(_ring(0.5, 0.5, 0.32, 0.07), _dot(0.5, 0.5, 0.05))
MINUS = _lines(((0.2, 0.5), (0.8, 0.5)), frac=0.18)
QUESTION = _both(
    _arc(0.5, 0.33, 0.2, -90, 180, 0.12),
    _lines(((0.5, 0.52), (0.5, 0.65)), frac=0.12),
    _dot(0.5, 0.82, 0.07),
)
BANG = _both(_lines(((0.5, 0.15), (0.5, 0.62)), frac=0.17), _dot(0.5, 0.82, 0.09))
STAR = _star(5, 0.45)
ACID = _both(DROP, _lines(((0.15, 0.88), (0.85, 0.88)), frac=0.08))
EYE_SHUT = _both(
    _arc(0.5, 0.2, 0.4, 215, 325, 0.1),
    _lines(
        ((0.3, 0.62), (0.25, 0.78)),
        ((0.5, 0.68), (0.5, 0.85)),
        ((0.7, 0.62), (0.75, 0.78)),
        frac=0.08,
    ),
)
EYE_AWAY = _both(
    _arc(0.5, 0.85, 0.48, 40, 140, 0.09),
    _arc(0.5, 0.15, 0.48, 220, 320, 0.09),
    _dot(0.72, 0.5, 0.1),
)
MOON = _both(_arc(0.5, 0.5, 0.34, 60, 300, 0.2))
FLASK = _poly(((0.42, 0.12), (0.58, 0.12), (0.58, 0.4), (0.8, 0.82), (0.2, 0.82), (0.42, 0.4)))
LINES3 = _lines(
    ((0.2, 0.3), (0.8, 0.3)), ((0.2, 0.5), (0.8, 0.5)), ((0.2, 0.7), (0.8, 0.7)), frac=0.09
)
MASK = _both(
    _poly(
        (
            (0.12, 0.35),
            (0.88, 0.35),
            (0.8, 0.62),
            (0.55, 0.62),
            (0.5, 0.52),
            (0.45, 0.62),
            (0.2, 0.62),
        )
    )
)


def _guarded(surf: pygame.Surface, s: int) -> None:
    SHIELD(surf, s)
    pygame.draw.circle(surf, (60, 90, 160), _p(s, 0.5, 0.45), max(1, round(0.12 * s)))


#: Every affliction of SotDL (the chapter's, the book's list and the engine's own) and of the
#: OSR rules (their token conditions): (disc colour, pictogram).
ICONS: dict[str, tuple[Rgb, Glyph]] = {
    # SotDL, the book's afflictions
    "asleep": ((60, 70, 160), MOON),
    "blinded": ((40, 40, 40), _slash(EYE)),
    "charmed": ((210, 70, 150), HEART),
    "compelled": ((150, 60, 170), STRINGS),
    "controlled": ((110, 30, 130), CHAIN),
    "dazed": ((200, 150, 20), SPIRAL),
    "deafened": ((90, 90, 90), _slash(EAR)),
    "defenseless": ((120, 120, 140), _slash(SHIELD)),
    "diseased": ((120, 140, 40), DOTS),
    "fatigued": ((140, 110, 60), BATTERY),
    "frightened": ((230, 130, 0), BANG),
    "grabbed": ((160, 90, 40), HAND),
    "immobilized": ((100, 100, 110), LOCK),
    "impaired": ((150, 90, 90), LINES3),
    "poisoned": ((70, 150, 50), FLASK),
    "prone": ((130, 90, 30), PRONE),
    "slowed": ((50, 120, 150), HOURGLASS),
    "stunned": ((220, 180, 0), STAR),
    "surprised": ((40, 140, 200), QUESTION),
    "unconscious": ((30, 30, 90), ZZ),
    "weakened": ((150, 60, 60), ARROW_D),
    # SotDL, what the engine tracks besides
    "defended": ((40, 110, 190), SHIELD),
    "hidden": ((70, 70, 110), EYE_SHUT),
    "concentrating": ((120, 60, 200), TARGET),
    "injured": ((190, 30, 30), DROP),
    "incapacitated": ((150, 0, 0), CROSS),
    "dying": ((110, 0, 0), _slash(HEART)),
    "dead": ((20, 20, 20), SKULL),
    "distracted": ((200, 110, 60), EYE_AWAY),
    "helped": ((40, 150, 80), PLUS),
    "charging": ((200, 60, 30), CHEVRONS),
    "guarded": ((60, 90, 160), _guarded),
    "shifting": ((60, 150, 150), SWAP),
    "feint": ((170, 120, 190), MASK),
    "feinted": ((110, 80, 140), _slash(MASK)),
    # OSR conditions
    "invisible": ((90, 90, 150), GHOST),
    "burning": ((230, 110, 0), FLAME),
    "in_acid": ((90, 160, 20), ACID),
    "acid": ((90, 160, 20), ACID),
    "fleeing": ((200, 40, 120), ARROW_R),
    "wavering": ((190, 160, 40), WAVE),
    "felled": ((60, 40, 30), _slash(PRONE)),
    "retreating": ((60, 110, 170), ARROW_L),
    "retreat_failed": ((170, 40, 40), _slash(ARROW_L)),
    "lit": ((230, 200, 40), SUN),
    "disrupted": ((110, 60, 200), BOLT),
    "surrendered": ((150, 150, 150), FLAG),
}

_cache: dict[tuple[str, int], pygame.Surface] = {}


def icon(name: str, size_px: int) -> pygame.Surface:
    """The icon of an affliction, ``size_px`` across (cached per name and size)."""
    key = (name, size_px)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    s = max(8, size_px)
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    colour, glyph = ICONS.get(name, ((90, 40, 140), None))  # type: ignore[arg-type]
    r = s // 2
    pygame.draw.circle(surf, (*colour, 255), (r, r), r)
    pygame.draw.circle(surf, (0, 0, 0, 220), (r, r), r, 1)
    inner = pygame.Surface((s, s), pygame.SRCALPHA)
    if glyph is not None:
        pad = max(1, round(s * 0.12))
        g = s - 2 * pad
        mark = pygame.Surface((g, g), pygame.SRCALPHA)
        glyph(mark, g)
        inner.blit(mark, (pad, pad))
    else:
        letters = name.replace("_", " ").title().replace(" ", "")[:2] or "?"
        img = palette.font(round(s * 0.75)).render(letters, True, WHITE)
        inner.blit(img, ((s - img.get_width()) // 2, (s - img.get_height()) // 2))
    surf.blit(inner, (0, 0))
    if len(_cache) > 2000:
        _cache.clear()
    _cache[key] = surf
    return surf
