"""Log wording shared by the OSR events (the window prints ``describe(names)``)."""

from __future__ import annotations

from collections.abc import Mapping

from game.rules.engine import DieRoll

Names = Mapping[str, str]
NO_NAMES: Names = {}


def cname(names: Names, cid: str) -> str:
    """A creature's name for the log (its id if unknown)."""
    return names.get(cid, cid)


def faces(dice: tuple[DieRoll, ...]) -> str:
    """'[8, 3]'."""
    return str([d.value for d in dice])
