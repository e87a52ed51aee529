"""The Tiled map's tile and image layers, drawn in Tiled's order with visibility, opacity, offsets.

Reads the map only through pytmx's TiledMap (loaded with pygame images by game.io.tiled), and
draws one rectangle of it at one zoom level: the board cache calls it per chunk.
"""

from __future__ import annotations

from typing import Any

import pygame


def map_px_per_yd(tmx: Any) -> float:
    """Map pixels in one yard: a tile is one yard unless the map says otherwise."""
    props = getattr(tmx, "properties", {}) or {}
    yards_per_tile = float(props.get("yards_per_tile", 1) or 1)
    return float(tmx.tilewidth) / yards_per_tile


def _drawable_layers(tmx: Any) -> list[Any]:
    """Tile and image layers in drawing order, skipping hidden ones (and those in hidden groups)."""
    order = getattr(tmx, "battlemat_layers", None)
    if order:
        # Tiled's own order and group-aware visibility/opacity (game.ui.loading.document_layers)
        by_id = {
            int(getattr(lay, "id", -1)): lay
            for lay in getattr(tmx, "layers", [])
            if hasattr(lay, "data") or getattr(lay, "source", None) is not None
        }
        picked = []
        for lid, visible, opacity in order:
            layer = by_id.get(lid)
            if layer is not None and visible and opacity > 0:
                layer.battlemat_opacity = opacity
                picked.append(layer)
        return picked
    out = []
    for layer in getattr(tmx, "layers", []):
        if not _visible(layer):
            continue
        if hasattr(layer, "data") or getattr(layer, "source", None) is not None:
            out.append(layer)
    return out


def _visible(layer: Any) -> bool:
    """A layer shows if it and every group above it are visible."""
    node = layer
    while node is not None:
        if str(getattr(node, "visible", 1)) in ("0", "False", "false"):
            return False
        node = getattr(node, "group", None)  # set by game.io.tiled when it keeps group nesting
    return True


def _opacity(layer: Any) -> float:
    """A layer's opacity times its groups' opacities."""
    if hasattr(layer, "battlemat_opacity"):
        return max(0.0, min(1.0, float(layer.battlemat_opacity)))
    value = 1.0
    node = layer
    while node is not None:
        value *= float(getattr(node, "opacity", 1) or 0)
        node = getattr(node, "group", None)
    return max(0.0, min(1.0, value))


def _offset(layer: Any) -> tuple[float, float]:
    """A layer's pixel offset plus its groups' offsets."""
    ox = oy = 0.0
    node = layer
    while node is not None:
        ox += float(getattr(node, "offsetx", 0) or 0)
        oy += float(getattr(node, "offsety", 0) or 0)
        node = getattr(node, "group", None)
    return ox, oy


class MapLayers:
    """Draws rectangles of a Tiled map at a zoom level, caching scaled tile images per level."""

    def __init__(self, tmx: Any) -> None:
        self.tmx = tmx
        self.layers = _drawable_layers(tmx)
        self.map_px_per_yd = map_px_per_yd(tmx)
        self._scaled: dict[tuple[int, int], pygame.Surface | None] = {}

    def _tile(self, gid: int, px_per_yd: int) -> pygame.Surface | None:
        key = (gid, px_per_yd)
        if key not in self._scaled:
            img = self.tmx.images[gid] if gid < len(self.tmx.images) else None
            if img is None:
                self._scaled[key] = None
            else:
                k = px_per_yd / self.map_px_per_yd
                size = (max(1, round(img.get_width() * k)), max(1, round(img.get_height() * k)))
                self._scaled[key] = pygame.transform.smoothscale(img, size) if k != 1 else img
        return self._scaled[key]

    def draw_rect(self, dest: pygame.Surface, x0_yd: int, y0_yd: int, px_per_yd: int) -> None:
        """Draw the map region whose top-left is (x0_yd, y0_yd) onto ``dest`` at a zoom level."""
        w_px, h_px = dest.get_size()
        for layer in self.layers:
            opacity = _opacity(layer)
            if opacity <= 0:
                continue
            target = dest
            if opacity < 1:
                target = pygame.Surface((w_px, h_px), pygame.SRCALPHA)
            if hasattr(layer, "data"):
                self._draw_tiles(target, layer, x0_yd, y0_yd, px_per_yd)
            else:
                self._draw_image(target, layer, x0_yd, y0_yd, px_per_yd)
            if target is not dest:
                target.set_alpha(round(opacity * 255))
                dest.blit(target, (0, 0))

    def _draw_tiles(self, dest: pygame.Surface, layer: Any, x0_yd: int, y0_yd: int, z: int) -> None:
        tw, th = self.tmx.tilewidth, self.tmx.tileheight
        k = z / self.map_px_per_yd
        ox_px, oy_px = _offset(layer)
        w_px, h_px = dest.get_size()
        # Tiles (in map tile units) that can touch this rectangle; oversized tiles hang up and right
        left = (x0_yd * self.map_px_per_yd - ox_px) / tw
        top = (y0_yd * self.map_px_per_yd - oy_px) / th
        cols = w_px / k / tw
        rows = h_px / k / th
        tx0, ty0 = max(0, int(left) - 2), max(0, int(top) - 1)
        tx1 = min(layer.width, int(left + cols) + 2)
        ty1 = min(layer.height, int(top + rows) + 4)
        data = layer.data
        base_x = (ox_px - x0_yd * self.map_px_per_yd) * k
        base_y = (oy_px - y0_yd * self.map_px_per_yd) * k
        blits = []
        for ty in range(ty0, ty1):
            row = data[ty]
            y_px = base_y + (ty + 1) * th * k  # Tiled anchors tiles at their bottom-left
            for tx in range(tx0, tx1):
                gid = row[tx]
                if not gid:
                    continue
                img = self._tile(gid, z)
                if img is None:
                    continue
                blits.append((img, (round(base_x + tx * tw * k), round(y_px) - img.get_height())))
        if blits:
            dest.blits(blits, doreturn=False)

    def _draw_image(self, dest: pygame.Surface, layer: Any, x0_yd: int, y0_yd: int, z: int) -> None:
        img = getattr(layer, "image", None)
        if img is None:
            return
        k = z / self.map_px_per_yd
        ox_px, oy_px = _offset(layer)
        # Source rectangle of the image (native pixels) under this destination rectangle
        w_px, h_px = dest.get_size()
        sx = x0_yd * self.map_px_per_yd - ox_px
        sy = y0_yd * self.map_px_per_yd - oy_px
        src = pygame.Rect(int(sx), int(sy), int(w_px / k) + 2, int(h_px / k) + 2)
        src = src.clip(img.get_rect())
        if src.width <= 0 or src.height <= 0:
            return
        part = img.subsurface(src)
        size = (max(1, round(src.width * k)), max(1, round(src.height * k)))
        scaled = pygame.transform.smoothscale(part, size) if k != 1 else part
        dest.blit(scaled, (round((src.x - sx) * k), round((src.y - sy) * k)))
