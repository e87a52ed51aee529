"""The player view: a second window for the table screen, battlefield and tokens only.

No hidden creatures, no previews, no panels. It follows the GM's camera (same centre, the
same yards across, scaled to its own size) unless the GM freezes it (Shift+P), and opens on
the display the GM picks (BATTLEMAT_PLAYER_DISPLAY, or the last display; Ctrl+P moves it to
the next one), fullscreen when it has a display of its own.
"""

from __future__ import annotations

import os

import pygame

from game.ui.camera import ZOOM_LEVELS_PX, Camera
from game.ui.fight import Fight
from game.ui.render.frame import RenderCaches, draw_frame
from game.ui.render.tokens import TokenArt
from game.ui.scene import Scene

CENTERED_ON_DISPLAY = 0x2FFF0000  # SDL_WINDOWPOS_CENTERED_DISPLAY(n) is this | n
PLAYER_OVERLAYS = frozenset({"grid", "elevation"})


def chosen_display() -> int:
    """The display for the table screen: the env var, else the last one."""
    count = max(1, pygame.display.get_num_displays())
    raw = os.environ.get("BATTLEMAT_PLAYER_DISPLAY", "")
    if raw.isdigit():
        return min(int(raw), count - 1)
    return count - 1


class PlayerView:
    """The table screen's window, drawn from the fight every GM frame."""

    def __init__(
        self,
        fight: Fight,
        gm_camera: Camera,
        art: TokenArt,
        *,
        display: int | None = None,
        size: tuple[int, int] = (1024, 640),
    ) -> None:
        self.gm_camera = gm_camera
        self.display = chosen_display() if display is None else display
        pos = CENTERED_ON_DISPLAY | self.display
        self.window = pygame.Window("Battlemat: table", size, position=(pos, pos), resizable=True)
        self.camera = Camera(*size)
        self.follow = True
        self.caches = RenderCaches.for_battlefield(fight.battlefield, fight.opened.tmx, art)
        self.caches.board.live = True  # animated tiles; chunks rendered within a frame budget
        if pygame.display.get_num_displays() > 1 and self.display != 0:
            self.window.set_fullscreen(True)

    def owns(self, event: pygame.event.Event) -> bool:
        """True if an event belongs to this window."""
        return getattr(event, "window", None) is self.window

    def follow_gm(self) -> None:
        """Show what the GM's view shows: same centre, same yards across."""
        g = self.gm_camera
        cx, cy = g.px_to_yd(g.view_x_px + g.view_w_px / 2, g.view_y_px + g.view_h_px / 2)
        w, h = self.window.size
        self.camera.set_view(0, 0, w, h)
        want = g.px_per_yd * min(w / g.view_w_px, h / g.view_h_px)
        self.camera.set_zoom(max(ZOOM_LEVELS_PX[0], round(want)))
        self.camera.center_on(cx, cy)

    def draw(self, fight: Fight) -> None:
        """Redraw the table screen (hidden creatures and GM previews never appear)."""
        if self.follow:
            self.follow_gm()
        else:
            self.camera.set_view(0, 0, *self.window.size)
        surf = self.window.get_surface()
        scene = Scene(
            fight.battlefield,
            fight.tokens(),
            overlays=PLAYER_OVERLAYS,
            player_view=True,
            formations=fight.formations(),
        )
        draw_frame(surf, self.camera, scene, self.caches)
        self.window.flip()

    def next_display(self) -> None:
        """Move to the next display, fullscreen there."""
        count = max(1, pygame.display.get_num_displays())
        self.display = (self.display + 1) % count
        self.window.set_windowed()
        pos = CENTERED_ON_DISPLAY | self.display
        self.window.position = (pos, pos)
        self.window.set_fullscreen(True)

    def toggle_fullscreen(self) -> None:
        """F11 in the table window."""
        self._full = not getattr(self, "_full", False)
        if self._full:
            self.window.set_fullscreen(True)
        else:
            self.window.set_windowed()

    def close(self) -> None:
        """Close the window."""
        self.window.destroy()
