"""Touch on the map (a table-mounted screen): SDL's FINGER* events read as gestures.

One finger on empty map pans; on a token, dragging moves it as the mouse does; a tap is a
click; a long press (held still) is the right click (cancel, close). Two fingers pinch-zoom
about their midpoint and pan with it. SDL also turns touches into mouse events (``event.touch``
is True on them): the window lets those reach the panels' widgets only, so nothing acts twice.
MULTIGESTURE events are not used: the two fingers' own events give the same pinch, and reading
both would zoom twice.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

Pos = tuple[int, int]
SLOP_PX = 12  # a finger that moved less than this is still a tap (fingers wobble)
LONG_PRESS_S = 0.6  # held still this long: the right click
PINCH_STEP = 1.25  # the fingers' spread grew (or shrank) by this much: one zoom notch


@dataclass
class Gesture:
    """What the window should do for a touch, in window pixels."""

    kind: str  # "pan", "zoom", "press", "motion", "release", "right"
    pos: Pos = (0, 0)
    dx: float = 0.0
    dy: float = 0.0
    notches: int = 0


@dataclass
class _Finger:
    start: Pos
    at: Pos
    t0: float


class Touch:
    """Fingers on the map and what they add up to; ``token_at(pos)`` says if a token is there."""

    def __init__(self, token_at: Callable[[Pos], bool]) -> None:
        self.token_at = token_at
        self.fingers: dict[int, _Finger] = {}
        self.mode = ""  # "", "pan", "drag", "pinch"
        self._spread = 0.0

    def down(self, finger: int, pos: Pos, t: float) -> list[Gesture]:
        """A finger touched the map."""
        self.fingers[finger] = _Finger(pos, pos, t)
        if len(self.fingers) == 2 and self.mode != "drag":
            self.mode = "pinch"
            self._spread = self._distance()
        return []

    def move(self, finger: int, pos: Pos) -> list[Gesture]:
        """A finger moved."""
        f = self.fingers.get(finger)
        if f is None:
            return []
        before_mid = self._midpoint()
        last, f.at = f.at, pos
        if self.mode == "pinch":
            return self._pinch(before_mid)
        if not self.mode:
            if math.dist(f.start, pos) < SLOP_PX:
                return []
            if self.token_at(f.start):
                self.mode = "drag"
                return [Gesture("press", f.start), Gesture("motion", pos)]
            self.mode = "pan"
            last = f.start
        if self.mode == "drag":
            return [Gesture("motion", pos)]
        return [Gesture("pan", pos, pos[0] - last[0], pos[1] - last[1])]

    def up(self, finger: int, pos: Pos, t: float) -> list[Gesture]:
        """A finger left the screen."""
        f = self.fingers.pop(finger, None)
        if f is None:
            return []
        out: list[Gesture] = []
        if self.mode == "drag":
            out = [Gesture("release", pos)]
        elif not self.mode:
            if t - f.t0 >= LONG_PRESS_S:
                out = [Gesture("right", f.start)]
            else:
                out = [Gesture("press", f.start), Gesture("release", f.start)]
        if not self.fingers:
            self.mode = ""
        elif self.mode == "pinch":
            self.mode = "done"  # the other finger's lifting ends it: no tap, no pan
        return out

    def _distance(self) -> float:
        a, b = list(self.fingers.values())[:2]
        return max(1.0, math.dist(a.at, b.at))

    def _midpoint(self) -> tuple[float, float]:
        pts = [f.at for f in self.fingers.values()][:2]
        return (sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts))

    def _pinch(self, before_mid: tuple[float, float]) -> list[Gesture]:
        if len(self.fingers) < 2:
            return []
        mid = self._midpoint()
        centre = (round(mid[0]), round(mid[1]))
        out = [Gesture("pan", centre, mid[0] - before_mid[0], mid[1] - before_mid[1])]
        ratio = self._distance() / self._spread
        if ratio >= PINCH_STEP or ratio <= 1 / PINCH_STEP:
            notches = 1 if ratio > 1 else -1
            out.append(Gesture("zoom", centre, notches=notches))
            self._spread = self._distance()
        return out
