"""Seed SotDL: boons and banes, attribute modifiers, challenge and attack rolls, surprise, the
round (fast, slow, end), one turn a round, triggered actions, minor activities, durations, the
end of combat."""
from __future__ import annotations

from game.rules.engine import AdvancePhase, Answer
from game.rulesets.sotdl.commands import (
    Afflict,
    Attack,
    BeginCombat,
    Cure,
    DealDamage,
    Defend,
    EndRound,
    EndTurn,
    Flee,
    Help,
    MinorActivity,
    Move,
    RollForOrder,
    StartTurn,
    Surrender,
)
from game.rulesets.sotdl.rolls import boon_die
from tests.rulesets.sotdl.helpers import duel, make, of, ok, rejected


def started(**kw):
    eng = duel(**kw)
    ok(eng, BeginCombat())
    return eng


def test_boons_and_banes_cancel_and_the_highest_d6_counts() -> None:
    eng = started(foe={"defense": 10})
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    ok(eng, Defend("foe"), dice=())  # foe defends: attacks against it 1 bane
    eng2 = started()
    # lunging (1 bane) against a defending foe (1 bane): 2 banes, highest of the d6s subtracted
    eng = started(hero={"strength": 12})
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    ok(eng, StartTurn("foe", "fast"))
    ok(eng, Defend("foe"))
    assert "phase" in rejected(eng, StartTurn("hero", "fast"))  # players' fast turns are over
    ok(eng, Attack("hero", "foe"), dice=(1,))  # acting now is a slow turn
    assert eng.state.phase == "slow_players" and eng.state.creatures["hero"].turn.kind == "slow"
    eng = started(hero={"strength": 12})
    ok(eng, Afflict("foe", "defended", -1))
    ev = ok(eng, Attack("hero", "foe", option="lunging"), dice=(10, 2, 5, 3))
    roll = of(ev, "RollMade")[0]
    assert roll.net_boons == -2 and roll.boon_die == -5
    assert roll.attribute_modifier == 2 and roll.total == 10 + 2 - 5
    assert {m.reason for m in roll.modifiers} >= {"lunging attack", "Foe is defending"}
    assert boon_die((), 0) == 0 and eng2.state.round == 1


def test_boons_and_banes_cancel_one_for_one() -> None:
    eng = started()
    ok(eng, Afflict("hero", "helped", -1))  # 1 boon
    ok(eng, Afflict("foe", "defended", -1))  # 1 bane
    roll = of(ok(eng, Attack("hero", "foe"), dice=(12, 1)), "RollMade")[0]
    assert roll.net_boons == 0 and len(roll.dice) == 1 and roll.total == 12


def test_attack_roll_hits_on_reaching_defense_exactly() -> None:
    eng = started(foe={"defense": 13})
    hit = of(ok(eng, Attack("hero", "foe"), dice=(13, 1)), "RollMade")[0]
    assert hit.success and hit.target_number == 13
    eng = started(foe={"defense": 13})
    miss = of(ok(eng, Attack("hero", "foe"), dice=(12,)), "RollMade")[0]
    assert not miss.success and not of(eng.log(), "DamageTaken")


def test_challenge_roll_succeeds_on_ten() -> None:
    eng = started(hero={"intellect": 10})
    ok(eng, Help("hero", "foe"), dice=(10,))
    assert eng.state.creatures["foe"].has("helped")
    eng = started(hero={"intellect": 10})
    ok(eng, Help("hero", "foe"), dice=(9,))
    assert not eng.state.creatures["foe"].has("helped")


def test_finesse_uses_agility_when_better() -> None:
    eng = started(hero={"weapons": ("dagger",), "agility": 14, "strength": 11})
    roll = of(ok(eng, Attack("hero", "foe"), dice=(10, 1)), "RollMade")[0]
    assert roll.attribute == "agility" and roll.attribute_modifier == 4


def test_surprise_perception_failure_surprised_until_end_of_first_round() -> None:
    eng = duel()
    ev = ok(eng, BeginCombat(surprise=("foes",)), dice=(5,))
    assert of(ev, "RollMade")[0].attribute == "perception"
    assert eng.state.creatures["foe"].has("surprised")
    assert "cannot_act" in rejected(eng, Attack("foe", "hero"))
    assert "cannot_move" in rejected(eng, Move("foe", ((3, 1),)))
    ok(eng, EndRound())
    assert not eng.state.creatures["foe"].has("surprised") and eng.state.round == 2
    eng = duel()
    ok(eng, BeginCombat(surprise=("foes",)), dice=(15,))
    assert not eng.state.creatures["foe"].has("surprised")


