"""Set-up tools: place creatures from the bestiary, move them anywhere (not a combat move), put a
rider on its mount."""

from __future__ import annotations

from typing import Any

from game.rules.battlefield import Square
from game.rules.definitions import CreatureDef
from game.rules.engine.setup import AddCreatures, PlaceCreature, SetMount
from game.ui.context import ToolContext
from game.ui.tools.base import Result, Tool, token_at


class PlaceTool(Tool):
    """The bestiary's creature follows the mouse: a click (or a drag from the list ending) on
    the map puts ``count`` of them there, the nearest free squares first; it stays armed for
    more until right click or Escape."""

    name = "place"

    def __init__(self, definition: CreatureDef, side: str, count: int = 1) -> None:
        self.definition = definition
        self.side = side
        self.count = count
        self.square: Square | None = None

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
        self.square = square
        return None

    def release(self, square: Square, ctx: ToolContext) -> Result | None:
        cmd = AddCreatures(self.definition, self.side, (int(square[0]), int(square[1])),
                           self.count)
        refused = ctx.fight.validate(cmd)
        if refused:
            return Result(status=refused[0].reason)
        many = f"{self.count} x " if self.count > 1 else ""
        return Result(command=cmd, push=PlaceTool(self.definition, self.side, self.count),
                      status=f"{many}{self.definition.name} placed: click again for more, "
                             "right click to stop")

    def cancel(self, ctx: ToolContext) -> Result | None:
        return Result(pop=True, status=f"Stopped placing {self.definition.name}")

    def preview(self) -> dict[str, Any]:
        return {"measure": (self.square, self.square, f"+ {self.definition.name}")} \
            if self.square is not None else {}


class SetupSelectTool(Tool):
    """Set-up's bottom tool: click a token to select (and edit) it; drag it to put it anywhere
    free (a set-up move: no path, no free attacks)."""

    name = "setup"

    def __init__(self) -> None:
        self.dragging: str = ""
        self.start: Square | None = None
        self.square: Square | None = None

    def press(self, square: Square, ctx: ToolContext) -> Result | None:
        key = token_at(ctx, square)
        self.dragging, self.start, self.square = key, square, square
        return Result(select=key)

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
        if self.dragging:
            self.square = square
        return None

    def release(self, square: Square, ctx: ToolContext) -> Result | None:
        who, start = self.dragging, self.start
        self.dragging, self.start, self.square = "", None, None
        if not who or start is None or square == start:
            return None
        engine = ctx.fight.engine
        if engine is None or who not in engine.state.creatures:
            return None
        c = engine.state.creatures[who]
        dx, dy = square[0] - start[0], square[1] - start[1]  # grabbed anywhere in its space
        cmd = PlaceCreature(who, (c.square[0] + dx, c.square[1] + dy))
        refused = ctx.fight.validate(cmd)
        if refused:
            return Result(status=refused[0].reason)
        return Result(command=cmd, select=who)

    def cancel(self, ctx: ToolContext) -> Result | None:
        self.dragging = ""
        return Result(select="")

    def preview(self) -> dict[str, Any]:
        if self.dragging and self.start is not None and self.square not in (None, self.start):
            return {"measure": (self.start, self.square, "set-up move")}
        return {}


class RideTool(Tool):
    """Set-up's Ride: click the mount the selected creature starts the fight on (the engine
    checks sizes, sides and the mount's saddle); right click or Escape: not now."""

    name = "ride"

    def __init__(self, rider: str, rider_name: str) -> None:
        self.rider = rider
        self.rider_name = rider_name
        self.square: Square | None = None

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
        self.square = square
        return None

    def release(self, square: Square, ctx: ToolContext) -> Result | None:
        mount = token_at(ctx, square)
        if not mount or mount == self.rider:
            return Result(status=f"Click the creature {self.rider_name} rides (right click: "
                                 "not now)")
        cmd = SetMount(self.rider, mount)
        refused = ctx.fight.validate(cmd)
        if refused:
            return Result(status=refused[0].reason)
        return Result(command=cmd, pop=True, select=self.rider)

    def cancel(self, ctx: ToolContext) -> Result | None:
        return Result(pop=True, status=f"{self.rider_name} stays on foot")

    def preview(self) -> dict[str, Any]:
        return {"measure": (self.square, self.square, f"{self.rider_name} rides ...")} \
            if self.square is not None else {}
