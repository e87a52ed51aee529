"""A smaller budget's search answered from a bigger one's (``reachable_within``: the move,
retreat and charge areas from the rush area's search) is exactly the search with its own
budget.

On the oracle's random maps (water calm and rough, pits, ledges, hills, walls, allies,
enemies; prone, flying, climbing, swimming and big movers; a run-up already taken; the three
diagonal rules), made big enough that the smaller window holds less than the bigger one: the
same costs, paths, stopping squares and cost grid as ``reachable`` with that budget.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.ascii_grid import parse_ascii
from game.rules.battlefield import Battlefield, Terrain
from game.rules.body import Body
from game.rules.geometry import pathing_search
from game.rules.geometry.pathing import Mover, MoveRules, terrain_costs
from game.rules.geometry.pathing_search import reachable, reachable_within
from tests.rules.geometry.test_search_oracle import assert_same, scenes

FEATURES = st.sampled_from(["pond", "pond", "stream", "pit", "rise", "ledge", "terraces",
                            "rough", "wall", "difficult"])


@st.composite
def sparse_scenes(draw):  # type: ignore[no-untyped-def]
    """Plain ground with a few things on it, here and there: a smaller window often holds
    less than a bigger one (a pond, a stream, a pit, a rise, a ledge, terraces of half-yard
    steps, rough water, a wall, difficult ground), so their searches may take other branches."""
    w, h = draw(st.integers(12, 30)), draw(st.integers(12, 30))
    bf = Battlefield.blank(w, h)
    for _ in range(draw(st.integers(0, 5))):
        kind = draw(FEATURES)
        fw, fh = draw(st.integers(1, 6)), draw(st.integers(1, 6))
        fx, fy = draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))
        box = (slice(fy, fy + fh), slice(fx, fx + fw))
        if kind == "stream":
            box = (slice(fy, fy + draw(st.integers(1, 4))), slice(0, w)) if draw(
                st.booleans()) else (slice(0, h), slice(fx, fx + draw(st.integers(1, 4))))
        if kind in ("pond", "stream"):
            bf.terrain[box] = Terrain.LIQUID
        elif kind == "rough":
            bf.terrain[box] = Terrain.LIQUID | Terrain.TREACHEROUS
        elif kind == "pit":
            bf.elevation[box] = draw(st.sampled_from([-1, -2, -4, -6]))
        elif kind == "rise":
            bf.elevation[box] = draw(st.sampled_from([0.5, 1, 2, 3, 6]))
        elif kind == "ledge":
            bf.elevation[fy:, :] = draw(st.sampled_from([1, 2, -2, 6]))
        elif kind == "terraces":
            for y in range(fy, min(h, fy + fh)):
                for x in range(fx, min(w, fx + fw)):
                    bf.elevation[y, x] = draw(st.sampled_from([0, 0.5, 1]))
        elif kind == "wall":
            bf.terrain[box] = Terrain.IMPASSABLE
        else:
            bf.terrain[box] = Terrain.DIFFICULT
    space = draw(st.sampled_from([1, 1, 1, 2]))
    sx, sy = draw(st.integers(0, w - space)), draw(st.integers(0, h - space))
    bf.terrain[sy:sy + space, sx:sx + space] = 0
    others = []
    for _ in range(draw(st.integers(0, 4))):
        b = Body((draw(st.integers(0, w - 1)), draw(st.integers(0, h - 1))))
        if abs(b.square[0] - sx) > space or abs(b.square[1] - sy) > space:
            others.append(b)
    n_enemies = draw(st.integers(0, len(others)))
    flying = draw(st.integers(0, 12)) == 0
    mover = Mover(
        space=space,
        prone=not flying and draw(st.integers(0, 6)) == 0,
        flying=flying,
        altitude_yd=3.0 if flying else 0.0,
        agility_mod=draw(st.integers(-2, 6)),
        traits=draw(st.sampled_from([frozenset(), frozenset(), frozenset({"climb"}),
                                     frozenset({"swim"})])),
        moved_yd=draw(st.sampled_from([0.0, 0.0, 1.0, 2.0])),
    )
    rules = MoveRules(diagonal_rule=draw(st.sampled_from(["chebyshev", "alternating",
                                                          "euclidean"])))
    kw = dict(start=(sx, sy), allies=others[n_enemies:], enemies=others[:n_enemies],
              diagonals_before=draw(st.integers(0, 1)))
    return bf, mover, rules, kw


def _same_from_bigger(bf, mover, rules, kw, small, more) -> None:  # type: ignore[no-untyped-def]
    """The smaller budget answered from the bigger search is its own search."""
    tc = terrain_costs(bf, mover=mover, rules=rules)
    big = reachable(tc, budget_yd=small + more, **kw)
    got = reachable_within(big, small, allies=kw["allies"], enemies=kw["enemies"],
                           diagonals_before=kw["diagonals_before"])
    own = reachable(tc, budget_yd=small, **kw)
    assert_same(got, own)
    assert (got.x0, got.y0, got.hw, got.ww) == (own.x0, own.y0, own.hw, own.ww)  # its window


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenes(max_side=26), st.sampled_from([0, 1, 2, 2.5, 3, 4, 5, 6, 8]),
       st.sampled_from([0, 1, 2, 3, 5, 8, 10]))
def test_a_smaller_budget_from_a_bigger_search_is_its_own_search(scene, small, more) -> None:  # type: ignore[no-untyped-def]
    bf, mover, rules, kw = scene
    kw = dict(kw, threats=(), exempt=(), max_attacks=0, guaranteed_step=False)
    kw.pop("budget_yd")
    _same_from_bigger(bf, mover, rules, kw, small, more)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sparse_scenes(), st.sampled_from([0, 1, 2, 3, 4, 5, 6, 8]),
       st.sampled_from([1, 2, 4, 6, 8, 12]))
def test_on_sparse_maps_too(scene, small, more) -> None:  # type: ignore[no-untyped-def]
    _same_from_bigger(*scene, small, more)


def _rounds_run(monkeypatch):  # type: ignore[no-untyped-def]
    """A list that gets an entry for each search's rounds run."""
    runs: list[float] = []
    search = pathing_search._search

    def counted(*a, **kw):  # type: ignore[no-untyped-def]
        runs.append(kw["budget_yd"])
        return search(*a, **kw)

    monkeypatch.setattr(pathing_search, "_search", counted)
    return runs


