"""How OSR rules code asks for dice: one die at a time from a roller passed in, never a global.

The engine's dice source (game/rules/engine) is wrapped into a ``DieRoller`` by the plug-in, so
these functions stay testable with a fixed list of results and every face is kept in the result
(the engine records it as an event; replay never re-rolls).
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass

#: Roll one die with the given number of sides and return its face (1..sides).
DieRoller = Callable[[int], int]

_EXPR = re.compile(r"^\s*(\d*)\s*d\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$", re.IGNORECASE)
_FLAT = re.compile(r"^\s*([+-]?\d+)\s*$")


@dataclass(frozen=True)
class DiceExpr:
    """A dice expression like ``2d6+1``: count, sides and a flat bonus."""

    count: int
    sides: int
    bonus: int = 0

    def __str__(self) -> str:
        if not self.count:
            return str(self.bonus)
        tail = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{self.sides}{tail}"


def parse_dice(text: str) -> DiceExpr:
    """Parse ``"2d6+1"``, ``"d8"`` or ``"3"``; raise ValueError on anything else.

    >>> parse_dice("2d6+1"), parse_dice("d8"), parse_dice("3")
    (DiceExpr(count=2, sides=6, bonus=1), DiceExpr(count=1, sides=8, bonus=0), DiceExpr(count=0, sides=0, bonus=3))
    """
    m = _EXPR.match(text)
    if m:
        count = int(m.group(1)) if m.group(1) else 1
        bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
        return DiceExpr(count, int(m.group(2)), bonus)
    f = _FLAT.match(text)
    if f:
        return DiceExpr(0, 0, int(f.group(1)))
    raise ValueError(f"not a dice expression: {text!r}")


def roll_many(roll: DieRoller, count: int, sides: int) -> tuple[int, ...]:
    """Roll ``count`` dice of ``sides`` sides."""
    return tuple(roll(sides) for _ in range(count))


def fixed_roller(faces: Iterable[int]) -> DieRoller:
    """A roller that returns the given faces in order (tests, and dice the GM typed in).

    >>> r = fixed_roller([3, 8]); (r(6), r(8))
    (3, 8)
    """
    it: Iterator[int] = iter(faces)

    def _roll(sides: int) -> int:
        try:
            face = next(it)
        except StopIteration:
            raise ValueError(f"ran out of fixed dice (wanted a d{sides})") from None
        if not 1 <= face <= sides:
            raise ValueError(f"fixed die {face} does not fit a d{sides}")
        return face

    return _roll
