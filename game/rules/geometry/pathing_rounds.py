"""The rounds of the movement search (Seed SotDL: Move): each round relaxes every edge at once
from the labels of the round before, but only into the states next to a label that changed
then; the others would compute what they already hold.

That is the very same sequence of labels as relaxing the whole window each round (a state
none of whose sources changed gets the candidates it already took the minimum of; a wall, an
enemy or the padding never takes one), so the costs, the run-up labels and so the parents come
out the same, bit for bit; a round costs what the wave front holds, not the window. Labels
beyond the budget are not spread: every step costs at least 1 yard, so nothing within the
budget can come from them (they are cut at the end).

States are ``block * n + cell`` (a block per threat layer and diagonal parity). The edges are
laid out per target state, a row per edge (``src``, ``cost``: (rows, states)), so a round
gathers the columns of the states it looks at (one flat ``take`` per array) and reduces
across the rows: the 8 steps and the dense jump rows in direction order; then (one block
only) the jumps listed from take-off squares (:class:`Jumps`), grouped by landing square and
looked at only where a landing is in the wave front. They keep the list's rules: a jump needs
its run-up or is impossible, and wins over the steps only if cheaper (or, for the run-up
label, as cheap with a longer run).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from game.rules.geometry.pathing import INF

EPS = 1e-9


@dataclass(eq=False)
class Jumps:
    """The listed jumps (take-off, landing, cost, needs a run-up), as tables by take-off cell
    and (made when first asked: the parents, the two-label search) by landing cell, in the
    list's order within a landing (ties go to the first)."""

    n: int  # cells
    listed: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]  # take-off, landing, cost, run
    take_off: np.ndarray  # (n,) int: the take-off's row in the tables below, -1 where none
    dst: np.ndarray  # (take-offs, K) its landing cells (0, a wall cell, where fewer)
    out_cost: np.ndarray  # (take-offs, K) cost (inf there)
    out_run: np.ndarray  # (take-offs, K) bool: needs the run-up
    out_ran: np.ndarray  # (take-offs, K) yards run (a jump is on foot: its length; 0 there)
    gated: np.ndarray | None  # (take-offs,) bool: one of its jumps needs the run-up (None: none)

    @cached_property
    def _by_landing(self) -> tuple[np.ndarray, ...]:
        src, dst, cost, run = self.listed
        land, (S, C, R) = _grouped(dst, src, cost, run)
        at = np.full(self.n, -1, dtype=np.int64)
        at[land] = np.arange(len(land))
        return at, S, C, R, np.where(C < INF, C, 0.0)

    @property
    def land(self) -> np.ndarray:
        """(n,) int: the landing's row in the landing tables, -1 where none lands."""
        return self._by_landing[0]

    @property
    def src(self) -> np.ndarray:
        """(landings, J) take-off cell (0, a wall cell of the padding, where fewer)."""
        return self._by_landing[1]

    @property
    def cost(self) -> np.ndarray:
        """(landings, J) cost (inf there)."""
        return self._by_landing[2]

    @property
    def run(self) -> np.ndarray:
        """(landings, J) bool: needs the run-up."""
        return self._by_landing[3]

    @property
    def ran(self) -> np.ndarray:
        """(landings, J) yards run."""
        return self._by_landing[4]


