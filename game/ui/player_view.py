"""The player view: a second window for the table screen, battlefield and tokens only.

No hidden creatures, no previews, no panels. It follows the GM's camera (same centre, the
same yards across, scaled to its own size) unless the GM freezes it (Shift+P) or zooms it with
the wheel over it. It opens on the display the GM picked (remembered in $BATTLEMAT_HOME/
table.json) without taking the keyboard from the GM window. Its own events (resize, focus,
close, expose, keys, mouse) come here, never to the GM window (game/ui/window_events.py).
"""

from __future__ import annotations

import time
import warnings

import numpy as np
import pygame

from game.ui.camera import ZOOM_LEVELS_PX, Camera
from game.ui.fight import Fight
from game.ui.players_see import for_players
from game.ui.render.frame import RenderCaches, draw_frame
from game.ui.render.tokens import TokenArt
from game.ui.scene import Scene

CENTERED_ON_DISPLAY = 0x2FFF0000  # SDL_WINDOWPOS_CENTERED_DISPLAY(n) is this | n
PLAYER_OVERLAYS = frozenset({"grid", "elevation"})
FOCUS_GRACE_S = 1.5  # how long after opening a focus gained is SDL's, not the GM's click


def display_choices() -> list[str]:
    """One line per display for the GM to pick from ('1: 1920 x 1080')."""
    sizes = pygame.display.get_desktop_sizes() or [(0, 0)]
    return [f"{i + 1}: {w} x {h}" for i, (w, h) in enumerate(sizes)]


def usable_display(wanted: int) -> int:
    """The display to open on: the one wanted if it is still there, else the last one."""
    count = max(1, len(pygame.display.get_desktop_sizes()))
    return wanted if 0 <= wanted < count else count - 1


class PlayerView:
    """The table screen's window, drawn from the fight whenever it changed."""

    def __init__(
        self,
        fight: Fight,
        gm_camera: Camera,
        art: TokenArt,
        *,
        display: int = -1,
        size: tuple[int, int] = (1024, 640),
        gm_window: pygame.Window | None = None,
    ) -> None:
        self.gm_camera = gm_camera
        self.display = usable_display(display)
        pos = CENTERED_ON_DISPLAY | self.display
        self.window = pygame.Window("Battlemat: table", size, position=(pos, pos), resizable=True)
        # SDL gives a newly shown window the keyboard, sometimes only once it is mapped: a
        # focus this window gains in its first moments goes back to the GM window
        self.give_focus_back_to = gm_window
        self._opened_at = time.monotonic()
        self.focused = False
        self._give_focus_back()
        self.camera = Camera(*size)
        self.follow = True
        self.fullscreen = False
        self.needs_redraw = True
        self.caches = RenderCaches.for_battlefield(fight.battlefield, fight.opened.tmx, art)
        self.caches.board.live = True  # animated tiles; chunks rendered within a frame budget
        if len(pygame.display.get_desktop_sizes()) > 1 and self.display != 0:
            self.set_fullscreen(True)

    @property
    def id(self) -> int:
        """SDL's id of the window (events carry it as ``event.window.id``)."""
        return int(self.window.id)

    def handle(self, event: pygame.event.Event) -> str:
        """One event of this window; returns a status line for the GM ('' for none)."""
        if event.type in (pygame.WINDOWSIZECHANGED, pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN):
            self.needs_redraw = True
        elif event.type == pygame.WINDOWFOCUSGAINED:
            self.focused = True
            self._give_focus_back()
        elif event.type == pygame.WINDOWFOCUSLOST:
            self.focused = False
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.set_fullscreen(not self.fullscreen)
            return "Player view fullscreen" if self.fullscreen else "Player view in a window"
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.fullscreen:
            self.set_fullscreen(False)
            return "Player view in a window"
        elif event.type == pygame.MOUSEWHEEL:
            # Zooming the table screen itself: it stops following the GM's camera
            self.follow = False
            c = self.camera
            x, y = getattr(event, "pos", None) or (c.view_w_px / 2, c.view_h_px / 2)
            self.camera.zoom_about(x, y, 1 if event.y > 0 else -1)
            self.needs_redraw = True
            return "Player view zoomed on its own (Shift+P: follow your camera again)"
        return ""

    def _give_focus_back(self) -> None:
        gm = self.give_focus_back_to
        if gm is None or time.monotonic() - self._opened_at > FOCUS_GRACE_S:
            self.give_focus_back_to = None  # later the GM may click in here on purpose
            return
        with warnings.catch_warnings():  # input_only is deprecated, with no replacement yet
            warnings.simplefilter("ignore", DeprecationWarning)
            try:
                gm.focus(True)
            except pygame.error:  # a video driver without input focus (the dummy one)
                return
        if self.focused:
            self.give_focus_back_to = None  # given back once: later the GM may click in here
            self.focused = False

    def follow_gm(self) -> None:
        """Show what the GM's view shows: same centre, same yards across."""
        g = self.gm_camera
        cx, cy = g.px_to_yd(g.view_x_px + g.view_w_px / 2, g.view_y_px + g.view_h_px / 2)
        w, h = self.window.size
        self.camera.set_view(0, 0, w, h)
        want = g.px_per_yd * min(w / g.view_w_px, h / g.view_h_px)
        self.camera.set_zoom(max(ZOOM_LEVELS_PX[0], round(want)))
        self.camera.center_on(cx, cy)

    def draw(self, fight: Fight, foe_health: str = "exact", seen: np.ndarray | None = None) -> None:
        """Redraw the table screen: no hidden creature, no GM preview, the foes' health as the
        GM chose, the fog over what the players do not see (game/ui/players_see.py)."""
        if self.follow:
            self.follow_gm()
        else:
            self.camera.set_view(0, 0, *self.window.size)
        surf = self.window.get_surface()
        scene = Scene(
            fight.battlefield,
            for_players(fight.tokens(), foe_health, seen),
            overlays=PLAYER_OVERLAYS,
            player_view=True,
            formations=fight.formations() if seen is None else (),
            fog_seen=seen,
        )
        draw_frame(surf, self.camera, scene, self.caches)
        self.window.flip()
        self.needs_redraw = False

    def move_to(self, display: int) -> None:
        """Open on another display (fullscreen there when it is not the GM's own)."""
        self.display = usable_display(display)
        was_full = self.fullscreen
        self.set_fullscreen(False)
        pos = CENTERED_ON_DISPLAY | self.display
        self.window.position = (pos, pos)
        if was_full or self.display != 0:
            self.set_fullscreen(True)
        self.needs_redraw = True

    def set_fullscreen(self, on: bool) -> None:
        """Fullscreen on the display the window stands on (F11 there), or back to a window."""
        if on:
            self.window.set_fullscreen(True)  # desktop mode: the display's own size
        else:
            self.window.set_windowed()
        self.fullscreen = on
        self.needs_redraw = True

    def close(self) -> None:
        """Close the window (the fight is the GM window's: nothing is lost)."""
        self.window.destroy()
