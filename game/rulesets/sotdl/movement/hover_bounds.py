"""How far the plan of a hovered square outside this turn's reach has to search (issue 12).

Seed SotDL: Move, Jump. The hover shows a path to a square the reach map does not hold only
where the move's own plan (``plan_path`` of [start, square], its search bounded by 4 yards a
square + 8) comes out legal. Its path costs more than the move left, so it is legal only
where the first step past the move is one the plan lets through: the last step, a jump that
comes down short (out of movement mid-jump), or a climb down a drop of ``safe_drop_yd`` or
more it cannot pay for (jumped instead: a fall that ends the move there). Both start from a
square within the move, whose cost the reach map holds (the same search within the budget).
So, with no such drop beside a square in reach:

* no jump from a square in reach onto the hovered one: no plan of it is legal (out of reach,
  no search);
* else a legal plan costs at most the budget plus the dearest jump onto it: the same search
  (same window, same edges) stopped there (``stop_yd``) finds the very same path, and where
  it does not find the square the whole search's path is not legal either.

A drop beside a square in reach (the fall may come anywhere along the path), a straight jump
from the start (``path_through`` stops that search at the move itself) and whatever this
module cannot vouch for get the whole search.
"""

from __future__ import annotations

import math

import numpy as np

from game.rules.battlefield import Square
from game.rules.engine import EncounterState, Ruleset, WalkMode
from game.rules.geometry.pathing import TerrainCosts, step_cost
from game.rules.geometry.pathing_search import EPS, ReachMap, blocked_anchors, over_gap
from game.rulesets.sotdl.movement.facts import mount_of, others, terrain_for

UNIT_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))

#: the last few answers of :func:`_drop_in_reach`: [(reach map, answer)]
_DROPS: list[tuple[ReachMap, bool]] = []


def hover_stop(state: EncounterState, rs: Ruleset, walker: str, budget: float, wm: WalkMode,
               rm: ReachMap, tgt: Square) -> tuple[bool, float | None]:
    """(may the plan of ``tgt`` be legal, where its search may stop: None for the whole
    search) for a square in bounds that ``rm`` (the cheapest reach map of this turn's move)
    does not reach."""
    c = state.creatures[walker]
    start = c.body.square
    tc = terrain_for(state, rs, walker)
    m = tc.mover
    d = max(abs(tgt[0] - start[0]), abs(tgt[1] - start[1]))
    moved0 = c.turn.ran_yd if state.active == walker else 0.0
    if d <= 1 or m.flying or m.moved_yd != moved0 or (wm.kind == "charge" and
                                                       mount_of(state, walker)):
        return True, None  # a step (no search), or not the reach map's search
    dx, dy = tgt[0] - start[0], tgt[1] - start[1]
    if (dx == 0 or dy == 0 or abs(dx) == abs(dy)) and over_gap(tc, start, tgt):
        return True, None  # a straight jump: path_through stops its search at the move
    _, enemies = others(state, walker)
    if blocked_anchors(tc, enemies=enemies)[tgt[1], tgt[0]]:
        return True, None  # a wall or an enemy: path_through plans it without a search
    if not _same_jumps(tc, start, rm, 4.0 * d + 8.0):
        return True, None  # the whole search's window has jumps the reach map's has not
    if _drop_in_reach(tc, rm):
        return True, None
    top = _dearest_jump_onto(tc, rm, tgt)
    if top is None:
        return False, None
    return True, budget + top


def _same_jumps(tc: TerrainCosts, start: Square, rm: ReachMap, whole_yd: float) -> bool:
    """True if the whole search's window and the reach map's both have jump edges or both
    have none (``reachable``: only a window holding a drop or water has them), so their costs
    within the budget are the same."""
    m = tc.mover
    if m.prone or m.flying:
        return True
    h, w = tc.shape
    sx, sy = start
    r = int(math.floor(whole_yd + EPS))
    big = bool(tc.gap[max(0, sy - r):min(h, sy + r + 1), max(0, sx - r):min(w, sx + r + 1)].any())
    small = bool(tc.gap[rm.y0:rm.y0 + rm.hw, rm.x0:rm.x0 + rm.ww].any())
    return big == small


def _drop_in_reach(tc: TerrainCosts, rm: ReachMap) -> bool:
    """True if a square the reach map reaches is beside one lower by ``safe_drop_yd`` or more
    (Seed SotDL: Jump: a drop that far is climbed or fallen: a plan may fall there)."""
    for r, hit in _DROPS:
        if r is rm:
            return hit
    e = tc.elev
    h, w = tc.shape
    y0, x0 = rm.y0, rm.x0
    reached = np.isfinite(rm.window_costs())
    # the window and a ring around it (the lower neighbour may lie just outside)
    ya, yb, xa, xb = max(0, y0 - 1), min(h, y0 + rm.hw + 1), max(0, x0 - 1), min(w, x0 + rm.ww + 1)
    ring = np.full((rm.hw + 2, rm.ww + 2), np.inf)
    ring[ya - y0 + 1:yb - y0 + 1, xa - x0 + 1:xb - x0 + 1] = e[ya:yb, xa:xb]
    here = ring[1:-1, 1:-1]
    low = np.zeros(reached.shape, dtype=bool)
    for ux, uy in UNIT_DIRS:
        nb = ring[1 + uy:1 + uy + rm.hw, 1 + ux:1 + ux + rm.ww]
        low |= here - nb >= tc.rules.safe_drop_yd - EPS
    out = bool((low & reached).any())
    _DROPS[:] = [(rm, out)] + _DROPS[:3]
    return out


def _dearest_jump_onto(tc: TerrainCosts, rm: ReachMap, tgt: Square) -> float | None:
    """The dearest step over an edge or jump across onto ``tgt`` from a square in reach (at
    either run-up and diagonal parity), or None if there is none (Seed SotDL: Jump)."""
    m, r = tc.mover, tc.rules
    h, w = tc.shape
    lmax = m.jump_across_yd(running=True, rules=r) + 1  # the search's longest jump
    tx, ty = tgt
    top: float | None = None
    for ux, uy in UNIT_DIRS:
        for k in range(1, lmax + 1):
            u = (tx - ux * k, ty - uy * k)
            if not (0 <= u[0] < w and 0 <= u[1] < h):
                break
            if not math.isfinite(rm.cost_to(u)):
                continue
            if k == 1 and abs(float(tc.elev[ty, tx] - tc.elev[u[1], u[0]])) <= r.step_up_yd:
                continue  # a level step: not over an edge
            for moved in (0.0, r.run_up_yd):
                for diags in (0, 1):
                    st = step_cost(tc, u, tgt, diagonals_before=diags, moved_yd=moved)
                    # a jump beyond the rule is priced as the Agility challenge (plan_path)
                    cost = st.cost_yd if math.isfinite(st.cost_yd) else (
                        st.length_yd + max(st.dz_yd, 0.0) if st.kind in ("too_far", "too_high")
                        else None)
                    if cost is not None and (top is None or cost > top):
                        top = cost
    return top
