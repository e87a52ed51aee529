"""docs/scenarios.md lists every engine and SotDL event; docs/engine.md names every registry."""
from __future__ import annotations

from pathlib import Path

import game.rulesets.sotdl.events  # noqa: F401  (registers the SotDL events)
import game.rulesets.sotdl.health  # noqa: F401
from game.rules.engine import VALUE_TYPES, Event

ROOT = Path(__file__).resolve().parents[3]
MINE = ("game.rules.engine", "game.rulesets.sotdl.events")


def test_every_event_is_documented() -> None:
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    missing = [
        name for name, cls in VALUE_TYPES.items()
        if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
        and cls.__module__.startswith(MINE) and f"`{name}`" not in text
    ]
    assert missing == []


def test_engine_doc_names_the_plug_in_points() -> None:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    for word in ("register_step_checker", "register_modifier_provider", "register_target_check",
                 "register_after_command", "register_query", "register_hook", "plan_path",
                 "free_attack", "offer_free_attack", "PLUGINS"):
        assert word in text, word


def test_rules_coverage_names_tests_and_scenarios_that_exist() -> None:
    """Every engine-owned test and scenario docs/rules/sotdl.md cites exists (traceability
    stays true); the movement and sight owners keep their own citations."""
    import re

    text = (ROOT / "docs" / "rules" / "sotdl.md").read_text(encoding="utf-8")
    sotdl, engine = ROOT / "tests" / "rulesets" / "sotdl", ROOT / "tests" / "rules" / "engine"
    mine = {f: (sotdl / f) for f in ("test_rolls_and_round.py", "test_attacks.py",
                                     "test_stunts.py", "test_activities_and_health.py")}
    mine["test_engine_core.py"] = engine / "test_engine_core.py"
    source = {f: p.read_text(encoding="utf-8") for f, p in mine.items()}
    cited = 0
    missing = []
    every = "\n".join(p.read_text(encoding="utf-8")
                      for p in (ROOT / "tests").rglob("test_*.py"))
    for line in text.splitlines():
        current = ""  # a bare ::name cites the last file named in the row, or any test file
        for f, name in re.findall(r"(\w+\.py)?::(test_\w+)", line):
            current = f or current
            if current and current not in source:
                continue  # another owner's test file
            cited += 1
            if f"def {name}(" not in (source[current] if current else every):
                missing.append(f"{current}::{name}")
    assert missing == []
    have = {p.name for p in (ROOT / "tests" / "scenarios").rglob("*.yaml")}
    mine_yaml = {y for y in re.findall(r"`(\w+\.yaml)`", text)
                 if not y.startswith(("movement_", "sight_"))}
    assert sorted(mine_yaml - have) == []
    assert cited > 40 and len(mine_yaml) > 20
