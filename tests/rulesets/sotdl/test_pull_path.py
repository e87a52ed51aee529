"""Seed SotDL: Pull: "On a success, you move up to half your Speed and the grabbed creature
moves with you so that it remains within your reach": the puller's path is checked when the
pull is asked for (not found wrong after the roll), and the movement queries know the pull's
half Speed and that the creature pulled along makes no free attack on its puller."""

from __future__ import annotations

from game.rules.engine import walks_after
from game.rulesets.sotdl.commands import Afflict, BeginCombat, Charge, Escape, Pull
from tests.rulesets.sotdl.helpers import make, of, ok, rejected

FIELD = "..........\n..........\n.........."


def _fight(orc: tuple[int, int] = (3, 2)):  # type: ignore[no-untyped-def]
    eng = make(FIELD, {"kara": ("pcs", (4, 1), {"speed": 6, "strength": 13}),
                       "gob": ("foes", (5, 1), {"size": 0.5, "strength": 9}),
                       "orc": ("foes", orc, {})})
    ok(eng, BeginCombat())
    ok(eng, Afflict("gob", "grabbed", source="kara"))
    return eng


def test_a_pull_past_half_speed_is_refused_before_the_roll() -> None:
    eng = _fight(orc=(9, 2))
    assert rejected(eng, Pull("kara", "gob", ((3, 1), (2, 1), (1, 1), (0, 1)))) == ["too_far"]
    assert all(type(e).__name__ != "RollMade" for rec in eng.history for e in rec.events)
    events = ok(eng, Pull("kara", "gob", ((3, 1), (2, 1), (1, 1))), dice=(15,))
    assert of(events, "RollMade")[0].success
    assert eng.state.creatures["kara"].square == (1, 1)
    assert eng.state.creatures["gob"].square == (2, 1)  # stepped into each square she left


def test_the_pull_mode_reaches_half_speed_with_no_free_attack_from_the_one_pulled() -> None:
    eng = _fight()
    area = eng.query("reachable", "kara", mode="pull")
    assert area.budget_yd == 3 and max(area.squares.values()) <= 3
    pulled = eng.query("path_preview", "kara", (1, 1), mode="pull")
    assert [s.square for s in pulled.steps] == [(3, 1), (2, 1), (1, 1)]
    assert [f.attacker for f in pulled.free_attacks] == ["orc"]  # the goblin comes along
    walked = eng.query("path_preview", "kara", (1, 1), mode="move")
    assert {f.attacker for f in walked.free_attacks} == {"gob", "orc"}


def test_which_paths_are_walked_after_the_act() -> None:
    """The window asks for these after the target (a pull's, an escape's), a charge's before."""
    assert walks_after(Pull) and walks_after(Escape) and not walks_after(Charge)
