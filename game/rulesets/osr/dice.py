"""How OSR rules code asks for dice: one die at a time from a roller passed in, never a global.

The engine's dice source (game/rules/engine) is wrapped into a ``DieRoller`` by the plug-in, so
these functions stay testable with a fixed list of results and every face is kept in the result
(the engine records it as an event; replay never re-rolls).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING

from game.rules.engine.dice import DiceExpr, parse_dice
from game.rules.engine.events import DieRoll

if TYPE_CHECKING:
    from game.rules.engine.engine import Context

__all__ = ["DiceExpr", "DieRoller", "CtxRoller", "fixed_roller", "parse_dice", "roll_many"]

#: Roll one die with the given number of sides and return its face (1..sides).
DieRoller = Callable[[int], int]


def roll_many(roll: DieRoller, count: int, sides: int) -> tuple[int, ...]:
    """Roll ``count`` dice of ``sides`` sides (in one go when the roller can: one prompt for
    the GM typing in 2d6, not two)."""
    many = getattr(roll, "many", None)
    if many is not None and count > 1:
        return tuple(many(count, sides))
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


class CtxRoller:
    """A ``DieRoller`` over the engine's context: each die comes from ``ctx.roll`` (typed in,
    seeded, or asked of the GM) and is kept in ``dice`` for the event that reports it."""

    def __init__(self, ctx: Context, purpose: str, asked_of: str = "gm") -> None:
        self.ctx = ctx
        self.purpose = purpose
        self.asked_of = asked_of
        self.dice: list[DieRoll] = []

    def __call__(self, sides: int) -> int:
        d = self.ctx.roll(sides, 1, self.purpose, self.asked_of)[0]
        self.dice.append(d)
        return d.value

    def many(self, count: int, sides: int) -> tuple[int, ...]:
        """Several dice of one kind at once (one question when the GM types them in)."""
        ds = self.ctx.roll(sides, count, self.purpose, self.asked_of)
        self.dice.extend(ds)
        return tuple(d.value for d in ds)

    def take(self) -> tuple[DieRoll, ...]:
        """The dice rolled since the last take (for one event's ``dice`` field)."""
        out, self.dice = tuple(self.dice), []
        return out