def test_the_rush_search_serves_a_move_where_the_windows_agree(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A dry field both windows see alike: the move area is cut from the rush search (no
    rounds of its own), and it is the move's own search, window and all."""
    tc = terrain_costs(parse_ascii("\n".join(["." * 30] * 30)), mover=Mover())
    rush = reachable(tc, start=(15, 15), budget_yd=20)
    runs = _rounds_run(monkeypatch)
    move = reachable_within(rush, 10)
    move.path_to((5, 5))
    assert runs == []  # no search of its own
    assert_same(move, reachable(tc, start=(15, 15), budget_yd=10))


def test_water_only_the_rush_reaches_leaves_the_move_to_the_rush_search(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """A stream only the rush reaches: the rush search follows the run-up (a swim runs no
    yards), the move's dry window would not, but there the yards run are the cost so far."""
    rows = ["." * 30] * 30
    rows[2] = "~" * 30  # 13 squares up: in the rush's window, not the move's
    tc = terrain_costs(parse_ascii("\n".join(rows)), mover=Mover())
    rush = reachable(tc, start=(15, 15), budget_yd=20)
    runs = _rounds_run(monkeypatch)
    move = reachable_within(rush, 10)
    move.path_to((5, 5))
    assert runs == []
    assert_same(move, reachable(tc, start=(15, 15), budget_yd=10))


def _cut(rm, budget):  # type: ignore[no-untyped-def]
    """The naive derivation (labels beyond the budget dropped, whatever the windows hold)."""
    out = rm.dist > budget + 1e-9
    return replace(rm, budget_yd=budget, dist=np.where(out, np.inf, rm.dist),
                   parent=np.where(out, -1, rm.parents()), find_parents=None)


def test_a_window_with_swims_and_no_running_jump_keeps_its_own_parents() -> None:
    """A swimmer by a one-square pond (no running jump over it), a wide stream only the rush
    reaches (a running jump): the rush's search follows the run-up and so, of paths that
    cost the same, takes the one on foot; the move's does not. Cut from the rush, the path
    round the pond would be the move's answer, not the move's own path through it: the costs
    are the rush's, the parents the move's own rule picks."""
    rows = [list("." * 30) for _ in range(30)]
    for y in (1, 2, 3):
        rows[y] = list("~" * 30)
    rows[15][16] = "~"
    tc = terrain_costs(parse_ascii("\n".join("".join(r) for r in rows)),
                       mover=Mover(traits=frozenset({"swim"})))
    rush = reachable(tc, start=(15, 15), budget_yd=20)
    own = reachable(tc, start=(15, 15), budget_yd=10)
    assert _cut(rush, 10).path_to((17, 15)) != own.path_to((17, 15))  # the check matters
    assert_same(reachable_within(rush, 10), own)


def test_a_window_with_a_diagonal_take_off_is_searched() -> None:
    """Half-yard terraces (no step between side-by-side squares is a drop, the diagonal ones
    are) and a pit only the rush's window holds: both searches have jump edges (a diagonal
    drop is a take-off: TerrainCosts.gap) and jump diagonally over a lower square, so the
    move's area is the rush's cut (before, the move's window had none and walked round)."""
    bf = Battlefield.blank(40, 30)
    for y in range(30):
        for x in range(40):
            bf.elevation[y, x] = 0.5 * abs(x - 16) + 0.5 * abs(y - 14)
    bf.elevation[0, 30] = -10.0  # a pit far away
    tc = terrain_costs(bf, mover=Mover(moved_yd=2.0))  # its run-up taken: no run-up label
    rush = reachable(tc, start=(15, 13), budget_yd=20)
    own = reachable(tc, start=(15, 13), budget_yd=10)
    assert rush.branch[:2] == (True, False) and own.branch[:2] == (True, False)
    assert _cut(rush, 10).cost_to((17, 15)) == own.cost_to((17, 15))
    assert_same(reachable_within(rush, 10), own)
