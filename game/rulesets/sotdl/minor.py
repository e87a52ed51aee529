"""Seed SotDL: Minor Activities (one on a fast turn, two on a slow turn) and Triggered Actions
(a talent's or spell's triggered activity, one a round)."""
from __future__ import annotations

from game.rules.engine import (
    Context,
    EncounterState,
    MinorActivityDone,
    Ruleset,
    Violation,
)
from game.rulesets.sotdl.commands import MinorActivity, PickUp, UseTriggeredAction
from game.rulesets.sotdl.common import (
    action_violations,
    cannot_act,
    ensure_turn,
    need_creature,
    own_turn_violations,
    spend,
)
from game.rulesets.sotdl.events import ActivityDone, ItemPickedUp


def _v_minor(state: EncounterState, cmd: MinorActivity | PickUp, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature) or own_turn_violations(state, cmd.creature, "none")
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    why = cannot_act(c)
    if why:
        return [Violation(why, "cannot_act")]
    if isinstance(cmd, PickUp) and cmd.item not in c.data.get("dropped", ()):
        return [Violation(f"{c.name} dropped no {cmd.item}", "no_item")]
    if state.active == cmd.creature:
        used, allowed = c.turn.minor_used, c.turn.minor_allowed
    else:
        from game.rulesets.sotdl.common import auto_kind

        used = 0
        allowed = int(rs.param("minor_activities_fast", 1) if auto_kind(state, c.id) != "slow"
                      else rs.param("minor_activities_slow", 2))
    if used >= allowed and not getattr(cmd, "extra", False):
        return [Violation(f"{c.name} has used its {allowed} minor activit"
                          f"{'y' if allowed == 1 else 'ies'} this turn", "no_minor")]
    return []


def _r_minor(ctx: Context, cmd: MinorActivity | PickUp) -> None:
    """Seed SotDL: Minor Activities: one on a fast turn, two on a slow turn."""
    ensure_turn(ctx, cmd.creature)
    if isinstance(cmd, PickUp):
        ctx.emit(MinorActivityDone(cmd.creature, f"pick up {cmd.item}"))
        ctx.emit(ItemPickedUp(cmd.creature, cmd.item))
    else:
        ctx.emit(MinorActivityDone(cmd.creature, cmd.description))


def _v_triggered(state: EncounterState, cmd: UseTriggeredAction, rs: Ruleset) -> list[Violation]:
    return need_creature(state, cmd.creature) or action_violations(state, cmd.creature, "triggered")


def _r_triggered(ctx: Context, cmd: UseTriggeredAction) -> None:
    """Seed SotDL: Triggered Actions: one a round, even on another creature's turn."""
    spend(ctx, cmd.creature, cmd.description or "triggered action", "triggered")
    ctx.emit(ActivityDone(cmd.creature, "triggered action", cmd.description))


def register(rs: Ruleset) -> None:
    """Minor activities and described triggered actions."""
    rs.register_action(MinorActivity, _v_minor, _r_minor)
    rs.register_action(PickUp, _v_minor, _r_minor)
    rs.register_action(UseTriggeredAction, _v_triggered, _r_triggered)
