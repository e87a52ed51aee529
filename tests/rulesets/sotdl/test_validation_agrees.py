"""Validation and resolution agree for every command (Battlemat's promise: a command the
engine's ``validate`` accepts is never refused on submitting, and one it refuses is refused):
a property over random commands in random fights, legal and not."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.rules.engine import AdvancePhase, Answer
from tests.rules.engine.test_fuzz import CAST, MAP, random_command
from tests.rulesets.sotdl.helpers import make


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_what_validation_accepts_is_never_refused(seed: int) -> None:
    r = random.Random(seed)
    eng = make(MAP, CAST, seed=seed % 1000)
    eng.strict = True
    accepted = 0
    for _ in range(40):
        cmd = AdvancePhase() if r.random() < 0.1 else random_command(r, eng)
        vs = eng.validate(cmd)
        out = eng.submit(cmd)
        assert out.ok == (not vs), (cmd, [v.reason for v in vs],
                                    [v.reason for v in out.violations])
        accepted += out.ok
        for _ in range(10):
            d = eng.pending
            if d is None:
                break
            ch = [r.randint(1, d.sides)] if d.kind == "dice" else r.choice(d.option_ids())
            a = Answer(d.id, ch)
            assert eng.validate(a) == []
            assert eng.submit(a).ok
        if eng.state.over:
            break
    assert accepted > 0