def test_fast_turns_players_then_gm_then_slow_then_end() -> None:
    eng = started()
    out = eng.submit(StartTurn("foe", "fast"))  # Hero has not taken a turn: the GM waits
    assert [v.code for v in out.violations] == ["players_first"]
    assert "Hero still to act" in out.violations[0].reason and eng.state.phase == "fast_players"
    ok(eng, AdvancePhase())  # the GM ends the players' part explicitly
    ok(eng, StartTurn("foe", "fast"))
    assert eng.state.phase == "fast_gm"
    assert "phase" in rejected(eng, StartTurn("hero", "fast"))
    ok(eng, EndTurn("foe"))
    ok(eng, StartTurn("hero", "slow"))
    assert eng.state.phase == "slow_players"
    ok(eng, EndTurn())
    ok(eng, EndRound())
    assert (eng.state.round, eng.state.phase) == (2, "fast_players")
    ok(eng, AdvancePhase())
    assert eng.state.phase == "fast_gm"


def test_one_turn_per_creature_per_round() -> None:
    eng = started()
    ok(eng, StartTurn("hero", "fast"))
    ok(eng, EndTurn("hero"))
    assert "turn_taken" in rejected(eng, StartTurn("hero", "slow"))
    assert rejected(eng, Attack("hero", "foe"))
    ok(eng, EndRound())
    ok(eng, StartTurn("hero", "fast"))


def test_fast_turn_is_an_action_or_a_move_not_both() -> None:
    eng = started(foe_at=(5, 1))
    ok(eng, StartTurn("hero", "fast"))
    ok(eng, Move("hero", ((2, 1), (3, 1), (4, 1))))
    assert "fast_turn" in rejected(eng, Attack("hero", "foe"))
    eng = started()
    ok(eng, StartTurn("hero", "fast"))
    ok(eng, Attack("hero", "foe"), dice=(1,))
    assert "fast_turn" in rejected(eng, Move("hero", ((1, 2),)))


def test_slow_turn_moves_and_acts_with_the_action_mid_move() -> None:
    eng = started(foe_at=(5, 1))
    ok(eng, StartTurn("hero", "slow"))
    ok(eng, Move("hero", ((2, 1), (3, 1), (4, 1))))
    ok(eng, Attack("hero", "foe"), dice=(1,))
    out = eng.submit(Move("hero", ((4, 2), (4, 3))))  # the rest of the budget after the action
    assert out.pending is not None and out.pending.kind == "free_attack"
    ok(eng, Answer(out.pending.id, "decline"))
    assert eng.state.creatures["hero"].turn.move_budget_yd == 5
    assert "too_far" in rejected(eng, Move("hero", tuple((4 - i, 3) for i in range(1, 5)) +
                                       ((0, 2), (1, 2))))


def test_move_is_limited_to_speed() -> None:
    eng = started(hero={"speed": 3}, foe_at=(7, 3))
    assert "too_far" in rejected(eng, Move("hero", ((2, 1), (3, 1), (4, 1), (5, 1))))
    ok(eng, Move("hero", ((2, 1), (3, 1), (4, 1))))


def test_minor_activities_one_fast_two_slow() -> None:
    eng = started()
    ok(eng, StartTurn("hero", "fast"))
    ok(eng, MinorActivity("hero", "draw a dagger"))
    assert "no_minor" in rejected(eng, MinorActivity("hero", "open a door"))
    ok(eng, MinorActivity("hero", "open a door", extra=True))  # the GM allows more
    ok(eng, StartTurn("foe", "slow"))
    ok(eng, MinorActivity("foe", "a"))
    ok(eng, MinorActivity("foe", "b"))
    assert "no_minor" in rejected(eng, MinorActivity("foe", "c"))


def test_players_roll_d6_for_order_highest_first() -> None:
    eng = started()
    ev = of(ok(eng, RollForOrder(("hero", "foe")), dice=(2, 5)), "OrderRolled")[0]
    assert ev.order == ("foe", "hero")


def test_one_round_lasts_until_the_end_of_the_next_round() -> None:
    eng = started()
    ok(eng, Afflict("foe", "dazed", 1))
    ok(eng, EndRound())
    assert eng.state.creatures["foe"].has("dazed")
    ok(eng, EndRound())
    assert not eng.state.creatures["foe"].has("dazed")


def test_end_of_round_resolves_players_effects_before_the_gms() -> None:
    eng = started()
    ok(eng, Afflict("foe", "dazed", -1))
    ok(eng, Afflict("hero", "dazed", -1))
    ended = of(ok(eng, EndRound()), "AfflictionEnded")
    assert [e.creature for e in ended] == ["hero", "foe"]


def test_combat_ends_when_a_side_surrenders_flees_or_dies() -> None:
    eng = started()
    ev = ok(eng, Surrender(side="foes"))
    assert of(ev, "CombatEnded") and eng.state.over
    eng = started()
    ok(eng, Flee("foe"))
    assert eng.state.over and "fled" in eng.state.outcome
    eng = started()
    ok(eng, DealDamage("foe", 20))
    assert eng.state.creatures["foe"].status == "dead" and eng.state.over


def test_combat_goes_on_while_both_sides_stand() -> None:
    eng = make("....\n....", {"a": ("pcs", (0, 0), {}), "b": ("foes", (2, 0), {}),
                              "c": ("foes", (3, 1), {})})
    ok(eng, BeginCombat())
    ok(eng, Flee("b"))
    assert not eng.state.over


