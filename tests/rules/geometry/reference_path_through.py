"""``path_through`` as it was before issue 12's bounded hovers (main b3219b5), verbatim but for
its docstring's example: every gap between waypoints searched 4 yards a square + 8 (or
``budget_yd``) with no stop, walls and enemies searched for too. The reference of
test_search_stops and tests/rulesets/sotdl/test_hover_bounds (the search it calls is the
current one: test_search_oracle checks that against the search before issue 12)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from game.rules.battlefield import Square
from game.rules.body import Body
from game.rules.geometry.pathing import INF, Step, TerrainCosts, step_cost
from game.rules.geometry.pathing_search import (
    EPS,
    PathCost,
    _with_moved,
    blocked_anchors,
    describe_path,
    over_gap,
    reachable,
)


def path_through(
    tc: TerrainCosts,
    *,
    waypoints: Sequence[Square],
    budget_yd: float | None = None,
    allies: Sequence[Body] = (),
    enemies: Sequence[Body] = (),
    diagonals_before: int = 0,
    moved_yd: float = 0.0,
    ways: Mapping[Square, str] | None = None,
    move_yd: float | None = None,
) -> PathCost:
    """The cheapest path through the GM's waypoints in order, step by step (Seed SotDL: Move).

    Consecutive waypoints in a straight line one step apart (or a straight jump) are taken
    as drawn, so a GM can draw an exact route, a jump or even a deliberate drop (a ``fall``
    step, cost inf). Longer gaps are filled with the cheapest path. ``ways``: the GM's way over
    the edge into a square (climb, jump, fall: ``pathing.WAYS``), by that square. A straight
    waypoint over a gap (a pit, a stream) the rule does not let the mover clear is tried as
    a jump (Seed SotDL: Jump: "If you try to jump farther, the GM can call for an Agility
    challenge roll") when no other way gets there within ``move_yd`` (the movement left this
    turn; None: within the search), whatever the search's bound ``budget_yd``."""
    blocked = blocked_anchors(tc, enemies=enemies)
    squares: list[Square] = [waypoints[0]]
    for a, b in zip(waypoints, waypoints[1:], strict=False):
        dx, dy = b[0] - a[0], b[1] - a[1]
        if (dx, dy) == (0, 0):
            continue  # a repeated waypoint
        straight = dx == 0 or dy == 0 or abs(dx) == abs(dy)
        if max(abs(dx), abs(dy)) == 1:
            squares.append(b)
            continue
        so_far = describe_path(
            tc, squares, blocked=blocked, diagonals_before=diagonals_before, moved_yd=moved_yd,
            ways=ways,
        )
        jump = straight and over_gap(tc, a, b)
        if jump and math.isfinite(step_cost(tc, a, b, moved_yd=so_far.ran_yd).cost_yd):
            squares.append(b)  # a jump the GM drew, within the rule
            continue
        left = (
            4.0 * max(abs(dx), abs(dy)) + 8.0 if budget_yd is None else budget_yd - so_far.cost_yd
        )
        diags = diagonals_before + sum(
            1 for p, q in zip(squares, squares[1:], strict=False) if p[0] != q[0] and p[1] != q[1]
        )
        mover_moved = so_far.ran_yd
        tc_seg = tc if mover_moved == tc.mover.moved_yd else _with_moved(tc, mover_moved)
        rm = reachable(
            tc_seg,
            start=a,
            budget_yd=max(left, 0.0),
            allies=allies,
            enemies=enemies,
            diagonals_before=diags,
        )
        seg = rm.path_to(b)
        if jump and move_yd is not None and seg is not None and \
                so_far.cost_yd + rm.cost_to(b) > move_yd + EPS:
            seg = None  # only a later turn gets there another way: this turn, the jump
        if seg is None and jump:
            squares.append(b)  # no other way: the jump is tried (the GM's Agility challenge)
            continue
        if seg is None:
            pc = describe_path(
                tc, squares, blocked=blocked, diagonals_before=diagonals_before, moved_yd=moved_yd,
                ways=ways,
            )
            return PathCost(pc.steps + (Step(b, INF, "unreachable"),), INF, tuple(squares) + (b,))
        squares.extend(seg[1:])
    return describe_path(
        tc, squares, blocked=blocked, diagonals_before=diagonals_before, moved_yd=moved_yd,
        ways=ways,
    )


