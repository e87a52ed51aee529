"""The Milieu & Magic phase and elemental damage on the engine (Seed OSR: Milieu, Magic;
Elemental and Other Damage)."""

from __future__ import annotations

from game.rules.engine import AdvancePhase, Answer, StartCombat
from game.rulesets.osr.commands import (
    OsrAttack,
    OsrCastSpell,
    OsrDisrupt,
    OsrMove,
    OsrSetCondition,
    OsrSummonPower,
)
from tests.rulesets.osr.setup import creature, engine

FIELD = """
........
........
........
"""


def of(events, name):  # type: ignore[no-untyped-def]
    return [e for e in events if type(e).__name__ == name]


def pair(weapon: str = "sword", **kw):  # type: ignore[no-untyped-def]
    return engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann", weapons=(weapon,), skills={"concentration": 1})),
            ("orc", "gm", (2, 1), creature("orc", hit_points=40)),
        ],
        **kw,
    )


def to_action(eng, dice=(5, 2)):  # type: ignore[no-untyped-def]
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    eng.submit(AdvancePhase(), dice=list(dice))
    eng.submit(AdvancePhase())


def next_milieu(eng, dice=()):  # type: ignore[no-untyped-def]
    """From the action phase through morale to the next round's Milieu."""
    while eng.state.phase != "morale":  # each side in turn, then morale
        eng.submit(AdvancePhase())
    return eng.submit(AdvancePhase(), dice=list(dice))  # morale -> milieu (round 2)


def test_fire_sets_burning_and_it_burns_in_the_milieu() -> None:
    eng = pair("torch")
    to_action(eng)
    out = eng.submit(OsrAttack("ann", "orc"), dice=[15, 4])
    assert of(out.events, "OsrDamageRolled")[0].burning == 1
    burning = eng.state.creatures["orc"].affliction("burning")
    assert burning is not None and burning.get("level") == 1  # shown on the token
    out = next_milieu(eng, dice=[3])
    burned = of(out.events, "OsrBurned")[0]
    assert (burned.burning_before, burned.burning_after) == (1, 0)
    assert eng.state.creatures["orc"].damage == 4 + 3
    assert not eng.state.creatures["orc"].has("burning")


def test_burning_grows_on_each_four() -> None:
    eng = pair()
    to_action(eng)
    eng.submit(OsrSetCondition("orc", "burning", level=2))
    out = next_milieu(eng, dice=[4, 4])
    assert of(out.events, "OsrBurned")[0].burning_after == 3
    assert eng.state.creatures["orc"].affliction("burning").get("level") == 3


def test_lightning_explodes_on_eight() -> None:
    eng = pair("shock")
    to_action(eng)
    out = eng.submit(OsrAttack("ann", "orc"), dice=[15, 8, 8, 2])
    assert of(out.events, "OsrDamageRolled")[0].total == 18
    assert eng.state.creatures["orc"].damage == 18


def test_acid_corrodes_armour_or_an_item_on_each_six() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann", weapons=("acid",))),
            ("orc", "gm", (6, 1), creature("orc", hit_points=40, armour_class=14)),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrAttack("ann", "orc"), dice=[19, 6])
    assert out.pending and out.pending.kind == "acid"
    out = eng.submit(Answer(out.pending.id, "armour"))
    assert of(out.events, "OsrCorroded")[0].what == "armour"
    from game.rulesets.osr.view import armour_class

    assert armour_class(eng.state.creatures["orc"]) == 13


def test_sinking_in_acid_each_milieu() -> None:
    eng = pair()
    to_action(eng)
    eng.submit(OsrSetCondition("orc", "in_acid", dice="2d6"))
    assert eng.state.creatures["orc"].has("in_acid")
    out = next_milieu(eng, dice=[6, 1])
    assert out.pending and out.pending.kind == "acid"
    out = eng.submit(Answer(out.pending.id, "item"))
    assert of(out.events, "OsrAcidBurned")[0].corrosion == 1
    assert eng.state.creatures["orc"].damage == 7


