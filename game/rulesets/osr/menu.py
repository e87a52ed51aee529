"""How the window presents the OSR commands: the action bar's groups, order and labels.

Pure data, registered as the query ``action_menu`` (the same shape as SotDL's, see
game/rulesets/sotdl/menu.py): per command name its ``group``, ``order``, short ``label``,
``gm`` (a GM tool, not a creature's action) and optionally ``role`` ("begin", "turn_end").
"""

from __future__ import annotations

from typing import Any

from game.rules.engine import Ruleset
from game.rules.engine.menu import Row, build_menu, register_menu

GROUPS = (
    ("turn", "Round"),
    ("move", "Move"),
    ("attack", "Attack"),
    ("action", "Actions"),
    ("gm", "GM"),
)

# (name, group, label, extra): the order inside each group is the order here
_ROWS: tuple[Row, ...] = (
    ("start_combat", "turn", "Start combat", {"gm": True, "role": "begin"}),
    ("end_turn", "turn", "End turn", {"role": "turn_end"}),
    ("seize_initiative", "turn", "Seize initiative", {}),
    ("move", "move", "Move", {}),
    ("charge", "move", "Charge", {}),
    ("move_formation", "move", "Move formation", {}),
    ("turn_formation", "move", "Turn formation", {}),
    ("declare_retreat", "move", "Declare retreat", {}),
    ("attack", "attack", "Attack", {}),
    ("cast_spell", "action", "Cast spell", {}),
    ("summon_power", "action", "Summon power", {}),
    ("establish_milieu", "gm", "Milieu", {"gm": True}),
    ("disrupt", "gm", "Disrupt", {"gm": True}),
    ("set_condition", "gm", "Condition", {"gm": True}),
    ("initiative_modifier", "gm", "Initiative +/-", {"gm": True}),
    ("choose_course", "gm", "Morale course", {"gm": True}),
    ("terms", "gm", "Terms", {"gm": True}),
    ("form_up", "gm", "Form up", {"gm": True}),
    ("break_formation", "gm", "Break formation", {"gm": True}),
    ("advance_phase", "hidden", "Next part", {}),
    ("answer", "hidden", "Answer", {}),
    ("enter_dice", "hidden", "Enter dice", {}),
)

MENU: dict[str, Any] = build_menu(GROUPS, _ROWS)


def register(rs: Ruleset) -> None:
    """Register the ``action_menu`` query."""
    register_menu(rs, MENU)
