"""Seed SotDL: Hide and staying hidden: the geometry behind the engine's Hide and Find."""

from __future__ import annotations

from game.rulesets.sotdl.commands import Afflict, BeginCombat, Find, Hide, Move
from game.rulesets.sotdl.sight import ChangeLight
from tests.rulesets.sotdl.helpers import check_replay, make, of, ok, rejected

WALL = """
........
...#....
........
........
"""


def eng_on(picture: str, hero_at, foe_at, **kw):
    eng = make(picture, {"hero": ("pcs", hero_at, {}), "foe": ("foes", foe_at, {})}, **kw)
    ok(eng, BeginCombat())
    return eng


def hidden(eng, cid="hero") -> bool:
    return eng.state.creatures[cid].has("hidden")


def test_cannot_hide_in_plain_sight() -> None:
    eng = eng_on(WALL, (1, 3), (6, 3))
    assert rejected(eng, Hide("hero")) == ["observed"]
    v = eng.validate(Hide("hero"))[0]
    assert "seen by Foe" in v.reason and "three-quarters cover" in v.reason


def test_hide_behind_a_wall_then_an_enemy_walks_round_it() -> None:
    eng = eng_on(WALL, (4, 1), (0, 1))
    assert eng.query("hide_check", "hero").can_hide
    ok(eng, Hide("hero"), dice=(15,))
    assert hidden(eng)
    ev = ok(eng, Move("foe", ((1, 2), (2, 3))))
    ends = of(ev, "AfflictionEnded")
    assert [(e.creature, e.name) for e in ends] == [("hero", "hidden")]
    assert "seen by Foe" in ends[0].reason
    check_replay(eng)


def test_enemy_moving_but_still_blocked_keeps_the_hider_hidden() -> None:
    eng = eng_on(WALL, (4, 1), (0, 1))
    ok(eng, Hide("hero"), dice=(15,))
    ev = ok(eng, Move("foe", ((1, 1),)))
    assert hidden(eng) and not of(ev, "AfflictionEnded")


def test_darkness_hides_and_lighting_the_area_reveals() -> None:
    eng = eng_on("DD......\nDD......", (0, 0), (6, 1))
    ok(eng, Hide("hero"), dice=(15,))
    assert hidden(eng)
    ev = ok(eng, ChangeLight((0, 0, 2, 1), "bright", "a torch is lit"))
    assert not hidden(eng)
    assert of(ev, "AfflictionEnded")[0].reason.startswith("seen by Foe")
    check_replay(eng)


def test_dim_light_is_not_enough_to_hide() -> None:
    eng = eng_on("dd......\ndd......", (0, 0), (6, 1))
    assert rejected(eng, Hide("hero")) == ["observed"]


def test_light_change_validation() -> None:
    eng = eng_on("....", (0, 0), (3, 0))
    assert rejected(eng, ChangeLight((0, 0, 9, 0), "bright")) == ["bad_area"]
    assert rejected(eng, ChangeLight((0, 0, 1, 0), "gloomy")) == ["bad_light"]


def test_darkening_lets_a_creature_hide() -> None:
    eng = eng_on("........", (0, 0), (6, 0))
    assert not eng.query("hide_check", "hero").can_hide
    ok(eng, ChangeLight((0, 0, 1, 0), "dark"))
    assert eng.query("hide_check", "hero").can_hide


def test_hider_crossing_open_ground_is_seen_on_the_way() -> None:
    pic = "........\n..#.#...\n........"
    eng = eng_on(pic, (1, 0), (3, 2))
    # the hero hides in the dark corner, then walks past the foe's view and back
    ok(eng, ChangeLight((0, 0, 1, 0), "dark"))
    ok(eng, Afflict("hero", "hidden"))
    assert hidden(eng)
    ev = ok(eng, Move("hero", ((2, 0), (1, 0))))
    assert not hidden(eng)
    assert of(ev, "AfflictionEnded")[0].reason.startswith("seen by Foe")


def test_unconscious_enemies_do_not_observe() -> None:
    eng = eng_on(WALL, (1, 3), (6, 3))
    ok(eng, Afflict("foe", "unconscious"))
    assert eng.query("hide_check", "hero").can_hide


def test_find_reveals_the_hidden() -> None:
    eng = eng_on(WALL, (4, 1), (0, 1))
    ok(eng, Hide("hero"), dice=(15,))
    ok(eng, Find("foe", "hero"), dice=(20,))
    assert not hidden(eng)


def test_hiding_is_refused_exactly_when_some_enemy_sees_and_the_reason_names_one() -> None:
    """Hide is allowed only if every enemy is escaped (heavy obscurement or three-quarters
    cover); refused, the reason names an enemy who sees: the first in the fight's order that
    does, as the full check over every enemy has it."""
    import random

    from game.rulesets.sotdl.sight import hide_status

    rng = random.Random(3)
    for _ in range(30):
        rows = [[rng.choice("....#") for _ in range(10)] for _ in range(6)]
        open_squares = [(x, y) for y in range(6) for x in range(10) if rows[y][x] == "."]
        places = rng.sample(open_squares, rng.randrange(2, 6))
        spec = {"hero": ("pcs", places[0], {})}
        for i, sq in enumerate(places[1:]):
            spec[f"foe{i}"] = ("foes", sq, {})
        eng = make("\n".join("".join(r) for r in rows), spec)
        ok(eng, BeginCombat())
        full = hide_status(eng.state, eng.ruleset, "hero")
        vs = eng.validate(Hide("hero"))
        observed = [v for v in vs if v.code == "observed"]
        assert bool(observed) == (not full.can_hide)
        if observed:
            first = next(c for c in full.per_observer if not c.concealed)
            who = eng.state.creatures[first.observer].name
            assert f"seen by {who} (" in observed[0].reason
