"""Events in words for the combat log, and which creatures each line is about.

Wording only: the facts come from the event's fields. An event type that has a ``describe``
method (rulesets may add one) speaks for itself; otherwise its type name and fields are spelled
out plainly.
"""
from __future__ import annotations

import dataclasses
import re
from typing import Any

#: Event fields that name creatures (highlighted when the GM hovers the line).
CREATURE_FIELDS = ("creature", "mover", "attacker", "target", "source", "rider", "mount", "by",
                   "finder", "grabber", "helper", "trigger_by", "roller", "winner", "asked_of")
SKIP = {"Note"}  # printed as their own text
QUIET = {"DecisionAnswered", "MoveBudgetSet", "CreatureDataSet", "EncounterDataSet"}


def _words(type_name: str) -> str:
    """'FreeAttackProvoked' -> 'free attack provoked'."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", type_name).lower()


def _fmt(value: Any, names: dict[str, str]) -> str:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, tuple) and value and all(isinstance(v, int) for v in value) and len(value) == 2:
        return f"({value[0]},{value[1]})"
    if dataclasses.is_dataclass(value):
        if type(value).__name__ == "DieRoll":
            return f"d{value.sides}={value.value}" + (" typed" if value.typed else "")
        if type(value).__name__ == "Modifier" and hasattr(value, "describe"):
            return value.describe()
        if type(value).__name__ == "Affliction":
            return value.name
        if type(value).__name__ == "Body":
            return f"at ({value.square[0]},{value.square[1]})"
        return type(value).__name__
    if isinstance(value, tuple):
        return ", ".join(_fmt(v, names) for v in value[:8]) + ("..." if len(value) > 8 else "")
    return str(value)


def creature_ids(ev: Any, known: set[str]) -> tuple[str, ...]:
    """Ids of the creatures an event is about."""
    out = []
    if not dataclasses.is_dataclass(ev):
        return ()
    for f in dataclasses.fields(ev):
        v = getattr(ev, f.name)
        if isinstance(v, str) and v in known and v not in out:
            out.append(v)
        elif isinstance(v, tuple):
            out.extend(x for x in v if isinstance(x, str) and x in known and x not in out)
    return tuple(out)


def describe(ev: Any, names: dict[str, str]) -> str:
    """One line of the log for an event ('' for bookkeeping the GM need not read)."""
    tname = type(ev).__name__
    if hasattr(ev, "describe"):
        try:
            return str(ev.describe(names))
        except TypeError:
            return str(ev.describe())
    if tname in QUIET:
        return ""
    if tname == "Note":
        who = names.get(getattr(ev, "creature", ""), "")
        return f"{who}: {ev.text}" if who else str(ev.text)
    if tname == "RoundStarted":
        return f"--- Round {ev.round} ---"
    if tname == "PhaseChanged":
        return f"-- {str(getattr(ev, 'phase', '')).replace('_', ' ')} --"
    parts = []
    subject = ""
    for f in dataclasses.fields(ev):
        v = getattr(ev, f.name)
        if f.name in CREATURE_FIELDS and isinstance(v, str) and v in names and not subject:
            subject = names[v]
            continue
        if v in ("", None, (), 0) and not isinstance(v, bool):
            continue
        parts.append(f"{f.name.replace('_', ' ')} {_fmt(v, names)}")
    text = _words(tname)
    line = f"{subject} {text}" if subject else text[:1].upper() + text[1:]
    if parts:
        line += ": " + "; ".join(parts)
    return line
