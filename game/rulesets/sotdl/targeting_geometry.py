"""The sight geometry as the SotDL plug-in sees it: one wall index per battlefield, the fight's
light changes, memoized cover and obscurement per pair of bodies, the GM's sight rulings, and
cover in words. targeting.py (providers, checks) and sight.py (hiding) read it from here.
"""

from __future__ import annotations

import dataclasses
import weakref
from typing import Any

from game.rules.battlefield import Battlefield, Obscurement
from game.rules.engine import EncounterState, Ruleset
from game.rules.geometry.cover import PRONE_FACTOR, Cover, CoverLevel, cover_between
from game.rules.geometry.obscurement import Obscured, obscurement_banes, obscurement_between
from game.rules.geometry.sight import SightIndex

_INDEX: weakref.WeakKeyDictionary[Battlefield, SightIndex] = weakref.WeakKeyDictionary()
#: Afflictions that make a creature invisible: totally obscured (Seed SotDL: Totally Obscured).
INVISIBLE = ("invisible",)


def sight_index(bf: Battlefield) -> SightIndex:
    """The battlefield's wall index, built once (a battlefield never changes during a fight)."""
    idx = _INDEX.get(bf)
    if idx is None:
        idx = SightIndex.build(bf)
        _INDEX[bf] = idx
    return idx


_LIT: weakref.WeakKeyDictionary[Battlefield, dict[tuple[Any, ...], Battlefield]] = (
    weakref.WeakKeyDictionary()
)


def effective_battlefield(state: EncounterState) -> Battlefield:
    """The battlefield with the fight's light changes applied (the GM's ``change_light``)."""
    bf = state.battlefield
    changes = tuple(
        (tuple(int(v) for v in area), int(level))
        for area, level in (state.data.get("light_changes", ()) or ())
    )
    if not changes:
        return bf
    memo = _LIT.setdefault(bf, {})
    lit = memo.get(changes)
    if lit is None:
        light = bf.light.copy()
        for (x0, y0, x1, y1), level in changes:
            light[y0 : y1 + 1, x0 : x1 + 1] = level
        lit = dataclasses.replace(bf, light=light)
        if len(memo) > 64:
            memo.clear()
        memo[changes] = lit
    return lit


def sight_param(rs: Ruleset, key: str, default: Any) -> Any:
    """A number of the ruleset file's ``params.sight`` block (how geometry reads the rules)."""
    return dict(rs.param("sight", {}) or {}).get(key, default)


def prone_factor(rs: Ruleset) -> float:
    """Share of its standing height a prone body keeps (params.sight.prone_height_fraction)."""
    return float(sight_param(rs, "prone_height_fraction", PRONE_FACTOR))


def _light(rs: Ruleset) -> dict[str, str]:
    return dict(rs.param("light", {}) or {})


#: memo per battlefield: one hover asks for the same cover three times (check, provider, query)
_COVER: weakref.WeakKeyDictionary[Battlefield, dict[tuple[Any, ...], Cover]] = (
    weakref.WeakKeyDictionary()
)


def creature_cover(state: EncounterState, rs: Ruleset, attacker: str, target: str) -> Cover:
    """Cover the target has against the attacker (prone bodies lie low), or the GM's ruling."""
    c = _geometric_cover(state, rs, attacker, target)
    rule = ruling(state, attacker, target)
    if rule and rule[0]:
        level = CoverLevel[rule[0].upper()]
        c = dataclasses.replace(c, level=level, note=f"GM: {rule[2] or 'ruling'}")
    return c


