"""What a command type asks of the window, read from its fields alone (no fight, no pygame).

Which field names the actor, the side, the target or the group; how the window plays it
(``tool_kind``: the move tool, the target tool, typed values ...); and making the command.
Nothing here knows a command: the rulesets' dataclasses are read as they are declared.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from functools import wraps
from types import MappingProxyType
from typing import Any, TypeVar

from game.rules.engine import choices_of, walks_after
from game.ui.declare import act_type
from game.ui.typed import hint, typed_fields

ACTOR_FIELDS = ("creature", "attacker", "mover", "actor", "caster")
SIDE_FIELDS = ("side", "losing_side")
TARGET_FIELDS = ("target", "targets", "mount")
MEMBER_FIELDS = ("members", "creatures")


# A command type's fields never change once the class is made: what is read from them is
# remembered per class (selecting a creature asks tool_kind of every command type, and the
# dataclasses.fields behind it ran thousands of times per selection)
_T = TypeVar("_T")


def _per_class(read: Callable[[type], _T]) -> Callable[[type], _T]:
    """``read`` remembered per command type."""
    memo: dict[type, _T] = {}

    @wraps(read)
    def remembered(cmd_type: type) -> _T:
        if cmd_type not in memo:
            memo[cmd_type] = read(cmd_type)
        return memo[cmd_type]

    return remembered


@_per_class
def fields_of(cmd_type: type) -> Mapping[str, dataclasses.Field]:
    """A command type's fields by name (read-only)."""
    return MappingProxyType({f.name: f for f in dataclasses.fields(cmd_type)})


@_per_class
def required_fields(cmd_type: type) -> frozenset[str]:
    """The fields a command cannot be made without (no default)."""
    return frozenset(
        f.name
        for f in dataclasses.fields(cmd_type)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    )


@_per_class
def actor_field(cmd_type: type) -> str:
    """The field naming who acts ('creature', 'attacker' ...), or ''."""
    names = fields_of(cmd_type)
    return next((f for f in ACTOR_FIELDS if f in names), "")


def side_field(cmd_type: type) -> str:
    """The required field naming the side a side-level command is for ('side', 'losing_side')."""
    req = required_fields(cmd_type)
    return next((f for f in SIDE_FIELDS if f in req), "")


def member_field(cmd_type: type) -> str:
    """The required field listing a group of creatures ('members' of a formation), or ''."""
    req = required_fields(cmd_type)
    return next((f for f in MEMBER_FIELDS if f in req), "")


def target_field(cmd_type: type) -> str:
    """The required field the target tool fills ('target', 'targets' or 'mount'), or ''."""
    req = required_fields(cmd_type)
    return next((f for f in TARGET_FIELDS if f in req), "")


@_per_class
def pick_field(cmd_type: type) -> str:
    """The field the target tool fills: a required one, else an optional ``targets`` or
    ``target`` (a Find's hidden creature, a prepared attack's), or ''."""
    names = fields_of(cmd_type)
    if target_field(cmd_type):
        return target_field(cmd_type)
    return "targets" if "targets" in names and "target" not in names else (
        "target" if "target" in names else ""
    )


def target_optional(cmd_type: type) -> bool:
    """True if the command may go without the creature the target tool picks (an OSR spell's
    ``targets``, a Find's ``target``): a click on the actor or an empty square plays it so."""
    return bool(pick_field(cmd_type)) and not target_field(cmd_type)


def second_target_field(cmd_type: type) -> str:
    """An optional second target the command takes ('second_target', 'mount_target'), or ''."""
    names = fields_of(cmd_type)
    return next((f for f in ("second_target", "mount_target") if f in names), "")


def target_value(cmd_type: type, key: str) -> dict[str, Any]:
    """The target tool's pick as the command's field: ``targets`` takes a one-creature tuple."""
    f = pick_field(cmd_type) or "target"
    return {f: (key,) if f == "targets" else key}


def typed_hint(cmd_type: type) -> str:
    """What the GM types for a command (its plain values, less what a tool or the side fills)."""
    actor = actor_field(cmd_type) or side_field(cmd_type) or member_field(cmd_type) or "area"
    # A skipped field lets optional values alone be asked for (a spell's damage, the milieu's)
    return hint(cmd_type, actor, (pick_field(cmd_type),))


def has_required_values(cmd_type: type) -> bool:
    """True if the command has a value the GM must type (not only optional ones)."""
    return any(
        f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        for f in dataclasses.fields(cmd_type)
        if f.name not in (*ACTOR_FIELDS, pick_field(cmd_type))
    )


