"""Engine.checkpoint / rollback: whatever the engine did after a checkpoint, rolling back puts
it exactly where it was (the session rolls back when a journal write fails, issue 14)."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.rules.engine import Answer, Engine, SeededDice
from tests.rules.engine.toy import Go, Poke, toy_ruleset, toy_state

#: what the engine may be asked between a checkpoint and the next one
OPS = st.lists(
    st.sampled_from(["poke", "walk", "ambush", "yes", "no", "undo", "redo", "cancel"]),
    max_size=12,
)


def _do(eng: Engine, op: str) -> None:
    if op == "poke":
        eng.submit(Poke("c0", "c1"))
    elif op == "walk":
        eng.submit(Go("c1", ((1, 1), (1, 2))))
    elif op == "ambush":  # stepping on (3, 0) pauses on a question
        eng.submit(Go("c0", ((1, 0), (2, 0), (3, 0))))
    elif op in ("yes", "no") and eng.pending is not None:
        eng.submit(Answer(eng.pending.id, op))
    elif op == "undo":
        eng.undo()
    elif op == "redo":
        eng.redo()
    elif op == "cancel":
        eng.cancel()


def _picture(eng: Engine) -> tuple[object, ...]:
    """Everything rollback must restore, the records' mutable parts included."""
    recs = [*eng.history, *eng.redo_stack, *([eng._pending[0]] if eng._pending else [])]
    return (
        eng.state,
        [id(r) for r in eng.history],
        [id(r) for r in eng.redo_stack],
        eng.pending,
        eng._pending_drawn,
        [(list(r.answers), list(r.typed), list(r.typed_gates), r.events) for r in recs],
    )


@settings(max_examples=150, deadline=None, derandomize=True)
@given(before=OPS, after=OPS, more=OPS)
def test_rollback_undoes_any_sequence_of_engine_calls(
    before: list[str], after: list[str], more: list[str]
) -> None:
    eng = Engine(toy_ruleset(), toy_state(), SeededDice(3), strict=True)
    for op in before:
        _do(eng, op)
    history, redo = eng.history, eng.redo_stack
    want = _picture(eng)
    cp = eng.checkpoint()
    for op in after:
        _do(eng, op)
    eng.rollback(cp)
    assert _picture(eng) == want
    assert eng.history is history and eng.redo_stack is redo  # the same lists, put back
    # and the engine goes on from there as if nothing had happened
    cp = eng.checkpoint()
    for op in more:
        _do(eng, op)
    eng.rollback(cp)
    assert _picture(eng) == want


def test_a_checkpoint_does_not_copy_the_history() -> None:
    """Its cost does not grow with the fight: it holds no copy of the history or redo stack."""
    eng = Engine(toy_ruleset(), toy_state(), SeededDice(3), strict=True)
    for _ in range(50):
        eng.submit(Poke("c0", "c1"))
    for _ in range(20):
        eng.undo()
    cp = eng.checkpoint()
    assert cp.history.popped == [] and cp.redo.popped == []
    eng.submit(Poke("c0", "c2"))  # a new command drops the redo stack: only now is it kept
    assert len(cp.redo.popped) == 20 and cp.history.popped == []
    eng.rollback(cp)
    assert len(eng.history) == 30 and len(eng.redo_stack) == 20


def test_only_the_latest_checkpoint_rolls_back() -> None:
    eng = Engine(toy_ruleset(), toy_state(), SeededDice(3), strict=True)
    old = eng.checkpoint()
    eng.submit(Poke("c0", "c1"))
    eng.checkpoint()
    with pytest.raises(ValueError, match="latest checkpoint"):
        eng.rollback(old)
