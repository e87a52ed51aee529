"""Seed SotDL: Making Attacks (melee, ranged, options, two weapons, items, spells, worn objects),
Triggered Actions and the Free Attack, Reload."""
from __future__ import annotations

from game.rules.engine import AdvancePhase, Answer
from game.rulesets.sotdl.commands import (
    Afflict,
    Attack,
    BeginCombat,
    EndRound,
    Feint,
    FreeAttack,
    ItemAttack,
    Move,
    Reload,
    Retreat,
    SpellAttack,
    StartTurn,
    TwoWeaponAttack,
)
from tests.rulesets.sotdl.helpers import check_replay, duel, make, of, ok, rejected

FIELD = "........\n........\n........\n........"


def started(**kw):
    eng = duel(**kw)
    ok(eng, BeginCombat())
    return eng


def roll_of(events):
    return of(events, "RollMade")[0]


def test_melee_needs_reach_and_damage_is_the_weapon_die() -> None:
    eng = started(foe_at=(3, 1))
    assert "out_of_reach" in rejected(eng, Attack("hero", "foe"))
    eng = started()
    ev = ok(eng, Attack("hero", "foe"), dice=(15, 4))
    assert of(ev, "DamageRolled")[0].total == 5  # 1d6+1
    assert eng.state.creatures["foe"].damage == 5
    check_replay(eng)


def test_lunging_attack_adds_a_yard_of_reach_with_one_bane() -> None:
    eng = started(foe_at=(3, 1))
    ev = ok(eng, Attack("hero", "foe", option="lunging"), dice=(15, 1, 3))
    r = roll_of(ev)
    assert r.net_boons == -1 and r.modifiers[0].reason == "lunging attack"


def test_reach_weapon_reaches_two_yards() -> None:
    eng = started(hero={"weapons": ("polearm",)}, foe_at=(3, 1))
    ok(eng, Attack("hero", "foe"), dice=(1,))


def test_driving_attack_moves_both_strength_modifier_yards() -> None:
    eng = started(hero={"strength": 12})
    ok(eng, Attack("hero", "foe", option="driving"), dice=(18, 1, 1))
    assert eng.state.creatures["foe"].body.square == (4, 1)
    assert eng.state.creatures["hero"].body.square == (3, 1)
    check_replay(eng)


def test_guarded_attack_next_attack_against_defense_has_a_bane() -> None:
    eng = started()
    ok(eng, Attack("hero", "foe", option="guarded"), dice=(2, 1))
    assert eng.state.creatures["hero"].has("guarded")
    ev = ok(eng, Attack("foe", "hero"), dice=(10, 4))
    assert roll_of(ev).net_boons == -1 and not eng.state.creatures["hero"].has("guarded")
    ok(eng, EndRound())  # only the next one: nothing left


def test_shifting_attack_no_free_attack_from_the_target() -> None:
    eng = started()
    ok(eng, StartTurn("hero", "slow"))
    ok(eng, Attack("hero", "foe", option="shifting"), dice=(18, 1, 1))
    ev = ok(eng, Move("hero", ((0, 1), (0, 0))))  # leaves reach: no decision
    assert not of(ev, "TriggeredActionUsed")


def test_unbalancing_attack_agility_challenge_or_prone() -> None:
    eng = started()
    ok(eng, Attack("hero", "foe", option="unbalancing"), dice=(18, 1, 1, 5))
    assert eng.state.creatures["foe"].has("prone")
    eng = started()
    ok(eng, Attack("hero", "foe", option="unbalancing"), dice=(18, 1, 1, 15))
    assert not eng.state.creatures["foe"].has("prone")
    eng = started(foe={"size": 2})  # bigger than the attacker: no roll
    ev = ok(eng, Attack("hero", "foe", option="unbalancing"), dice=(18, 1, 1))
    assert len(of(ev, "RollMade")) == 1


def test_ranged_attack_range_distant_shot_and_beyond() -> None:
    eng = make("." * 25, {"hero": ("pcs", (0, 0), {"weapons": ("bow",)}),
                          "foe": ("foes", (15, 0), {})})
    ok(eng, BeginCombat())
    r = roll_of(ok(eng, Attack("hero", "foe"), dice=(15, 2)))
    assert r.net_boons == -1 and r.modifiers[0].reason == "distant shot"
    assert "option_range" in rejected(eng, Attack("hero", "foe", option="called"))
    eng = make("." * 25, {"hero": ("pcs", (0, 0), {"weapons": ("bow",)}),
                          "foe": ("foes", (21, 0), {})})
    ok(eng, BeginCombat())
    assert "out_of_range" in rejected(eng, Attack("hero", "foe"))


