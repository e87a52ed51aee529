"""Ranges for attacks and actions, all measured in 3D between the two creatures' spaces.

Seed SotDL: Attack with a Melee Weapon (within reach, or within range of a thrown weapon);
Lunging Attack (+1 yard of reach, 1 bane); Attack with a Ranged Weapon (no farther than twice
the weapon's range); Distant Shot (beyond range, up to twice it, 1 bane); Help (within 5
yards); Distract and Feint (within short range). Distances come from the movement geometry
(``distance.body_distance``: footprints and heights under the ruleset's diagonal rule); reach
itself is ``reach.reach_yd``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from game.rules.body import Body
from game.rules.geometry.distance import body_distance

#: Range bands, as the UI shows them.
REACH = "reach"
LUNGING = "lunging reach"
RANGE = "within range"
DISTANT = "distant shot"
NAMED = "within"  # "within short range", "within 5 yards"
OUT = "out of range"


@dataclass(frozen=True)
class RangeCheck:
    """Whether the target is in range, the band, its banes and a sentence for the GM."""

    distance_yd: float
    band: str
    legal: bool
    banes: int
    limit_yd: float  # the farthest this attack or action reaches
    reason: str


def _fmt(yd: float) -> str:
    """'3 yards', '1 yard', '2.5 yards'."""
    v = int(yd) if float(yd).is_integer() else round(yd, 1)
    return f"{v} yard" + ("" if v == 1 else "s")


def melee_range(
    attacker: Body,
    target: Body,
    *,
    reach_yd: float,
    lunging: bool = False,
    lunging_extra_yd: float = 1.0,
    lunging_banes: int = 1,
    rule: str = "chebyshev",
) -> RangeCheck:
    """Seed SotDL: a melee target must be within reach; lunging adds a yard at 1 bane.

    The lunging bane is the option's own (the engine's options provider adds it); here
    ``banes`` stays 0 and the band says when only the lunge reaches.

    >>> melee_range(Body((0, 0)), Body((2, 0)), reach_yd=1).reason
    'out of reach: 2 yards away, reach 1 yard'
    >>> melee_range(Body((0, 0)), Body((2, 0)), reach_yd=1, lunging=True).band
    'lunging reach'
    """
    d = body_distance(attacker, target, rule=rule)
    limit = reach_yd + (lunging_extra_yd if lunging else 0.0)
    if d <= reach_yd + 1e-9:
        return RangeCheck(
            d, REACH, True, 0, limit, f"within reach: {_fmt(d)} away, reach {_fmt(reach_yd)}"
        )
    if lunging and d <= limit + 1e-9:
        return RangeCheck(
            d, LUNGING, True, 0, limit, f"lunging: {_fmt(d)} away, reach {_fmt(limit)}"
        )
    what = f"reach {_fmt(limit)}" + (" with the lunge" if lunging else "")
    return RangeCheck(d, OUT, False, 0, limit, f"out of reach: {_fmt(d)} away, {what}")


def ranged_range(
    attacker: Body,
    target: Body,
    *,
    range_yd: float,
    distant_shot: bool = True,
    distant_multiplier: float = 2.0,
    distant_banes: int = 1,
    thrown: bool = False,
    rule: str = "chebyshev",
) -> RangeCheck:
    """Seed SotDL: within the weapon's range; Distant Shot to twice it, 1 bane; never beyond.

    ``distant_shot=False`` when another ranged option was chosen (one option per attack) or for
    a thrown melee weapon, which the chapter limits to its range.

    >>> r = ranged_range(Body((0, 0)), Body((15, 0)), range_yd=10)
    >>> r.band, r.banes, r.legal
    ('distant shot', 1, True)
    >>> ranged_range(Body((0, 0)), Body((21, 0)), range_yd=10).reason
    'out of range: 21 yards away, range 10 yards (distant shot 20 yards)'
    """
    d = body_distance(attacker, target, rule=rule)
    if d <= range_yd + 1e-9:
        return RangeCheck(
            d, RANGE, True, 0, range_yd, f"within range: {_fmt(d)} away, range {_fmt(range_yd)}"
        )
    far = range_yd * distant_multiplier
    if distant_shot and not thrown and d <= far + 1e-9:
        return RangeCheck(
            d,
            DISTANT,
            True,
            distant_banes,
            far,
            f"distant shot: {_fmt(d)} away, beyond range {_fmt(range_yd)}",
        )
    if thrown:
        return RangeCheck(
            d,
            OUT,
            False,
            0,
            range_yd,
            f"out of range: {_fmt(d)} away, thrown range {_fmt(range_yd)}",
        )
    if not distant_shot and d <= far + 1e-9:
        return RangeCheck(
            d,
            OUT,
            False,
            0,
            range_yd,
            f"out of range: {_fmt(d)} away, range {_fmt(range_yd)} (only a distant shot reaches)",
        )
    return RangeCheck(
        d,
        OUT,
        False,
        0,
        far,
        f"out of range: {_fmt(d)} away, range {_fmt(range_yd)} (distant shot {_fmt(far)})",
    )


def named_range(
    attacker: Body,
    target: Body,
    *,
    name: str,
    ranges_yd: Mapping[str, float] | None = None,
    rule: str = "chebyshev",
) -> RangeCheck:
    """Seed SotDL: Help (within 5 yards), Distract and Feint (within short range).

    ``name`` is a key of ``RulesetDef.named_ranges_yd`` ("short") or a number of yards ("5").

    >>> named_range(Body((0, 0)), Body((5, 0)), name="short", ranges_yd={"short": 5}).reason
    'within short range: 5 yards away, short range 5 yards'
    >>> named_range(Body((0, 0)), Body((6, 0)), name="5").legal
    False
    """
    table = dict(ranges_yd or {"short": 5, "medium": 20, "long": 100})
    if name in table:
        limit, label = float(table[name]), f"{name} range"
    else:
        limit, label = float(name), _fmt(float(name))
    d = body_distance(attacker, target, rule=rule)
    if d <= limit + 1e-9:
        return RangeCheck(
            d,
            NAMED,
            True,
            0,
            limit,
            f"within {label}: {_fmt(d)} away, {label} {_fmt(limit)}"
            if name in table
            else f"within {label}: {_fmt(d)} away",
        )
    return RangeCheck(
        d,
        OUT,
        False,
        0,
        limit,
        f"out of {label}: {_fmt(d)} away"
        if name in table
        else f"farther than {label}: {_fmt(d)} away",
    )


def range_band(distance_yd: float, ranges_yd: Mapping[str, float] | None = None) -> str:
    """The named range a distance falls in ("short", "medium", "long", "extreme").

    >>> [range_band(d) for d in (1, 5, 6, 100, 101)]
    ['short', 'short', 'medium', 'long', 'extreme']
    """
    table = sorted(
        (float(v), k) for k, v in (ranges_yd or {"short": 5, "medium": 20, "long": 100}).items()
    )
    for limit, name in table:
        if distance_yd <= limit + 1e-9:
            return name
    return "extreme"
