"""Edges of the movement search: for each direction, where a cell is entered from and what it
costs (Seed SotDL: Move, Climb, Jump; no corner cutting). Used by :mod:`pathing_search`.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

import numpy as np

from game.rules.geometry.pathing import INF

UNIT_DIRS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
EPS = 1e-9


def _padded(a: np.ndarray, pad: int, fill: object) -> np.ndarray:
    """``a`` surrounded by ``pad`` cells of ``fill`` (faster than np.pad for small arrays)."""
    out = np.full((a.shape[0] + 2 * pad, a.shape[1] + 2 * pad), fill, dtype=a.dtype)
    out[pad : pad + a.shape[0], pad : pad + a.shape[1]] = a
    return out


@lru_cache(maxsize=64)
def _sources(n: int, wp: int, lmax: int) -> tuple[np.ndarray, np.ndarray]:
    """Per direction, the flat index each cell is entered from (cached per window shape)."""
    idx = np.arange(n)
    offs = np.array([L * (dy * wp + dx) for dx, dy, L in _dir_list(lmax)])
    S = np.clip(idx[None, :] - offs[:, None], 0, n - 1)
    S.flags.writeable = False
    idx.flags.writeable = False
    return S, idx


@lru_cache(maxsize=256)
def _shifted(n: int, off: int) -> np.ndarray:
    """Flat index of the cell ``off`` before each cell, clipped to the array (cached)."""
    out = np.clip(np.arange(n) - off, 0, n - 1)
    out.flags.writeable = False
    return out


_DIAG = np.array([bool(dx and dy) for dx, dy in UNIT_DIRS])


def _unit_offs(wp: int) -> np.ndarray:
    """Flat offset of each unit direction in a window ``wp`` cells wide."""
    return np.array([dy * wp + dx for dx, dy in UNIT_DIRS])


#: per unit direction, the row of the opposite one
_OPPOSITE = [UNIT_DIRS.index((-dx, -dy)) for dx, dy in UNIT_DIRS]


def _from_sources(x: np.ndarray, wp: int) -> np.ndarray:
    """Per unit step, ``x`` at the cell each cell is entered from: ``x[_sources(n, wp, 1)[0]]``
    (clipped to the array), by shifted copies instead of a gather."""
    n = len(x)
    m = wp + 1
    ext = np.empty(n + 2 * m, dtype=x.dtype)
    ext[:m], ext[m : m + n], ext[m + n :] = x[0], x, x[-1]
    out = np.empty((8, n), dtype=x.dtype)
    for i, (dx, dy) in enumerate(UNIT_DIRS):
        o = dy * wp + dx
        out[i] = ext[m - o : m - o + n]
    return out


def _dir_list(lmax: int) -> list[tuple[int, int, int]]:
    return [(dx, dy, 1) for dx, dy in UNIT_DIRS] + [
        (dx, dy, L) for L in range(2, lmax + 1) for dx, dy in UNIT_DIRS
    ]


class Edges(NamedTuple):
    """The search's edges (see :func:`_edges`)."""

    src: np.ndarray  # (rows, n) flat index each cell is entered from
    c0: np.ndarray  # (rows, n) cost, diagonal parity 0
    c1: np.ndarray  # (rows, n) cost, diagonal parity 1
    run: np.ndarray | None  # (rows, n) bool: needs the run-up (a running jump)
    jumps: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None  # the jump list
    no_run: np.ndarray | None  # (rows, n) bool: a swim or a climb (no run-up: game.rules.run_up)
    late: np.ndarray | None  # (rows, n) extra cost of a running jump taken without the run-up:
    #                          the climb's (inf where it cannot be climbed; None: no such jump)
    climbs: bool  # some step could be climbed (where a running jump up would fall back)


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
    wall_u = _from_sources(wall, wp)
    elev_u = None
    ok = ~wall[None, :] & ~wall_u
    run = late = None
    climbs_any = False
    swim = None if wet is None or m.flying else np.broadcast_to(wet[None, :], (8, n))
    no_run = swim
    if m.flying or flat:
        vert0 = 0.0
        allowed = ok
    else:
        elev_u = _from_sources(elev, wp)
        dz = elev[None, :] - elev_u
        adz = np.abs(dz)
        level = adz <= r.step_up_yd
        vert0 = np.zeros((8, n))
        allowed = ok & level
        if not m.prone and not level.all():
            climbs = "climb" in m.traits
            cm = 1.0 if climbs else r.difficult_multiplier
            # as pathing.step_cost: a standing jump up or a safe jump down first, then a
            # running jump up where a climb costs more, then a climb (any surface but an
            # unclimbable one); a running jump taken without the run-up is the climb (late).
            # Worked out for the edges over more than a step only (a few of them): the level
            # ones are walks or swims, nothing vertical
            sel = np.flatnonzero(~level)
            dzs, adzs = dz.ravel()[sel], adz.ravel()[sel]
            up = dzs > 0
            stand = _jumps_up(up, dzs, r.step_up_yd, m.jump_up_ft(running=False, rules=r))
            down = (dzs < 0) & (-dzs < r.safe_drop_yd)
            can = ~down
            if not climbs:
                can &= _from_sources(climb, wp).ravel()[sel] & climb[sel % n]
            if stand is not None:
                can &= ~stand
            runj = _jumps_up(up, dzs, r.step_up_yd, m.jump_up_ft(running=True, rules=r))
            if runj is not None:
                if stand is not None:
                    runj &= ~stand
                if cm <= 1.0:
                    runj &= ~can  # a climber climbs as cheaply as it jumps: no run-up needed
                if not runj.any():
                    runj = None
            cl = can if runj is None else can & ~runj
            jumped = down
            for j in (stand, runj):
                if j is not None:
                    jumped = jumped | j
            # the climb's yards times its multiplier, a jump's once, else none (disjoint)
            v = cl * cm
            v += jumped
            v *= adzs
            vert0.ravel()[sel] = v
            allowed.ravel()[sel] = ok.ravel()[sel] & (cl | jumped)
            climbs_any = bool(can.any())
            if runj is not None:  # only a running jump up falls back to the climb
                run = np.zeros((8, n), dtype=bool)
                run.ravel()[sel] = runj
                late = np.full((8, n), INF)
                late.ravel()[sel] = np.where(can, adzs * (cm - 1.0), INF)
            # swims and climbs run no yards (game.rules.run_up)
            no_run = np.zeros((8, n), dtype=bool) if swim is None else level & swim
            no_run.ravel()[sel] = cl
    # no corner cutting: both squares beside a diagonal step blocked
    for i, (dx, dy) in enumerate(UNIT_DIRS):
        if dx and dy:  # the squares beside: the sources of the steps (0, dy) and (dx, 0)
            allowed[i] &= ~(wall_u[UNIT_DIRS.index((0, dy))] & wall_u[UNIT_DIRS.index((dx, 0))])
    if r.diagonal_rule == "chebyshev":  # every step 1 yard long: b0 * mult is mult
        C0 = np.where(allowed, mult[None, :] if isinstance(vert0, float) else mult[None, :] + vert0,
                      INF)
    else:
        C0 = np.where(allowed, b0[:, None] * mult[None, :] + vert0, INF)
    C1 = np.where(allowed, b1[:, None] * mult[None, :] + vert0, INF) if b1 is not b0 else C0
    if lmax > 1 and sparse:
        listed = jump_list(tc, wall, elev, wp, n, lmax, wet, wall_u, elev_u)
        return Edges(u, C0, C1, run, listed, no_run, late, climbs_any)
    if lmax > 1:
        jc, jrun = _jump_edges(tc, wall, elev, wp, n, lmax, wet)
        C0 = np.concatenate([C0, jc])
        C1 = np.concatenate([C1, jc]) if C1 is not C0 else C0
        run = np.concatenate([run if run is not None else np.zeros((8, n), bool), jrun])
        if no_run is not None:  # a jump is on foot
            no_run = np.concatenate([no_run, np.zeros(jc.shape, bool)])
        late = np.concatenate([late if late is not None else np.full((8, n), INF),
                               np.full(jc.shape, INF)])
        return Edges(S, C0, C1, run, None, no_run, late, climbs_any)
    return Edges(S[:8] if lmax == 1 else S, C0, C1, run, None, no_run, late, climbs_any)


