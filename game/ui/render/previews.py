"""Dynamic overlays: reach rings, reachable squares, the hovered path, cover lines, the ruler.

They change with the selection and the mouse, so they are drawn every frame, but each is one
or a few blits: the reachable-square tint is built once per selection, zoom and step of the
view (only the squares in view).
"""

from __future__ import annotations

import math

import numpy as np
import pygame

from game.ui.camera import Camera
from game.ui.render import palette
from game.ui.scene import MovePreview, Scene


class MoveTint:
    """The reachable squares in view as one tinted surface per (preview, zoom, squares)."""

    def __init__(self) -> None:
        # (the cost classes, held: never reused; zoom; the squares drawn)
        self._key: tuple[object, int, tuple[int, int, int, int]] | None = None
        self._surf: pygame.Surface | None = None
        self._origin = (0, 0)

    def surface(self, move: MovePreview, z: int, near: tuple[int, int, int, int]
                ) -> tuple[pygame.Surface | None, tuple[int, int]]:
        """Tinted surface of the reachable area within the squares ``near`` (x0, y0, x1, y1)
        and its top-left square."""
        held = self._key
        if held is not None and held[0] is move.cost_class and held[1:] == (z, near):
            return self._surf, self._origin
        self._key = (move.cost_class, z, near)
        self._surf = None
        cc = move.cost_class
        if cc is None:
            return None, (0, 0)
        nx0, ny0, nx1, ny1 = near
        nx0, ny0 = max(0, nx0), max(0, ny0)
        part = cc[ny0:max(ny0, ny1), nx0:max(nx0, nx1)] >= 0
        if not part.any():
            return None, (0, 0)
        ys, xs = np.nonzero(part)
        y0, y1 = ny0 + int(ys.min()), ny0 + int(ys.max()) + 1
        x0, x1 = nx0 + int(xs.min()), nx0 + int(xs.max()) + 1
        sub = cc[y0:y1, x0:x1]
        # One blanket alpha with a colour key (RLE) blends several times faster than per-pixel
        # alpha. The squares are filled run by run along each row: exact at every zoom
        # (transform.scale's fixed-point steps put square edges a pixel off at 5, 10, 160 ...)
        colours = [palette.MOVE_CLASSES.get(name, (200, 200, 200, 80))[:3]
                   for name in move.classes]
        size = ((x1 - x0) * z, (y1 - y0) * z)
        screen = pygame.display.get_surface()
        big = pygame.Surface(size, 0, screen) if screen is not None else pygame.Surface(size)
        big.fill((0, 0, 0))
        for row in range(y1 - y0):
            vals = sub[row]
            starts = np.flatnonzero(np.r_[True, vals[1:] != vals[:-1]])
            ends = np.r_[starts[1:], len(vals)]
            for a, b in zip(starts.tolist(), ends.tolist(), strict=True):
                k = int(vals[a])
                if 0 <= k < len(colours):
                    big.fill(colours[k], (a * z, row * z, (b - a) * z, z))
        big.set_colorkey((0, 0, 0), pygame.RLEACCEL)
        big.set_alpha(palette.MOVE_ALPHA, pygame.RLEACCEL)
        self._surf = big
        self._origin = (x0, y0)
        return big, (x0, y0)

    def placed(self, move: MovePreview, cam: Camera
               ) -> tuple[pygame.Surface | None, tuple[int, int]]:
        """The tint of the squares in view and the window pixel of its top-left corner.

        Only what the view shows is drawn, in steps of half a chunk (128 px): the whole
        area at 160 px a yard was a 6,560-pixel square picture, 172 MB and half a second;
        a pan within a step keeps the picture."""
        z = cam.px_per_yd
        q = max(1, 128 // z)  # squares a step
        x0, y0 = cam.origin_x_yd, cam.origin_y_yd
        x1, y1 = x0 + cam.view_w_px / z, y0 + cam.view_h_px / z
        near = (math.floor(x0 / q) * q, math.floor(y0 / q) * q,
                math.ceil(x1 / q) * q, math.ceil(y1 / q) * q)
        surf, (sx, sy) = self.surface(move, z, near)
        # on the board's squares: from the map corner in whole pixels, as its chunks are
        # placed (rounding each picture's own corner put it a pixel off at odd zooms)
        cx = math.floor(-cam.origin_x_yd * z + 0.5) + cam.view_x_px
        cy = math.floor(-cam.origin_y_yd * z + 0.5) + cam.view_y_px
        return surf, (cx + sx * z, cy + sy * z)


def draw_reach(surface: pygame.Surface, cam: Camera, scene: Scene) -> None:
    """Each creature's reach as a faint outline around its footprint."""
    layer = pygame.Surface((cam.view_w_px, cam.view_h_px), pygame.SRCALPHA)
    for t in scene.visible_tokens():
        if t.mount_key:
            continue
        r = t.reach_yd
        x, y = cam.yd_to_px(t.square[0] - r, t.square[1] - r)
        side = (t.space + 2 * r) * cam.px_per_yd
        colour = palette.side_colour(t.controller, t.side)
        pygame.draw.rect(layer, (*colour, 50), (x - cam.view_x_px, y - cam.view_y_px, side, side))
        pygame.draw.rect(
            layer, (*colour, 160), (x - cam.view_x_px, y - cam.view_y_px, side, side), 2
        )
    surface.blit(layer, (cam.view_x_px, cam.view_y_px))


def draw_move(surface: pygame.Surface, cam: Camera, scene: Scene, tint: MoveTint,
              *, tinted: bool = False) -> None:
    """Reachable squares by cost class (unless ``tinted``: the board drew them), then the
    hovered path with its marks."""
    move = scene.move
    if move is None:
        return
    z = cam.px_per_yd
    surf, at = (None, (0, 0)) if tinted else tint.placed(move, cam)
    if surf is not None:
        surface.blit(surf, at)
    if len(move.path) >= 2:
        colour = palette.PATH if move.legal else palette.PATH_BAD
        pts = [cam.yd_to_px(x + 0.5, y + 0.5) for x, y in move.path]
        pygame.draw.lines(surface, (0, 0, 0), False, pts, max(3, z // 6) + 2)
        pygame.draw.lines(surface, colour, False, pts, max(3, z // 6))
        for wp in move.waypoints:
            pygame.draw.circle(surface, colour, cam.square_center_px(wp), max(4, z // 5), 2)
        end = cam.square_center_px(move.path[-1])
        pygame.draw.circle(surface, colour, end, max(4, z // 4))
    for mark in move.marks:
        c = cam.square_center_px(mark.square)
        r = max(5, z // 3)
        if mark.kind == "free_attack":
            pygame.draw.circle(surface, palette.FREE_ATTACK, c, r, max(2, z // 12))
            pygame.draw.line(
                surface, palette.FREE_ATTACK, (c[0] - r, c[1] - r), (c[0] + r, c[1] + r), 3
            )
            pygame.draw.line(
                surface, palette.FREE_ATTACK, (c[0] - r, c[1] + r), (c[0] + r, c[1] - r), 3
            )
        else:
            pygame.draw.circle(surface, palette.MARK.get(mark.kind, (255, 255, 255)), c, r, 3)


def draw_move_labels(surface: pygame.Surface, cam: Camera, scene: Scene) -> None:
    """The path's cost and each mark's words, drawn over the tokens so nothing hides them."""
    move = scene.move
    if move is None:
        return
    z = cam.px_per_yd
    for mark in move.marks:
        if not mark.text or z < 12:
            continue
        c = cam.square_center_px(mark.square)
        colour = palette.MARK.get(mark.kind, palette.FREE_ATTACK)
        label = palette.text_surface(mark.text, max(14, z // 3), colour)
        _boxed(surface, cam, label, (c[0] - label.get_width() // 2, c[1] + max(5, z // 3) + 2))
    if move.note and len(move.path) >= 2:
        end = cam.square_center_px(move.path[-1])
        label = palette.text_surface(move.note, max(16, min(24, z // 2)))
        at = (end[0] + max(8, z // 2), end[1] - label.get_height() - max(8, z // 2))
        _boxed(surface, cam, label, at)


def _boxed(
    surface: pygame.Surface, cam: Camera, label: pygame.Surface, at: tuple[int, int]
) -> None:
    """A label on a dark box, kept inside the battlefield view."""
    w, h = label.get_width() + 8, label.get_height() + 4
    x = max(cam.view_x_px, min(at[0], cam.view_x_px + cam.view_w_px - w))
    y = max(cam.view_y_px, min(at[1], cam.view_y_px + cam.view_h_px - h))
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    box.fill((15, 15, 20, 200))
    surface.blit(box, (x, y))
    surface.blit(label, (x + 4, y + 2))


def draw_target(surface: pygame.Surface, cam: Camera, scene: Scene) -> None:
    """Sampled cover lines, green where clear and red where something blocks them."""
    tp = scene.target
    if tp is None:
        return
    # Clear lines first, blocked ones over them: lines aimed at different heights overlap on the map
    # (clear ones a pixel to one side, blocked ones to the other, so both colours show)
    for a, b, blocked in sorted(tp.lines, key=lambda ln: ln[2]):
        colour = palette.COVER_BLOCKED if blocked else palette.COVER_CLEAR
        pa, pb = cam.yd_to_px(*a), cam.yd_to_px(*b)
        dx, dy = pb[0] - pa[0], pb[1] - pa[1]
        n = max(1e-6, (dx * dx + dy * dy) ** 0.5)
        k = -1.5 if blocked else 1.5
        ox, oy = -dy / n * k, dx / n * k
        pygame.draw.line(surface, colour, (pa[0] + ox, pa[1] + oy), (pb[0] + ox, pb[1] + oy), 1)


def draw_target_reasons(surface: pygame.Surface, cam: Camera, scene: Scene) -> None:
    """Legal or why not, range, cover, every boon and bane, written beside the target."""
    tp = scene.target
    if tp is None or tp.at is None or not tp.text:
        return
    # The reasons, written beside the target: legal or why not, range, cover, every boon and bane
    from game.ui.log_text import wrap

    size = 18
    font = palette.font(size)
    max_w = max(260, min(560, cam.view_w_px // 2))
    rows = []
    for i, t in enumerate(tp.text[:9]):
        colour = (
            (140, 255, 160) if i == 0 and tp.legal else (255, 140, 140) if i == 0 else palette.TEXT
        )
        for part in wrap(t, max_w, lambda x: font.size(x)[0], indent="   "):
            rows.append(palette.text_surface(part, size, colour))
    w = max(r.get_width() for r in rows) + 12
    h = sum(r.get_height() for r in rows) + 10
    space = next((t.space for t in scene.tokens if t.key == tp.target_key), 1)
    tx, ty, tw, th = cam.square_rect_px(tp.at, space)
    left, top = cam.view_x_px, cam.view_y_px
    right, bottom = left + cam.view_w_px, top + cam.view_h_px
    # Beside the target (right if there is room, else left), never over it
    x = tx + tw + 8 if tx + tw + 8 + w <= right else tx - 8 - w
    x = max(left, min(x, right - w))
    y = max(top, min(ty + th // 2 - h // 2, bottom - h))
    if pygame.Rect(x, y, w, h).colliderect(pygame.Rect(tx, ty, tw, th)):
        y = ty - 8 - h if ty - 8 - h >= top else min(ty + th + 8, bottom - h)
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    box.fill((15, 15, 20, 215))
    surface.blit(box, (x, y))
    yy = y + 5
    for r in rows:
        surface.blit(r, (x + 6, yy))
        yy += r.get_height()


def draw_measure(surface: pygame.Surface, cam: Camera, scene: Scene) -> None:
    """The measuring ruler between two squares, with its label."""
    if scene.measure is None:
        return
    a, b, text = scene.measure
    pa, pb = cam.square_center_px(a), cam.square_center_px(b)
    pygame.draw.line(surface, (0, 0, 0), pa, pb, 5)
    pygame.draw.line(surface, (255, 255, 120), pa, pb, 3)
    label = palette.text_surface(text, 20, (255, 255, 120))
    surface.blit(label, (pb[0] + 10, pb[1] - 24))


def draw_hover(surface: pygame.Surface, cam: Camera, scene: Scene) -> None:
    """Outline the square under the cursor (where a click would land)."""
    if scene.hover_square is None or scene.player_view:
        return
    if not scene.battlefield.in_bounds(scene.hover_square):
        return
    pygame.draw.rect(surface, (255, 255, 255), cam.square_rect_px(scene.hover_square), 2)
