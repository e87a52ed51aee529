"""GM tools that need a few typed values (an amount, an affliction's name, boons): the GM types
them at the creature ("3 fell from the wall"), in the order the command declares its fields.

A command qualifies when, besides the creature it is for, its required fields are plain numbers
or words; its optional plain fields (yes/no too) may follow. The last field, if words, takes the
rest of the text.
A name of several words before other values goes in double quotes ("flask of oil" 1d6).
Nothing here knows a command: the engine's validate says whether the values make sense.
"""

from __future__ import annotations

import dataclasses
import shlex
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.context import FightView


def _yes_no(word: str) -> bool:
    """A typed yes or no ('yes', 'no', 'true', 'false', 'refused' ...)."""
    w = word.lower()
    if w in ("yes", "y", "true", "1", "accepted", "on"):
        return True
    if w in ("no", "n", "false", "0", "refused", "off"):
        return False
    raise ValueError(word)


PLAIN: dict[str, Callable[[str], Any]] = {"int": int, "float": float, "str": str, "bool": _yes_no}


def typed_fields(
    cmd_type: type, actor: str, skip: tuple[str, ...] = ()
) -> list[dataclasses.Field] | None:
    """The fields the GM types (required first, then optional plain ones), or None; ``skip``:
    fields a tool fills (the target, the area)."""
    req: list[dataclasses.Field] = []
    opt: list[dataclasses.Field] = []
    for f in dataclasses.fields(cmd_type):
        if f.name in (actor, "part_of", *skip):
            continue
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if str(f.type) not in PLAIN:
            if required:
                return None
            continue
        (req if required else opt).append(f)
    # With a tool filling a field (``skip``), optional values alone are worth asking for (an OSR
    # spell's damage before its targets are clicked)
    return req + opt if req or (skip and opt) else None


def hint(cmd_type: type, actor: str, skip: tuple[str, ...] = ()) -> str:
    """'amount [reason]': what to type."""
    fields = typed_fields(cmd_type, actor, skip) or []
    return " ".join(
        f.name.replace("_", " ")
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        else f"[{f.name.replace('_', ' ')}]"
        for f in fields
    )


def parse_typed(
    cmd_type: type, actor: str, text: str, skip: tuple[str, ...] = ()
) -> tuple[dict[str, Any] | None, str]:
    """The typed values by field name (or None and what to type)."""
    fields = typed_fields(cmd_type, actor, skip) or []
    try:  # "flask of oil" 1d6: a name of several words in quotes
        words = shlex.split(text) if '"' in text else text.split()
    except ValueError:
        words = text.split()
    kw: dict[str, Any] = {}
    for i, f in enumerate(fields):
        if not words:
            break
        kind = PLAIN[str(f.type)]
        # The last field, if words, takes the rest of the text (a reason of several words)
        last_word_field = kind is str and i == len(fields) - 1
        if last_word_field:
            kw[f.name], words = " ".join(words), []
            continue
        try:
            kw[f.name] = kind(words.pop(0))
        except ValueError:
            expected = "yes or no" if kind is _yes_no else "a number"
            return None, f"{f.name.replace('_', ' ')}: expected {expected}"
    missing = [
        f.name
        for f in fields
        if f.name not in kw
        and f.default is dataclasses.MISSING
        and f.default_factory is dataclasses.MISSING
    ]
    if missing:
        return None, f"Type {hint(cmd_type, actor, skip)}"
    return kw, ""


def make_typed(
    fight: FightView, cmd_type: type, actor: str, who: str, text: str
) -> tuple[Any, str]:
    """The command with the typed values (or None and why not)."""
    kw, why = parse_typed(cmd_type, actor, text)
    if kw is None:
        return None, why
    cmd = cmd_type(**{actor: who}, **kw)
    vs = fight.validate(cmd)
    return (None, vs[0].reason) if vs else (cmd, "")
