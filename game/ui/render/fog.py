"""The fog of war drawn over the board: opaque on the table screen, a tint in the GM window."""

from __future__ import annotations

import numpy as np
import pygame

from game.ui.camera import Camera
from game.ui.render import palette
from game.ui.scene import Scene


def draw_fog(surface: pygame.Surface, cam: Camera, scene: Scene) -> None:
    """Cover the squares the players do not see (``scene.fog_seen``), those in view only."""
    seen = scene.fog_seen
    if seen is None:
        return
    h, w = seen.shape
    x0, y0, x1, y1 = cam.visible_squares(w, h)
    if x1 <= x0 or y1 <= y0:
        return
    hidden = ~seen[y0:y1, x0:x1]
    if not hidden.any():
        return
    colour = palette.FOG_TABLE if scene.player_view else palette.FOG_GM
    rgba = np.zeros((x1 - x0, y1 - y0, 4), dtype=np.uint8)  # pygame's arrays are (x, y)
    rgba[hidden.T] = colour
    small = pygame.image.frombuffer(
        np.ascontiguousarray(rgba.transpose(1, 0, 2)).tobytes(), (x1 - x0, y1 - y0), "RGBA"
    )
    px = cam.px_per_yd
    big = pygame.transform.scale(small, ((x1 - x0) * px, (y1 - y0) * px))
    left, top = cam.yd_to_px(x0, y0)
    surface.blit(big, (round(left), round(top)))
