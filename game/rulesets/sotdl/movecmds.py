"""Seed SotDL: Move, Rush, Retreat, Crawl (drop prone, stand up): budgets and walks.

Paths are checked by the ``plan_path`` hook (interim in interim.py; movement*.py replaces it
with the real geometry) and walked with the engine's step walker.
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
    WalkMode,
    walk,
)
from game.rulesets.sotdl.commands import DropProne, Move, Retreat, Rush, StandUp
from game.rulesets.sotdl.common import (
    action_violations,
    cannot_move,
    ensure_turn,
    need_creature,
    own_turn_violations,
    speed,
    spend,
)
from game.rulesets.sotdl.health import afflict
from game.rulesets.sotdl.modifiers import timed


def immune_from(state: EncounterState, cid: str) -> frozenset[str]:
    """Creatures whose free attacks this creature's movement does not trigger (shifting, feint)."""
    return frozenset(a.source for a in state.creatures[cid].afflictions
                     if a.name in ("shifting", "feinted"))


def move_budget(state: EncounterState, cid: str) -> float:
    """Yards the creature may still move on its turn (its Speed if the turn has not begun)."""
    c = state.creatures[cid]
    return c.turn.move_budget_yd if state.active == cid else float(speed(c))


def _mode(state: EncounterState, cmd: Move | Rush | Retreat, rs: Ruleset
          ) -> tuple[WalkMode, float]:
    c = state.creatures[cmd.creature]
    imm = immune_from(state, cmd.creature)
    if isinstance(cmd, Rush):
        mult = float(rs.param("movement.rush_multiplier", 2))
        return WalkMode("rush", no_free_attacks_from=imm, uses_budget=False), mult * speed(c)
    if isinstance(cmd, Retreat):
        frac = float(rs.param("movement.retreat_fraction", 0.5))
        return WalkMode("retreat", False, uses_budget=False), float(int(speed(c) * frac))
    return WalkMode("move", no_free_attacks_from=imm), move_budget(state, cmd.creature)


def _v_move(state: EncounterState, cmd: Move | Rush | Retreat, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if vs:
        return vs
    part_of = getattr(cmd, "part_of", "")
    if part_of:  # a prepared rush or retreat: the triggered action
        vs = action_violations(state, cmd.creature, part_of) or (
            [Violation("cannot move", "cannot_move")] if cannot_move(
                state.creatures[cmd.creature]) else [])
    else:
        need = "move" if isinstance(cmd, Move) else "action"
        vs = own_turn_violations(state, cmd.creature, need)
    if vs:
        return vs
    if not cmd.path:
        return [Violation("the path is empty", "bad_path")]
    mode, budget = _mode(state, cmd, rs)
    return rs.hooks["plan_path"](state, rs, cmd.creature, tuple(cmd.path), mode, budget)[1]


def _r_move(ctx: Context, cmd: Move | Rush | Retreat) -> None:
    rs = ctx.ruleset
    part_of = getattr(cmd, "part_of", "")
    if not part_of:
        ensure_turn(ctx, cmd.creature)
    if not isinstance(cmd, Move):
        spend(ctx, cmd.creature, type(cmd).__name__.lower(), part_of)
    mode, budget = _mode(ctx.state, cmd, rs)
    steps, _ = rs.hooks["plan_path"](ctx.state, rs, cmd.creature, tuple(cmd.path), mode, budget)
    walk(ctx, cmd.creature, steps, mode)


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
    """Movement commands (Move's handler may be replaced by movement*.py)."""
    for cls in (Move, Rush, Retreat):
        rs.register_action(cls, _v_move, _r_move)
    rs.register_action(DropProne, _v_drop, _r_drop)
    rs.register_action(StandUp, _v_stand, _r_stand)
