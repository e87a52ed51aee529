"""Events in words for the combat log, and which creatures each line is about.

Wording only: the facts come from the event's fields. An event type that has a ``describe``
method (rulesets may add one) speaks for itself; otherwise its type name and fields are spelled
out plainly.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from dataclasses import dataclass
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
    return names.get(cid, plain(cid))


def plain(word: Any) -> str:
    """'jump_down' -> 'jump down': ids and codes as a GM reads them."""
    return str(word).replace("_", " ")


def sq(square: Any) -> str:
    """A square as the log writes it everywhere: '(10, 4)'."""
    try:
        return f"({int(square[0])}, {int(square[1])})"
    except (TypeError, IndexError, ValueError):
        return str(square)


#: A ruleset's ``distance_unit`` (docs/config.md) in words: singular, plural
UNIT_WORDS = {"yd": ("yard", "yards"), "paces": ("pace", "paces")}


def distance(v: Any, unit: str = "yd") -> str:
    """A distance in the ruleset's unit, as the log, the previews and the prompts write it.

    >>> distance(1), distance(3.5), distance(2, "paces"), distance(1, "paces")
    ('1 yard', '3.5 yards', '2 paces', '1 pace')
    """
    one, many = UNIT_WORDS.get(unit, (unit, unit))
    v = float(v)
    return f"{v:g} {one if v == 1 else many}"


def _yd(v: Any, names: dict[str, str]) -> str:
    """An event's distance (its ``*_yd`` fields are in the ruleset's unit: OSR's are paces)."""
    return distance(v, names.get("unit:", "yd"))


def _jumped(e: Any, n: dict[str, str]) -> str:
    """'Spearman jumps down 3 yards from (10, 4) to (11, 5)' (Seed SotDL: Jump)."""
    kind = plain(getattr(e, "kind", "") or "").replace("jump ", "")
    what = f"jumps {kind}" if kind else "jumps"
    far = _yd(e.length_yd, n)
    text = f"{_n(n, e.creature)} {what} {far}, {sq(e.from_square)} to {sq(e.square)}"
    result = plain(getattr(e, "result", "") or "")
    return text + (f" ({result})" if result and result != "ok" else "")


def _fell(e: Any, n: dict[str, str]) -> str:
    dmg = f", takes {e.damage} damage" if getattr(e, "damage", 0) else ", unhurt"
    cause = f" ({plain(e.cause)})" if getattr(e, "cause", "") else ""
    return f"{_n(n, e.creature)} falls {_yd(e.height_yd, n)} at {sq(e.square)}{cause}{dmg}"


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
    # Against Defense an attack hits or misses; against another attribute (find, grab) it succeeds
    struck = ev.kind == "attack" and (getattr(ev, "target_attribute", "") or "defense") == "defense"
    won = ("hit" if ev.success else "miss") if struck else ("success" if ev.success else "failure")
    why = "; ".join(m.describe() for m in ev.modifiers)
    return (
        f"{_n(names, ev.roller)}: {ev.label}: {', '.join(parts)} = {ev.total} {against}: {won}"
        + (f" ({why})" if why else "")
    )


STATUS_WORDS = {
    "fled": "flees the battle",
    "dead": "dies",
    "surrendered": "surrenders",
    "active": "is back in the fight",
    "removed": "leaves the battlefield",
}

