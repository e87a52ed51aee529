"""What the players see on the table screen: never hidden creatures or the GM's previews; the
foes' health as the GM chooses for the encounter (exact, a wound level, or nothing); and a fog
of war the GM controls (squares revealed by dragging, or what the players' creatures can see).

No pygame here: plain values for the scene (game/ui/scene.py), drawn by game/ui/render/fog.py.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from game.io.journal import FOG_MODES as JOURNAL_FOG_MODES
from game.rules.battlefield import Battlefield
from game.rules.engine import EncounterState
from game.rules.geometry.sight import SightIndex
from game.ui.scene import TokenView

FOE_HEALTH_MODES = ("exact", "wounds", "none")
FOG_MODES = JOURNAL_FOG_MODES  # the journal keeps the fog (its ``fog`` lines)
EYE_YD = 1.5  # a creature's eyes above its feet (the sight lines of the fog, not a rule)
BADLY_HURT = 0.5  # half its health lost or more: "badly hurt" (SotDL's injured is half too)


def wound_level(damage: int, health: int) -> tuple[str, float]:
    """The words for a foe's wounds, and the share of its bar drawn ('hurt' is a third).

    >>> [wound_level(d, 10)[0] for d in (0, 3, 7, 10)]
    ['unhurt', 'hurt', 'badly hurt', 'down']
    """
    if health <= 0 or damage <= 0:
        return "unhurt", 0.0
    lost = damage / health
    if lost >= 1.0:
        return "down", 1.0
    return ("badly hurt", 2 / 3) if lost >= BADLY_HURT else ("hurt", 1 / 3)


def for_players(
    tokens: tuple[TokenView, ...], foe_health: str, seen: np.ndarray | None = None
) -> tuple[TokenView, ...]:
    """The tokens the table screen draws: no hidden creature, none in the fog (``seen``: a
    (h, w) mask of squares the players see, None for all), foes' damage as the GM chose."""
    out = []
    for t in tokens:
        if t.hidden:
            continue
        if seen is not None and not _in_sight(t, seen):
            continue
        if t.controller != "players" and foe_health != "exact":
            if foe_health == "none":
                t = replace(t, damage=0, show_health=False)
            else:
                _, bar = wound_level(t.damage, t.health)
                t = replace(t, damage=round(bar * t.health))
        out.append(t)
    return tuple(out)


def _in_sight(t: TokenView, seen: np.ndarray) -> bool:
    x, y = t.square
    h, w = seen.shape
    return bool(seen[max(0, y) : min(h, y + t.space), max(0, x) : min(w, x + t.space)].any())


def sight_mask(bf: Battlefield, state: EncounterState, index: SightIndex) -> np.ndarray:
    """Squares some creature of the players' sides has a clear line to (eye to the square's
    centre, half a yard above its ground): the engine's sight geometry, walls and heights. A
    square an obstacle stands in is seen when the line reaches that obstacle's face in it."""
    seen = np.zeros((bf.height, bf.width), dtype=bool)
    ys, xs = np.mgrid[0 : bf.height, 0 : bf.width]
    ground = np.array(
        [[bf.elevation_at((x, y)) for x in range(bf.width)] for y in range(bf.height)], float
    )
    ends = np.stack([xs.ravel() + 0.5, ys.ravel() + 0.5, ground.ravel() + 0.5], axis=1)
    occupied = np.zeros((bf.height, bf.width), dtype=bool)
    for x, y in index.occupancy:
        if 0 <= x < bf.width and 0 <= y < bf.height:
            occupied[y, x] = True
    for c in state.creatures.values():
        if not c.in_fight:
            continue
        try:
            if state.controller(c.id) != "players":
                continue
        except KeyError:
            continue
        sx, sy = c.body.square
        half = c.body.space / 2
        eye = (sx + half, sy + half, c.body.elevation_yd + EYE_YD)
        starts = np.repeat(np.array([eye], float), len(ends), axis=0)
        hit = index.first_blocker(starts, ends)
        blocked = hit.row >= 0
        if occupied.any():
            # A square an obstacle stands in (a pillar, a wall) is seen when the line reaches
            # its own face: it stops inside that square, not before it
            at = starts + hit.t[:, None] * (ends - starts)
            inside = (
                (at[:, 0] >= xs.ravel() - 1e-6)
                & (at[:, 0] <= xs.ravel() + 1 + 1e-6)
                & (at[:, 1] >= ys.ravel() - 1e-6)
                & (at[:, 1] <= ys.ravel() + 1 + 1e-6)
            )
            blocked &= ~(inside & occupied.ravel())
        seen |= ~blocked.reshape(bf.height, bf.width)
        seen[sy : sy + c.body.space, sx : sx + c.body.space] = True
    return seen


class Fog:
    """The table screen's fog of war: off, the GM's revealed squares, or the players' sight."""

    def __init__(self, bf: Battlefield) -> None:
        self.bf = bf
        self.mode = "off"
        self.revealed = np.zeros((bf.height, bf.width), dtype=bool)
        self._index: SightIndex | None = None
        self._sight: tuple[int, np.ndarray] | None = None

    def entry(self) -> dict[str, Any]:
        """The fog as a journal line (game/io/journal.py's ``fog``): its mode and the revealed
        squares as runs [y, x0, x1] along each row."""
        runs = []
        for y, row in enumerate(self.revealed):
            xs = np.flatnonzero(np.diff(np.concatenate(([0], row.astype(np.int8), [0]))))
            runs += [[y, int(a), int(b) - 1] for a, b in zip(xs[::2], xs[1::2], strict=True)]
        return {"op": "fog", "mode": self.mode, "revealed": runs}

    def restore(self, entry: dict[str, Any]) -> None:
        """The fog a journal line saved (runs off this battlefield are left out)."""
        self.mode = str(entry.get("mode", "off"))
        self.revealed[:] = False
        h, w = self.revealed.shape
        for y, x0, x1 in entry.get("revealed", ()):
            if y < h:
                self.revealed[y, min(x0, w) : min(x1 + 1, w)] = True

    @property
    def kept(self) -> bool:
        """Whether there is anything to remember (a fog on, or squares painted)."""
        return self.mode != "off" or bool(self.revealed.any())

    def paint(self, rect: tuple[int, int, int, int], reveal: bool) -> None:
        """Reveal (or hide again) a rectangle of squares [x0, y0, x1, y1], corners included."""
        x0, y0, x1, y1 = rect
        self.revealed[max(0, y0) : y1 + 1, max(0, x0) : x1 + 1] = reveal

    def follow(self, bf: Battlefield) -> None:
        """The fight's battlefield now (the map was edited in Tiled and reloaded): sight is
        worked out on it, the painted squares that are still on the map stay painted."""
        if bf is self.bf:
            return
        old, self.bf = self.revealed, bf
        self.revealed = np.zeros((bf.height, bf.width), dtype=bool)
        h, w = min(old.shape[0], bf.height), min(old.shape[1], bf.width)
        self.revealed[:h, :w] = old[:h, :w]
        self._index = None
        self._sight = None

    def seen(self, state: EncounterState | None, version: int) -> np.ndarray | None:
        """Squares the players see now (None: no fog, they see everything)."""
        if state is not None:
            self.follow(state.battlefield)
        if self.mode == "manual":
            return self.revealed
        if self.mode == "sight" and state is not None:
            if self._sight is None or self._sight[0] != version:
                if self._index is None:
                    self._index = SightIndex.build(self.bf)
                self._sight = (version, sight_mask(self.bf, state, self._index))
            return self._sight[1]
        return None
