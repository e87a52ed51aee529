"""Targets of spells, help and find: Seed SotDL: Totally Covered ("cannot be a target for any
attack or effect"), Help ("a creature ... that can see you"), Find ("no longer hidden from you
and any other creature with whom you share your knowledge")."""

from __future__ import annotations

from game.rulesets.sotdl.commands import (
    Attack,
    BeginCombat,
    Find,
    Help,
    Hide,
    SpellAttack,
    TellAllies,
)
from tests.rulesets.sotdl.helpers import check_replay, make, of, ok, rejected

WALLED = """
........
...#....
........
"""


def test_spell_attacks_cannot_target_the_totally_covered() -> None:
    eng = make(WALLED, {"mage": ("pcs", (3, 0), {}), "orc": ("foes", (3, 2), {}),
                        "gob": ("foes", (6, 2), {})})
    ok(eng, BeginCombat())
    assert "total_cover" in rejected(eng, SpellAttack("mage", ("orc",), "bolt", range_yd=10))
    assert "total_cover" in rejected(eng, SpellAttack("mage", ("gob", "orc"), "fear",
                                                      resist="will"))
    ok(eng, SpellAttack("mage", ("gob",), "bolt", range_yd=10), dice=(15, 3))
    check_replay(eng)


def test_help_needs_a_target_that_can_see_the_helper() -> None:
    eng = make(WALLED, {"hero": ("pcs", (3, 0), {}), "ally": ("pcs", (3, 2), {}),
                        "pal": ("pcs", (5, 2), {}), "orc": ("foes", (7, 0), {})})
    ok(eng, BeginCombat())
    assert "cannot_see" in rejected(eng, Help("hero", "ally"))  # the wall hides the helper
    ok(eng, Help("hero", "pal"), dice=(12,))


FOG = """
ffff......
ffff......
..........
"""


def _hidden_rogue():  # type: ignore[no-untyped-def]
    eng = make(FOG, {"rogue": ("pcs", (1, 0), {"agility": 12}),
                     "orc": ("foes", (8, 1), {"perception": 10}),
                     "gob": ("foes", (9, 2), {}),
                     "wolf": ("foes", (9, 0), {})})
    ok(eng, BeginCombat())
    ok(eng, Hide("rogue"), dice=(10,))
    assert eng.state.creatures["rogue"].has("hidden")
    return eng


def test_find_reveals_the_hider_only_to_the_finder() -> None:
    eng = _hidden_rogue()
    ok(eng, Find("orc", "rogue"), dice=(20, 1, 1))
    rogue = eng.state.creatures["rogue"]
    assert rogue.has("hidden") and rogue.affliction("hidden").get("revealed_to") == ("orc",)
    again = Find("orc", "rogue", part_of="prepared")  # (its action is spent)
    assert [v.code for v in eng.validate(again)] == ["not_hidden"]  # the orc knows already
    assert "hidden" not in [v.code for v in eng.validate(Attack("orc", "rogue"))]
    assert "hidden" in [v.code for v in eng.validate(Attack("gob", "rogue"))]  # must guess
    check_replay(eng)


def test_tell_allies_shares_the_knowledge() -> None:
    eng = _hidden_rogue()
    assert "not_found" in rejected(eng, TellAllies("orc", "rogue"))
    ok(eng, Find("orc", "rogue"), dice=(20, 1, 1))
    ok(eng, TellAllies("orc", "rogue", ("gob",)))
    rogue = eng.state.creatures["rogue"]
    assert rogue.affliction("hidden").get("revealed_to") == ("orc", "gob")
    assert "hidden" in [v.code for v in eng.validate(Attack("wolf", "rogue"))]
    events = ok(eng, TellAllies("orc"))  # everyone: no enemy is left to hide from
    assert of(events, "AfflictionEnded") and not eng.state.creatures["rogue"].has("hidden")
    check_replay(eng)
