"""Cover from geometry on ASCII battlefields (Seed SotDL: Cover & Obscurement).

The cases other tools get wrong (USERS.md) are regression tests here.
"""

from __future__ import annotations

from game.rules.ascii_grid import parse_ascii
from game.rules.battlefield import Obstacle
from game.rules.body import Body
from game.rules.geometry.cover import CoverLevel, body_points, cover_between, cover_from_point
from game.rules.geometry.sight import TERRAIN, SightIndex


def cover(picture: str, attacker: Body, target: Body, *, obstacles=(), **kw):
    bf = parse_ascii(picture)
    if obstacles:
        bf.obstacles = bf.obstacles + tuple(obstacles)
    return cover_between(SightIndex.build(bf), attacker=attacker, target=target, **kw)


OPEN = """
..........
..........
..........
..........
..........
"""


def test_open_field_no_cover() -> None:
    c = cover(OPEN, Body((0, 0)), Body((9, 4)))
    assert c.level == CoverLevel.NONE and c.fraction == 0.0 and c.blockers == ()


def test_wall_between_gives_total_cover() -> None:
    c = cover(".....\n..#..\n.....", Body((0, 1)), Body((4, 1)))
    assert c.level == CoverLevel.TOTAL
    assert c.blockers == (1,)


def test_wall_behind_target_gives_no_cover() -> None:
    c = cover("......\n.....#\n......", Body((0, 1)), Body((4, 1)))
    assert c.level == CoverLevel.NONE and c.fraction == 0.0
    # and a wall right behind the attacker does not either
    c = cover("......\n#.....\n......", Body((1, 1)), Body((5, 1)))
    assert c.level == CoverLevel.NONE


def test_wall_beside_the_line_gives_no_cover() -> None:
    # diagonal shot past the corner of a wall that the best line does not cross
    c = cover(".....\n..#..\n.....\n.....\n.....", Body((0, 0)), Body((4, 4)))
    assert c.level == CoverLevel.NONE
    # a wall running alongside the line of fire
    c = cover("......\n######\n......", Body((0, 0)), Body((5, 0)))
    assert c.level == CoverLevel.NONE and c.fraction == 0.0


def test_adjacent_diagonal_between_corner_walls_is_not_covered() -> None:
    c = cover(".#\n#.", Body((0, 0)), Body((1, 1)))
    assert c.level == CoverLevel.NONE and c.fraction == 0.0
    c = cover(".#\n#.", Body((1, 1)), Body((0, 0)))
    assert c.level == CoverLevel.NONE
    c = cover("#.\n.#", Body((1, 0)), Body((0, 1)))
    assert c.level == CoverLevel.NONE


def test_narrow_corridor_does_not_cover_along_it() -> None:
    c = cover("########\n........\n########", Body((0, 1)), Body((7, 1)))
    assert c.level == CoverLevel.NONE and c.fraction == 0.0


def test_low_wall_covers_prone_and_small_more_than_standing() -> None:
    pic = "......\n..o...\n......"
    standing = cover(pic, Body((0, 1)), Body((3, 1), height_yd=2.0))
    prone = cover(pic, Body((0, 1)), Body((3, 1), height_yd=2.0), target_prone=True)
    small = cover(pic, Body((0, 1)), Body((3, 1), height_yd=1.0))
    tall = cover(pic, Body((0, 1)), Body((3, 1), height_yd=3.5))
    assert prone.fraction > standing.fraction
    assert small.fraction > standing.fraction
    assert tall.fraction < standing.fraction
    assert prone.level > standing.level and small.level > standing.level
    assert set(standing.blockers) == {1}


def test_target_on_ledge_above_low_wall_is_not_covered() -> None:
    c = cover("......\n..o2..\n......", Body((0, 1)), Body((3, 1), elevation_yd=2.0))
    assert c.level == CoverLevel.NONE and c.fraction == 0.0


def test_ledge_hides_what_is_below_it() -> None:
    pic = "......\n22220.\n......"
    c = cover(pic, Body((0, 1), elevation_yd=2.0), Body((5, 1)), target_prone=True)
    assert c.level == CoverLevel.TOTAL and c.blockers == (TERRAIN,)
    # standing at the edge, looking down: nothing in the way
    c = cover(pic, Body((3, 1), elevation_yd=2.0), Body((5, 1)))
    assert c.level == CoverLevel.NONE


def test_hill_between_blocks_ground_level_creatures() -> None:
    c = cover(".....\n..3..\n.....", Body((0, 1)), Body((4, 1)))
    assert c.level == CoverLevel.TOTAL and c.blockers == (TERRAIN,)


def _slit_wall(x: float, lo: float, hi: float, opening=(1.5, 1.7)) -> tuple[Obstacle, ...]:
    return (
        Obstacle(101, "wall", ((x, 0), (x, lo)), False, 3.0),
        Obstacle(102, "arrow_slit", ((x, lo), (x, hi)), False, 3.0, openings=(opening,)),
        Obstacle(103, "wall", ((x, hi), (x, 5)), False, 3.0),
    )


