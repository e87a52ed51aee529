"""Seed OSR: Natural 1s and 20s, Rolling Morale Checks, Seize the Initiative, Roll Initiative,
Retreat and Surrender (the pure steps)."""

from __future__ import annotations

from game.rules.ascii_grid import parse_ascii
from game.rules.body import Body
from game.rules.modifiers import Modifier
from game.rulesets.osr.dice import fixed_roller
from game.rulesets.osr.fighters import Fighter
from game.rulesets.osr.morale import (
    FIRST_DEATH,
    HALF_HP,
    OUTNUMBERED,
    SURROUNDED,
    is_surrounded,
    morale_check,
    morale_conditions,
    rising,
)
from game.rulesets.osr.params import OsrParams
from game.rulesets.osr.procedure import (
    SURRENDER_TERMS,
    concentration_check,
    resolve_retreat,
    roll_initiative,
    roll_peril,
    seize_order,
)
from game.rulesets.osr.rolls import resolve_attack

P = OsrParams()


def f(
    name: str, side: str, x: int, y: int, *, formation: str = "", cond: tuple[str, ...] = ()
) -> Fighter:
    return Fighter(name, side, Body((x, y)), frozenset(cond), formation=formation)


# --- attack rolls ---------------------------------------------------------------------------


def test_total_against_armour_class() -> None:
    mods = (Modifier("flanking", flat=2),)
    assert resolve_attack(10, attack_bonus=1, modifiers=mods, armour_class=13).hit
    assert not resolve_attack(9, attack_bonus=1, modifiers=mods, armour_class=13).hit


def test_natural_one_always_misses() -> None:
    r = resolve_attack(1, attack_bonus=30, modifiers=(), armour_class=5)
    assert not r.hit and not r.stray


def test_ranged_natural_one_into_melee_strays() -> None:
    r = resolve_attack(
        1, attack_bonus=0, modifiers=(), armour_class=5, ranged=True, into_melee=True
    )
    assert r.stray and not r.hit
    assert not resolve_attack(1, attack_bonus=0, modifiers=(), armour_class=5, ranged=True).stray


def test_natural_twenty_grants_another_attack() -> None:
    r = resolve_attack(20, attack_bonus=0, modifiers=(), armour_class=25)
    assert r.hit and r.extra_attack
    assert not resolve_attack(19, attack_bonus=10, modifiers=(), armour_class=10).extra_attack


def test_unseen_odd_rolls_miss_even_rolls_count() -> None:
    assert not resolve_attack(15, attack_bonus=5, modifiers=(), armour_class=10, unseen=True).hit
    assert resolve_attack(14, attack_bonus=5, modifiers=(), armour_class=10, unseen=True).hit


# --- morale ---------------------------------------------------------------------------------


def test_morale_two_d6_under_morale() -> None:
    ok = morale_check(
        fixed_roller([3, 4]), "orc", morale=7, mob=False, bold=False, failures_before=0, p=P
    )
    assert ok.success and ok.outcome == "stands" and ok.faces == (3, 4)
    bad = morale_check(
        fixed_roller([4, 4]), "orc", morale=7, mob=False, bold=False, failures_before=0, p=P
    )
    assert not bad.success and bad.outcome == "flees"


def test_mob_checks_at_minus_one() -> None:
    r = morale_check(
        fixed_roller([3, 4]), "rabble", morale=7, mob=True, bold=False, failures_before=0, p=P
    )
    assert r.target == 6 and not r.success


def test_bold_flees_only_on_second_failure() -> None:
    first = morale_check(
        fixed_roller([6, 6]), "ogre", morale=9, mob=False, bold=True, failures_before=0, p=P
    )
    assert first.outcome == "wavers" and first.failures == 1
    second = morale_check(
        fixed_roller([6, 6]), "ogre", morale=9, mob=False, bold=True, failures_before=1, p=P
    )
    assert second.outcome == "flees"


def test_lead_check_replaces_the_roll() -> None:
    r = morale_check(
        fixed_roller([8]),
        "guard",
        morale=2,
        mob=False,
        bold=False,
        failures_before=0,
        p=P,
        leader="captain",
        lead_ranks=2,
    )
    assert r.method == "lead" and r.success and r.total == 10 and r.leader == "captain"
    r = morale_check(
        fixed_roller([8]),
        "guard",
        morale=2,
        mob=True,
        bold=False,
        failures_before=0,
        p=P,
        leader="captain",
        lead_ranks=2,
    )
    assert not r.success  # the mob's -1 applies to the Lead check too


def test_triggers_first_death_outnumbered_half_hp() -> None:
    bf = parse_ascii("........")
    gm = [f("orc1", "gm", 0, 0), f("orc2", "gm", 1, 0)]
    pcs = [f("ann", "pc", 5, 0), f("bo", "pc", 6, 0), f("cy", "pc", 7, 0)]
    now = morale_conditions(
        bf,
        gm + pcs,
        subjects=frozenset({"orc1", "orc2"}),
        hit_points={"orc1": (2, 6), "orc2": (6, 6)},
        dead_by_side={"gm": 1},
        p=P,
    )
    assert set(now) == {(FIRST_DEATH, "gm"), (OUTNUMBERED, "gm"), (HALF_HP, "orc1")}
    assert now[(FIRST_DEATH, "gm")].who == ("orc1", "orc2")
    # rising edge: conditions already seen do not fire again
    assert rising(now, [(FIRST_DEATH, "gm"), (OUTNUMBERED, "gm")]) == [now[(HALF_HP, "orc1")]]


