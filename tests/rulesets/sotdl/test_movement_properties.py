"""Property tests on the engine: the free attacks a path preview reports are exactly the ones
the committed move asks about, in order; nobody ends inside another creature or a wall; the
move never spends more than the budget."""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from game.rules.battlefield import Terrain
from game.rules.engine import Answer
from game.rules.geometry.occupancy import overlaps
from game.rulesets.sotdl.commands import BeginCombat, Move
from tests.rulesets.sotdl.helpers import make, ok

W, H = 8, 6


@st.composite
def fights(draw, ground: str = ".....^#"):  # type: ignore[no-untyped-def]
    rows = []
    for _ in range(H):
        rows.append("".join(draw(st.sampled_from(ground)) for _ in range(W)))
    cells = [(x, y) for y in range(H) for x in range(W) if rows[y][x] != "#"]
    picks = draw(st.lists(st.sampled_from(cells), min_size=3, max_size=6, unique=True))
    who = {"hero": ("pcs", picks[0], {"speed": draw(st.integers(3, 8))})}
    for i, sq in enumerate(picks[1:]):
        reach = draw(st.sampled_from([("sword",), ("polearm",), ("bow",)]))
        who[f"foe{i}"] = ("foes", sq, {"weapons": reach})
    target = draw(st.sampled_from(cells))
    return "\n".join(rows), who, target


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights())
def test_preview_free_attacks_are_the_ones_the_move_asks(fight) -> None:  # type: ignore[no-untyped-def]
    picture, who, target = fight
    eng = make(picture, who)
    ok(eng, BeginCombat())
    p = eng.query("path_preview", "hero", target)
    if not p.legal or len(p.squares) < 2:
        return
    out = eng.submit(Move("hero", tuple(p.squares[1:])))
    assert out.ok, out.violations
    asked = []
    while out.pending is not None:
        assert out.pending.kind == "free_attack"
        asked.append(out.pending.asked_of)
        out = eng.submit(Answer("pending", "decline"))
    assert asked == [fa.threat_id for fa in p.free_attacks]
    st_ = eng.state
    hero = st_.creatures["hero"]
    assert hero.square == p.squares[-1]
    x, y = hero.square
    assert not st_.battlefield.terrain[y, x] & Terrain.IMPASSABLE
    assert not any(overlaps(hero.body, o.body) for o in st_.creatures.values() if o.id != "hero")
    assert hero.turn.moved_yd <= who["hero"][2]["speed"] + 1e-9


# walls everywhere: threats behind a wall (total cover: Seed SotDL "cannot be a target for any
# attack") must be neither previewed nor asked; a move is never refused by a reaction
WALLED = "\n".join(["........", "...#....", "........", "........", "........", "........"])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights(ground="....##o"), st.lists(st.sampled_from(["attack", "decline"]), max_size=6))
@example((WALLED, {"hero": ("pcs", (3, 2), {"speed": 5}),
                   "foe0": ("foes", (3, 0), {"weapons": ("polearm",)}),
                   "foe1": ("foes", (0, 2), {"weapons": ("sword",)})}, (3, 5)), ["attack"])
def test_preview_matches_the_move_behind_walls(fight, answers) -> None:  # type: ignore[no-untyped-def]
    picture, who, target = fight
    eng = make(picture, who)
    ok(eng, BeginCombat())
    p = eng.query("path_preview", "hero", target)
    if not p.legal or len(p.squares) < 2:
        return
    out = eng.submit(Move("hero", tuple(p.squares[1:])))
    asked = []
    attacked = False
    while True:
        assert out.ok, out.violations  # a reaction never refuses the move
        if out.pending is None:
            break
        assert out.pending.kind == "free_attack"
        asked.append(out.pending.asked_of)
        choice = answers[len(asked) - 1] if len(asked) <= len(answers) else "decline"
        attacked = attacked or choice == "attack"
        out = eng.submit(Answer("pending", choice))
    previewed = [fa.threat_id for fa in p.free_attacks]
    if not attacked:
        assert asked == previewed
        assert eng.state.creatures["hero"].square == p.squares[-1]
    else:  # an attacker spends its triggered action; an attack may stop the move
        it = iter(previewed)
        assert all(a in it for a in asked)
