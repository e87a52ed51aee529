"""The movement search as it was before issue 12's speed-up (commit abb4446), kept verbatim
as the oracle the fast search is compared with (tests/rules/geometry/test_search_oracle.py):
label-correcting numpy rounds over the whole window, dense edge rows, the jump list built one
direction and length at a time. Only the names it imports changed; nothing here is used by
the app."""

# ruff: noqa
# mypy: ignore-errors
from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from game.rules.geometry.occupancy import anchors_overlapping, rasterize
from game.rules.geometry.pathing import INF
from game.rules.geometry.pathing_edges import UNIT_DIRS, _dir_list, _padded, _shifted, _sources
from game.rules.geometry.pathing_search import ReachMap, _arange
from game.rules.geometry.reach import threatened_anchors

EPS = 1e-9


class Edges(NamedTuple):
    """The search's edges (see :func:`_edges`)."""

    src: np.ndarray  # (rows, n) flat index each cell is entered from
    c0: np.ndarray  # (rows, n) cost, diagonal parity 0
    c1: np.ndarray  # (rows, n) cost, diagonal parity 1
    run: np.ndarray | None  # (rows, n) bool: needs the run-up (a running jump)
    jumps: tuple[np.ndarray, ...] | None  # the jump list (sparse rows)
    no_run: np.ndarray | None  # (rows, n) bool: a swim or a climb (no run-up: game.rules.run_up)
    late: np.ndarray | None  # (rows, n) extra cost of a running jump taken without the run-up:
    #                          the climb's (inf where it cannot be climbed)


def _edges(tc, wall, mult, elev, climb, wp, n, lmax, flat=False, wet=None, sparse=False):  # type: ignore[no-untyped-def]
    """Source index, cost (parity 0 and 1), needs-run-up, no-run-up and late-cost arrays, one
    row per direction.

    ``flat``: the window's ground is level (no vertical costs to work out). ``sparse``: the
    rows hold the 8 steps only, and the jump edges come as a list found from the take-off
    squares (:func:`jump_list`). ``wet``: the liquid cells (swims; jumps neither take off
    from nor land in them).
    """
    m, r = tc.mover, tc.rules
    S, idx = _sources(n, wp, lmax)
    u = S[:8]
    diag = np.array([bool(dx and dy) for dx, dy in UNIT_DIRS])
    if r.diagonal_rule == "euclidean":
        b0 = np.where(diag, math.sqrt(2.0), 1.0)
        b1 = b0
    else:
        b0 = np.ones(8)
        b1 = np.where(diag, 2.0, 1.0) if r.diagonal_rule == "alternating" else b0
    ok = ~wall[None, :] & ~wall[u]
    run = late = None
    swim = None if wet is None or m.flying else np.broadcast_to(wet[None, :], (8, n))
    no_run = swim
    if m.flying or flat:
        vert0 = 0.0
        allowed = ok
    else:
        dz = elev[None, :] - elev[u]
        adz = np.abs(dz)
        level = adz <= r.step_up_yd
        vert0 = np.zeros((8, n))
        allowed = ok & level
        if not m.prone and not level.all():
            climbs = "climb" in m.traits
            cm = 1.0 if climbs else r.difficult_multiplier
            # as pathing.step_cost: a standing jump up or a safe jump down first, then a
            # running jump up where a climb costs more, then a climb (any surface but an
            # unclimbable one); a running jump taken without the run-up is the climb (late)
            stand = ~level & (dz > 0) & (dz * 3 <= m.jump_up_ft(running=False, rules=r) + EPS)
            down = ~level & (dz < 0) & (-dz < r.safe_drop_yd)
            can = ~level & ~stand & ~down & (climbs | (climb[u] & climb[None, :]))
            runj = ~level & (dz > 0) & ~stand & (
                dz * 3 <= m.jump_up_ft(running=True, rules=r) + EPS)
            if cm <= 1.0:
                runj &= ~can  # a climber climbs as cheaply as it jumps: no run-up needed
            cl = can & ~runj
            vert0 = np.where(cl, adz * cm, np.where(stand | runj | down, adz, 0.0))
            allowed = ok & (level | cl | stand | runj | down)
            run = runj
            late = np.where(can, adz * (cm - 1.0), INF)
            no_run = cl if swim is None else (cl | (level & swim))
    # no corner cutting: both squares beside a diagonal step blocked
    for i, (dx, dy) in enumerate(UNIT_DIRS):
        if dx and dy:
            allowed[i] &= ~(wall[_shifted(n, dy * wp)] & wall[_shifted(n, dx)])
    plain = r.diagonal_rule == "chebyshev" and isinstance(vert0, float)
    C0 = np.where(allowed, mult[None, :] if plain else b0[:, None] * mult[None, :] + vert0, INF)
    C1 = np.where(allowed, b1[:, None] * mult[None, :] + vert0, INF) if b1 is not b0 else C0
    if lmax > 1 and sparse:
        return Edges(u, C0, C1, run, jump_list(tc, wall, elev, wp, n, lmax, wet), no_run, late)
    if lmax > 1:
        jc, jrun = _jump_edges(tc, wall, elev, wp, n, lmax, wet)
        C0 = np.concatenate([C0, jc])
        C1 = np.concatenate([C1, jc]) if C1 is not C0 else C0
        run = np.concatenate([run if run is not None else np.zeros((8, n), bool), jrun])
        if no_run is not None:  # a jump is on foot
            no_run = np.concatenate([no_run, np.zeros(jc.shape, bool)])
        late = np.concatenate([late if late is not None else np.full((8, n), INF),
                               np.full(jc.shape, INF)])
        return Edges(S, C0, C1, run, None, no_run, late)
    return Edges(S[:8] if lmax == 1 else S, C0, C1, run, None, no_run, late)


