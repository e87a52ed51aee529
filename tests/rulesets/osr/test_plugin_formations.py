"""Formations on the engine (Seed OSR: Formations): set up from the encounter, cohesion as
temporary hit points, reduced area damage, moving as a block, facing, free attacks, Lead ranks."""

from __future__ import annotations

from game.rules.engine import AdvancePhase, Answer, StartCombat
from game.rulesets.osr.commands import (
    OsrAttack,
    OsrBreakFormation,
    OsrCastSpell,
    OsrFormUp,
    OsrMove,
    OsrMoveFormation,
    OsrSummonPower,
    OsrTurnFormation,
)
from tests.rulesets.osr.setup import creature, engine

FIELD = """
..........
..........
..........
..........
..........
"""


def of(events, name):  # type: ignore[no-untyped-def]
    return [e for e in events if type(e).__name__ == name]


def to_action(eng, dice=(2, 5)):  # type: ignore[no-untyped-def]
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    eng.submit(AdvancePhase(), dice=list(dice))
    eng.submit(AdvancePhase())


def shieldwall(order: str = "loose", **kw):  # type: ignore[no-untyped-def]
    """Three soldiers in a line facing south, led by a captain; a hero to the south."""
    roster = [
        ("cap", "gm", (3, 1), creature("cap", lead=3)),
        ("s1", "gm", (4, 1), creature("s1", hit_points=5)),
        ("s2", "gm", (5, 1), creature("s2", hit_points=5)),
        ("hero", "pcs", (4, 2), creature("hero", attack_bonus=10, skills={"concentration": 5})),
    ]
    return engine(
        FIELD,
        roster,
        formations={"cap": "wall", "s1": "wall", "s2": "wall"},
        enc_params={"formations": {"wall": {"facing": "S", "order": order, "leader": "cap"}}},
        **kw,
    )


def test_formation_from_the_encounter_with_cohesion() -> None:
    eng = shieldwall()
    f = eng.state.data["osr_formations"]["wall"]
    assert f.members == ("cap", "s1", "s2") and f.facing == "S" and f.leader == "cap"
    assert eng.state.data["osr_cohesion"]["wall"] == 3
    assert shieldwall("tight").state.data["osr_cohesion"]["wall"] == 6


def test_cohesion_absorbs_damage_first() -> None:
    eng = shieldwall()
    to_action(eng, (5, 2))
    out = eng.submit(OsrAttack("hero", "s1"), dice=[15, 5])
    taken = of(out.events, "OsrDamageTaken")[0]
    assert taken.cohesion_absorbed == 3 and taken.amount == 2
    assert eng.state.data["osr_cohesion"]["wall"] == 0
    assert eng.state.creatures["s1"].damage == 2


def test_area_damage_is_halved_for_formation_members() -> None:
    eng = shieldwall()
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    eng.submit(OsrSummonPower("hero", 2))
    eng.submit(AdvancePhase(), dice=[5, 2])
    eng.submit(AdvancePhase())
    out = eng.submit(
        OsrCastSpell("hero", "Fireball", ("s1",), damage="2d6", area=True), dice=[5, 5]
    )
    taken = of(out.events, "OsrDamageTaken")[0]
    assert taken.rolled == 10 and taken.cohesion_absorbed + taken.amount == 5


def test_members_move_with_the_block() -> None:
    eng = shieldwall()
    to_action(eng)
    out = eng.submit(OsrMove("s1", ((4, 0),)))
    assert not out.ok and out.violations[0].code == "in_formation"


def test_block_move_keeps_the_shape() -> None:
    eng = engine(
        FIELD,
        [
            ("s1", "gm", (1, 1), creature("s1")),
            ("s2", "gm", (2, 1), creature("s2")),
            ("hero", "pcs", (8, 4), creature("hero")),
        ],
        formations={"s1": "line", "s2": "line"},
        enc_params={"formations": {"line": {"facing": "E"}}},
    )
    to_action(eng)
    assert eng.submit(OsrMoveFormation("line", ((2, 1), (3, 2), (4, 2)))).ok
    assert eng.state.creatures["s1"].body.square == (4, 2)
    assert eng.state.creatures["s2"].body.square == (5, 2)
    assert eng.state.data["osr_formations"]["line"].anchor == (4, 2)


