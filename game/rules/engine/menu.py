"""The ``action_menu`` query every ruleset registers: how the window presents its commands.

A ruleset declares its groups and, per command, a row ``(name, group, label, extra)``; the order
inside each group is the order of the rows. ``extra`` may set ``gm`` (a GM tool, not a creature's
action), ``role`` ("begin", "turn_start", "turn_end") and ``situational``. Group "hidden" keeps a
command off every panel (played inside others, or by the round's own buttons).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.rules.engine.ruleset import Ruleset, snake_name
from game.rules.engine.setup import SETUP_COMMANDS

SETUP_COMMAND_NAMES = tuple(snake_name(c) for c in SETUP_COMMANDS)

Row = tuple[str, str, str, dict[str, Any]]


def build_menu(groups: Sequence[tuple[str, str]], rows: Sequence[Row]) -> dict[str, Any]:
    """The declaration from rows (same for every state: the window greys what is illegal).

    >>> m = build_menu((("move", "Move"),), (("move", "move", "Move", {}),))
    >>> m["commands"]["move"]
    {'group': 'move', 'order': 0, 'label': 'Move', 'gm': False}
    """
    return {
        "groups": tuple(groups),
        "commands": {
            name: {"group": group, "order": i, "label": label, "gm": False, **extra}
            for i, (name, group, label, extra) in enumerate(rows)
        },
    }


def register_menu(rs: Ruleset, menu: dict[str, Any]) -> None:
    """Register ``menu`` as the ruleset's ``action_menu`` query; the engine's set-up commands
    are hidden (the window's set-up panels make them, not the action bar)."""
    commands = dict(menu["commands"])
    for i, name in enumerate(SETUP_COMMAND_NAMES):
        commands.setdefault(name, {"group": "hidden", "order": 1000 + i, "label": name,
                                   "gm": True})
    menu = {**menu, "commands": commands}
    rs.register_query("action_menu", lambda state, ruleset: menu)
