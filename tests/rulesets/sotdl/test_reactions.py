"""Reactions inside another creature's command: a free attack or a prepared activity that would
be illegal (Seed SotDL: Totally Covered: "you cannot be a target for any attack or effect") is
neither asked nor made, and a refused reaction never refuses the command that triggered it."""

from __future__ import annotations

from game.rules.engine import AdvancePhase, Answer, Context, Step, WalkState
from game.rulesets.sotdl.commands import (
    Attack,
    BeginCombat,
    FirePrepared,
    FreeAttack,
    Move,
    Prepare,
    Retreat,
    Rush,
    StartTurn,
)
from tests.rulesets.sotdl.helpers import check_replay, make, of, ok

# a 3-yard wall at (3, 1): the polearm at (3, 0) reaches (3, 2) but the wall hides it entirely
WALLED = """
.......
...#...
.......
.......
.......
"""


def test_no_free_attack_offered_through_total_cover() -> None:
    eng = make(WALLED, {"hero": ("pcs", (3, 2), {}),
                        "foe": ("foes", (3, 0), {"weapons": ("polearm",)})})
    ok(eng, BeginCombat())
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    assert [v.code for v in eng.validate(Attack("foe", "hero"))] == ["total_cover"]
    assert eng.query("path_preview", "hero", (3, 3)).free_attacks == ()
    events = ok(eng, Move("hero", ((3, 3),)))  # no question, and the move is not refused
    assert not of(events, "FreeAttackProvoked") and not of(events, "DecisionAnswered")
    assert eng.state.creatures["hero"].square == (3, 3)
    check_replay(eng)


def test_free_attack_still_offered_in_the_open() -> None:
    eng = make(WALLED, {"hero": ("pcs", (1, 2), {}),
                        "foe": ("foes", (1, 0), {"weapons": ("polearm",)})})
    ok(eng, BeginCombat())
    assert [fa.threat_id for fa in eng.query("path_preview", "hero", (1, 3)).free_attacks] == [
        "foe"]
    out = eng.submit(Move("hero", ((1, 3),)))
    assert out.pending is not None and out.pending.kind == "free_attack"


def test_no_prepared_trigger_offered_against_a_totally_covered_mover() -> None:
    eng = make(WALLED, {"hero": ("pcs", (3, 0), {"weapons": ("polearm",)}),
                        "foe": ("foes", (3, 4), {})})
    ok(eng, StartTurn("hero", "fast"))
    ok(eng, Prepare("hero", Attack("hero", ""), "enemy_enters_reach"))
    ok(eng, StartTurn("foe", "fast"))
    p = eng.query("path_preview", "foe", (3, 2))
    assert not any(m.startswith("prepared") for s in p.steps for m in s.marks)
    events = ok(eng, Move("foe", ((3, 3), (3, 2))))  # enters reach behind the wall: not asked
    assert eng.state.creatures["foe"].square == (3, 2) and not of(events, "RollMade")
    assert eng.state.effects  # the prepared action is still waiting
    check_replay(eng)


def test_a_refused_reaction_does_not_refuse_the_move() -> None:
    eng = make(WALLED, {"hero": ("pcs", (3, 2), {}),
                        "foe": ("foes", (3, 0), {"weapons": ("polearm",)})})
    refused: list[list[str]] = []

    def reckless(ctx: Context, ws: WalkState, step: Step) -> str | None:
        # a checker that tries the illegal free attack anyway (as a buggy plug-in might)
        if ws.index == 0:
            refused.append([v.code for v in ctx.perform_reaction(FreeAttack("foe", "hero"))])
        return None

    eng.ruleset.register_step_checker("reckless", reckless, when="before")
    ok(eng, BeginCombat())
    events = ok(eng, Move("hero", ((3, 3), (3, 4))))
    assert refused == [["total_cover"]]
    assert eng.state.creatures["hero"].square == (3, 4)
    assert any("refused" in n.text for n in of(events, "Note"))
    assert not eng.state.creatures["foe"].turn.triggered_used


OPEN = "\n".join(["........"] * 5)


def test_a_prepared_retreat_fires_when_an_enemy_enters_reach() -> None:
    # Seed SotDL: Prepare: "Choose one activity ... such as attack or retreat"
    eng = make(OPEN, {"hero": ("pcs", (2, 2), {}), "foe": ("foes", (6, 2), {})})
    ok(eng, StartTurn("hero", "fast"))
    ok(eng, Prepare("hero", Retreat("hero", ((1, 2), (0, 2))), "enemy_enters_reach"))
    ok(eng, StartTurn("foe", "fast"))
    out = eng.submit(Move("foe", ((5, 2), (4, 2), (3, 2))))
    assert out.pending is not None and out.pending.kind == "prepared_trigger"
    events = ok(eng, Answer("pending", "fire"))
    hero = eng.state.creatures["hero"]
    assert hero.square == (0, 2) and hero.turn.triggered_used and not of(events, "ActionUsed")
    assert eng.state.active == "foe"  # on the foe's turn, without starting the hero's
    assert not of(events, "FreeAttackProvoked")  # a retreat provokes none
    check_replay(eng)


def test_a_prepared_rush_fired_by_the_gm() -> None:
    eng = make(OPEN, {"hero": ("pcs", (0, 0), {"speed": 3}), "foe": ("foes", (7, 4), {})})
    ok(eng, StartTurn("hero", "fast"))
    path = tuple((x, 0) for x in range(1, 7))  # 6 yards: twice Speed
    ok(eng, Prepare("hero", Rush("hero", path), "when the gate opens"))
    ok(eng, StartTurn("foe", "fast"))
    ok(eng, FirePrepared("hero"))
    assert eng.state.creatures["hero"].square == (6, 0)
    assert eng.state.creatures["hero"].turn.triggered_used
    check_replay(eng)