def test_tight_formation_moves_less() -> None:
    eng = engine(
        FIELD,
        [
            ("s1", "gm", (1, 1), creature("s1")),
            ("s2", "gm", (2, 1), creature("s2")),
            ("hero", "pcs", (8, 4), creature("hero")),
        ],
        formations={"s1": "line", "s2": "line"},
        enc_params={"formations": {"line": {"facing": "E", "order": "tight"}}},
    )
    to_action(eng)
    out = eng.submit(OsrMoveFormation("line", ((2, 1), (3, 1), (4, 1), (5, 1))))
    assert not out.ok and "needs 4 paces, it has 3" in out.violations[0].reason


def test_backing_away_turns_the_back_and_draws_free_attacks() -> None:
    eng = shieldwall()
    to_action(eng)
    out = eng.submit(OsrMoveFormation("wall", ((3, 0),)))  # facing south, stepping north
    assert out.pending and out.pending.kind == "free_attack" and out.pending.asked_of == "hero"
    out = eng.submit(Answer(out.pending.id, "yes"), dice=[3])
    assert of(out.events, "OsrAttackRolled")[0].free_attack


def test_turning_puts_the_back_to_the_foe() -> None:
    eng = shieldwall()
    to_action(eng)
    out = eng.submit(OsrTurnFormation("wall", "N"))
    assert out.pending and out.pending.kind == "free_attack"
    out = eng.submit(Answer(out.pending.id, "no"))
    assert out.ok and eng.state.data["osr_formations"]["wall"].facing == "N"


def test_lead_ranks_limit_unique_members() -> None:
    eng = engine(
        FIELD,
        [
            ("cap", "gm", (1, 1), creature("cap", lead=1)),
            ("a", "gm", (2, 1), creature("a")),
            ("b", "gm", (3, 1), creature("b")),
            ("m1", "gm", (1, 3), creature("m1", tags=frozenset({"mob"}))),
            ("m2", "gm", (2, 3), creature("m2", tags=frozenset({"mob"}))),
            ("hero", "pcs", (8, 4), creature("hero")),
        ],
    )
    out = eng.submit(OsrFormUp("guard", ("cap", "a", "b"), leader="cap"))
    assert not out.ok and "2 unique members with 1 rank" in out.violations[0].reason
    assert eng.submit(OsrFormUp("rabble", ("m1", "m2"), mob=True, leader="cap")).ok  # one mob


def test_form_up_needs_members_standing_together() -> None:
    eng = engine(
        FIELD,
        [
            ("a", "gm", (1, 1), creature("a")),
            ("b", "gm", (5, 1), creature("b")),
            ("hero", "pcs", (8, 4), creature("hero")),
        ],
    )
    out = eng.submit(OsrFormUp("x", ("a", "b")))
    assert not out.ok and out.violations[0].code == "scattered"


def test_break_formation() -> None:
    eng = shieldwall()
    assert eng.submit(OsrBreakFormation("wall")).ok
    assert "wall" not in eng.state.data["osr_formations"]


def test_formation_checks_morale_once_for_all() -> None:
    eng = engine(
        FIELD,
        [
            ("m1", "gm", (1, 1), creature("m1")),
            ("m2", "gm", (2, 1), creature("m2")),
            ("h1", "pcs", (7, 3), creature("h1")),
            ("h2", "pcs", (7, 4), creature("h2")),
            ("h3", "pcs", (8, 4), creature("h3")),
        ],
        formations={"m1": "mob", "m2": "mob"},
        enc_params={"formations": {"mob": {"mob": True}}},
    )
    to_action(eng)
    while eng.state.phase != "morale":
        out = eng.submit(AdvancePhase(), dice=[4, 3])
    checks = of(out.events, "OsrMoraleChecked")
    assert (
        [c.creature for c in checks] == ["m1", "m2"]
        and len(checks[0].dice) == 2
        and not checks[1].dice
    )
    assert checks[0].target == 6  # morale 7, mob -1
    assert not checks[0].success and eng.state.creatures["m2"].has("fleeing")
