"""The fast search answers exactly what the search before issue 12's speed-up did.

``reference_search.reachable`` is that search, kept verbatim (whole-window rounds, dense edge
rows). On random maps with water (calm and rough), pits, ledges, hills, difficult and
treacherous ground, unclimbable faces, walls, allies, enemies and threats, for movers of every
kind (big, prone, climbers, swimmers, jumpers, a run-up already taken, flyers) under the three
diagonal rules, both searches give the same cost, the same path (parents) and the same layer
for every square, the same stopping squares and the same cost grid.
"""

from __future__ import annotations

import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.battlefield import Battlefield, Terrain
from game.rules.body import Body
from game.rules.geometry.occupancy import overlaps
from game.rules.geometry.pathing import Mover, MoveRules, terrain_costs
from game.rules.geometry.pathing_search import ReachMap, reachable
from game.rules.geometry.reach import Threat
from tests.rules.geometry import reference_search

CELLS = st.sampled_from([
    0, 0, 0, 0, 0, 0, Terrain.DIFFICULT, Terrain.IMPASSABLE, Terrain.LIQUID, Terrain.LIQUID,
    Terrain.LIQUID | Terrain.TREACHEROUS, Terrain.TREACHEROUS, Terrain.UNCLIMBABLE,
])
HEIGHTS = st.sampled_from([0, 0, 0, 0, 0, 0, 0.5, 1, 1, 2, -2, -4, -4, 6])


@st.composite
def scenes(draw, max_side=15):  # type: ignore[no-untyped-def]
    w, h = draw(st.integers(3, max_side)), draw(st.integers(3, max_side))
    bf = Battlefield.blank(w, h)
    flat_rows = draw(st.booleans())  # whole rows of one height: pits and ledges with edges
    for y in range(h):
        row_z = draw(HEIGHTS)
        for x in range(w):
            bf.terrain[y, x] = draw(CELLS)
            bf.elevation[y, x] = row_z if flat_rows and draw(st.booleans()) else draw(HEIGHTS)
    space = draw(st.sampled_from([1, 1, 1, 2]))
    sx, sy = draw(st.integers(0, w - space)), draw(st.integers(0, h - space))
    for dy in range(space):
        for dx in range(space):
            bf.terrain[sy + dy, sx + dx] = draw(st.sampled_from([0, 0, Terrain.LIQUID]))
    others = []
    for _ in range(draw(st.integers(0, 5))):
        ox, oy = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
        b = Body((ox, oy), space=draw(st.sampled_from([1, 1, 2])))
        if not overlaps(b, Body((sx, sy), space=space)):
            others.append(b)
    n_enemies = draw(st.integers(0, len(others)))
    flying = draw(st.integers(0, 9)) == 0
    mover = Mover(
        space=space,
        prone=not flying and draw(st.integers(0, 4)) == 0,
        flying=flying,
        altitude_yd=3.0 if flying else 0.0,
        agility_mod=draw(st.integers(-2, 6)),
        traits=draw(st.sampled_from([frozenset(), frozenset(), frozenset({"climb"}),
                                     frozenset({"swim"}), frozenset({"balance"})])),
        moved_yd=draw(st.sampled_from([0.0, 0.0, 0.0, 1.0, 2.0])),
    )
    rules = MoveRules(diagonal_rule=draw(st.sampled_from(["chebyshev", "chebyshev",
                                                          "alternating", "euclidean"])))
    enemies = others[:n_enemies]
    threats = [Threat(f"t{i}", b, draw(st.sampled_from([1.0, 1.0, 2.0])))
               for i, b in enumerate(enemies)]
    kw = dict(
        start=(sx, sy),
        budget_yd=draw(st.sampled_from([1, 2, 2.5, 4, 5, 6, 10, 12])),
        allies=others[n_enemies:],
        enemies=enemies,
        threats=threats,
        exempt=draw(st.sampled_from([(), ("t0",)])),
        max_attacks=draw(st.sampled_from([0, 0, 0, 1, 3])) if threats else 0,
        diagonals_before=draw(st.integers(0, 1)),
        guaranteed_step=mover.prone and draw(st.booleans()),
    )
    return bf, mover, rules, kw


