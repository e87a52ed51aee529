"""A search stopped short answers what the whole search did, as far as it goes (issue 12).

``reachable(..., stop_yd=s)`` keeps the window and edges of its budget and ends at ``s``:
every cost and path within ``s`` is the whole search's, everything beyond unreached.
``path_through`` stops a straight jump's search at the move (a dearer path gives way to the
jump anyway) and never searches for a wall or an enemy: it answers exactly what it did before
(tests/rules/geometry/reference_path_through.py), for every square of random maps (the
oracle's: water, pits, ledges, hills, walls, allies, enemies, movers of every kind).
"""

from __future__ import annotations

import math
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.geometry.pathing import terrain_costs
from game.rules.geometry.pathing_search import path_through, reachable
from tests.rules.geometry import reference_path_through
from tests.rules.geometry.test_search_oracle import scenes


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.sampled_from([0.0, 1.0, 2.5, 3.0, 5.0, 7.5]))
def test_a_stopped_search_is_the_whole_search_as_far_as_it_goes(scene: Any, stop: float) -> None:
    bf, mover, rules, kw = scene
    tc = terrain_costs(bf, mover=mover, rules=rules)
    kw = {**kw, "guaranteed_step": False}
    whole = reachable(tc, **kw)
    part = reachable(tc, **kw, stop_yd=stop)
    h, w = tc.shape
    for y in range(h):
        for x in range(w):
            for layer in [None, *range(whole.layers)]:
                c = whole.cost_to((x, y), layer=layer)
                if c <= stop + 1e-9:
                    assert part.cost_to((x, y), layer=layer) == c, ((x, y), layer)
                    assert part.path_to((x, y), layer=layer) == whole.path_to((x, y),
                                                                               layer=layer)
                elif layer is not None or math.isinf(c):
                    assert math.isinf(part.cost_to((x, y), layer=layer)), ((x, y), layer)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(), st.sampled_from([None, None, 2.0, 6.0, 30.0]),
       st.sampled_from([None, 1.0, 3.0, 6.0]))
def test_path_through_answers_what_it_did(scene: Any, bound: float | None,
                                          move: float | None) -> None:
    bf, mover, rules, kw = scene
    tc = terrain_costs(bf, mover=mover, rules=rules)
    h, w = tc.shape
    start = kw["start"]
    args = dict(allies=kw["allies"], enemies=kw["enemies"], budget_yd=bound, move_yd=move,
                diagonals_before=kw["diagonals_before"], moved_yd=mover.moved_yd)
    whole = reachable(tc, start=start, budget_yd=60.0, allies=kw["allies"],
                      enemies=kw["enemies"], diagonals_before=kw["diagonals_before"])
    for y in range(h):
        for x in range(w):
            pts = [start, (x, y)]
            # the move's edge: just the walk there, a little less, a little more
            c = whole.cost_to((x, y))
            dx, dy = x - start[0], y - start[1]
            straight = dx == 0 or dy == 0 or abs(dx) == abs(dy)
            for m in [move] + ([c, c - 0.5, c + 0.5] if straight and math.isfinite(c) else []):
                a = {**args, "move_yd": m}
                assert path_through(tc, waypoints=pts, **a) == \
                    reference_path_through.path_through(tc, waypoints=pts, **a), ((x, y), m)
