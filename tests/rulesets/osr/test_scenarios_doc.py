"""docs/scenarios.md's OSR section: its example runs as written, its table names every command."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from game.io.scenario import run_scenario_file
from game.rulesets.osr import build_ruleset

DOC = Path(__file__).resolve().parents[3] / "docs" / "scenarios.md"


def _osr_section() -> str:
    text = DOC.read_text(encoding="utf-8")
    start = text.index("## OSR scenarios")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def test_the_osr_example_runs_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    block = re.search(r"```yaml\n(.*?)```", _osr_section(), re.S)
    assert block is not None
    path = tmp_path / "example.yaml"
    path.write_text(block.group(1), encoding="utf-8")
    out = io.StringIO()
    assert run_scenario_file(path, out=out) == 0, capsys.readouterr().err
    assert '"type": "OsrTermsAgreed"' in out.getvalue()


def test_every_osr_command_is_in_the_table() -> None:
    section = _osr_section()
    rows = set(re.findall(r"^\| `([a-z_]+)`", section, re.M))
    rows |= set(re.findall(r"`([a-z_]+)`", section))
    missing = [n for n in build_ruleset().command_names if n not in rows]
    assert missing == []
    events = set(re.findall(r"^\| `(Osr[A-Za-z]+)`", section, re.M))
    import game.rulesets.osr.events as ev
    import game.rulesets.osr.round_events as rev

    defined = {n for m in (ev, rev) for n in dir(m) if n.startswith("Osr")
               and isinstance(getattr(m, n), type) and getattr(m, n).__module__ == m.__name__}
    assert defined - events == set()
