"""Every SotDL scenario's log reads right to a GM: nothing ends twice."""
from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from game.io.scenario import run_scenario_file

HERE = Path(__file__).resolve().parent
FILES = sorted(HERE.glob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_an_affliction_ends_once(path: Path) -> None:
    """AfflictionEnded (creature, name, source) only for an affliction that is there."""
    out = io.StringIO()
    run_scenario_file(path, out=out)
    ended: set[tuple[str, str, str]] = set()
    for line in out.getvalue().splitlines():
        e = json.loads(line)
        if e["type"] == "AfflictionGained":
            a = e["affliction"]
            ended.discard((e["creature"], a["name"], a["source"]))
        elif e["type"] == "AfflictionEnded" and e["source"]:
            key = (e["creature"], e["name"], e["source"])
            assert key not in ended, f"{path.name}: {key} ended twice"
            ended.add(key)
