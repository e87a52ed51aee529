"""Seed SotDL: Attack an Attribute: disarm, distract, escape, feint, grab, knock down, pull,
shove, charge."""
from __future__ import annotations

from game.rules.engine import AdvancePhase, Answer
from game.rulesets.sotdl.commands import (
    Attack,
    BeginCombat,
    Charge,
    Disarm,
    Distract,
    EndRound,
    Escape,
    Feint,
    Grab,
    Help,
    KnockDown,
    Move,
    PickUp,
    Pull,
    Shove,
    StartTurn,
)
from tests.rulesets.sotdl.helpers import check_replay, duel, of, ok, rejected


def started(**kw):
    eng = duel(**kw)
    ok(eng, BeginCombat())
    return eng


def roll_of(events):
    return of(events, "RollMade")[0]


def test_disarm_against_the_higher_of_strength_and_agility() -> None:
    eng = started(foe={"strength": 13, "agility": 11})
    ev = ok(eng, Disarm("hero", "foe"), dice=(13,))
    r = roll_of(ev)
    assert r.target_number == 13 and r.success
    assert "sword" in eng.state.creatures["foe"].data["dropped"]
    assert "no_weapon" in rejected(eng, Attack("foe", "hero", weapon="sword"))
    ok(eng, EndRound())
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    ok(eng, PickUp("foe", "sword"))
    assert "sword" not in eng.state.creatures["foe"].data["dropped"]
    check_replay(eng)


def test_disarm_unarmed_two_banes_and_only_if_holding_something() -> None:
    eng = started(hero={"weapons": ()})
    assert roll_of(ok(eng, Disarm("hero", "foe"), dice=(1, 1, 1))).net_boons == -2
    eng = started(foe={"weapons": ("claws",)})
    assert "nothing_held" in rejected(eng, Disarm("hero", "foe"))


def test_distract_two_banes_on_the_next_roll_this_round() -> None:
    eng = started(hero={"intellect": 12})
    r = roll_of(ok(eng, Distract("hero", "foe"), dice=(9,)))
    assert r.attribute == "intellect" and r.target_attribute == "intellect" and r.success
    r2 = roll_of(ok(eng, Attack("foe", "hero"), dice=(15, 3, 4)))
    assert r2.net_boons == -2 and r2.boon_die == -4
    assert not eng.state.creatures["foe"].has("distracted")  # used up


def test_distract_within_short_range_only() -> None:
    eng = started(foe_at=(7, 1))
    assert "out_of_range" in rejected(eng, Distract("hero", "foe"))


def test_grab_then_escape_with_half_speed_and_no_free_attack_from_the_grabber() -> None:
    eng = started()
    r = roll_of(ok(eng, Grab("hero", "foe"), dice=(12,)))
    assert r.target_attribute == "agility" and eng.state.creatures["foe"].has("grabbed")
    assert "cannot_move" in rejected(eng, Move("foe", ((3, 1),)))
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    assert roll_of(ok(eng, Attack("foe", "hero"), dice=(1, 6))).net_boons == -1  # grabbed attacker
    ok(eng, EndRound())
    ok(eng, AdvancePhase())
    ev = ok(eng, Escape("foe", path=((3, 1), (4, 1), (5, 1))), dice=(12,))
    assert roll_of(ev).target_attribute == "strength"
    assert not eng.state.creatures["foe"].has("grabbed")
    assert eng.state.creatures["foe"].body.square == (5, 1) and not of(ev, "DecisionAnswered")
    check_replay(eng)


def test_grab_lasts_until_the_end_of_the_next_round_and_ends_when_the_grabber_is_dazed() -> None:
    eng = started()
    ok(eng, Grab("hero", "foe"), dice=(12,))
    ok(eng, EndRound())
    assert eng.state.creatures["foe"].has("grabbed")
    ok(eng, EndRound())
    assert not eng.state.creatures["foe"].has("grabbed")
    eng = started()
    ok(eng, Grab("hero", "foe"), dice=(12,))
    from game.rulesets.sotdl.commands import Afflict

    ok(eng, Afflict("hero", "dazed", 1))
    assert not eng.state.creatures["foe"].has("grabbed")