def test_creature_behind_arrow_slit_is_three_quarters_covered_not_total() -> None:
    c = cover(OPEN, Body((0, 2)), Body((5, 2)), obstacles=_slit_wall(5, 2.45, 2.55))
    assert c.level == CoverLevel.THREE_QUARTERS
    assert any(ln.blocked_by is None for ln in c.lines)
    # a slit too narrow for the sampling grid: lines aimed through it find the target
    c = cover(OPEN, Body((0, 2)), Body((5, 2)), obstacles=_slit_wall(5, 2.48, 2.52, (1.55, 1.6)))
    assert c.level == CoverLevel.THREE_QUARTERS and c.fraction == 1.0
    assert c.through_opening
    assert any(ln.through_opening and ln.blocked_by is None for ln in c.lines)
    # a wider slit: the sampled lines see through it themselves
    c = cover(OPEN, Body((0, 2)), Body((5, 2)), obstacles=_slit_wall(5, 2.4, 2.6, (1.0, 1.9)))
    assert c.level == CoverLevel.THREE_QUARTERS and not c.through_opening


def test_same_wall_without_the_slit_is_total_cover() -> None:
    solid = (Obstacle(101, "wall", ((5, 0), (5, 5)), False, 3.0),)
    assert cover(OPEN, Body((0, 2)), Body((5, 2)), obstacles=solid).level == CoverLevel.TOTAL


def test_archer_at_the_slit_sees_out() -> None:
    c = cover(OPEN, Body((4, 2)), Body((8, 2)), obstacles=_slit_wall(5, 2.4, 2.6, (1.0, 1.9)))
    assert c.level == CoverLevel.NONE


def test_thin_wall_on_the_attackers_edge_is_not_seen_through() -> None:
    wall = (Obstacle(101, "wall", ((1, 0), (1, 5)), False, 3.0),)
    assert cover(OPEN, Body((0, 2)), Body((4, 2)), obstacles=wall).level == CoverLevel.TOTAL
    assert cover(OPEN, Body((4, 2)), Body((0, 2)), obstacles=wall).level == CoverLevel.TOTAL


def test_creature_standing_in_a_low_wall_square_is_not_covered_by_it() -> None:
    c = cover("......\n...o..\n......", Body((0, 1)), Body((3, 1)))
    assert c.level == CoverLevel.NONE


def test_lines_report_what_blocked_each() -> None:
    c = cover("......\n..o...\n......", Body((0, 1)), Body((3, 1)))
    assert len(c.lines) == len(body_points(Body((3, 1))))
    assert {ln.blocked_by for ln in c.lines} == {1, None}
    assert c.origin in {ln.start for ln in c.lines}
    assert "lines blocked" in c.describe()


def test_large_target_partly_behind_a_wall_is_half_covered() -> None:
    c = cover("......\n..#...\n......\n......", Body((0, 1)), Body((4, 1), space=2, height_yd=3.5))
    assert c.level in (CoverLevel.NONE, CoverLevel.HALF)
    assert 0.0 < c.fraction < 0.75


def test_flying_target_above_a_wall_is_not_covered() -> None:
    c = cover(".....\n..#..\n.....", Body((0, 1)), Body((4, 1), elevation_yd=6.0))
    assert c.level == CoverLevel.NONE


def test_cover_from_a_point_for_area_effects() -> None:
    idx = SightIndex.build(parse_ascii(".#..."))
    assert (
        cover_from_point(idx, origin=(0.5, 0.5, 1.0), target=Body((3, 0))).level == CoverLevel.TOTAL
    )
    assert (
        cover_from_point(idx, origin=(2.5, 0.5, 1.0), target=Body((4, 0))).level == CoverLevel.NONE
    )


TOWER = """
55555
55555
55555
55555
00000
00000
00000
00000
00000
"""


def _parapet(kind: str) -> tuple[Obstacle, ...]:
    pts = ((0, 3), (5, 3), (5, 4), (0, 4))
    return (Obstacle(201, kind, pts, True, 2.0, base_yd=5.0, openings=((1.0, 1.75),)),)


def test_archer_behind_a_thick_arrow_slit_parapet_is_three_quarters_covered() -> None:
    up = cover(
        TOWER, Body((2, 8)), Body((2, 2), elevation_yd=5.0), obstacles=_parapet("arrow_slit")
    )
    assert up.level == CoverLevel.THREE_QUARTERS and up.through_opening
    # the same long opening drawn as a window gives only what the lines say
    win = cover(TOWER, Body((2, 8)), Body((2, 2), elevation_yd=5.0), obstacles=_parapet("window"))
    assert win.level <= CoverLevel.THREE_QUARTERS and not win.through_opening
    # and the archer shooting down through it sees the target whole
    down = cover(
        TOWER, Body((2, 2), elevation_yd=5.0), Body((2, 8)), obstacles=_parapet("arrow_slit")
    )
    assert down.level == CoverLevel.NONE
