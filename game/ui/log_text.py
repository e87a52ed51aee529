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
CREATURE_FIELDS = (
    "creature",
    "mover",
    "attacker",
    "target",
    "source",
    "rider",
    "mount",
    "by",
    "finder",
    "grabber",
    "helper",
    "trigger_by",
    "roller",
    "winner",
    "asked_of",
)
SKIP = {"Note"}  # printed as their own text
QUIET = {"DecisionAnswered", "MoveBudgetSet", "CreatureDataSet", "EncounterDataSet", "ActionUsed"}


def _n(names: dict[str, str], cid: str) -> str:
    return names.get(cid, cid)


def _roll(ev: Any, names: dict[str, str]) -> str:
    """'Crossbowman: Crossbow vs Warg: d20 16, 1 bane (-6), agility +2 = 12 vs 13: miss (...)'."""
    d20 = ev.dice[0].value if ev.dice else "?"
    parts = [f"d20 {d20}" + (" typed" if ev.dice and ev.dice[0].typed else "")]
    if ev.net_boons:
        n = abs(ev.net_boons)
        word = ("boon" if ev.net_boons > 0 else "bane") + ("s" if n > 1 else "")
        parts.append(f"{n} {word} ({ev.boon_die:+d})")
    if ev.attribute_modifier:
        parts.append(f"{ev.attribute} {ev.attribute_modifier:+d}")
    if ev.flat:
        parts.append(f"{ev.flat:+d}")
    against = f"vs {ev.target_number}" if ev.target_number else ""
    won = (
        "hit"
        if ev.kind == "attack" and ev.success
        else "miss"
        if ev.kind == "attack"
        else ("success" if ev.success else "failure")
    )
    why = "; ".join(m.describe() for m in ev.modifiers)
    return (
        f"{_n(names, ev.roller)}: {ev.label}: {', '.join(parts)} = {ev.total} {against}: {won}"
        + (f" ({why})" if why else "")
    )


PHRASES = {
    "RollMade": _roll,
    "TurnStarted": lambda e, n: (
        f"{_n(n, e.creature)} takes a {e.kind} turn ({e.move_budget_yd:g} yd to move)"
        if e.kind
        else f"{_n(n, e.creature)} takes a turn"
    ),
    "TurnEnded": lambda e, n: f"{_n(n, e.creature)} ends its turn",
    "DamageRolled": lambda e, n: f"{_n(n, e.attacker)} rolls {e.expression} damage: {e.total}",
    "DamageTaken": lambda e, n: (
        f"{_n(n, e.creature)} takes {e.amount} damage ({e.damage}/{e.health})"
    ),
    "Healed": lambda e, n: f"{_n(n, e.creature)} heals {e.amount} ({e.damage} damage left)",
    "AfflictionGained": lambda e, n: f"{_n(n, e.creature)} is {e.affliction.name}",
    "AfflictionEnded": lambda e, n: f"{_n(n, e.creature)} is no longer {e.name}",
    "StatusChanged": lambda e, n: f"{_n(n, e.creature)} is {e.status}",
    "MoveStopped": lambda e, n: (
        f"{_n(n, e.creature)} stops at ({e.square[0]},{e.square[1]}): {e.reason}"
    ),
    "CombatStarted": lambda e, n: "The fight begins",
    "BodySet": lambda e, n: f"{_n(n, e.creature)} {e.reason}" if e.reason else "",
}


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
    if (
        isinstance(value, tuple)
        and value
        and all(isinstance(v, int) for v in value)
        and len(value) == 2
    ):
        return f"({value[0]},{value[1]})"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        v: Any = value
        if type(value).__name__ == "DieRoll":
            return f"d{v.sides}={v.value}" + (" typed" if v.typed else "")
        if type(value).__name__ == "Modifier" and hasattr(value, "describe"):
            return str(v.describe())
        if type(value).__name__ == "Affliction":
            return str(v.name)
        if type(value).__name__ == "Body":
            return f"at ({v.square[0]},{v.square[1]})"
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
    if tname in PHRASES:
        try:
            return PHRASES[tname](ev, names)
        except (AttributeError, IndexError, TypeError, ValueError):
            pass  # a ruleset's event of the same name with other fields: spelled out below
    if tname == "Note":
        who = names.get(getattr(ev, "creature", ""), "")
        return f"{who}: {ev.text}" if who else str(ev.text)
    if tname == "RoundStarted":
        return f"--- Round {ev.round} ---"
    if tname == "PhaseChanged":
        phase = str(getattr(ev, "phase", ""))
        return f"-- {names.get('phase:' + phase, phase.replace('_', ' '))} --"
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


def merge_steps(events: list[Any], names: dict[str, str]) -> list[tuple[str, tuple[str, ...]]]:
    """Log lines; a run of one creature's steps said once ('Spearman moves (10,4) -> (14,9)')."""
    known = set(names)
    out: list[tuple[str, tuple[str, ...]]] = []
    run: list[Any] = []

    def flush() -> None:
        if not run:
            return
        a, b = run[0], run[-1]
        yd = sum(float(getattr(e, "cost_yd", 0)) for e in run if getattr(e, "uses_budget", True))
        hows = sorted({getattr(e, "how", "walk") for e in run} - {"walk"})
        mode = getattr(a, "mode", "move")
        text = (
            f"{_n(names, a.creature)} {mode}s ({a.from_square[0]},{a.from_square[1]}) -> "
            f"({b.square[0]},{b.square[1]}), {yd:g} yd" + (f" ({', '.join(hows)})" if hows else "")
        )
        out.append((text, (a.creature,)))
        run.clear()

    for ev in events:
        if type(ev).__name__ == "Stepped" and (not run or run[-1].creature == ev.creature):
            run.append(ev)
            continue
        flush()
        if type(ev).__name__ == "Stepped":
            run.append(ev)
            continue
        text = describe(ev, names)
        if text:
            out.append((text, creature_ids(ev, known)))
    flush()
    return out
