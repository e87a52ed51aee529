"""The static board: map layers, the yard grid and battlefield overlays, cached in chunks per zoom.

What depends only on the map (and which static overlays are on) is drawn once per zoom level in
square chunks and reused. A map with parallax layers has one set of chunks per band of layers
sharing a parallax factor, each set moved by its own shift. A file render draws everything at
once. In the window (``live``) the chunks in view are composed into one picture of the view,
kept while the camera stays, and no frame stalls on a chunk (issue 12):

- a chunk is rendered a unit of work at a time (a layer, a tile picture, an overlay: see
  ``chunk_steps``), within a time budget a frame, resumed on the next frame;
- until it is done a stand-in shows in its place: the last picture of the view moved to the
  new camera (scaled once after a zoom, scrolled after a pan); where that does not reach,
  the overview (the whole map at a small zoom, one picture kept for that) scaled; else the
  background. Only the first picture (and one after a resize) is rendered at once;
- time left renders the overview and the chunks around the view ahead of need;
- animated tiles redraw only the chunks of bands that hold them, when their frame changes.

When the frames settle the view is exactly what a render from nothing draws (tests/ui/
test_frames.py).
"""

from __future__ import annotations

import math
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Generator
from typing import NamedTuple

import numpy as np
import pygame

from game.rules.battlefield import Battlefield, Terrain
from game.ui.camera import Camera
from game.ui.render import palette
from game.ui.render.maplayers import Band, MapLayers

CHUNK_PX = 256  # about this many pixels a side per cached chunk
CACHE_BUDGET_PX = 6_000_000  # ~24 MB of chunks across zoom levels, least recently used go first
FRAME_BUDGET_S = 0.004  # a live frame spends about this long on the board's own work
OVERVIEW_PX = 1_000_000  # the overview (every chunk's last stand-in): at most this many pixels

#: A cached chunk: (set, chunk column, chunk row, zoom, static overlays, animation frames).
Key = tuple[int, int, int, int, frozenset[str], tuple[int, ...]]
#: Work on one chunk: each ``next`` one unit; it returns the finished chunk.
Steps = Generator[None, None, pygame.Surface]


