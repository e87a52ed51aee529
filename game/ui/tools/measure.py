"""Measure tool: press, drag, read the distance in yards by the ruleset's diagonal rule."""

from __future__ import annotations

from typing import Any

from game.rules.battlefield import Square
from game.ui.context import ToolContext
from game.ui.tools.base import Result, Tool


class MeasureTool(Tool):
    """A ruler between two squares (elevation counted), until right click or Escape."""

    name = "measure"

    def __init__(self) -> None:
        self.start: Square | None = None
        self.end: Square | None = None
        self.label = ""
        self.dragging = False

    def press(self, square: Square, ctx: ToolContext) -> Result | None:
        self.start, self.end, self.dragging = square, square, True
        self.label = ctx.fight.measure(square, square)
        return None

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
        if self.dragging and self.start is not None:
            self.end = square
            self.label = ctx.fight.measure(self.start, square)
        return None

    def release(self, square: Square, ctx: ToolContext) -> Result | None:
        self.dragging = False
        return Result(status=self.label) if self.label else None

    def preview(self) -> dict[str, Any]:
        if self.start is None or self.end is None:
            return {}
        return {"measure": (self.start, self.end, self.label)}
