"""How the window presents SotDL's commands: the action bar's groups, order and labels.

Pure data, registered as the query ``action_menu`` (docs/engine.md): per command name its
``group`` ("turn", "move", "attack", "action", "gm", or "hidden" for commands played only inside
others or by the round's own buttons), ``order`` within the group, a short ``label``, ``gm`` (a
GM tool, not a creature's action), and optionally ``role`` (what the window's own buttons use:
"begin", "turn_start", "turn_end") and ``situational`` (worth showing first when it is legal:
Find's "share your knowledge").

The acts whose legality rests on what the creature has (a teleport, an item or a spell with its
dice typed in, an item to pick up, an effect to end) are on the GM's panel: the engine cannot
grey them, and the GM types or picks their values for the selected creature.
"""

from __future__ import annotations

from typing import Any

from game.rules.engine import Ruleset
from game.rules.engine.menu import Row, build_menu, register_menu

GROUPS = (("turn", "Turn"), ("move", "Move"), ("attack", "Attack"), ("action", "Actions"),
          ("gm", "GM"))

# (name, group, label, extra): the order inside each group is the order here
_ROWS: tuple[Row, ...] = (
    ("begin_combat", "turn", "Begin combat", {"gm": True, "role": "begin"}),
    ("start_turn", "turn", "Start turn", {"role": "turn_start"}),
    ("end_turn", "turn", "End turn", {"role": "turn_end"}),
    ("surprise", "turn", "Surprise", {"gm": True}),
    ("roll_for_order", "turn", "Roll for order", {"gm": True}),
    ("move", "move", "Move", {}),
    ("rush", "move", "Rush", {}),
    ("retreat", "move", "Retreat", {}),
    ("charge", "move", "Charge", {}),
    ("sneak", "move", "Sneak", {}),
    ("escape", "move", "Escape", {}),
    ("drop_prone", "move", "Drop prone", {}),
    ("stand_up", "move", "Stand up", {}),
    ("get_free", "move", "Get free", {}),
    ("stay_airborne", "move", "Stay aloft", {}),
    ("mount", "move", "Mount", {}),
    ("dismount", "move", "Dismount", {}),
    ("teleport", "move", "Teleport", {"gm": True}),
    ("attack", "attack", "Attack", {}),
    ("two_weapon_attack", "attack", "Two weapons", {}),
    ("grab", "attack", "Grab", {}),
    ("shove", "attack", "Shove", {}),
    ("knock_down", "attack", "Knock down", {}),
    ("disarm", "attack", "Disarm", {}),
    ("distract", "attack", "Distract", {}),
    ("feint", "attack", "Feint", {}),
    ("pull", "attack", "Pull", {}),
    ("mounted_attack", "attack", "Mounted attack", {}),
    ("item_attack", "attack", "Item attack", {"gm": True}),
    ("spell_attack", "attack", "Spell attack", {"gm": True}),
    ("defend", "action", "Defend", {}),
    ("help", "action", "Help", {}),
    ("hide", "action", "Hide", {}),
    ("find", "action", "Find", {}),
    ("tell_allies", "action", "Tell allies", {"situational": True}),
    ("prepare", "action", "Prepare", {}),
    ("reload", "action", "Reload", {}),
    ("stabilize", "action", "Stabilize", {}),
    ("use_item", "action", "Use item", {}),
    ("concentrate", "action", "Concentrate", {}),
    ("use_triggered_action", "action", "Triggered", {}),
    ("minor_activity", "action", "Minor", {}),
    ("cast_utility_spell", "action", "Utility spell", {"gm": True}),
    ("end_effect", "action", "End effect", {"gm": True}),
    ("pick_up", "action", "Pick up", {"gm": True}),
    ("fire_prepared", "action", "Fire prepared", {"gm": True}),
    ("deal_damage", "gm", "Damage", {"gm": True}),
    ("heal", "gm", "Heal", {"gm": True}),
    ("afflict", "gm", "Afflict", {"gm": True}),
    ("cure", "gm", "Cure", {"gm": True}),
    ("adjust_roll", "gm", "Adjust roll", {"gm": True}),
    ("gain_insanity", "gm", "Gain insanity", {"gm": True}),
    ("sight_ruling", "gm", "Sight ruling", {"gm": True}),
    ("change_light", "gm", "Change light", {"gm": True}),
    ("surrender", "gm", "Surrender", {"gm": True}),
    ("flee", "gm", "Flee", {"gm": True}),
    ("end_round", "gm", "End round", {"gm": True}),
    ("gm_note", "gm", "Note", {"gm": True}),
    # Played inside other commands or answered at the token, never from a button
    ("free_attack", "hidden", "Free attack", {}),
    ("answer", "hidden", "Answer", {}),
    ("enter_dice", "hidden", "Enter dice", {}),
    ("advance_phase", "hidden", "Next part", {}),
    ("start_combat", "hidden", "Start combat", {}),
    ("place", "hidden", "Place", {}),
)

MENU: dict[str, Any] = build_menu(GROUPS, _ROWS)


def register(rs: Ruleset) -> None:
    """Register the ``action_menu`` query."""
    register_menu(rs, MENU)