def assert_same(fast: ReachMap, ref: ReachMap) -> None:
    """Every answer a ReachMap gives is the same in both."""
    assert fast.squares() == ref.squares()
    assert (fast.cost_grid() == ref.cost_grid()).all()
    assert fast.layers == ref.layers
    for y in range(ref.y0 - 1, ref.y0 + ref.hw + 1):
        for x in range(ref.x0 - 1, ref.x0 + ref.ww + 1):
            for layer in [None, *range(ref.layers)]:
                a, b = fast.cost_to((x, y), layer=layer), ref.cost_to((x, y), layer=layer)
                assert a == b or (math.isinf(a) and math.isinf(b)), ((x, y), layer, a, b)
                assert fast.path_to((x, y), layer=layer) == ref.path_to((x, y), layer=layer), (
                    (x, y), layer)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes())
def test_fast_search_answers_what_the_reference_did(scene) -> None:  # type: ignore[no-untyped-def]
    bf, mover, rules, kw = scene
    tc = terrain_costs(bf, mover=mover, rules=rules)
    assert_same(reachable(tc, **kw), reference_search.reachable(tc, **kw))


def test_a_landing_whose_jump_lost_its_run_up_answers_what_the_reference_did() -> None:
    """The take-off is first reached on foot (run-up made: the running jump lands), then more
    cheaply by swimming (no run-up: the jump is gone, the landing keeps its cost): the
    reference's path there reads yards run by states it never reached, and the fast search
    gives that very path too (it reruns the search that keeps them)."""
    bf = Battlefield.blank(9, 5)
    bf.terrain[:, :] = Terrain.IMPASSABLE
    for (x, y), (ter, z) in {
        (0, 2): (0, 1.5), (1, 2): (Terrain.DIFFICULT, -0.5), (2, 2): (0, 0.0),  # on foot
        (0, 1): (Terrain.LIQUID, 1.0), (1, 0): (Terrain.LIQUID, 0.5),  # the swim
        (2, 1): (Terrain.LIQUID, 0.0), (0, 0): (0, 1.0), (2, 0): (0, 0.25),
        (3, 2): (Terrain.UNCLIMBABLE, -6.0), (4, 2): (Terrain.UNCLIMBABLE, -6.0),
        (5, 2): (Terrain.UNCLIMBABLE, -6.0), (6, 2): (0, 0.0),  # the pit, the landing
    }.items():
        bf.terrain[y, x], bf.elevation[y, x] = ter, z
    tc = terrain_costs(bf, mover=Mover(traits=frozenset({"swim"})))
    kw = dict(start=(0, 2), budget_yd=10)
    fast = reachable(tc, **kw)
    assert fast.cost_to((2, 2)) == 4.0 and fast.cost_to((6, 2)) == 9.0
    assert_same(fast, reference_search.reachable(tc, **kw))


def test_a_landing_whose_jump_lost_its_run_up_on_a_window_without_swims_or_climbs() -> None:
    """The same where the run-up is the cost so far (a 5-yard run-up, nothing to swim or
    climb): the take-off is first reached over a drop into difficult ground (5 yards: the
    jump lands), then down a gentle slope for 4 (no run-up). The reference's parent for the
    landing comes from the labels its rounds leave beyond the budget; the fast search, which
    relaxes jumps from the take-offs that changed, reruns them the reference's way."""
    bf = Battlefield.blank(9, 5)
    u = Terrain.UNCLIMBABLE
    bf.terrain[:, :] = Terrain.IMPASSABLE | u
    for (x, y), (ter, z) in {
        (0, 2): (0, 2.0), (1, 2): (Terrain.DIFFICULT | u, 0.0), (2, 2): (0, 0.0),  # the drop
        (0, 1): (0, 1.5), (0, 0): (0, 1.5), (1, 0): (0, 1.0), (2, 0): (0, 1.0),  # the slope
        (2, 1): (0, 0.5), (3, 2): (u, -6.0), (4, 2): (u, -6.0), (5, 2): (u, -6.0),
        (6, 2): (0, 0.0),
    }.items():
        bf.terrain[y, x], bf.elevation[y, x] = ter, z
    tc = terrain_costs(bf, mover=Mover(), rules=MoveRules(run_up_yd=5.0))
    kw = dict(start=(0, 2), budget_yd=10)
    fast = reachable(tc, **kw)
    assert fast.cost_to((2, 2)) == 4.0 and fast.cost_to((6, 2)) == 9.0
    assert_same(fast, reference_search.reachable(tc, **kw))
