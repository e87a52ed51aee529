"""Every OSR scenario file (tests/scenarios/osr/*.yaml) plays through `battlemat run` as written."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.io.scenario import run_scenario_file

SCENARIOS = sorted((Path(__file__).resolve().parents[2] / "scenarios" / "osr").glob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 10


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_plays_as_written(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    code = run_scenario_file(path, out=out)
    assert code == 0, capsys.readouterr().err
    assert out.getvalue().strip()
