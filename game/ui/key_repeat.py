"""Keys that repeat while held, as in any editor: Ctrl+Z / Ctrl+Y (undo, redo), the arrows
(pan) and + / - (zoom). Nothing else repeats: a held N must never end part after part.

SDL's own key repeat is left off: it would repeat every key, and pygame_gui's text entries
repeat held keys themselves. The window asks ``repeats`` each turn of its loop and handles
what it returns as the key pressed again.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

DELAY_S = 0.4  # held this long before the first repeat (a tap is one press)
INTERVAL_S = 0.06  # then a press this often

_CTRL_KEYS = {pygame.K_z, pygame.K_y}
_PLAIN_KEYS = {
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_PLUS,
    pygame.K_EQUALS,
    pygame.K_KP_PLUS,
    pygame.K_MINUS,
    pygame.K_KP_MINUS,
}


def repeatable(event: pygame.event.Event) -> bool:
    """Whether holding this key press repeats it."""
    ctrl = bool(event.mod & pygame.KMOD_CTRL)
    return (ctrl and event.key in _CTRL_KEYS) or (not ctrl and event.key in _PLAIN_KEYS)


class HeldKey:
    """The one repeatable key being held, if any, and when it next repeats."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._event: pygame.event.Event | None = None
        self._next = 0.0

    @property
    def active(self) -> bool:
        """A repeatable key is held: the window must keep looking (it repeats without input)."""
        return self._event is not None

    def track(self, event: pygame.event.Event) -> None:
        """Follow the keyboard: a repeatable press starts the wait, anything else stops it
        (another key, a key let go, the window losing the keyboard)."""
        if getattr(event, "repeat", False):
            return  # our own repeat coming back through the window's handling
        if event.type == pygame.KEYDOWN:
            self._event = event if repeatable(event) else None
            self._next = self.clock() + DELAY_S
        elif event.type in (pygame.KEYUP, pygame.WINDOWFOCUSLOST):
            self._event = None

    def repeats(self) -> list[pygame.event.Event]:
        """The presses due by now (at most one a turn: a slow frame does not burst)."""
        now = self.clock()
        if self._event is None or now < self._next:
            return []
        self._next = max(self._next + INTERVAL_S, now)
        return [pygame.event.Event(pygame.KEYDOWN, {**self._event.dict, "repeat": True})]