def _grouped(key: np.ndarray, *values: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """``values`` as tables with a row per distinct ``key`` (in the order given within a
    key; 0 / inf / False where a row has fewer): the keys and the tables."""
    order = np.argsort(key, kind="stable")
    k = key[order]
    first = np.ones(len(k), dtype=bool)
    first[1:] = k[1:] != k[:-1]
    starts = np.flatnonzero(first)
    row = np.cumsum(first) - 1
    col = np.arange(len(k)) - starts[row]
    shape = (len(starts), int(col.max()) + 1)
    out = []
    for v in values:
        t = np.full(shape, INF) if v.dtype.kind == "f" else np.zeros(shape, dtype=v.dtype)
        t[row, col] = v[order]
        out.append(t)
    return k[starts], out


def jump_table(n: int, src: np.ndarray, dst: np.ndarray, cost: np.ndarray, run: np.ndarray
               ) -> Jumps | None:
    """:class:`Jumps` from the jump list (None when it is empty)."""
    if not len(dst):
        return None
    take, (D, OC, OR) = _grouped(src, dst, cost, run)
    off = np.full(n, -1, dtype=np.int64)
    off[take] = np.arange(len(take))
    gated: np.ndarray = np.asarray(OR.any(axis=1))
    return Jumps(n, (src, dst, cost, run), off, D, OC, OR, np.where(OC < INF, OC, 0.0),
                 gated if gated.any() else None)


@dataclass(eq=False)
class StateGraph:
    """The search's edges per target state (see the module's docstring)."""

    src: np.ndarray  # (rows, states) int: the state each edge comes from
    cost: np.ndarray  # (rows, states) float: its cost (inf: no edge)
    offs: np.ndarray  # (rows,) int: target cell - source cell, per row
    n: int  # cells in a block
    open: np.ndarray  # (n,) bool: cells a label can reach (not a wall, an enemy, the padding)
    plain: bool  # one block of the 8 steps: a state's sources are its cell - ``offs``
    run: np.ndarray | None = None  # (rows, states) bool: a running jump (needs the run-up)
    late: np.ndarray | None = None  # (rows, states): its extra cost without the run-up
    jumps: Jumps | None = None  # the listed jumps (one block only)
    rowidx: np.ndarray = field(init=False)  # (rows, 1): each row's first flat index
    offcol: np.ndarray = field(init=False)  # (rows, 1): ``offs`` as a column

    def __post_init__(self) -> None:
        self.rowidx = (np.arange(self.src.shape[0]) * self.src.shape[1])[:, None]
        self.offcol = self.offs[:, None]

    def edges(self, ts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The flat index of every edge into the states ``ts`` and the state it comes from,
        (rows, len(ts)) each."""
        idx = self.rowidx + ts
        if self.plain:  # ts are open cells: their sources lie inside the padding
            return idx, ts - self.offcol
        return idx, self.src.take(idx)

    def targets(self, changed: np.ndarray, mark: np.ndarray) -> np.ndarray:
        """The states whose sources include a ``changed`` one, in state order (the open
        cells only: nothing else ever takes a label)."""
        n = self.n
        cells = changed if self.plain else changed % n
        mark[np.add.outer(cells, self.offs).ravel()] = True
        j = self.jumps
        if j is not None:  # one block: states are cells
            r = j.take_off[changed]
            r = r[r >= 0]
            if len(r):
                mark[j.dst[r].ravel()] = True
        tc = (mark & self.open).nonzero()[0]  # methods, not np.* wrappers: this is hot
        mark.fill(False)
        blocks = self.src.shape[1] // n
        if blocks > 1:
            tc = (np.arange(blocks)[:, None] * n + tc[None, :]).ravel()
        return tc


def _landings(j: Jumps, ts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Of the states ``ts``, the positions of the jump landings and their table rows."""
    li = j.land[ts]
    at = (li >= 0).nonzero()[0]
    return at, li[at]


@dataclass(eq=False)
class Weights:
    """What a label gains along each edge: the untracked search's labels are the costs
    themselves; the tracked search's, where the arithmetic is exact, pack the cost and the
    yards run into one number (:func:`packed`)."""

    step: np.ndarray  # (rows, states): along each edge
    late: np.ndarray | None  # (rows, states): more for a running jump without its run-up
    jump: Callable[[np.ndarray, np.ndarray], np.ndarray]  # along a jump, by (cost, yards run)
    runup: Callable[[np.ndarray], np.ndarray]  # the yards run (the run-up) a label holds


def settle(g: StateGraph, key: np.ndarray, w: Weights, *, need: float, rounds: int,
           over: float, pull: bool = False) -> None:
    """Lower the labels ``key`` (in place) to their least, as ``rounds`` rounds of
    whole-window relaxation would (a running jump made before ``need`` yards of run-up costs
    ``late`` more: the climb it falls back to, or inf; a listed one cannot be made).

    The labels within ``over`` come out as such rounds give them. A label only takes the
    least of what it holds and its candidates, so a candidate is new only where its source's
    label changed the round before: the plain search sends each changed label out along its
    edges (:func:`_settle_out`) instead of gathering every edge into every state next to
    one. Beyond the budget a label may then differ from the rounds' (those never spread, and
    a landing is looked at sooner), which only the parents of a state no longer reached by
    its own label's edge could read (:func:`parents` tells); ``pull``: every state next to a
    change gathers all its edges, the jumps too, as the rounds do, every label as theirs."""
    if g.plain and not pull:
        _settle_out(g, key, w, need=need, rounds=rounds, over=over)
        return
    mark = np.zeros(g.n, dtype=bool)
    changed = np.flatnonzero(key <= over)  # beyond the budget: never spread
    j = g.jumps
    jw = w.jump(j.cost, j.ran) if j is not None else None  # along each jump, by landing
    for _ in range(rounds):
        if not len(changed):
            break
        ts = g.targets(changed, mark)
        best = np.minimum.reduce(_candidates(g, ts, key, w, need)[0], axis=0)
        if j is not None and jw is not None:
            at, lr = _landings(j, ts)
            if len(at):
                best[at] = np.minimum(best[at], _jump_candidates(j, jw, lr, key, w, need)
                                      .min(axis=1))
        d = key[ts]
        imp = best < d
        key[ts] = np.minimum(best, d)
        changed = ts[imp & (best <= over)]


def _outgoing(a: np.ndarray, offs: np.ndarray) -> np.ndarray:
    """Per row, ``a`` by source cell: ``out[d, s] = a[d, s + offs[d]]`` (the edge of row d
    out of s; what lies past the array's ends, never a window cell's, is left as it was)."""
    out = a.copy()
    n = a.shape[1]
    for d, o in enumerate(offs.tolist()):
        if o > 0:
            out[d, : n - o] = a[d, o:]
        elif o < 0:
            out[d, -o:] = a[d, : n + o]
    return out


def _settle_out(g: StateGraph, key: np.ndarray, w: Weights, *, need: float, rounds: int,
                over: float) -> None:
    """:func:`settle` of the plain search sending the labels out: each round, the states
    whose labels changed in the round before send their candidates along their 8 steps
    (those within the budget; the others never spread) and along their jumps (all of them),
    every candidate worked out from the labels of the round before, then each state keeps
    the least of what it holds and what it got."""
    n = g.n
    wo = _outgoing(w.step, g.offs)
    gated = g.run is not None and need > EPS
    if gated:
        assert g.run is not None and w.late is not None  # built with the run-up flags
        ro, lo = _outgoing(g.run, g.offs), _outgoing(w.late, g.offs)
    rowidx = (np.arange(8) * n)[:, None]
    j = g.jumps
    jw = w.jump(j.out_cost, j.out_ran) if j is not None else None  # along each, by take-off
    mark = np.zeros(n, dtype=bool)
    changed = np.flatnonzero(key <= over)
    moved = changed
    for _ in range(rounds):
        if not len(changed):
            break
        k = key[changed]
        idx = rowidx + changed
        cand = wo.take(idx)
        cand += k
        if gated:
            late = ro.take(idx) & (w.runup(k) < need - EPS)
            if late.any():
                cand[late] += lo.take(idx)[late]
        at = (changed + g.offcol).ravel()
        cand = cand.ravel()
        if j is not None and jw is not None:  # one block: states are cells
            r = j.take_off[moved]
            hit = (r >= 0).nonzero()[0]
            if len(hit):
                took, rows = moved[hit], r[hit]
                kt = key[took]
                jc = kt[:, None] + jw[rows]
                if need > EPS and j.gated is not None:  # only some have a running jump
                    gr = j.gated[rows].nonzero()[0]
                    if len(gr):
                        lost = j.out_run[rows[gr]] & (w.runup(kt[gr]) < need - EPS)[:, None]
                        jc[gr] = np.where(lost, INF, jc[gr])
                # (0, where a take-off has fewer jumps: a wall cell, gets inf)
                at = np.concatenate([at, j.dst[rows].ravel()])
                cand = np.concatenate([cand, jc.ravel()])
        better = cand < key.take(at)
        np.minimum.at(key, at, cand)
        mark[at[better]] = True
        moved = mark.nonzero()[0]
        mark[moved] = False
        changed = moved[key.take(moved) <= over]


def _candidates(g: StateGraph, ts: np.ndarray, key: np.ndarray, w: Weights, need: float
                ) -> tuple[np.ndarray, np.ndarray]:
    """Each edge's candidate label into the states ``ts`` (gated on the run-up), and the
    state it comes from."""
    idx, src = g.edges(ts)
    G = key.take(src)
    if g.run is not None and need > EPS:
        assert w.late is not None  # built with the run-up flags
        late = g.run.take(idx) & (w.runup(G) < need - EPS)
        G += w.step.take(idx)
        if late.any():
            G[late] += w.late.take(idx)[late]
    else:
        G += w.step.take(idx)
    return G, src


def _jump_candidates(j: Jumps, jw: np.ndarray, rows: np.ndarray, key: np.ndarray, w: Weights,
                     need: float) -> np.ndarray:
    """Each listed jump's candidate label into its landing (``rows`` of the landing tables;
    ``jw``: along each jump there): inf without the run-up."""
    d = key[j.src[rows]]
    G = d + jw[rows]
    if need > EPS:
        G[j.run[rows] & (w.runup(d) < need - EPS)] = INF
    return G


def parents(g: StateGraph, key: np.ndarray, w: Weights, need: float, reached: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray]:
    """The parent of every ``reached`` state: its first least edge (a listed jump only if
    strictly less); -1 elsewhere. Also each reached state's least candidate."""
    parent = np.full(key.shape, -1, dtype=np.int64)
    ts = np.flatnonzero(reached)
    G, src = _candidates(g, ts, key, w, need)
    arg = G.argmin(axis=0)
    k = np.arange(len(ts))
    parent[ts] = src[arg, k]
    least = G[arg, k]
    if g.jumps is not None:
        at, rows = _landings(g.jumps, ts)
        if len(at):
            J = _jump_candidates(g.jumps, w.jump(g.jumps.cost, g.jumps.ran), rows, key, w, need)
            ja = J.argmin(axis=1)
            jl = J[np.arange(len(at)), ja]
            win = jl < least[at]
            parent[ts[at[win]]] = g.jumps.src[rows[win], ja[win]]
            least[at] = np.minimum(least[at], jl)
    return parent, least


#: the unit of exact costs: every cost a multiple of 1/64 yard (and small) sums exactly
QUANTUM = 64.0
#: the label of a state not reached yet in a packed search (finite: reading its run-up is
#: harmless; above every label a search can make)
UNREACHED = 2.0**60


def packed(g: StateGraph, no_run: np.ndarray | None, *, need: float, rounds: int,
           over: float) -> tuple[Weights, float, float] | None:
    """The tracked search's (cost, yards run) labels packed into one float, where that is
    exact: ``cost * 64 * S + (S - 1 - yards run * 64)`` orders as the tracked search does
    (cheaper first, then the longer run), so its rounds are the untracked search's
    (``no_run``: the edges that run no yards, swims and climbs; the others run their cost).

    None where some cost (or the run-up ``need``) is not a multiple of 1/64 yard, or labels
    could get too large to be exact: there the costs add up with rounding, the tracked
    search compares within 1e-9 (:func:`settle_ran`), and packing could change a result.
    Else the weights, ``S`` and the largest label within ``over`` yards."""
    if need * QUANTUM != math.floor(need * QUANTUM):
        return None
    q = g.cost * QUANTUM
    run = np.where(q < INF, q, 0.0)  # the finite costs (in 1/64 yards): what an edge runs
    parts = [run] + ([g.late * QUANTUM] if g.late is not None else []) + (
        [g.jumps.out_cost * QUANTUM] if g.jumps is not None else [])
    top = 0.0
    for a in parts:
        if not (a == np.floor(a)).all():  # inf == inf: no edge is exact too
            return None
        top = max(top, float(np.max(a, where=a < INF, initial=0.0)) if a is not run
                  else float(run.max()))
    if g.late is not None:
        top *= 2  # a late running jump: its cost and the climb's
    most = (rounds + 2) * top + QUANTUM * over + 2  # no label gets more (in 1/64 yards)
    S = 2.0 ** math.ceil(math.log2(most + 2))
    if (most + 2) * S >= 2.0**52:
        return None

    def runup(k: np.ndarray) -> np.ndarray:
        return (S - 1.0 - np.fmod(k, S)) / QUANTUM

    if no_run is not None:
        np.putmask(run, no_run, 0.0)  # swims and climbs run no yards
    late = None
    if g.late is not None:  # ran nothing more, cost the climb more: (c + l) * scale, as packed
        late = np.where(g.late < INF, parts[1] * S + run, INF)
    def jump(cost: np.ndarray, ran: np.ndarray) -> np.ndarray:  # a jump runs its length
        return cost * (QUANTUM * S) - ran * QUANTUM

    step = q * S
    step -= run
    return Weights(step, late, jump, runup), S, (math.floor(QUANTUM * over) + 1) * S - 1


def settle_ran(g: StateGraph, dist: np.ndarray, ran: np.ndarray, ec: np.ndarray, *,
               need: float, rounds: int, over: float) -> None:
    """:func:`settle` where the run-up is not the cost so far (swims and climbs run no
    yards): each state also keeps the yards its best path ran (``ran``; ``ec``: the yards
    each edge runs); of paths equal in cost the one that ran farther wins."""
    mark = np.zeros(g.n, dtype=bool)
    changed = np.flatnonzero(dist <= over)
    nec = ec + (need - EPS) if g.run is not None else None
    for _ in range(rounds):
        if not len(changed):
            break
        ts = g.targets(changed, mark)
        best, rbest, _, _, _ = _relax_ran(g, ts, dist, ran, ec, nec, need, settle=True)
        d, r = dist[ts], ran[ts]
        imp = best < d - EPS
        upd = imp | ((best <= d + EPS) & (rbest > r + EPS))
        d = np.where(imp, best, d)
        dist[ts] = d
        ran[ts] = np.where(upd, rbest, r)
        changed = ts[upd & (d <= over)]


def _relax_ran(g: StateGraph, ts: np.ndarray, dist: np.ndarray, ran: np.ndarray,
               ec: np.ndarray, nec: np.ndarray | None, need: float, *, settle: bool
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray,
                          tuple[np.ndarray, ...] | None]:
    """For states ``ts``: the cheapest candidate, the farthest run among the cheapest, each
    edge's run where it is among the cheapest (-inf elsewhere) and the state it comes from,
    and for the listed jumps (landing positions in ``ts``, table rows, cheapest, farthest
    run, runs) apart (``settle``: merged into the first two instead)."""
    idx, src = g.edges(ts)
    G = dist.take(src)
    G += g.cost.take(idx)
    U = ran.take(src)
    e = ec.take(idx)
    U += e
    if g.run is not None:
        assert g.late is not None and nec is not None  # built with the run-up flags
        # the climb a late running jump falls back to runs no yards; the yards run before
        # the edge (U - e) < need, as the whole-window search computed it
        late = g.run.take(idx) & (U < nec.take(idx))
        if late.any():
            G[late] += g.late.take(idx)[late]
            U[late] -= e[late]
    lb = np.minimum.reduce(G, axis=0)
    np.putmask(U, G > lb + EPS, -INF)  # U is now each edge's run among the cheapest
    lr = np.maximum.reduce(U, axis=0)
    if settle:
        lr[lb == INF] = -INF
    j = g.jumps
    if j is None:
        return lb, lr, U, src, None
    at, rows = _landings(j, ts)
    if not len(at):
        return lb, lr, U, src, None
    jsrc = j.src[rows]
    Gj = dist[jsrc] + j.cost[rows]
    Uj = ran[jsrc] + j.ran[rows]
    Gj[j.run[rows] & (ran[jsrc] < need - EPS)] = INF  # no jump without its run-up
    m = Gj.min(axis=1)
    kj = np.where(Gj <= (m + EPS)[:, None], Uj, -INF)
    rm = kj.max(axis=1)
    if not settle:
        return lb, lr, U, src, (at, rows, m, rm, kj)
    sb, sr = lb[at], lr[at]
    win = m < sb - EPS
    tie = ~win & (m <= sb + EPS)
    lb[at] = np.where(win, m, sb)
    lr[at] = np.where(win, rm, np.where(tie, np.maximum(sr, rm), sr))
    return lb, lr, U, src, None


def parents_ran(g: StateGraph, dist: np.ndarray, ran: np.ndarray, ec: np.ndarray,
                need: float) -> np.ndarray:
    """:func:`parents` keeping the run: the first of the cheapest edges that ran farthest (a
    listed jump where cheaper, or as cheap with a longer run)."""
    parent = np.full(dist.shape, -1, dtype=np.int64)
    ts = np.flatnonzero(np.isfinite(dist))
    nec = ec + (need - EPS) if g.run is not None else None
    sb, sr, key, src, jumps = _relax_ran(g, ts, dist, ran, ec, nec, need, settle=False)
    parent[ts] = src[key.argmax(axis=0), np.arange(len(ts))]
    if jumps is not None and g.jumps is not None:
        at, rows, m, rm, kj = jumps
        hit = (kj == rm[:, None]) & np.isfinite(kj)
        b, r = sb[at], sr[at]
        win = np.flatnonzero(hit.any(axis=1) & ((m < b - EPS) | ((m <= b + EPS) & (rm > r + EPS))))
        parent[ts[at[win]]] = g.jumps.src[rows[win], hit[win].argmax(axis=1)]
    return parent
