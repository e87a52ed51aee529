"""Seed SotDL: the other actions (cast, concentrate, defend, end an effect, find, help, hide,
prepare, stabilize, use an item, crawl), damage and Health, afflictions."""
from __future__ import annotations

from game.rules.engine import AdvancePhase, Answer
from game.rulesets.sotdl.commands import (
    Afflict,
    Attack,
    BeginCombat,
    CastUtilitySpell,
    Concentrate,
    DealDamage,
    Defend,
    DropProne,
    EndEffect,
    EndRound,
    Find,
    FirePrepared,
    GainInsanity,
    Help,
    Hide,
    Move,
    Prepare,
    Stabilize,
    StandUp,
    StartTurn,
    UseItem,
)
from tests.rulesets.sotdl.helpers import check_replay, duel, of, ok, rejected


def started(**kw):
    eng = duel(**kw)
    ok(eng, BeginCombat())
    return eng


def roll_of(events):
    return of(events, "RollMade")[0]


def test_utility_spell_with_concentration_lasts_until_end_of_next_round() -> None:
    eng = started()
    ok(eng, CastUtilitySpell("hero", "light", concentration=True, rounds=10))
    (eid,) = eng.state.effects
    assert eng.state.effects[eid].expires_round == 2
    assert eng.state.creatures["hero"].has("concentrating")
    ok(eng, EndRound())
    ok(eng, Concentrate("hero"))
    assert eng.state.effects[eid].expires_round == 3
    ok(eng, EndRound())
    ok(eng, EndRound())
    assert eid not in eng.state.effects


def test_concentration_breaks_on_a_failed_will_challenge_after_damage() -> None:
    eng = started()
    ok(eng, CastUtilitySpell("hero", "light", concentration=True))
    ev = ok(eng, DealDamage("hero", 2), dice=(3,))
    assert roll_of(ev).attribute == "will" and not eng.state.effects
    eng = started()
    ok(eng, CastUtilitySpell("hero", "light", concentration=True))
    ok(eng, GainInsanity("hero", 1), dice=(15,))
    assert eng.state.effects


def test_end_an_effect_you_created() -> None:
    eng = started()
    ok(eng, CastUtilitySpell("hero", "ward", rounds=5))
    assert "no_effect" in rejected(eng, EndEffect("foe", "e1"))
    ok(eng, EndRound())
    ok(eng, EndEffect("hero", "e1"))
    assert not eng.state.effects


def test_defend_bane_against_boon_to_resist_and_ends_when_dazed() -> None:
    eng = started()
    ok(eng, Defend("hero"))
    assert roll_of(ok(eng, Attack("foe", "hero"), dice=(10, 1))).net_boons == -1
    from game.rulesets.sotdl.commands import Attack as A

    eng2 = started()
    ok(eng2, StartTurn("hero", "fast"))
    ok(eng2, Defend("hero"))
    ok(eng2, Attack("foe", "hero", option="unbalancing"), dice=(20, 1, 1, 2, 9, 3))
    resist = of(eng2.log(), "RollMade")[1]
    assert resist.net_boons == 1 and resist.success  # 9 + 3... total 9, boon die +3 = 12
    ok(eng, Afflict("hero", "dazed", -1))
    assert not eng.state.creatures["hero"].has("defended")
    del A


def test_hide_find_and_the_hidden_attacker_boon() -> None:
    # the core mechanics, without the sight plug-in's can-hide geometry (its own tests)
    eng = duel(plugins=())
    ok(eng, BeginCombat())
    ok(eng, Hide("hero"), dice=(11,))
    assert eng.state.creatures["hero"].has("hidden")
    ok(eng, Find("foe", "hero"), dice=(9,))
    assert eng.state.creatures["hero"].has("hidden")
    ok(eng, EndRound())
    r = roll_of(ok(eng, Attack("hero", "foe"), dice=(10, 4, 1)))
    assert r.net_boons == 1 and not eng.state.creatures["hero"].has("hidden")
    eng = duel(plugins=())
    ok(eng, BeginCombat())
    ok(eng, Hide("hero"), dice=(11,))
    ok(eng, Find("foe", "hero"), dice=(10,))
    assert not eng.state.creatures["hero"].has("hidden")


def test_help_within_five_yards() -> None:
    eng = started(foe_at=(7, 3))
    assert "out_of_range" in rejected(eng, Help("hero", "foe"))


def test_prepared_attack_fires_when_an_enemy_enters_reach_with_a_boon() -> None:
    eng = started(foe_at=(5, 1))
    ok(eng, StartTurn("hero", "fast"))
    ok(eng, Prepare("hero", Attack("hero", ""), "enemy_enters_reach"))
    ok(eng, StartTurn("foe", "fast"))
    out = eng.submit(Move("foe", ((4, 1), (3, 1), (2, 2))))
    assert out.pending.kind == "prepared_trigger"
    assert eng.state.creatures["foe"].body.square == (2, 2)
    done = eng.submit(Answer(out.pending.id, "fire"), )
    assert done.ok
    r = roll_of(done.events)
    assert r.net_boons == 1 and r.modifiers[0].reason == "prepared"
    assert eng.state.creatures["hero"].turn.triggered_used and not eng.state.effects
    check_replay(eng)


