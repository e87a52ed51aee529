"""Creature tokens: art or a disc with initials, a health bar and affliction icons, ringed by side.

A token is never drawn smaller than MIN_DISC_PX across, so its initials, bar and icons stay
readable at the fitted zoom of a laptop's screen: at a small zoom a disc overhangs its square a
little. A rider sits on its mount's upper-left rim, half outside it, and the mount's initials
move to its lower right, so both read. Each picture depends on few values, so it is drawn once
per zoom level and state and cached; a frame of 100 tokens is then 100 blits. In the window a
zoom step would draw every token's picture again in one frame: a live frame draws new pictures
for a small budget and shows the rest as their picture at another zoom, scaled, until a later
frame draws them (issue 12).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pygame

from game.ui.camera import Camera
from game.ui.render import palette
from game.ui.render.afflictions import icon
from game.ui.scene import Scene, TokenView

#: The smallest disc drawn (pixels across): two initials 8 px tall, a bar and 10 px icons fit.
MIN_DISC_PX = 26
#: The initials' smallest font size (the default font's capitals are then 8 pixels tall).
LABEL_MIN_PX = 15
#: A disc's share of its footprint when the zoom leaves room.
DISC_SHARE = 0.9
#: The smallest rider's disc: its initials still fit, and its mount's show beside it.
MIN_RIDER_PX = 22
#: A rider's disc against its mount's.
RIDER_SHARE = 0.6
#: Role of a token in the picture: alone, a mount carrying a rider, a rider on its mount.
ALONE, MOUNT, RIDER = "", "carrying", "rider"
#: A live frame draws new token pictures for about this long (the rest: stand-ins).
FRAME_BUDGET_S = 0.002
#: Token pictures kept across zooms (~16 MB), least recently made go first; those of the
#: zoom being drawn always stay (100 tokens at 160 px a yard take ~8 M pixels by themselves).
PICTURE_BUDGET_PX = 4_000_000

#: A Tiled tile as a picture, by the map's gid (None: no such tile).
TilePicture = Callable[[int], "pygame.Surface | None"]


@dataclass(frozen=True)
class TokenGeometry:
    """Where a token's parts go, in pixels of its picture (a square, the disc in its middle)."""

    side_px: int  # the picture's side
    disc_r: int  # the disc's radius
    icon_px: int  # an affliction icon's side
    label_dx: int = 0  # the initials' offset from the centre (a mount's move aside)
    label_dy: int = 0

    @property
    def centre(self) -> int:
        """The disc's centre, on both axes."""
        return self.side_px // 2


def disc_px(space: int, z: int, role: str = ALONE) -> int:
    """A disc's diameter for a footprint of ``space`` squares at ``z`` pixels a yard.

    >>> disc_px(1, 16), disc_px(1, 64), disc_px(2, 16), disc_px(2, 16, RIDER)
    (26, 58, 29, 22)
    """
    own = max(MIN_DISC_PX, round(space * z * DISC_SHARE))
    if role == RIDER:
        return max(MIN_RIDER_PX, round(own * RIDER_SHARE))
    return own


