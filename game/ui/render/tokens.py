"""Creature tokens: art or a disc with initials, sized by Size, ringed by side, hurt and afflicted.

A token's picture depends on few values, so each is drawn once per zoom level and state and
cached; a frame of 100 tokens is then 100 blits.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.camera import Camera
from game.ui.render import palette
from game.ui.scene import Scene, TokenView

#: One letter a badge, for the afflictions the SotDL chapter names (anything else: first letter).
BADGES = {
    "prone": "P",
    "grabbed": "G",
    "immobilized": "Im",
    "surprised": "S",
    "dazed": "Dz",
    "stunned": "St",
    "unconscious": "U",
    "defended": "Df",
    "hidden": "H",
    "concentrating": "C",
    "injured": "In",
    "incapacitated": "X",
    "dying": "†",
    "dead": "†",
    "burning": "F",
    "in_acid": "Ac",
    "acid": "Ac",
    "felled": "X",
    "wavering": "Wv",
    "retreating": "R",
    "retreat_failed": "R!",
    "lit": "L",
    "invisible": "Iv",
    "fleeing": "Fl",
    "surrendered": "Su",
    "frightened": "Fr",
    "blinded": "B",
    "deafened": "De",
}
BADGE_COLOURS = {
    "dying": (120, 0, 0),
    "dead": (40, 40, 40),
    "incapacitated": (150, 0, 0),
    "burning": (230, 110, 0),
    "in_acid": (90, 160, 20),
    "acid": (90, 160, 20),
    "felled": (40, 40, 40),
    "prone": (130, 90, 30),
    "hidden": (70, 70, 110),
}


class TokenArt:
    """Token pictures by creature state and zoom, with art loaded from config/tokens.yaml."""

    def __init__(
        self,
        images: dict[str, str] | None = None,
        side_colours: dict[str, tuple[int, int, int]] | None = None,
    ) -> None:
        self.images = images or {}
        self.side_colours = side_colours or {}
        self._art: dict[str, pygame.Surface | None] = {}
        self._cache: dict[tuple, pygame.Surface] = {}

    def _load_art(self, path: str) -> pygame.Surface | None:
        if path not in self._art:
            try:
                self._art[path] = pygame.image.load(path) if Path(path).is_file() else None
            except (pygame.error, OSError):
                self._art[path] = None  # a missing picture falls back to the disc
        return self._art[path]

    def surface(self, t: TokenView, z: int, *, rider: bool = False) -> pygame.Surface:
        """The token picture (square, side = footprint in pixels) for this state and zoom."""
        key = (
            t.name,
            t.space,
            t.side,
            t.controller,
            t.damage,
            t.health,
            t.afflictions,
            t.image,
            t.acted,
            z,
            rider,
            t.elevation_yd,
        )
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 4000:
                self._cache.clear()
            surf = self._draw(t, z, rider)
            self._cache[key] = surf
        return surf

    def _draw(self, t: TokenView, z: int, rider: bool) -> pygame.Surface:
        side_px = max(6, int(t.space * z * (0.62 if rider else 1.0)))
        surf = pygame.Surface((side_px, side_px), pygame.SRCALPHA)
        c = side_px // 2
        r = max(3, int(side_px * 0.44))
        ring = palette.side_colour(t.controller, t.side, self.side_colours)
        ring_w = max(2, side_px // 12)
        art_path = self.images.get(t.image, t.image) if t.image else ""
        art = self._load_art(art_path) if art_path else None
        if art is not None:
            pic = pygame.transform.smoothscale(
                art.convert_alpha() if pygame.display.get_surface() else art, (2 * r, 2 * r)
            )
            mask = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
            pygame.draw.circle(mask, (255, 255, 255, 255), (r, r), r)
            pic.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            surf.blit(pic, (c - r, c - r))
        else:
            fill = tuple(int(v * 0.35 + 235 * 0.65) for v in ring)
            if t.acted:
                fill = tuple(int(v * 0.75) for v in fill)
            pygame.draw.circle(surf, (*fill, 255), (c, c), r)
            label = palette.font(max(8, int(r * 0.95))).render(t.initials, True, (20, 20, 20))
            surf.blit(label, (c - label.get_width() // 2, c - label.get_height() // 2))
        pygame.draw.circle(surf, (0, 0, 0, 200), (c, c), r + 1, 1)
        pygame.draw.circle(surf, ring, (c, c), r, ring_w)
        if t.health > 0 and t.damage > 0 and side_px >= 12:
            self._damage_bar(surf, t, side_px)
        if t.afflictions and side_px >= 14:
            self._badges(surf, t, side_px)
        if t.elevation_yd and side_px >= 20:
            label = palette.text_surface(
                f"{t.elevation_yd:+g}y", max(9, side_px // 4), (200, 240, 255)
            )
            surf.blit(label, (0, 0))
        return surf

    def _damage_bar(self, surf: pygame.Surface, t: TokenView, side_px: int) -> None:
        h = max(3, side_px // 10)
        w = side_px - 4
        y = side_px - h - 1
        frac = max(0.0, min(1.0, t.damage / t.health))
        pygame.draw.rect(surf, (30, 30, 30), (2, y, w, h))
        pygame.draw.rect(surf, (70, 200, 80), (2, y, w, h))
        pygame.draw.rect(surf, (220, 30, 30), (2 + w - int(w * frac), y, int(w * frac), h))
        pygame.draw.rect(surf, (0, 0, 0), (2, y, w, h), 1)

    def _badges(self, surf: pygame.Surface, t: TokenView, side_px: int) -> None:
        r = max(5, side_px // 6)
        x = side_px - r - 1
        y = r + 1
        f = palette.font(max(8, int(r * 1.5)))
        for name in t.afflictions[:3]:
            colour = BADGE_COLOURS.get(name, (90, 40, 140))
            pygame.draw.circle(surf, colour, (x, y), r)
            pygame.draw.circle(surf, (255, 255, 255), (x, y), r, 1)
            letter = BADGES.get(name, name[:1].upper())
            img = f.render(letter, True, (255, 255, 255))
            surf.blit(img, (x - img.get_width() // 2, y - img.get_height() // 2))
            y += 2 * r + 1


def draw_tokens(surface: pygame.Surface, cam: Camera, scene: Scene, art: TokenArt) -> None:
    """Every visible token, mounts before their riders, with selection and highlight rings."""
    z = cam.px_per_yd
    tokens = scene.visible_tokens()
    by_key = {t.key: t for t in tokens}
    ordered = sorted(tokens, key=lambda t: (bool(t.mount_key), t.elevation_yd))
    blits = []
    rings = []
    for t in ordered:
        mount = by_key.get(t.mount_key) if t.mount_key else None
        rider = mount is not None
        surf = art.surface(t, z, rider=rider)
        if mount is not None:
            # A rider sits on the upper-left of its mount's footprint, smaller, over the mount
            mx, my, mw, _ = cam.square_rect_px(mount.square, mount.space)
            pos = (mx + mw * 0.05, my + mw * 0.05)
        else:
            x, y, w, _ = cam.square_rect_px(t.square, t.space)
            pos = (x, y)
        if pos[0] > cam.view_x_px + cam.view_w_px or pos[1] > cam.view_y_px + cam.view_h_px:
            continue
        if pos[0] + surf.get_width() < cam.view_x_px or pos[1] + surf.get_height() < cam.view_y_px:
            continue
        if t.hidden and not scene.player_view:
            surf = surf.copy()
            surf.set_alpha(130)  # the GM sees hidden creatures faded
        blits.append((surf, (round(pos[0]), round(pos[1]))))
        centre = (round(pos[0] + surf.get_width() / 2), round(pos[1] + surf.get_height() / 2))
        radius = int(surf.get_width() * 0.5) + max(1, z // 16)  # just outside the disc
        if t.key == scene.selected_key:
            rings.append((palette.SELECTED, centre, radius, max(3, z // 10)))
        elif t.key in scene.highlighted_keys:
            rings.append((palette.HIGHLIGHT, centre, radius, max(3, z // 10)))
        elif t.is_current and not scene.player_view:
            rings.append((palette.CURRENT_TURN, centre, radius, max(2, z // 16)))
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(cam.view_x_px, cam.view_y_px, cam.view_w_px, cam.view_h_px))
    # Rings first: they show around each disc, and badges and damage bars stay on top of them
    for colour, centre, radius, width in rings:
        pygame.draw.circle(surface, colour, centre, radius, width)
    surface.blits(blits, doreturn=False)
    surface.set_clip(clip)
