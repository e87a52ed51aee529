"""INTERIM geometry for SotDL, replaced by the movement plug-in (movement/: paths, reach,
forced movement, free attacks on the move, Move/Rush/Retreat on the geometry) and targeting.py
(ranges, target legality) as those land.

Each piece is registered under a name (docs/engine.md, "SotDL plug-in points"); registering the
same name from those modules replaces it. Simple on purpose: chebyshev squares, no elevation.
"""
from __future__ import annotations

from game.rules.battlefield import Square, Terrain
from game.rules.engine import (
    Context,
    EncounterState,
    RollContext,
    Ruleset,
    Step,
    Violation,
    WalkMode,
    walk,
)
from game.rulesets.sotdl.commands import Move, Retreat, Rush
from game.rulesets.sotdl.common import (
    action_violations,
    cannot_move,
    ensure_turn,
    need_creature,
    own_turn_violations,
    pick_weapon,
    speed,
    spend,
)
from game.rulesets.sotdl.movement.budgets import immune_from, move_budget


def _span(square: Square, space: int) -> tuple[int, int, int, int]:
    x, y = square
    return x, y, x + space - 1, y + space - 1


def gap_squares(a: tuple[Square, int], b: tuple[Square, int]) -> int:
    """Chebyshev distance in squares between two square footprints (adjacent = 1, overlap = 0)."""
    ax0, ay0, ax1, ay1 = _span(*a)
    bx0, by0, bx1, by1 = _span(*b)
    dx = max(0, bx0 - ax1, ax0 - bx1)
    dy = max(0, by0 - ay1, ay0 - by1)
    return max(dx, dy)


def distance_yd(state: EncounterState, rs: Ruleset, a: str, b: str) -> float:
    """INTERIM: yards between two creatures' spaces (chebyshev, elevation ignored)."""
    ca, cb = state.creatures[a], state.creatures[b]
    return float(gap_squares((ca.body.square, ca.body.space), (cb.body.square, cb.body.space)))


def distance_from(state: EncounterState, rs: Ruleset, a: str, square: Square, b: str) -> float:
    """INTERIM: yards from creature ``a`` standing at ``square`` to creature ``b``."""
    ca, cb = state.creatures[a], state.creatures[b]
    return float(gap_squares((square, ca.body.space), (cb.body.square, cb.body.space)))


def reach_yd(state: EncounterState, rs: Ruleset, cid: str, weapon: str = "", option: str = ""
             ) -> float:
    """INTERIM: base reach + the creature's reach + the weapon's reach (+1 lunging)."""
    c = state.creatures[cid]
    w = pick_weapon(rs, c, weapon, melee=True)
    r = rs.definition.base_reach_yd + c.definition.reach_yd + (w.reach_yd if w else 0)
    return float(r + (1 if option == "lunging" else 0))


def plan_path(state: EncounterState, rs: Ruleset, cid: str, squares: tuple[Square, ...],
              mode: WalkMode, budget_yd: float) -> tuple[tuple[Step, ...], list[Violation]]:
    """INTERIM (movement*.py replaces): one square at a time, each next to the last.

    In bounds, not impassable, no enemy in the way, 1 yard a step (2 crawling while prone),
    within the budget, and not ending on another creature.
    """
    c = state.creatures[cid]
    bf = state.battlefield
    steps: list[Step] = []
    cur = c.body.square
    spent = 0.0
    crawl = c.has("prone")
    for i, sq in enumerate(squares):
        sq = (int(sq[0]), int(sq[1]))
        if max(abs(sq[0] - cur[0]), abs(sq[1] - cur[1])) != 1:
            return (), [Violation(f"step {i + 1} to {sq} is not next to {cur}", "bad_path")]
        body = c.body.moved_to(sq)
        for s in body.squares():
            if not bf.in_bounds(s):
                return (), [Violation(f"{s} is off the battlefield", "off_map")]
            if bf.terrain_at(s) & Terrain.IMPASSABLE:
                return (), [Violation(f"{s} is impassable", "impassable")]
            occ = state.occupant(s, exclude=cid)
            if occ and state.hostile(cid, occ):
                return (), [Violation(f"{state.creatures[occ].name} (an enemy) blocks {s}",
                                      "enemy_in_way")]
        cost = 2.0 if crawl else 1.0
        spent += cost
        if spent > budget_yd + 1e-9:
            return (), [Violation(
                f"{c.name} cannot move that far: the path costs {spent:g} yards, "
                f"{budget_yd:g} left", "too_far")]
        steps.append(Step(sq, None, cost, "crawl" if crawl else "walk"))
        cur = sq
    if steps:
        for s in c.body.moved_to(cur).squares():
            occ = state.occupant(s, exclude=cid)
            if occ:
                return (), [Violation(f"{c.name} cannot end its move in "
                                      f"{state.creatures[occ].name}'s space", "occupied")]
    return tuple(steps), []


