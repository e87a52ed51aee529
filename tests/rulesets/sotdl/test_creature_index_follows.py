"""The creature index carried from state to state (engine/derived.py) is the index built afresh
from the state, after any sequence of moves, mounts, dismounts, damage (deaths), afflictions,
phases, undo and redo; its placement token never stays while what planning reads changes, so a
remembered plan is the plan made afresh."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.body import Body
from game.rules.engine import AdvancePhase
from game.rules.engine.derived import CreatureIndex, creature_index, sides_in_fight, with_data
from game.rules.engine.setup import AddCreatures, EditCreature, RemoveCreature
from game.rulesets.sotdl.commands import BeginCombat, Move
from game.rulesets.sotdl.commands_activities import Afflict, Cure, DealDamage
from game.rulesets.sotdl.mounts import Dismount, Mount
from game.rulesets.sotdl.movement.budgets import mover_and_budget
from game.rulesets.sotdl.movement.facts import threats_for
from game.rulesets.sotdl.movement.search import plan_path, plan_path_uncached
from tests.rulesets.sotdl.helpers import creature, make

W, H = 20, 12
HORSE = {"size": 2, "speed": 12, "can_be_ridden": True, "weapons": ("claws",)}
WHO: dict[str, tuple[str, tuple[int, int], dict[str, Any]]] = {
    "kara": ("pcs", (1, 1), {"speed": 5}),
    "horse": ("pcs", (2, 1), HORSE),
    "bo": ("pcs", (9, 2), {"weapons": ("polearm",)}),
    "gob": ("foes", (4, 2), {}),
    "wolf": ("foes", (12, 6), {"weapons": ("claws",)}),
    "ogre": ("foes", (16, 9), {"size": 2, "weapons": ("greatsword",)}),
    "bat": ("foes", (6, 8), {"movement": frozenset({"fly"}), "size": 0.5}),
}
IDS = list(WHO)
DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)]

op = st.one_of(
    st.tuples(st.just("move"), st.sampled_from(IDS), st.sampled_from(DIRS), st.integers(1, 9)),
    st.tuples(st.just("mount"), st.sampled_from(IDS), st.sampled_from(IDS)),
    st.tuples(st.just("mount"), st.sampled_from(["kara", "bo"]), st.just("horse")),
    st.tuples(st.just("mount"), st.sampled_from(["kara", "bo"]), st.just("horse")),
    st.tuples(st.just("dismount"), st.sampled_from(IDS)),
    st.tuples(st.just("damage"), st.sampled_from(IDS), st.integers(1, 30)),
    st.tuples(st.just("afflict"), st.sampled_from(IDS),
              st.sampled_from(["prone", "hidden", "grabbed", "frightened"])),
    st.tuples(st.just("cure"), st.sampled_from(IDS), st.sampled_from(["prone", "hidden"])),
    st.tuples(st.just("advance")),
    st.tuples(st.just("begin")),
    st.tuples(st.just("undo")),
    st.tuples(st.just("redo")),
    st.tuples(st.just("undo")),
)
#: set-up (before the fight, or after an undo back to it): stats, sides, the cast
setup_op = st.one_of(
    st.tuples(st.just("edit"), st.sampled_from(IDS),
              st.sampled_from([(("movement", frozenset({"fly"})),), (("movement", frozenset()),),
                               (("reach_yd", 2),), (("size", 2),)])),
    st.tuples(st.just("side"), st.sampled_from(IDS), st.sampled_from(["pcs", "foes"])),
    st.tuples(st.just("remove"), st.sampled_from(IDS)),
    st.tuples(st.just("add"), st.integers(0, W - 1), st.integers(0, H - 1)),
)
op = st.one_of(op, setup_op)


def _command(o: tuple[Any, ...], eng: Any) -> Any:
    kind = o[0]
    if kind == "move":
        _, who, (dx, dy), n = o
        if who not in eng.state.creatures:
            return AdvancePhase()
        x, y = eng.state.creatures[who].square
        return Move(who, tuple((x + dx * k, y + dy * k) for k in range(1, n + 1)))
    if kind == "mount":
        return Mount(o[1], o[2])
    if kind == "dismount":
        return Dismount(o[1])
    if kind == "damage":
        return DealDamage(o[1], o[2])
    if kind == "afflict":
        return Afflict(o[1], o[2], 0, "gob" if o[2] == "grabbed" else "")
    if kind == "cure":
        return Cure(o[1], o[2])
    if kind == "begin":
        return BeginCombat()
    if kind == "edit":
        return EditCreature(o[1], changes=o[2])
    if kind == "side":
        return EditCreature(o[1], side=o[2])
    if kind == "remove":
        return RemoveCreature(o[1])
    if kind == "add":
        return AddCreatures(creature("imp"), "foes", (o[1], o[2]), 2)
    return AdvancePhase()


def _same_index(cr: Any) -> None:
    got, fresh = creature_index(cr), CreatureIndex.build(cr)
    assert got.cells == fresh.cells
    assert got.order == fresh.order
    assert got.afflicted == fresh.afflicted
    assert got.data == fresh.data
    assert {s: n for s, n in got.sides.items() if n} == fresh.sides
    assert got.space >= fresh.space and got.reach >= fresh.reach  # bounds
    for key in ("riding", "mount", "pinned_by", "diagonals"):
        assert with_data(cr, key) == tuple(c for c, v in cr.items() if v.data.get(key))
    assert sides_in_fight(cr) == {c.side for c in cr.values() if c.in_fight}
    if "sotdl.flyers" in got.by_definition:  # remembered by the fall rule
        assert got.by_definition["sotdl.flyers"] == tuple(
            c for c, v in cr.items() if "fly" in v.definition.movement)


def _planning_facts(cr: Any) -> tuple[Any, ...]:
    return tuple((cid, c.body, c.side, c.status, c.data.get("riding", ""))
                 for cid, c in cr.items())


@settings(max_examples=40, deadline=None)
@given(st.lists(setup_op, max_size=6), st.lists(op, min_size=1, max_size=25),
       st.lists(st.integers(0, 3), min_size=30, max_size=30))
def test_the_carried_index_is_the_built_one(setup: list[Any], ops: list[Any],
                                            answers: list[int]) -> None:
    eng = make("\n".join(["." * W] * H), WHO)
    seen: list[tuple[object, tuple[Any, ...]]] = []
    rs = eng.ruleset
    for i, o in enumerate(setup + ops):
        if o[0] == "undo":
            eng.undo()
        elif o[0] == "redo":
            eng.redo()
        else:
            out = eng.submit(_command(o, eng))
            for k in range(5):  # free attacks, prepared triggers, typed dice ...
                if out.pending is None:
                    break
                d = out.pending
                choice = (d.options[answers[(i + k) % len(answers)] % len(d.options)].id
                          if d.options else [1] * max(1, d.count))
                out = eng.answer(d.id, choice)
            if out.pending is not None:
                eng.cancel()
        cr = eng.state.creatures
        _same_index(cr)
        token, facts = creature_index(cr).placement, _planning_facts(cr)
        for t, f in seen:  # the same token: the same facts (the token is held, so unique)
            assert t is not token or f == facts
        seen.append((token, facts))
        # a remembered plan is the plan made afresh (the key holds the token)
        for who in ("kara", "gob"):
            c = cr.get(who)
            if c is None or not c.in_fight:
                continue
            x, y = c.square
            path = ((x + 1, y), (x + 2, y))
            walker, budget, wm = mover_and_budget(eng.state, who, "move")
            assert plan_path(eng.state, rs, walker, path, wm, budget) == plan_path_uncached(
                eng.state, rs, walker, path, wm, budget)
            here = eng.state.creatures[walker].body
            every = threats_for(eng.state, rs, walker)
            near = threats_for(eng.state, rs, walker, near=here)
            assert [t for t in near] == [t for t in every if t in near]
            assert {t.id for t in every if _reaches(t, here)} <= {t.id for t in near}


def _reaches(t: Any, body: Body) -> bool:
    """The threat could reach the body (footprints at most its reach apart)."""
    (tx, ty), ts = t.body.square, t.body.space
    (bx, by), bs = body.square, body.space
    gap = max(0, tx - (bx + bs - 1), bx - (tx + ts - 1), ty - (by + bs - 1), by - (ty + ts - 1))
    return gap <= t.reach_yd