def _geometric_cover(state: EncounterState, rs: Ruleset, attacker: str, target: str) -> Cover:
    """Cover from the battlefield's geometry, memoized per pair of bodies."""
    a, t = state.creatures[attacker], state.creatures[target]
    memo = _COVER.setdefault(state.battlefield, {})
    key = (a.body, t.body, a.has("prone"), t.has("prone"), prone_factor(rs))
    hit = memo.get(key)
    if hit is not None:
        return hit
    c = cover_between(
        sight_index(state.battlefield),
        attacker=a.body,
        target=t.body,
        attacker_prone=a.has("prone"),
        target_prone=t.has("prone"),
        prone_factor=prone_factor(rs),
    )
    if len(memo) >= 2048:
        memo.clear()
    memo[key] = c
    return c


def clear_caches() -> None:
    """Forget memoized cover and obscurement (benchmarks measure cold queries)."""
    _COVER.clear()
    _OBSCURED.clear()


_OBSCURED: weakref.WeakKeyDictionary[Battlefield, dict[tuple[Any, ...], Obscured]] = (
    weakref.WeakKeyDictionary()
)


def creature_obscurement(
    state: EncounterState, rs: Ruleset, attacker: str, target: str
) -> Obscured:
    """Obscurement the target has against the attacker (zones, light, invisibility), or the GM's."""
    o = _geometric_obscurement(state, rs, attacker, target)
    rule = ruling(state, attacker, target)
    if rule and rule[1]:
        level = Obscurement[rule[1].upper()]
        word = ("not", "partially", "heavily", "totally")[int(level)]
        o = dataclasses.replace(
            o,
            level=level,
            banes=obscurement_banes(level, rs.param("obscurement_banes", None)),
            reason=f"{word} obscured (GM: {rule[2] or 'ruling'})",
        )
    return o


def ruling(state: EncounterState, attacker: str, target: str) -> tuple[str, str, str] | None:
    """The GM's sight ruling for this pair, ``(cover, obscurement, reason)``; '' keeps geometry.

    A ruling naming the attacker beats one for everyone (``attacker == ""``).
    """
    rulings = state.creatures[target].data.get("sight_rulings", ()) or ()
    best = None
    for who, cov, obs, why in rulings:
        if who == attacker:
            return (cov, obs, why)
        if who == "":
            best = (cov, obs, why)
    return best


def _geometric_obscurement(
    state: EncounterState, rs: Ruleset, attacker: str, target: str
) -> Obscured:
    """Obscurement from zones, light and invisibility, memoized per pair of bodies."""
    a, t = state.creatures[attacker], state.creatures[target]
    bf = effective_battlefield(state)
    invisible = any(t.has(n) for n in INVISIBLE)
    memo = _OBSCURED.setdefault(bf, {})
    light = _light(rs)
    banes = rs.param("obscurement_banes", None)
    key = (
        a.body,
        t.body,
        invisible,
        tuple(sorted(light.items())),
        tuple(sorted(dict(banes or {}).items())),
    )
    hit = memo.get(key)
    if hit is not None:
        return hit
    o = obscurement_between(
        bf,
        attacker=a.body,
        target=t.body,
        light=light,
        banes=banes,
        target_invisible=invisible,
    )
    if len(memo) >= 2048:
        memo.clear()
    memo[key] = o
    return o


def hidden_from(state: EncounterState, hider: str, observer: str) -> bool:
    """True if ``hider`` is hidden from ``observer``, which has not found it (Seed SotDL: Find)."""
    c = state.creatures[hider]
    a = c.affliction("hidden")
    if a is None:
        return False
    return observer not in tuple(a.get("revealed_to", ()) or ())


def cover_words(bf: Battlefield, c: Cover) -> str:
    """'half cover behind the low wall (18/36 lines blocked)': the level, what gives it, why."""
    desc = c.describe()
    if c.note or not c.blockers:
        return desc
    names = {ob.id: (ob.name or ob.kind.replace("_", " ")) for ob in bf.obstacles}
    what = []
    for b in c.blockers:
        word = f"the {names.get(b, 'obstacle')}" if isinstance(b, int) else "the ground"
        if word not in what:
            what.append(word)
    return desc.replace(c.level.label, f"{c.level.label} behind {' and '.join(what[:2])}", 1)
