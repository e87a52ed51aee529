"""Property tests of cover: symmetric situations, symmetric answers; obstacles only add cover."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.ascii_grid import parse_ascii
from game.rules.battlefield import Obstacle
from game.rules.body import Body
from game.rules.geometry.cover import cover_between
from game.rules.geometry.sight import SightIndex

W, H = 7, 6
CELLS = st.sampled_from(list("......#o12"))


@st.composite
def situations(draw):
    rows = [[draw(CELLS) for _ in range(W)] for _ in range(H)]
    a = (draw(st.integers(0, W - 1)), draw(st.integers(0, H - 1)))
    t = (draw(st.integers(0, W - 1)), draw(st.integers(0, H - 1)))
    for x, y in (a, t):
        rows[y][x] = "."
    prone = draw(st.booleans())
    return rows, a, t, prone


def _cover(rows, a, t, prone, extra=()):
    bf = parse_ascii("\n".join("".join(r) for r in rows))
    bf.obstacles = bf.obstacles + tuple(extra)
    idx = SightIndex.build(bf)
    ea = float(bf.elevation[a[1], a[0]])
    et = float(bf.elevation[t[1], t[0]])
    return cover_between(
        idx, attacker=Body(a, elevation_yd=ea), target=Body(t, elevation_yd=et), target_prone=prone
    )


SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(situations())
def test_mirror_image_gives_the_same_cover(s) -> None:
    rows, a, t, prone = s
    c = _cover(rows, a, t, prone)
    mirrored = [list(reversed(r)) for r in rows]
    m = _cover(mirrored, (W - 1 - a[0], a[1]), (W - 1 - t[0], t[1]), prone)
    assert abs(c.fraction - m.fraction) < 1e-9
    assert c.level == m.level
    flipped = list(reversed(rows))
    f = _cover(flipped, (a[0], H - 1 - a[1]), (t[0], H - 1 - t[1]), prone)
    assert abs(c.fraction - f.fraction) < 1e-9


@SETTINGS
@given(situations())
def test_transposed_battlefield_gives_the_same_cover(s) -> None:
    rows, a, t, prone = s
    c = _cover(rows, a, t, prone)
    tr = [[rows[y][x] for y in range(H)] for x in range(W)]
    m = _cover(tr, (a[1], a[0]), (t[1], t[0]), prone)
    assert abs(c.fraction - m.fraction) < 1e-9


@SETTINGS
@given(
    situations(),
    st.tuples(
        st.floats(0, W),
        st.floats(0, H),
        st.floats(0, W),
        st.floats(0, H),
        st.floats(0.2, 4.0),
        st.booleans(),
        st.sampled_from([0.0, 0.0, 0.5, 1.5, 2.5]),
    ),
)
def test_adding_an_obstacle_never_reduces_cover(s, ob) -> None:
    rows, a, t, prone = s
    x0, y0, x1, y1, height, closed, base = ob
    pts = ((x0, y0), (x1, y0), (x1, y1), (x0, y1)) if closed else ((x0, y0), (x1, y1))
    before = _cover(rows, a, t, prone)
    after = _cover(rows, a, t, prone, (Obstacle(999, "rock", pts, closed, height, base_yd=base),))
    assert after.fraction >= before.fraction - 1e-12
    assert after.level >= before.level
