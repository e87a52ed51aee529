"""Attack modifiers from the battlefield (Seed OSR: Advanced Combat Rules, Common modifiers, Cover).

Each returns ``Modifier(reason, flat=...)`` values so the targeting preview and the log show
why a roll is +2 or -4. Violations (no bows in melee, total cover) are plain sentences.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.battlefield import Battlefield, Light, Obscurement
from game.rules.modifiers import Modifier
from game.rulesets.osr.fighters import (
    Fighter,
    angle_at,
    engaged_foes,
    gap_squares,
    segment_crosses_body,
)
from game.rulesets.osr.params import OsrParams

SEE_IN_DARK = frozenset({"darkvision", "darksight"})


@dataclass(frozen=True)
class AttackFactors:
    """Everything the battlefield says about one attack, before any die is rolled."""

    modifiers: tuple[Modifier, ...] = ()
    violations: tuple[str, ...] = ()
    unseen: bool = False  # odd natural rolls miss
    ignore_dr: bool = False  # prone target
    melee_group: tuple[str, ...] = ()  # who a ranged natural 1 may hit instead

    @property
    def legal(self) -> bool:
        """True when nothing forbids the attack."""
        return not self.violations


def flanking(
    attacker: Fighter, target: Fighter, others: Sequence[Fighter], p: OsrParams
) -> list[Modifier]:
    """+2 when an ally of the attacker, in melee with the target, stands on its far side.

    "Far side": both in melee reach of the target and the angle attacker-target-ally at the
    target's centre is at least ``flanking_min_angle_deg`` (135: opposite, or one square off).
    """
    if gap_squares(attacker.body, target.body) > p.melee_reach_yd:
        return []
    c = target.body.center_yd()
    for ally in others:
        if ally.name in (attacker.name, target.name) or ally.side != attacker.side:
            continue
        if (
            not ally.active
            or ally.has("prone")
            or gap_squares(ally.body, target.body) > p.melee_reach_yd
        ):
            continue
        if (
            angle_at(c, attacker.body.center_yd(), ally.body.center_yd())
            >= p.flanking_min_angle_deg - 1e-6
        ):
            return [
                Modifier(
                    f"flanking: {ally.shown} on the far side of {target.shown}",
                    flat=p.flanking,
                    source="position",
                )
            ]
    return []


def _paces(v: float) -> str:
    """'2 paces', '1 pace': the OSR's unit (config/rulesets/osr.yaml distance_unit)."""
    return f"{v:g} pace" + ("" if v == 1 else "s")


def high_ground(attacker: Fighter, target: Fighter, p: OsrParams) -> list[Modifier]:
    """+2 when the attacker's feet are at least ``high_ground_min_yd`` above the target's."""
    rise = attacker.body.elevation_yd - target.body.elevation_yd
    if rise >= p.high_ground_min_yd:
        return [
            Modifier(
                f"high ground: {_paces(rise / p.squares_per_pace)} above {target.shown}",
                flat=p.high_ground,
                source="position",
            )
        ]
    return []


def _best_light(bf: Battlefield, target: Fighter) -> int:
    """The brightest light on any square of the target's footprint (lit anywhere: seen)."""
    levels = [int(bf.light[y, x]) for x, y in target.body.squares() if bf.in_bounds((x, y))]
    return min(levels) if levels else int(Light.BRIGHT)


def _least_obscured(bf: Battlefield, target: Fighter) -> int:
    """The least obscurement over the target's footprint."""
    levels = [int(bf.obscurement[y, x]) for x, y in target.body.squares() if bf.in_bounds((x, y))]
    return min(levels) if levels else int(Obscurement.NONE)


def light_and_sight(
    bf: Battlefield, attacker: Fighter, target: Fighter, p: OsrParams
) -> tuple[list[Modifier], bool]:
    """Poor light -2, darkness -4 (and unseen), fog -2, invisible or hidden: odd rolls miss."""
    mods: list[Modifier] = []
    unseen_why: list[str] = []
    light = Light.BRIGHT if target.has("lit") else Light(_best_light(bf, target))
    if attacker.tags & SEE_IN_DARK:
        light = Light.BRIGHT
    if light == Light.DIM:
        mods.append(Modifier(f"poor light on {target.shown}", flat=p.poor_light, source="light"))
    elif light == Light.DARK:
        mods.append(Modifier(f"darkness on {target.shown}", flat=p.darkness, source="light"))
        unseen_why.append("in darkness")
    obsc = _least_obscured(bf, target)
    if obsc == Obscurement.HEAVY:
        mods.append(
            Modifier(
                f"{target.shown} heavily obscured", flat=p.heavy_obscurement, source="obscurement"
            )
        )
    elif obsc >= Obscurement.TOTAL:
        unseen_why.append("totally obscured")
    if target.has("invisible"):
        unseen_why.append("invisible")
    if target.has("hidden") and (not target.hidden_from or attacker.name in target.hidden_from):
        unseen_why.append("hidden")
    if unseen_why:
        mods.append(Modifier(f"unseen ({', '.join(unseen_why)}): odd rolls miss", source="unseen"))
    return mods, bool(unseen_why)


