"""The rounds of the movement search (Seed SotDL: Move): each round relaxes every edge at once
from the labels of the round before, but only into the states next to a label that changed
then; the others would compute what they already hold.

That is the very same sequence of labels as relaxing the whole window each round (a state
none of whose sources changed gets the candidates it already took the minimum of), so the
costs, the run-up labels and so the parents come out the same, bit for bit; a round costs what
the wave front holds, not the window. Labels beyond the budget are not spread: every step costs
at least 1 yard, so nothing within the budget can come from them (they are cut at the end).

States are ``block * n + cell`` (a block per threat layer and diagonal parity). The edges are
laid out per target state, a row per state and a column per edge (``src``, ``cost``:
(states, columns)), so a round gathers the rows of the states it looks at, each state's edges
side by side: the 8 steps and the dense jump columns in direction order; then (one block
only) the jumps listed from take-off squares (:class:`Jumps`), grouped by landing square and
looked at only where a landing is in the wave front. They keep the list's rules: a jump needs
its run-up or is impossible, and wins over the steps only if cheaper (or, for the run-up
label, as cheap with a longer run).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.rules.geometry.pathing import INF

EPS = 1e-9


@dataclass(eq=False)
class Jumps:
    """The listed jumps (take-off, landing, cost, needs a run-up) grouped by landing cell, in
    the list's order within a landing (ties go to the first)."""

    land: np.ndarray  # (n,) int: the landing's row in the tables below, -1 where none lands
    src: np.ndarray  # (landings, J) take-off cell (0, a wall cell of the padding, where fewer)
    cost: np.ndarray  # (landings, J) cost (inf there)
    run: np.ndarray  # (landings, J) bool: needs the run-up
    ran: np.ndarray  # (landings, J) yards run (a jump is on foot: its length; 0 there)
    take_off: np.ndarray  # (jumps,) each listed jump's take-off cell ...
    lands_at: np.ndarray  # (jumps,) ... and landing cell (for the wave front)


def jump_table(n: int, src: np.ndarray, dst: np.ndarray, cost: np.ndarray, run: np.ndarray
               ) -> Jumps | None:
    """:class:`Jumps` from the jump list (None when it is empty)."""
    if not len(dst):
        return None
    order = np.argsort(dst, kind="stable")  # stable: direction order kept within a landing
    src, dst, cost, run = src[order], dst[order], cost[order], run[order]
    first = np.ones(len(dst), dtype=bool)
    first[1:] = dst[1:] != dst[:-1]
    starts = np.flatnonzero(first)
    row = np.cumsum(first) - 1
    col = np.arange(len(dst)) - starts[row]
    shape = (len(starts), int(col.max()) + 1)
    S = np.zeros(shape, dtype=np.int64)
    C = np.full(shape, INF)
    R = np.zeros(shape, dtype=bool)
    S[row, col], C[row, col], R[row, col] = src, cost, run
    land = np.full(n, -1, dtype=np.int64)
    land[dst[starts]] = np.arange(len(starts))
    return Jumps(land, S, C, R, np.where(np.isfinite(C), C, 0.0), src, dst)


@dataclass(eq=False)
class StateGraph:
    """The search's edges per target state (see the module's docstring)."""

    src: np.ndarray  # (states, cols) int: the state each edge comes from
    cost: np.ndarray  # (states, cols) float: its cost (inf: no edge)
    offs: np.ndarray  # (cols,) int: target cell - source cell, per column
    n: int  # cells in a block
    run: np.ndarray | None = None  # (states, cols) bool: a running jump (needs the run-up)
    late: np.ndarray | None = None  # (states, cols): its extra cost without the run-up
    jumps: Jumps | None = None  # the listed jumps (one block only)

    def targets(self, changed: np.ndarray, mark: np.ndarray) -> np.ndarray:
        """The states whose sources include a ``changed`` one, in state order."""
        n = self.n
        cells = changed if self.src.shape[0] == n else changed % n
        mark[(cells[:, None] + self.offs[None, :]).ravel()] = True
        j = self.jumps
        if j is not None:
            hit = np.zeros(n, dtype=bool)
            hit[cells] = True
            mark[j.lands_at[hit[j.take_off]]] = True
        tc = np.flatnonzero(mark)
        mark[tc] = False
        blocks = self.src.shape[0] // n
        if blocks == 1:
            return tc
        return (np.arange(blocks)[:, None] * n + tc[None, :]).ravel()


