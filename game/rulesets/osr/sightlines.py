"""Cover between two creatures for OSR attacks, from the sight developer's geometry.

Seed OSR: Cover (-2 to ranged). The geometry is game/rules/geometry/cover.py (issue 5); this
module only caches its index per battlefield and turns its answer into a level and a reason.
"""
from __future__ import annotations

import weakref
from typing import Any

from game.rules.battlefield import Battlefield
from game.rules.body import Body

_INDEX: weakref.WeakKeyDictionary[Battlefield, Any] = weakref.WeakKeyDictionary()
LEVELS = ("none", "half", "three_quarters", "total")


def _index(bf: Battlefield) -> Any:
    """The sight index of a battlefield, built once (battlefields never change)."""
    from game.rules.geometry.sight import SightIndex

    idx = _INDEX.get(bf)
    if idx is None:
        idx = SightIndex.build(bf)
        _INDEX[bf] = idx
    return idx


def cover_level(
    bf: Battlefield, attacker: Body, target: Body, *, attacker_prone: bool = False, target_prone: bool = False
) -> tuple[str, str]:
    """(level, reason) of the cover objects give the target against the attacker.

    Level is one of "none", "half", "three_quarters", "total". Without the sight geometry
    (an older checkout) every target is uncovered.
    """
    try:
        from game.rules.geometry.cover import cover_between
    except ImportError:  # the sight geometry is not there: no cover from objects
        return "none", ""
    if not bf.obstacles and not bf.elevation.any():
        return "none", ""
    c = cover_between(_index(bf), attacker=attacker, target=target, attacker_prone=attacker_prone,
                      target_prone=target_prone)
    level = LEVELS[int(c.level)]
    return level, (c.describe() if level != "none" else "")
