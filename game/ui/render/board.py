"""The static board: map layers, the yard grid and battlefield overlays, cached in chunks per zoom.

What depends only on the map (and which static overlays are on) is drawn once per zoom level in
square chunks and reused every frame; a frame blits the few chunks in view. A map with parallax
layers has one set of chunks per band of layers sharing a parallax factor, each set moved by
its own shift. In the window (``live``) a frame renders missing chunks within a time budget;
past it a chunk cached at another zoom stands in, scaled, and the real one comes on a later
frame (only a chunk with no stand-in is rendered at once); time left renders the chunks
around the view ahead of need; animated tiles redraw only the chunks of
bands that hold them, when their frame changes. A file render draws everything at once.
"""

from __future__ import annotations

import time
from collections import OrderedDict

import numpy as np
import pygame

from game.rules.battlefield import Battlefield, Terrain
from game.ui.camera import Camera
from game.ui.render import palette
from game.ui.render.maplayers import Band, MapLayers

CHUNK_PX = 256  # about this many pixels a side per cached chunk
CACHE_BUDGET_PX = 12_000_000  # ~48 MB of chunks across zoom levels, least recently used go first
FRAME_BUDGET_S = 0.006  # a live frame spends at most this long rendering chunks


def chunk_yd(px_per_yd: int) -> int:
    """Yards a side of one cached chunk at a zoom level.

    >>> chunk_yd(32), chunk_yd(4), chunk_yd(160)
    (8, 64, 2)
    """
    return max(2, CHUNK_PX // px_per_yd)


class Board:
    """Draws the static board of one battlefield (and its Tiled map, if any)."""

    def __init__(self, bf: Battlefield, layers: MapLayers | None = None) -> None:
        self.bf = bf
        self.layers = layers
        self.live = False  # the window: time-budgeted chunks, animation (file renders: off)
        self.pending = 0  # chunks a live frame left for later
        self._cache: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._cache_px = 0
        self._elev_ref = float(np.median(bf.elevation)) if bf.elevation.size else 0.0
        bands: list[Band | None] = list(layers.bands) if layers is not None else []
        # overlays join the last band's chunks when it does not move; else they get their own
        if not bands or bands[-1] is None or bands[-1].parallax != (1.0, 1.0):
            bands.append(None)
        self._sets: list[Band | None] = bands
        # an animated tile shows another frame: the window draws again (else it rests)
        self.animates = any(b is not None and b.animated for b in bands)
        self._drawn_anim: tuple[int, ...] = ()
        bg = layers.drawing.background if layers is not None else None
        self._bg = bg[:3] if bg is not None else palette.GROUND

    def draw(self, surface: pygame.Surface, cam: Camera, overlays: frozenset[str]) -> None:
        """Blit the chunks in view onto the window surface."""
        static = frozenset(o for o in overlays if o in _STATIC_DRAWERS)
        z = cam.px_per_yd
        c = chunk_yd(z)
        t_ms = pygame.time.get_ticks() if self.live else 0
        if self.animates and self.layers is not None:
            self._drawn_anim = self.layers.animation_key(t_ms)
        deadline = time.perf_counter() + FRAME_BUDGET_S if self.live else None
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(cam.view_x_px, cam.view_y_px, cam.view_w_px, cam.view_h_px))
        self.pending = 0
        ahead: list[tuple[int, int, int, int, int]] = []
        for n, band in enumerate(self._sets):
            dx, dy = self._shift_yd(band, cam)
            x0, y0, x1, y1 = _visible(cam, self.bf, dx, dy)
            blits = []
            for cy in range(y0 // c, (y1 - 1) // c + 1):
                for cx in range(x0 // c, (x1 - 1) // c + 1):
                    chunk = self._chunk(n, cx, cy, z, static, t_ms, deadline)
                    pos = cam.yd_to_px(cx * c + dx, cy * c + dy)
                    blits.append((chunk, (round(pos[0]), round(pos[1]))))
            surface.blits(blits, doreturn=False)
            ahead.append((n, x0 // c - 1, y0 // c - 1, (x1 - 1) // c + 1, (y1 - 1) // c + 1))
        surface.set_clip(clip)
        if deadline is not None:  # time left: the ring of chunks around the view, for panning
            nx = -(-self.bf.width // c)
            ny = -(-self.bf.height // c)
            for n, ax0, ay0, ax1, ay1 in ahead:
                for cy in range(max(0, ay0), min(ny, ay1 + 1)):
                    for cx in range(max(0, ax0), min(nx, ax1 + 1)):
                        if time.perf_counter() >= deadline:
                            return
                        self._chunk(n, cx, cy, z, static, t_ms, deadline)

    def animation_due(self) -> bool:
        """True when an animated tile would show another frame than the one last drawn."""
        if not self.animates or self.layers is None:
            return False
        return self.layers.animation_key(pygame.time.get_ticks()) != self._drawn_anim

    def _shift_yd(self, band: Band | None, cam: Camera) -> tuple[float, float]:
        if band is None or self.layers is None or band.parallax == (1.0, 1.0):
            return 0.0, 0.0
        if not self.live:
            return 0.0, 0.0  # a file render: no camera, no parallax (as tmxrasterizer)
        k = self.layers.map_px_per_yd
        cx = (cam.origin_x_yd + cam.view_w_px / 2 / cam.px_per_yd) * k
        cy = (cam.origin_y_yd + cam.view_h_px / 2 / cam.px_per_yd) * k
        sx, sy = self.layers.parallax_shift(band, (cx, cy))
        return sx / k, sy / k

    def _chunk(
        self,
        n: int,
        cx: int,
        cy: int,
        z: int,
        static: frozenset[str],
        t_ms: int,
        deadline: float | None,
    ) -> pygame.Surface:
        band = self._sets[n]
        anim = (
            self.layers.animation_key(t_ms)
            if band is not None and band.animated and self.layers is not None
            else ()
        )
        last = n == len(self._sets) - 1
        key = (n, cx, cy, z, static if last else frozenset(), anim)
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        if deadline is not None and time.perf_counter() >= deadline:
            stand_in = self._stand_in(key, c_yd=chunk_yd(z))
            if stand_in is not None:
                return stand_in  # not cached: the real chunk comes on a later frame
        surf = self.render_chunk(cx, cy, z, static if last else frozenset(), n, t_ms)
        self._cache[key] = surf
        self._cache_px += surf.get_width() * surf.get_height()
        while self._cache_px > CACHE_BUDGET_PX and len(self._cache) > 1:
            _, old = self._cache.popitem(last=False)
            self._cache_px -= old.get_width() * old.get_height()
        return surf

    def _stand_in(self, key: tuple, c_yd: int) -> pygame.Surface | None:
        """The wanted chunk scaled from one cached at another zoom (after a zoom), or None."""
        n, cx, cy, z, static, anim = key
        for (n2, cx2, cy2, z2, static2, anim2), surf in reversed(self._cache.items()):
            if (n2, static2, anim2) != (n, static, anim) or z2 == z:
                continue
            c2 = chunk_yd(z2)
            if cx2 * c2 <= cx * c_yd < (cx2 + 1) * c2 and cy2 * c2 <= cy * c_yd < (cy2 + 1) * c2:
                self.pending += 1
                sx, sy = (cx * c_yd - cx2 * c2) * z2, (cy * c_yd - cy2 * c2) * z2
                part = pygame.Rect(sx, sy, c_yd * z2, c_yd * z2).clip(surf.get_rect())
                if part.width <= 0 or part.height <= 0:
                    continue
                size = (round(part.width * z / z2), round(part.height * z / z2))
                return pygame.transform.scale(surf.subsurface(part), size)
        return None

    def render_chunk(
        self, cx: int, cy: int, z: int, static: frozenset[str], n: int = 0, t_ms: int = 0
    ) -> pygame.Surface:
        """One chunk of one band: map (or plain ground), then the static overlays in order."""
        c = chunk_yd(z)
        x0, y0 = cx * c, cy * c
        w = max(1, min(c, self.bf.width - x0))
        h = max(1, min(c, self.bf.height - y0))
        opaque = n == 0
        surf = pygame.Surface((w * z, h * z), 0 if opaque else pygame.SRCALPHA)
        surf.fill(self._bg if opaque else (0, 0, 0, 0))
        band = self._sets[n]
        if self.layers is not None and band is not None:
            k = self.layers.map_px_per_yd
            self.layers.draw_band(surf, band, x0 * k, y0 * k, z / k, t_ms)
        elif self.layers is None:
            _plain_terrain(surf, self.bf, x0, y0, w, h, z)
        for name in _STATIC_ORDER:
            if name in static:
                _STATIC_DRAWERS[name](self, surf, x0, y0, w, h, z)
        if pygame.display.get_surface() is None:
            return surf
        return surf.convert() if opaque else surf.convert_alpha()


def _visible(cam: Camera, bf: Battlefield, dx: float, dy: float) -> tuple[int, int, int, int]:
    """Squares of a band moved by (dx, dy) yards that fall in the view, clipped to the map."""
    if not dx and not dy:
        return cam.visible_squares(bf.width, bf.height)
    moved = cam.copy()
    moved.origin_x_yd -= dx
    moved.origin_y_yd -= dy
    return moved.visible_squares(bf.width, bf.height)


def _cells(bf_arr: np.ndarray, x0: int, y0: int, w: int, h: int) -> np.ndarray:
    return bf_arr[y0 : y0 + h, x0 : x0 + w]


def _square_layer(size: tuple[int, int]) -> tuple[pygame.Surface, np.ndarray]:
    """A see-through layer and its pixels as (h/z, z, w/z, z)-able rows of packed uint32."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((0, 0, 0, 0))
    return layer, pygame.surfarray.pixels2d(layer).T


def _packed(layer: pygame.Surface, colour: tuple[int, ...]) -> int:
    """A colour as the layer's raw pixel value (what ``fill`` would write)."""
    return int(layer.map_rgb(colour)) & 0xFFFFFFFF  # SDL may hand it back signed


def _cells_view(px: np.ndarray, mask_shape: tuple[int, int], z: int) -> np.ndarray:
    """The layer's pixels seen as (rows, cols, z, z): one z x z block a square."""
    h, w = mask_shape
    return px[: h * z, : w * z].reshape(h, z, w, z).transpose(0, 2, 1, 3)


def _fill_mask(surf: pygame.Surface, mask: np.ndarray, colour: tuple[int, ...], z: int) -> None:
    """Tint every square where mask is true (alpha-blended)."""
    if not mask.any():
        return
    layer, px = _square_layer(surf.get_size())
    _cells_view(px, mask.shape, z)[mask] = _packed(layer, colour)
    del px  # unlocks the layer
    surf.blit(layer, (0, 0))


def _hatch_mask(surf: pygame.Surface, mask: np.ndarray, colour: tuple[int, ...], z: int) -> None:
    """Diagonal hatching on squares where mask is true (reads as 'costs more' at a glance)."""
    if not mask.any():
        return
    # one square's hatching, stamped on every square of the mask (each square draws alike)
    layer, px = _square_layer(surf.get_size())
    tile = pygame.Surface((z, z), pygame.SRCALPHA, 32, layer.get_masks())
    step = max(4, z // 4)
    width = max(1, z // 16)
    tile.fill((*colour[:3], colour[3] // 3))
    for d in range(0, 2 * z, step):
        a = (max(0, d - z), min(z, d))
        b = (min(z, d), max(0, d - z))
        pygame.draw.line(tile, colour, a, b, width)
    _cells_view(px, mask.shape, z)[mask] = pygame.surfarray.array2d(tile).T
    del px
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
    layer, px = _square_layer(surf.get_size())
    alpha = np.minimum(150, 25 + 18 * np.abs(diff)).astype(np.int64)  # int() truncates alike
    above = np.int64(_packed(layer, (255, 255, 255, 0)))
    below = np.int64(_packed(layer, (0, 0, 60, 0)))
    a_shift = layer.get_shifts()[3]
    packed = np.where(diff > 0, above, below) | (alpha << a_shift)
    packed = np.where(diff != 0, packed, 0).astype(np.uint32)
    _cells_view(px, diff.shape, z)[...] = packed[:, :, None, None]
    del px
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
