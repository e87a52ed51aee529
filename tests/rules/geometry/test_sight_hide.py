"""Hide geometry: concealed from every observer by heavy obscurement or three-quarters cover."""

from __future__ import annotations

from game.rules.ascii_grid import parse_ascii
from game.rules.body import Body
from game.rules.geometry.sight import SightIndex
from game.rules.geometry.sight_hide import concealment, hide_check, still_hidden_from


def setup(picture: str):
    bf = parse_ascii(picture)
    return bf, SightIndex.build(bf)


def test_behind_a_wall_from_every_observer_may_hide() -> None:
    bf, idx = setup(".......\n...#...\n.......")
    assert hide_check(
        bf, idx, hider=Body((4, 1)), observers={"a": Body((0, 1)), "b": Body((1, 1))}
    ).can_hide


def test_an_observer_with_a_clear_view_prevents_hiding() -> None:
    bf, idx = setup(".......\n...#...\n.......")
    h = hide_check(bf, idx, hider=Body((4, 1)), observers={"a": Body((0, 1)), "b": Body((6, 1))})
    assert not h.can_hide and h.seen_by == ("b",)


def test_darkness_and_fog_conceal() -> None:
    bf, idx = setup("......D\n......f\n......%")
    obs = {"a": Body((0, 1))}
    assert hide_check(bf, idx, hider=Body((6, 0)), observers=obs).can_hide
    assert hide_check(bf, idx, hider=Body((6, 1)), observers=obs).can_hide
    assert not hide_check(bf, idx, hider=Body((6, 2)), observers=obs).can_hide


def test_dim_light_is_not_enough() -> None:
    bf, idx = setup("......d")
    assert not hide_check(bf, idx, hider=Body((6, 0)), observers={"a": Body((0, 0))}).can_hide


def test_half_cover_is_not_enough_but_prone_behind_low_wall_is() -> None:
    bf, idx = setup("......\n..o...\n......")
    assert not concealment(bf, idx, hider=Body((3, 1)), observer=Body((0, 1))).concealed
    assert concealment(
        bf, idx, hider=Body((3, 1)), observer=Body((0, 1)), hider_prone=True
    ).concealed


def test_no_observers_may_hide() -> None:
    bf, idx = setup("...")
    assert hide_check(bf, idx, hider=Body((0, 0)), observers={}).can_hide


def test_walking_around_the_wall_reveals() -> None:
    bf, idx = setup(".......\n...#...\n.......\n.......")
    hider = Body((4, 1))
    assert still_hidden_from(bf, idx, hider=hider, observers={"a": Body((0, 1))}) == {"a": True}
    assert still_hidden_from(bf, idx, hider=hider, observers={"a": Body((1, 3))}) == {"a": False}


def test_lighting_the_area_reveals() -> None:
    bf, idx = setup("......D")
    hider, obs = Body((6, 0)), {"a": Body((0, 0))}
    assert still_hidden_from(bf, idx, hider=hider, observers=obs) == {"a": True}
    assert still_hidden_from(bf, idx, hider=hider, observers=obs, light={"dark": "none"}) == {
        "a": False
    }
