"""Declared acts: a command that gathers what each participant declares (OSR: Seize the
Initiative's swift acts) played from the window, one creature at a time.

A command with no creature field whose only field is ``acts`` (a tuple of values that each name
a ``creature``) is offered on the action bar for the selected creature; the GM types what it
does ("strike Raider 1", "position"): the first word is the act, the rest names its target.
Nothing here knows which acts a ruleset accepts: the engine's validate says.
"""

from __future__ import annotations

import dataclasses
import typing
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.context import FightView


def act_type(cmd_type: type) -> Any:
    """The declared value's type when the command is a list of declared acts, else None."""
    names = {f.name for f in dataclasses.fields(cmd_type)}
    if names != {"acts"}:
        return None
    try:
        hint = typing.get_type_hints(cmd_type)["acts"]
    except (NameError, KeyError, TypeError):
        return None
    args = [a for a in typing.get_args(hint) if a is not Ellipsis]
    t = args[0] if args else None
    if t is None or not dataclasses.is_dataclass(t):
        return None
    fields = {f.name for f in dataclasses.fields(t)}
    return t if {"creature", "act"} <= fields else None


def make_act(fight: FightView, cmd_type: type, creature: str, text: str) -> tuple[Any | None, str]:
    """The command for '<act> [target name]' typed for ``creature`` (or None and why not)."""
    t = act_type(cmd_type)
    words = text.strip().split()
    if t is None or not words:
        return None, "Type what it does, e.g. 'strike Raider 1' or 'position'"
    act, rest = words[0].lower(), " ".join(words[1:]).strip().lower()
    kw: dict[str, Any] = {"creature": creature, "act": act}
    if rest:
        assert fight.engine is not None
        st = fight.engine.state
        by_name = {c.name.lower(): c.id for c in st.creatures.values()}
        target = by_name.get(rest) or next(
            (cid for name, cid in by_name.items() if name.startswith(rest)), ""
        )
        fields = {f.name for f in dataclasses.fields(t)}
        if target and "target" in fields:
            kw["target"] = target
        elif "text" in fields:  # no creature of that name: the words say what it does
            kw["text"] = text.strip()
    cmd = cmd_type(acts=(t(**kw),))
    vs = fight.validate(cmd)
    return (None, vs[0].reason) if vs else (cmd, "")


def legality(fight: FightView, creature: str, cmd_type: type) -> tuple[bool, str]:
    """Legal for this creature now (declaring some act), or why not."""
    t = act_type(cmd_type)
    if t is None:
        return False, "not a declaration"
    vs = fight.validate(cmd_type(acts=(t(creature=creature, act="declare"),)))
    vs = [v for v in vs if v.code != "bad_act"]
    return (not vs, vs[0].reason if vs else "")
