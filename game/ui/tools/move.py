"""Move tool: reachable squares by cost class, the hovered path with its free attacks, click to go.

Click a square to move there (or drag the token and let go); shift-click adds a waypoint; a
command whose path comes after its act (an escape) is played with none by clicking the mover;
S toggles the safest path; Tab cycles the way over the edge into the hovered square (climb,
jump, fall: Seed SotDL: Climb, Jump); right click or Escape cancels. Every number comes from the
fight's movement queries (through the cached previews); the engine has the last word.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.rules.battlefield import Square
from game.rules.engine import walks_after
from game.ui.command_kinds import make
from game.ui.context import ToolContext
from game.ui.scene import MovePreview
from game.ui.tools.base import Result, Tool, token_at


class MoveTool(Tool):
    """Moving one creature by one of the ruleset's movement commands (the first that reaches)."""

    name = "move"

    def __init__(
        self,
        mover: str,
        modes: tuple[str, ...],
        area: MovePreview | None,
        drag_from: Square | None = None,
    ) -> None:
        self.mover = mover
        self.modes = modes  # e.g. ("move", "rush") when clicking a token, ("retreat",) from the bar
        self.area = area
        self.waypoints: list[Square] = []
        self.safest = False
        self.preview_state: MovePreview | None = area
        self.drag_from = drag_from
        self.dragging = drag_from is not None
        self.hovered: Square | None = None
        self.ways: dict[Square, str] = {}  # the GM's way over the edge into a square

    @classmethod
    def for_creature(
        cls,
        ctx: ToolContext,
        mover: str,
        *,
        modes: tuple[str, ...] = (),
        drag_from: Square | None = None,
    ) -> MoveTool:
        """The tool with the reachable area computed once (it does not change while hovering)."""
        modes = modes or ctx.previews.move_modes(mover)
        area = ctx.previews.move_area(mover, modes)
        return cls(mover, modes, area, drag_from)

    def _preview(self, square: Square, ctx: ToolContext) -> MovePreview | None:
        return ctx.previews.move_preview(
            self.mover,
            self.modes,
            tuple(self.waypoints),
            square,
            safest=self.safest,
            area=self.area,
            ways=tuple(self.ways.items()),
        )

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
        if square == self.hovered:
            return None
        self.hovered = square
        self.preview_state = self._preview(square, ctx) or self.area
        return None

    def press(self, square: Square, ctx: ToolContext) -> Result | None:
        here = token_at(ctx, square)
        if here == self.mover and not self.waypoints:
            self.dragging = True
            self.drag_from = square
            return None
        if ctx.shift:
            self.waypoints.append(square)
            self.preview_state = self._preview(square, ctx) or self.area
            return Result(
                status=f"waypoint {len(self.waypoints)} at {square}; click the last square to move"
            )
        if here and here != self.mover and not self.waypoints:
            # Clicking another token selects it instead of moving onto it
            return Result(
                pop=True, select=here, push=MoveTool.for_creature(ctx, here, drag_from=square)
            )
        return self._go(square, ctx)

    def release(self, square: Square, ctx: ToolContext) -> Result | None:
        if not self.dragging:
            return None
        self.dragging = False
        if self.drag_from is not None and square != self.drag_from:
            return self._go(square, ctx)
        return self._in_place(ctx)

    def _in_place(self, ctx: ToolContext) -> Result | None:
        """A click on the mover: a command whose path comes after its act, alone on the tool
        (Seed SotDL: Escape: "lets you move up to half your Speed"), is played with no path."""
        if len(self.modes) != 1 or self.waypoints:
            return None
        cmd_type = ctx.command_type(self.modes[0])
        if not walks_after(cmd_type):
            return None
        cmd = make(cmd_type, self.mover, path=())
        vs = ctx.fight.validate(cmd)
        return Result(status="Not legal: " + vs[0].reason) if vs else Result(command=cmd, pop=True)

    def _go(self, square: Square, ctx: ToolContext) -> Result | None:
        cmd, why = ctx.previews.move_command(
            self.mover,
            self.modes,
            tuple(self.waypoints),
            square,
            safest=self.safest,
            area=self.area,
            ways=tuple(self.ways.items()),
        )
        if cmd is None:
            return Result(status=why)
        return Result(command=cmd, pop=True)

    def on_event(self, event: pygame.event.Event, ctx: ToolContext) -> Result | None:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_s
            and not event.mod & pygame.KMOD_CTRL
        ):
            self.safest = not self.safest
            if self.hovered is not None:
                self.preview_state = self._preview(self.hovered, ctx) or self.area
            return Result(status="Safest path" if self.safest else "Shortest path")
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB and self.hovered is not None:
            return self._next_way(self.hovered, ctx)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE and self.waypoints:
            self.waypoints.pop()
            return None
        return super().on_event(event, ctx)

    def _next_way(self, square: Square, ctx: ToolContext) -> Result:
        """The next way over the edge into ``square`` (the path's step there), previewed."""
        p = self.preview_state
        edge = next((e for e in (p.edges if p else ()) if e[0] == square), None)
        if edge is None:
            return Result(status="Tab: hover the square just over an edge to choose how to cross")
        _, options, taken = edge
        how = taken if taken in options else _way_of(taken)
        nxt = options[(options.index(how) + 1) % len(options)] if how in options else options[0]
        self.ways[square] = nxt
        self.preview_state = self._preview(square, ctx) or self.area
        return Result(status=f"Over the edge into {square}: {nxt} (Tab for the next way)")

    def cancel(self, ctx: ToolContext) -> Result | None:
        if self.waypoints:
            self.waypoints.clear()
            return Result(status="Waypoints cleared")
        return Result(pop=True)

    def preview(self) -> dict[str, Any]:
        p = self.preview_state
        if p is None:
            return {}
        keys = frozenset(m.source_key for m in p.marks if m.source_key)
        return {"move": p, "highlighted_keys": keys}


def _way_of(how: str) -> str:
    """The way over an edge a step's kind is ("jump_up_challenge" -> "jump")."""
    return "jump" if how.startswith("jump") else how
