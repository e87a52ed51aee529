"""The bounded hover answers exactly what the unbounded search did (issue 12).

``path_preview`` for a square outside this turn's reach answers from the reach map without a
search; ``route`` is the unbounded plan (the old hover). On random maps with water, pits,
hills, walls, ladders and enemies: wherever the route is a legal move the hover gives the very
same preview, and wherever it is not the hover says so too. ``free_attacks_along`` skips
threats too far from the whole path; it lists exactly what comparing every step with every
threat lists.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.body import Body
from game.rules.geometry.reach import FreeAttack, Threat, free_attacks_along, within_reach
from game.rulesets.sotdl.commands import BeginCombat
from tests.rulesets.sotdl.helpers import make, ok

W, H = 9, 7


@st.composite
def fights(draw):  # type: ignore[no-untyped-def]
    ground = "1111111^~w#H06"  # 1 yard up; 0 is a pit to jump, 6 a ledge to fall from
    rows = ["".join(draw(st.sampled_from(ground)) for _ in range(W)) for _ in range(H)]
    cells = [(x, y) for y in range(H) for x in range(W) if rows[y][x] != "#"]
    picks = draw(st.lists(st.sampled_from(cells), min_size=2, max_size=5, unique=True))
    who = {"hero": ("pcs", picks[0], {"speed": draw(st.integers(2, 6))})}
    for i, sq in enumerate(picks[1:]):
        who[f"foe{i}"] = ("foes", sq, {"weapons": draw(st.sampled_from([("sword",), ("bow",)]))})
    mode = draw(st.sampled_from(["move", "rush", "retreat"]))
    return "\n".join(rows), who, mode


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights(), st.booleans())
def test_hover_answers_what_the_unbounded_route_does(fight, started: bool) -> None:  # type: ignore[no-untyped-def]
    picture, who, mode = fight
    eng = make(picture, who)
    if started:
        ok(eng, BeginCombat())
    start = eng.state.creatures["hero"].square
    for y in range(-1, H + 1):
        for x in range(-1, W + 1):
            if (x, y) == start:
                continue
            hover = eng.query("path_preview", "hero", (x, y), mode=mode)
            full = eng.query("route", "hero", (x, y), mode=mode)
            # A route cut short by a fall (Seed: jumping down beyond the distance is a fall
            # and the move ends there) does not get to the hovered square: the hover shows
            # the same fall, or calls the square out of reach (the GM hovers the landing square).
            if full.legal and full.squares[-1] == (x, y):
                assert hover == full, (x, y)
            elif full.legal:
                assert hover == full or not hover.legal, (x, y)
            else:
                assert not hover.legal, (x, y)
                assert hover.violations[0].code in ("too_far", "no_path", "blocked", "off_map",
                                                    "occupied", "fall"), hover.violations


def _naive(bodies: list[Body], threats: list[Threat], once: bool) -> list[FreeAttack]:
    out: list[FreeAttack] = []
    spent: set[str] = set()
    for i in range(1, len(bodies)):
        for t in threats:
            if t.id in spent:
                continue
            if within_reach(t.body, bodies[i - 1], reach=t.reach_yd) and not within_reach(
                    t.body, bodies[i], reach=t.reach_yd):
                if once:
                    spent.add(t.id)
                out.append(FreeAttack(t.id, i, bodies[i - 1].square))
    return out


squares = st.tuples(st.integers(0, 30), st.integers(0, 30))


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.integers(-1, 1), st.integers(-1, 1)), min_size=1, max_size=12),
       squares, st.lists(st.tuples(squares, st.integers(1, 3), st.sampled_from([1.0, 2.0, 3.5]),
                                   st.sampled_from([0.0, 2.0, 6.0])), max_size=12),
       st.integers(1, 2), st.booleans())
def test_free_attacks_skip_only_threats_that_never_reach(steps, start, threats, space,
                                                          once) -> None:  # type: ignore[no-untyped-def]
    bodies = [Body(start, space)]
    for dx, dy in steps:
        x, y = bodies[-1].square
        bodies.append(Body((x + dx, y + dy), space))
    ts = [Threat(f"t{i}", Body(sq, s, elev), r) for i, (sq, s, r, elev) in enumerate(threats)]
    assert free_attacks_along(bodies, threats=ts, once=once) == _naive(bodies, ts, once)


def test_a_long_jump_across_between_ledges_is_tried_by_hover_and_route_alike() -> None:
    """Found by the property test: ledge (8, 5) to ledge (3, 0) over lower ground, Speed 2.
    Seed SotDL: Jump Across ("If you try to jump farther, the GM can call for an Agility
    challenge roll ... You might fall if you were attempting to cross an open space"): with no
    other way there this turn, the straight line over the gap is the jump tried (beyond the
    rule, and longer than the move left: it comes down in the gap), for the route as for the
    hover; the route no longer walks off the ledge (a fall) to begin a climb it cannot pay."""
    picture = "111611111\n111111111\n1111#1111\n111111111\n111111111\n1111111#6\n111111111"
    eng = make(picture, {"hero": ("pcs", (8, 5), {"speed": 2}),
                         "foe0": ("foes", (0, 0), {"weapons": ("sword",)})})
    hover = eng.query("path_preview", "hero", (3, 0), mode="move")
    full = eng.query("route", "hero", (3, 0), mode="move")
    assert hover == full
    assert [s.how for s in full.steps] == ["jump_across_short"] and full.squares[-1] == (3, 0)
