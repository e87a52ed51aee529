"""Boons, banes and flat modifiers with their reasons: the one place attack modifiers are collected.

Every automated ruling shows its reason (USERS.md), so a roll never carries a bare number: it
carries the list of Modifier values that made it, and the UI and the log print them.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Modifier:
    """One reason a roll is easier or harder.

    SotDL uses ``boons`` (positive: boons, negative: banes). The OSR rules use ``flat``
    (+2 flanking, -4 darkness). ``source`` groups reasons for the UI ("cover", "option",
    "affliction", "obscurement", "range", ...); ``reason`` is what the GM reads.
    """

    reason: str
    boons: int = 0
    flat: int = 0
    source: str = ""

    def describe(self) -> str:
        """'1 bane: lunging attack', '2 boons: feint', '+2: flanking'."""
        if self.boons:
            n = abs(self.boons)
            word = ("boon" if self.boons > 0 else "bane") + ("s" if n > 1 else "")
            return f"{n} {word}: {self.reason}"
        if self.flat:
            return f"{self.flat:+d}: {self.reason}"
        return self.reason


def net_boons(mods: Iterable[Modifier]) -> int:
    """Boons and banes cancel one for one (Seed SotDL: boons and banes).

    >>> net_boons([Modifier("prepared", boons=1), Modifier("cover", boons=-2)])
    -1
    """
    return sum(m.boons for m in mods)


def net_flat(mods: Iterable[Modifier]) -> int:
    """Sum of flat modifiers (OSR: +2 flanking, -2 poor light ...).

    >>> net_flat([Modifier("flanking", flat=2), Modifier("darkness", flat=-4)])
    -2
    """
    return sum(m.flat for m in mods)