def test_called_and_staggering_shots() -> None:
    eng = make("." * 8, {"hero": ("pcs", (0, 0), {"weapons": ("bow",)}),
                         "foe": ("foes", (5, 0), {})})
    ok(eng, BeginCombat())
    ev = ok(eng, Attack("hero", "foe", option="called", called_effect="eyes"), dice=(20, 1, 1, 3))
    assert roll_of(ev).net_boons == -2 and of(ev, "ActivityDone")[0].description == "eyes"
    eng = make("." * 8, {"hero": ("pcs", (0, 0), {"weapons": ("bow",)}),
                         "foe": ("foes", (5, 0), {})})
    ok(eng, BeginCombat())
    ok(eng, Attack("hero", "foe", option="staggering"), dice=(20, 1, 1, 3, 2))
    assert eng.state.creatures["foe"].has("prone")


def test_reload_weapons_must_be_reloaded_after_each_shot() -> None:
    eng = make("." * 8, {"hero": ("pcs", (0, 0), {"weapons": ("crossbow",)}),
                         "foe": ("foes", (5, 0), {})})
    ok(eng, BeginCombat())
    ok(eng, Attack("hero", "foe"), dice=(1,))
    ok(eng, EndRound())
    assert "unloaded" in rejected(eng, Attack("hero", "foe"))
    ok(eng, Reload("hero"))
    ok(eng, EndRound())
    assert "loaded" in rejected(eng, Reload("hero"))
    ok(eng, Attack("hero", "foe"), dice=(1,))


def test_two_weapons_one_target_two_banes_plus_off_hand_damage() -> None:
    eng = started(hero={"weapons": ("sword", "dagger")})
    ev = ok(eng, TwoWeaponAttack("hero", "foe"), dice=(19, 1, 1, 4, 2))
    assert roll_of(ev).net_boons == -2
    assert of(ev, "DamageRolled")[0].total == 4 + 1 + 2


def test_two_weapons_two_targets_three_banes_each_and_shield_loses_defensive() -> None:
    eng = make(FIELD, {"hero": ("pcs", (1, 1), {"weapons": ("sword", "shield")}),
                       "a": ("foes", (2, 1), {}), "b": ("foes", (0, 1), {})})
    ok(eng, BeginCombat())
    before = eng.state
    ev = ok(eng, TwoWeaponAttack("hero", "a", second_target="b"), dice=(1, 1, 1, 1, 1, 1, 1, 1))
    rolls = of(ev, "RollMade")
    assert [r.net_boons for r in rolls] == [-3, -3] and [r.target for r in rolls] == ["a", "b"]
    from game.rulesets.sotdl.common import defense

    assert defense(before, eng.ruleset, "hero") == 13
    assert defense(eng.state, eng.ruleset, "hero") == 12


def test_two_weapons_not_with_a_cumbersome_weapon() -> None:
    eng = started(hero={"weapons": ("greatsword", "dagger")})
    assert "cumbersome" in rejected(eng, TwoWeaponAttack("hero", "foe"))
    eng = started(hero={"weapons": ("sword",)})
    assert "two_weapons" in rejected(eng, TwoWeaponAttack("hero", "foe"))


def test_worn_or_carried_object_two_banes_and_no_creature_damage() -> None:
    eng = started()
    ev = ok(eng, Attack("hero", "foe", object="lantern"), dice=(20, 1, 1, 3))
    assert roll_of(ev).net_boons == -2 and of(ev, "ObjectAttacked")[0].object == "lantern"
    assert eng.state.creatures["foe"].damage == 0


def test_item_and_spell_attacks() -> None:
    eng = started(hero={"will": 14})
    ev = ok(eng, ItemAttack("hero", "foe", "flask of acid", damage="1d6", range_yd=5),
            dice=(12, 3))
    assert eng.state.creatures["foe"].damage == 3 and roll_of(ev).attribute == "agility"
    ok(eng, EndRound())
    ev = ok(eng, SpellAttack("hero", ("foe",), "fire bolt", target_attribute="agility",
                             damage="2d6", affliction="dazed", rounds=1), dice=(8, 2, 2))
    r = roll_of(ev)
    assert r.attribute_modifier == 4 and r.target_number == 10 and r.success
    assert eng.state.creatures["foe"].has("dazed") and eng.state.creatures["foe"].damage == 7