def test_grab_needs_a_free_hand_and_regrab_succeeds_automatically() -> None:
    eng = started(hero={"weapons": ("sword", "dagger")})
    assert "no_hand" in rejected(eng, Grab("hero", "foe"))
    eng = started()
    ok(eng, Grab("hero", "foe"), dice=(12,))
    ok(eng, EndRound())
    ev = ok(eng, Grab("hero", "foe"))
    assert not of(ev, "RollMade") and eng.state.creatures["foe"].has("grabbed")


def test_knock_down_size_banes_and_boons() -> None:
    eng = started(foe={"size": 3})
    r = roll_of(ok(eng, KnockDown("hero", "foe"), dice=(15, 1, 1)))
    assert r.net_boons == -2 and r.target_attribute == "agility"
    eng = started(foe={"size": 0.5})
    r = roll_of(ok(eng, KnockDown("hero", "foe"), dice=(12, 1)))
    assert r.net_boons == 1 and eng.state.creatures["foe"].has("prone")


def test_shove_moves_one_plus_strength_modifier_yards() -> None:
    eng = started(hero={"strength": 12})
    ok(eng, Shove("hero", "foe"), dice=(15,))
    assert eng.state.creatures["foe"].body.square == (5, 1)
    eng = started(hero={"strength": 8})
    ok(eng, Shove("hero", "foe"), dice=(15,))
    assert eng.state.creatures["foe"].body.square == (3, 1)  # at least 1 yard


def test_pull_moves_half_speed_with_the_grabbed_target() -> None:
    eng = started()
    ok(eng, Grab("hero", "foe"), dice=(12,))
    ok(eng, EndRound())
    ok(eng, StartTurn("hero", "slow"))
    ok(eng, Pull("hero", "foe", path=((0, 1), (0, 2))), dice=(12,))
    assert eng.state.creatures["hero"].body.square == (0, 2)
    assert eng.state.creatures["foe"].body.square == (0, 1)
    assert "too_big" in rejected(started(foe={"size": 2}), Pull("hero", "foe"))


def test_feint_two_boons_on_the_next_attack() -> None:
    eng = started(hero={"agility": 12})
    r = roll_of(ok(eng, Feint("hero", "foe"), dice=(8,)))
    assert r.target_attribute == "perception" and r.success
    ok(eng, EndRound())
    r2 = roll_of(ok(eng, Attack("hero", "foe"), dice=(5, 2, 6, 1)))
    assert r2.net_boons == 2 and r2.boon_die == 6


def test_charge_moves_attacks_and_banes_until_end_of_round() -> None:
    eng = started(foe_at=(5, 1))
    ev = ok(eng, Charge("hero", "foe", path=((2, 1), (3, 1), (4, 1))), dice=(15, 2, 1))
    r = roll_of(ev)
    assert r.net_boons == -1 and r.modifiers[0].reason == "charging"
    assert eng.state.creatures["hero"].body.square == (4, 1)
    ok(eng, EndRound())
    assert not eng.state.creatures["hero"].has("charging")


def test_charge_attack_mid_move_and_challenge_rolls_have_a_bane() -> None:
    eng = started(foe_at=(3, 2))
    ok(eng, StartTurn("hero", "slow"))
    out = eng.submit(Charge("hero", "foe", path=((2, 1), (3, 1), (4, 1), (5, 1)),
                            attack_after=1, attack="knock_down"), dice=(15, 2))
    assert out.pending is not None  # leaving the foe's reach after the knock down
    ok(eng, Answer(out.pending.id, "decline"))
    assert eng.state.creatures["foe"].has("prone")
    assert eng.state.creatures["hero"].body.square == (5, 1)


def test_help_boon_used_on_next_roll() -> None:
    eng = started()
    ok(eng, Help("hero", "foe"), dice=(12,))
    r = roll_of(ok(eng, Attack("foe", "hero"), dice=(10, 5)))
    assert r.net_boons == 1 and r.boon_die == 5