def _landings(j: Jumps, ts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Of the states ``ts``, the positions of the jump landings and their table rows."""
    li = j.land[ts]
    at = np.flatnonzero(li >= 0)
    return at, li[at]


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
        best = _candidates(g, ts, dist, need).min(axis=1)
        if g.jumps is not None:
            at, rows = _landings(g.jumps, ts)
            if len(at):
                best[at] = np.minimum(best[at], _jump_candidates(g.jumps, rows, dist, need)
                                      .min(axis=1))
        imp = best < dist[ts]
        changed = ts[imp]
        dist[changed] = best[imp]


def _candidates(g: StateGraph, ts: np.ndarray, dist: np.ndarray, need: float) -> np.ndarray:
    """Each edge's candidate cost into the states ``ts`` (gated on the cost so far)."""
    G = dist[g.src[ts]]
    if g.run is not None and need > EPS:
        assert g.late is not None  # built with the run-up flags
        late = g.run[ts] & (G < need - EPS)
        G += g.cost[ts]
        if late.any():
            G[late] += g.late[ts][late]
    else:
        G += g.cost[ts]
    return G


def _jump_candidates(j: Jumps, rows: np.ndarray, dist: np.ndarray, need: float
                     ) -> np.ndarray:
    """Each listed jump's candidate cost into its landing (``rows`` of the tables): inf
    without the run-up (the cost so far)."""
    d = dist[j.src[rows]]
    G = d + j.cost[rows]
    if need > EPS:
        G[j.run[rows] & (d < need - EPS)] = INF
    return G


def parents(g: StateGraph, dist: np.ndarray, need: float) -> np.ndarray:
    """The parent of every reached state: its first cheapest edge; -1 where unreached."""
    parent = np.full(dist.shape, -1, dtype=np.int64)
    ts = np.flatnonzero(np.isfinite(dist))
    G = _candidates(g, ts, dist, need)
    arg = G.argmin(axis=1)
    parent[ts] = g.src[ts, arg]
    if g.jumps is not None:  # a jump wins only if strictly cheaper (the later columns)
        at, rows = _landings(g.jumps, ts)
        if len(at):
            J = _jump_candidates(g.jumps, rows, dist, need)
            ja = J.argmin(axis=1)
            k = np.arange(len(at))
            win = J[k, ja] < G[at, arg[at]]
            parent[ts[at[win]]] = g.jumps.src[rows[win], ja[win]]
    return parent


def settle_ran(g: StateGraph, dist: np.ndarray, ran: np.ndarray, ec: np.ndarray, *,
               need: float, rounds: int, over: float) -> None:
    """:func:`settle` where the run-up is not the cost so far (swims and climbs run no
    yards): each state also keeps the yards its best path ran (``ran``; ``ec``: the yards
    each edge runs); of paths equal in cost the one that ran farther wins."""
    mark = np.zeros(g.n, dtype=bool)
    changed = np.flatnonzero(np.isfinite(dist))
    nec = ec + (need - EPS) if g.run is not None else None
    for _ in range(rounds):
        changed = changed[dist[changed] <= over]
        if not len(changed):
            break
        ts = g.targets(changed, mark)
        best, rbest, _, _ = _relax_ran(g, ts, dist, ran, ec, nec, need, settle=True)
        d = dist[ts]
        imp = best < d - EPS
        upd = imp | ((best <= d + EPS) & (rbest > ran[ts] + EPS))
        dist[ts[imp]] = best[imp]
        changed = ts[upd]
        ran[changed] = rbest[upd]


def _relax_ran(g: StateGraph, ts: np.ndarray, dist: np.ndarray, ran: np.ndarray,
               ec: np.ndarray, nec: np.ndarray | None, need: float, *, settle: bool
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, tuple[np.ndarray, ...] | None]:
    """For states ``ts``: the cheapest candidate, the farthest run among the cheapest, each
    edge's run where it is among the cheapest (-inf elsewhere), and for the listed jumps
    (landing positions in ``ts``, cheapest, farthest run, runs) apart (``settle``: merged into
    the first two instead)."""
    src = g.src[ts]
    G = dist[src]
    U = ran[src]
    e = ec[ts]
    G += g.cost[ts]
    U += e
    if g.run is not None:
        assert g.late is not None and nec is not None  # built with the run-up flags
        # the climb a late running jump falls back to runs no yards; the yards run before
        # the edge (U - e) < need, as the whole-window search computed it
        late = g.run[ts] & (U < nec[ts])
        if late.any():
            G[late] += g.late[ts][late]
            U[late] -= e[late]
    lb = G.min(axis=1)
    key = np.where(G <= (lb + EPS)[:, None], U, -INF)
    lr = key.max(axis=1)
    if settle:
        lr[~np.isfinite(lb)] = -INF
    j = g.jumps
    if j is None:
        return lb, lr, key, None
    at, rows = _landings(j, ts)
    if not len(at):
        return lb, lr, key, None
    jsrc = j.src[rows]
    Gj = dist[jsrc] + j.cost[rows]
    Uj = ran[jsrc] + j.ran[rows]
    Gj[j.run[rows] & (ran[jsrc] < need - EPS)] = INF  # no jump without its run-up
    m = Gj.min(axis=1)
    kj = np.where(Gj <= (m + EPS)[:, None], Uj, -INF)
    rm = kj.max(axis=1)
    if not settle:
        return lb, lr, key, (at, rows, m, rm, kj)
    sb, sr = lb[at], lr[at]
    win = m < sb - EPS
    tie = ~win & (m <= sb + EPS)
    lb[at] = np.where(win, m, sb)
    lr[at] = np.where(win, rm, np.where(tie, np.maximum(sr, rm), sr))
    return lb, lr, key, None


def parents_ran(g: StateGraph, dist: np.ndarray, ran: np.ndarray, ec: np.ndarray,
                need: float) -> np.ndarray:
    """:func:`parents` keeping the run: the first of the cheapest edges that ran farthest (a
    listed jump where cheaper, or as cheap with a longer run)."""
    parent = np.full(dist.shape, -1, dtype=np.int64)
    ts = np.flatnonzero(np.isfinite(dist))
    nec = ec + (need - EPS) if g.run is not None else None
    sb, sr, key, jumps = _relax_ran(g, ts, dist, ran, ec, nec, need, settle=False)
    parent[ts] = g.src[ts, key.argmax(axis=1)]
    if jumps is not None and g.jumps is not None:
        at, rows, m, rm, kj = jumps
        hit = (kj == rm[:, None]) & np.isfinite(kj)
        b, r = sb[at], sr[at]
        win = np.flatnonzero(hit.any(axis=1) & ((m < b - EPS) | ((m <= b + EPS) & (rm > r + EPS))))
        parent[ts[at[win]]] = g.jumps.src[rows[win], hit[win].argmax(axis=1)]
    return parent
