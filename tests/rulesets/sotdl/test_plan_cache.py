"""A move's path is planned once for validation and resolution, and a remembered plan is never
used once anything planning reads has changed (benchmarks/bench_engine.py measures the speed)."""

from __future__ import annotations

from typing import Any

import pytest

from game.rules.engine import AdvancePhase
from game.rulesets.sotdl.commands import BeginCombat, Move
from game.rulesets.sotdl.movement import search
from tests.rulesets.sotdl.helpers import make, ok, rejected

OPEN = "\n".join(["........"] * 4)


@pytest.fixture()
def plans(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    calls: list[Any] = []
    real = search.plan_path_uncached

    def counting(*a: Any, **kw: Any) -> Any:
        calls.append(a[2])
        return real(*a, **kw)

    monkeypatch.setattr(search, "plan_path_uncached", counting)
    search._PLANS.clear()
    return calls


def test_a_move_plans_its_path_once(plans: list[Any]) -> None:
    eng = make(OPEN, {"hero": ("pcs", (0, 0), {}), "foe": ("foes", (7, 3), {}),
                      "ally": ("pcs", (0, 3), {})})
    ok(eng, BeginCombat())
    ok(eng, Move("ally", ((1, 3),)))  # another creature's turn is going on
    ok(eng, Move("hero", ((1, 0), (2, 0), (3, 0))))  # validate, start the turn, resolve
    assert plans == ["ally", "hero"]


def test_a_remembered_plan_is_not_used_once_the_way_is_blocked(plans: list[Any]) -> None:
    eng = make(OPEN, {"hero": ("pcs", (0, 0), {}), "foe": ("foes", (3, 2), {})})
    ok(eng, BeginCombat())
    path = ((1, 0), (2, 0), (3, 0))
    assert eng.validate(Move("hero", path)) == []
    ok(eng, AdvancePhase())  # the players' fast turns end: the GM's creatures act
    ok(eng, Move("foe", ((3, 1), (2, 0))))  # the foe now stands in the way
    assert "blocked" in rejected(eng, Move("hero", path))
    assert plans.count("hero") == 2