def _jumps_up(up: np.ndarray, dz: np.ndarray, step_yd: float, up_ft: int) -> np.ndarray | None:
    """Of edges over more than a step, the rises (``up``) a jump of ``up_ft`` feet clears;
    None where none can (every such rise is higher than the jump: no array to work out)."""
    if step_yd * 3 > up_ft + EPS:
        return None
    return up & (dz * 3 <= up_ft + EPS)


def jump_list(tc, wall, elev, wp, n, lmax, wet, wall_u=None, elev_u=None):  # type: ignore[no-untyped-def]
    """Seed SotDL: Jump Across, as a list: (take-off, landing, cost, needs a run-up) for every
    jump :func:`_jump_edges` allows, found from the take-off squares only (a square whose
    neighbour is a gap: lower by more than a step, or water), in its row order (L, direction).

    All directions and lengths at once: a row per take-off and direction, a column per square
    along the line (0: the take-off ... lmax: the farthest landing). ``wall_u``, ``elev_u``:
    :func:`_from_sources` of ``wall`` and ``elev`` where the caller has them."""
    m, r = tc.mover, tc.rules
    stand_max = m.jump_across_yd(running=False, rules=r)
    su = r.step_up_yd
    open_ = ~wall
    low = elev - su  # lower than this is a gap below a take-off
    # per direction, the neighbour in the jump's direction: the source of the opposite step
    ahead = _OPPOSITE
    wall_a = (wall_u if wall_u is not None else _from_sources(wall, wp))[ahead]
    elev_a = (elev_u if elev_u is not None else _from_sources(elev, wp))[ahead]
    gap = ~wall_a & ((elev_a < low[None, :]) | _from_sources(wet, wp)[ahead])
    # by direction, then square (a flat nonzero: numpy's 2-d one is many times slower)
    d, t = np.divmod(np.flatnonzero(open_[None, :] & gap), n)
    offs, diags = _unit_offs(wp)[d], _DIAG[d]
    line = (t[:, None] + np.arange(lmax + 1)[None, :] * offs[:, None]).clip(0, n - 1)
    o, z, wt = open_.take(line), elev.take(line), wet.take(line)  # along each line
    # the squares crossed: open and lower than the take-off by more than a step, or water
    mid = o[:, 1:] & ((z[:, 1:] < (z[:, :1] - su)) | wt[:, 1:])
    clear = np.logical_and.accumulate(mid, axis=1)  # clear[:, k - 1]: squares 1 .. k all gaps
    land = line[:, 2:]
    # landing level with the take-off; Seed SotDL: Swim: not from the water, nor into it
    ok = clear[:, :-1] & o[:, 2:] & (np.abs(z[:, 2:] - z[:, :1]) <= su)
    ok &= ~wt[:, 2:] & ~wt[:, :1]
    # in the order of the rows: length, then direction
    L_i, row = np.divmod(np.flatnonzero(ok.T), len(t))
    L = L_i + 2
    if r.diagonal_rule == "chebyshev":
        cost = L.astype(np.float64)
    else:
        dg = diags[row]
        diag_len = L * math.sqrt(2.0) if r.diagonal_rule == "euclidean" else \
            (L + L // 2).astype(np.float64)
        cost = np.where(dg, diag_len, L.astype(np.float64))
    return t[row], land[row, L_i], cost, L - 1 > stand_max


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
