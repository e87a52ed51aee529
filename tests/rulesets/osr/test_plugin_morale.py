"""Morale, Retreat and Surrender on the engine (Seed OSR: Morale, Rolling Morale Checks,
Retreat, Surrender)."""

from __future__ import annotations

from game.rules.engine import AdvancePhase, Answer, StartCombat
from game.rulesets.osr.commands import OsrAttack, OsrChooseCourse, OsrDeclareRetreat, OsrTerms
from tests.rulesets.osr.setup import creature, engine

FIELD = """
..........
..........
..........
..........
"""


def of(events, name):  # type: ignore[no-untyped-def]
    return [e for e in events if type(e).__name__ == name]


def to_action(eng, dice=(5, 2)):  # type: ignore[no-untyped-def]
    eng.submit(StartCombat())
    eng.submit(AdvancePhase())
    eng.submit(AdvancePhase(), dice=list(dice))
    eng.submit(AdvancePhase())


def to_morale(eng, dice=()):  # type: ignore[no-untyped-def]
    while eng.state.phase != "action":
        eng.submit(AdvancePhase())
    out = None
    while eng.state.phase == "action":
        out = eng.submit(AdvancePhase(), dice=list(dice))
    return out


def band(**orc_kw):  # type: ignore[no-untyped-def]
    return engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann", attack_bonus=10)),
            ("bo", "pcs", (1, 2), creature("bo")),
            ("orc1", "gm", (2, 1), creature("orc1", hit_points=2, **orc_kw)),
            ("orc2", "gm", (6, 1), creature("orc2", **orc_kw)),
            ("orc3", "gm", (6, 2), creature("orc3", **orc_kw)),
        ],
    )


def test_first_death_triggers_morale_for_the_rest() -> None:
    eng = band()
    to_action(eng)
    eng.submit(OsrAttack("ann", "orc1"), dice=[15, 5])
    assert eng.state.creatures["orc1"].status == "dead"
    out = to_morale(eng, dice=[3, 3, 6, 6])
    checks = of(out.events, "OsrMoraleChecked")
    assert [c.creature for c in checks] == ["orc2", "orc3"]
    assert "first of their number (gm)" in checks[0].reason
    assert checks[0].outcome == "stands" and checks[1].outcome == "flees"
    orc3 = eng.state.creatures["orc3"]
    assert orc3.has("fleeing") and orc3.data.get("retreat") == "forced"


def test_trigger_fires_once() -> None:
    eng = band()
    to_action(eng)
    eng.submit(OsrAttack("ann", "orc1"), dice=[15, 5])
    to_morale(eng, dice=[3, 3, 3, 3])
    eng.submit(AdvancePhase())  # round 2 milieu
    eng.submit(AdvancePhase(), dice=[5, 2])
    out = to_morale(eng)
    assert not of(out.events, "OsrMoraleChecked")


def test_player_characters_never_roll_morale() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann", hit_points=10)),
            ("orc", "gm", (2, 1), creature("orc", attack_bonus=10)),
            ("orc2", "gm", (2, 2), creature("orc2")),
        ],
    )
    to_action(eng, (2, 5))
    eng.submit(OsrAttack("orc", "ann"), dice=[15, 6])  # half hit points, and outnumbered
    out = to_morale(eng)
    assert not of(out.events, "OsrMoraleChecked")


def test_half_hit_points_triggers() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann", attack_bonus=10)),
            ("orc", "gm", (2, 1), creature("orc", hit_points=10)),
        ],
    )
    to_action(eng)
    eng.submit(OsrAttack("ann", "orc"), dice=[15, 5])
    out = to_morale(eng, dice=[2, 2])
    assert "5/10 hit points" in of(out.events, "OsrMoraleChecked")[0].reason


def test_outnumbered_triggers() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("bo", "pcs", (1, 2), creature("bo")),
            ("orc", "gm", (8, 1), creature("orc")),
        ],
    )
    to_action(eng)
    out = to_morale(eng, dice=[2, 2])
    assert "outnumbered 2 to 1" in of(out.events, "OsrMoraleChecked")[0].reason


def test_surrounded_triggers() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("bo", "pcs", (3, 1), creature("bo")),
            ("cy", "pcs", (2, 0), creature("cy")),
            ("orc", "gm", (2, 1), creature("orc")),
            ("orc2", "gm", (8, 3), creature("orc2")),
            ("orc3", "gm", (9, 3), creature("orc3")),
            ("orc4", "gm", (9, 2), creature("orc4")),
        ],
    )
    to_action(eng)
    out = to_morale(eng, dice=[2, 2])
    checks = of(out.events, "OsrMoraleChecked")
    assert [c.creature for c in checks] == ["orc"] and "surrounded" in checks[0].reason