PHRASES = {
    "RollMade": _roll,
    "TurnStarted": lambda e, n: (
        f"{_n(n, e.creature)} takes a {plain(e.kind)} turn ({_yd(e.move_budget_yd, n)} to move)"
        if e.kind and e.kind not in (n.get("ruleset:"), "turn")
        else f"{_n(n, e.creature)} takes a turn ({_yd(e.move_budget_yd, n)} to move)"
    ),
    "TurnEnded": lambda e, n: f"{_n(n, e.creature)} ends its turn",
    "DamageRolled": lambda e, n: f"{_n(n, e.attacker)} rolls {e.expression} damage: {e.total}",
    "DamageTaken": lambda e, n: (
        f"{_n(n, e.creature)} takes {e.amount} damage ({e.damage}/{e.health})"
    ),
    "Healed": lambda e, n: f"{_n(n, e.creature)} heals {e.amount} ({e.damage} damage left)",
    "AfflictionGained": lambda e, n: (
        f"{_n(n, e.creature)} is {plain(e.affliction.name)}"
        + (f" ({plain(e.reason)})" if getattr(e, "reason", "") else "")
    ),
    "AfflictionEnded": lambda e, n: (
        f"{_n(n, e.creature)} is no longer {plain(e.name)}"
        + (f": {plain(e.reason)}" if getattr(e, "reason", "") else "")
    ),
    "StatusChanged": lambda e, n: (
        f"{_n(n, e.creature)} "
        + STATUS_WORDS.get(e.status, f"is {plain(e.status)}")
        + (f" ({plain(e.reason)})" if getattr(e, "reason", "") else "")
    ),
    "MoveStopped": lambda e, n: f"{_n(n, e.creature)} stops at {sq(e.square)}: {plain(e.reason)}",
    "CombatStarted": lambda e, n: "The fight begins",
    "BodySet": lambda e, n: f"{_n(n, e.creature)} {plain(e.reason)}" if e.reason else "",
    "Jumped": _jumped,
    "Stepped": lambda e, n: (
        f"{_n(n, e.creature)} steps from {sq(e.from_square)} to {sq(e.square)}"
        + (f" ({plain(e.mode)})" if e.mode and e.mode != "move" else "")
    ),
    "Fell": _fell,
    "FreeAttackProvoked": lambda e, n: (
        f"{_n(n, e.target)} leaves {_n(n, e.attacker)}'s reach at {sq(e.square)}: "
        "a free attack is possible"
    ),
    "TriggeredActionUsed": lambda e, n: (
        f"{_n(n, e.creature)} uses its triggered action ({plain(e.action)})"
    ),
    "MinorActivityDone": lambda e, n: f"{_n(n, e.creature)}: {plain(e.description)}",
    "ActivityDone": lambda e, n: f"{_n(n, e.creature)}: {plain(e.description or e.activity)}",
    "EffectStarted": lambda e, n: _effect_started(e, n),
    "EffectEnded": lambda e, n: (
        f"Effect {plain(e.effect_id)} ends" + (f": {plain(e.reason)}" if e.reason else "")
    ),
    "EffectExtended": lambda e, n: (
        f"Effect {plain(e.effect_id)} lasts until the end of round {e.expires_round}"
    ),
    "CombatEnded": lambda e, n: (
        "The fight is over"
        + (f": {plain(e.outcome)}" if e.outcome else "")
        + (f" ({_n(n, e.winner)} win)" if e.winner else "")
    ),
    "Placed": lambda e, n: (
        f"{_n(n, e.creature)} is put at {sq(e.square)}"
        + (f": {plain(e.reason)}" if e.reason else "")
    ),
    "ItemDropped": lambda e, n: (
        f"{_n(n, e.creature)} drops {plain(e.item)}" + (f" ({plain(e.reason)})" if e.reason else "")
    ),
    "ItemPickedUp": lambda e, n: f"{_n(n, e.creature)} picks up {plain(e.item)}",
    "WeaponUnloaded": lambda e, n: f"{_n(n, e.creature)}'s {plain(e.weapon)} needs reloading",
    "WeaponReloaded": lambda e, n: f"{_n(n, e.creature)} reloads {plain(e.weapon)}",
    "InsanityGained": lambda e, n: (
        f"{_n(n, e.creature)} gains {e.amount} Insanity ({e.total} in all)"
    ),
    "OrderRolled": lambda e, n: "Order: " + ", ".join(_n(n, c) for c in e.order),
    "ObjectAttacked": lambda e, n: (
        f"{_n(n, e.attacker)} attacks {plain(e.object)}: {e.damage} damage"
    ),
    "FateRolled": lambda e, n: (
        f"{_n(n, e.creature)} rolls fate"
        + (f" ({e.dice[0].value})" if getattr(e, "dice", ()) else "")
        + f": {plain(e.outcome)}"
    ),
    "TurnShared": lambda e, n: (
        f"{_n(n, e.creature)} shares a {plain(e.kind)} turn with {_n(n, e.partner)}"
    ),
    # set-up (game/rules/engine/setup.py)
    "CreatureJoined": lambda e, n: f"Set-up: {e.name} ({e.definition.name}) at {sq(e.body.square)}",
    "CreatureRemoved": lambda e, n: f"Set-up: {_n(n, e.creature)} is taken off the map",
    "CreatureEdited": lambda e, n: (
        f"Set-up: {e.name}: Health {e.definition.health}, damage {e.damage}, "
        f"Speed {e.definition.speed}, Defense {e.definition.defense}"
    ),
    "AfflictionsSet": lambda e, n: (
        f"Set-up: {_n(n, e.creature)} starts "
        + (", ".join(plain(a.name) for a in e.afflictions) or "without afflictions")
    ),
    "SidesSet": lambda e, n: "Set-up: sides " + ", ".join(
        f"{s.name}{' (players)' if s.controller == 'players' else ''}" for s in e.sides),
}


