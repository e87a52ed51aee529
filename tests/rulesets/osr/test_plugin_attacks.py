"""Attacks on the engine with battlefield modifiers, natural 1s and 20s, bows, charges and the
targeting preview (Seed OSR: Advanced Combat Rules; Movement, Missiles, Melee)."""

from __future__ import annotations

from game.rules.engine import AdvancePhase, Answer, StartCombat
from game.rulesets.osr.commands import OsrAttack, OsrCharge, OsrMove, OsrSetCondition
from tests.rulesets.osr.setup import creature, engine


def of(events, name):  # type: ignore[no-untyped-def]
    return [e for e in events if type(e).__name__ == name]


def to_action(eng, dice=(5, 2)):  # type: ignore[no-untyped-def]
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    eng.submit(AdvancePhase(), dice=list(dice))
    eng.submit(AdvancePhase())


OPEN = """
..........
..........
..........
..........
"""


def test_preview_lists_every_modifier_with_its_reason() -> None:
    eng = engine(
        """
    ..........
    2.........
    ..........
    """,
        [
            ("ann", "pcs", (0, 1), creature("ann", attack_bonus=1)),
            ("bo", "pcs", (2, 1), creature("bo")),
            ("orc", "gm", (1, 1), creature("orc", armour_class=13)),
        ],
    )
    to_action(eng)
    t = eng.query("targeting", "ann", "orc")
    reasons = [m.reason for m in t.modifiers]
    assert (
        t.legal
        and any("flanking" in r for r in reasons)
        and any("high ground" in r for r in reasons)
    )
    assert t.target_number == 13 - 1 - 4 and t.net_flat == 4 and t.band == "melee"
    assert t.lines()[0] == "legal"
    assert t.lines()[-1] == "d20 +1 +4 vs AC 13: need 8+ (1 misses, 20 hits and attacks again)"
    eng.submit(OsrAttack("ann", "orc"), dice=[8, 1])
    assert not eng.query("targeting", "ann", "orc").legal  # its action is spent


def test_prone_target_plus_two_and_damage_reduction_ignored() -> None:
    eng = engine(
        OPEN,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("orc", "gm", (2, 1), creature("orc", damage_reduction=3, hit_points=30)),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrAttack("ann", "orc"), dice=[12, 5])
    assert of(out.events, "OsrDamageTaken")[0].amount == 2  # DR 3
    eng2 = engine(
        OPEN,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("orc", "gm", (2, 1), creature("orc", damage_reduction=3, hit_points=30)),
        ],
    )
    to_action(eng2)
    assert eng2.submit(OsrSetCondition("orc", "prone")).ok
    out = eng2.submit(OsrAttack("ann", "orc"), dice=[8, 5])
    rolled = of(out.events, "OsrAttackRolled")[0]
    assert rolled.total == 10 and any("prone" in m.reason for m in rolled.modifiers)
    assert of(out.events, "OsrDamageTaken")[0].amount == 5


