"""Obscurement from zones and light (Seed SotDL: Cover & Obscurement)."""

from __future__ import annotations

import pytest

from game.rules.ascii_grid import parse_ascii
from game.rules.battlefield import Obscurement
from game.rules.body import Body
from game.rules.geometry.obscurement import (
    light_table,
    line_squares,
    obscurement_at,
    obscurement_between,
)


def obs(picture: str, a: tuple[int, int], t: tuple[int, int], **kw):
    return obscurement_between(parse_ascii(picture), attacker=Body(a), target=Body(t), **kw)


def test_clear_line_is_not_obscured() -> None:
    o = obs(".....", (0, 0), (4, 0))
    assert o.level == Obscurement.NONE and o.banes == 0 and o.reason == "not obscured"


def test_foliage_between_partially_obscures() -> None:
    o = obs("..%..", (0, 0), (4, 0))
    assert (o.level, o.banes, o.worst_square) == (Obscurement.PARTIAL, 1, (2, 0))


def test_fog_at_the_target_heavily_obscures() -> None:
    o = obs("....f", (0, 0), (4, 0))
    assert (o.level, o.banes) == (Obscurement.HEAVY, 2)


def test_worst_along_the_line_applies() -> None:
    o = obs(".%f%.", (0, 0), (4, 0))
    assert o.level == Obscurement.HEAVY and o.worst_square == (2, 0)


def test_fog_beside_the_line_does_not_count() -> None:
    o = obs(".....\nfffff", (0, 0), (4, 0))
    assert o.level == Obscurement.NONE


def test_attackers_own_square_does_not_obscure_its_view() -> None:
    assert obs("%....", (0, 0), (4, 0)).level == Obscurement.NONE
    # but the same bush hides the creature in it from the other side
    assert obs("%....", (4, 0), (0, 0)).level == Obscurement.PARTIAL


def test_dim_light_on_target_partially_darkness_heavily() -> None:
    assert obs("....d", (0, 0), (4, 0)).level == Obscurement.PARTIAL
    o = obs("....D", (0, 0), (4, 0))
    assert o.level == Obscurement.HEAVY and o.reason == "heavily obscured: darkness"


def test_darkness_between_does_not_hide_a_lit_target() -> None:
    assert obs("..D..", (0, 0), (4, 0)).level == Obscurement.NONE
    assert obs("D....", (0, 0), (4, 0)).level == Obscurement.NONE


def test_light_levels_come_from_the_ruleset() -> None:
    light = {"bright": "none", "dim": "none", "dark": "partial"}
    assert obs("....D", (0, 0), (4, 0), light=light).level == Obscurement.PARTIAL
    assert obs("....d", (0, 0), (4, 0), light=light).level == Obscurement.NONE
    with pytest.raises(ValueError, match="params.light.dim"):
        light_table({"dim": "murky"})


def test_invisible_is_totally_obscured_and_needs_a_known_location() -> None:
    o = obs(".....", (0, 0), (4, 0), target_invisible=True)
    assert o.level == Obscurement.TOTAL and o.banes == 3 and o.requires_known_location


def test_magical_darkness_zone_is_total() -> None:
    bf = parse_ascii(".....")
    bf.obscurement[0, 2] = Obscurement.TOTAL
    o = obscurement_between(bf, attacker=Body((0, 0)), target=Body((4, 0)))
    assert o.level == Obscurement.TOTAL and o.banes == 3


def test_large_target_lit_on_one_square_is_seen() -> None:
    bf = parse_ascii("...DD\n...D.")
    o = obscurement_between(bf, attacker=Body((0, 0)), target=Body((3, 0), space=2))
    assert o.level == Obscurement.NONE


def test_obscurement_is_symmetric_for_zones_between() -> None:
    pic = "....\n.%..\n..f.\n...."
    assert obs(pic, (0, 0), (3, 3)).level == obs(pic, (3, 3), (0, 0)).level == Obscurement.HEAVY


def test_line_squares_skip_corners_touched() -> None:
    assert line_squares((0.5, 0.5), (2.5, 2.5)) == [(0, 0), (1, 1), (2, 2)]
    assert line_squares((0.5, 0.5), (0.5, 0.5)) == [(0, 0)]


def test_obscurement_where_a_creature_stands() -> None:
    bf = parse_ascii("f%D.")
    assert [obscurement_at(bf, Body((x, 0))) for x in range(4)] == [
        Obscurement.HEAVY,
        Obscurement.PARTIAL,
        Obscurement.HEAVY,
        Obscurement.NONE,
    ]


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

CELLS = st.sampled_from(list("....%fdD"))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(CELLS, min_size=6, max_size=6), min_size=5, max_size=5),
    st.tuples(st.integers(0, 5), st.integers(0, 4)),
    st.tuples(st.integers(0, 5), st.integers(0, 4)),
)
def test_mirrored_battlefield_gives_the_same_obscurement(rows, a, t) -> None:
    pic = "\n".join("".join(r) for r in rows)
    mir = "\n".join("".join(reversed(r)) for r in rows)
    o = obs(pic, a, t)
    m = obs(mir, (5 - a[0], a[1]), (5 - t[0], t[1]))
    assert (o.level, o.banes) == (m.level, m.banes)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(CELLS, min_size=6, max_size=6), min_size=5, max_size=5),
    st.tuples(st.integers(0, 5), st.integers(0, 4)),
    st.tuples(st.integers(0, 5), st.integers(0, 4)),
    st.tuples(st.integers(0, 5), st.integers(0, 4)),
)
def test_adding_fog_never_reduces_obscurement(rows, a, t, fog) -> None:
    pic = "\n".join("".join(r) for r in rows)
    rows2 = [list(r) for r in rows]
    rows2[fog[1]][fog[0]] = "f"
    assert obs("\n".join("".join(r) for r in rows2), a, t).level >= obs(pic, a, t).level


def test_reasons_name_the_map_zones() -> None:
    from game.rules.battlefield import Zone

    bf = parse_ascii("..%..\n....D")
    bf.zones = (
        Zone(1, "foliage", ((2, 0), (3, 0), (3, 1), (2, 1)), (("obscurement", "partial"),),
             "thicket"),
        Zone(2, "darkness", ((4, 1), (5, 1), (5, 2), (4, 2)), (("light", "dark"),), "dark corner"),
    )
    o = obscurement_between(bf, attacker=Body((0, 0)), target=Body((4, 0)))
    assert o.reason == "partially obscured: thicket at (2, 0)"
    o = obscurement_between(bf, attacker=Body((0, 1)), target=Body((4, 1)))
    assert o.reason == "heavily obscured: darkness (dark corner)"
