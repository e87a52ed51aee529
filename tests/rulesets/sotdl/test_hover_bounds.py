"""The hover of a square outside this turn's reach answers exactly what the whole search did.

``hover_bounds`` decides, from the reach map, that a plan cannot be legal (no search), or stops
its search at the budget plus the dearest jump onto the square, or (a jump straight from the
start) at the move; ``path_through`` no longer searches for a wall or an enemy. The reference
is the hover before that (issue 12): ``hover_stop`` answering "search it all" and
``path_through`` as it was (tests/rules/geometry/reference_path_through.py). On random maps
wider than the move (the move's, the stopped and the whole searches have windows of their
own) with water, rough water, streams and ditches, pits, ledges of 5 yards and more, hills,
ladders, unclimbable faces, walls, difficult ground, allies and enemies, for walkers, climbers
and swimmers of any Agility, prone or not, fresh or after a first step, moving, rushing or
retreating, cheapest or safest: every square's preview (legal or not, squares, steps, costs,
marks, reasons) is the same.
"""

from __future__ import annotations

from contextlib import ExitStack
from typing import Any
from unittest import mock

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.engine import Engine
from game.rulesets.sotdl.commands import Afflict, BeginCombat, Move
from game.rulesets.sotdl.movement import hover_bounds, previews, search
from tests.rules.geometry import reference_path_through
from tests.rulesets.sotdl.helpers import make

GROUND = "........^~~w#H00123466X="  # 0 a pit, 6 a ledge 5 yards or more above the rest


@st.composite
def fights(draw: Any) -> tuple[str, dict[str, Any], str, bool, bool, bool]:
    w, h = draw(st.integers(12, 24)), draw(st.integers(3, 7))
    rows = ["".join(draw(st.sampled_from(GROUND)) for _ in range(w)) for _ in range(h)]
    if draw(st.booleans()):  # a stream or a ditch across the map: long jumps over it
        x0, wide, gap = draw(st.integers(0, w - 1)), draw(st.integers(1, 9)), draw(
            st.sampled_from("~~0w"))
        rows = [r[:x0] + gap * len(r[x0:x0 + wide]) + r[x0 + wide:] for r in rows]
    cells = [(x, y) for y in range(h) for x in range(w) if rows[y][x] != "#"]
    picks = draw(st.lists(st.sampled_from(cells), min_size=1, max_size=6, unique=True))
    if draw(st.integers(0, 2)) == 0:  # the hero on a ledge: drops of 5 yards or more in reach
        (hx, hy), top = picks[0], draw(st.sampled_from("66664"))
        x0, x1 = sorted((draw(st.integers(0, w - 1)), hx))
        y0, y1 = sorted((draw(st.integers(0, h - 1)), hy))
        for y in range(y0, y1 + 1):
            rows[y] = rows[y][:x0] + "".join(
                top if c != "#" else c for c in rows[y][x0:x1 + 1]) + rows[y][x1 + 1:]
        rows[hy] = rows[hy][:hx] + top + rows[hy][hx + 1:]
    hero = {"speed": draw(st.integers(1, 6)), "agility": draw(st.integers(6, 18)),
            "movement": draw(st.sampled_from([frozenset(), frozenset(), frozenset({"climb"}),
                                              frozenset({"swim"})]))}
    who = {"hero": ("pcs", picks[0], hero)}
    for i, sq in enumerate(picks[1:]):
        side = draw(st.sampled_from(["foes", "foes", "pcs"]))
        who[f"o{i}"] = (side, sq, {"weapons": draw(st.sampled_from([("sword",), ("bow",)]))})
    mode = draw(st.sampled_from(["move", "move", "rush", "retreat"]))
    return ("\n".join(rows), who, mode, draw(st.booleans()), draw(st.integers(0, 5)) == 0,
            draw(st.booleans()))


def _whole_path_through(tc: Any, *, stop_yd: float | None = None, **kw: Any) -> Any:
    """``path_through`` as it was (it never stopped a search)."""
    return reference_path_through.path_through(tc, **kw)


def _whole_search_hover(eng: Engine, target: tuple[int, int], mode: str, safest: bool) -> Any:
    """The hover as it was: every plan searched whole (the plans remembered are forgotten)."""
    with ExitStack() as stack:
        stack.enter_context(mock.patch.object(hover_bounds, "hover_stop",
                                              lambda *a: (True, None)))
        stack.enter_context(mock.patch.object(previews, "hover_stop", lambda *a: (True, None)))
        stack.enter_context(mock.patch.object(search, "path_through", _whole_path_through))
        search._PLANS.clear()
        try:
            return eng.query("path_preview", "hero", target, mode=mode, safest=safest)
        finally:
            search._PLANS.clear()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights())
def test_the_bounded_hover_answers_what_the_whole_search_did(fight: Any) -> None:
    picture, who, mode, started, prone, stepped = fight
    eng = make(picture, who)
    if started:
        eng.submit(BeginCombat())
    if prone:
        eng.submit(Afflict("hero", "prone"))
    if stepped and started:  # a first step: the run-up and the moved yards count
        x, y = eng.state.creatures["hero"].square
        for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if eng.submit(Move("hero", (nb,))).ok:
                break
    h, w = eng.state.battlefield.terrain.shape
    start = eng.state.creatures["hero"].square
    safest = started and not stepped
    for y in range(-1, h + 1):
        for x in range(-1, w + 1):
            if (x, y) == start:
                continue
            try:
                old = _whole_search_hover(eng, (x, y), mode, safest)
            except ValueError:  # a mode this creature cannot use now (both say so)
                continue
            new = eng.query("path_preview", "hero", (x, y), mode=mode, safest=safest)
            assert new == old, ((x, y), new, old)


def test_a_jump_beyond_the_search_straight_from_the_start_is_still_tried() -> None:
    """Seed SotDL: Jump Across ("If you try to jump farther, the GM can call for an Agility
    challenge roll"): Agility 14 clears 6 yards standing and may try up to 12; a 10-yard stream
    is longer than any jump the search holds (8 + 1 squares), so only the straight jump from
    the start lands across: the hover tries it (and comes down short, Speed 2), as before."""
    eng = make("2~~~~~~~~~~222\n2~~~~~~~~~~222", {"hero": ("pcs", (0, 0), {"speed": 2,
                                                                            "agility": 14})})
    old = _whole_search_hover(eng, (11, 0), "move", False)
    new = eng.query("path_preview", "hero", (11, 0), mode="move")
    assert new == old
    assert new.legal and [s.how for s in new.steps] == ["jump_across_short"], new
