"""Movement and targeting previews the window asks of the OSR ruleset (Seed OSR: Movement is
usually 6 paces; turning one's back draws free attacks; every modifier shows its reason)."""

from __future__ import annotations

import math

from game.rules.engine import AdvancePhase, StartCombat
from game.rulesets.osr.commands import OsrMove
from tests.rulesets.osr.setup import creature, engine

FIELD = """
..........
..^.......
..........
"""


def test_reachable_is_six_paces_and_difficult_ground_costs_double() -> None:
    eng = engine(
        FIELD, [("ann", "pcs", (0, 0), creature("ann")), ("orc", "gm", (9, 2), creature("orc"))]
    )
    cost = eng.query("reachable", "ann")
    assert cost[0, 6] == 6 and math.isinf(cost[0, 7])
    assert cost[1, 2] == 3  # (1, 1) then into the undergrowth: 1 + 2


def test_reachable_shrinks_as_the_creature_moves() -> None:
    eng = engine(
        FIELD, [("ann", "pcs", (0, 0), creature("ann")), ("orc", "gm", (9, 2), creature("orc"))]
    )
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    eng.submit(AdvancePhase(), dice=[6, 1])
    eng.submit(AdvancePhase())
    eng.submit(OsrMove("ann", ((1, 0), (2, 0))))
    cost = eng.query("reachable", "ann")
    assert cost[0, 6] == 4 and math.isinf(cost[0, 7])


def test_path_preview_marks_the_free_attack() -> None:
    eng = engine(
        FIELD, [("ann", "pcs", (0, 0), creature("ann")), ("orc", "gm", (1, 1), creature("orc"))]
    )
    pv = eng.query("path_preview", "ann", (3, 0))
    assert [s.square for s in pv.steps] == [(1, 0), (2, 0), (3, 0)] and pv.cost_yd == 3
    assert [(f.attacker, f.square) for f in pv.free_attacks] == [("orc", (2, 0))]


def test_path_preview_says_when_too_far() -> None:
    eng = engine(
        FIELD, [("ann", "pcs", (0, 0), creature("ann")), ("orc", "gm", (9, 2), creature("orc"))]
    )
    pv = eng.query("path_preview", "ann", ((4, 0), (8, 0)))
    assert pv.notes and "needs 8 paces" in pv.notes[-1]


def test_targeting_preview_out_of_the_action_phase_is_not_legal() -> None:
    eng = engine(
        FIELD, [("ann", "pcs", (0, 0), creature("ann")), ("orc", "gm", (1, 0), creature("orc"))]
    )
    t = eng.query("targeting", "ann", "orc", action="attack", option="")
    assert not t.legal and t.violations[0].code == "wrong_phase"
    assert t.lines()[0].startswith("not legal")


def test_formations_query_for_drawing_blocks_and_facing() -> None:
    eng = engine(
        FIELD,
        [
            ("s1", "gm", (1, 1), creature("s1")),
            ("s2", "gm", (2, 1), creature("s2")),
            ("hero", "pcs", (8, 2), creature("hero")),
        ],
        formations={"s1": "line", "s2": "line"},
        enc_params={"formations": {"line": {"facing": "E", "mob": True}}},
    )
    (f,) = eng.query("formations")
    assert f.squares == ((1, 1), (2, 1)) and f.facing == "E" and f.mob and f.cohesion == 2


def test_charge_preview_uses_the_charge_rules() -> None:
    eng = engine(
        FIELD, [("ann", "pcs", (0, 0), creature("ann")), ("orc", "gm", (9, 2), creature("orc"))]
    )
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    eng.submit(AdvancePhase(), dice=[6, 1])
    eng.submit(AdvancePhase())
    assert eng.query("targeting", "ann", "orc", action="charge").legal
    assert not eng.query("targeting", "ann", "orc", action="attack").legal
