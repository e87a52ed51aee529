"""The sight index's wall buckets (game.rules.geometry.sight_walls.bucket_walls) are the
cells each wall passes through, sampled as the index always sampled them, worked out for
every wall at once: the same buckets as one wall at a time, for any walls."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.geometry.sight_walls import bucket_walls


def _one_by_one(x0, y0, x1, y1, size):  # type: ignore[no-untyped-def]
    """The index's buckets as it built them before: each wall's cells from its own samples."""
    out: dict[tuple[int, int], list[int]] = {}
    for r in range(len(x0)):
        n = int(np.ceil(np.hypot(x1[r] - x0[r], y1[r] - y0[r]) / (size / 4))) + 1
        ts = np.linspace(0.0, 1.0, n + 1)
        xs = np.floor((x0[r] + (x1[r] - x0[r]) * ts) / size).astype(int)
        ys = np.floor((y0[r] + (y1[r] - y0[r]) * ts) / size).astype(int)
        for cell in set(zip(xs.tolist(), ys.tolist(), strict=True)):
            out.setdefault(cell, []).append(r)
    return out


coord = st.one_of(st.integers(-5, 120).map(float), st.floats(-5, 120, allow_nan=False),
                  st.integers(0, 480).map(lambda v: v / 4))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(coord, coord, coord, coord), max_size=40),
       st.sampled_from([1.0, 4.0, 8.0, 2.5]))
def test_buckets_of_all_walls_at_once_are_each_walls_own(walls, size) -> None:  # type: ignore[no-untyped-def]
    arr = np.asarray(walls, dtype=np.float64).reshape(-1, 4)
    x0, y0, x1, y1 = (arr[:, i].copy() for i in range(4))
    got = bucket_walls(x0, y0, x1, y1, size)
    want = _one_by_one(x0, y0, x1, y1, size)
    assert {k: v.tolist() for k, v in got.items()} == want
    assert all(v.dtype == np.int64 for v in got.values())
