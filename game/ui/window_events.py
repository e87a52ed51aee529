"""Which window an event came from (pygame-ce 2.5: ``event.window``, a ``pygame.Window``).

SDL gives every window event, key, mouse and touch event the id of its window, and pygame-ce
puts the window itself on the event. The old display-module events (VIDEORESIZE, VIDEOEXPOSE,
ACTIVEEVENT) say nothing of the window: a player view's fullscreen sends a VIDEORESIZE with its
own size, which the GM window took as its own. They are dropped; their WINDOW* twins
(WINDOWSIZECHANGED, WINDOWEXPOSED, WINDOWFOCUSGAINED/LOST) carry the window.
"""

from __future__ import annotations

import warnings

import pygame

#: Events with no window: ignored, their WINDOW* twin says which window it was
WINDOWLESS = frozenset({pygame.VIDEORESIZE, pygame.VIDEOEXPOSE, pygame.ACTIVEEVENT})


def window_id(event: pygame.event.Event) -> int | None:
    """The SDL id of the window the event came from, or None (posted events, pygame_gui's)."""
    w = getattr(event, "window", None)
    wid = getattr(w, "id", None)
    return int(wid) if wid is not None else None


def display_window() -> pygame.Window:
    """The window pygame.display.set_mode opened (the GM window) as a ``pygame.Window``."""
    with warnings.catch_warnings():  # from_display_module warns about surface rendering,
        warnings.simplefilter("ignore", DeprecationWarning)  # which we do not use it for
        return pygame.Window.from_display_module()
