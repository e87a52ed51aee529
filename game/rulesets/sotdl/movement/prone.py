"""Seed SotDL: Crawl: Drop Prone (no movement used) and Stand Up (an action or the move).
"""
from __future__ import annotations

from game.rules.engine import (
    ActionUsed,
    AfflictionEnded,
    Context,
    EncounterState,
    MoveBudgetSet,
    Ruleset,
    Violation,
)
from game.rulesets.sotdl.commands import DropProne, StandUp
from game.rulesets.sotdl.common import (
    ensure_turn,
    need_creature,
    own_turn_violations,
)
from game.rulesets.sotdl.health import afflict
from game.rulesets.sotdl.modifiers import timed


def _v_drop(state: EncounterState, cmd: DropProne, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if not vs and state.creatures[cmd.creature].has("prone"):
        vs.append(Violation(f"{state.creatures[cmd.creature].name} is already prone", "prone"))
    return vs


def _r_drop(ctx: Context, cmd: DropProne) -> None:
    """Seed SotDL: Drop Prone: no movement used."""
    afflict(ctx, cmd.creature, timed("prone", cmd.creature, None), "drops prone")


def _stand_use(state: EncounterState, cmd: StandUp) -> str:
    if cmd.use:
        return cmd.use
    c = state.creatures[cmd.creature]
    moved = state.active == cmd.creature and c.turn.move_used
    return "action" if moved or own_turn_violations(state, cmd.creature, "move") else "move"


def _v_stand(state: EncounterState, cmd: StandUp, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if not c.has("prone"):
        return [Violation(f"{c.name} is not prone", "not_prone")]
    use = _stand_use(state, cmd)
    if use not in ("move", "action"):
        return [Violation("stand up uses the move or an action", "bad_use")]
    vs = own_turn_violations(state, cmd.creature, use)
    if use == "move" and state.active == cmd.creature and c.turn.move_used:
        vs.append(Violation(f"{c.name} has already moved this turn", "moved"))
    pin = c.data.get("pinned_by", "")
    if pin:  # Seed SotDL: Ride: Falling Prone (whether it uses the move or an action)
        m = state.creatures.get(pin)
        vs.append(Violation(f"{c.name} is pinned under {m.name if m else pin}: it cannot stand "
                            "up until the mount stands up or is moved off it (or it gets free)",
                            "pinned"))
    return vs


def _r_stand(ctx: Context, cmd: StandUp) -> None:
    """Seed SotDL: Stand Up: using an action or the move."""
    use = _stand_use(ctx.state, cmd)
    ensure_turn(ctx, cmd.creature)
    if use == "action":
        ctx.emit(ActionUsed(cmd.creature, "stand up"))
    else:
        ctx.emit(MoveBudgetSet(cmd.creature, 0.0, "stood up (the move)", True))
    ctx.emit(AfflictionEnded(cmd.creature, "prone", "", "stood up"))


def register(rs: Ruleset) -> None:
    """Drop Prone and Stand Up (part of the core: they need no geometry)."""
    rs.register_action(DropProne, _v_drop, _r_drop)
    rs.register_action(StandUp, _v_stand, _r_stand)
