"""Seed OSR: Movement, Missiles, Melee ("may attempt a charge, gaining an extra 1d6 + 3 paces")
and Common modifiers (flanking, high ground, prone): a charge moves, then attacks, so its
modifiers are judged from the end of its path, in the targeting preview and in the roll the
resolution makes, and the two agree."""

from __future__ import annotations

from game.rules.engine import AdvancePhase, StartCombat
from game.rulesets.osr.commands import OsrCharge, OsrSetCondition
from game.rulesets.osr.turns import acting_sides
from tests.rulesets.osr.setup import creature, engine

# Ann at (0, 1); the goblin at (6, 1) with Bob, Ann's ally, beyond it; a rise of 2 at (5, 2)
FIELD = """
..........
..........
.....2....
"""
STRAIGHT = ((1, 1), (2, 1), (3, 1), (4, 1), (5, 1))  # to the goblin's near side: Bob opposite
UP_HILL = ((1, 2), (2, 2), (3, 2), (4, 2), (5, 2))  # onto the rise, below the goblin's left


def _fight():  # type: ignore[no-untyped-def]
    eng = engine(FIELD, [("ann", "pcs", (0, 1), creature("ann")),
                         ("bob", "pcs", (7, 1), creature("bob")),
                         ("gob", "gm", (6, 1), creature("gob"))], seed=3)
    for cmd in (StartCombat(), AdvancePhase(), AdvancePhase(), AdvancePhase()):
        assert eng.submit(cmd).ok
    assert eng.state.phase == "action" and acting_sides(eng.state) == ("pcs",)
    return eng


def _why(t) -> list[str]:  # type: ignore[no-untyped-def]
    return [m.reason for m in t.modifiers]


def test_from_the_start_there_is_no_flanking_and_no_high_ground() -> None:
    t = _fight().query("targeting", "ann", "gob", action="attack")
    assert t.distance_yd == 6 and not t.modifiers


def test_a_charge_is_judged_from_the_end_of_its_path() -> None:
    eng = _fight()
    t = eng.query("targeting", "ann", "gob", action="charge", path=STRAIGHT)
    assert t.legal, t.lines()
    assert t.distance_yd == 1 and t.band == "melee"
    assert _why(t) == ["flanking: bob on the far side of gob"]
    up = eng.query("targeting", "ann", "gob", action="charge", path=UP_HILL)
    assert up.legal, up.lines()
    assert "high ground: 2 paces above gob" in _why(up)
    assert up.charge is not None and up.charge.cost > t.charge.cost  # the climb costs more
    assert "1 pace: melee with Sword" in t.lines()  # one unit, said right


def test_a_charge_without_a_path_is_judged_from_the_end_of_the_cheapest_one() -> None:
    eng = _fight()
    t = eng.query("targeting", "ann", "gob", action="charge")
    assert t.legal and _why(t) == ["flanking: bob on the far side of gob"]


def test_the_preview_lists_the_very_modifiers_the_roll_is_made_with() -> None:
    for path in (STRAIGHT, UP_HILL):
        eng = _fight()
        assert eng.submit(OsrSetCondition("gob", "prone")).ok
        t = eng.query("targeting", "ann", "gob", action="charge", path=path)
        assert t.legal, t.lines()
        assert any("prone" in w for w in _why(t))
        out = eng.submit(OsrCharge("ann", "gob", path), dice=(6, 10, 3))
        assert out.ok, out.violations
        roll = next(e for e in out.events if type(e).__name__ == "OsrAttackRolled")
        assert roll.modifiers == t.modifiers
        assert eng.state.creatures["ann"].square == path[-1]
