"""Target tool: hover a creature for legal-or-why, range, cover, boons and banes; click to roll.

A command whose path is walked after its act (a pull) asks for the path once the target is
clicked: hover a square for the path drawn over the area it may reach, click to play it
(shift-click: a waypoint; the actor's own square: no move). A shift-click on a charge's
target attacks where its drawn path ends and asks where the charge goes on. A target the engine
accepts only with a ``guess`` (a creature hidden from the attacker) asks for the guessed square
the same way.
"""

from __future__ import annotations

from typing import Any

from game.rules.battlefield import Square
from game.ui.command_kinds import (
    carries_on,
    fields_of,
    make,
    path_after_target,
    second_target_field,
    target_optional,
)
from game.ui.context import ToolContext
from game.ui.scene import MovePreview, TargetPreview
from game.ui.tools.base import Result, Tool, token_at


class TargetTool(Tool):
    """Choosing the target of one action (attack, grab, shove ...), with its option."""

    name = "target"

    def __init__(
        self, actor: str, action: str, option: str = "", values: dict[str, Any] | None = None
    ) -> None:
        self.actor = actor
        self.action = action
        self.option = option
        self.values = dict(values or {})  # typed before the pick (an item attack's item ...)
        self.first = ""  # the first of two targets, when the command takes a second
        self.hovered = ""
        self.target_preview: TargetPreview | None = None
        self.chosen = ""  # the target picked, when the path comes after the act (a pull)
        self.waypoints: list[Square] = []
        self.path_preview: MovePreview | None = None
        self.guess_for = ""  # the hidden target picked, when its square is to be guessed

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
        if self.guess_for:
            self.target_preview = ctx.previews.target_preview(
                self.actor, self.action, self.guess_for, self.option, self._guessed(square))
            text = self.target_preview.text
            return Result(status=f"guess {square}: " + " | ".join(text[:1] + text[-1:]))
        if self.chosen:
            _, self.path_preview, why = self._after(square, ctx)
            return Result(status=self.path_preview.note if self.path_preview else why)
        key = token_at(ctx, square)
        if key == self.hovered:
            return None
        self.hovered = key
        if not key or key == self.actor:
            self.target_preview = None
            return Result(status=f"{self.action.replace('_', ' ')}: hover a target")
        self.target_preview = ctx.previews.target_preview(
            self.actor, self.action, key, self.option, self.values
        )
        text = self.target_preview.text
        # Legal or why not, and the bottom line (net boons, the number to beat): the rest is
        # written beside the target and would not fit on the status line
        return Result(status=" | ".join(text[:1] + text[-1:]) if len(text) > 1 else "".join(text))

    def press(self, square: Square, ctx: ToolContext) -> Result | None:
        if self.guess_for:
            cmd, why = ctx.previews.target_command(
                self.actor, self.action, self.guess_for, self.option, self._guessed(square))
            return Result(status=why) if cmd is None else Result(command=cmd, pop=True)
        if self.chosen:
            return self._press_path(square, ctx)
        key = token_at(ctx, square)
        if self.first and self._second_field(ctx) == "mount_target" and key in ("", self.actor):
            key = self.first  # the rider attacks alone
            return self._submit(ctx, key, dict(self.values))
        if (not key or key == self.actor) and self._target_optional(ctx) and not self.first:
            # A spell with no target (OSR): the caster or an empty square plays it as it is
            cmd = make(ctx.command_type(self.action), self.actor, **self.values)
            vs = ctx.fight.validate(cmd)
            return (
                Result(status="Not legal: " + vs[0].reason) if vs else Result(command=cmd, pop=True)
            )
        if not key or key == self.actor:
            return Result(status="Click a creature to target it; right click or Escape cancels")
        if ctx.shift and not self.first and carries_on(ctx.command_type(self.action)):
            return self._carry_on(ctx, key)
        second = self._second_field(ctx)
        if second and not self.first:
            cmd, why = ctx.previews.target_command(
                self.actor, self.action, key, self.option, self.values
            )
            if cmd is None:
                return Result(status=why)
            # Seed SotDL: Two Weapons: one target (2 banes) or two targets (3 banes each); Ride:
            # the rider's target, then the mount's (both at once: 2 banes each)
            self.first = key
            what = (
                "click the mount's target (the same one: both attack it), or the rider or an "
                "empty square for the rider alone"
                if second == "mount_target"
                else "click a second target, or the same one again to use both weapons on it"
            )
            return Result(
                status=f"{self.action.replace('_', ' ')}: {what}; right click or Escape cancels"
            )
        values = dict(self.values)
        if self.first:
            if key != self.first or second == "mount_target":
                values[second] = key
            key = self.first
        return self._submit(ctx, key, values)

    def _submit(self, ctx: ToolContext, key: str, values: dict[str, Any]) -> Result:
        cmd, why = ctx.previews.target_command(self.actor, self.action, key, self.option, values)
        if cmd is None and self._takes_a_guess(ctx, key, values):
            # Seed SotDL: Hide: a hidden creature is attacked at a guessed square
            self.guess_for, self.values = key, values
            hidden = why.removeprefix("Not legal: ")
            return Result(status=f"{self.action.replace('_', ' ')}: {hidden}; click the square "
                                 "guessed; right click or Escape cancels")
        if cmd is None:
            return Result(status=why)
        if path_after_target(ctx.command_type(self.action)):
            # Seed SotDL: Pull: on a success the puller moves, the target with it: where to
            self.chosen, self.values = key, values
            eng = ctx.fight.engine
            assert eng is not None
            # the actor's own square: the area it may reach drawn, nothing hovered yet
            self.path_preview = self._after(eng.state.creatures[self.actor].square, ctx)[1]
            who = ctx.fight.names()
            return Result(status=(
                f"{self.action.replace('_', ' ')} {who.get(key, key)}: click where "
                f"{who.get(self.actor, self.actor)} goes ({who.get(key, key)} follows), its own "
                "square for nowhere; shift-click for waypoints; right click or Escape cancels"))
        return Result(command=cmd, pop=True)

    def _carry_on(self, ctx: ToolContext, key: str) -> Result:
        """Shift-click on a charge's target: the attack where the drawn path ends, then the GM
        picks where the charge goes on (its Speed in all)."""
        cmd, why = ctx.previews.target_command(self.actor, self.action, key, self.option,
                                               self.values)
        if cmd is None:
            return Result(status=why)
        self.chosen = key
        end = tuple(cmd.path)[-1] if tuple(cmd.path) else None
        if end is not None:
            self.path_preview = self._after(end, ctx)[1]
        who = ctx.fight.names()
        return Result(status=(
            f"{self.action.replace('_', ' ')} {who.get(key, key)}: the attack where the path ends, "
            f"then click where {who.get(self.actor, self.actor)} goes on (that square again: "
            "stop there); right click or Escape cancels"))

    def _after(self, square: Square, ctx: ToolContext
               ) -> tuple[Any | None, MovePreview | None, str]:
        """The command, path and why not for the path after the act, ending at ``square``."""
        return ctx.previews.path_after(self.actor, self.action, self.chosen, self.option,
                                       self.values, tuple(self.waypoints), square)

    def _press_path(self, square: Square, ctx: ToolContext) -> Result:
        """A click while the path after the act is picked: a waypoint, or the path's end."""
        if ctx.shift:
            self.waypoints.append(square)
            _, self.path_preview, _ = self._after(square, ctx)
            return Result(status=f"waypoint {len(self.waypoints)} at {square}; click the last "
                                 "square")
        cmd, self.path_preview, why = self._after(square, ctx)
        return Result(status=why) if cmd is None else Result(command=cmd, pop=True)

    def _guessed(self, square: Square) -> dict[str, Any]:
        return {**self.values, "guess": square}

    def _takes_a_guess(self, ctx: ToolContext, key: str, values: dict[str, Any]) -> bool:
        """True if the command has a ``guess`` and the engine takes it with one (the target's
        own square tried), not without: a creature hidden from the attacker."""
        if "guess" not in fields_of(ctx.command_type(self.action)) or "guess" in values:
            return False
        square = next((t.square for t in ctx.fight.tokens() if t.key == key), None)
        if square is None:
            return False
        cmd, _ = ctx.previews.target_command(
            self.actor, self.action, key, self.option, {**values, "guess": square})
        return cmd is not None

    def cancel(self, ctx: ToolContext) -> Result | None:
        if self.guess_for:  # back to picking the target
            self.guess_for, self.hovered, self.target_preview = "", "", None
            return Result(status=f"{self.action.replace('_', ' ')}: hover a target")
        if self.waypoints:
            self.waypoints.clear()
            return Result(status="waypoints cleared")
        if self.chosen:  # back to picking the target
            self.chosen, self.path_preview, self.hovered = "", None, ""
            return Result(status=f"{self.action.replace('_', ' ')}: hover a target")
        return Result(pop=True)

    def _target_optional(self, ctx: ToolContext) -> bool:
        """True if the command may go without a target (an OSR spell's ``targets``)."""
        return target_optional(ctx.command_type(self.action))

    def _second_field(self, ctx: ToolContext) -> str:
        """An optional second target the command takes ('second_target'), or ''."""
        return second_target_field(ctx.command_type(self.action))

    def preview(self) -> dict[str, Any]:
        if self.target_preview is None:
            return {}
        tp = self.target_preview
        keys = {tp.target_key, self.first} - {""}
        # picking the path after the act, the path is drawn, not the odds (read on the hover)
        out: dict[str, Any] = {} if self.chosen else {"target": tp}
        move = self.path_preview if self.chosen else tp.approach
        if move is not None:  # a charge's path to its act, a pull's after it, free attacks marked
            out["move"] = move
            keys |= {m.source_key for m in move.marks if m.source_key}
        out["highlighted_keys"] = frozenset(keys)
        return out
