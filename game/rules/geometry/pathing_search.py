"""Searches over movement costs: reachable squares, cheapest, safest and GM-drawn paths.

Seed SotDL: Move (move up to your Speed; difficult terrain; nobody ends in an occupied space).
The search is a label-correcting Dijkstra vectorized with numpy: every round relaxes all edges
of a window around the mover at once (one gather, one add, one min). Every step costs at
least 1 yard, so at most ``budget + 1`` rounds are needed. States are (threat layer, diagonal
parity, square): the parity carries the alternating 1-2 diagonal count, the threat layer counts
provoked free attacks for :func:`safest_path`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import NamedTuple

import numpy as np

from game.rules.battlefield import Square
from game.rules.body import Body
from game.rules.geometry.occupancy import anchors_overlapping, rasterize
from game.rules.geometry.pathing import INF, Step, TerrainCosts, step_cost
from game.rules.geometry.pathing_edges import Edges, _dir_list, _edges, _padded
from game.rules.geometry.pathing_rounds import (
    QUANTUM,
    UNREACHED,
    StateGraph,
    Weights,
    jump_table,
    packed,
    parents,
    parents_ran,
    settle,
    settle_ran,
)
from game.rules.geometry.reach import Threat, threatened_anchors
from game.rules.run_up import runs_up

EPS = 1e-9


@dataclass(eq=False)
class ReachMap:
    """Result of a reachable-area search: cost and parent of every state in a window."""

    tc: TerrainCosts
    start: Square
    budget_yd: float
    x0: int
    y0: int
    hw: int
    ww: int
    pad: int
    parities: int
    layers: int
    dist: np.ndarray  # (layers * parities * Np,) yards
    parent: np.ndarray | None  # same shape: parent state, -1 at the start or unreached
    endable: np.ndarray  # (hw, ww) bool: free to stop in
    blocked: np.ndarray  # (hw, ww) bool: walls and enemies (for corner cutting)
    # works ``parent`` out when a path is first asked for (None: it is there already)
    find_parents: Callable[[], np.ndarray] | None = field(default=None, repr=False)
    # the branch the search took: jump edges, a run-up label (what its window held decides
    # them), and a guaranteed step or a stop short of the budget: see :func:`reachable_within`
    branch: tuple[bool, bool, bool] = (False, False, False)

    def parents(self) -> np.ndarray:
        """``parent``, worked out on the first call (areas and costs never need it)."""
        if self.parent is None:
            assert self.find_parents is not None  # a search gives one or the other
            self.parent, self.find_parents = self.find_parents(), None
        return self.parent

    @property
    def _wp(self) -> int:
        return self.ww + 2 * self.pad

    @property
    def _np(self) -> int:
        return (self.hw + 2 * self.pad) * self._wp

    def _flat(self, sq: Square) -> int | None:
        x, y = sq
        if not (self.x0 <= x < self.x0 + self.ww and self.y0 <= y < self.y0 + self.hw):
            return None
        return (y - self.y0 + self.pad) * self._wp + (x - self.x0 + self.pad)

    def _square(self, flat: int) -> Square:
        f = flat % self._np
        return (f % self._wp - self.pad + self.x0, f // self._wp - self.pad + self.y0)

    def window_costs(self, layer: int = 0) -> np.ndarray:
        """(hw, ww) cheapest cost over parities in one threat layer (inf: unreachable)."""
        n = self._np
        d = self.dist.reshape(self.layers, self.parities, n)[layer].min(axis=0)
        hp = self.hw + 2 * self.pad
        d = d.reshape(hp, self._wp)[self.pad : self.pad + self.hw, self.pad : self.pad + self.ww]
        return d

    def stop_costs(self) -> np.ndarray:
        """(hw, ww) cost to reach and stop at each anchor of the window, inf otherwise."""
        return np.where(self.endable, self.window_costs(), INF)

    def cost_grid(self) -> np.ndarray:
        """Full-map (rows, cols) array: cost to reach and stop at each anchor, inf otherwise."""
        out = np.full(self.tc.shape, INF)
        out[self.y0 : self.y0 + self.hw, self.x0 : self.x0 + self.ww] = self.stop_costs()
        return out

    def squares(self) -> Mapping[Square, float]:
        """Every anchor the mover can stop at, with its cost (the start included, cost 0)."""
        return StopCosts(self.stop_costs(), self.x0, self.y0)

    def cost_to(self, sq: Square, *, layer: int | None = None) -> float:
        """Cheapest cost to reach ``sq`` (passing through is fine; stopping is :meth:`squares`)."""
        best = self._best_state(sq, layer)
        return INF if best is None else float(self.dist[best])

    def _best_state(self, sq: Square, layer: int | None) -> int | None:
        f = self._flat(sq)
        if f is None:
            return None
        n = self._np
        layers = range(self.layers) if layer is None else [layer]
        for k in layers:  # fewest provoked attacks first, then cheapest parity
            states = [(k * self.parities + p) * n + f for p in range(self.parities)]
            best = min(states, key=lambda s: self.dist[s])
            if math.isfinite(self.dist[best]):
                return best
        return None

    def path_to(self, sq: Square, *, layer: int | None = None) -> list[Square] | None:
        """Squares from the start to ``sq`` (both included) along the cheapest path, or None."""
        s = self._best_state(sq, layer)
        if s is None:
            return None
        parent = self.parents()
        out = []
        while s >= 0:
            out.append(self._square(int(s)))
            s = int(parent[s])
        return out[::-1]


class StopCosts(Mapping[Square, float]):
    """The squares a mover can stop at and their costs, read from the search's window: a
    look-up reads the array; the dict of them all is made only when something goes over them
    (the app's areas read the cost grid, never this)."""

    def __init__(self, costs: np.ndarray, x0: int, y0: int) -> None:
        self._costs, self._x0, self._y0 = costs, x0, y0
        self._all: dict[Square, float] | None = None

    def __getitem__(self, sq: Square) -> float:
        x, y = sq[0] - self._x0, sq[1] - self._y0
        h, w = self._costs.shape
        if 0 <= x < w and 0 <= y < h and self._costs[y, x] < INF:
            return float(self._costs[y, x])
        raise KeyError(sq)

    def _dict(self) -> dict[Square, float]:
        if self._all is None:
            c = self._costs
            ys, xs = np.divmod(np.flatnonzero(c < INF), c.shape[1])
            keys = zip((xs + self._x0).tolist(), (ys + self._y0).tolist(), strict=True)
            self._all = dict(zip(keys, c[ys, xs].tolist(), strict=True))
        return self._all

    def __iter__(self) -> Iterator[Square]:
        return iter(self._dict())

    def __len__(self) -> int:
        return len(self._dict())

    def __repr__(self) -> str:
        return repr(self._dict())


class _Window(NamedTuple):
    """The window a search runs in, its edges and what it holds (see :func:`_window`)."""

    R: int
    jumps: bool
    x0: int
    y0: int
    hw: int
    ww: int
    lmax: int
    pad: int
    wp: int
    n: int
    P: int
    K: int
    live: list[Threat]
    elev: np.ndarray | None
    wall: np.ndarray
    endable: np.ndarray
    blocked: np.ndarray
    E: Edges


def _window(tc: TerrainCosts, *, start: Square, budget_yd: float, allies: Sequence[Body],
            enemies: Sequence[Body], threats: Sequence[Threat], exempt: Collection[str],
            max_attacks: int, guaranteed_step: bool) -> _Window:
    """The window around ``start`` a search of ``budget_yd`` looks at, and its edges: what
    the window holds (a drop, swims, climbs) picks the edges built and the rounds run."""
    m, r = tc.mover, tc.rules
    h, w = tc.shape
    sx, sy = start
    R = int(math.floor(budget_yd + EPS)) + (1 if guaranteed_step else 0)
    x0, y0 = max(0, sx - R), max(0, sy - R)
    x1, y1 = min(w, sx + R + 1), min(h, sy + R + 1)
    hw, ww = y1 - y0, x1 - x0
    # jump-across edges only where the window holds a drop (a pit, a ditch)
    jumps = not (m.prone or m.flying) and bool(tc.gap[y0:y1, x0:x1].any())
    # a jump of L squares crosses a gap of L - 1 (Seed SotDL: Jump Across)
    lmax = m.jump_across_yd(running=True, rules=r) + 1 if jumps else 1
    P = 2 if r.diagonal_rule == "alternating" else 1
    live = [  # only threats whose reach overlaps the window can be left
        t for t in threats
        if t.id not in exempt
        and t.body.square[0] + t.body.space + t.reach_yd >= x0
        and t.body.square[0] - t.reach_yd - m.space < x1
        and t.body.square[1] + t.body.space + t.reach_yd >= y0
        and t.body.square[1] - t.reach_yd - m.space < y1
    ] if max_attacks else []
    K = max_attacks + 1
    # one block of states (no threat layers, no parity): the jumps as a list (take-offs only)
    plain = (K if live else 1) * P == 1
    # a ring of walls around the window: no step leaves it, and a jump's line out of it
    # meets a wall first (not a gap); jump rows (the blocks) reach lmax squares back
    pad = 1 if plain else max(1, lmax)
    # an anchor's footprint reaches space - 1 squares right of and below the window
    big = (hw + m.space - 1, ww + m.space - 1)
    ally_sq = rasterize(big, allies, origin=(x0, y0))
    enemy_sq = rasterize(big, enemies, origin=(x0, y0))
    sl = (slice(0, hw), slice(0, ww))
    ally_a = anchors_overlapping(ally_sq, space=m.space)[sl]
    enemy_a = anchors_overlapping(enemy_sq, space=m.space)[sl]
    wall_w = tc.wall[y0:y1, x0:x1]
    blocked = wall_w | enemy_a
    endable = ~(blocked | ally_a)
    endable[sy - y0, sx - x0] = True
    wall = _padded(blocked, pad, True)
    mult = _padded(tc.mult[y0:y1, x0:x1], pad, INF)
    hp, wp = hw + 2 * pad, ww + 2 * pad
    n = hp * wp
    ew = tc.elev[y0:y1, x0:x1]
    flat = m.flying or bool(ew.min() == ew.max())
    # elevation and climbing matter only on uneven ground, for jumps and for threats' reach
    elev = _padded(ew, pad, 0.0) if (not flat or jumps or live) else None
    climb = _padded(tc.climbable[y0:y1, x0:x1], pad, False) if not flat else None
    E = _edges(
        tc, wall.ravel(), mult.ravel(), None if elev is None else elev.ravel(),
        None if climb is None else climb.ravel(), wp, n, lmax, flat=flat,
        wet=_padded(tc.liquid[y0:y1, x0:x1], pad, False).ravel(),
        sparse=plain,
    )
    return _Window(R, jumps, x0, y0, hw, ww, lmax, pad, wp, n, P, K, live, elev, wall,
                   endable, blocked, E)


def _runs(E: Edges) -> bool:
    """True if an edge is a running jump (padding included)."""
    jl = E.jumps
    return (E.run is not None and bool(E.run.any())) or (jl is not None and bool(jl[3].any()))


def _dry(E: Edges) -> bool:
    """True if no edge is a swim or a climb (padding included) and none falls back to one."""
    return not (E.no_run is not None and bool(E.no_run.any())) and not E.climbs


def _run_up_label(E: Edges, need: float) -> bool:
    """Seed SotDL: Jump: the run-up needs its own label (the yards run, not the cost so far)
    where a running jump can be made and the window holds swims or climbs (they run no
    yards), or a running jump up that falls back to a climb without its run-up."""
    return need > EPS and _runs(E) and not _dry(E)


def reachable(
    tc: TerrainCosts,
    *,
    start: Square,
    budget_yd: float,
    allies: Sequence[Body] = (),
    enemies: Sequence[Body] = (),
    threats: Sequence[Threat] = (),
    exempt: Collection[str] = (),
    max_attacks: int = 0,
    diagonals_before: int = 0,
    guaranteed_step: bool = False,
    stop_yd: float | None = None,
) -> ReachMap:
    """Every anchor ``tc.mover`` can reach from ``start`` with ``budget_yd`` yards.

    Allies may be passed through but not stopped in; enemies block (and their squares block
    corner cutting). With ``max_attacks`` > 0 the search also counts free attacks from
    ``threats`` (layers 0..max_attacks) so :meth:`ReachMap.path_to` with ``layer=None`` gives
    the safest path. ``guaranteed_step`` lets a crawler move 1 square even if it costs more
    than the budget (Seed SotDL: Crawl, minimum 1 yard). ``stop_yd`` (below the budget) ends
    the search there, the window and its edges still the budget's: every cost and path within
    it is the whole search's (no step costs less than nothing, so none comes from beyond);
    the states beyond it are unreached.

    >>> from game.rules.ascii_grid import parse_ascii
    >>> from game.rules.geometry.pathing import Mover, terrain_costs
    >>> bf = parse_ascii('''
    ... ..#..
    ... ..#..
    ... .....
    ... ''')
    >>> rm = reachable(terrain_costs(bf, mover=Mover()), start=(0, 0), budget_yd=4)
    >>> rm.cost_to((4, 0)), rm.path_to((3, 0))
    (4.0, [(0, 0), (1, 1), (2, 2), (3, 1), (3, 0)])
    """
    wd = _window(tc, start=start, budget_yd=budget_yd, allies=allies, enemies=enemies,
                 threats=threats, exempt=exempt, max_attacks=max_attacks,
                 guaranteed_step=guaranteed_step)
    return _search(tc, wd, start=start, budget_yd=budget_yd, diagonals_before=diagonals_before,
                   guaranteed_step=guaranteed_step, stop_yd=stop_yd)


def _search(tc: TerrainCosts, wd: _Window, *, start: Square, budget_yd: float,
            diagonals_before: int, guaranteed_step: bool,
            stop_yd: float | None = None) -> ReachMap:
    """:func:`reachable` in the window ``wd`` (:func:`_window` of the same arguments)."""
    m, r = tc.mover, tc.rules
    sx, sy = start
    R, x0, y0, hw, ww, lmax, pad = wd.R, wd.x0, wd.y0, wd.hw, wd.ww, wd.lmax, wd.pad
    wp, n, P, K, E, wall = wd.wp, wd.n, wd.P, wd.K, wd.E, wd.wall
    live, elev, endable, blocked = wd.live, wd.elev, wd.endable, wd.blocked
    S, C0, C1, RUN, jlist = E.src, E.c0, E.c1, E.run, E.jumps
    # threat layers: how many threats each edge leaves the reach of
    if live:
        assert elev is not None  # computed whenever threats are live (above)
        el = elev[pad : pad + hw, pad : pad + ww]
        leaves = np.zeros(S.shape, dtype=np.int64)
        for t in live:
            inside = threatened_anchors(
                (hw, ww),
                threat=t,
                space=m.space,
                elevation=el,
                height_yd=m.height_yd,
                rule=r.diagonal_rule,
                origin=(x0, y0),
            )
            ip = _padded(inside, pad, False).ravel()
            leaves += ip[S] & ~ip[None, :]
    else:
        K = 1
        leaves = None
    B = K * P
    if B > 1:  # stack the state graph: block j = (layer k, parity q) gathers from (k - leaves, p)
        diag = np.array([dx != 0 and dy != 0 and L == 1 for dx, dy, L in _dir_list(lmax)])
        srcs, costs = [], []
        for k in range(K):
            for q in range(P):
                if P == 1:
                    p_src = np.zeros(len(diag), dtype=np.int64)
                    c = C0
                else:  # a diagonal flips the parity; parity 1 means the next diagonal costs 2
                    p_src = np.where(diag, 1 - q, q)
                    c = np.where(diag[:, None], C0 if q == 1 else C1, C0)
                ks = k - leaves if leaves is not None else np.full(S.shape, k)
                src = (ks * P + p_src[:, None]) * n + S
                costs.append(np.where(ks >= 0, c, INF))
                srcs.append(np.where(ks >= 0, src, 0))
        SRC, C = np.hstack(srcs), np.hstack(costs)  # (rows, states): state = block * n + cell
        RUNS = np.tile(RUN, (1, B)) if RUN is not None else None
        LATE = np.tile(E.late, (1, B)) if E.late is not None else None
        NO_RUN = np.tile(E.no_run, (1, B)) if E.no_run is not None else None
    else:
        SRC, C, RUNS, LATE, NO_RUN = S, C0, RUN, E.late, E.no_run
    listed = jump_table(n, *jlist) if jlist is not None else None
    step_runs = RUNS is not None and bool(RUNS.any())
    dist = np.full(B * n, INF)
    s0 = (diagonals_before % 2 if P == 2 else 0) * n + (sy - y0 + pad) * wp + (sx - x0 + pad)
    dist[s0] = 0.0
    need = r.run_up_yd - m.moved_yd
    g = StateGraph(
        SRC, C,
        _offsets(wp, lmax)[: SRC.shape[0]],
        n, ~wall.ravel(), B == 1,
        RUNS if step_runs else None, LATE if step_runs else None, listed,
    )
    over = (budget_yd if stop_yd is None else min(stop_yd, budget_yd)) + EPS
    # Seed SotDL: Jump: the run-up is the yards moved on foot (game.rules.run_up): where the
    # window holds swims or climbs, a second label follows each state's best path, the yards
    # it ran (ties in cost go to the longer run). A running jump up taken without its run-up
    # is a climb (``late``) and runs no yards either: without that label its climb would
    # count as run-up for the next jump (a stair of 1-yard steps: 3, 5, 7 ... not 3, 6, 9)
    find: Callable[[], np.ndarray]
    tracked = _run_up_label(E, need)
    pk = packed(g, NO_RUN, need=need, rounds=R + 3, over=over) if tracked else None

    def ran_by_edge() -> np.ndarray:  # the yards each edge runs (swims and climbs: none)
        fin = np.isfinite(C)
        return np.where(NO_RUN | ~fin if NO_RUN is not None else ~fin, 0.0, C)

    if pk is not None:  # the tracked search in exact arithmetic: one label
        wts, unit, top = pk
        key = np.full(dist.shape, UNREACHED)
        key[s0] = unit - 1.0  # no cost, no yards run
        settle(g, key, wts, need=need, rounds=R + 3, over=top)
        reached = key <= top
        dist = np.where(reached, np.floor(key / unit) / QUANTUM, INF)
        # where a parent reads what the rounds leave beyond the budget (or yards run by
        # states never reached): the two-label search, rerun
        find = partial(_checked_parents, g, key, wts, need, reached, s0,
                       lambda: _tracked(g, ran_by_edge(), s0, need, R + 3, over)[1]())
    elif tracked:
        dist, find = _tracked(g, ran_by_edge(), s0, need, R + 3, over)
    else:
        wts = Weights(C, LATE, _jump_cost, _cost_so_far)
        settle(g, dist, wts, need=need, rounds=R + 3, over=over)
        dist[dist > over] = INF  # beyond the budget
        find = partial(_checked_parents, g, dist, wts, need, np.isfinite(dist), s0,
                       partial(_pulled_parents, g, s0, wts, need, R + 3, over))
    rm = ReachMap(tc, start, budget_yd, x0, y0, hw, ww, pad, P, K, dist, None, endable, blocked,
                  find_parents=partial(_parents_from, find, s0),
                  branch=(wd.jumps, tracked, guaranteed_step or stop_yd is not None))
    if guaranteed_step:  # the step is a parent of its own: find them all now
        parent = rm.parents()
        _guarantee_step(dist, parent, S, C0, s0, n, budget_yd)
    return rm


def _jump_cost(cost: np.ndarray, ran: np.ndarray) -> np.ndarray:
    """The untracked search's label along a jump: its cost."""
    return cost


def reachable_within(
    rm: ReachMap,
    budget_yd: float,
    *,
    allies: Sequence[Body] = (),
    enemies: Sequence[Body] = (),
    diagonals_before: int = 0,
) -> ReachMap:
    """What :func:`reachable` answers for ``budget_yd`` (no more than ``rm``'s), the same mover,
    start, allies, enemies and diagonals before as ``rm``'s search (Seed SotDL: Move, Rush,
    Retreat: one search serves them all), from ``rm``'s labels where it can.

    A state within ``budget_yd`` gets the same label (cost, run-up) in both searches when both
    take the same branch: its paths stay within ``budget_yd`` squares of the start (every step
    costs at least 1 yard), so inside the smaller window; labels are relaxed in the same order,
    a label changed in round k costs k yards or more, and labels beyond a budget are not
    spread. The branch hangs on what a window holds (a take-off gives jump edges; swims,
    climbs and running jumps a run-up label, padding included), so the smaller window's is
    worked out. It may differ where that cannot change a label: jump edges where the smaller
    window holds no take-off at all, a run-up label where it holds no swim nor climb (the yards run
    are then the cost so far) and its costs add up exactly (no tie within the label's
    tolerance). Elsewhere this searches, as it does for threat layers and a guaranteed step.
    The parents are ``rm``'s where each comes from a state within the budget (a label whose
    jump lost its run-up keeps a parent of its own that may not): else the smaller search's.
    """
    tc = rm.tc
    wd = _window(tc, start=rm.start, budget_yd=budget_yd, allies=allies, enemies=enemies,
                 threats=(), exempt=(), max_attacks=0, guaranteed_step=False)
    own = partial(_search, tc, wd, start=rm.start, budget_yd=budget_yd,
                  diagonals_before=diagonals_before, guaranteed_step=False)
    if budget_yd <= rm.budget_yd + EPS and rm.layers == 1 and not rm.branch[2]:
        # jump edges may differ (the smaller window holds no take-off, TerrainCosts.gap): no
        # path within the budget could jump then, so no label differs
        label = _run_up_label(wd.E, tc.rules.run_up_yd - tc.mover.moved_yd)
        big_label = rm.branch[1]
        if label == big_label or (big_label and not label and _dry(wd.E) and _exact(wd.E)):
            # laid out as the smaller window's own search lays out its states
            idx = _states_in(rm, wd)
            dist = np.where(idx >= 0, rm.dist[idx], INF)
            dist[dist > budget_yd + EPS] = INF  # beyond the budget, as the search cuts it
            return ReachMap(tc, rm.start, budget_yd, wd.x0, wd.y0, wd.hw, wd.ww, wd.pad,
                            rm.parities, 1, dist, None, wd.endable, wd.blocked,
                            find_parents=partial(_parents_within, rm, idx, dist, own),
                            branch=(wd.jumps, label, False))
    return own()


def _states_in(rm: ReachMap, wd: _Window) -> np.ndarray:
    """For each state of the window ``wd`` (inside ``rm``'s, one threat layer), the same
    square and parity's state in ``rm`` (-1 in ``wd``'s padding)."""
    P = rm.parities
    big = np.arange(rm.dist.size).reshape(P, rm.hw + 2 * rm.pad, rm._wp)
    out = np.full((P, wd.hw + 2 * wd.pad, wd.wp), -1, dtype=np.int64)
    ys, xs = wd.y0 - rm.y0 + rm.pad, wd.x0 - rm.x0 + rm.pad
    out[:, wd.pad : wd.pad + wd.hw, wd.pad : wd.pad + wd.ww] = \
        big[:, ys : ys + wd.hw, xs : xs + wd.ww]
    return out.ravel()


def _parents_within(rm: ReachMap, idx: np.ndarray, dist: np.ndarray,
                    own: Callable[[], ReachMap]) -> np.ndarray:
    """``rm``'s parents of the states ``dist`` reaches (``idx``: their states in ``rm``), if
    each is one of them (or -1), else the smaller search's own."""
    inside = np.full(rm.dist.size, -1, dtype=np.int64)
    mine = np.flatnonzero(idx >= 0)
    inside[idx[mine]] = mine
    reached = np.flatnonzero(np.isfinite(dist))
    big = rm.parents()[idx[reached]]
    parent = np.full(dist.size, -1, dtype=np.int64)
    parent[reached] = np.where(big >= 0, inside[np.maximum(big, 0)], -1)
    lost = (big >= 0) & (parent[reached] < 0)
    if lost.any() or not np.isfinite(dist[parent[parent >= 0]]).all():
        return own().parents()
    return parent


def _exact(E: Edges) -> bool:
    """True if every cost is a multiple of 1/64 yard: sums are exact, so costs that differ
    differ by far more than the search's tolerance."""
    costs = [E.c0, E.c1] + ([E.jumps[2]] if E.jumps is not None else [])
    for c in costs:
        f = c[np.isfinite(c)] * 64.0
        if not bool((f == np.round(f)).all()):
            return False
    return True


def _cost_so_far(label: np.ndarray) -> np.ndarray:
    """The untracked search's run-up: the cost so far (no swims or climbs in the window)."""
    return label


def _pulled_parents(g: StateGraph, s0: int, w: Weights, need: float, rounds: int,
                    over: float) -> np.ndarray:
    """The untracked search rerun with the jumps pulled into their landings as the rounds do
    (every label beyond the budget too), and its parents."""
    dist = np.full(g.src.shape[1], INF)
    dist[s0] = 0.0
    settle(g, dist, w, need=need, rounds=rounds, over=over, pull=True)
    dist[dist > over] = INF
    return parents(g, dist, w, need, np.isfinite(dist))[0]


def _tracked(g: StateGraph, ec: np.ndarray, s0: int, need: float, rounds: int, over: float
             ) -> tuple[np.ndarray, Callable[[], np.ndarray]]:
    """The tracked search with a second label, the yards each state's best path ran (costs
    compared within 1e-9): the costs, and how to find the parents."""
    dist = np.full(g.src.shape[1], INF)
    dist[s0] = 0.0
    ran = np.full(dist.shape, -INF)
    ran[s0] = 0.0
    settle_ran(g, dist, ran, ec, need=need, rounds=rounds, over=over)
    dist[dist > over] = INF  # beyond the budget
    return dist, partial(parents_ran, g, dist, ran, ec, need)


def _checked_parents(g: StateGraph, key: np.ndarray, w: Weights, need: float,
                     reached: np.ndarray, s0: int, exact: Callable[[], np.ndarray]
                     ) -> np.ndarray:
    """The parents, each its state's least edge, where every reached state's label is its
    least edge's (so no label beyond the budget can be read); else ``exact``'s: a state
    whose label came by an edge gone since (a jump whose take-off was then reached more
    cheaply without the run-up)."""
    parent, least = parents(g, key, w, need, reached)
    off = least != key[reached]
    off[np.flatnonzero(reached) == s0] = False
    return exact() if off.any() else parent


def _parents_from(find: Callable[[], np.ndarray], s0: int) -> np.ndarray:
    """The parents ``find`` works out, the start's none."""
    parent = find()
    parent[s0] = -1
    return parent


@lru_cache(maxsize=64)
def _offsets(wp: int, lmax: int) -> np.ndarray:
    """Target cell - source cell of each edge row (the steps, then the jump rows), in a window
    ``wp`` cells wide (cached, read-only)."""
    a = np.array([L * (dy * wp + dx) for dx, dy, L in _dir_list(lmax)], dtype=np.int64)
    a.flags.writeable = False
    return a


@lru_cache(maxsize=64)
def _arange(n: int) -> np.ndarray:
    """0 .. n-1, cached (read-only)."""
    a = np.arange(n)
    a.flags.writeable = False
    return a


def _guarantee_step(dist, parent, S, C0, s0, n, budget) -> None:  # type: ignore[no-untyped-def]
    """Seed SotDL: Crawl: a crawler can always move 1 yard; the step uses the whole move."""
    for d in range(8):
        targets = np.nonzero((S[d] == s0) & np.isfinite(C0[d]))[0]
        for t in targets:
            if not math.isfinite(dist[t]):
                dist[t] = budget
                parent[t] = s0


@dataclass(frozen=True)
class PathCost:
    """A path through the GM's waypoints: every step, the total, and whether it can end there."""

    steps: tuple[Step, ...]
    cost_yd: float
    squares: tuple[Square, ...]
    ran_yd: float = 0.0  # yards moved on foot by the end, the run-up before included

    @property
    def legal(self) -> bool:
        """True if every step is possible (no fall, no wall)."""
        return math.isfinite(self.cost_yd)


def describe_path(
    tc: TerrainCosts,
    squares: Sequence[Square],
    *,
    blocked: np.ndarray | None = None,
    diagonals_before: int = 0,
    moved_yd: float = 0.0,
    ways: Mapping[Square, str] | None = None,
) -> PathCost:
    """Each step of a square-by-square path with its cost and kind (see :class:`Step`);
    ``moved_yd`` is the run-up before it (yards moved on foot this turn); ``ways`` the GM's
    way over the edge into a square (``pathing.WAYS``), by that square."""
    steps: list[Step] = []
    total = 0.0
    diags = diagonals_before
    moved = moved_yd
    for a, b in zip(squares, squares[1:], strict=False):
        st = step_cost(tc, a, b, blocked=blocked, diagonals_before=diags, moved_yd=moved,
                       how=ways.get(b, "") if ways else "")
        steps.append(st)
        total += st.cost_yd
        if a[0] != b[0] and a[1] != b[1] and max(abs(b[0] - a[0]), abs(b[1] - a[1])) == 1:
            diags += 1
        if runs_up(st.kind):  # the run-up counts the yards moved on foot, as the search does
            moved += st.cost_yd
    return PathCost(tuple(steps), total, tuple(squares), moved)


_BLOCKED: list[tuple[TerrainCosts, Sequence[Body], tuple[Body, ...], np.ndarray]] = []


def blocked_anchors(tc: TerrainCosts, *, enemies: Sequence[Body] = ()) -> np.ndarray:
    """Full-map anchors blocked by walls or enemies (what corner cutting looks at); the last
    few answers are remembered for the same costs and the same enemies (read-only array)."""
    key = tuple(enemies)
    for t, e, k, hit in _BLOCKED:
        if t is tc and (e is enemies or k == key):
            return hit
    m = tc.mover
    occ = rasterize(tc.shape, enemies)
    out = tc.wall | anchors_overlapping(occ, space=m.space)
    out.flags.writeable = False
    _BLOCKED[:] = [(tc, enemies, key, out)] + _BLOCKED[:3]
    return out


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
    stop_yd: float | None = None,
) -> PathCost:
    """The cheapest path through the GM's waypoints in order, step by step (Seed SotDL: Move).

    Consecutive waypoints in a straight line one step apart (or a straight jump) are taken
    as drawn, so a GM can draw an exact route, a jump or even a deliberate drop (a ``fall``
    step, cost inf). Longer gaps are filled with the cheapest path. ``ways``: the GM's way over
    the edge into a square (climb, jump, fall: ``pathing.WAYS``), by that square. A straight
    waypoint over a gap (a pit, a stream) the rule does not let the mover clear is tried as
    a jump (Seed SotDL: Jump: "If you try to jump farther, the GM can call for an Agility
    challenge roll") when no other way gets there within ``move_yd`` (the movement left this
    turn; None: within the search), whatever the search's bound ``budget_yd``. ``stop_yd``:
    each gap's search ends that many yards from the first waypoint, its window still the
    bound's (:func:`reachable`): a waypoint beyond it is not reached.

    >>> from game.rules.ascii_grid import parse_ascii
    >>> from game.rules.geometry.pathing import Mover, terrain_costs
    >>> tc = terrain_costs(parse_ascii('''
    ... .^..
    ... ....
    ... '''), mover=Mover())
    >>> pc = path_through(tc, waypoints=[(0, 0), (1, 0), (3, 0)])
    >>> pc.cost_yd, [s.kind for s in pc.steps]
    (4.0, ['difficult', 'walk', 'walk'])
    """
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
        stop = None if stop_yd is None else stop_yd - so_far.cost_yd
        if jump and move_yd is not None:  # a path dearer than the move gives way to the jump
            stop = min(move_yd if stop_yd is None else stop_yd, move_yd) - so_far.cost_yd
        seg = None
        h, w = blocked.shape
        if 0 <= b[0] < w and 0 <= b[1] < h and not blocked[b[1], b[0]]:  # none gets into a wall
            rm = reachable(
                tc_seg,
                start=a,
                budget_yd=max(left, 0.0),
                allies=allies,
                enemies=enemies,
                diagonals_before=diags,
                stop_yd=None if stop is None else max(stop, 0.0),
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


def over_gap(tc: TerrainCosts, a: Square, b: Square) -> bool:
    """True if every square strictly between a and b (a straight line) is lower than a, or
    water: a jump."""
    n = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    ux, uy = (b[0] - a[0]) // n, (b[1] - a[1]) // n
    e0 = tc.elev[a[1], a[0]]
    if tc.liquid[a[1], a[0]] or tc.liquid[b[1], b[0]]:
        return False  # Seed SotDL: Swim: a jump neither takes off from water nor lands in it
    return all(
        tc.elev[a[1] + uy * k, a[0] + ux * k] < e0 - tc.rules.step_up_yd
        or tc.liquid[a[1] + uy * k, a[0] + ux * k]
        for k in range(1, n)
    )


def _with_moved(tc: TerrainCosts, moved_yd: float) -> TerrainCosts:
    """The same costs for the mover after it has moved ``moved_yd`` (run-up for jumps)."""
    from dataclasses import replace

    return TerrainCosts(
        replace(tc.mover, moved_yd=moved_yd),
        tc.rules,
        tc.mult,
        tc.wall,
        tc.elev,
        tc.climbable,
        tc.treacherous,
        tc.liquid,
    )