@_per_class
def tool_kind(cmd_type: type) -> str:
    """'path' (played with the move tool), 'target' (needs a target creature), 'now', 'global'
    (nobody's act), 'declare', 'formation', or '' (needs values the window cannot pick)."""
    names = fields_of(cmd_type)
    req = required_fields(cmd_type)
    if not actor_field(cmd_type):
        if act_type(cmd_type) is not None:
            return "declare"  # each creature declares its act (game/ui/declare.py)
        if not req and typed_fields(cmd_type, "", skip=("",)):
            return "global_typed"  # nobody's act, with optional values typed (OSR's milieu)
        if not req:
            return "global"  # nobody's act: played at once (End round, Next part ...)
        # A command for a whole formation (OSR blocks): played for the selected creature's one
        if "formation" in req and req <= {"formation", "path", "facing"} and len(req) == 2:
            return "formation"
        if req == {"formation"}:
            return "formation_now"  # the selected creature's block, at once (break formation)
        side = side_field(cmd_type)
        if side and (req == {side} or typed_fields(cmd_type, side)):
            return "side"  # the selected creature's side, values typed
        if "area" in req and typed_fields(cmd_type, "area"):
            return "area"  # a rectangle of squares dragged, values typed first
        group = member_field(cmd_type)
        if group and (req == {group} or typed_fields(cmd_type, group)):
            return "members"  # the creatures in a dragged rectangle (form up), values typed first
        return ""
    actor = actor_field(cmd_type)
    tf = target_field(cmd_type)
    if tf and tf != "target" and not req - {actor, tf, "spell", "item"}:
        if typed_fields(cmd_type, actor, skip=(tf,)):
            return "target_typed"  # values typed first, then the target tool (item attacks)
        return "target"
    if tf == "target" and req - {actor, "target"}:
        if typed_fields(cmd_type, actor, skip=("target",)):
            return "target_typed"
    if req <= {actor} and pick_field(cmd_type) == "targets":
        if typed_fields(cmd_type, actor, skip=("targets",)):
            return "target_typed"  # values typed, then the targets clicked (or none: an OSR spell)
    if tf == "target" and actor not in req and typed_fields(cmd_type, actor, skip=(tf,)):
        return "target_typed"  # the GM's ruling on a target (no one acts): its values typed first
    if req <= {actor} and pick_field(cmd_type) == "target":
        return "target"  # an optional target clicked (Find: the hidden one), or none: the actor
    if "target" not in req and {"target", "mount_target"} <= set(names):
        return "target"  # the rider's target, then the mount's (Ride's attack, game/ui/tools)
    if req - {actor} == {"square"} or (req <= {actor} and "square" in names):
        return "square"  # a square picked on the map (teleport; where a rider dismounts)
    if req - set(ACTOR_FIELDS) - {"path", "target"}:
        if not req & {"path", "target"} and typed_fields(cmd_type, actor_field(cmd_type)):
            return "typed"  # an amount, a name ... typed at the creature (game/ui/typed.py)
        return ""  # needs values the window cannot pick (an item to pick up ...)
    if "path" in names and "target" not in req:
        return "path"
    if "target" in req:
        return "target"
    if req - set(ACTOR_FIELDS):
        return ""
    return "now"


def moves_first(cmd_type: type) -> bool:
    """True for a target command with a movement part the window picks (a charge's ``path``:
    game/ui/previews.py ``approach``)."""
    return "path" in fields_of(cmd_type) and tool_kind(cmd_type) in ("target", "target_typed") \
        and not walks_after(cmd_type)


def carries_on(cmd_type: type) -> bool:
    """True for a command that moves first and may go on moving after its act (a charge's
    ``attack_after``: Seed SotDL: "at any point during your movement, make one attack")."""
    return moves_first(cmd_type) and "attack_after" in fields_of(cmd_type)


def path_after_target(cmd_type: type) -> bool:
    """True for a target command whose ``path`` is walked after its act, where the GM picks
    it once the target is clicked (a pull: game/ui/previews.py ``path_after``)."""
    return walks_after(cmd_type) and tool_kind(cmd_type) in ("target", "target_typed")


#: Violation codes a command that moves first leaves behind once it has moved (out of reach now)
DISTANCE_CODES = ("out_of_reach", "too_far", "in_reach")


def other_acts(cmd_types: Iterable[type]) -> list[str]:
    """The acts these commands may make instead of their plain one (``choices_of``: a charge's
    knock down or shove), each once: the option menu's entries that are no weapon option."""
    return list(dict.fromkeys(c for t in cmd_types for c in choices_of(t)[1]))


def make(cmd_type: type, actor: str, **kw: Any) -> Any:
    """A command of that type for that creature."""
    return cmd_type(**{actor_field(cmd_type): actor}, **kw)


def label(name: str) -> str:
    """'knock_down' -> 'Knock down'."""
    return name.replace("_", " ").capitalize()
