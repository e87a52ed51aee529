"""The rounds of the movement search (Seed SotDL: Move): each round relaxes every edge at once
from the labels of the round before, but only into the states next to a label that changed
then; the others would compute what they already hold.

That is the very same sequence of labels as relaxing the whole window each round (a state
none of whose sources changed gets the candidates it already took the minimum of), so the
costs, the run-up labels and so the parents come out the same, bit for bit; a round costs what
the wave front holds, not the window. Labels beyond the budget are not spread: every step costs
at least 1 yard, so nothing within the budget can come from them (they are cut at the end).

States are ``block * n + cell`` (a block per threat layer and diagonal parity). The edges are
laid out per target state, a row per edge (``src``, ``cost``: (rows, states)), so a round
gathers the columns of the states it looks at: the 8 steps and the dense jump rows in
direction order, then (one block only) the jumps listed from take-off squares
(:func:`jump_rows`), which keep the list's rules: a jump needs its run-up or is impossible,
and wins over the steps only if cheaper (or, for the run-up label, as cheap with a longer run).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.rules.geometry.pathing import INF

EPS = 1e-9


@dataclass(eq=False)
class StateGraph:
    """The search's edges per target state (see the module's docstring)."""

    src: np.ndarray  # (rows, states) int: the state each edge comes from
    cost: np.ndarray  # (rows, states) float: its cost (inf: no edge)
    offs: np.ndarray  # (steps,) int: target cell - source cell, per row before ``jrow``
    n: int  # cells in a block
    run: np.ndarray | None = None  # (rows, states) bool: a running jump (needs the run-up)
    late: np.ndarray | None = None  # (rows, states): its extra cost without the run-up
    jrow: int | None = None  # the first listed jump's row (None: no list)
    jump_src: np.ndarray | None = None  # the listed jumps' take-off and landing cells
    jump_dst: np.ndarray | None = None

    def targets(self, changed: np.ndarray, mark: np.ndarray) -> np.ndarray:
        """The states whose sources include a ``changed`` one, in state order."""
        n = self.n
        cells = changed if self.src.shape[1] == n else changed % n
        mark[(cells[:, None] + self.offs[None, :]).ravel()] = True
        if self.jump_src is not None and self.jump_dst is not None:
            hit = np.zeros(n, dtype=bool)
            hit[cells] = True
            mark[self.jump_dst[hit[self.jump_src]]] = True
        tc = np.flatnonzero(mark)
        mark[tc] = False
        blocks = self.src.shape[1] // n
        if blocks == 1:
            return tc
        return (np.arange(blocks)[:, None] * n + tc[None, :]).ravel()


def jump_rows(n: int, src: np.ndarray, dst: np.ndarray, cost: np.ndarray, run: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The jump list (take-off, landing, cost, needs a run-up) as rows over the landing cells,
    in the list's order within a landing (ties go to the first): (J, n) sources (0, a wall
    cell of the padding, where a landing has fewer), costs (inf there) and run-up flags."""
    order = np.argsort(dst, kind="stable")  # stable: direction order kept within a landing
    src, dst, cost, run = src[order], dst[order], cost[order], run[order]
    first = np.ones(len(dst), dtype=bool)
    first[1:] = dst[1:] != dst[:-1]
    starts = np.flatnonzero(first)
    col = np.arange(len(dst)) - np.repeat(starts, np.diff(np.r_[starts, len(dst)]))
    J = int(col.max()) + 1 if len(col) else 0
    S = np.zeros((J, n), dtype=np.int64)
    C = np.full((J, n), INF)
    R = np.zeros((J, n), dtype=bool)
    S[col, dst], C[col, dst], R[col, dst] = src, cost, run
    return S, C, R


def settle(g: StateGraph, dist: np.ndarray, *, need: float, rounds: int, over: float) -> None:
    """Lower ``dist`` (in place) to the cheapest cost of every state, as ``rounds`` rounds of
    whole-window relaxation would (a running jump taken before ``need`` yards costs ``late``
    more: the climb it falls back to, or inf)."""
    mark = np.zeros(g.n, dtype=bool)
    changed = np.flatnonzero(np.isfinite(dist))
    for _ in range(rounds):
        changed = changed[dist[changed] <= over]  # beyond the budget: never spread
        if not len(changed):
            break
        ts = g.targets(changed, mark)
        best = _candidates(g, ts, dist, need).min(axis=0)
        imp = best < dist[ts]
        changed = ts[imp]
        dist[changed] = best[imp]


def _candidates(g: StateGraph, ts: np.ndarray, dist: np.ndarray, need: float) -> np.ndarray:
    """Each edge's candidate cost into the states ``ts`` (gated on the cost so far)."""
    G = dist[g.src[:, ts]]
    if g.run is not None and need > EPS:
        assert g.late is not None  # built with the run-up flags
        late = g.run[:, ts] & (G < need - EPS)
        G += g.cost[:, ts]
        if late.any():
            G[late] += g.late[:, ts][late]
    else:
        G += g.cost[:, ts]
    return G


