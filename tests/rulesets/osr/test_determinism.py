"""Determinism, replay and undo for every OSR command: the same seed and commands give the same
log; replaying the log rebuilds the state; undoing every command returns to the start."""

from __future__ import annotations

import json

from game.rules.engine import AdvancePhase, Answer, Command, Engine, StartCombat, replay
from game.rulesets.osr.commands import (
    OsrAttack,
    OsrBreakFormation,
    OsrCastSpell,
    OsrCharge,
    OsrChooseCourse,
    OsrDeclareRetreat,
    OsrDisrupt,
    OsrEndTurn,
    OsrEstablishMilieu,
    OsrFormUp,
    OsrInitiativeModifier,
    OsrMove,
    OsrMoveFormation,
    OsrSeizeInitiative,
    OsrSetCondition,
    OsrSummonPower,
    OsrTerms,
    OsrTurnFormation,
    SwiftAct,
)
from tests.rulesets.osr.setup import creature, engine

FIELD = """
..............
..............
..............
..............
..............
"""


def build(seed: int) -> Engine:
    return engine(
        FIELD,
        [
            (
                "ann",
                "pcs",
                (1, 1),
                creature("ann", weapons=("torch",), attack_bonus=3, skills={"concentration": 1}),
            ),
            ("bo", "pcs", (1, 3), creature("bo", weapons=("bow",), attack_bonus=2)),
            ("cy", "pcs", (0, 2), creature("cy", weapons=("shock",), hit_points=20)),
            ("cap", "gm", (8, 1), creature("cap", lead=2, weapons=("acid",))),
            ("s1", "gm", (9, 1), creature("s1")),
            ("s2", "gm", (10, 1), creature("s2")),
            ("orc", "gm", (12, 4), creature("orc", hit_points=30)),
        ],
        seed=seed,
    )


SCRIPT: list[Command] = [
    OsrFormUp("line", ("cap", "s1", "s2"), facing="W", order="tight", leader="cap"),
    OsrEstablishMilieu(treacherous=True, note="a crumbling ledge"),
    StartCombat(),
    OsrSeizeInitiative(
        (SwiftAct("bo", "position", difficulty=8), SwiftAct("orc", "parley", difficulty=12))
    ),
    OsrInitiativeModifier("gm", -1, "roused from sleep"),
    AdvancePhase(),
    OsrSummonPower("ann", 2),
    OsrSetCondition("orc", "burning", level=2),
    OsrDisrupt("ann", "the ledge shakes"),
    AdvancePhase(),
    AdvancePhase(),
    OsrMove("ann", ((2, 1), (3, 1))),
    OsrCastSpell("ann", "Fireball", ("s1", "s2"), damage="2d6", damage_type="fire", area=True),
    OsrAttack("bo", "cap"),
    OsrCharge("cy", "s1", ((1, 2), (2, 2), (3, 2), (4, 2), (5, 2), (6, 2), (7, 2))),
    OsrEndTurn("cy"),
    AdvancePhase(),
    OsrMoveFormation("line", ((9, 1),)),
    OsrTurnFormation("line", "S"),
    OsrAttack("orc", "bo"),
    AdvancePhase(),
    OsrChooseCourse("gm", "continue"),
    OsrDeclareRetreat("bo"),
    AdvancePhase(),
    AdvancePhase(),
    AdvancePhase(),
    OsrBreakFormation("line"),
    OsrTerms("white_peace", "gm", "pcs"),
]


def play(seed: int) -> Engine:
    eng = build(seed)
    for cmd in SCRIPT:
        out = eng.submit(cmd)
        while out.pending is not None:  # take every default (free attacks: yes; acid: armour ...)
            d = out.pending
            out = eng.submit(Answer(d.id, d.default))
    return eng


def log_of(eng: Engine) -> list[str]:
    return [json.dumps(e.to_dict(), sort_keys=True) for e in eng.log()]


def test_same_seed_same_log_and_enough_happened() -> None:
    a, b = play(11), play(11)
    assert log_of(a) == log_of(b)
    kinds = {type(e).__name__ for e in a.log()}
    assert {
        "OsrSwiftActRolled",
        "OsrInitiativeRolled",
        "OsrAttackRolled",
        "OsrDamageTaken",
        "OsrFormationChanged",
        "OsrTermsAgreed",
        "OsrBurned",
        "OsrPerilRolled",
    } <= kinds
    assert a.state.over


def test_replay_rebuilds_the_state() -> None:
    eng = play(5)
    assert replay(eng.initial, eng.log()) == eng.state


def test_events_round_trip_through_json() -> None:
    from game.rules.engine import Event

    eng = play(5)
    again = [Event.from_dict(json.loads(json.dumps(e.to_dict()))) for e in eng.log()]
    assert replay(eng.initial, again) == eng.state


def test_undo_everything_returns_to_the_start_and_redo_reapplies() -> None:
    eng = play(7)
    end = eng.state
    n = len(eng.history)
    for _ in range(n):
        assert eng.undo()
    assert eng.state == eng.initial
    for _ in range(n):
        assert eng.redo()
    assert eng.state == end
