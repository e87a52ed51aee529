"""Select tool, the bottom of the stack: click a token to select it and see where it can go."""

from __future__ import annotations

from game.rules.battlefield import Square
from game.ui.context import ToolContext
from game.ui.tools.base import Result, Tool, token_at
from game.ui.tools.formation import block_move_tool
from game.ui.tools.move import MoveTool


def select(ctx: ToolContext, key: str, *, drag_from: Square | None = None) -> Result:
    """Select a creature and show where it can go: its reachable squares (the move tool), or
    its block's move when it stands in a block that moves as one (a token or a turn-panel row)."""
    if ctx.fight.engine is not None and not ctx.previews.move_modes(key):
        block = block_move_tool(ctx, key)  # a member of a block moves with the block
        if block is not None:
            return Result(select=key, push=block)
    return Result(select=key, push=MoveTool.for_creature(ctx, key, drag_from=drag_from))


class SelectTool(Tool):
    """Click a token: select it; if it may move now, its reachable squares show (move tool)."""

    name = "select"

    def press(self, square: Square, ctx: ToolContext) -> Result | None:
        key = token_at(ctx, square)
        if not key:
            return Result(select="")
        return select(ctx, key, drag_from=square)

    def cancel(self, ctx: ToolContext) -> Result | None:
        return Result(select="")
