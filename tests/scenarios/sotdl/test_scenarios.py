"""Run every scenario file in this folder through `battlemat run`'s code; each must pass its
own expectations (every file has at least one)."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.io.scenario import run_scenario_file

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert "expect" in text, f"{path.name} has no expectations"
    out = io.StringIO()
    code = run_scenario_file(path, out=out)
    assert code == 0, out.getvalue()[-3000:]
    assert out.getvalue().strip()