def geometry(space: int, z: int, role: str = ALONE, icons: bool = True) -> TokenGeometry:
    """The layout of one token's picture (icons overhang the disc's rim, so a picture with
    icons is wider than the disc by an icon; without, by its outline: fewer pixels to blit)."""
    d = disc_px(space, z, role)
    icon_px = max(10, round(d * 0.36))
    side = d + (icon_px if icons else 4)  # half an icon of room on every side
    off = round(d * 0.12) if role == MOUNT else 0
    return TokenGeometry(side, d // 2, icon_px, off, off)


class TokenArt:
    """Token pictures by creature state and zoom, with art from config/tokens.yaml, an encounter
    entry's own picture, or the Tiled tile of its map placement."""

    def __init__(
        self,
        images: dict[str, str] | None = None,
        side_colours: dict[str, tuple[int, int, int]] | None = None,
        tiles: TilePicture | None = None,
    ) -> None:
        self.images = images or {}
        self.side_colours = side_colours or {}
        self.tiles = tiles  # the map's tiles, for placements drawn as Tiled tile objects
        self._art: dict[str, pygame.Surface | None] = {}
        self._cache: dict[tuple, pygame.Surface] = {}  # whole pictures
        self._pairs: OrderedDict[tuple, tuple[pygame.Surface, pygame.Surface]] = OrderedDict()
        self._pairs_px = 0  # their pixels, both layers
        self.live = False  # the window: new pictures within a budget a frame (see begin_frame)
        self.clock: Callable[[], float] = time.perf_counter  # the budget's clock (tests: fake)
        self.budget_s = FRAME_BUDGET_S
        self.pending = 0  # tokens the last frame showed by a stand-in
        self.drawn = 0  # pictures drawn so far (tests count them)
        self._deadline: float | None = None
        self._drawn_at_begin = 0
        self._zooms: dict[tuple, set[int]] = {}  # a state's zooms with a picture
        self.walk: tuple | None = None  # draw_tokens' last walk over the tokens (see there)
        self._stand_ins: dict[tuple, tuple[pygame.Surface, pygame.Surface]] = {}
        #: pictures that could not be shown since the window last looked, one line each (the
        #: token is a disc with initials meanwhile: a bad file never stops the table)
        self.problems: list[str] = []

    def forget(self) -> None:
        """Draw every picture afresh (the map was reloaded: its tiles may have changed)."""
        self.walk = None
        self._cache.clear()
        self._pairs.clear()
        self._pairs_px = 0
        self._art.clear()
        self._zooms.clear()
        self._stand_ins.clear()

    def begin_frame(self) -> None:
        """A frame starts: a live one draws new pictures until its budget is spent (at least
        one), then shows stand-ins, counted in ``pending``."""
        self._deadline = self.clock() + self.budget_s if self.live else None
        self._drawn_at_begin = self.drawn
        self.pending = 0

    def _load_art(self, path: str, who: str = "") -> pygame.Surface | None:
        if path not in self._art:
            why = "" if Path(path).is_file() else "no such file"
            try:
                self._art[path] = None if why else pygame.image.load(path)
            except (pygame.error, OSError) as err:
                self._art[path], why = None, f"not a picture pygame can read ({err})"
            if why:  # the disc with initials instead, said once per file
                whose = f" ({who}'s token)" if who else ""
                self.problems.append(f"{path}{whose}: {why}; drawn as a disc with initials")
        return self._art[path]

    def picture_of(self, t: TokenView) -> pygame.Surface | None:
        """The creature's own picture: a Tiled tile, an image file, or None (initials)."""
        if t.tile and self.tiles is not None:
            pic = self.tiles(t.tile)
            if pic is not None:
                return pic
        path = self.images.get(t.image, t.image) if t.image else ""
        return self._load_art(path, t.name) if path else None

    def surface(self, t: TokenView, z: int, *, role: str = ALONE) -> pygame.Surface:
        """The token picture for this state, zoom and role (see ``geometry`` for its layout):
        its disc with the initials, bar and icons over it."""
        key = self._key(t, z, role)
        surf = self._cache.get(key)
        if surf is None:
            base, top = self._pair(t, z, role, key)
            surf = base.copy()
            surf.blit(top, (0, 0))
            self._cache[key] = surf
        return surf

    def layers(
        self, t: TokenView, z: int, *, role: str = ALONE
    ) -> tuple[pygame.Surface, pygame.Surface]:
        """The picture in two layers of one size: the disc (art or fill, outline, ring), then
        what is read on it (initials, health bar, icons, height). A frame draws every disc, then
        every top layer, so tokens that stand close overlap by their rims, never their words.
        Past a live frame's budget: its picture at the nearest other zoom, scaled, if any."""
        key = self._key(t, z, role)
        pair = self._pairs.get(key)
        if pair is not None:
            return pair
        if (
            self._deadline is not None
            and self.drawn > self._drawn_at_begin
            and self.clock() >= self._deadline
        ):
            stand_in = self._stand_in(t, z, role, key)
            if stand_in is not None:
                self.pending += 1
                return stand_in
        return self._pair(t, z, role, key)

    def _pair(
        self, t: TokenView, z: int, role: str, key: tuple
    ) -> tuple[pygame.Surface, pygame.Surface]:
        pair = self._pairs.get(key)
        if pair is None:
            pair = self._draw(t, z, role)
            self.drawn += 1
            self._pairs[key] = pair
            self._pairs_px += 2 * pair[0].get_width() * pair[0].get_height()
            self._zooms.setdefault(_state(key), set()).add(z)
            self._stand_ins.pop(key, None)
            self._evict(z)
        return pair

    def _evict(self, z: int) -> None:
        """The oldest pictures of other zooms go while over the budget."""
        for old in list(self._pairs):
            if self._pairs_px <= PICTURE_BUDGET_PX:
                break
            if old[-2] == z:
                continue
            base, _ = self._pairs.pop(old)
            self._pairs_px -= 2 * base.get_width() * base.get_height()
            self._cache.pop(old, None)
            self._zooms[_state(old)].discard(old[-2])
            self.walk = None

    def _stand_in(
        self, t: TokenView, z: int, role: str, key: tuple
    ) -> tuple[pygame.Surface, pygame.Surface] | None:
        """The state's picture at the nearest zoom that has one, scaled to this zoom's size."""
        got = self._stand_ins.get(key)
        if got is not None:
            return got
        state = _state(key)
        zooms = self._zooms.get(state)
        if not zooms:
            return None
        near = min(zooms, key=lambda z2: (abs(z2 - z), z2))
        base, top = self._pairs[(*state[:-1], near, state[-1])]
        side = geometry(t.space, z, role, bool(t.afflictions)).side_px
        # a notch away it is drawn as it is, centred (a few frames a tenth too big or small
        # cost nothing); further, scaled (nearest pixels: 100 of them stay cheap)
        if not 0.75 <= base.get_width() / side <= 1.34:
            base = pygame.transform.scale(base, (side, side))
            top = pygame.transform.scale(top, (side, side))
        self._stand_ins[key] = (base, top)
        return base, top

    @staticmethod
    def _key(t: TokenView, z: int, role: str) -> tuple:
        return (
            t.name,
            t.label,
            t.space,
            t.side,
            t.controller,
            t.damage,
            t.health,
            t.afflictions,
            t.image,
            t.tile,
            t.acted,
            t.elevation_yd,
            t.show_health,
            z,
            role,
        )

    def _draw(self, t: TokenView, z: int, role: str) -> tuple[pygame.Surface, pygame.Surface]:
        g = geometry(t.space, z, role, bool(t.afflictions))
        base = pygame.Surface((g.side_px, g.side_px), pygame.SRCALPHA)
        top = pygame.Surface((g.side_px, g.side_px), pygame.SRCALPHA)
        c, r = g.centre, g.disc_r
        # the footprint: what the words keep to, so neighbours' do not meet (a rider on its
        # mount's rim has no neighbours on the grid: its disc)
        pitch = max(t.space * z, 2 * r) if role == RIDER else t.space * z
        ring = palette.side_colour(t.controller, t.side, self.side_colours)
        art = self.picture_of(t)
        if art is not None:
            _disc_picture(base, art, c, r)
        else:
            fill = tuple(int(v * 0.3 + 240 * 0.7) for v in ring)
            if t.acted:
                fill = tuple(int(v * 0.72) for v in fill)
            pygame.draw.circle(base, (*fill, 255), (c, c), r)
            # the words keep to the footprint, so a neighbour's bar never covers them
            bar_y = _bar_y(c, r, pitch)
            self._initials(
                top,
                t.initials,
                c + g.label_dx,
                c + g.label_dy - r // 8,
                r,
                g.label_dx,
                pitch,
                bottom=bar_y - 1 + g.label_dy,
            )
        pygame.draw.circle(base, (0, 0, 0, 220), (c, c), r + 1, 1)
        pygame.draw.circle(base, ring, (c, c), r, max(2, r // 6))
        if t.health > 0 and t.show_health:
            _health_bar(top, t, c, r, pitch)
        if t.afflictions:
            _icons(top, t.afflictions, g)
        if t.elevation_yd:
            label = palette.text_surface(f"{t.elevation_yd:+g}y", max(11, r // 2), (200, 240, 255))
            top.blit(label, (0, c + r - label.get_height() // 2))
        return base, top

    @staticmethod
    def _initials(
        surf: pygame.Surface,
        text: str,
        x: int,
        y: int,
        r: int,
        off: int,
        pitch: int,
        *,
        bottom: int,
    ) -> None:
        """The initials as large as the disc and the footprint allow (a mount's, moved ``off``
        to the lower right for its rider, inside the ring still)."""
        room = min(2 * (0.85 * r - off), pitch)
        size = max(LABEL_MIN_PX, round(r * (1.1 if off else 1.2)))
        while palette.font(size).size(text)[0] > room and size > LABEL_MIN_PX:
            size -= 1  # measured, not drawn, until it fits: the label is drawn once
        label = palette.font(size).render(text, True, (15, 15, 15))
        y = min(y, bottom - label.get_height() // 2)
        surf.blit(label, (x - label.get_width() // 2, y - label.get_height() // 2))


def _state(key: tuple) -> tuple:
    """A picture's key without its zoom (the last but one value)."""
    return (*key[:-2], key[-1])


def _disc_picture(surf: pygame.Surface, art: pygame.Surface, c: int, r: int) -> None:
    """A picture scaled to the disc and clipped to it."""
    if pygame.display.get_surface() is not None:
        art = art.convert_alpha()
    pic = pygame.transform.smoothscale(art, (2 * r, 2 * r))
    mask = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), (r, r), r)
    pic.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(pic, (c - r, c - r))


def _bar_h(r: int) -> int:
    return max(4, r // 4)


def _bar_y(c: int, r: int, pitch: int) -> int:
    """The health bar's top: on the disc's lower rim, and inside the footprint."""
    return min(c + r - _bar_h(r) - max(1, r // 8), c + pitch // 2 - _bar_h(r) - 1)


def _health_bar(surf: pygame.Surface, t: TokenView, c: int, r: int, pitch: int) -> None:
    """Health left in green over the disc's lower rim, damage in red (always shown, so a GM
    reads the whole table's health at a glance), within the footprint."""
    w = min(round(r * 1.7), pitch - 2)
    h = _bar_h(r)
    x, y = c - w // 2, _bar_y(c, r, pitch)
    frac = max(0.0, min(1.0, t.damage / t.health))
    lost = round(w * frac)
    pygame.draw.rect(surf, (70, 200, 80), (x, y, w - lost, h))
    pygame.draw.rect(surf, (215, 30, 30), (x + w - lost, y, lost, h))
    pygame.draw.rect(surf, (0, 0, 0), (x - 1, y - 1, w + 2, h + 2), 1)


def icon_slots(g: TokenGeometry) -> list[tuple[int, int]]:
    """Where affliction icons go: along the top from the top-right corner leftwards, then down
    the right side (top-left pixel of each)."""
    s = g.icon_px
    row = [(x, 0) for x in range(g.side_px - s, -1, -(s + 1))]
    column = [(g.side_px - s, y) for y in range(s + 1, g.side_px - s + 1, s + 1)]
    return row + column


def _icons(surf: pygame.Surface, names: tuple[str, ...], g: TokenGeometry) -> None:
    """Affliction icons around the top and right of the disc; what does not fit shows as +N
    (the hover tooltip names them all)."""
    slots = icon_slots(g)
    shown = names if len(names) <= len(slots) else names[: len(slots) - 1]
    for name, at in zip(shown, slots, strict=False):
        surf.blit(icon(name, g.icon_px), at)
    if len(shown) < len(names):
        more = palette.text_surface(f"+{len(names) - len(shown)}", g.icon_px, (255, 255, 255))
        surf.blit(more, slots[len(shown)])


def placed(cam: Camera, t: TokenView, mount: TokenView | None) -> tuple[float, float]:
    """The window pixel of a token's disc centre: its footprint's, or its mount's upper-left
    rim (half the rider outside the mount, so both show)."""
    if mount is None:
        return cam.yd_to_px(t.square[0] + t.space / 2, t.square[1] + t.space / 2)
    mx, my = cam.yd_to_px(mount.square[0] + mount.space / 2, mount.square[1] + mount.space / 2)
    z = cam.px_per_yd
    reach = (disc_px(mount.space, z, MOUNT) + disc_px(t.space, z, RIDER)) * 0.3
    return (mx - reach, my - reach)


def draw_tokens(surface: pygame.Surface, cam: Camera, scene: Scene, art: TokenArt) -> None:
    """Every visible token, mounts before their riders, with selection and highlight rings."""
    left, top = cam.view_x_px, cam.view_y_px
    key = (
        scene.tokens,
        scene.player_view,
        scene.selected_key,
        scene.highlighted_keys,
        cam.px_per_yd,
        cam.origin_x_yd,
        cam.origin_y_yd,
        left,
        top,
        cam.view_w_px,
        cam.view_h_px,
    )
    walk = art.walk if art.walk is not None and art.walk[0] == key else None
    if walk is None:
        pending = art.pending
        walk = (key, *_walk(cam, scene, art))
        # a walk that showed stand-ins is walked again next frame (their pictures come in)
        art.walk = walk if art.pending == pending else None
    _, rings, blits, tops = walk
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(left, top, cam.view_w_px, cam.view_h_px))
    # Rings first: they show around each disc, and icons and health bars stay on top of them
    for colour, centre, radius, width in rings:
        pygame.draw.circle(surface, colour, centre, radius, width)
    surface.blits(blits, doreturn=False)
    surface.blits(tops, doreturn=False)  # words over every disc: neighbours hide only rims
    surface.set_clip(clip)


def _walk(cam: Camera, scene: Scene, art: TokenArt) -> tuple[list, list, list]:
    """The rings, discs and words a frame draws (the same until the tokens or camera change:
    a frame of hovering reuses them)."""
    z = cam.px_per_yd
    tokens = scene.visible_tokens()
    by_key = {t.key: t for t in tokens}
    carried = {t.mount_key for t in tokens if t.mount_key in by_key}
    ordered = sorted(tokens, key=lambda t: (t.mount_key in by_key, t.elevation_yd))
    left, top = cam.view_x_px, cam.view_y_px
    right, bottom = left + cam.view_w_px, top + cam.view_h_px
    blits = []
    tops = []
    rings = []
    for t in ordered:
        mount = by_key.get(t.mount_key) if t.mount_key else None
        role = RIDER if mount is not None else MOUNT if t.key in carried else ALONE
        cx, cy = placed(cam, t, mount)
        half = geometry(t.space, z, role, bool(t.afflictions)).side_px / 2
        if cx - half > right or cy - half > bottom or cx + half < left or cy + half < top:
            continue  # out of view: no picture made for it (zoomed in, most are)
        base, words = art.layers(t, z, role=role)
        half = base.get_width() / 2  # a stand-in's may differ a little
        if t.hidden and not scene.player_view:
            base, words = base.copy(), words.copy()
            base.set_alpha(130)  # the GM sees hidden creatures faded
            words.set_alpha(130)
        at = (round(cx - half), round(cy - half))
        blits.append((base, at))
        tops.append((words, at))
        centre = (round(cx), round(cy))
        r = disc_px(t.space, z, role) // 2 + 1  # the disc and its dark outline
        if t.key == scene.selected_key:
            rings.append((palette.SELECTED, centre, r + max(3, z // 10), max(3, z // 10)))
        elif t.key in scene.highlighted_keys:
            rings.append((palette.HIGHLIGHT, centre, r + max(3, z // 10), max(3, z // 10)))
        elif t.is_current and not scene.player_view:
            rings.append((palette.CURRENT_TURN, centre, r + max(2, z // 16), max(2, z // 16)))
    return rings, blits, tops


_HITS: list[tuple[tuple[object, ...], tuple[TokenView, ...], np.ndarray]] = []  # the last one


def token_under(cam: Camera, scene: Scene, x_px: float, y_px: float) -> TokenView | None:
    """The token drawn under a window pixel (a rider before its mount), or None."""
    key = (scene.tokens, scene.player_view, cam.px_per_yd, cam.origin_x_yd, cam.origin_y_yd,
           cam.view_x_px, cam.view_y_px)
    if _HITS and _HITS[0][0] == key:
        _, order, disc = _HITS[0]
    else:  # the discs in hit order, kept while the tokens and the camera stay (every hover)
        tokens = scene.visible_tokens()
        by_key = {t.key: t for t in tokens}
        carried = {t.mount_key for t in tokens if t.mount_key in by_key}
        order = tuple(sorted(tokens, key=lambda t: (t.mount_key in by_key, t.elevation_yd),
                             reverse=True))
        disc = np.empty((len(order), 3))
        for i, t in enumerate(order):
            mount = by_key.get(t.mount_key) if t.mount_key else None
            role = RIDER if mount is not None else MOUNT if t.key in carried else ALONE
            disc[i, :2] = placed(cam, t, mount)
            disc[i, 2] = disc_px(t.space, cam.px_per_yd, role) / 2
        _HITS[:] = [(key, order, disc)]
    if not order:
        return None
    hit = np.flatnonzero((x_px - disc[:, 0]) ** 2 + (y_px - disc[:, 1]) ** 2 <= disc[:, 2] ** 2)
    return order[int(hit[0])] if len(hit) else None


def draw_token_tooltip(
    surface: pygame.Surface, cam: Camera, scene: Scene, at: tuple[int, int]
) -> None:
    """The hovered token's name, health and afflictions in words, beside the cursor."""
    t = token_under(cam, scene, *at)
    if t is None:
        return
    lines = [t.name]
    if t.health > 0 and t.show_health:
        lines[0] += f"  {max(0, t.health - t.damage)}/{t.health}"
    lines += [a.replace("_", " ") for a in t.afflictions]
    f = palette.font(18)
    icon_px = 16
    rows = [f.render(text, True, palette.TEXT) for text in lines]
    w = max(r.get_width() for r in rows) + icon_px + 14
    h = sum(max(r.get_height(), icon_px) + 2 for r in rows) + 8
    x = min(at[0] + 16, cam.view_x_px + cam.view_w_px - w)
    y = min(at[1] + 16, cam.view_y_px + cam.view_h_px - h)
    box = pygame.Surface((w, h), pygame.SRCALPHA)
    box.fill((15, 15, 20, 225))
    yy = 4
    for i, row in enumerate(rows):
        if i:
            box.blit(icon(t.afflictions[i - 1], icon_px), (4, yy))
        box.blit(row, (icon_px + 10 if i else 4, yy + 1))
        yy += max(row.get_height(), icon_px) + 2
    surface.blit(box, (x, y))