def jump_list(tc, wall, elev, wp, n, lmax, wet):  # type: ignore[no-untyped-def]
    """Seed SotDL: Jump Across, as a list: (take-off, landing, cost, needs a run-up) for every
    jump :func:`_jump_edges` allows, found from the take-off squares only (a square whose
    neighbour is a gap: lower by more than a step, or water), in its row order (L, direction)."""
    m, r = tc.mover, tc.rules
    stand_max = m.jump_across_yd(running=False, rules=r)
    su = r.step_up_yd
    open_ = ~wall
    srcs, dsts, costs, runs = [], [], [], []
    cand = []
    for dx, dy in UNIT_DIRS:
        off = dy * wp + dx
        nxt = _shifted(n, -off)  # the neighbour in the jump's direction
        gap = open_[nxt] & ((elev[nxt] < elev - su) | wet[nxt])
        cand.append(np.flatnonzero(open_ & gap))
    for L in range(2, lmax + 1):
        for (dx, dy), t in zip(UNIT_DIRS, cand, strict=True):
            off = dy * wp + dx
            d = t + L * off
            keep = (d >= 0) & (d < n)
            t, d = t[keep], d[keep]
            ok = open_[d] & (np.abs(elev[d] - elev[t]) <= su)
            ok &= ~wet[d] & ~wet[t]  # Seed SotDL: Swim: not from the water, nor into it
            for k in range(1, L):
                mid = t + k * off
                ok &= open_[mid] & ((elev[mid] < elev[t] - su) | wet[mid])
            length = (
                float(L)
                if r.diagonal_rule == "chebyshev" or not (dx and dy)
                else (L * math.sqrt(2.0) if r.diagonal_rule == "euclidean" else float(L + L // 2))
            )
            srcs.append(t[ok])
            dsts.append(d[ok])
            costs.append(np.full(int(ok.sum()), length))
            runs.append(np.full(int(ok.sum()), L - 1 > stand_max))
    return (np.concatenate(srcs), np.concatenate(dsts), np.concatenate(costs),
            np.concatenate(runs))


def _jump_edges(tc, wall, elev, wp, n, lmax, wet):  # type: ignore[no-untyped-def]
    """Seed SotDL: Jump Across: straight over lower squares, landing level with the take-off."""
    m, r = tc.mover, tc.rules
    stand_max = m.jump_across_yd(running=False, rules=r)
    costs, runs = [], []
    for L in range(2, lmax + 1):
        for dx, dy in UNIT_DIRS:
            src = _shifted(n, L * (dy * wp + dx))
            ok = ~wall & ~wall[src] & (np.abs(elev - elev[src]) <= r.step_up_yd)
            # Seed SotDL: Swim: no jump takes off from the water or lands in it (a jump into
            # water is a drop into it, not a jump over it)
            ok &= ~wet & ~wet[src]
            for k in range(1, L):
                mid = _shifted(n, (L - k) * (dy * wp + dx))
                ok &= ~wall[mid] & ((elev[mid] < elev[src] - r.step_up_yd) | wet[mid])
            length = (
                float(L)
                if r.diagonal_rule == "chebyshev" or not (dx and dy)
                else (L * math.sqrt(2.0) if r.diagonal_rule == "euclidean" else float(L + L // 2))
            )
            costs.append(np.where(ok, length, INF))
            runs.append(np.full(n, L - 1 > stand_max))  # the gap is L - 1 squares
    return np.array(costs), np.array(runs)


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
) -> ReachMap:
    """Every anchor ``tc.mover`` can reach from ``start`` with ``budget_yd`` yards.

    Allies may be passed through but not stopped in; enemies block (and their squares block
    corner cutting). With ``max_attacks`` > 0 the search also counts free attacks from
    ``threats`` (layers 0..max_attacks) so :meth:`ReachMap.path_to` with ``layer=None`` gives
    the safest path. ``guaranteed_step`` lets a crawler move 1 square even if it costs more
    than the budget (Seed SotDL: Crawl, minimum 1 yard).

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
    pad = max(1, lmax)
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
    P = 2 if r.diagonal_rule == "alternating" else 1
    ew = tc.elev[y0:y1, x0:x1]
    flat = m.flying or bool(ew.min() == ew.max())
    live = [  # only threats whose reach overlaps the window can be left
        t for t in threats
        if t.id not in exempt
        and t.body.square[0] + t.body.space + t.reach_yd >= x0
        and t.body.square[0] - t.reach_yd - m.space < x1
        and t.body.square[1] + t.body.space + t.reach_yd >= y0
        and t.body.square[1] - t.reach_yd - m.space < y1
    ] if max_attacks else []
    # elevation and climbing matter only on uneven ground, for jumps and for threats' reach
    elev = _padded(ew, pad, 0.0) if (not flat or jumps or live) else None
    climb = _padded(tc.climbable[y0:y1, x0:x1], pad, False) if not flat else None
    K = max_attacks + 1
    # one block of states (no threat layers, no parity): the jumps as a list (take-offs only)
    plain = (K if live else 1) * P == 1
    E = _edges(
        tc, wall.ravel(), mult.ravel(), None if elev is None else elev.ravel(),
        None if climb is None else climb.ravel(), wp, n, lmax, flat=flat,
        wet=_padded(tc.liquid[y0:y1, x0:x1], pad, False).ravel(),
        sparse=plain,
    )
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
    # stack the state graph: block j = (layer k, parity q) gathers from (k - leaves, p)
    srcs, costs, runs = [], [], []
    diag = np.array([dx != 0 and dy != 0 and L == 1 for dx, dy, L in _dir_list(lmax)]) \
        if K * P > 1 else None
    for k in range(K if K * P > 1 else 0):  # the plain case needs no stacking (below)
        assert diag is not None  # built whenever there is stacking to do
        for q in range(P):
            if P == 1:
                p_src = np.zeros(len(diag), dtype=np.int64)
                c = C0
            else:  # a diagonal flips the parity; parity 1 means the next diagonal costs 2
                p_src = np.where(diag, 1 - q, q)
                c = np.where(diag[:, None], C0 if q == 1 else C1, C0)
            ks = k - leaves if leaves is not None else np.full(S.shape, k)
            src = (ks * P + p_src[:, None]) * n + S
            c = np.where(ks >= 0, c, INF)
            srcs.append(np.where(ks >= 0, src, 0))
            costs.append(c)
            runs.append(RUN)
    jumps_sparse = None
    if srcs:
        SRC = np.stack(srcs)
        C = np.stack(costs)
        RUNS = np.stack(runs) if RUN is not None else None
    else:
        # the plain case: one block; with jumps, the 8 steps stay dense and the jump edges
        # (only at take-off squares) are a list, grouped by landing square
        SRC, C = S[None], C0[None]
        RUNS = RUN[None] if RUN is not None else None
        if jlist is not None:
            jumps_sparse = _SparseJumps(*jlist)
    if RUNS is not None and not RUNS.any():
        RUNS = None
    dist = np.full(K * P * n, INF)
    s0 = (diagonals_before % 2 if P == 2 else 0) * n + (sy - y0 + pad) * wp + (sx - x0 + pad)
    dist[s0] = 0.0
    need = r.run_up_yd - m.moved_yd
    runs_sparse = jumps_sparse is not None and jumps_sparse.run is not None and \
        bool(jumps_sparse.run.any())
    # Seed SotDL: Jump: the run-up is the yards moved on foot (game.rules.run_up): where the
    # window holds swims or climbs, a second label follows each state's best path, the yards
    # it ran (ties in cost go to the longer run)
    gated = need > EPS and (RUNS is not None or runs_sparse)
    ran = None
    # (since the search's fix: a running jump up made late is a climb, no run-up either)
    late_any = E.late is not None and bool(np.isfinite(E.late).any())
    if gated and ((E.no_run is not None and bool(E.no_run.any())) or late_any):
        ran = np.full(dist.shape, -INF)
        ran[s0] = 0.0
    late_x = E.late  # a running jump without its run-up: the climb (or nothing)
    if ran is not None:
        no_run = E.no_run if E.no_run is not None else np.zeros(C.shape[1:], dtype=bool)
        return _reach_tracked(tc, start, budget_yd, x0, y0, hw, ww, pad, P, K, dist, ran, SRC,
                              C, RUNS, late_x, no_run, jumps_sparse, need, R, endable,
                              blocked, guaranteed_step, S, C0, s0, n)
    G = np.empty(C.shape)
    best = np.empty((C.shape[0], n))
    flat_best = best.reshape(-1)
    over = budget_yd + EPS
    better = np.empty(dist.shape, dtype=bool)
    for it in range(R + 3):
        dist.take(SRC, out=G)  # methods, not np.* wrappers: this loop is hot
        if RUNS is not None and need > EPS:
            late = RUNS & (G < need - EPS)
            np.add(G, C, out=G)
            if late.any():
                G[late] += np.broadcast_to(late_x, G.shape)[late]
        else:
            np.add(G, C, out=G)
        G.min(axis=1, out=best)
        if jumps_sparse is not None:
            jumps_sparse.relax(dist, flat_best, need)
        if it % 2:  # test for the end every other round: a spare round is cheaper than tests
            np.less(flat_best, dist, out=better)
            if not better.any():  # nothing improved: settled
                break
        np.minimum(dist, flat_best, out=dist)
    dist[dist > over] = INF  # beyond the budget
    dist.take(SRC, out=G)
    late_end = RUNS & (G < need - EPS) if RUNS is not None and need > EPS else None
    G += C
    if late_end is not None and late_end.any():
        G[late_end] += np.broadcast_to(late_x, G.shape)[late_end]
    arg = G.argmin(axis=1)
    if SRC.shape[0] == 1:  # the plain case: one block, a direct gather
        parent = SRC[0][arg[0], _arange(n)]
        if jumps_sparse is not None:  # a jump wins only if strictly cheaper (later rows)
            jumps_sparse.parents(dist, G.min(axis=1)[0], parent, need)
    else:
        parent = np.take_along_axis(SRC, arg[:, None, :], axis=1)[:, 0, :].ravel()
    parent[~np.isfinite(dist)] = -1
    parent[s0] = -1
    if guaranteed_step:
        _guarantee_step(dist, parent, S, C0, s0, n, budget_yd)
    return ReachMap(tc, start, budget_yd, x0, y0, hw, ww, pad, P, K, dist, parent, endable, blocked)


def _reach_tracked(tc, start, budget_yd, x0, y0, hw, ww, pad, P, K, dist, ran, SRC, C, RUNS,  # type: ignore[no-untyped-def]
                   late_x, no_run, jumps, need, R, endable, blocked, guaranteed_step, S, C0, s0,
                   n) -> ReachMap:
    """:func:`reachable`'s search where the run-up is not the cost so far (Seed SotDL: Jump;
    game.rules.run_up: swims and climbs build no run-up): each state keeps the yards its best
    path ran on foot (``ran``); of paths equal in cost the one that ran farther wins, so a
    path's run-up is always its states' label (what ``describe_path`` finds along it)."""
    G = np.empty(C.shape)
    U = np.empty(C.shape)
    EC = np.where(np.broadcast_to(no_run, C.shape) | ~np.isfinite(C), 0.0, C)  # yards run
    LX = np.broadcast_to(late_x, C.shape) if late_x is not None else None
    over = budget_yd + EPS
    tie = np.empty(C.shape, dtype=bool)
    key = np.empty(C.shape)
    best = np.empty((C.shape[0], n))
    rbest = np.empty((C.shape[0], n))
    late = np.empty(C.shape, dtype=bool) if RUNS is not None else None
    NEC = EC + (need - EPS)

    def relax() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        # methods and out= arrays, as in reachable: this loop is hot
        dist.take(SRC, out=G)
        ran.take(SRC, out=U)
        np.add(G, C, out=G)
        np.add(U, EC, out=U)
        if late is not None:
            np.less(U, NEC, out=late)  # the yards run before the edge (U - EC) < need
            np.logical_and(late, RUNS, out=late)
            if late.any():
                assert LX is not None  # built with the run-up rows
                G[late] += LX[late]
                U[late] -= EC[late]  # the climb it falls back to runs no yards
        G.min(axis=1, out=best)
        np.less_equal(G, best[:, None, :] + EPS, out=tie)
        key.fill(-INF)
        np.copyto(key, U, where=tie)
        key.max(axis=1, out=rbest)
        return best, rbest, key

    for _ in range(R + 3):
        best, rbest, _ = relax()
        fb, fr = best.reshape(-1), rbest.reshape(-1)
        fr[~np.isfinite(fb)] = -INF
        if jumps is not None:
            jumps.relax_ran(dist, ran, fb, fr, need)
        imp = fb < dist - EPS
        same = ~imp & (fb <= dist + EPS) & (fr > ran + EPS)
        if not (imp.any() or same.any()):
            break
        dist[imp] = fb[imp]
        upd = imp | same
        ran[upd] = fr[upd]
    dist[dist > over] = INF  # beyond the budget
    best, rbest, key = relax()
    arg = key.argmax(axis=1)  # the first of the cheapest edges that ran farthest
    if SRC.shape[0] == 1:
        parent = SRC[0][arg[0], _arange(n)]
        if jumps is not None:
            jumps.parents_ran(dist, ran, best[0], rbest[0], parent, need)
    else:
        parent = np.take_along_axis(SRC, arg[:, None, :], axis=1)[:, 0, :].ravel()
    parent[~np.isfinite(dist)] = -1
    parent[s0] = -1
    if guaranteed_step:
        _guarantee_step(dist, parent, S, C0, s0, n, budget_yd)
    return ReachMap(tc, start, budget_yd, x0, y0, hw, ww, pad, P, K, dist, parent, endable, blocked)


class _SparseJumps:
    """Jump edges as a list (source, landing, cost, needs a run-up), sorted by landing square:
    only take-off squares have them, so relaxing them costs what they are, not 8 x lmax rows
    over the whole window. Ties go to the first edge in direction order, as a dense argmin."""

    def __init__(self, src: np.ndarray, dst: np.ndarray, cost: np.ndarray,
                 run: np.ndarray | None) -> None:
        order = np.argsort(dst, kind="stable")  # stable: direction order kept within a landing
        self.src, self.dst, self.cost = src[order], dst[order], cost[order]
        self.run = None if run is None else run[order]
        first = np.ones(len(self.dst), dtype=bool)
        first[1:] = self.dst[1:] != self.dst[:-1]
        self.starts = np.flatnonzero(first)
        self.land = self.dst[self.starts]

    def _cands(self, dist: np.ndarray, need: float) -> np.ndarray:
        c = dist[self.src] + self.cost
        if self.run is not None:
            c[self.run & (dist[self.src] < need - EPS)] = INF
        return c

    def relax(self, dist: np.ndarray, best: np.ndarray, need: float) -> None:
        """Lower ``best`` at each landing square to its cheapest jump (in place)."""
        if len(self.src):
            m = np.minimum.reduceat(self._cands(dist, need), self.starts)
            best[self.land] = np.minimum(best[self.land], m)

    def _best_ran(self, dist: np.ndarray, ran: np.ndarray,
                  need: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per edge its cost, per landing the cheapest jump and the farthest run among those
        (a jump is on foot: it adds its length to the run), gated on the yards run."""
        c = dist[self.src] + self.cost
        if self.run is not None:
            c[self.run & (ran[self.src] < need - EPS)] = INF
        m = np.minimum.reduceat(c, self.starts)
        group = np.repeat(np.arange(len(self.starts)), np.diff(np.r_[self.starts, len(c)]))
        key = np.where(c <= m[group] + EPS, ran[self.src] + self.cost, -INF)
        return c, m, key

    def relax_ran(self, dist: np.ndarray, ran: np.ndarray, best: np.ndarray,
                  rbest: np.ndarray, need: float) -> None:
        """:meth:`relax` keeping the yards run (ties in cost: the longer run)."""
        if not len(self.src):
            return
        _, m, key = self._best_ran(dist, ran, need)
        rm = np.maximum.reduceat(key, self.starts)
        lb, lr = best[self.land], rbest[self.land]
        win = m < lb - EPS
        tie = ~win & (m <= lb + EPS)
        best[self.land] = np.where(win, m, lb)
        rbest[self.land] = np.where(win, rm, np.where(tie, np.maximum(lr, rm), lr))

    def parents_ran(self, dist: np.ndarray, ran: np.ndarray, step_best: np.ndarray,
                    step_ran: np.ndarray, parent: np.ndarray, need: float) -> None:
        """:meth:`parents` keeping the yards run: a jump wins if cheaper, or as cheap with a
        longer run."""
        if not len(self.src):
            return
        _, m, key = self._best_ran(dist, ran, need)
        rm = np.maximum.reduceat(key, self.starts)
        group = np.repeat(np.arange(len(self.starts)), np.diff(np.r_[self.starts, len(key)]))
        hit = np.flatnonzero((key == rm[group]) & np.isfinite(key))
        g_hit, first = np.unique(group[hit], return_index=True)
        e = hit[first]
        sb, sr = step_best[self.land[g_hit]], step_ran[self.land[g_hit]]
        mg = m[g_hit]
        win = (mg < sb - EPS) | ((mg <= sb + EPS) & (rm[g_hit] > sr + EPS))
        parent[self.land[g_hit][win]] = self.src[e[win]]

    def parents(self, dist: np.ndarray, step_best: np.ndarray, parent: np.ndarray,
                need: float) -> None:
        """Where a jump is strictly cheaper than every step, its take-off is the parent."""
        if not len(self.src):
            return
        c = self._cands(dist, need)
        m = np.minimum.reduceat(c, self.starts)
        group = np.repeat(np.arange(len(self.starts)), np.diff(np.r_[self.starts, len(c)]))
        hit = np.flatnonzero(c == m[group])
        g_hit, first = np.unique(group[hit], return_index=True)
        e = hit[first]
        win = m[g_hit] < step_best[self.land[g_hit]]
        parent[self.land[g_hit][win]] = self.src[e[win]]


def _guarantee_step(dist, parent, S, C0, s0, n, budget) -> None:  # type: ignore[no-untyped-def]
    """Seed SotDL: Crawl: a crawler can always move 1 yard; the step uses the whole move."""
    for d in range(8):
        targets = np.nonzero((S[d] == s0) & np.isfinite(C0[d]))[0]
        for t in targets:
            if not math.isfinite(dist[t]):
                dist[t] = budget
                parent[t] = s0


