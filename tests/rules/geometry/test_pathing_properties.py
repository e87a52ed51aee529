"""Property tests for the searches: budgets hold, nobody ends in a wall or a creature, and the
vectorized search agrees step by step with the scalar step costs."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.battlefield import Battlefield, Terrain
from game.rules.body import Body
from game.rules.geometry.occupancy import overlaps
from game.rules.geometry.pathing import Mover, MoveRules, terrain_costs
from game.rules.geometry.pathing_search import blocked_anchors, describe_path, reachable

CELLS = st.sampled_from(
    [0, 0, 0, 0, Terrain.DIFFICULT, Terrain.IMPASSABLE, Terrain.LIQUID, Terrain.TREACHEROUS]
)


@st.composite
def scenes(draw):  # type: ignore[no-untyped-def]
    w, h = draw(st.integers(3, 9)), draw(st.integers(3, 9))
    bf = Battlefield.blank(w, h)
    for y in range(h):
        for x in range(w):
            bf.terrain[y, x] = draw(CELLS)
            bf.elevation[y, x] = draw(st.sampled_from([0, 0, 0, 1, 2, 6]))
    space = draw(st.sampled_from([1, 1, 2]))
    sx, sy = draw(st.integers(0, w - space)), draw(st.integers(0, h - space))
    for dy in range(space):
        for dx in range(space):
            bf.terrain[sy + dy, sx + dx] = 0
    others = []
    for _ in range(draw(st.integers(0, 4))):
        ox, oy = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
        b = Body((ox, oy))
        if not overlaps(b, Body((sx, sy), space=space)):
            others.append(b)
    n_enemies = draw(st.integers(0, len(others)))
    mover = Mover(
        space=space,
        prone=draw(st.booleans()),
        agility_mod=draw(st.integers(-2, 6)),
        traits=draw(st.sampled_from([frozenset(), frozenset({"climb"}), frozenset({"swim"})])),
        moved_yd=draw(st.sampled_from([0.0, 0.0, 1.0, 2.0])),  # the run-up already taken
    )
    rule = draw(st.sampled_from(["chebyshev", "alternating", "euclidean"]))
    budget = draw(st.sampled_from([1, 2.5, 4, 6, 10]))
    return (
        bf,
        mover,
        MoveRules(diagonal_rule=rule),
        (sx, sy),
        others[:n_enemies],
        others[n_enemies:],
        budget,
    )


@settings(max_examples=150, deadline=None)
@given(scenes())
def test_reachable_respects_budget_walls_and_creatures(scene) -> None:  # type: ignore[no-untyped-def]
    bf, mover, rules, start, enemies, allies, budget = scene
    tc = terrain_costs(bf, mover=mover, rules=rules)
    rm = reachable(tc, start=start, budget_yd=budget, allies=allies, enemies=enemies)
    blocked = blocked_anchors(tc, enemies=enemies)
    for sq, cost in rm.squares().items():
        assert cost <= budget + 1e-9
        body = Body(sq, space=mover.space)
        assert not tc.wall[sq[1], sq[0]]
        if sq != start:
            assert not any(overlaps(body, o) for o in enemies + allies)
        path = rm.path_to(sq)
        assert path is not None and path[0] == start and path[-1] == sq
        pc = describe_path(tc, path, blocked=blocked, moved_yd=mover.moved_yd)
        assert math.isclose(pc.cost_yd, cost, abs_tol=1e-6), (path, pc.steps, cost)
