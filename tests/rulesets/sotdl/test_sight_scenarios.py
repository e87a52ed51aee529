"""The sight scenario files (tests/scenarios/sotdl/sight_*.yaml), one rule sentence each, run
through `battlemat run`'s code: each must meet its own expectations."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.io.scenario import run_scenario_file

HERE = Path(__file__).resolve().parents[2] / "scenarios" / "sotdl"
FILES = sorted(HERE.glob("sight_*.yaml"))


def test_there_are_sight_scenarios() -> None:
    assert len(FILES) >= 15


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_sight_scenario(path: Path) -> None:
    assert "expect" in path.read_text(encoding="utf-8"), f"{path.name} has no expectations"
    out = io.StringIO()
    code = run_scenario_file(path, out=out)
    assert code == 0, out.getvalue()[-3000:]