def test_free_attack_when_leaving_reach_once_a_round() -> None:
    eng = make(FIELD, {"hero": ("pcs", (1, 1), {}), "a": ("foes", (2, 1), {}),
                       "b": ("foes", (6, 3), {})})
    ok(eng, BeginCombat())
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    ok(eng, StartTurn("a", "fast"))
    out = eng.submit(Move("a", ((3, 1), (4, 1))))
    assert out.pending.kind == "free_attack" and out.pending.asked_of == "hero"
    assert eng.state.creatures["a"].body.square == (2, 1)  # paused before leaving
    done = eng.submit(Answer(out.pending.id, "attack"), )
    assert done.ok and of(done.events, "TriggeredActionUsed")
    assert eng.state.creatures["a"].body.square == (4, 1)
    assert eng.state.creatures["hero"].turn.triggered_used
    assert "no_triggered" in rejected(eng, FreeAttack("hero", "a"))
    check_replay(eng)


def test_free_attack_can_stop_the_move_and_is_not_provoked_by_retreat() -> None:
    eng = started(foe={"health": 3})
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    ok(eng, StartTurn("foe", "fast"))
    out = eng.submit(Move("foe", ((3, 1), (4, 1))), dice=(18, 6))
    done = eng.submit(Answer(out.pending.id, "attack"))
    assert eng.state.creatures["foe"].status == "dead"
    assert eng.state.creatures["foe"].body.square == (2, 1) and of(done.events, "MoveStopped")
    eng = started()
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    ok(eng, StartTurn("foe", "fast"))
    ev = ok(eng, Retreat("foe", ((3, 1), (4, 1))))
    assert eng.state.creatures["foe"].body.square == (4, 1) and not of(ev, "RollMade")
    assert "no_action" in rejected(eng, Retreat("foe", ((5, 1),)))  # retreat is the action


def test_feint_alternative_no_free_attacks_for_one_round() -> None:
    eng = started()
    ok(eng, StartTurn("hero", "slow"))
    ok(eng, Feint("hero", "foe", benefit="no_free_attacks"), dice=(15,))
    ev = ok(eng, Move("hero", ((0, 1),)))
    assert not of(ev, "DecisionAnswered")


def test_hidden_target_needs_a_guess_with_three_banes() -> None:
    eng = duel(plugins=())  # hidden by the GM's say-so: no sight plug-in re-check
    ok(eng, BeginCombat())
    from game.rulesets.sotdl.commands import Afflict

    ok(eng, Afflict("foe", "hidden"))
    assert "hidden" in rejected(eng, Attack("hero", "foe"))
    ev = ok(eng, Attack("hero", "foe", guess=(3, 1)), dice=(20, 1, 1, 1))
    assert roll_of(ev).net_boons == -3 and roll_of(ev).success
    assert eng.state.creatures["foe"].damage == 0  # a wrong guess never hits


def test_spell_resisted_by_a_challenge_roll() -> None:
    eng = started()
    ok(eng, Afflict("foe", "defended", -1))
    ev = ok(eng, SpellAttack("hero", ("foe",), "sleep", affliction="unconscious", resist="will"),
            dice=(8, 2))
    r = roll_of(ev)
    assert r.roller == "foe" and r.kind == "challenge" and r.net_boons == 1 and r.success
    assert not eng.state.creatures["foe"].has("unconscious")


def test_a_weapon_with_a_stat_blocks_boons_rolls_with_them() -> None:
    """Issue 11: an imported attack line "+3 with 1 boon" keeps its boon in the engine."""
    from game.rules.definitions import WeaponDef
    from game.rulesets.sotdl.commands import Attack, BeginCombat
    from tests.rulesets.sotdl.helpers import W, duel, ok

    W["claws_boon"] = WeaponDef("claws_boon", "Claws", "1d6", "melee", frozenset({"natural"}),
                                attack_boons=1)
    W["lance_bane"] = WeaponDef("lance_bane", "Lance", "1d6", "melee", attack_boons=-2)
    try:
        eng = duel(hero={"weapons": ("claws_boon", "lance_bane")})
        ok(eng, BeginCombat())
        roll = eng.query("roll_preview", Attack("hero", "foe"))["roll"]
        assert roll["net_boons"] == 1
        assert [m.reason for m in roll["modifiers"]] == ["Claws: 1 boon (stat block)"]
        roll = eng.query("roll_preview", Attack("hero", "foe", weapon="lance_bane"))["roll"]
        assert roll["net_boons"] == -2
    finally:
        del W["claws_boon"], W["lance_bane"]
