"""The open encounter as the window sees it: the engine, its journal, and the calls tools make.

No pygame here: tools ask the session for queries and hand it commands; only the engine
changes the encounter.
"""
from __future__ import annotations

from typing import Any


def initial_state(opened: Any) -> Any | None:
    """The encounter's starting state from the engine (None for a bare map or before the engine)."""
    return None
