"""Fog tool: the GM drags rectangles on the map to reveal squares to the players (shift-drag
hides them again); right click or Escape ends painting, the fog stays as painted."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.rules.battlefield import Square
from game.ui.context import ToolContext
from game.ui.players_see import Fog
from game.ui.tools.base import RectDragTool, Result


class FogTool(RectDragTool):
    """Painting the table screen's fog (a view setting: the encounter is not changed)."""

    name = "fog"

    def __init__(self, fog: Fog, changed: Callable[[], str] = lambda: "") -> None:
        self.fog = fog
        self.changed = changed  # journals the fog; returns why it could not ('' when it did)
        self.hiding = False

    def press(self, square: Square, ctx: ToolContext) -> Result | None:
        self.hiding = ctx.shift
        return super().press(square, ctx)

    def release(self, square: Square, ctx: ToolContext) -> Result | None:
        rect = self.take_rect(square)
        if rect is None:
            return None
        self.fog.paint(rect, not self.hiding)
        failed = self.changed()
        n = int(self.fog.revealed.sum())
        status = f"Fog: {n} squares revealed to the players (shift-drag hides)"
        return Result(status=status + (f" (not saved: {failed})" if failed else ""))

    def preview(self) -> dict[str, Any]:
        if self.start is None or self.end is None:
            return {}
        what = "back into the fog" if self.hiding else "reveal"
        return {"measure": (self.start, self.end, what)}
