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
