"""Formation tool: a block that moves or turns as one (Seed OSR: Formations).

A command whose subject is a ``formation`` (not a creature) is played for the formation the
selected creature stands in: with a ``path``, hover where the selected member should end up
and the whole block's new squares show (the anchor walks the same line); with a ``facing``,
hover on the side the block should face. The engine validates; nothing here knows the rules.
"""

from __future__ import annotations

from typing import Any

from game.rules.battlefield import Square
from game.ui.command_kinds import fields_of, tool_kind
from game.ui.context import ToolContext
from game.ui.legality import formation_legality
from game.ui.routes import line_squares
from game.ui.scene import FormationMark, MovePreview
from game.ui.tools.base import Result, Tool

DIRS = {(0, -1): "N", (1, 0): "E", (0, 1): "S", (-1, 0): "W"}


def facing_towards(block: tuple[Square, ...], square: Square) -> str:
    """N, E, S or W: the side of the block the square lies on (the larger offset wins).

    >>> facing_towards(((0, 0), (1, 0)), (1, 5))
    'S'
    """
    xs = [q[0] for q in block]
    ys = [q[1] for q in block]
    dx = square[0] - (min(xs) + max(xs)) / 2
    dy = square[1] - (min(ys) + max(ys)) / 2
    if abs(dx) >= abs(dy):
        return "E" if dx > 0 else "W"
    return "S" if dy > 0 else "N"


class FormationTool(Tool):
    """Moving (``path``) or turning (``facing``) the selected creature's formation."""

    name = "formation"

    def __init__(self, member: str, action: str, block: FormationMark, field: str) -> None:
        self.member = member
        self.action = action
        self.block = block
        self.field = field  # "path" or "facing"
        self.hovered: Square | None = None
        self.state: MovePreview | None = None
        self.ghost: FormationMark | None = None
        self.cmd: Any = None

    def _command(self, square: Square, ctx: ToolContext) -> tuple[Any, str]:
        cmd_type = ctx.command_type(self.action)
        if self.field == "facing":
            facing = facing_towards(self.block.squares, square)
            cmd = cmd_type(formation=self.block.key, facing=facing)
            return cmd, f"face {facing}"
        here = ctx.fight.engine.state.creatures[self.member].square  # type: ignore[union-attr]
        anchor = (min(q[0] for q in self.block.squares), min(q[1] for q in self.block.squares))
        to = (anchor[0] + square[0] - here[0], anchor[1] + square[1] - here[1])
        cmd = cmd_type(formation=self.block.key, path=tuple(line_squares(anchor, to)))
        return cmd, f"{len(cmd.path)} paces"

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
        if square == self.hovered:
            return None
        self.hovered = square
        cmd, what = self._command(square, ctx)
        vs = ctx.fight.validate(cmd)
        self.cmd = None if vs else cmd
        if self.field == "facing":
            shown: tuple[Square, ...] = self.block.squares
        else:
            here = ctx.fight.engine.state.creatures[self.member].square  # type: ignore[union-attr]
            d = (square[0] - here[0], square[1] - here[1])
            shown = tuple((q[0] + d[0], q[1] + d[1]) for q in self.block.squares)
        note = f"{self.block.label.split(':')[0]}: {what}" + (f": {vs[0].reason}" if vs else "")
        facing = getattr(cmd, "facing", "") or self.block.facing
        # The block where it would stand (and face), outlined like the block itself
        self.ghost = FormationMark(
            f"{self.block.key}:preview",
            shown,
            facing,
            self.block.side,
            self.block.controller,
            "",
            not vs,
        )
        self.state = MovePreview(mover_key=self.member, legal=not vs, note=note)
        return Result(status=note)

    def press(self, square: Square, ctx: ToolContext) -> Result | None:
        cmd, _ = self._command(square, ctx)
        vs = ctx.fight.validate(cmd)
        if vs:
            return Result(status=vs[0].reason)
        return Result(command=cmd, pop=True)

    def preview(self) -> dict[str, Any]:
        if self.state is None or self.ghost is None:
            return {}
        return {"move": self.state, "formations": (self.ghost,)}


def block_move_tool(ctx: ToolContext, member: str) -> FormationTool | None:
    """Clicking a member of a block that moves as one: the block's move, if legal now."""
    block = ctx.fight.formation_of(member)
    if block is None or ctx.fight.engine is None:
        return None
    for name, cmd_type in ctx.fight.engine.ruleset.command_names.items():
        if tool_kind(cmd_type) == "formation" and "path" in fields_of(cmd_type):
            if formation_legality(ctx.fight, member, cmd_type)[0]:
                return FormationTool(member, name, block, "path")
    return None