def test_player_characters_do_not_roll_morale() -> None:
    bf = parse_ascii("....")
    now = morale_conditions(
        bf,
        [f("ann", "pc", 0, 0), f("o1", "gm", 2, 0), f("o2", "gm", 3, 0)],
        subjects=frozenset({"o1", "o2"}),
        hit_points={},
        dead_by_side={"pc": 1},
        p=P,
    )
    assert now == {}


def test_surrounded_on_three_sides() -> None:
    bf = parse_ascii(
        """
        .....
        .....
        .....
        """
    )
    me = f("orc", "gm", 2, 1)
    foes = [f("a", "pc", 1, 1), f("b", "pc", 3, 1), f("c", "pc", 2, 0)]
    assert "3 sides" in is_surrounded(bf, [me], foes, [])
    assert (
        is_surrounded(bf, [me], foes[:2], []) == ""
    )  # two opposite sides: flanked, not surrounded


def test_surrounded_against_a_wall_with_no_way_out() -> None:
    bf = parse_ascii(
        """
        ###
        #..
        ###
        """
    )
    me, foe = f("orc", "gm", 1, 1), f("ann", "pc", 2, 1)
    assert "no free square" in is_surrounded(bf, [me], [foe], [(1, 1), (2, 1)])


def test_formation_surrounded_as_a_block() -> None:
    bf = parse_ascii(
        """
        ......
        ......
        ......
        ......
        """
    )
    block = [f("m1", "gm", 2, 1, formation="shield"), f("m2", "gm", 3, 1, formation="shield")]
    foes = [f("a", "pc", 1, 1), f("b", "pc", 4, 1), f("c", "pc", 2, 2)]
    now = morale_conditions(
        bf, block + foes, subjects=frozenset({"m1", "m2"}), hit_points={}, dead_by_side={}, p=P
    )
    assert now[(SURROUNDED, "shield")].who == ("m1", "m2")


# --- procedure ------------------------------------------------------------------------------


def test_seize_order_by_dexterity() -> None:
    assert seize_order([("slow", 8), ("quick", 16), ("mid", 12)]) == ["quick", "mid", "slow"]


def test_side_initiative_with_modifiers_and_ties() -> None:
    ini = roll_initiative(
        fixed_roller([3, 4]), ["pc", "gm"], {"pc": [("advantageous position", 1)]}, P
    )
    assert ini.order == (("pc", "gm"),) and ini.simultaneous
    ini = roll_initiative(
        fixed_roller([4, 4]), ["pc", "gm"], {"gm": [("roused from sleep", -1)]}, P
    )
    assert ini.order == (("pc",), ("gm",))
    ini = roll_initiative(fixed_roller([2, 5]), ["pc", "gm"], {}, P)
    assert ini.order == (("gm",), ("pc",)) and not ini.simultaneous


def test_treacherous_battlefield_event_on_one() -> None:
    assert roll_peril(fixed_roller([1]), P).event
    assert not roll_peril(fixed_roller([2]), P).event


def test_concentration_check() -> None:
    assert concentration_check(fixed_roller([9]), 1, P).success
    assert not concentration_check(fixed_roller([8]), 1, P).success


def test_retreat_four_outcomes() -> None:
    assert resolve_retreat(fixed_roller([12]), "ann", 0, P).outcome == "success"
    assert resolve_retreat(fixed_roller([20]), "ann", 0, P).outcome == "opportunity"
    assert resolve_retreat(fixed_roller([13]), "ann", 2, P).outcome == "opportunity"
    assert resolve_retreat(fixed_roller([3]), "ann", 0, P).outcome == "failure"
    comp = resolve_retreat(fixed_roller([8, 17]), "ann", 0, P)
    assert comp.outcome == "complication" and comp.slot == 17
    assert "backpack slot 17" in comp.describe()


def test_retreat_plan_outcome_set_by_the_gm() -> None:
    r = resolve_retreat(fixed_roller([]), "ann", 0, P, outcome="success", ruling="smoke bomb")
    assert r.check is None and "smoke bomb" in r.describe()


def test_surrender_terms() -> None:
    assert {"white_peace", "mercy_of_sophia", "total_surrender"} <= set(SURRENDER_TERMS)
    assert "one day" in SURRENDER_TERMS["white_peace"]
    assert "season" in SURRENDER_TERMS["mercy_of_sophia"]
    assert "year" in SURRENDER_TERMS["total_surrender"]


def test_params_from_the_ruleset_file() -> None:
    import pytest

    p = OsrParams.from_mapping(
        {
            "flanking": 3,
            "squares_per_pace": 2,
            "lead_replaces_morale": False,
            "light": {"dim": "partial"},
        }
    )
    assert p.flanking == 3 and p.squares_per_pace == 2.0 and not p.lead_replaces_morale
    assert p.paces_to_squares(6) == 12
    with pytest.raises(ValueError, match="flanking"):
        OsrParams.from_mapping({"flanking": "two"})
    with pytest.raises(ValueError, match="true or false"):
        OsrParams.from_mapping({"lead_replaces_morale": 1})