def prone(target: Fighter, p: OsrParams) -> list[Modifier]:
    """+2 against a prone target, whose damage reduction is then ignored."""
    if target.has("prone"):
        return [
            Modifier(f"{target.shown} is prone (DR ignored)", flat=p.prone, source="affliction")
        ]
    return []


def creatures_in_the_way(
    attacker: Fighter, target: Fighter, others: Sequence[Fighter]
) -> list[Fighter]:
    """Active creatures (allies included) whose footprint the shot's centre line crosses."""
    a, b = attacker.body.center_yd(), target.body.center_yd()
    return [
        o
        for o in others
        if o.name not in (attacker.name, target.name)
        and o.active
        and segment_crosses_body(a, b, o.body)
    ]


def cover(
    attacker: Fighter,
    target: Fighter,
    others: Sequence[Fighter],
    p: OsrParams,
    *,
    cover_level: str = "none",
    cover_reason: str = "",
) -> tuple[list[Modifier], list[str]]:
    """Ranged -2 against a covered target, including shooting past allies (one -2, not stacked).

    ``cover_level`` comes from the sight query ("none", "half", "three_quarters", "total").
    """
    if cover_level == "total":
        return [], [
            f"{target.shown} is totally covered{': ' + cover_reason if cover_reason else ''}"
        ]
    reasons: list[str] = []
    if cover_level in ("half", "three_quarters"):
        reasons.append(cover_reason or f"{cover_level.replace('_', '-')} cover")
    blockers = creatures_in_the_way(attacker, target, others)
    if blockers:
        reasons.append("shooting past " + ", ".join(o.shown for o in blockers))
    if reasons:
        return [Modifier("cover: " + "; ".join(reasons), flat=p.cover, source="cover")], []
    return [], []


def melee_cluster(
    target: Fighter, attacker: Fighter, others: Sequence[Fighter], reach: int
) -> tuple[str, ...]:
    """The ongoing melee the target is in (Seed OSR: a ranged natural 1 "into an ongoing melee"
    hits a random target): everyone engaged with it, and everyone engaged with them in turn
    (the whole brawl, not the shooter); () when the target is not in melee."""
    seen = {target.name}
    frontier = [target]
    while frontier:
        for o in engaged_foes(frontier.pop(), others, reach):
            if o.name not in seen and o.name != attacker.name:
                seen.add(o.name)
                frontier.append(o)
    return (target.name, *sorted(seen - {target.name})) if len(seen) > 1 else ()


def attack_factors(
    bf: Battlefield,
    attacker: Fighter,
    target: Fighter,
    others: Sequence[Fighter],
    p: OsrParams,
    *,
    ranged: bool,
    bow: bool = False,
    cover_level: str = "none",
    cover_reason: str = "",
) -> AttackFactors:
    """Collect every battlefield modifier and violation for one attack, each with its reason.

    ``others`` is every creature on the field (the attacker and target may be among them).
    """
    mods: list[Modifier] = []
    violations: list[str] = []
    foes = engaged_foes(attacker, others, p.melee_reach_yd)
    if bow and foes:
        violations.append(f"cannot use a bow in melee: {', '.join(f.shown for f in foes)} in reach")
    if not ranged:
        if gap_squares(attacker.body, target.body) > p.melee_reach_yd:
            violations.append(f"{target.shown} is out of reach")
        mods += flanking(attacker, target, others, p)
    mods += high_ground(attacker, target, p)
    seen_mods, unseen = light_and_sight(bf, attacker, target, p)
    mods += seen_mods
    mods += prone(target, p)
    group: tuple[str, ...] = ()
    if ranged:
        cmods, cviol = cover(
            attacker, target, others, p, cover_level=cover_level, cover_reason=cover_reason
        )
        mods += cmods
        violations += cviol
        group = melee_cluster(target, attacker, others, p.melee_reach_yd)
    return AttackFactors(tuple(mods), tuple(violations), unseen, target.has("prone"), group)