def test_bold_creatures_flee_on_the_second_failure() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("bo", "pcs", (1, 2), creature("bo")),
            ("ogre", "gm", (8, 1), creature("ogre", bold=True, morale=9)),
        ],
    )
    to_action(eng)
    out = to_morale(eng, dice=[6, 6])
    check = of(out.events, "OsrMoraleChecked")[0]
    assert check.outcome == "wavers" and eng.state.creatures["ogre"].has("wavering")
    assert not eng.state.creatures["ogre"].has("fleeing")


def test_leader_lead_check_replaces_the_roll_and_mobs_take_minus_one() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("bo", "pcs", (1, 2), creature("bo")),
            ("cy", "pcs", (1, 3), creature("cy")),
            ("chief", "gm", (8, 1), creature("chief", lead=2, tags=frozenset({"fearless"}))),
            ("rabble", "gm", (8, 2), creature("rabble", tags=frozenset({"mob"}))),
        ],
    )
    to_action(eng)
    out = to_morale(eng, dice=[8])
    check = of(out.events, "OsrMoraleChecked")[0]
    assert check.creature == "rabble" and check.method == "lead" and check.leader == "chief"
    assert check.total == 8 + 2 - 1 and not check.success  # mob: -1 on the Lead check too


def test_retreat_declared_resolves_instead_of_initiative() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann", skills={"athletics": 2})),
            ("orc", "gm", (5, 1), creature("orc")),
        ],
    )
    to_action(eng)
    to_morale(eng)
    assert eng.submit(OsrDeclareRetreat("ann")).ok
    assert eng.state.creatures["ann"].has("retreating")
    eng.submit(AdvancePhase())  # milieu
    out = eng.submit(AdvancePhase(), dice=[9, 4])  # Athletics 9 + 2 = 11: success
    res = of(out.events, "OsrRetreatResolved")[0]
    assert res.outcome == "success" and eng.state.creatures["ann"].status == "fled"
    assert eng.state.over


def test_retreat_complication_loses_a_backpack_slot() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("bo", "pcs", (1, 2), creature("bo")),
            ("orc", "gm", (5, 1), creature("orc")),
        ],
    )
    to_action(eng)
    to_morale(eng, dice=[1, 1])
    eng.submit(OsrDeclareRetreat("ann"))
    eng.submit(AdvancePhase())
    out = eng.submit(AdvancePhase(), dice=[8, 13, 4, 2])
    res = of(out.events, "OsrRetreatResolved")[0]
    assert res.outcome == "complication" and res.slot == 13 and "backpack slot 13" in res.text


def test_retreat_failure_may_move_but_forfeits_the_action() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("bo", "pcs", (1, 2), creature("bo")),
            ("orc", "gm", (2, 1), creature("orc")),
        ],
    )
    to_action(eng)
    to_morale(eng, dice=[1, 1])
    eng.submit(OsrDeclareRetreat("ann"))
    eng.submit(AdvancePhase())
    eng.submit(AdvancePhase(), dice=[2, 5, 2])
    assert eng.state.creatures["ann"].has("retreat_failed")
    eng.submit(AdvancePhase())
    out = eng.submit(OsrAttack("ann", "orc"))
    assert not out.ok and out.violations[0].code == "no_action"


def test_a_plan_lets_the_gm_rule() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("bo", "pcs", (1, 2), creature("bo")),
            ("orc", "gm", (5, 1), creature("orc")),
        ],
    )
    to_action(eng)
    to_morale(eng, dice=[1, 1])
    eng.submit(OsrDeclareRetreat("ann", plan="cut the rope bridge behind her"))
    eng.submit(AdvancePhase())
    out = eng.submit(AdvancePhase())
    assert out.pending and out.pending.kind == "retreat_plan"
    out = eng.submit(Answer(out.pending.id, "opportunity"), dice=[4, 2])
    res = of(out.events, "OsrRetreatResolved")[0]
    assert res.outcome == "opportunity" and res.ruling == "cut the rope bridge behind her"


def test_trapped_creature_cannot_retreat() -> None:
    eng = engine(
        """
    ###
    #..
    ###
    """,
        [("ann", "pcs", (1, 1), creature("ann")), ("orc", "gm", (2, 1), creature("orc"))],
    )
    to_action(eng)
    out = eng.submit(OsrDeclareRetreat("ann"))
    assert not out.ok and out.violations[0].code == "trapped"


def test_side_course_and_surrender_terms_in_the_log() -> None:
    eng = band()
    to_action(eng)
    to_morale(eng, dice=[1, 1, 1, 1, 1, 1])
    assert eng.submit(OsrChooseCourse("gm", "surrender")).ok
    out = eng.submit(OsrTerms("mercy_of_sophia", "gm", "pcs"))
    terms = of(out.events, "OsrTermsAgreed")[0]
    assert "season" in terms.text
    assert all(eng.state.creatures[c].status == "surrendered" for c in ("orc1", "orc2", "orc3"))
    assert eng.state.over


