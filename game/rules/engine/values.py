"""Typed values in commands checked like config values, before any rule sees them.

A GM types a command's values (a scenario file, the window's prompts, a journal read back):
``999999999d6`` damage or 100,000,000 boons would keep the engine rolling for minutes, and a
NaN or infinite elevation would be written out as non-JSON. The limits are far above anything
the rules texts use (SotDL's largest rolls are a few d6 and a handful of boons).
"""
from __future__ import annotations

import dataclasses
import math
import re
from typing import Any

from game.rules.engine.ruleset import Violation

MAX_DICE = 1000  # dice in one expression ("1000d6")
MAX_SIDES = 1000  # sides of one die ("d1000")
MAX_BOONS = 100  # boons or banes on one roll
MAX_NUMBER = 1_000_000  # any other whole number or decimal typed into a command
#: fields holding boons or banes (their own, smaller limit)
BOON_FIELDS = frozenset({"boons", "banes", "extra_boons", "extra_banes"})
_DICE = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:[+-]\s*(\d+))?\s*$")


def dice_problem(text: str) -> str:
    """Why a dice expression is too large ('' when it is within the limits or is not dice)."""
    m = _DICE.match(text)
    if m is None:
        return ""
    if len(text) > 40:
        return f"{text[:20]}...: too many digits for dice"
    count, sides, bonus = (int(g) if g else 0 for g in m.groups())
    count = count if m.group(1) else 1
    if count > MAX_DICE:
        return f"{count} dice in {text!r}: at most {MAX_DICE}"
    if not 1 <= sides <= MAX_SIDES:
        return f"a d{sides} in {text!r}: dice have 1 to {MAX_SIDES} sides"
    if bonus > MAX_NUMBER:
        return f"+{bonus} in {text!r}: at most {MAX_NUMBER:,}"
    return ""


def value_problems(cmd: Any) -> list[Violation]:
    """Every typed value of a command out of its limits, one violation each (none: [])."""
    out: list[Violation] = []
    if dataclasses.is_dataclass(cmd) and not isinstance(cmd, type):
        for name in _names(type(cmd)):
            _check(name, getattr(cmd, name), out, 0)
    return out


#: dataclass -> its field names (every command is checked: ``dataclasses.fields`` is slow)
_NAMES: dict[type, tuple[str, ...]] = {}


def _names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _check(name: str, v: Any, out: list[Violation], depth: int) -> None:
    if isinstance(v, bool) or v is None:
        return
    if isinstance(v, int):
        limit = MAX_BOONS if name in BOON_FIELDS else MAX_NUMBER
        if abs(v) > limit:
            out.append(Violation(f"{name}: {_short(v)} is out of range (at most {limit:,})",
                                 "bad_value"))
    elif isinstance(v, float):
        if not math.isfinite(v):
            out.append(Violation(f"{name}: {v} is not a number", "bad_value"))
        elif abs(v) > MAX_NUMBER:
            out.append(Violation(f"{name}: {_short(v)} is out of range (at most {MAX_NUMBER:,})",
                                 "bad_value"))
    elif isinstance(v, str):
        why = dice_problem(v) if "d" in v or "D" in v else ""
        if why:
            out.append(Violation(f"{name}: {why}", "bad_dice"))
    elif isinstance(v, (tuple, list, frozenset)) and depth < 4:
        for x in v:
            _check(name, x, out, depth + 1)
    elif dataclasses.is_dataclass(v) and not isinstance(v, type) and depth < 4:
        for n in _names(type(v)):
            _check(f"{name}.{n}", getattr(v, n), out, depth + 1)


def _short(v: float) -> str:
    text = f"{v:,}" if isinstance(v, int) and abs(v) < 10**30 else f"{v:.3g}"
    return text
