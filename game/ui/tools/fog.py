"""Fog tool: the GM drags rectangles on the map to reveal squares to the players (shift-drag
hides them again); right click or Escape ends painting, the fog stays as painted."""

from __future__ import annotations

from typing import Any

from game.rules.battlefield import Square
from game.ui.context import ToolContext
from game.ui.players_see import Fog
from game.ui.tools.base import Result, Tool


class FogTool(Tool):
    """Painting the table screen's fog (a view setting: the encounter is not changed)."""

    name = "fog"

    def __init__(self, fog: Fog) -> None:
        self.fog = fog
        self.start: Square | None = None
        self.end: Square | None = None
        self.hiding = False

    def press(self, square: Square, ctx: ToolContext) -> Result | None:
        self.start = self.end = square
        self.hiding = ctx.shift
        return None

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
        if self.start is not None:
            self.end = square
        return None

    def release(self, square: Square, ctx: ToolContext) -> Result | None:
        if self.start is None:
            return None
        (x0, y0), (x1, y1) = self.start[:2], square[:2]
        self.fog.paint((min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)), not self.hiding)
        self.start = self.end = None
        n = int(self.fog.revealed.sum())
        return Result(status=f"Fog: {n} squares revealed to the players (shift-drag hides)")

    def preview(self) -> dict[str, Any]:
        if self.start is None or self.end is None:
            return {}
        what = "back into the fog" if self.hiding else "reveal"
        return {"measure": (self.start, self.end, what)}
