"""The OSR plug-in on the engine: the procedure of a round (Seed OSR: Combat)."""

from __future__ import annotations

from game.rules.engine import AdvancePhase, Answer, StartCombat, replay
from game.rulesets.osr.commands import OsrAttack, OsrEndTurn, OsrMove, OsrSeizeInitiative, SwiftAct
from tests.rulesets.osr.setup import creature, engine

FIELD = """
........
........
........
........
"""


def two_fighters(**kw):  # type: ignore[no-untyped-def]
    return engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann", attack_bonus=2, dexterity=14)),
            ("orc", "gm", (5, 1), creature("orc", armour_class=12)),
        ],
        **kw,
    )


def kinds(events) -> list[str]:  # type: ignore[no-untyped-def]
    return [type(e).__name__ for e in events]


def test_round_phases_in_order() -> None:
    eng = two_fighters()
    assert eng.submit(StartCombat()).ok
    assert eng.state.phase == "seize"
    out = eng.submit(AdvancePhase())
    assert eng.state.round == 1 and eng.state.phase == "milieu", out
    eng.submit(AdvancePhase())
    assert eng.state.phase == "initiative"
    assert "OsrInitiativeRolled" in kinds(eng.log())
    eng.submit(AdvancePhase())
    assert eng.state.phase == "action"


def to_action(eng, dice=(4, 2)):  # type: ignore[no-untyped-def]
    """Start, skip seize and milieu, roll initiative with the given side dice (pcs, gm)."""
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    eng.submit(AdvancePhase(), dice=list(dice))
    eng.submit(AdvancePhase())
    assert eng.state.phase == "action"


def test_winner_side_acts_first_then_loser() -> None:
    eng = two_fighters()
    to_action(eng, (2, 5))  # the foes win
    assert eng.state.data["osr_order"] == (("gm",), ("pcs",))
    bad = eng.submit(OsrMove("ann", ((2, 1),)))
    assert not bad.ok and bad.violations[0].code == "not_your_side"
    assert eng.submit(OsrMove("orc", ((4, 1), (3, 1), (2, 1)))).ok
    eng.submit(AdvancePhase())  # the foes are done: the party acts
    assert eng.state.phase == "action"
    assert eng.submit(OsrAttack("ann", "orc")).ok


def test_move_is_six_paces() -> None:
    eng = two_fighters()
    to_action(eng)
    far = tuple((x, 3) for x in range(1, 8))  # down then along: more than 6 steps
    out = eng.submit(OsrMove("ann", ((1, 2), (1, 3), *far[1:])))
    assert not out.ok and out.violations[0].code == "too_far"
    assert eng.submit(OsrMove("ann", ((1, 2), (2, 3), (3, 3), (4, 3), (5, 3), (6, 3)))).ok


def test_attack_roll_against_armour_class_with_reasons() -> None:
    eng = two_fighters()
    to_action(eng)
    eng.submit(OsrMove("ann", ((2, 1), (3, 1), (4, 1))))
    out = eng.submit(OsrAttack("ann", "orc"), dice=[10, 5])
    rolled = [e for e in out.events if type(e).__name__ == "OsrAttackRolled"][0]
    assert rolled.total == 12 and rolled.hit and rolled.armour_class == 12
    taken = [e for e in out.events if type(e).__name__ == "OsrDamageTaken"][0]
    assert taken.amount == 5 and eng.state.creatures["orc"].damage == 5


def test_one_action_a_round() -> None:
    eng = two_fighters()
    to_action(eng)
    eng.submit(OsrMove("ann", ((2, 1), (3, 1), (4, 1))))
    eng.submit(OsrAttack("ann", "orc"), dice=[2])
    again = eng.submit(OsrAttack("ann", "orc"))
    assert not again.ok and again.violations[0].code == "no_action"


def test_turning_back_in_melee_draws_a_free_attack() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("orc", "gm", (2, 1), creature("orc", attack_bonus=5)),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrMove("ann", ((0, 1),)))
    assert out.pending and out.pending.kind == "free_attack"
    out = eng.submit(
        Answer(out.pending.id, "yes"),
    )
    names = kinds(out.events)
    assert "OsrAttackRolled" in names and "TriggeredActionUsed" in names
    rolled = [e for e in out.events if type(e).__name__ == "OsrAttackRolled"][0]
    assert rolled.free_attack


def test_moving_around_a_foe_in_reach_draws_nothing() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("orc", "gm", (2, 1), creature("orc")),
        ],
    )
    to_action(eng)
    out = eng.submit(OsrMove("ann", ((1, 2),)))
    assert out.ok and out.pending is None


