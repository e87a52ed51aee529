"""Threats near a body found through the creature buckets are the ones a scan of every
creature finds, in the same order (the free-attack step checker asks this at every step)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.body import Body
from game.rulesets.sotdl.movement.facts import threats_for
from tests.rulesets.sotdl.helpers import make

W, H = 40, 30


@settings(max_examples=30, deadline=None)
@given(st.lists(st.tuples(st.integers(0, W - 1), st.integers(0, H - 1)), min_size=2,
                max_size=40, unique=True),
       st.lists(st.sampled_from([("sword",), ("polearm",), ("bow",)]), min_size=40, max_size=40),
       st.tuples(st.integers(-2, W + 1), st.integers(-2, H + 1)), st.integers(1, 3))
def test_threats_near_a_body_are_the_scans(squares, weapons, near, space) -> None:  # type: ignore[no-untyped-def]
    who = {"hero": ("pcs", squares[0], {})}
    for i, sq in enumerate(squares[1:]):
        who[f"c{i}"] = ("foes" if i % 3 else "pcs", sq, {"weapons": weapons[i]})
    eng = make("\n".join(["." * W] * H), who)
    st_, rs = eng.state, eng.ruleset
    body = Body(near, space)
    every = threats_for(st_, rs, "hero")
    bound = float(rs.definition.base_reach_yd) + max(
        (w.reach_yd for w in rs.definitions.weapons.values()), default=0) + 1e-9
    expect = [t for t in every
              if max(0, t.body.square[0] - (near[0] + space - 1), near[0] - t.body.square[0],
                     t.body.square[1] - (near[1] + space - 1), near[1] - t.body.square[1])
              <= bound + st_.creatures[t.id].definition.reach_yd]
    assert threats_for(st_, rs, "hero", near=body) == expect
