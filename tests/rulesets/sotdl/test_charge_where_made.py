"""Seed SotDL: Charge: "Move up to your Speed. At any point during your movement, make one
attack": the attack's boons and banes (cover, obscurement, range, the prone target's boon or
bane, the charging bane) are judged from the square where the attack is made, in the targeting
preview and in the roll resolution makes, and the two agree."""

from __future__ import annotations

import pytest

from game.rulesets.sotdl.commands import Afflict, BeginCombat, Charge, EndRound, StartTurn
from game.rulesets.sotdl.mounts import Mount
from tests.rulesets.sotdl.helpers import make, of, ok

# The hero at (0, 1) and the foe at (5, 1): between them foliage (2, 1) and a low wall (3, 1)
FIELD = """
..........
..%o......
..........
"""
AROUND = ((1, 0), (2, 0), (3, 0), (4, 0))  # over the top, to the foe's upper left


def _fight(prone: bool = True, **hero: object):  # type: ignore[no-untyped-def]
    eng = make(FIELD, {"hero": ("pcs", (0, 1), dict(hero)), "foe": ("foes", (5, 1), {})})
    ok(eng, BeginCombat())
    if prone:
        ok(eng, Afflict("foe", "prone"))
    return eng


def _why(t) -> list[str]:  # type: ignore[no-untyped-def]
    return [m.reason for m in t.modifiers]


def test_from_the_start_the_foe_is_covered_obscured_and_prone_far_off() -> None:
    """The attack as it would be made where the hero stands: what the preview used to show."""
    t = _fight().query("targeting", "hero", "foe", action="attack")
    assert t.cover is not None and t.cover.level.name == "TOTAL"  # prone behind the low wall
    assert t.obscured is not None and t.obscured.level.name == "PARTIAL"  # the foliage
    assert "Foe is prone, attacker farther than 1 yard" in _why(t)


def test_the_charge_is_judged_from_the_end_of_its_path() -> None:
    eng = _fight()
    t = eng.query("targeting", "hero", "foe", action="charge", path=AROUND)
    assert t.legal, t.lines()
    assert t.distance_yd == 1 and t.band == "reach"
    assert t.cover is not None and t.cover.level.name == "NONE"
    assert t.obscured is not None and t.obscured.level.name == "NONE"
    assert _why(t) == ["charging", "Foe is prone, attacker within 1 yard"]
    assert t.net_boons == 0
    # the cover lines are drawn from the square the attack is made on
    assert all(4 <= ln.start[0] <= 5 and 0 <= ln.start[1] <= 1 for ln in t.cover.lines)


@pytest.mark.parametrize("attack", ["attack", "knock_down", "shove"])
def test_the_preview_lists_the_very_boons_and_banes_the_roll_is_made_with(attack: str) -> None:
    eng = _fight(prone=attack == "attack", strength=12)
    cmd = Charge("hero", "foe", path=AROUND, attack=attack)
    t = eng.query("targeting", "hero", "foe", action="charge", path=AROUND, attack=attack)
    assert t.legal, t.lines()
    roll = of(ok(eng, cmd, dice=(10, 3, 3, 3, 3)), "RollMade")[0]
    assert roll.modifiers == t.modifiers and roll.net_boons == t.net_boons
    assert roll.target_number == t.target_number and roll.target_attribute == t.target_attribute
    assert "charging" in _why(t)


def test_an_attack_made_part_way_is_judged_where_it_is_made() -> None:
    """attack_after: the attack at the third square, then on past the foe."""
    eng = _fight()
    path = ((1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0))
    early = eng.query("targeting", "hero", "foe", action="charge", path=path, attack_after=3)
    assert not early.legal and "out of reach" in early.lines()[0]  # from (3, 0): 2 yards off
    assert "Foe is prone, attacker farther than 1 yard" in _why(early)
    t = eng.query("targeting", "hero", "foe", action="charge", path=path, attack_after=4)
    assert t.legal and _why(t) == ["charging", "Foe is prone, attacker within 1 yard"]
    events = ok(eng, Charge("hero", "foe", path=path, attack_after=4), dice=(10, 3, 3))
    assert of(events, "RollMade")[0].modifiers == t.modifiers
    assert eng.state.creatures["hero"].square == (6, 0)


def test_a_rider_charging_is_judged_where_it_and_its_mount_end() -> None:
    """Seed SotDL: Ride: the mount carries the rider; the attack is the rider's, from there."""
    horse = {"size": 2, "speed": 12, "can_be_ridden": True, "weapons": ("claws",)}
    eng = make("\n".join(["..............."] * 4), {
        "hero": ("pcs", (0, 0), {"speed": 5}), "horse": ("pcs", (1, 0), horse),
        "foe": ("foes", (10, 1), {})})
    ok(eng, BeginCombat())
    ok(eng, StartTurn("hero", "fast"))
    ok(eng, Mount("hero", "horse"))  # the move, this round; the charge, the next
    ok(eng, EndRound())
    ok(eng, Afflict("foe", "prone"))
    path = tuple((x, 0) for x in range(2, 9))  # the horse's two squares end beside the foe
    t = eng.query("targeting", "hero", "foe", action="charge", path=path)
    assert t.legal, t.lines()
    assert "Foe is prone, attacker within 1 yard" in _why(t)
    events = ok(eng, Charge("hero", "foe", path=path), dice=(10, 3, 3))
    assert of(events, "RollMade")[0].modifiers == t.modifiers
    assert eng.state.creatures["horse"].square == eng.state.creatures["hero"].square == (8, 0)