def chunk_yd(px_per_yd: int) -> int:
    """Yards a side of one cached chunk at a zoom level.

    >>> chunk_yd(32), chunk_yd(4), chunk_yd(160)
    (8, 64, 2)
    """
    return max(2, CHUNK_PX // px_per_yd)


def overview_zoom(width: int, height: int) -> int:
    """The overview's pixels a yard: the whole map in at most OVERVIEW_PX, at most 4 (the
    smallest zoom level), at least 1.

    >>> overview_zoom(200, 200), overview_zoom(400, 400), overview_zoom(30, 20)
    (4, 2, 4)
    """
    return max(1, min(4, math.isqrt(OVERVIEW_PX // max(1, width * height))))


class Under(NamedTuple):
    """A picture blended over the board under everything else (the move area's tint)."""

    picture: pygame.Surface  # the same object: the same picture (it is kept, so never reused)
    at: tuple[int, int]  # its top-left in the window's pixels


class Board:
    """Draws the static board of one battlefield (and its Tiled map, if any)."""

    def __init__(self, bf: Battlefield, layers: MapLayers | None = None) -> None:
        self.bf = bf
        self.layers = layers
        self.live = False  # the window: budgeted chunks, stand-ins, animation (file renders: off)
        self.pending = 0  # chunks in view still shown by a stand-in (or not at all)
        self.clock: Callable[[], float] = time.perf_counter  # the budget's clock (tests: fake)
        self.budget_s = FRAME_BUDGET_S
        self.units = 0  # units of chunk work done (each ``next`` of a chunk's steps)
        self._cache: OrderedDict[Key, pygame.Surface] = OrderedDict()
        self._cache_px = 0
        self._overview_z = overview_zoom(bf.width, bf.height)
        # the overview: (static overlays, the whole map's bottom set at the overview zoom)
        self._overview_pic: tuple[frozenset[str], pygame.Surface] | None = None
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
        # the live view: its picture, what it was composed for, and the chunks it shows
        self._view: pygame.Surface | None = None
        self._view_state: tuple | None = None
        # what the spare picture holds: the view for (state, under's picture, where)
        self._under_key: tuple[tuple, pygame.Surface, tuple[int, int]] | None = None
        self._plan: list[list[tuple[Key, tuple[int, int]]]] = []  # per set: chunks, positions
        self._missing: list[tuple[Key, tuple[int, int]]] = []  # in view, not yet exact
        self._work: dict[Key, Steps] = {}  # chunks begun, resumed where they paused
        self._spare: pygame.Surface | None = None  # the picture before a zoom scales it
        self._ahead: list[Key] | None = None  # chunks to render ahead of need, nearest first
        self._t_ms = 0

    # -- a frame --------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, cam: Camera, overlays: frozenset[str],
             under: Under | None = None) -> bool:
        """Draw the board in the view onto the window surface; with ``under`` (a picture
        blended over the board and under everything else: the move area's tint), True if it
        drew that too (it keeps the two composed while both stay: every hover's frame)."""
        static = frozenset(o for o in overlays if o in _STATIC_DRAWERS)
        t_ms = pygame.time.get_ticks() if self.live else 0
        self._t_ms = t_ms
        anim = self.layers.animation_key(t_ms) if self.animates and self.layers else ()
        self._drawn_anim = anim
        if not self.live:
            self._draw_at_once(surface, cam, static)
            return False
        deadline = self.clock() + self.budget_s
        state = (
            cam.px_per_yd,
            cam.origin_x_yd,
            cam.origin_y_yd,
            cam.view_x_px,
            cam.view_y_px,
            cam.view_w_px,
            cam.view_h_px,
            static,
            anim,
        )
        if state != self._view_state:
            self._compose(surface, cam, static, state)
        self._work_through(deadline)
        assert self._view is not None
        at = (cam.view_x_px, cam.view_y_px)
        if under is None or self._missing:  # with stand-ins showing, the view still changes
            surface.blit(self._view, at)
        else:
            self._blit_under(surface, at, under, state)
        self.pending = len(self._missing)
        if not self._missing:
            if self._ahead is None:
                self._ahead = self._plan_ahead(cam, static)
            self.work_ahead(deadline)
        return under is not None and self.pending == 0

    def _blit_under(self, surface: pygame.Surface, at: tuple[int, int], under: Under,
                    state: tuple) -> None:
        """The whole view with ``under`` blended over it, kept in the spare picture (idle
        between zooms) until the view or ``under`` changes. It is blended on the window and
        copied from there: SDL re-encodes an RLE picture for each new destination, losing
        colour each time, so ``under`` goes onto the window only, as it always did."""
        assert self._view is not None
        spare, held = self._spare, self._under_key
        if (spare is not None and held is not None and held[0] == state
                and held[1] is under.picture and held[2] == under.at):
            surface.blit(spare, at)
            return
        size = self._view.get_size()
        rect = pygame.Rect(at, size)
        surface.blit(self._view, at)
        clip = surface.get_clip()
        surface.set_clip(rect)
        surface.blit(under.picture, under.at)
        surface.set_clip(clip)
        if spare is None or spare.get_size() != size:
            spare = self._spare = pygame.Surface(size, 0, self._view)
        spare.blit(surface, (0, 0), rect)
        self._under_key = (state, under.picture, under.at)

    def animation_due(self) -> bool:
        """True when an animated tile would show another frame than the one last drawn."""
        if not self.animates or self.layers is None:
            return False
        return self.layers.animation_key(pygame.time.get_ticks()) != self._drawn_anim

    def ahead(self) -> bool:
        """True while chunks are left to render ahead of need (the window does it at rest,
        without drawing, and then rests)."""
        return self.live and not self._missing and bool(self._ahead)

    def work_ahead(self, deadline: float | None = None) -> None:
        """Render chunks ahead of need until the deadline (the overview first, then the ring
        of chunks around the view); a frame's budget when none is given."""
        if self._ahead is None or self._missing:
            return
        if deadline is None:
            deadline = self.clock() + self.budget_s
        while self._ahead and self.clock() < deadline:
            key = self._ahead[0]
            if key in self._cache:
                self._ahead.pop(0)
                continue
            if self._step(key):
                self._ahead.pop(0)

    def _plan_ahead(self, cam: Camera, static: frozenset[str]) -> list[Key]:
        """What to render before it is needed: the overview (the bottom set's chunks of the
        whole map at a small zoom), then the ring of chunks just outside the view, nearest
        first."""
        zo = self._overview_z
        co = chunk_yd(zo)
        seen = _overview_overlays(static)
        out = [
            self._key(0, cx, cy, zo, seen)
            for cy in range(-(-self.bf.height // co))
            for cx in range(-(-self.bf.width // co))
        ]
        if self._overview(static) is not None:
            out = []
        z = cam.px_per_yd
        c = chunk_yd(z)
        nx, ny = -(-self.bf.width // c), -(-self.bf.height // c)
        centre = cam.px_to_yd(cam.view_x_px + cam.view_w_px / 2, cam.view_y_px + cam.view_h_px / 2)
        ring = []
        for n, band in enumerate(self._sets):
            dx, dy = self._shift_yd(band, cam)
            x0, y0, x1, y1 = _visible(cam, self.bf, dx, dy)
            ax0, ay0, ax1, ay1 = x0 // c - 1, y0 // c - 1, (x1 - 1) // c + 1, (y1 - 1) // c + 1
            for cy in range(max(0, ay0), min(ny, ay1 + 1)):
                for cx in range(max(0, ax0), min(nx, ax1 + 1)):
                    if ax0 < cx < ax1 and ay0 < cy < ay1:
                        continue  # in view
                    d = math.dist(((cx + 0.5) * c, (cy + 0.5) * c), centre)
                    ring.append((d, n, self._key(n, cx, cy, z, static)))
        ring.sort(key=lambda r: (r[0], r[1]))
        return [k for k in out if k not in self._cache] + [k for _, _, k in ring]

    def _draw_at_once(self, surface: pygame.Surface, cam: Camera, static: frozenset[str]) -> None:
        """A file render: every chunk in view rendered now and blitted."""
        view = pygame.Rect(cam.view_x_px, cam.view_y_px, cam.view_w_px, cam.view_h_px)
        surface.fill(palette.BACKGROUND, view)
        clip = surface.get_clip()
        surface.set_clip(view)
        for chunks in self._chunks_in_view(cam, static):
            blits = []
            for key, (x, y) in chunks:
                surf = self._cache.get(key)
                if surf is None:
                    surf = self._finish(key)
                blits.append((surf, (x + cam.view_x_px, y + cam.view_y_px)))
            surface.blits(blits, doreturn=False)
        surface.set_clip(clip)

    def _chunks_in_view(
        self, cam: Camera, static: frozenset[str]
    ) -> list[list[tuple[Key, tuple[int, int]]]]:
        """Per set, the chunks in view and where each goes (pixels from the view's corner)."""
        z = cam.px_per_yd
        c = chunk_yd(z)
        out = []
        for n, band in enumerate(self._sets):
            dx, dy = self._shift_yd(band, cam)
            x0, y0, x1, y1 = _visible(cam, self.bf, dx, dy)
            bx, by = _corner_px(cam, dx, dy)  # one rounding for all: chunks meet, no seams
            chunks = []
            for cy in range(y0 // c, (y1 - 1) // c + 1):
                for cx in range(x0 // c, (x1 - 1) // c + 1):
                    pos = (bx + cx * c * z, by + cy * c * z)
                    chunks.append((self._key(n, cx, cy, z, static), pos))
            out.append(chunks)
        return out

    def _key(self, n: int, cx: int, cy: int, z: int, static: frozenset[str]) -> Key:
        band = self._sets[n]
        anim = (
            self.layers.animation_key(self._t_ms)
            if band is not None and band.animated and self.layers is not None
            else ()
        )
        last = n == len(self._sets) - 1
        return (n, cx, cy, z, static if last else frozenset(), anim)

    # -- the view's picture ---------------------------------------------------------------

    def _compose(
        self, surface: pygame.Surface, cam: Camera, static: frozenset[str], state: tuple
    ) -> None:
        """The camera moved (or the overlays, or an animation frame): the last picture moved
        to the new camera is the stand-in for what is not cached (scaled once after a zoom,
        scrolled after a pan), the overview scaled where it does not reach, and every cached
        chunk in view goes over it, exact."""
        old, self._view_state = self._view_state, state
        size = (cam.view_w_px, cam.view_h_px)
        self._plan = self._chunks_in_view(cam, static)
        fresh = old is None or self._view is None or self._view.get_size() != size
        covered = None if old is None or fresh else self._move_picture(old, cam)
        if fresh:
            self._view = pygame.Surface(size, 0, surface)
            self._spare = pygame.Surface(size, 0, surface)  # made now: the first zoom is quick
        view = self._view
        assert view is not None
        if covered is None:
            view.fill(palette.BACKGROUND)
        else:
            for strip in _outside(pygame.Rect(0, 0, *size), self._map_rect(cam)):
                view.fill(palette.BACKGROUND, strip)  # nothing of the map may linger there
        centre = (size[0] / 2, size[1] / 2)
        shown = pygame.Rect(0, 0, *size)
        missing: list[tuple[int, float, Key, tuple[int, int]]] = []
        uncovered = False
        for chunks in self._plan:
            for key, pos in chunks:
                if key in self._cache:
                    self._cache.move_to_end(key)
                    continue
                rect = pygame.Rect(pos, self._chunk_size(key)).clip(shown)
                if fresh:
                    self._finish(key)  # the first picture: nothing to show in its place
                    continue
                if key[0] == 0 and (covered is None or not covered.contains(rect)):
                    uncovered = True
                missing.append((key[0], math.dist(rect.center, centre), key, pos))
        if uncovered:  # ground the last picture does not reach: the overview, scaled
            parts = _outside(self._map_rect(cam).clip(shown), covered)
            self._paint_overview(cam, static, parts)
        missing.sort(key=lambda m: (m[0], m[1]))
        self._missing = [(k, p) for _, _, k, p in missing]
        wanted = {k for k, _ in self._missing}
        self._work = {k: w for k, w in self._work.items() if k in wanted}
        self._ahead = None  # planned again when the view is whole
        # one set scrolled at the same zoom: the chunks the last picture showed are exact
        # where it moved them (a finished chunk was painted in); only the rest are blitted
        kept = covered if len(self._plan) == 1 and old is not None and old[0] == state[0] else None
        if kept is not None and old is not None and old[7:] != state[7:]:
            kept = None  # other overlays or another animation frame: every chunk again
        for chunks in self._plan:
            view.blits(
                [
                    (self._cache[k], p)
                    for k, p in chunks
                    if k in self._cache
                    and (
                        kept is None
                        or not kept.contains(pygame.Rect(p, self._cache[k].get_size()).clip(shown))
                    )
                ],
                doreturn=False,
            )

    def _move_picture(self, old: tuple, cam: Camera) -> pygame.Rect | None:
        """The last picture of the view moved to the new camera, in place: scaled after a zoom,
        scrolled after a pan; where it now lies (None: nowhere)."""
        view = self._view
        assert view is not None
        zp, oxp, oyp = old[0], old[1], old[2]
        z = cam.px_per_yd
        w, h = view.get_size()
        if zp == z:
            # by the map corner's whole pixels, as the chunks are placed: scrolled chunks land
            # exactly where they are drawn
            before = Camera(w, h, z, oxp, oyp)
            (ax, ay), (bx, by) = _corner_px(before, 0, 0), _corner_px(cam, 0, 0)
            dx, dy = bx - ax, by - ay
            if abs(dx) >= w or abs(dy) >= h:
                return None
            if dx or dy:
                view.scroll(dx, dy)
            return pygame.Rect(dx, dy, w, h).clip(view.get_rect())
        # where the last picture lands in the new view, clipped to it, and what of it lands
        # there (whole pixels: a pixel's stretch either way is nothing for a stand-in)
        f = z / zp
        x0, y0 = (oxp - cam.origin_x_yd) * z, (oyp - cam.origin_y_yd) * z
        dest = pygame.Rect(round(x0), round(y0), round(w * f), round(h * f)).clip(0, 0, w, h)
        if dest.width <= 0 or dest.height <= 0:
            return None
        sx0 = max(0, math.floor((dest.left - x0) / f))
        sy0 = max(0, math.floor((dest.top - y0) / f))
        sx1 = min(w, max(sx0 + 1, math.ceil((dest.right - x0) / f)))
        sy1 = min(h, max(sy0 + 1, math.ceil((dest.bottom - y0) / f)))
        spare = self._spare
        if spare is None or spare.get_size() != (w, h):
            spare = pygame.Surface((w, h), 0, view)
        for strip in _outside(spare.get_rect(), dest):
            spare.fill(palette.BACKGROUND, strip)
        src = view.subsurface((sx0, sy0, sx1 - sx0, sy1 - sy0))
        pygame.transform.scale(src, dest.size, spare.subsurface(dest))  # in place: no new pages
        self._view, self._spare = spare, view  # (the view's state changed: no kept under)
        return dest

    def _map_rect(self, cam: Camera) -> pygame.Rect:
        """The map's bottom set in the view, in the view's pixels (where its chunks go)."""
        dx, dy = self._shift_yd(self._sets[0], cam)
        z = cam.px_per_yd
        return pygame.Rect(_corner_px(cam, dx, dy), (self.bf.width * z, self.bf.height * z))

    def _work_through(self, deadline: float) -> None:
        """Render the missing chunks in view (the bottom set first, nearest the centre first)
        until the deadline, at least one unit a frame so the view always fills in; each
        finished chunk is painted in at once, with what lies over it."""
        first = True
        while self._missing:
            if not first and self.clock() >= deadline:
                break
            first = False
            key, pos = self._missing[0]
            if not self._step(key):
                continue
            self._missing.pop(0)
            self._repaint(self._cache[key], pos)

    def _repaint(self, chunk: pygame.Surface, pos: tuple[int, int]) -> None:
        """Paint the view's picture where a finished chunk lies again from the cached chunks,
        every set in order (the bottom set's chunks there are all cached: each set is finished
        before the next, so what is painted is exact once every chunk over it is)."""
        view = self._view
        assert view is not None
        if len(self._plan) == 1:
            view.blit(chunk, pos)  # the only set: the chunk is the picture
            return
        rect = pygame.Rect(pos, chunk.get_size())
        clip = view.get_clip()
        view.set_clip(rect)
        view.fill(palette.BACKGROUND)
        for chunks in self._plan:
            blits = []
            for key, pos in chunks:
                surf = self._cache.get(key)
                if surf is not None and rect.colliderect(pygame.Rect(pos, surf.get_size())):
                    blits.append((surf, pos))
            view.blits(blits, doreturn=False)
        view.set_clip(clip)

    # -- chunks ---------------------------------------------------------------------------

    def _step(self, key: Key) -> bool:
        """One unit of work on a chunk; True when it is done (and cached)."""
        steps = self._work.get(key)
        if steps is None:
            steps = self._work[key] = self.chunk_steps(key)
        self.units += 1
        try:
            next(steps)
        except StopIteration as end:
            del self._work[key]
            self._store(key, end.value)
            return True
        return False

    def _finish(self, key: Key) -> pygame.Surface:
        """A chunk rendered to the end now (its work so far kept)."""
        while not self._step(key):
            pass
        return self._cache[key]

    def _store(self, key: Key, surf: pygame.Surface) -> None:
        self._cache[key] = surf
        self._cache_px += surf.get_width() * surf.get_height()
        while self._cache_px > CACHE_BUDGET_PX and len(self._cache) > 1:
            _, old = self._cache.popitem(last=False)
            self._cache_px -= old.get_width() * old.get_height()

    def _chunk_size(self, key: Key) -> tuple[int, int]:
        _, cx, cy, z, _, _ = key
        c = chunk_yd(z)
        w = max(1, min(c, self.bf.width - cx * c))
        h = max(1, min(c, self.bf.height - cy * c))
        return w * z, h * z

    def _overview(self, static: frozenset[str]) -> pygame.Surface | None:
        """The whole map's bottom set at the overview zoom as one picture, made once its
        chunks are all rendered (they may then leave the cache; the picture stays)."""
        if self._overview_pic is not None and self._overview_pic[0] == static:
            return self._overview_pic[1]
        zo = self._overview_z
        co = chunk_yd(zo)
        seen = _overview_overlays(static)
        keys = [
            self._key(0, cx, cy, zo, seen)
            for cy in range(-(-self.bf.height // co))
            for cx in range(-(-self.bf.width // co))
        ]
        if not all(k in self._cache for k in keys):
            return None
        first = self._cache[keys[0]]
        pic = pygame.Surface((self.bf.width * zo, self.bf.height * zo), 0, first)
        pic.blits([(self._cache[k], (k[1] * co * zo, k[2] * co * zo)) for k in keys])
        self._overview_pic = (static, pic)
        return pic

    def _paint_overview(
        self, cam: Camera, static: frozenset[str], parts: list[pygame.Rect]
    ) -> None:
        """The overview scaled into these parts of the view's picture (if it is made yet)."""
        pic = self._overview(static)
        view = self._view
        if pic is None or view is None:
            return
        f = cam.px_per_yd / self._overview_z
        bx, by = self._map_rect(cam).topleft
        pw, ph = pic.get_size()
        clip = view.get_clip()
        for part in parts:
            x0 = max(0, math.floor((part.left - bx) / f))
            y0 = max(0, math.floor((part.top - by) / f))
            x1 = min(pw, math.ceil((part.right - bx) / f))
            y1 = min(ph, math.ceil((part.bottom - by) / f))
            if x1 <= x0 or y1 <= y0:
                continue
            size = (round((x1 - x0) * f), round((y1 - y0) * f))
            scaled = pygame.transform.scale(pic.subsurface((x0, y0, x1 - x0, y1 - y0)), size)
            view.set_clip(part)
            view.blit(scaled, (bx + round(x0 * f), by + round(y0 * f)))
        view.set_clip(clip)

    def render_chunk(
        self, cx: int, cy: int, z: int, static: frozenset[str], n: int = 0, t_ms: int = 0
    ) -> pygame.Surface:
        """One chunk of one band: map (or plain ground), then the static overlays in order."""
        steps = self.chunk_steps((n, cx, cy, z, static, ()), t_ms)
        while True:
            try:
                next(steps)
            except StopIteration as end:
                return end.value

    def chunk_steps(self, key: Key, t_ms: int | None = None) -> Steps:
        """A chunk's rendering a unit at a time: the ground, each tile picture prepared, each
        layer (or a few rows of its tiles), each overlay; it returns the chunk."""
        # the work holds the board weakly: a board dropped with work begun (a map reloaded)
        # is freed at once, not when the cycle collector comes round to its megabytes
        return _chunk_steps(weakref.proxy(self), key, self._t_ms if t_ms is None else t_ms)

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


def _overview_overlays(static: frozenset[str]) -> frozenset[str]:
    """The overlays the overview shows: all but the grid (scaled up, its lines every five
    yards at the overview's zoom would stand out as heavy bars until the chunks come)."""
    return static - {"grid"}


def _chunk_steps(board: Board, key: Key, t_ms: int) -> Steps:
    """``Board.chunk_steps``."""
    n, cx, cy, z, static, _ = key
    c = chunk_yd(z)
    x0, y0 = cx * c, cy * c
    w = max(1, min(c, board.bf.width - x0))
    h = max(1, min(c, board.bf.height - y0))
    opaque = n == 0
    surf = pygame.Surface((w * z, h * z), 0 if opaque else pygame.SRCALPHA)
    surf.fill(board._bg if opaque else (0, 0, 0, 0))
    band = board._sets[n]
    layers = board.layers
    if layers is not None and band is not None:
        k = layers.map_px_per_yd
        yield from layers.band_steps(surf, band, x0 * k, y0 * k, z / k, t_ms)
    elif layers is None:
        _plain_terrain(surf, board.bf, x0, y0, w, h, z)
        yield
    for name in _STATIC_ORDER:
        if name in static:
            _STATIC_DRAWERS[name](board, surf, x0, y0, w, h, z)
            yield
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert() if opaque else surf.convert_alpha()


def _corner_px(cam: Camera, dx: float, dy: float) -> tuple[int, int]:
    """Where a set moved by (dx, dy) yards has the map's corner, in the view's whole pixels."""
    z = cam.px_per_yd
    return (
        math.floor((dx - cam.origin_x_yd) * z + 0.5),
        math.floor((dy - cam.origin_y_yd) * z + 0.5),
    )


def _visible(cam: Camera, bf: Battlefield, dx: float, dy: float) -> tuple[int, int, int, int]:
    """Squares of a band moved by (dx, dy) yards that fall in the view, clipped to the map."""
    if not dx and not dy:
        return cam.visible_squares(bf.width, bf.height)
    moved = cam.copy()
    moved.origin_x_yd -= dx
    moved.origin_y_yd -= dy
    return moved.visible_squares(bf.width, bf.height)


def _outside(rect: pygame.Rect, hole: pygame.Rect | None) -> list[pygame.Rect]:
    """The parts of ``rect`` outside ``hole`` (at most four rectangles)."""
    if hole is None or not rect.colliderect(hole):
        return [rect] if rect.width > 0 and rect.height > 0 else []
    inner = rect.clip(hole)
    parts = [
        pygame.Rect(rect.left, rect.top, rect.width, inner.top - rect.top),
        pygame.Rect(rect.left, inner.bottom, rect.width, rect.bottom - inner.bottom),
        pygame.Rect(rect.left, inner.top, inner.left - rect.left, inner.height),
        pygame.Rect(inner.right, inner.top, rect.right - inner.right, inner.height),
    ]
    return [p for p in parts if p.width > 0 and p.height > 0]


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
