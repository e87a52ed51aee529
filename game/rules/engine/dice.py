"""Dice sources: seeded for play and tests, manual when the GM types in physical dice.

A source never keeps hidden state: the n-th seeded die is a pure function of (seed, n), and n
(``EncounterState.rng_position``) lives in the encounter state, so undo restores the stream and
redo never re-rolls.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

_MASK = (1 << 64) - 1


def _splitmix64(x: int) -> int:
    """One step of SplitMix64: a good 64-bit mix, the same on every platform."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


class DiceSource:
    """Where dice come from. ``draw`` returns None when a person must type the die in."""

    manual = False

    def draw(self, position: int, sides: int) -> int | None:
        """The die at this position of the stream, or None if it must be typed in."""
        raise NotImplementedError


@dataclass(frozen=True)
class SeededDice(DiceSource):
    """Deterministic dice from a seed: the same seed and position give the same die.

    >>> d = SeededDice(7)
    >>> [d.draw(i, 20) for i in range(3)] == [SeededDice(7).draw(i, 20) for i in range(3)]
    True
    """

    seed: int = 0
    manual = False

    def draw(self, position: int, sides: int) -> int | None:
        """The die at this position (1..sides)."""
        x = _splitmix64(((self.seed & _MASK) * 0x100000001B3 + position) & _MASK)
        return 1 + x % sides


@dataclass(frozen=True)
class ManualDice(DiceSource):
    """The GM types in every die: the engine pauses with a 'dice' decision for each roll."""

    manual = True

    def draw(self, position: int, sides: int) -> int | None:
        """Never draws: a person rolls."""
        return None


@dataclass(frozen=True)
class ListDice(DiceSource):
    """Fixed results first (the n-th seeded die is ``values[n]``), then the seed.

    A value that does not fit the die rolled (a 9 for a d6) is asked for instead.

    >>> d = ListDice((15, 4), seed=1)
    >>> d.draw(0, 20), d.draw(1, 6), d.draw(2, 6) == SeededDice(1).draw(2, 6)
    (15, 4, True)
    """

    values: tuple[int, ...] = ()
    seed: int = 0
    manual = False

    def draw(self, position: int, sides: int) -> int | None:
        """The fixed value at this position, else the seeded die."""
        if position < len(self.values):
            v = self.values[position]
            return v if 1 <= v <= sides else None
        return SeededDice(self.seed).draw(position, sides)


_EXPR = re.compile(r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$|^\s*(\d+)\s*$")


@dataclass(frozen=True)
class DiceExpr:
    """A dice expression like '2d6+1': count, sides, flat bonus."""

    count: int
    sides: int
    bonus: int = 0

    def __str__(self) -> str:
        if self.count == 0:
            return str(self.bonus)
        b = f"{self.bonus:+d}" if self.bonus else ""
        return f"{self.count}d{self.sides}{b}"


def parse_dice(text: str) -> DiceExpr:
    """Parse '1d6', 'd20', '2d6+1', '3' (ValueError on anything else).

    >>> parse_dice("2d6+1"), parse_dice("d20")
    (DiceExpr(count=2, sides=6, bonus=1), DiceExpr(count=1, sides=20, bonus=0))
    >>> parse_dice("3")
    DiceExpr(count=0, sides=6, bonus=3)
    """
    m = _EXPR.match(str(text)) if len(str(text)) <= 40 else None
    if not m:
        raise ValueError(f"not a dice expression: {str(text)[:40]!r}")
    from game.rules.engine.values import dice_problem

    too_big = dice_problem(str(text))
    if too_big:  # '999999999d6' would roll for minutes
        raise ValueError(too_big)
    if m.group(5) is not None:
        return DiceExpr(0, 6, int(m.group(5)))
    count = int(m.group(1) or 1)
    bonus = int(m.group(4) or 0) * (-1 if m.group(3) == "-" else 1)
    return DiceExpr(count, int(m.group(2)), bonus)