def test_seize_the_initiative_in_order_of_dexterity() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann", dexterity=9)),
            ("bo", "pcs", (1, 2), creature("bo", dexterity=16, skills={"melee": 2})),
            ("orc", "gm", (2, 2), creature("orc")),
        ],
    )
    eng.submit(StartCombat())
    out = eng.submit(
        OsrSeizeInitiative(
            (
                SwiftAct("ann", "parley", "persuasion", 12, text="a last plea for peace"),
                SwiftAct("bo", "strike", target="orc", difficulty=10),
            )
        ),
        dice=[9, 3, 5],
    )
    acts = [e for e in out.events if type(e).__name__ == "OsrSwiftActRolled"]
    assert [a.creature for a in acts] == ["bo", "ann"]  # Dexterity 16 before 9
    assert acts[0].success and acts[0].total == 11
    assert eng.state.creatures["orc"].damage == 3  # bo's strike landed before battle
    assert not acts[1].success
    again = eng.submit(OsrSeizeInitiative((SwiftAct("ann", "parley"),)))
    assert not again.ok


def test_position_swift_act_adds_one_to_first_initiative() -> None:
    eng = two_fighters()
    eng.submit(StartCombat())
    eng.submit(OsrSeizeInitiative((SwiftAct("ann", "position", difficulty=5),)), dice=[10])
    eng.submit(AdvancePhase())
    out = eng.submit(AdvancePhase(), dice=[3, 4])
    ini = [e for e in out.events if type(e).__name__ == "OsrInitiativeRolled"][0]
    assert ini.totals == (4, 4) and ini.order == (("pcs", "gm"),)
    assert ini.modifiers[0][0] == "pcs" and "advantageous position" in ini.modifiers[0][1]


def test_tie_acts_simultaneously_and_mutual_kills_happen() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann", hit_points=3)),
            ("orc", "gm", (2, 1), creature("orc", hit_points=3)),
        ],
    )
    to_action(eng, (3, 3))
    assert eng.state.data["osr_order"] == (("pcs", "gm"),)
    eng.submit(OsrAttack("ann", "orc"), dice=[15, 8])
    assert eng.state.creatures["orc"].has("felled") and eng.state.creatures["orc"].in_fight
    assert eng.submit(OsrAttack("orc", "ann"), dice=[15, 8]).ok  # the felled orc still strikes
    eng.submit(AdvancePhase())
    assert (
        eng.state.creatures["orc"].status == "dead" and eng.state.creatures["ann"].status == "dead"
    )


def test_win_kills_before_the_loser_acts() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann", hit_points=3)),
            ("orc", "gm", (2, 1), creature("orc", hit_points=3)),
        ],
    )
    to_action(eng, (5, 3))
    eng.submit(OsrAttack("ann", "orc"), dice=[15, 8])
    assert eng.state.creatures["orc"].status == "dead"
    assert eng.state.over  # only the party remains


def test_end_turn_then_no_more_actions() -> None:
    eng = two_fighters()
    to_action(eng)
    assert eng.submit(OsrEndTurn("ann")).ok
    out = eng.submit(OsrMove("ann", ((2, 1),)))
    assert not out.ok and out.violations[0].code == "turn_taken"


def test_replay_and_undo_round_trip() -> None:
    eng = two_fighters(seed=7)
    to_action(eng)
    eng.submit(OsrMove("ann", ((2, 1), (3, 1), (4, 1))))
    eng.submit(OsrAttack("ann", "orc"))
    assert replay(eng.initial, eng.log()) == eng.state
    before = eng.history[-1].state_before
    eng.undo()
    assert eng.state == before
    eng.redo()
    assert replay(eng.initial, eng.log()) == eng.state


def test_start_again_while_seizing_begins_round_one() -> None:
    eng = two_fighters()
    eng.submit(StartCombat())
    assert eng.submit(StartCombat()).ok  # the window's Start button, pressed twice
    assert (eng.state.round, eng.state.phase) == (1, "milieu")
    assert not eng.submit(StartCombat()).ok


def test_the_side_acts_as_a_whole_in_any_order() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("bo", "pcs", (1, 2), creature("bo")),
            ("orc", "gm", (5, 1), creature("orc", hit_points=30)),
        ],
    )
    to_action(eng)
    assert eng.submit(OsrMove("ann", ((2, 1), (3, 1)))).ok
    assert eng.submit(OsrMove("bo", ((2, 2), (3, 2)))).ok
    out = eng.submit(OsrMove("ann", ((4, 1),)))  # Ann goes on: 3 of her 6 paces were left
    assert out.ok and "OsrTurnResumed" in kinds(out.events)
    assert eng.state.creatures["ann"].turn.move_budget_yd == 3
    assert eng.submit(OsrAttack("ann", "orc"), dice=[2]).ok
    assert eng.submit(OsrEndTurn("ann")).ok
    assert eng.submit(OsrMove("ann", ((4, 0),))).violations[0].code == "turn_taken"
    assert eng.submit(OsrMove("bo", ((4, 2),))).ok  # Bo's turn still goes on
    eng.submit(AdvancePhase())  # the party is done: every turn ends
    assert not any(c.turn.active for c in eng.state.creatures.values())
