"""The generic engine: determinism, undo/redo, replay, decisions, manual dice, JSON round trips."""
from __future__ import annotations

import json

from game.rules.engine import (
    AdvancePhase,
    Answer,
    Engine,
    EnterDice,
    Event,
    ManualDice,
    SeededDice,
    replay,
)
from tests.rules.engine.toy import Go, Poke, log_json, toy_ruleset, toy_state


def _play(seed: int) -> Engine:
    eng = Engine(toy_ruleset(), toy_state(), SeededDice(seed))
    assert eng.submit(AdvancePhase()).ok
    for _ in range(5):
        assert eng.submit(Poke("c0", "c1")).ok
    assert eng.submit(AdvancePhase()).ok
    return eng


def test_same_seed_same_log_other_seed_other_log() -> None:
    assert log_json(_play(3).log()) == log_json(_play(3).log())
    assert log_json(_play(3).log()) != log_json(_play(4).log())


def test_phases_cycle_into_rounds() -> None:
    eng = _play(1)
    assert (eng.state.round, eng.state.phase) == (1, "second")
    eng.submit(AdvancePhase())
    assert (eng.state.round, eng.state.phase) == (2, "first")


def test_undo_restores_state_and_redo_reuses_dice() -> None:
    eng = _play(5)
    final = eng.state
    log = log_json(eng.log())
    n = len(eng.history)
    for _ in range(n):
        assert eng.undo()
    assert eng.state == eng.initial
    for _ in range(n):
        assert eng.redo()
    assert eng.state == final and log_json(eng.log()) == log


def test_undo_then_same_command_rolls_the_same_dice() -> None:
    eng = _play(5)
    last = eng.history[-2].events
    eng.undo()
    eng.undo()
    eng.submit(Poke("c0", "c1"))
    assert log_json(eng.history[-1].events) == log_json(last)


def test_replay_and_json_round_trip_rebuild_the_state() -> None:
    eng = _play(9)
    events = [Event.from_dict(json.loads(line)) for line in log_json(eng.log())]
    assert replay(eng.initial, events) == eng.state


def test_rejected_command_changes_nothing() -> None:
    eng = _play(2)
    before = eng.state
    out = eng.submit(Poke("c0", "nobody"))
    assert not out.ok and "nobody" in out.violations[0].reason and eng.state is before


def test_walk_pauses_on_a_decision_and_resumes() -> None:
    eng = Engine(toy_ruleset(), toy_state(), SeededDice(1))
    out = eng.submit(Go("c0", ((1, 0), (2, 0), (3, 0), (4, 0))))
    assert out.pending is not None and out.pending.kind == "ambush"
    # the partial state shows the walk as far as it got
    assert eng.state.creatures["c0"].body.square == (2, 0)
    assert not eng.submit(Poke("c0", "c1")).ok  # a question is pending
    assert not eng.submit(Answer(out.pending.id, "maybe")).ok
    done = eng.submit(Answer(out.pending.id, "yes"))
    assert done.ok and done.pending is None
    assert eng.state.creatures["c0"].body.square == (2, 0)
    assert eng.state.creatures["c0"].damage > 0
    eng.undo()
    out = eng.submit(Go("c0", ((1, 0), (2, 0), (3, 0), (4, 0))))
    eng.submit(Answer(out.pending.id, "no"))
    assert eng.state.creatures["c0"].body.square == (4, 0)
    assert replay(eng.initial, eng.log()) == eng.state


def test_manual_dice_ask_the_gm_and_typed_dice_are_marked() -> None:
    eng = Engine(toy_ruleset(), toy_state(), ManualDice())
    out = eng.submit(Poke("c0", "c1"))
    assert out.pending is not None and out.pending.kind == "dice" and out.pending.sides == 20
    assert not eng.submit(EnterDice(out.pending.id, (21,))).ok
    done = eng.submit(EnterDice(out.pending.id, (17,)))
    assert done.ok
    ev = done.events[-1]
    assert ev.dice[0].value == 17 and ev.dice[0].typed
    assert eng.state.creatures["c1"].damage == 17


def test_fixed_dice_come_before_the_seed_and_do_not_move_it() -> None:
    eng = Engine(toy_ruleset(), toy_state(), SeededDice(1))
    eng.submit(Poke("c0", "c1"), dice=[20])
    assert eng.state.creatures["c1"].damage == 20 and eng.state.rng_position == 0
    eng.submit(Poke("c0", "c1"))
    assert eng.state.rng_position == 1


def test_cancel_a_paused_command() -> None:
    eng = Engine(toy_ruleset(), toy_state(), ManualDice())
    eng.submit(Poke("c0", "c1"))
    assert eng.undo() and eng.pending is None and eng.state == eng.initial


def test_a_bug_in_a_handler_refuses_the_command_unless_strict() -> None:
    from game.rules.engine import Violation  # noqa: F401

    rs = toy_ruleset()
    rs.register_action(Poke, lambda s, c, r: [], lambda ctx, c: 1 / 0)
    eng = Engine(rs, toy_state(), SeededDice(1))
    out = eng.submit(Poke("c0", "c1"))
    assert not out.ok and out.violations[0].code == "internal" and eng.state == eng.initial
    eng.strict = True
    import pytest

    with pytest.raises(ZeroDivisionError):
        eng.submit(Poke("c0", "c1"))


def test_dice_typed_after_a_pause_never_replace_seeded_dice_rolled_before_it() -> None:
    """A die rolled by the seed before a question keeps its value when the command re-runs;
    dice typed with the answer are used only for the rolls after the pause."""
    from game.rules.engine import Answer
    from tests.rules.engine.toy import Poked

    rs = toy_ruleset()

    def poke_twice(ctx, cmd):  # noqa: ANN001 - toy handler
        ctx.emit(Poked(cmd.creature, cmd.target, ctx.roll(20, 1, "first")))
        if ctx.ask("again", "poke again?", [("yes", "yes"), ("no", "no")]) == "yes":
            ctx.emit(Poked(cmd.creature, cmd.target, ctx.roll(20, 1, "second")))

    rs.register_action(Poke, lambda s, c, r: [], poke_twice)
    eng = Engine(rs, toy_state(), SeededDice(5))
    paused = eng.submit(Poke("c0", "c1"))
    first_seeded = paused.events[0].dice[0].value
    assert paused.pending is not None
    eng.type_ahead([13])
    done = eng.submit(Answer(paused.pending.id, "yes"))
    rolls = [e.dice[0] for e in done.events if isinstance(e, Poked)]
    assert [(r.value, r.typed) for r in rolls] == [(first_seeded, False), (13, True)]
    assert eng.state.creatures["c1"].damage == first_seeded + 13
