"""The static board: map layers, the yard grid and battlefield overlays, cached in chunks per zoom.

What depends only on the map (and which static overlays are on) is drawn once per zoom level in
square chunks and reused every frame; a frame blits the few chunks in view.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import numpy as np
import pygame

from game.rules.battlefield import Battlefield, Terrain
from game.ui.camera import Camera
from game.ui.render import palette
from game.ui.render.maplayers import MapLayers

CHUNK_PX = 512  # about this many pixels a side per cached chunk
CACHE_BUDGET_PX = 24_000_000  # ~96 MB of chunks across zoom levels, least recently used go first


def chunk_yd(px_per_yd: int) -> int:
    """Yards a side of one cached chunk at a zoom level.

    >>> chunk_yd(32), chunk_yd(4), chunk_yd(160)
    (16, 128, 3)
    """
    return max(2, CHUNK_PX // px_per_yd)


class Board:
    """Draws the static board of one battlefield (and its Tiled map, if any)."""

    def __init__(self, bf: Battlefield, tmx: Any | None = None) -> None:
        self.bf = bf
        self.layers = MapLayers(tmx) if tmx is not None else None
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._cache_px = 0
        self._elev_ref = float(np.median(bf.elevation)) if bf.elevation.size else 0.0

    def draw(self, surface: pygame.Surface, cam: Camera, overlays: frozenset[str]) -> None:
        """Blit the chunks in view onto the window surface."""
        static = frozenset(o for o in overlays if o in _STATIC_DRAWERS)
        z = cam.px_per_yd
        c = chunk_yd(z)
        x0, y0, x1, y1 = cam.visible_squares(self.bf.width, self.bf.height)
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(cam.view_x_px, cam.view_y_px, cam.view_w_px, cam.view_h_px))
        blits = []
        for cy in range(y0 // c, (y1 - 1) // c + 1):
            for cx in range(x0 // c, (x1 - 1) // c + 1):
                chunk = self._chunk(cx, cy, z, static)
                pos = cam.yd_to_px(cx * c, cy * c)
                blits.append((chunk, (round(pos[0]), round(pos[1]))))
        surface.blits(blits, doreturn=False)
        surface.set_clip(clip)

    def _chunk(self, cx: int, cy: int, z: int, static: frozenset[str]) -> pygame.Surface:
        key = (cx, cy, z, static)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = self.render_chunk(cx, cy, z, static)
        self._cache[key] = surf
        self._cache_px += surf.get_width() * surf.get_height()
        while self._cache_px > CACHE_BUDGET_PX and len(self._cache) > 1:
            _, old = self._cache.popitem(last=False)
            self._cache_px -= old.get_width() * old.get_height()
        return surf

    def render_chunk(self, cx: int, cy: int, z: int, static: frozenset[str]) -> pygame.Surface:
        """One chunk: map (or plain ground), then the static overlays in a fixed order."""
        c = chunk_yd(z)
        x0, y0 = cx * c, cy * c
        w = min(c, self.bf.width - x0)
        h = min(c, self.bf.height - y0)
        surf = pygame.Surface((max(1, w * z), max(1, h * z)))
        surf.fill(palette.GROUND)
        if self.layers is not None:
            self.layers.draw_rect(surf, x0, y0, z)
        else:
            _plain_terrain(surf, self.bf, x0, y0, w, h, z)
        for name in _STATIC_ORDER:
            if name in static:
                _STATIC_DRAWERS[name](self, surf, x0, y0, w, h, z)
        return surf.convert() if pygame.display.get_surface() is not None else surf


def _cells(bf_arr: np.ndarray, x0: int, y0: int, w: int, h: int) -> np.ndarray:
    return bf_arr[y0 : y0 + h, x0 : x0 + w]


def _fill_mask(surf: pygame.Surface, mask: np.ndarray, colour: tuple[int, ...], z: int) -> None:
    """Tint every square where mask is true (alpha-blended)."""
    if not mask.any():
        return
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for y, x in zip(*np.nonzero(mask), strict=True):
        layer.fill(colour, (int(x) * z, int(y) * z, z, z))
    surf.blit(layer, (0, 0))


def _hatch_mask(surf: pygame.Surface, mask: np.ndarray, colour: tuple[int, ...], z: int) -> None:
    """Diagonal hatching on squares where mask is true (reads as 'costs more' at a glance)."""
    if not mask.any():
        return
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    step = max(4, z // 4)
    width = max(1, z // 16)
    for y, x in zip(*np.nonzero(mask), strict=True):
        px, py = int(x) * z, int(y) * z
        layer.fill((*colour[:3], colour[3] // 3), (px, py, z, z))
        for d in range(0, 2 * z, step):
            a = (px + max(0, d - z), py + min(z, d))
            b = (px + min(z, d), py + max(0, d - z))
            pygame.draw.line(layer, colour, a, b, width)
    surf.blit(layer, (0, 0))


def _plain_terrain(
    surf: pygame.Surface, bf: Battlefield, x0: int, y0: int, w: int, h: int, z: int
) -> None:
    """No Tiled map (an ASCII battlefield): colour squares by what they are."""
    t = _cells(bf.terrain, x0, y0, w, h)
    for flag, colour in ((Terrain.LIQUID, (50, 90, 160)), (Terrain.IMPASSABLE, (60, 60, 64))):
        for y, x in zip(*np.nonzero(t & flag), strict=True):
            surf.fill(colour, (int(x) * z, int(y) * z, z, z))


def _draw_terrain(
    board: Board, surf: pygame.Surface, x0: int, y0: int, w: int, h: int, z: int
) -> None:
    t = _cells(board.bf.terrain, x0, y0, w, h)
    treach = (t & Terrain.TREACHEROUS) != 0
    liquid = (t & Terrain.LIQUID) != 0
    _fill_mask(surf, liquid, palette.TERRAIN_LIQUID, z)
    _fill_mask(surf, (t & Terrain.IMPASSABLE) != 0, palette.TERRAIN_IMPASSABLE, z)
    _hatch_mask(surf, ((t & Terrain.DIFFICULT) != 0) & ~treach, palette.TERRAIN_DIFFICULT, z)
    _hatch_mask(surf, treach, palette.TERRAIN_TREACHEROUS, z)
    _hatch_mask(surf, ((t & Terrain.CLIMBABLE) != 0), palette.TERRAIN_CLIMBABLE, z)


def _draw_obscurement(
    board: Board, surf: pygame.Surface, x0: int, y0: int, w: int, h: int, z: int
) -> None:
    o = _cells(board.bf.obscurement, x0, y0, w, h)
    for level, colour in palette.OBSCURE.items():
        _fill_mask(surf, o == level, colour, z)


def _draw_light(
    board: Board, surf: pygame.Surface, x0: int, y0: int, w: int, h: int, z: int
) -> None:
    light = _cells(board.bf.light, x0, y0, w, h)
    for level, colour in palette.LIGHT.items():
        _fill_mask(surf, light == level, colour, z)


def _draw_elevation(
    board: Board, surf: pygame.Surface, x0: int, y0: int, w: int, h: int, z: int
) -> None:
    """Shade squares above or below the usual ground; print the height where it differs."""
    e = _cells(board.bf.elevation, x0, y0, w, h)
    diff = e - board._elev_ref
    if not np.any(diff):
        return
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for y, x in zip(*np.nonzero(diff), strict=True):
        d = float(diff[y, x])
        alpha = int(min(150, 25 + 18 * abs(d)))
        colour = (255, 255, 255, alpha) if d > 0 else (0, 0, 60, alpha)
        layer.fill(colour, (int(x) * z, int(y) * z, z, z))
    surf.blit(layer, (0, 0))
    if z < 20:
        return
    # Numbers only where a square differs from the square to its left or above: edges of ledges
    full = board.bf.elevation
    for y, x in zip(*np.nonzero(diff), strict=True):
        gx, gy = x0 + int(x), y0 + int(y)
        v = float(full[gy, gx])
        left = full[gy, gx - 1] if gx > 0 else v
        up = full[gy - 1, gx] if gy > 0 else v
        if left == v and up == v and (gx > 0 or gy > 0):
            continue  # inside a plateau: the shading says it, its edge squares carry the number
        label = palette.text_surface(f"{v:g}", max(10, z // 3))
        surf.blit(label, (int(x) * z + 2, int(y) * z + 1))


def _draw_obstacles(
    board: Board, surf: pygame.Surface, x0: int, y0: int, w: int, h: int, z: int
) -> None:
    """Obstacle outlines, coloured by whether they stand taller than a person, with heights."""
    width = max(2, z // 10)
    for ob in board.bf.obstacles:
        bx0, by0, bx1, by1 = ob.bounds()
        if bx1 < x0 or by1 < y0 or bx0 > x0 + w or by0 > y0 + h:
            continue
        pts = [((px - x0) * z, (py - y0) * z) for px, py in ob.points]
        colour = palette.OBSTACLE if ob.height_yd >= 2 else palette.OBSTACLE_LOW
        if len(pts) >= 2:
            pygame.draw.lines(surf, colour, ob.closed and len(pts) > 2, pts, width)
        if z >= 16:
            cx = sum(p[0] for p in pts) / len(pts)
            cy = sum(p[1] for p in pts) / len(pts)
            text = f"{ob.height_yd:g}y" + (" slit" if ob.openings else "")
            label = palette.text_surface(text, max(10, z // 3), colour)
            surf.blit(label, (cx - label.get_width() / 2, cy - label.get_height() / 2))


def _draw_grid(
    board: Board, surf: pygame.Surface, x0: int, y0: int, w: int, h: int, z: int
) -> None:
    """Yard lines (every 5th stronger; only every 5th when squares are tiny)."""
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    every = 1 if z >= 8 else 5
    for i in range(w + 1):
        gx = x0 + i
        if gx % every:
            continue
        colour = palette.GRID_MAJOR if gx % 5 == 0 else palette.GRID
        pygame.draw.line(layer, colour, (i * z, 0), (i * z, h * z))
    for j in range(h + 1):
        gy = y0 + j
        if gy % every:
            continue
        colour = palette.GRID_MAJOR if gy % 5 == 0 else palette.GRID
        pygame.draw.line(layer, colour, (0, j * z), (w * z, j * z))
    surf.blit(layer, (0, 0))


_STATIC_DRAWERS = {
    "terrain": _draw_terrain,
    "light": _draw_light,
    "obscurement": _draw_obscurement,
    "elevation": _draw_elevation,
    "grid": _draw_grid,
    "obstacles": _draw_obstacles,
}
_STATIC_ORDER = ("terrain", "light", "obscurement", "elevation", "grid", "obstacles")
