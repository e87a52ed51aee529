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
#: one hover asks for the same cover several times (legality, modifiers, the preview's lines)
_MEMO: weakref.WeakKeyDictionary[Battlefield, dict[Any, Any]] = weakref.WeakKeyDictionary()
LEVELS = ("none", "half", "three_quarters", "total")


def _index(bf: Battlefield) -> Any:
    """The sight index of a battlefield, built once (battlefields never change)."""
    from game.rules.geometry.sight import SightIndex

    idx = _INDEX.get(bf)
    if idx is None:
        idx = SightIndex.build(bf)
        _INDEX[bf] = idx
    return idx


def cover_object(
    bf: Battlefield,
    attacker: Body,
    target: Body,
    *,
    attacker_prone: bool = False,
    target_prone: bool = False,
) -> Any:
    """The sight geometry's Cover answer (level, fraction, lines), or None without it."""
    try:
        from game.rules.geometry.cover import cover_between
    except ImportError:  # the sight geometry is not there: no cover from objects
        return None
    key = (attacker, target, attacker_prone, target_prone)
    memo = _MEMO.setdefault(bf, {})
    hit = memo.get(key)
    if hit is None:
        hit = cover_between(
            _index(bf),
            attacker=attacker,
            target=target,
            attacker_prone=attacker_prone,
            target_prone=target_prone,
        )
        if len(memo) > 512:
            memo.clear()
        memo[key] = hit
    return hit


def cover_level(
    bf: Battlefield,
    attacker: Body,
    target: Body,
    *,
    attacker_prone: bool = False,
    target_prone: bool = False,
) -> tuple[str, str]:
    """(level, reason) of the cover objects give the target against the attacker.

    Level is one of "none", "half", "three_quarters", "total". Without the sight geometry
    (an older checkout) every target is uncovered.
    """
    if not bf.obstacles and not bf.elevation.any():
        return "none", ""
    c = cover_object(bf, attacker, target, attacker_prone=attacker_prone, target_prone=target_prone)
    if c is None:
        return "none", ""
    level = LEVELS[int(c.level)]
    return level, (c.describe() if level != "none" else "")
