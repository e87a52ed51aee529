"""Formations on the map (Seed OSR: Formations): the block's outline, its facing, its cohesion.

A block is drawn as the outer edges of its members' squares (so an L-shaped or broken block
shows as it stands), an arrow on the side it faces, and a small label with its order and
cohesion. The ruleset's ``formations`` query gives the blocks; nothing here knows the rules.
"""

from __future__ import annotations

import pygame

from game.ui.camera import Camera
from game.ui.render import palette
from game.ui.scene import FormationMark, Scene

#: Facing letters as grid directions (y grows south, as on the map).
FACING = {
    "N": (0, -1),
    "NE": (1, -1),
    "E": (1, 0),
    "SE": (1, 1),
    "S": (0, 1),
    "SW": (-1, 1),
    "W": (-1, 0),
    "NW": (-1, -1),
}


def outline_edges(
    squares: tuple[tuple[int, int], ...],
) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The block's outer edges in grid corners: each side of a member square with no member beyond.

    >>> len(outline_edges(((0, 0), (1, 0))))
    6
    """
    inside = set(squares)
    out = []
    for x, y in inside:
        if (x, y - 1) not in inside:
            out.append(((x, y), (x + 1, y)))
        if (x, y + 1) not in inside:
            out.append(((x, y + 1), (x + 1, y + 1)))
        if (x - 1, y) not in inside:
            out.append(((x, y), (x, y + 1)))
        if (x + 1, y) not in inside:
            out.append(((x + 1, y), (x + 1, y + 1)))
    return out


def _draw_one(surface: pygame.Surface, cam: Camera, f: FormationMark, custom: dict) -> None:
    colour = palette.side_colour(f.controller, f.side, custom) if f.legal else (255, 216, 74)
    z = cam.px_per_yd
    width = max(2, int(z // 10))
    for a, b in outline_edges(f.squares):
        pa, pb = cam.yd_to_px(*a), cam.yd_to_px(*b)
        pygame.draw.line(surface, (0, 0, 0), pa, pb, width + 2)
        pygame.draw.line(surface, colour, pa, pb, width)
    xs = [q[0] for q in f.squares]
    ys = [q[1] for q in f.squares]
    cx, cy = (min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2
    d = FACING.get(f.facing.upper())
    if d is not None:
        # The arrow starts at the block's edge on the facing side and points out of it
        half_x, half_y = (max(xs) - min(xs) + 1) / 2, (max(ys) - min(ys) + 1) / 2
        sx, sy = cx + d[0] * half_x, cy + d[1] * half_y
        ex, ey = sx + d[0] * 0.9, sy + d[1] * 0.9
        p0, p1 = cam.yd_to_px(sx, sy), cam.yd_to_px(ex, ey)
        pygame.draw.line(surface, (0, 0, 0), p0, p1, width + 3)
        pygame.draw.line(surface, colour, p0, p1, width + 1)
        # Arrow head: two short strokes back from the tip
        nx, ny = -d[1], d[0]
        for s in (1, -1):
            q = cam.yd_to_px(ex - d[0] * 0.35 + s * nx * 0.3, ey - d[1] * 0.35 + s * ny * 0.3)
            pygame.draw.line(surface, (0, 0, 0), p1, q, width + 3)
            pygame.draw.line(surface, colour, p1, q, width + 1)
    if f.label and z >= 14:
        text = palette.text_surface(f.label, max(10, min(15, int(z * 0.6))))
        # Written on the side opposite the facing so that the arrow stays clear
        back = 1 if d is None or d[1] <= 0 else -1
        ty = max(ys) + 1 if back > 0 else min(ys)
        px, py = cam.yd_to_px(cx, ty)
        y = py + 2 if back > 0 else py - text.get_height() - 2
        surface.blit(text, (int(px - text.get_width() / 2), int(y)))


def draw_formations(
    surface: pygame.Surface, cam: Camera, scene: Scene, custom: dict | None = None
) -> None:
    """Every formation's outline, facing arrow and label."""
    for f in scene.formations:
        _draw_one(surface, cam, f, custom or {})