def test_treacherous_battlefield_rolls_in_the_milieu() -> None:
    eng = pair(enc_params={"treacherous": True})
    eng.submit(StartCombat())
    out = eng.submit(AdvancePhase(), dice=[1])
    peril = of(out.events, "OsrPerilRolled")[0]
    assert peril.happens
    assert any("GM describes" in e.text for e in of(out.events, "Note"))
    calm = pair()
    calm.submit(StartCombat())
    assert not of(calm.submit(AdvancePhase()).events, "OsrPerilRolled")


def test_soul_points_summoned_then_spell_completes() -> None:
    eng = pair()
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    assert eng.submit(OsrSummonPower("ann", 2)).ok
    eng.submit(AdvancePhase(), dice=[5, 2])
    eng.submit(AdvancePhase())
    out = eng.submit(
        OsrCastSpell("ann", "Firebolt", ("orc",), damage="2d6", damage_type="fire"), dice=[4, 2]
    )
    assert out.ok and eng.state.creatures["orc"].damage == 6
    assert eng.state.creatures["orc"].affliction("burning").get("level") == 1


def test_casting_allows_a_single_pace() -> None:
    eng = pair()
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    eng.submit(OsrSummonPower("ann", 1))
    eng.submit(AdvancePhase(), dice=[5, 2])
    eng.submit(AdvancePhase())
    eng.submit(OsrMove("ann", ((1, 2), (2, 2))))
    out = eng.submit(OsrCastSpell("ann", "Light"))
    assert not out.ok and out.violations[0].code == "moved_too_far"


def test_no_spell_without_summoned_power() -> None:
    eng = pair()
    to_action(eng)
    out = eng.submit(OsrCastSpell("ann", "Light"))
    assert not out.ok and out.violations[0].code == "no_power"


def test_damage_before_the_spell_calls_for_concentration_and_wastes_power() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann", hit_points=20, skills={"concentration": 1})),
            ("orc", "gm", (2, 1), creature("orc")),
        ],
    )
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    eng.submit(OsrSummonPower("ann", 3))
    eng.submit(AdvancePhase(), dice=[2, 5])  # the orc acts first
    eng.submit(AdvancePhase())
    out = eng.submit(
        OsrAttack("orc", "ann"), dice=[15, 3, 4]
    )  # hit, 3 damage, Concentration 4+1 < 10
    conc = of(out.events, "OsrConcentrationRolled")[0]
    assert not conc.success and conc.soul_points == 3
    eng.submit(AdvancePhase())
    out = eng.submit(OsrCastSpell("ann", "Firebolt", ("orc",), damage="1d6"))
    assert not out.ok and out.violations[0].code == "power_wasted"


def test_gm_disruption_also_calls_for_concentration() -> None:
    eng = pair()
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    eng.submit(OsrSummonPower("ann", 1))
    out = eng.submit(OsrDisrupt("ann", "the floor heaves"), dice=[12])
    assert of(out.events, "OsrConcentrationRolled")[0].success
    assert eng.state.creatures["ann"].data.get("soul_points") == 1


def test_manual_dice_ask_for_a_whole_roll_at_once() -> None:
    from game.rules.engine import EnterDice, ManualDice

    eng = pair()
    eng.dice = ManualDice()
    to_action(eng)  # the typed initiative dice come with the command
    out = eng.submit(OsrAttack("ann", "orc"))
    assert out.pending and out.pending.kind == "dice" and out.pending.count == 1  # the d20
    out = eng.submit(EnterDice(out.pending.id, (15,)))
    assert out.pending and out.pending.sides == 8 and out.pending.count == 1
    out = eng.submit(EnterDice(out.pending.id, (6,)))
    assert out.ok and eng.state.creatures["orc"].damage == 6
    eng.submit(OsrSetCondition("orc", "burning", level=3))
    while eng.state.phase != "morale":
        eng.submit(AdvancePhase())
    out = eng.submit(AdvancePhase())
    assert (
        out.pending and out.pending.sides == 4 and out.pending.count == 3
    )  # burning 3: 3d4 at once