def test_the_first_turn_begins_the_combat() -> None:
    eng = duel()
    ev = ok(eng, Attack("hero", "foe"), dice=(1,))
    assert of(ev, "CombatStarted") and eng.state.round == 1


def test_turn_status_query_says_what_is_left() -> None:
    eng = started()
    ok(eng, StartTurn("hero", "fast"))
    ok(eng, Move("hero", ((1, 2),)))
    s = eng.query("turn_status", "hero")
    assert s["move"] and not s["action"] and s["move_budget_yd"] == 9 and s["minor_left"] == 1
    assert "fast turn" in s["why_not"][0]


def test_advancing_the_phase_ends_the_turn_going_on() -> None:
    eng = started()
    ok(eng, StartTurn("hero", "fast"))
    ev = ok(eng, AdvancePhase())
    assert of(ev, "TurnEnded") and eng.state.active is None and eng.state.phase == "fast_gm"


def test_roll_preview_gives_the_modifiers_and_rolls_nothing() -> None:
    from game.rulesets.sotdl.commands import KnockDown

    eng = started(foe={"size": 2})
    ok(eng, Afflict("foe", "defended", -1))
    before = eng.state
    p = eng.query("roll_preview", KnockDown("hero", "foe"))
    assert p["legal"] and p["roll"]["target_attribute"] == "agility"
    assert p["roll"]["net_boons"] == -2 and len(p["roll"]["modifiers"]) == 2
    assert eng.state is before and eng.state.rng_position == 0
    assert not eng.query("roll_preview", KnockDown("hero", "nobody"))["legal"]
    assert eng.query("roll_preview", Help("hero", "foe"))["roll"]["kind"] == "challenge"


def test_the_gm_overrides_a_roll_with_a_reason() -> None:
    from game.rulesets.sotdl.commands import AdjustRoll

    eng = started()
    ok(eng, AdjustRoll("hero", 2, "the foe is blinded by the sun"))
    r = of(ok(eng, Attack("hero", "foe"), dice=(3, 6, 1, 1)), "RollMade")[0]
    assert r.net_boons == 2 and r.modifiers[0].reason == "the foe is blinded by the sun"
    assert not eng.state.creatures["hero"].has("gm_adjust")  # one roll only


def test_who_may_act_follows_the_parts_of_the_round() -> None:
    eng = started()
    assert eng.query("who_may_act") == ["hero"]
    ok(eng, AdvancePhase())
    assert eng.query("who_may_act") == ["foe"]
    ok(eng, StartTurn("foe", "fast"))
    ok(eng, EndTurn("foe"))
    assert eng.query("who_may_act") == []
    ok(eng, AdvancePhase())
    assert eng.query("who_may_act") == ["hero"]  # slow turns: the hero has not acted


def test_ties_for_who_goes_first_roll_again() -> None:
    eng = make("....", {"a": ("pcs", (0, 0), {}), "b": ("pcs", (1, 0), {}),
                        "c": ("pcs", (2, 0), {}), "z": ("foes", (3, 0), {})})
    ev = of(ok(eng, RollForOrder(("a", "b", "c")), dice=(4, 6, 4, 2, 5)), "OrderRolled")[0]
    assert ev.order == ("b", "c", "a") and len(ev.dice) == 5


def test_the_gm_waits_for_every_player_in_each_part_of_the_round() -> None:
    """Seed SotDL: Anatomy of a Round: once all the players have finished their turns during a
    part of the round, the GM's creatures take theirs; a player who cannot act is not waited for."""
    eng = make("........\n........", {"ann": ("pcs", (0, 0), {}), "bob": ("pcs", (0, 1), {}),
                                       "foe": ("foes", (6, 0), {}), "orc": ("foes", (7, 1), {})})
    ok(eng, BeginCombat())
    ok(eng, StartTurn("ann", "fast"))
    # a turn going on does not hold the GM back (the GM's turn ends it), bob does
    out = eng.submit(Move("foe", ((5, 0),)))
    assert [v.code for v in out.violations] == ["players_first"]
    assert "Bob" in out.violations[0].reason and "Ann" not in out.violations[0].reason
    assert not eng.query("turn_status", "foe")["can_start"]["fast"]
    assert "Bob still to act" in " ".join(eng.query("turn_status", "foe")["why_not"])
    ok(eng, Afflict("bob", "stunned", 1))  # bob cannot act: nobody left to wait for
    ok(eng, StartTurn("foe", "fast"))
    assert eng.state.phase == "fast_gm"
    ok(eng, Cure("bob", "stunned"))
    ok(eng, EndTurn("foe"))
    # the slow part: bob may still take a slow turn, so the GM's slow turns wait for him
    assert "players_first" in rejected(eng, StartTurn("orc", "slow"))
    ok(eng, StartTurn("bob", "slow"))
    ok(eng, StartTurn("orc", "slow"))
    assert eng.state.phase == "slow_gm"