def test_white_peace_ends_the_fight() -> None:
    eng = band()
    to_action(eng)
    to_morale(eng, dice=[1] * 6)
    out = eng.submit(OsrTerms("white_peace", "gm", "pcs"))
    assert "one day" in of(out.events, "OsrTermsAgreed")[0].text
    assert eng.state.over and eng.state.outcome == "white peace"


def test_refused_terms_are_logged_and_the_fight_goes_on() -> None:
    eng = band()
    to_action(eng)
    to_morale(eng, dice=[1] * 6)
    out = eng.submit(OsrTerms("total_surrender", "gm", "pcs", accepted=False))
    assert not of(out.events, "OsrTermsAgreed")[0].accepted and not eng.state.over


def test_side_retreat_declares_for_every_member() -> None:
    eng = band()
    to_action(eng)
    to_morale(eng, dice=[1] * 6)
    eng.submit(OsrChooseCourse("gm", "retreat"))
    assert all(eng.state.creatures[c].has("retreating") for c in ("orc1", "orc2", "orc3"))


def test_the_gm_may_turn_off_lead_replacing_morale() -> None:
    eng = engine(
        FIELD,
        [
            ("ann", "pcs", (1, 1), creature("ann")),
            ("bo", "pcs", (1, 2), creature("bo")),
            ("cy", "pcs", (1, 3), creature("cy")),
            ("chief", "gm", (8, 1), creature("chief", lead=2, tags=frozenset({"fearless"}))),
            ("rabble", "gm", (8, 2), creature("rabble", tags=frozenset({"mob"}))),
        ],
        params={"lead_replaces_morale": False},
    )
    to_action(eng)
    out = to_morale(eng, dice=[3, 3])
    check = of(out.events, "OsrMoraleChecked")[0]
    assert check.method == "morale" and check.target == 6 and check.success


def test_routed_creature_keeps_trying_to_flee() -> None:
    eng = band()
    to_action(eng)
    eng.submit(OsrAttack("ann", "orc1"), dice=[15, 5])
    to_morale(eng, dice=[6, 6, 6, 6])  # orc2 and orc3 rout
    eng.submit(AdvancePhase())
    eng.submit(AdvancePhase(), dice=[1, 1, 5, 2])  # both fail to get away
    orc2 = eng.state.creatures["orc2"]
    assert orc2.has("retreat_failed") and orc2.data.get("retreat") == "forced"



def test_the_gms_chosen_leader_and_the_sides_morale_replace_the_defaults() -> None:
    """Seed OSR: Rolling Morale Checks ("if a leader is present"): the leader the GM chose for
    the side makes the Lead check even when another has more ranks; a side's morale score
    (set in set-up) is what its creatures roll under."""
    from game.rules.definitions import Side
    from game.rules.engine.setup import RemoveCreature, SetSides

    def fight(leader: str = "", morale: int = 0):  # type: ignore[no-untyped-def]
        eng = engine(
            FIELD,
            [
                ("ann", "pcs", (1, 1), creature("ann")),
                ("bo", "pcs", (1, 2), creature("bo")),
                ("cy", "pcs", (1, 3), creature("cy")),
                ("di", "pcs", (0, 3), creature("di")),  # outnumbered: the rabble checks
                ("chief", "gm", (8, 1), creature("chief", lead=1, tags=frozenset({"fearless"}))),
                ("sarge", "gm", (8, 3), creature("sarge", lead=3, tags=frozenset({"fearless"}))),
                ("rabble", "gm", (8, 2), creature("rabble", morale=9)),
            ],
            params={"lead_replaces_morale": bool(leader) or not morale},
        )
        sides = (Side("pcs", "Party", "players"), Side("gm", "Foes", "gm", leader, morale))
        assert eng.submit(SetSides(sides)).ok
        return eng

    eng = fight(leader="chief")
    to_action(eng)
    check = of(to_morale(eng, dice=[8]).events, "OsrMoraleChecked")[0]
    assert check.creature == "rabble" and check.leader == "chief" and check.total == 8 + 1

    eng = fight(leader="chief")
    assert eng.submit(RemoveCreature("chief")).ok  # gone: the most Lead leads again
    assert eng.state.side("gm").leader == ""
    to_action(eng)
    check = of(to_morale(eng, dice=[8]).events, "OsrMoraleChecked")[0]
    assert check.leader == "sarge" and check.total == 8 + 3

    eng = fight(morale=5)  # no Lead checks: the side's 5, not the rabble's own 9
    to_action(eng)
    check = of(to_morale(eng, dice=[3, 3]).events, "OsrMoraleChecked")[0]
    assert check.method == "morale" and check.target == 5 and not check.success