def test_no_bows_in_melee() -> None:
    eng = engine(
        OPEN,
        [
            ("ann", "pcs", (1, 1), creature("ann", weapons=("bow",))),
            ("orc", "gm", (2, 1), creature("orc")),
            ("gob", "gm", (8, 1), creature("gob")),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrAttack("ann", "gob"))
    assert not out.ok and "bow in melee" in out.violations[0].reason


def test_a_bow_allows_a_single_pace() -> None:
    eng = engine(
        OPEN,
        [
            ("ann", "pcs", (1, 1), creature("ann", weapons=("bow",))),
            ("gob", "gm", (8, 1), creature("gob")),
        ],
    )
    to_action(eng)
    eng.submit(OsrMove("ann", ((1, 2), (1, 3))))
    out = eng.submit(OsrAttack("ann", "gob"))
    assert not out.ok and out.violations[0].code == "moved_too_far"
    eng2 = engine(
        OPEN,
        [
            ("ann", "pcs", (1, 1), creature("ann", weapons=("bow",))),
            ("gob", "gm", (8, 1), creature("gob")),
        ],
    )
    to_action(eng2)
    assert eng2.submit(OsrAttack("ann", "gob"), dice=[2]).ok
    assert eng2.state.creatures["ann"].turn.move_budget_yd == 1
    assert not eng2.submit(OsrMove("ann", ((1, 2), (1, 3)))).ok


def test_natural_twenty_grants_another_attack_at_once() -> None:
    eng = engine(
        OPEN,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("orc", "gm", (2, 1), creature("orc", hit_points=30)),
            ("gob", "gm", (2, 2), creature("gob", hit_points=30)),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrAttack("ann", "orc"), dice=[20, 3])
    assert out.pending and out.pending.kind == "extra_attack"
    assert set(out.pending.option_ids()) == {"orc", "gob", "none"}
    out = eng.submit(Answer(out.pending.id, "gob"), dice=[15, 4])
    rolls = of(out.events, "OsrAttackRolled")
    assert [r.target for r in rolls] == ["orc", "gob"] and rolls[0].extra_attack
    assert eng.state.creatures["gob"].damage == 4


def test_natural_one_misses_and_a_shot_into_melee_strays() -> None:
    eng = engine(
        OPEN,
        [
            ("ann", "pcs", (1, 1), creature("ann", weapons=("bow",), attack_bonus=30)),
            ("bo", "pcs", (7, 2), creature("bo", hit_points=30)),
            ("orc", "gm", (7, 1), creature("orc", hit_points=30)),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrAttack("ann", "orc"), dice=[1, 2, 5])
    rolled = of(out.events, "OsrAttackRolled")[0]
    assert not rolled.hit and rolled.stray
    stray = of(out.events, "OsrStrayShot")[0]
    assert stray.candidates == ("orc", "bo") and stray.struck == "bo"
    assert eng.state.creatures["bo"].damage == 5


def test_natural_one_in_melee_just_misses() -> None:
    eng = engine(
        OPEN,
        [
            ("ann", "pcs", (1, 1), creature("ann", attack_bonus=30)),
            ("orc", "gm", (2, 1), creature("orc")),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrAttack("ann", "orc"), dice=[1])
    assert not of(out.events, "OsrAttackRolled")[0].hit and not of(out.events, "OsrStrayShot")


def test_unseen_foe_odd_rolls_miss() -> None:
    eng = engine(
        """
    .D........
    ..........
    """,
        [
            ("ann", "pcs", (0, 0), creature("ann", attack_bonus=30)),
            ("orc", "gm", (1, 0), creature("orc")),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrAttack("ann", "orc"), dice=[15])
    rolled = of(out.events, "OsrAttackRolled")[0]
    assert not rolled.hit and "odd roll" in rolled.why
    assert any(m.flat == -4 for m in rolled.modifiers)


def test_cover_from_a_low_wall_for_missiles() -> None:
    eng = engine(
        """
    ..........
    ....o.....
    ..........
    """,
        [
            ("ann", "pcs", (0, 1), creature("ann", weapons=("bow",))),
            ("orc", "gm", (5, 1), creature("orc", tags=frozenset())),
        ],
    )
    to_action(eng)
    t = eng.query("targeting", "ann", "orc")
    assert t.legal and any(m.source == "cover" and m.flat == -2 for m in t.modifiers), t.modifiers
    assert "half cover" in [m for m in t.modifiers if m.source == "cover"][0].reason
    eng.submit(OsrSetCondition("orc", "prone"))
    t = eng.query("targeting", "ann", "orc")  # flat behind the low wall: hidden from the archer
    assert not t.legal and "totally covered" in t.violations[0].reason


def test_charge_adds_one_d6_plus_three_paces_then_attacks() -> None:
    eng = engine(
        """
    ..............
    ..............
    """,
        [
            ("ann", "pcs", (0, 0), creature("ann")),
            ("orc", "gm", (12, 0), creature("orc", hit_points=30)),
        ],
    )
    to_action(eng)
    path = tuple((x, 0) for x in range(1, 12))  # 11 paces: 6 + (2 + 3)
    out = eng.submit(OsrCharge("ann", "orc", path), dice=[2, 15, 6])
    assert of(out.events, "OsrChargeRolled")[0].extra_paces == 5
    assert eng.state.creatures["ann"].body.square == (11, 0)
    assert of(out.events, "OsrAttackRolled")[0].hit


def test_charge_that_falls_short_makes_no_attack() -> None:
    eng = engine(
        """
    ..............
    ..............
    """,
        [
            ("ann", "pcs", (0, 0), creature("ann")),
            ("orc", "gm", (12, 0), creature("orc")),
        ],
    )
    to_action(eng)
    path = tuple((x, 0) for x in range(1, 12))
    out = eng.submit(OsrCharge("ann", "orc", path), dice=[1])
    assert eng.state.creatures["ann"].body.square == (10, 0)
    assert not of(out.events, "OsrAttackRolled")


def test_gm_override_modifier_shows_its_reason() -> None:
    eng = engine(
        OPEN,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("orc", "gm", (2, 1), creature("orc")),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrAttack("ann", "orc", gm_modifier=-1, gm_reason="slippery deck"), dice=[5])
    assert of(out.events, "OsrAttackRolled")[0].modifiers[-1].describe() == "-1: slippery deck"


def test_charge_without_a_path_takes_the_cheapest_to_the_target() -> None:
    eng = engine(
        """
    ..............
    ....^^........
    """,
        [
            ("ann", "pcs", (0, 1), creature("ann")),
            ("orc", "gm", (10, 1), creature("orc", hit_points=30)),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrCharge("ann", "orc"), dice=[4, 15, 6])  # 6 + 7 paces
    assert eng.state.creatures["ann"].body.square in ((9, 0), (9, 1))
    assert of(out.events, "OsrAttackRolled")[0].hit
    near = engine(
        OPEN, [("ann", "pcs", (1, 1), creature("ann")), ("orc", "gm", (2, 1), creature("orc"))]
    )
    to_action(near)
    assert near.submit(OsrCharge("ann", "orc")).violations[0].code == "in_reach"
    far = engine(
        OPEN, [("ann", "pcs", (0, 0), creature("ann")), ("orc", "gm", (9, 3), creature("orc"))]
    )
    to_action(far)
    assert far.validate(OsrCharge("ann", "orc")) == []  # 9 paces: within 6 + 1d6 + 3 at most


def test_an_archer_in_melee_draws_its_dagger() -> None:
    from tests.rulesets.osr.setup import WEAPONS  # noqa: F401 (the weapons the engine knows)

    eng = engine(
        OPEN,
        [
            ("ann", "pcs", (1, 1), creature("ann", weapons=("bow", "sword"))),
            ("orc", "gm", (2, 1), creature("orc", hit_points=30)),
            ("gob", "gm", (8, 1), creature("gob", hit_points=30)),
        ],
    )
    to_action(eng)
    assert eng.query("targeting", "ann", "orc").weapon == "sword"
    assert eng.query("targeting", "ann", "gob").legal is False  # the bow: a foe is in melee
    out = eng.submit(OsrAttack("ann", "orc"), dice=[15, 3])
    assert of(out.events, "OsrAttackRolled")[0].weapon == "sword"


def test_drawing_the_dagger_does_not_cost_the_pace_limit_of_a_bow() -> None:
    eng = engine(
        OPEN,
        [
            ("ann", "pcs", (1, 1), creature("ann", weapons=("bow", "sword"))),
            ("orc", "gm", (2, 1), creature("orc", hit_points=30)),
        ],
    )
    to_action(eng)
    eng.submit(OsrAttack("ann", "orc"), dice=[2])
    assert eng.state.creatures["ann"].turn.move_budget_yd == 6


def test_archers_charge_and_strike_back_with_their_blades() -> None:
    eng = engine(
        OPEN,
        [
            ("ann", "pcs", (0, 0), creature("ann", weapons=("bow", "sword"))),
            ("orc", "gm", (7, 0), creature("orc", hit_points=30, weapons=("bow", "sword"))),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrCharge("ann", "orc"), dice=[3, 15, 2])
    assert of(out.events, "OsrAttackRolled")[0].weapon == "sword"
    out = eng.submit(OsrMove("ann", ((5, 1),)))  # turning her back on the orc
    assert out.pending and out.pending.kind == "free_attack"
