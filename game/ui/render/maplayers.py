"""Draws a Tiled map as Tiled does, a rectangle at a time (the board's chunks, `battlemat render`).

Reads the map only through game.io.tiled_drawing's MapDrawing. Layers are grouped into bands
of one parallax factor: a band is drawn with one shift for the camera, so the board caches
each band's chunks and moves them, never redrawing a chunk because the view moved.
Tile pictures are prepared once per (gid with flips, size, tint, opacity) and kept in a
bounded cache; opacity is applied per tile, as Tiled's painter does.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame

from game.io.errors import InputError
from game.io.tiled_drawing import (
    FLIP_D,
    FLIP_H,
    FLIP_V,
    ImageLayerDrawing,
    LayerDrawing,
    Look,
    MapDrawing,
    ObjectLayerDrawing,
    TileArt,
    TileLayerDrawing,
)
from game.io.tiled_sources import GID_MASK

PICTURE_BUDGET_PX = 16_000_000  # prepared tile pictures kept (~64 MB), least recently used go
ROW_BLITS = 1024  # tiles drawn one by one: blitted (and a pause allowed) this many at a time


def map_px_per_yd(drawing: MapDrawing) -> float:
    """Map pixels in one yard: a tile is one yard unless the map says otherwise."""
    return float(drawing.tilewidth) / drawing.yards_per_tile


@dataclass(frozen=True)
class Band:
    """Consecutive layers sharing one parallax factor (indices into the drawing's layers)."""

    layers: tuple[int, ...]
    parallax: tuple[float, float]
    animated: bool


def _bands(drawing: MapDrawing) -> list[Band]:
    out: list[Band] = []
    for i, layer in enumerate(drawing.layers):
        anim = _has_animation(drawing, layer)
        if out and out[-1].parallax == layer.look.parallax:
            last = out[-1]
            out[-1] = Band((*last.layers, i), last.parallax, last.animated or anim)
        else:
            out.append(Band((i,), layer.look.parallax, anim))
    return out


def _has_animation(drawing: MapDrawing, layer: LayerDrawing) -> bool:
    animated = {g for g, t in drawing.tiles.items() if t.frames}
    if not animated:
        return False
    if isinstance(layer, TileLayerDrawing):
        used = np.unique(layer.gids & np.uint32(GID_MASK)).tolist()
        return bool(animated.intersection(used))
    if isinstance(layer, ObjectLayerDrawing):
        return any(o.gid & GID_MASK in animated for o in layer.objects)
    return False


class MapLayers:
    """Draws rectangles of one Tiled map at any scale; all its images load when it is made."""

    def __init__(self, drawing: MapDrawing) -> None:
        self.drawing = drawing
        self.map_px_per_yd = map_px_per_yd(drawing)
        self.bands = _bands(drawing)
        self._sheets: dict[Path, pygame.Surface] = {}
        for art in drawing.tiles.values():
            self._sheet(art.image, art.trans)
        for layer in drawing.layers:
            if isinstance(layer, ImageLayerDrawing):
                self._sheet(layer.image, layer.trans)
        self._pictures: OrderedDict[tuple, pygame.Surface | None] = OrderedDict()
        self._pictures_px = 0
        self._reach = drawing.max_tile_px()
        self.grid_fast = True  # tile layers whose tiles fill their cells drawn as one picture
        self._raws: dict[int, tuple[pygame.Surface, np.ndarray]] = {}  # pictures' pixels
        self._filling: dict[int, tuple[TileLayerDrawing, bool]] = {}  # see _fills_cells
        self._scratches: dict[tuple, pygame.Surface] = {}  # see _scratch
        self.pictures_made = 0  # tile pictures prepared so far: each one a unit of work

    # -- images ---------------------------------------------------------------------------

    def _sheet(self, path: Path, trans: tuple[int, int, int] | None) -> pygame.Surface:
        """An image file as a per-pixel-alpha surface (its colour key made transparent)."""
        sheet = self._sheets.get(path)
        if sheet is not None:
            return sheet
        try:
            img = pygame.image.load(str(path))
        except (pygame.error, OSError, FileNotFoundError) as err:
            raise InputError(str(path), None, f"cannot load this image: {err}") from None
        if trans is not None:
            img.set_colorkey(trans)
        out = pygame.Surface(img.get_size(), pygame.SRCALPHA)
        out.fill((0, 0, 0, 0))
        out.blit(img, (0, 0))
        if pygame.display.get_init() and pygame.display.get_surface() is not None:
            out = out.convert_alpha()
        self._sheets[path] = out
        return out

    def frame_gid(self, gid: int, t_ms: int) -> int:
        """The gid an animated tile shows at a time (its first frame at 0); others: itself."""
        art = self.drawing.tiles.get(gid)
        if art is None or not art.frames:
            return gid
        total = sum(d for _, d in art.frames)
        t = t_ms % total
        for fgid, d in art.frames:
            if t < d:
                return fgid
            t -= d
        return art.frames[0][0]

    def animation_key(self, t_ms: int) -> tuple[int, ...]:
        """What animated tiles show at a time: equal keys, equal pictures."""
        return tuple(
            self.frame_gid(g, t_ms) for g, t in sorted(self.drawing.tiles.items()) if t.frames
        )

    def _picture(
        self, raw_gid: int, size: tuple[int, int], look: Look, t_ms: int
    ) -> pygame.Surface | None:
        """A tile's picture flipped, scaled to ``size``, tinted and made see-through as asked."""
        gid = self.frame_gid(raw_gid & GID_MASK, t_ms)
        flips = raw_gid & (FLIP_H | FLIP_V | FLIP_D)
        key = (gid, flips, size, look.tint, look.opacity)
        if key in self._pictures:
            self._pictures.move_to_end(key)
            return self._pictures[key]
        art = self.drawing.tiles.get(gid)
        pic = None if art is None or size[0] <= 0 or size[1] <= 0 else self._make(art, flips, size)
        if pic is not None:
            pic = _tinted(pic, look.tint, look.opacity)
            self._pictures_px += size[0] * size[1]
        self._pictures[key] = pic
        self.pictures_made += 1
        while self._pictures_px > PICTURE_BUDGET_PX and len(self._pictures) > 1:
            _, old = self._pictures.popitem(last=False)
            if old is not None:
                self._pictures_px -= old.get_width() * old.get_height()
                self._raws.pop(id(old), None)
        return pic

    def tile_picture(self, gid: int) -> pygame.Surface | None:
        """A tile at its own size (a creature placed as a tile object: its token's art)."""
        art = self.drawing.tiles.get(gid & GID_MASK)
        return None if art is None else self._make(art, 0, art.size)

    def _make(self, art: TileArt, flips: int, size: tuple[int, int]) -> pygame.Surface:
        sheet = self._sheet(art.image, art.trans)
        if art.rect is None:
            pic = sheet
        else:
            rect = pygame.Rect(art.rect).clip(sheet.get_rect())
            pic = sheet.subsurface(rect) if rect.width and rect.height else sheet
        if flips & FLIP_D:  # swap x and y first (Tiled: then the horizontal and vertical flips)
            pic = pygame.transform.flip(pygame.transform.rotate(pic, 90), False, True)
        if flips & (FLIP_H | FLIP_V):
            pic = pygame.transform.flip(pic, bool(flips & FLIP_H), bool(flips & FLIP_V))
        if pic.get_size() != size:
            pic = scale_bilinear(pic, size)
        return pic.copy() if pic is sheet else pic

    # -- drawing --------------------------------------------------------------------------

    def parallax_shift(
        self, band: Band, view_center_px: tuple[float, float]
    ) -> tuple[float, float]:
        """Map pixels a band moves by when the view is centred on a map point (Tiled's rule:
        (1 - factor) x (centre - parallax origin); no shift at factor 1 or at the origin)."""
        ox, oy = self.drawing.parallax_origin
        fx, fy = band.parallax
        return (1 - fx) * (view_center_px[0] - ox), (1 - fy) * (view_center_px[1] - oy)

    def draw_band(
        self,
        dest: pygame.Surface,
        band: Band,
        x_px: float,
        y_px: float,
        scale: float,
        t_ms: int = 0,
    ) -> None:
        """Draw a band's layers onto ``dest``, whose top-left is map point (x_px, y_px) and
        which holds ``scale`` of its pixels per map pixel."""
        for _ in self.band_steps(dest, band, x_px, y_px, scale, t_ms):
            pass

    def band_steps(
        self,
        dest: pygame.Surface,
        band: Band,
        x_px: float,
        y_px: float,
        scale: float,
        t_ms: int = 0,
    ) -> Iterator[None]:
        """``draw_band`` a unit of work at a time: it pauses after each tile picture it had to
        prepare, each few rows of tiles blitted one by one, and each layer, so the window can
        spread a chunk over frames (issue 12); run to the end it draws the same pixels."""
        for i in band.layers:
            layer = self.drawing.layers[i]
            if layer.look.opacity <= 0:
                continue
            if isinstance(layer, TileLayerDrawing):
                yield from self._draw_tiles(dest, layer, x_px, y_px, scale, t_ms)
            elif isinstance(layer, ObjectLayerDrawing):
                yield from self._draw_objects(dest, layer, x_px, y_px, scale, t_ms)
            else:
                self._draw_image(dest, layer, x_px, y_px, scale)
            yield

    def draw_all(self, dest: pygame.Surface, x_px: float, y_px: float, scale: float) -> None:
        """Every band with no parallax shift, first animation frames (`battlemat render`)."""
        for band in self.bands:
            self.draw_band(dest, band, x_px, y_px, scale, 0)

    def _draw_tiles(
        self,
        dest: pygame.Surface,
        layer: TileLayerDrawing,
        x_px: float,
        y_px: float,
        k: float,
        t_ms: int,
    ) -> Iterator[None]:
        d = self.drawing
        tw, th = d.tilewidth, d.tileheight
        ox, oy = layer.look.offset
        w_px, h_px = dest.get_size()
        if self.grid_fast and self._fills_cells(layer):
            if (yield from self._draw_grid_tiles(dest, layer, x_px, y_px, k, t_ms)):
                return
        reach_w, reach_h = self._reach
        # cells whose picture (which hangs up and right from the cell's bottom-left) can touch
        left = (x_px - ox - reach_w) / tw
        top = (y_px - oy) / th
        right = (x_px - ox + w_px / k) / tw
        bottom = (y_px - oy + h_px / k + reach_h) / th
        rows, cols = layer.gids.shape
        tx0, ty0 = max(0, int(left) - 1), max(0, int(top) - 1)
        tx1, ty1 = min(cols, int(right) + 2), min(rows, int(bottom) + 2)
        if tx0 >= tx1 or ty0 >= ty1:
            return
        block = layer.gids[ty0:ty1, tx0:tx1]
        blits = []
        for j, row in enumerate(block.tolist()):
            ty = ty0 + j
            for i, raw in enumerate(row):
                if not raw & GID_MASK:
                    continue
                art = d.tiles.get(self.frame_gid(raw & GID_MASK, t_ms))
                if art is None:
                    continue
                aw, ah = (art.size[1], art.size[0]) if raw & FLIP_D else art.size
                # Tiled: a tile's bottom-left sits on its cell's, shifted by the tile offset
                mx = (tx0 + i) * tw + ox + art.offset[0]
                my = (ty + 1) * th + oy + art.offset[1] - ah
                x0, y0 = round((mx - x_px) * k), round((my - y_px) * k)
                x1, y1 = round((mx + aw - x_px) * k), round((my + ah - y_px) * k)
                made = self.pictures_made
                pic = self._picture(raw, (x1 - x0, y1 - y0), layer.look, t_ms)
                if pic is not None:
                    blits.append((pic, (x0, y0)))
                if self.pictures_made != made:
                    yield  # a picture prepared: a unit of work
            if len(blits) >= ROW_BLITS:  # blitted in the same order, a few rows at a time
                dest.blits(blits, doreturn=False)
                blits = []
                yield
        if blits:
            dest.blits(blits, doreturn=False)

    def _fills_cells(self, layer: TileLayerDrawing) -> bool:
        """True if every tile the layer uses (each animation frame too) is exactly one cell
        of the map's tile size, with no tile offset: then no tile hangs over another cell."""
        got = self._filling.get(id(layer))
        if got is not None and got[0] is layer:
            return got[1]
        d = self.drawing
        cell = (d.tilewidth, d.tileheight)

        def fills(raw: int) -> bool:  # the tile and each of its animation frames
            art = d.tiles.get(raw & GID_MASK)
            if art is None:
                return True  # an empty cell or an unknown gid draws nothing
            for g in (raw & GID_MASK, *(f for f, _ in art.frames)):
                a = d.tiles.get(g)
                if a is None:
                    continue
                size = (a.size[1], a.size[0]) if raw & FLIP_D else a.size
                if size != cell or a.offset != (0, 0):
                    return False
            return True

        ok = all(fills(raw) for raw in np.unique(layer.gids).tolist())
        self._filling[id(layer)] = (layer, ok)
        return ok

    def _draw_grid_tiles(
        self,
        dest: pygame.Surface,
        layer: TileLayerDrawing,
        x_px: float,
        y_px: float,
        k: float,
        t_ms: int,
    ) -> Generator[None, None, bool]:
        """Draw the cells of a layer whose tiles fill their cells (``_fills_cells``) that fall
        on ``dest`` as one gathered picture, on a whole-pixel grid; False if it cannot.

        The same pixels as a blit per tile: such tiles never overlap, so each pixel of
        ``dest`` gets exactly one tile pixel (or none), blended once. A zoomed-out chunk holds
        16,000 cells a layer: gathering prepared pictures with numpy takes milliseconds where
        a blit per tile took a third of a second, longer than a frame (issue 12). It pauses
        (yields) after each picture it had to prepare, as ``band_steps`` says.
        """
        d = self.drawing
        tw, th = d.tilewidth, d.tileheight
        ox, oy = layer.look.offset
        w_px, h_px = dest.get_size()
        rows, cols = layer.gids.shape
        tx0 = max(0, math.floor((x_px - ox) / tw))
        ty0 = max(0, math.floor((y_px - oy) / th))
        tx1 = min(cols, math.ceil((x_px - ox + w_px / k) / tw))
        ty1 = min(rows, math.ceil((y_px - oy + h_px / k) / th))
        if tx0 >= tx1 or ty0 >= ty1:
            return True  # nothing of this layer falls on dest
        block = layer.gids[ty0:ty1, tx0:tx1]
        cw, ch = tw * k, th * k
        gx, gy = (tx0 * tw + ox - x_px) * k, (ty0 * th + oy - y_px) * k
        if not all(abs(v - round(v)) < 1e-6 for v in (cw, ch, gx, gy)) or round(cw) < 1:
            return False
        cw, ch = round(cw), round(ch)
        rows, cols = block.shape
        masks = _alpha_masks()
        uniq, inv = np.unique(block, return_inverse=True)
        pics = np.zeros((len(uniq), ch, cw), dtype=np.uint32)  # raw pixels, surf's format
        for i, raw in enumerate(uniq.tolist()):
            if not raw & GID_MASK:
                continue
            art = d.tiles.get(self.frame_gid(raw & GID_MASK, t_ms))
            if art is None:
                continue
            made = self.pictures_made
            pic = self._picture(raw, (cw, ch), layer.look, t_ms)
            if self.pictures_made != made:
                yield  # a picture prepared: a unit of work
            if pic is None:
                continue
            if pic.get_masks() != masks or pic.get_bitsize() != 32:
                return False
            pics[i] = self._raw(pic)
        # a scratch surface shared by every chunk: taken only now, written and blitted with no
        # pause between (another chunk's work may have run while this one paused above)
        surf = self._scratch(((tx1 - tx0) * cw, (ty1 - ty0) * ch), masks)
        if surf.get_pitch() != surf.get_width() * 4:
            return False
        # the surface's pixels as (rows, ch, cols, cw): each cell's picture copied straight in
        dst = pygame.surfarray.pixels2d(surf).T.reshape(rows, ch, cols, cw)
        dst[...] = pics[inv.reshape(rows, cols)].transpose(0, 2, 1, 3)
        del dst  # unlock the surface before it is blitted
        dest.blit(surf, (round(gx), round(gy)))
        return True

    def _scratch(self, size: tuple[int, int], masks: tuple[int, int, int, int]) -> pygame.Surface:
        """A surface to gather a layer's cells into, reused (a fresh megabyte each layer of
        each chunk costs its page faults again); every pixel of it is written before use."""
        key = (size, masks)
        surf = self._scratches.get(key)
        if surf is None:
            if len(self._scratches) >= 8:
                self._scratches.pop(next(iter(self._scratches)))
            surf = pygame.Surface(size, pygame.SRCALPHA, 32, masks)
            self._scratches[key] = surf
        return surf

    def _raw(self, pic: pygame.Surface) -> np.ndarray:
        """A prepared picture's pixels as (h, w) uint32 in its own format, kept beside it
        (and dropped with it from the bounded cache)."""
        raw = self._raws.get(id(pic))
        if raw is None or raw[0] is not pic:
            raw = (pic, pygame.surfarray.array2d(pic).T.copy())
            self._raws[id(pic)] = raw
        return raw[1]

    def _draw_objects(
        self,
        dest: pygame.Surface,
        layer: ObjectLayerDrawing,
        x_px: float,
        y_px: float,
        k: float,
        t_ms: int,
    ) -> Iterator[None]:
        d = self.drawing
        ox, oy = layer.look.offset
        view = pygame.Rect(0, 0, *dest.get_size())
        for obj in layer.objects:
            art = d.tiles.get(self.frame_gid(obj.gid & GID_MASK, t_ms))
            if art is None:
                continue
            w = obj.width or art.size[0]
            h = obj.height or art.size[1]
            fx, fy = art.anchor
            # the picture's top-left before rotation, about the object's x, y (Tiled's origin)
            lx, ly = -fx * w + art.offset[0], -fy * h + art.offset[1]
            size = (max(1, round(w * k)), max(1, round(h * k)))
            made = self.pictures_made
            pic = self._picture(obj.gid, size, layer.look, t_ms)
            if self.pictures_made != made:
                yield  # a picture prepared: a unit of work
            if pic is None:
                continue
            ax, ay = (obj.x + ox - x_px) * k, (obj.y + oy - y_px) * k
            if obj.rotation:
                rad = math.radians(obj.rotation)
                c, s = math.cos(rad), math.sin(rad)
                corners = [
                    (lx + cx * w, ly + cy * h) for cx, cy in ((0, 0), (1, 0), (1, 1), (0, 1))
                ]
                pts = [
                    (ax + (px * c - py * s) * k, ay + (px * s + py * c) * k) for px, py in corners
                ]
                pic = pygame.transform.rotate(pic, -obj.rotation)  # pygame turns anticlockwise
                at = (round(min(p[0] for p in pts)), round(min(p[1] for p in pts)))
            else:
                at = (round(ax + lx * k), round(ay + ly * k))
            if view.colliderect(pygame.Rect(at, pic.get_size())):
                dest.blit(pic, at)

    def _draw_image(
        self, dest: pygame.Surface, layer: ImageLayerDrawing, x_px: float, y_px: float, k: float
    ) -> None:
        sheet = self._sheets[layer.image]
        iw, ih = sheet.get_size()
        if not iw or not ih:
            return
        size = (max(1, round(iw * k)), max(1, round(ih * k)))
        key = ("image", layer.image, size, layer.look.tint, layer.look.opacity)
        pic = self._pictures.get(key)
        if pic is None:
            pic = sheet if size == (iw, ih) else scale_bilinear(sheet, size)
            pic = _tinted(pic.copy(), layer.look.tint, layer.look.opacity)
            self._pictures[key] = pic
            self._pictures_px += size[0] * size[1]
        ox, oy = layer.look.offset
        bx, by = (ox - x_px) * k, (oy - y_px) * k
        w_px, h_px = dest.get_size()
        sw, sh = iw * k, ih * k
        xs = [bx]
        ys = [by]
        if layer.repeat[0]:  # repeated: every copy that touches the rectangle
            first = bx - sw * (int(bx // sw) + 1)
            xs = [first + n * sw for n in range(int((w_px - first) // sw) + 2)]
        if layer.repeat[1]:
            first = by - sh * (int(by // sh) + 1)
            ys = [first + n * sh for n in range(int((h_px - first) // sh) + 2)]
        dest.blits(
            [(pic, (round(x), round(y))) for y in ys for x in xs if x < w_px and y < h_px],
            doreturn=False,
        )


_MASKS: dict[tuple | None, tuple[int, int, int, int]] = {}


def _alpha_masks() -> tuple[int, int, int, int]:
    """The pixel masks of per-pixel-alpha pictures: the display's (convert_alpha) or SDL's.
    Probed once per display format (a probe surface per layer of each chunk added up)."""
    screen = pygame.display.get_surface() if pygame.display.get_init() else None
    mode = None if screen is None else (screen.get_bitsize(), screen.get_masks())
    masks = _MASKS.get(mode)
    if masks is None:
        probe = pygame.Surface((1, 1), pygame.SRCALPHA)
        if screen is not None:
            probe = probe.convert_alpha()
        masks = _MASKS[mode] = probe.get_masks()
    return masks


def scale_bilinear(pic: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    """A picture scaled as Qt's smooth pixmap transform scales it (what Tiled draws): each
    pixel's centre sampled bilinearly, premultiplied by alpha, clamped to the picture's own
    edge. SDL's smoothscale puts its samples half a pixel elsewhere and averages on the way
    down, which differed from Tiled in up to 3% of the pixels of a map drawn at another
    tile size; this matches it (tests/io/test_tiled_reference.py, scaled sizes)."""
    (w, h), (nw, nh) = pic.get_size(), size
    if w == 0 or h == 0 or nw <= 0 or nh <= 0:
        return pygame.Surface((max(nw, 0), max(nh, 0)), pygame.SRCALPHA)
    src = pic if pic.get_flags() & pygame.SRCALPHA else pic.convert_alpha()
    alpha = pygame.surfarray.array_alpha(src).astype(np.float32)[..., None] / 255.0
    data = np.concatenate([pygame.surfarray.array3d(src) * alpha, alpha], axis=2)  # (w, h, 4)

    def taps(n: int, m: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        c = np.clip((np.arange(m) + 0.5) * n / m - 0.5, 0.0, n - 1.0)
        lo = np.floor(c).astype(np.intp)
        return lo, np.minimum(lo + 1, n - 1), (c - lo).astype(np.float32)

    x0, x1, fx = taps(w, nw)
    y0, y1, fy = taps(h, nh)
    fx3, fy3 = fx[:, None, None], fy[None, :, None]
    cols = data[x0] * (1 - fx3) + data[x1] * fx3
    out = cols[:, y0] * (1 - fy3) + cols[:, y1] * fy3
    a = out[..., 3]
    rgb = np.where(a[..., None] > 0, out[..., :3] / np.maximum(a[..., None], 1e-6), 0.0)
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.surfarray.pixels3d(surf)[...] = np.clip(rgb + 0.5, 0, 255).astype(np.uint8)
    pygame.surfarray.pixels_alpha(surf)[...] = np.clip(a * 255.0 + 0.5, 0, 255).astype(np.uint8)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surf.convert_alpha()  # the screen's format: blitting it is fast
    return surf


def _tinted(
    pic: pygame.Surface, tint: tuple[int, int, int, int] | None, opacity: float
) -> pygame.Surface:
    """Tiled's tint (colours multiplied, the tint's alpha says how much) and layer opacity."""
    if tint is None and opacity >= 1:
        return pic
    out = pic.copy()
    if tint is not None:
        a = tint[3] / 255
        mul = tuple(round(255 * (1 - a + a * c / 255)) for c in tint[:3])
        out.fill((*mul, 255), special_flags=pygame.BLEND_RGB_MULT)
    if opacity < 1:
        alpha = round(255 * max(0.0, opacity))
        out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out