def test_prepared_free_text_trigger_fired_by_the_gm_and_expires_at_end_of_round() -> None:
    eng = started()
    ok(eng, Prepare("hero", Attack("hero", "foe"), "when the door opens"))
    ok(eng, FirePrepared("hero"), dice=(10, 3, 1))
    assert "not_prepared" in rejected(eng, FirePrepared("hero"))
    eng = started()
    ok(eng, Prepare("hero", Attack("hero", "foe"), "when the door opens"))
    ok(eng, EndRound())
    assert not eng.state.effects


def test_damage_injured_incapacitated_for_players_dead_for_gm_creatures() -> None:
    eng = started()
    ok(eng, DealDamage("hero", 10))
    assert eng.state.creatures["hero"].has("injured")
    ok(eng, DealDamage("hero", 15))
    h = eng.state.creatures["hero"]
    assert h.damage == 20 and h.has("incapacitated") and h.has("prone") and h.in_fight
    assert "cannot_act" in rejected(eng, Attack("hero", "foe"))
    ok(eng, DealDamage("foe", 20))
    assert eng.state.creatures["foe"].status == "dead"


def test_incapacitated_fate_roll_and_damage_while_dying() -> None:
    eng = started()
    ok(eng, DealDamage("hero", 20))
    ok(eng, EndRound(), dice=(3,))
    assert eng.state.creatures["hero"].has("dying")
    ok(eng, EndRound(), dice=(6,))
    assert not eng.state.creatures["hero"].has("incapacitated")
    assert eng.state.creatures["hero"].damage == 19
    eng = started()
    ok(eng, DealDamage("hero", 20))
    ok(eng, DealDamage("hero", 1))
    assert eng.state.creatures["hero"].has("dying")
    ok(eng, DealDamage("hero", 1))
    assert eng.state.creatures["hero"].status == "dead"


def test_stabilize_heals_one_with_a_bane_if_dying() -> None:
    eng = duel(foe={"weapons": ("sword",)})
    from game.rules.definitions import Side  # noqa: F401

    ok(eng, BeginCombat())
    ok(eng, DealDamage("hero", 20))
    ok(eng, DealDamage("hero", 1))  # dying
    # a friend of the hero: the foe here, as the GM lets anyone stabilize
    r = roll_of(ok(eng, Stabilize("foe", "hero"), dice=(12, 2)))
    assert r.net_boons == -1 and r.success
    assert eng.state.creatures["hero"].damage == 19 and not eng.state.creatures["hero"].has("dying")
    ok(eng, EndRound())
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    assert "not_incapacitated" in rejected(eng, Stabilize("foe", "hero"))


def test_use_an_item_uses_the_action() -> None:
    eng = started()
    ok(eng, UseItem("hero", "light a torch"))
    assert "no_action" in rejected(eng, UseItem("hero", "again"))


def test_drop_prone_free_stand_up_uses_the_move_and_prone_modifiers() -> None:
    eng = started()
    ok(eng, StartTurn("hero", "fast"))
    ok(eng, DropProne("hero"))
    assert eng.state.creatures["hero"].turn.move_budget_yd == 10
    ok(eng, StandUp("hero"))
    assert not eng.state.creatures["hero"].has("prone")
    assert "fast_turn" in rejected(eng, Attack("hero", "foe"))  # the move was used
    ok(eng, DropProne("hero"))
    r = roll_of(ok(eng, Attack("foe", "hero"), dice=(10, 2)))  # within 1 yard: 1 boon
    assert r.net_boons == 1 and r.modifiers[0].reason.startswith("Hero is prone")


def test_prone_creature_crawls_at_half_speed_and_attacks_with_a_bane() -> None:
    eng = started(foe_at=(7, 3))
    ok(eng, DropProne("hero"))
    assert "too_far" in rejected(eng, Move("hero", tuple((1 + i, 1) for i in range(1, 7))))
    ok(eng, Move("hero", tuple((1 + i, 1) for i in range(1, 6))))
    ok(eng, EndRound())
    r = roll_of(ok(eng, Attack("hero", "foe", option="lunging"), dice=(1, 1, 1)))
    assert r.net_boons == -2


def test_immobilized_and_stunned() -> None:
    eng = started()
    ok(eng, Afflict("hero", "immobilized", 1))
    assert "cannot_move" in rejected(eng, Move("hero", ((1, 2),)))
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    assert roll_of(ok(eng, Attack("foe", "hero"), dice=(10, 1))).net_boons == 1
    ok(eng, Afflict("foe", "stunned", 1))
    assert "cannot_act" in rejected(eng, Attack("foe", "hero"))


def test_prepared_help_is_a_triggered_action_with_a_boon() -> None:
    from game.rulesets.sotdl.commands import Help as H

    eng = started()
    ok(eng, Prepare("hero", H("hero", "foe"), "when the foe is hurt"))
    ev = ok(eng, FirePrepared("hero"), dice=(8, 2))
    r = roll_of(ev)
    assert r.kind == "challenge" and r.net_boons == 1 and r.success
    assert eng.state.creatures["hero"].turn.triggered_used


def test_a_prepared_activity_that_cannot_happen_is_noted_not_fatal() -> None:
    eng = started()
    ok(eng, Prepare("hero", Attack("hero", ""), "enemy_enters_reach"))
    ok(eng, Afflict("hero", "dazed", -1))
    assert "cannot_act" in rejected(eng, FirePrepared("hero"))
