"""Tools: the input state machine. A tool turns mouse events into queries and commands.

Each tool reads the session (queries only) and the camera, sets its preview on the scene, and
returns what should happen: nothing, a command to submit, or a change of tool. The app does it;
tools never change the encounter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pygame

from game.rules.battlefield import Square

if TYPE_CHECKING:
    from game.ui.camera import Camera
    from game.ui.session import Session


@dataclass
class Result:
    """What a tool asks the app to do after an event."""

    command: Any | None = None  # a Command to submit through the session
    push: Tool | None = None  # a tool to put on top of the stack
    pop: bool = False  # this tool is done
    select: str | None = None  # creature id to select ("" clears)
    status: str = ""  # one line for the status bar


@dataclass
class ToolContext:
    """What tools may read: the session (queries), the camera, the current selection."""

    session: Session
    camera: Camera
    selected: str = ""
    shift: bool = False
    notes: dict[str, Any] = field(default_factory=dict)

    def square_at(self, pos: tuple[int, int]) -> Square:
        """The yard square under a window pixel."""
        return self.camera.square_at_px(*pos)


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