def parents(g: StateGraph, dist: np.ndarray, need: float) -> np.ndarray:
    """The parent of every reached state: its first cheapest edge; -1 where unreached."""
    parent = np.full(dist.shape, -1, dtype=np.int64)
    ts = np.flatnonzero(np.isfinite(dist))
    G = _candidates(g, ts, dist, need)
    parent[ts] = g.src[G.argmin(axis=0), ts]
    return parent


def settle_ran(g: StateGraph, dist: np.ndarray, ran: np.ndarray, ec: np.ndarray, *,
               need: float, rounds: int, over: float) -> None:
    """:func:`settle` where the run-up is not the cost so far (swims and climbs run no
    yards): each state also keeps the yards its best path ran (``ran``; ``ec``: the yards
    each edge runs); of paths equal in cost the one that ran farther wins."""
    mark = np.zeros(g.n, dtype=bool)
    changed = np.flatnonzero(np.isfinite(dist))
    for _ in range(rounds):
        changed = changed[dist[changed] <= over]
        if not len(changed):
            break
        ts = g.targets(changed, mark)
        best, rbest, _, _ = _relax_ran(g, ts, dist, ran, ec, need, settle=True)
        d = dist[ts]
        imp = best < d - EPS
        upd = imp | ((best <= d + EPS) & (rbest > ran[ts] + EPS))
        dist[ts[imp]] = best[imp]
        changed = ts[upd]
        ran[changed] = rbest[upd]


def _relax_ran(g: StateGraph, ts: np.ndarray, dist: np.ndarray, ran: np.ndarray,
               ec: np.ndarray, need: float, *, settle: bool
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[np.ndarray, ...] | None]:
    """For states ``ts``: the cheapest candidate, the farthest run among the cheapest, each
    edge's run where it is among the cheapest (-inf elsewhere), and for the listed jumps
    (cheapest, farthest run, runs) apart."""
    src = g.src[:, ts]
    G = dist[src]
    U = ran[src]
    e = ec[:, ts]
    G += g.cost[:, ts]
    j = g.jrow
    U += e  # a listed jump's run: its length (``ec`` holds it: a jump is on foot)
    if g.run is not None:
        assert g.late is not None  # built with the run-up flags
        s = slice(0, j)  # the steps and dense rows: the climb a late running jump falls back
        # to runs no yards; the yards run before the edge (U - e) < need, as the whole-window
        # search computed it
        late = g.run[s, ts] & (U[s] < e[s] + (need - EPS))
        if late.any():
            Gs, Us = G[s], U[s]
            Gs[late] += g.late[s, ts][late]
            Us[late] -= e[s][late]
        if j is not None:  # a listed jump without its run-up cannot be made
            G[j:][g.run[j:, ts] & (ran[src[j:]] < need - EPS)] = INF
    if j is None:
        best = G.min(axis=0)
        key = np.where(G <= best + EPS, U, -INF)
        rbest = key.max(axis=0)
        if settle:
            rbest[~np.isfinite(best)] = -INF
        return best, rbest, key, None
    Gs, Gj, Uj = G[:j], G[j:], U[j:]
    lb = Gs.min(axis=0)
    key = np.where(Gs <= lb + EPS, U[:j], -INF)
    lr = key.max(axis=0)
    if settle:
        lr[~np.isfinite(lb)] = -INF
    m = Gj.min(axis=0)
    kj = np.where(Gj <= m + EPS, Uj, -INF)
    rm = kj.max(axis=0)
    if not settle:
        return lb, lr, key, (m, rm, kj)
    win = m < lb - EPS
    tie = ~win & (m <= lb + EPS)
    best = np.where(win, m, lb)
    rbest = np.where(win, rm, np.where(tie, np.maximum(lr, rm), lr))
    return best, rbest, key, None


def parents_ran(g: StateGraph, dist: np.ndarray, ran: np.ndarray, ec: np.ndarray,
                need: float) -> np.ndarray:
    """:func:`parents` keeping the run: the first of the cheapest edges that ran farthest (a
    listed jump where cheaper, or as cheap with a longer run)."""
    parent = np.full(dist.shape, -1, dtype=np.int64)
    ts = np.flatnonzero(np.isfinite(dist))
    sb, sr, key, jumps = _relax_ran(g, ts, dist, ran, ec, need, settle=False)
    parent[ts] = g.src[key.argmax(axis=0), ts]
    if jumps is not None and g.jrow is not None:
        m, rm, kj = jumps
        hit = (kj == rm) & np.isfinite(kj)
        win = np.flatnonzero(hit.any(axis=0) & ((m < sb - EPS) | ((m <= sb + EPS) &
                                                                   (rm > sr + EPS))))
        parent[ts[win]] = g.src[g.jrow + hit[:, win].argmax(axis=0), ts[win]]
    return parent
