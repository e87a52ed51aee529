"""Seed SotDL: Free Attack on the move (leaving reach, once, at the right step, exceptions),
prepared triggers (Bobby and the warg, 1 boon), the move ending when the mover is knocked
prone, killed or immobilized, and the queries that preview it."""

from __future__ import annotations

from typing import Any

from game.rules.engine import Answer, Engine
from game.rulesets.sotdl.commands import (
    Attack,
    BeginCombat,
    EndRound,
    Feint,
    Move,
    Prepare,
    Retreat,
    Shove,
    StartTurn,
)
from game.rulesets.sotdl.movement.commands import Teleport
from tests.rulesets.sotdl.helpers import check_replay, make, of, ok

OPEN = "\n".join(["............"] * 6)


def field(**who: tuple[str, tuple[int, int], dict[str, Any]]) -> Engine:
    who.setdefault("lurker", ("foes", (11, 5), {"weapons": ()}))
    eng = make(OPEN, dict(who))
    ok(eng, BeginCombat())
    return eng


def test_leaving_reach_asks_the_threatener_before_the_step() -> None:
    eng = field(hero=("pcs", (1, 1), {}), orc=("foes", (2, 1), {}))
    out = eng.submit(Move("hero", ((0, 1),)))
    d = out.pending
    assert d is not None and d.kind == "free_attack" and d.asked_of == "orc"
    ok(eng, Answer("pending", "attack"), dice=(1,))  # the orc misses
    assert eng.state.creatures["hero"].square == (0, 1)
    assert eng.state.creatures["orc"].turn.triggered_used
    rolls = [e for e in eng.log() if type(e).__name__ == "RollMade"]
    steps = [e for e in eng.log() if type(e).__name__ == "Stepped"]
    assert eng.log().index(rolls[0]) < eng.log().index(steps[0])  # attacked before leaving
    check_replay(eng)


def test_moving_within_or_into_reach_does_not_provoke() -> None:
    eng = field(hero=("pcs", (1, 1), {}), orc=("foes", (3, 1), {}))
    evs = ok(eng, Move("hero", ((2, 0), (2, 2))))  # into reach and around inside it
    assert not of(evs, "DecisionAnswered")


def test_only_once_per_threatener_and_only_with_its_triggered_action() -> None:
    eng = field(hero=("pcs", (1, 1), {"speed": 12}), orc=("foes", (2, 1), {}))
    eng.submit(Move("hero", ((0, 1), (1, 1), (0, 1))))
    ok(eng, Answer("pending", "attack"), dice=(1,))  # leaves twice: asked once
    assert len([e for e in eng.log() if type(e).__name__ == "DecisionAnswered"]) == 1


def test_no_melee_weapon_no_free_attack() -> None:
    eng = field(hero=("pcs", (1, 1), {}), archer=("foes", (2, 1), {"weapons": ("bow",)}))
    evs = ok(eng, Move("hero", ((0, 1),)))
    assert not of(evs, "DecisionAnswered")


def test_reach_weapon_threatens_farther() -> None:
    eng = field(hero=("pcs", (1, 1), {}), pike=("foes", (3, 1), {"weapons": ("polearm",)}))
    out = eng.submit(Move("hero", ((0, 1),)))
    assert out.pending is not None and out.pending.asked_of == "pike"


def test_large_creature_reach_from_its_whole_space() -> None:
    eng = field(hero=("pcs", (4, 1), {}), ogre=("foes", (2, 1), {"size": 2, "weapons": ("claws",)}))
    out = eng.submit(Move("hero", ((5, 1),)))
    assert out.pending is not None and out.pending.asked_of == "ogre"


def test_retreat_teleport_and_forced_movement_do_not_provoke() -> None:
    eng = field(hero=("pcs", (1, 1), {}), orc=("foes", (2, 1), {}))
    evs = ok(eng, Retreat("hero", ((0, 1),)))
    assert not of(evs, "DecisionAnswered")
    eng = field(hero=("pcs", (1, 1), {}), orc=("foes", (2, 1), {}))
    evs = ok(eng, Teleport("hero", (8, 4)))
    assert not of(evs, "DecisionAnswered")
    eng = field(
        hero=("pcs", (1, 1), {"strength": 14}), orc=("foes", (2, 1), {}), ally=("pcs", (3, 2), {})
    )
    evs = ok(eng, Shove("hero", "orc"), dice=(20,))
    assert of(evs, "Stepped") and not of(evs, "DecisionAnswered")


