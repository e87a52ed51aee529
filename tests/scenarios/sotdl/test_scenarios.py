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


def test_the_documented_example_runs(tmp_path: Path) -> None:
    """The example in docs/scenarios.md is a working scenario."""
    import re

    doc = (HERE.parents[2] / "docs" / "scenarios.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(.*?)```", doc, re.S)
    assert example is not None
    text = "\n".join(
        line for line in example.group(1).splitlines()
        if not line.startswith(("config:", "encounter:")) and "GM window" not in line
        and "from an encounter file" not in line
    )
    p = tmp_path / "example.yaml"
    p.write_text(text + "\n", encoding="utf-8")
    out = io.StringIO()
    assert run_scenario_file(p, out=out) == 0, out.getvalue()[-2000:]


def test_same_seed_same_output_in_other_processes() -> None:
    """Determinism across processes (no dependence on Python's hash randomization)."""
    import os
    import subprocess
    import sys

    path = HERE / "triggered_free_attack.yaml"
    outs = []
    for hash_seed in ("1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        run = subprocess.run([sys.executable, "-m", "game", "run", str(path), "--seed", "3"],
                             capture_output=True, text=True, env=env, cwd=HERE.parents[2],
                             timeout=120)
        assert run.returncode == 0, run.stderr
        outs.append(run.stdout)
    assert outs[0] == outs[1] and outs[0].count("\n") > 10
