"""Pick tools for commands the window plays with a pick rather than a creature's own act: a
square (teleport; where a rider dismounts) and a rectangle of squares (the light, or the
creatures in it: a formation's members). Nothing here knows a command: the field to fill is
given by game/ui/command_kinds.py.
"""

from __future__ import annotations

from typing import Any

from game.rules.battlefield import Square
from game.ui.command_kinds import make, required_fields
from game.ui.context import FightView, ToolContext
from game.ui.tools.base import RectDragTool, Result, Tool, token_at


def creatures_in(fight: FightView, area: tuple[int, int, int, int]) -> tuple[str, ...]:
    """The creatures in the fight standing in a rectangle of squares (corners included)."""
    if fight.engine is None:
        return ()
    x0, y0, x1, y1 = area
    return tuple(
        c.id
        for c in fight.engine.state.creatures.values()
        if c.in_fight and x0 <= c.square[0] <= x1 and y0 <= c.square[1] <= y1
    )


class SquareTool(Tool):
    """Pick one square for a command's ``square`` (teleport, dismount: hover says legal or why);
    an optional one (where a rider lands) is left to the engine by clicking the actor itself;
    right click or Escape cancels."""

    name = "square"

    def __init__(self, actor: str, action: str, cmd_type: type, field: str = "square") -> None:
        self.actor, self.action, self.cmd_type, self.field = actor, action, cmd_type, field
        self.hovered: Square | None = None

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
        if square == self.hovered:
            return None
        self.hovered = square
        cmd = self._command(square, ctx)
        vs = ctx.fight.validate(cmd)
        where = "left to the rules" if getattr(cmd, self.field) is None else str(square)
        what = self.action.replace("_", " ")
        return Result(status=f"{what}: {where} - " + (vs[0].reason if vs else "legal"))

    def press(self, square: Square, ctx: ToolContext) -> Result | None:
        cmd = self._command(square, ctx)
        vs = ctx.fight.validate(cmd)
        if vs:
            return Result(status="Not legal: " + vs[0].reason)
        return Result(command=cmd, pop=True)

    def _command(self, square: Square, ctx: ToolContext) -> Any:
        """The command for a square; on the actor itself an optional square is not given."""
        if self.field not in required_fields(self.cmd_type) and token_at(ctx, square) == self.actor:
            return make(self.cmd_type, self.actor)
        return make(self.cmd_type, self.actor, **{self.field: square})

    def preview(self) -> dict[str, Any]:
        if self.hovered is None:
            return {}
        return {"measure": (self.hovered, self.hovered, "")}


class AreaTool(RectDragTool):
    """Drag a rectangle of squares for a command's ``area`` ([x0, y0, x1, y1], corners included),
    with the values typed before (the light level); right click or Escape cancels."""

    name = "area"

    def __init__(
        self, action: str, cmd_type: type, values: dict[str, Any], field: str = "area"
    ) -> None:
        self.action, self.cmd_type, self.values = action, cmd_type, values
        self.field = field  # "area": the rectangle; a member field: the creatures inside it

    def release(self, square: Square, ctx: ToolContext) -> Result | None:
        area = self.take_rect(square)
        if area is None:
            return None
        value: Any = area
        if self.field != "area":
            value = creatures_in(ctx.fight, area)
            if not value:
                return Result(status="No creature in that rectangle: drag over the members")
        cmd = self.cmd_type(**{self.field: value}, **self.values)
        vs = ctx.fight.validate(cmd)
        if vs:
            return Result(status="Not legal: " + vs[0].reason)
        return Result(command=cmd, pop=True)

    def preview(self) -> dict[str, Any]:
        if self.start is None or self.end is None:
            return {}
        w = abs(self.end[0] - self.start[0]) + 1
        h = abs(self.end[1] - self.start[1]) + 1
        return {"measure": (self.start, self.end, f"{w} x {h} squares")}
