"""Who walks and how far: the budget and walk mode of a move, rush, retreat, charge, escape or
pull.

Seed SotDL: Move (Speed; a slow turn's budget carries across the action), Rush (twice Speed),
Retreat (half Speed, no free attacks), Ride (a rider moves its mount, at the mount's Speed),
Escape (half Speed, no free attacks from the grabber), Pull (half Speed, no free attacks from
the creature pulled along); shifting and feints exempt a mover from
the free attacks of their source.
"""
from __future__ import annotations

from game.rules.engine import EncounterState, WalkMode
from game.rulesets.sotdl.common import speed
from game.rulesets.sotdl.movement.facts import mount_of

MODES = ("move", "rush", "retreat", "charge", "escape", "pull")


def immune_from(state: EncounterState, cid: str) -> frozenset[str]:
    """Creatures whose free attacks this creature's movement does not trigger (shifting, feint)."""
    return frozenset(a.source for a in state.creatures[cid].afflictions
                     if a.name in ("shifting", "feinted"))


def move_budget(state: EncounterState, cid: str) -> float:
    """Yards the creature may still move on its turn (its Speed if the turn has not begun)."""
    c = state.creatures[cid]
    return c.turn.move_budget_yd if state.active == cid else float(speed(c))


def mover_and_budget(state: EncounterState, cid: str, mode: str) -> tuple[str, float, WalkMode]:
    """Who actually walks (a rider's mount), the budget for ``mode``, and the walk mode."""
    mode = {"sneak": "move"}.get(mode, mode)
    if mode not in MODES:
        raise ValueError(f"mode is one of {', '.join(MODES)}, not {mode!r}")
    walker = mount_of(state, cid) or cid
    c = state.creatures[walker]
    sp = float(speed(c))
    rider = state.creatures[cid]
    imm = immune_from(state, cid)
    if mode == "rush":
        return walker, 2 * sp, WalkMode("rush", no_free_attacks_from=imm, uses_budget=False)
    if mode == "retreat":
        return walker, float(int(sp) // 2), WalkMode("retreat", False, uses_budget=False)
    if mode == "charge":
        return walker, sp, WalkMode("charge", no_free_attacks_from=imm, uses_budget=False)
    if mode == "escape":  # Seed SotDL: Escape: half Speed, no free attacks from the grabber
        g = rider.affliction("grabbed")
        sp = float(int(rider.definition.speed) // 2)
        return (
            walker,
            sp,
            WalkMode(
                "escape",
                no_free_attacks_from=imm | (frozenset({g.source}) if g else frozenset()),
                uses_budget=False,
            ),
        )
    if mode == "pull":  # Seed SotDL: Pull: half Speed; the pulled creature stays in reach
        held = frozenset(o.id for o in state.creatures.values()
                         if any(a.name == "grabbed" and a.source == cid for a in o.afflictions))
        return walker, float(int(speed(rider)) // 2), WalkMode(
            "pull", no_free_attacks_from=imm | held, uses_budget=False)
    left = rider.turn.move_budget_yd if state.active == cid else sp
    if state.active == cid and rider.turn.move_used is False and walker != cid:
        left = sp
    return walker, left, WalkMode("move", no_free_attacks_from=imm)