def test_feint_target_does_not_get_a_free_attack() -> None:
    eng = field(hero=("pcs", (1, 1), {"agility": 14}), orc=("foes", (2, 1), {}))
    ok(eng, StartTurn("hero", "slow"))
    ok(eng, Feint("hero", "orc", "no_free_attacks"), dice=(20,))
    evs = ok(eng, Move("hero", ((0, 1),)))
    assert not of(evs, "DecisionAnswered")


def test_taken_out_by_the_free_attack_ends_the_move() -> None:
    # the free attack takes the hero out: the move ends where it was attacked
    eng2 = field(hero=("pcs", (1, 1), {"speed": 8, "health": 1}), orc=("foes", (2, 1), {}))
    eng2.submit(Move("hero", ((0, 1), (0, 2), (0, 3))))
    out = eng2.submit(Answer("pending", "attack"), dice=(20, 6))
    assert out.ok
    h = eng2.state.creatures["hero"]
    assert h.square == (1, 1) and (not h.in_fight or h.has("incapacitated"))
    assert any(type(e).__name__ == "MoveStopped" for e in eng2.log())


def test_bobby_prepares_against_the_first_enemy_into_his_reach() -> None:
    eng = field(bobby=("pcs", (1, 1), {}), warg=("foes", (6, 1), {"weapons": ("claws",)}))
    ok(eng, StartTurn("bobby", "fast"))
    ok(eng, Prepare("bobby", Attack("bobby", "", "sword"), "enemy_enters_reach"))
    ok(eng, StartTurn("warg", "fast"))
    out = eng.submit(Move("warg", ((2, 1),)))
    d = out.pending
    assert d is not None and d.kind == "prepared_trigger" and d.asked_of == "bobby"
    out = eng.submit(Answer("pending", "fire"), dice=(10, 3))
    assert out.ok
    roll = [e for e in eng.log() if type(e).__name__ == "RollMade"][-1]
    assert roll.roller == "bobby" and roll.target == "warg" and roll.net_boons == 1
    # it fired when the warg stepped into reach, at (3, 1) next to... bobby reaches (2, 1) only
    steps = [tuple(e.square) for e in eng.log() if type(e).__name__ == "Stepped"]
    assert steps[-1] == (2, 1)


def test_queries_preview_path_cost_and_free_attacks() -> None:
    eng = field(hero=("pcs", (1, 1), {"speed": 6}), orc=("foes", (2, 1), {}))
    reach = eng.query("reachable", "hero")
    assert reach.squares[(1, 1)] == 0 and reach.squares[(7, 1)] == 6 and (8, 1) not in reach.squares
    assert (2, 1) not in reach.squares  # the orc's square
    rush = eng.query("reachable", "hero", "rush")
    assert rush.budget_yd == 12
    p = eng.query("path_preview", "hero", (4, 4))
    assert p.legal and p.cost_yd == 3 and p.free_attacks
    assert any("free attack: Orc" in m for s in p.steps for m in s.marks)
    r = eng.query("path_preview", "hero", (0, 4), "retreat")
    assert not r.free_attacks and r.legal and r.budget_yd == 3
    assert not eng.query("path_preview", "hero", (0, 5), "retreat").legal  # 4 > half Speed
    s = eng.query("safest_path", "hero", (1, 3))
    assert len(s.free_attacks) == 1  # every way out of reach provokes once


def test_safest_path_avoids_a_second_threat() -> None:
    eng = field(
        hero=("pcs", (0, 2), {"speed": 10}), orc=("foes", (3, 1), {}), gob=("foes", (3, 4), {})
    )
    cheap = eng.query("path_preview", "hero", (6, 2))
    safe = eng.query("safest_path", "hero", (6, 2))
    assert len(safe.free_attacks) <= len(cheap.free_attacks)
    assert safe.legal


def test_round_resets_triggered_actions() -> None:
    eng = field(hero=("pcs", (1, 1), {"speed": 12}), orc=("foes", (2, 1), {}))
    eng.submit(Move("hero", ((0, 1),)))
    ok(eng, Answer("pending", "attack"), dice=(1,))
    ok(eng, EndRound())
    out = eng.submit(Move("hero", ((1, 1), (0, 1))))
    assert out.ok and out.pending is not None  # a new round: a new triggered action
