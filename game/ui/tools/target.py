"""Target tool: hover a creature for legal-or-why, range, cover, boons and banes; click to roll."""

from __future__ import annotations

from typing import Any

from game.rules.battlefield import Square
from game.ui.command_kinds import make, second_target_field, target_optional
from game.ui.context import ToolContext
from game.ui.scene import TargetPreview
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

    def hover(self, square: Square, ctx: ToolContext) -> Result | None:
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
        if cmd is None:
            return Result(status=why)
        return Result(command=cmd, pop=True)

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
        out: dict[str, Any] = {"target": tp}
        if tp.approach is not None:  # a charge: the path it takes, with its free attacks
            out["move"] = tp.approach
            keys |= {m.source_key for m in tp.approach.marks if m.source_key}
        out["highlighted_keys"] = frozenset(keys)
        return out