def forced_path(state: EncounterState, rs: Ruleset, cid: str, away_from: Square, yards: int
                ) -> tuple[Step, ...]:
    """INTERIM: a straight push away from a square, stopped by walls, edges and creatures."""
    c = state.creatures[cid]
    x, y = c.body.square
    dx = (x > away_from[0]) - (x < away_from[0])
    dy = (y > away_from[1]) - (y < away_from[1])
    if dx == 0 and dy == 0:
        dx = 1
    steps: list[Step] = []
    for _ in range(max(0, yards)):
        nxt = (x + dx, y + dy)
        body = c.body.moved_to(nxt)
        if any(
            not state.battlefield.in_bounds(s)
            or state.battlefield.terrain_at(s) & Terrain.IMPASSABLE
            or state.occupant(s, exclude=cid)
            for s in body.squares()
        ):
            break
        steps.append(Step(nxt, None, 1.0, "forced"))
        x, y = nxt
    return tuple(steps)


def reach_range_check(state: EncounterState, roll: RollContext, rs: Ruleset) -> list[Violation]:
    """INTERIM (targeting.py replaces): melee within reach, thrown/ranged within twice range."""
    if not roll.target or roll.target not in state.creatures or "no_range_check" in roll.tags:
        return []
    dist_fn = rs.hooks["distance_yd"]
    d = dist_fn(state, rs, roll.roller, roll.target)
    att = state.creatures[roll.roller]
    tgt = state.creatures[roll.target]
    rng = next((t for t in roll.tags if t.startswith("range:")), "")
    if rng:
        r = float(rng.split(":", 1)[1])
        limit = 2 * r if roll.ranged or "thrown" in roll.tags else r
        if d > limit:
            return [Violation(f"{tgt.name} is out of range: {d:g} yards away, range {r:g}"
                              + (f" (twice: {limit:g})" if limit != r else ""), "out_of_range")]
        return []
    if roll.ranged:
        return []
    reach = rs.hooks["reach_yd"](state, rs, roll.roller, roll.weapon, roll.option)
    if d > reach:
        return [Violation(f"{tgt.name} is out of reach: {d:g} yards away, reach {reach:g}"
                          f" ({att.name})", "out_of_reach")]
    return []


# --- Move, Rush, Retreat on the interim geometry ------------------------------------------------


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


def register(rs: Ruleset) -> None:
    """Register the interim pieces (called before the plug-ins that replace them)."""
    rs.register_hook("distance_yd", distance_yd)
    rs.register_hook("distance_from", distance_from)
    rs.register_hook("reach_yd", reach_yd)
    rs.register_hook("plan_path", plan_path)
    rs.register_hook("forced_path", forced_path)
    rs.register_target_check("reach_range", reach_range_check)
    for cls in (Move, Rush, Retreat):
        rs.register_action(cls, _v_move, _r_move)