def _effect_started(e: Any, n: dict[str, str]) -> str:
    eff = e.effect
    who = _n(n, getattr(eff, "owner", "") or "") if getattr(eff, "owner", "") else ""
    name = plain(getattr(eff, "name", "") or "an effect")
    on = [_n(n, t) for t in getattr(eff, "targets", ()) or () if t != getattr(eff, "owner", "")]
    until = getattr(eff, "expires_round", None)
    tail = (f" on {', '.join(on)}" if on else "") + (
        f" until the end of round {until}" if until else ""
    )
    return f"{who}: {name}{tail}" if who else f"{name[:1].upper()}{name[1:]}{tail}"


def _words(type_name: str) -> str:
    """'FreeAttackProvoked' -> 'free attack provoked'."""
    return re.sub(r"(?<!^)(?=[A-Z])", " ", type_name).lower()


def _fmt(value: Any, names: dict[str, str]) -> str:
    if isinstance(value, str):
        return names.get(value, plain(value))
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
        return sq(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        v: Any = value
        if type(value).__name__ == "DieRoll":
            return f"d{v.sides}={v.value}" + (" typed" if v.typed else "")
        if type(value).__name__ == "Modifier" and hasattr(value, "describe"):
            return str(v.describe())
        if type(value).__name__ == "Affliction":
            return str(v.name)
        if type(value).__name__ == "Body":
            return f"at {sq(v.square)}"
        return type(value).__name__
    if isinstance(value, tuple):
        return ", ".join(_fmt(v, names) for v in value[:8]) + ("..." if len(value) > 8 else "")
    return str(value)


def _side_names(ev: Any, text: str, names: dict[str, str]) -> str:
    """A ruleset's own wording with its sides named ('raiders done' -> 'Raiders done')."""
    if not dataclasses.is_dataclass(ev):
        return text
    for f in dataclasses.fields(ev):
        v = getattr(ev, f.name)
        for sid in v if isinstance(v, tuple) else (v,):
            if isinstance(sid, str) and f"side:{sid}" in names:
                name = names[f"side:{sid}"]
                text = re.sub(rf"(?<![\w']){re.escape(sid)}(?![\w'])", name, text)
    return text[:1].upper() + text[1:] if text else text


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
            text = str(ev.describe(names))
        except TypeError:
            text = str(ev.describe())
        return _side_names(ev, text, names)
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
        phase = str(getattr(ev, "phase", "") or "")
        label = names.get("phase:" + phase, "") if phase else ""
        return f"--- Round {ev.round}" + (f": {label}" if label else "") + " ---"
    if tname == "PhaseChanged":
        phase = str(getattr(ev, "phase", ""))
        label = names.get("phase:" + phase, plain(phase))
        return f"-- {label[:1].upper()}{label[1:]} --"
    parts = []
    subject = ""
    for f in dataclasses.fields(ev):
        v = getattr(ev, f.name)
        if f.name in CREATURE_FIELDS and isinstance(v, str) and v in names and not subject:
            subject = names[v]
            continue
        if v in ("", None, (), 0) and not isinstance(v, bool):
            continue
        if f.name in ("dice", "uses_budget", "willing"):
            continue  # dice are in the dice panel; bookkeeping flags say nothing to the GM
        if f.name.endswith("_yd") and isinstance(v, int | float) and not isinstance(v, bool):
            parts.append(f"{plain(f.name[:-3])} {_yd(v, names)}")  # the ruleset's unit
            continue
        parts.append(f"{f.name.replace('_', ' ')} {_fmt(v, names)}")
    text = _words(tname)
    line = f"{subject} {text}" if subject else text[:1].upper() + text[1:]
    if parts:
        line += ": " + "; ".join(parts)
    return line


def _words_of(text: str) -> list[str]:
    """Words to wrap at, a square '(14, 15)' kept whole.

    >>> _words_of("from (14, 15) to (8, 2)")
    ['from', '(14, 15)', 'to', '(8, 2)']
    """
    out: list[str] = []
    for word in text.split(" "):
        if out and re.fullmatch(r"\(-?\d+,", out[-1]):
            out[-1] += " " + word
        else:
            out.append(word)
    return out


def wrap(text: str, width_px: int, measure: Any, indent: str = "    ") -> list[str]:
    """Split a log line into rows no wider than ``width_px`` (``measure(text) -> px``), at
    spaces where it can; rows after the first are indented so each line reads as one.

    >>> wrap("one two three four", 50, lambda t: 5 * len(t))
    ['one two', '    three', '    four']
    """
    rows: list[str] = []
    lead = text[: len(text) - len(text.lstrip(" "))]  # a row's own indent stays on its first row
    line = lead
    for word in _words_of(text.lstrip(" ")):
        trial = f"{line} {word}" if line.strip() else (line + word if not rows else indent + word)
        if measure(trial) <= width_px or not line.strip():
            line = trial
            while measure(line) > width_px and len(line) > len(indent) + 1:  # one long word
                cut = len(line) - 1
                while cut > len(indent) + 1 and measure(line[:cut]) > width_px:
                    cut -= 1
                rows.append(line[:cut])
                line = indent + line[cut:]
            continue
        rows.append(line)
        line = indent + word
    if line.strip():
        rows.append(line)
    return rows or [""]


#: How a run of steps reads by its walk mode ("formations from" was the mode plus an s)
MOVE_VERBS = {
    "move": "moves",
    "rush": "rushes",
    "retreat": "retreats",
    "charge": "charges",
    "escape": "escapes",
    "sneak": "sneaks",
    "forced": "is pushed",
    "shove": "is shoved",
    "pull": "pulls back",
    "pulled": "is pulled",
    "formation": "moves with its formation",
}


def fit_line(text: str, width_px: int, measure: Any) -> str:
    """The text cut at a word to fit ``width_px`` with an ellipsis (the whole text if it fits):
    the status line shows this and the whole text on hover.

    >>> fit_line("one two three", 99, len), fit_line("one two three", 10, len)
    ('one two three', 'one two…')
    """
    if measure(text) <= width_px:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        cut = " ".join(words).rstrip(",;:") + "…"
        if measure(cut) <= width_px:
            return cut
    cut = text
    while len(cut) > 1 and measure(cut + "…") > width_px:  # one long word
        cut = cut[:-1]
    return cut + "…"


@dataclass(frozen=True)
class LogEntry:
    """One line of the combat log: its words, the creatures it is about (highlighted on hover),
    the lines folded into it (a move's steps and what happened on the way, shown on demand)
    and the command record it came from (its index in the engine's history: undo to it)."""

    text: str
    ids: tuple[str, ...] = ()
    details: tuple[tuple[str, tuple[str, ...]], ...] = ()
    record: int = -1


def log_entries(records: Sequence[Sequence[Any]], names: dict[str, str]) -> list[LogEntry]:
    """The log of every command record (each a list of events): a move in one line ('Warhorse
    carries Knight 9 yards from (14, 15) to (18, 24); Bat's free attack hits Knight (3
    damage)'), its steps as the line's details; every other event a line of its own."""
    known = set(names)
    return [e for i, events in enumerate(records) for e in record_entries(events, names, known, i)]


def record_entries(
    events: Sequence[Any], names: dict[str, str], known: set[str], record: int
) -> list[LogEntry]:
    """The log lines of one command record (``log_entries``): they depend on nothing but its
    events and the names, so a long fight's log is extended, not rebuilt (game/ui/fight.py)."""
    steps = [k for k, ev in enumerate(events) if type(ev).__name__ == "Stepped"]
    if not steps:
        return _plain_entries(events, names, known, record)
    first, last = steps[0], steps[-1]
    while last + 1 < len(events) and _rides(events[last + 1]):
        last += 1  # the rider put on its mount's square after the last step
    part = list(events[first : last + 1])
    details = tuple((t, creature_ids(ev, known)) for ev in part if (t := _step_words(ev, names)))
    ids = tuple(dict.fromkeys(c for ev in part for c in creature_ids(ev, known)))
    return [
        *_plain_entries(events[:first], names, known, record),
        LogEntry(move_summary(part, names), ids, details, record),
        *_plain_entries(events[last + 1 :], names, known, record),
    ]


def _plain_entries(
    events: Sequence[Any], names: dict[str, str], known: set[str], record: int
) -> list[LogEntry]:
    return [
        LogEntry(t, creature_ids(ev, known), (), record)
        for ev in events
        if (t := describe(ev, names))
    ]


def _rides(ev: Any) -> bool:
    """A rider set down on its mount's new square (Seed SotDL: Ride: the mount carries it)."""
    return type(ev).__name__ == "Placed" and getattr(ev, "reason", "") == "rides"


def _step_words(ev: Any, names: dict[str, str]) -> str:
    """A detail line of a move: each step as its own line (never merged), the rest as usual."""
    if _rides(ev):
        return ""  # said by the summary ("carries Knight")
    return describe(ev, names)


def move_summary(part: Sequence[Any], names: dict[str, str]) -> str:
    """One line for a move: each walker's distance, start and end (the rider it carries), then
    each free attack's outcome and whatever else happened on the way (a jump, a fall ...)."""
    walkers: dict[str, list[Any]] = {}
    riders: dict[str, str] = {}
    last_walker = ""
    for ev in part:
        if type(ev).__name__ == "Stepped":
            walkers.setdefault(ev.creature, []).append(ev)
            last_walker = ev.creature
        elif _rides(ev) and last_walker:
            riders.setdefault(last_walker, ev.creature)
    phrases = []
    for who, steps in walkers.items():
        if who in riders.values() and who not in riders:
            continue  # a rider's own steps under its mount are the mount's
        a, b = steps[0], steps[-1]
        yd = sum(float(getattr(e, "cost_yd", 0)) for e in steps)
        mode = plain(getattr(a, "mode", "move") or "move")
        hows = sorted(plain(h) for h in {getattr(e, "how", "walk") for e in steps} - {"walk"})
        if who in riders:
            verb = f"carries {_n(names, riders[who])}" + (f" ({mode})" if mode != "move" else "")
        else:
            verb = MOVE_VERBS.get(mode, f"moves ({mode})")
        phrases.append(
            f"{_n(names, who)} {verb}"
            + (f" {_yd(yd, names)}" if yd else "")
            + f" from {sq(a.from_square)} to {sq(b.square)}"
            + (f" ({', '.join(hows)})" if hows else "")
        )
    return "; ".join(phrases + _on_the_way(part, names))


#: Events of a move the summary says nothing of (bookkeeping, or said by a free attack's clause)
_SILENT_ON_THE_WAY = {"Stepped", "FreeAttackProvoked", "DecisionAnswered", "TriggeredActionUsed"}


def _on_the_way(part: Sequence[Any], names: dict[str, str]) -> list[str]:
    """Clauses for what happened during a move: each free attack (hits, misses, not taken)
    with its damage, then any other event's own words."""
    said: set[int] = set()
    clauses = []
    for k, ev in enumerate(part):
        if type(ev).__name__ != "FreeAttackProvoked":
            continue
        end = next(
            (j for j in range(k + 1, len(part)) if type(part[j]).__name__ == "Stepped"), len(part)
        )
        who = getattr(ev, "attacker", "")
        roll = next(
            (
                j
                for j in range(k + 1, end)
                if who in (getattr(part[j], "roller", None), getattr(part[j], "attacker", None))
                and isinstance(getattr(part[j], "success", getattr(part[j], "hit", None)), bool)
            ),
            None,
        )
        if roll is None:
            clauses.append(f"{_n(names, who)}'s free attack is not taken")
            continue
        r = part[roll]
        hit = bool(getattr(r, "success", getattr(r, "hit", False)))
        target = str(getattr(r, "target", "") or getattr(ev, "target", ""))
        dmg = next(
            (
                j
                for j in range(roll + 1, end)
                if getattr(part[j], "amount", None) is not None
                and getattr(part[j], "creature", None) == target
            ),
            None,
        )
        text = f"{_n(names, who)}'s free attack {'hits' if hit else 'misses'} {_n(names, target)}"
        if hit and dmg is not None:
            text += f" ({part[dmg].amount} damage)"
            said.add(dmg)
        clauses.append(text)
        said |= {roll} | {
            j
            for j in range(roll + 1, end)
            if type(part[j]).__name__ in ("DamageRolled", "OsrDamageRolled")
        }
    for k, ev in enumerate(part):
        if k in said or type(ev).__name__ in _SILENT_ON_THE_WAY or _rides(ev):
            continue
        text = describe(ev, names)
        if text:
            clauses.append(text)
    return clauses


def merge_steps(events: list[Any], names: dict[str, str]) -> list[tuple[str, tuple[str, ...]]]:
    """Log lines of one command's events: a move said once (``log_entries``), the rest as is."""
    return [(e.text, e.ids) for e in log_entries([events], names)]
