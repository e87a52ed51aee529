"""Tools: the input state machine. A tool turns mouse events into queries and commands.

Each tool reads its context (game/ui/context.py: the fight's queries, the previews, the camera
of the window the event came from), sets its preview on the scene, and returns what should
happen: nothing, a command to submit, or a change of tool. The app does it; tools never change
the encounter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.rules.battlefield import Square
from game.ui.context import ToolContext

__all__ = ["Result", "Tool", "ToolContext", "token_at"]


def token_at(ctx: ToolContext, square: Square) -> str:
    """Id of the token drawn on a square, or ''. A rider is drawn on its mount's upper-left
    rim (game/ui/render/tokens.py): it is on the mount's top-left square, the mount on the
    rest of its footprint (a one-square mount: the rider, on top)."""
    tokens = ctx.fight.tokens()
    spaces = {t.key: t.space for t in tokens}
    hit = ""
    for t in tokens:
        x, y = t.square
        if not (x <= square[0] < x + t.space and y <= square[1] < y + t.space):
            continue
        if t.mount_key in spaces:
            if spaces[t.mount_key] == 1 or square == t.square:
                return t.key  # the rider sits on top
            continue
        hit = hit or t.key
    return hit


@dataclass
class Result:
    """What a tool asks the app to do after an event."""

    command: Any | None = None  # a Command to submit to the fight
    push: Tool | None = None  # a tool to put on top of the stack
    pop: bool = False  # this tool is done
    select: str | None = None  # creature id to select ("" clears)
    status: str = ""  # one line for the status bar


class Tool:
    """Base tool: ignores everything. Subclasses override what they need."""

    name = "tool"
    cursor = pygame.SYSTEM_CURSOR_ARROW

    def on_event(self, event: pygame.event.Event, ctx: ToolContext) -> Result | None:
        """Dispatch a battlefield mouse or key event."""
        if event.type == pygame.MOUSEMOTION:
            return self.hover(ctx.square_at(event.pos), ctx)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.press(ctx.square_at(event.pos), ctx)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self.release(ctx.square_at(event.pos), ctx)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.cancel(ctx)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return self.cancel(ctx)
        return None

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
        """The mouse moved onto a square."""
        return None

    def press(self, square: Square, ctx: ToolContext) -> Result | None:
        """Left button went down on a square."""
        return None

    def release(self, square: Square, ctx: ToolContext) -> Result | None:
        """Left button came up on a square."""
        return None

    def cancel(self, ctx: ToolContext) -> Result | None:
        """Right click or Escape: leave this tool."""
        return Result(pop=True)

    def preview(self) -> dict[str, Any]:
        """Scene fields this tool draws (move, target, measure, highlighted_keys)."""
        return {}


class RectDragTool(Tool):
    """A tool that drags a rectangle of squares: press sets a corner, hover the other."""

    start: Square | None = None
    end: Square | None = None

    def press(self, square: Square, ctx: ToolContext) -> Result | None:
        self.start = self.end = square
        return None

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
        if self.start is not None:
            self.end = square
        return None

    def take_rect(self, square: Square) -> tuple[int, int, int, int] | None:
        """The dragged rectangle [x0, y0, x1, y1] (corners included), ending the drag."""
        if self.start is None:
            return None
        (x0, y0), (x1, y1) = self.start[:2], square[:2]
        self.start = self.end = None
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
