"""The jump edges listed from take-off squares (``jump_list``, what the plain search relaxes)
are exactly the finite jump rows of the dense edge arrays (``_jump_edges``), in their order."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.ascii_grid import parse_ascii
from game.rules.geometry.pathing import Mover, terrain_costs
from game.rules.geometry.pathing_edges import _jump_edges, _padded, _sources, jump_list


@settings(max_examples=60, deadline=None)
@given(st.lists(st.text("1111~0#6", min_size=8, max_size=8), min_size=6, max_size=6),
       st.sampled_from(["chebyshev", "euclidean"]), st.integers(2, 6))
def test_jump_list_is_the_dense_rows_finite_entries(rows, rule, lmax) -> None:  # type: ignore[no-untyped-def]
    bf = parse_ascii("\n".join(rows))
    tc = terrain_costs(bf, mover=Mover())
    tc = type(tc)(tc.mover, type(tc.rules)(**{**tc.rules.__dict__, "diagonal_rule": rule}),
                  tc.mult, tc.wall, tc.elev, tc.climbable, tc.treacherous, tc.liquid)
    pad = lmax
    wall = _padded(tc.wall, pad, True).ravel()
    elev = _padded(tc.elev, pad, 0.0).ravel()
    wet = _padded(tc.liquid, pad, False).ravel()
    wp = tc.wall.shape[1] + 2 * pad
    n = wall.size
    S, _ = _sources(n, wp, lmax)
    jc, jrun = _jump_edges(tc, wall, elev, wp, n, lmax, wet)
    r, c = np.nonzero(np.isfinite(jc))
    src, dst, cost, run = jump_list(tc, wall, elev, wp, n, lmax, wet)
    order = np.lexsort((r, c))  # by landing square, then row (as the search groups them)
    mine = np.lexsort((np.arange(len(dst)), dst))
    assert np.array_equal(S[8:][r, c][order], src[mine])
    assert np.array_equal(c[order], dst[mine])
    assert np.array_equal(jc[r, c][order], cost[mine])
    assert np.array_equal(jrun[r, c][order], run[mine])
