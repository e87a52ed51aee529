"""Falls: how far, where the creature lands, and the damage dice by the ruleset's falling rule.

Seed SotDL: Jump ("if you try to jump down beyond this distance, you instead fall"), Balance,
Climb, Fly, Ride. The combat chapter gives no falling damage; the ruleset file's
``params.falling`` does (config/rulesets/sotdl.yaml, the published game's rule as we know it:
1d6 per 2 yards fallen from 2 yards up, at most 20d6, landing prone). Defaults below match it.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from game.rules.battlefield import Battlefield
from game.rules.body import Body
from game.rules.definitions import RulesetDef

_DICE = re.compile(r"^\s*(\d*)d(\d+)\s*$")


@dataclass(frozen=True)
class FallingRule:
    """The ruleset file's ``params.falling`` (keys: min_height_yd, step_yd, damage_dice,
    max_damage_dice, lands_prone)."""

    min_height_yd: float = 2.0
    step_yd: float = 2.0
    damage_dice: str = "1d6"
    max_damage_dice: str = "20d6"
    lands_prone: bool = True

    @classmethod
    def from_ruleset(cls, ruleset: RulesetDef | None) -> FallingRule:
        """Read ``params.falling``, keeping a default for each missing key."""
        p = dict((ruleset.params.get("falling", {}) if ruleset else {}) or {})
        d = cls()
        return cls(
            min_height_yd=float(p.get("min_height_yd", d.min_height_yd)),
            step_yd=float(p.get("step_yd", d.step_yd)),
            damage_dice=str(p.get("damage_dice", d.damage_dice)),
            max_damage_dice=str(p.get("max_damage_dice", d.max_damage_dice)),
            lands_prone=bool(p.get("lands_prone", d.lands_prone)),
        )


def _dice(expr: str) -> tuple[int, int]:
    m = _DICE.match(expr)
    if not m:
        raise ValueError(f"falling damage dice {expr!r}: expected like '1d6'")
    return int(m.group(1) or 1), int(m.group(2))


def fall_damage_dice(height_yd: float, *, rule: FallingRule | None = None) -> str:
    """Damage dice for a fall of ``height_yd`` yards ('' for none).

    >>> fall_damage_dice(1), fall_damage_dice(2), fall_damage_dice(7), fall_damage_dice(100)
    ('', '1d6', '3d6', '20d6')
    """
    r = rule or FallingRule()
    if height_yd + 1e-9 < r.min_height_yd:
        return ""
    n, die = _dice(r.damage_dice)
    cap, _ = _dice(r.max_damage_dice)
    count = min(cap, n * int(math.floor(height_yd / r.step_yd + 1e-9)))
    return f"{count}d{die}" if count > 0 else ""


@dataclass(frozen=True)
class Fall:
    """A fall: from which elevation, onto which ground, and the damage dice."""

    body: Body  # where the creature lands (feet on the ground)
    from_yd: float
    height_yd: float
    damage_dice: str
    lands_prone: bool


def ground_under(bf: Battlefield, body: Body) -> float:
    """Highest ground under a footprint, in yards (what a falling creature lands on).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> ground_under(parse_ascii('''
    ... 13
    ... 00
    ... '''), Body((0, 0), space=2))
    3.0
    """
    return max(bf.elevation_at(sq) for sq in body.squares() if bf.in_bounds(sq))


def fall(
    bf: Battlefield, *, body: Body, from_yd: float | None = None, rule: FallingRule | None = None
) -> Fall:
    """The fall of a creature whose footprint is over ``body.square`` from ``from_yd`` (default:
    ``body.elevation_yd``) to the ground below (Seed SotDL: Jump Down, Fly).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> f = fall(parse_ascii('..'), body=Body((1, 0), elevation_yd=6.0))
    >>> (f.height_yd, f.damage_dice, f.body.elevation_yd, f.lands_prone)
    (6.0, '3d6', 0.0, True)
    """
    r = rule or FallingRule()
    top = body.elevation_yd if from_yd is None else from_yd
    ground = ground_under(bf, body)
    height = max(0.0, top - ground)
    dice = fall_damage_dice(height, rule=r)
    return Fall(body.moved_to(body.square, ground), top, height, dice, r.lands_prone)
