"""Elemental and other damage (Seed OSR: Elemental and Other Damage): lightning, fire, acid.

Every function takes a ``DieRoller`` and returns a frozen result that keeps each face, so the
engine can log the dice and replay without re-rolling.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rulesets.osr.dice import DiceExpr, DieRoller, parse_dice, roll_many

LIGHTNING = "lightning"
FIRE = "fire"
ACID = "acid"
#: damage types the rules know (config/weapons.yaml uses the same words)
DAMAGE_TYPES = ("physical", LIGHTNING, FIRE, ACID)
PHYSICAL = "physical"

#: A GM typing 8 forever must not hang the table: stop exploding after this many extra dice.
MAX_EXPLOSIONS = 50


@dataclass(frozen=True)
class DamageRoll:
    """One damage roll: the faces, any extra (exploded) faces, the total, and what it set off."""

    expr: str
    damage_type: str
    faces: tuple[int, ...]
    extra_faces: tuple[int, ...] = ()  # lightning: the d8s added by 8s
    bonus: int = 0
    burning: int = 0  # fire: how many 4s were rolled (burning levels added)
    corrosion: int = 0  # acid: how many 6s were rolled (armour or items damaged)

    @property
    def total(self) -> int:
        """Damage dealt before damage reduction (never below 0)."""
        return max(0, sum(self.faces) + sum(self.extra_faces) + self.bonus)

    def describe(self) -> str:
        """'2d8 [8, 3] +[5] = 16 lightning', for the log."""
        text = f"{self.expr} {list(self.faces)}"
        if self.extra_faces:
            text += f" +{list(self.extra_faces)}"
        text += f" = {self.total} {self.damage_type}"
        if self.burning:
            text += f", sets burning +{self.burning}"
        if self.corrosion:
            text += f", corrodes {self.corrosion}"
        return text


def explode_lightning(roll: DieRoller, faces: tuple[int, ...]) -> tuple[int, ...]:
    """Each 8 on a lightning d8 explodes into another d8, which may explode in turn.

    Seed OSR: "lightning d8s: each 8 rolled explodes, causing another d8 damage".

    >>> from game.rulesets.osr.dice import fixed_roller
    >>> explode_lightning(fixed_roller([8, 2]), (8, 3))
    (8, 2)
    """
    extra: list[int] = []
    pending = sum(1 for f in faces if f == 8)
    while pending and len(extra) < MAX_EXPLOSIONS:
        face = roll(8)
        extra.append(face)
        pending -= 1
        if face == 8:
            pending += 1
    return tuple(extra)


def count_fours(faces: tuple[int, ...]) -> int:
    """Fire: each 4 rolled sets one level of burning (Seed OSR: fire)."""
    return sum(1 for f in faces if f == 4)


def count_sixes(faces: tuple[int, ...]) -> int:
    """Acid: each 6 rolled damages armour or equipment (Seed OSR: acid)."""
    return sum(1 for f in faces if f == 6)


def roll_damage(roll: DieRoller, expr: str | DiceExpr, damage_type: str = PHYSICAL) -> DamageRoll:
    """Roll a weapon's or spell's damage with its elemental rider.

    Lightning d8s explode on 8; fire counts 4s as burning; acid counts 6s as corrosion.

    >>> from game.rulesets.osr.dice import fixed_roller
    >>> roll_damage(fixed_roller([8, 8, 1]), "1d8", "lightning").total
    17
    >>> roll_damage(fixed_roller([4, 4, 2]), "3d6", "fire").burning
    2
    """
    dice = parse_dice(expr) if isinstance(expr, str) else expr
    faces = roll_many(roll, dice.count, dice.sides)
    extra: tuple[int, ...] = ()
    burning = corrosion = 0
    if damage_type == LIGHTNING and dice.sides == 8:
        extra = explode_lightning(roll, faces)
    elif damage_type == FIRE:
        burning = count_fours(faces)
    elif damage_type == ACID:
        corrosion = count_sixes(faces)
    return DamageRoll(str(dice), damage_type, faces, extra, dice.bonus, burning, corrosion)


@dataclass(frozen=True)
class BurnTick:
    """One Milieu round of burning: the d4s rolled, the damage, and the burning left after."""

    burning_before: int
    faces: tuple[int, ...]
    burning_after: int

    @property
    def damage(self) -> int:
        """Damage the fire deals this round."""
        return sum(self.faces)


def burn_tick(roll: DieRoller, burning: int) -> BurnTick:
    """Resolve burning in the Milieu: roll that many d4s; burning drops by 1, +1 per 4 rolled.

    Seed OSR: "roll that many d4s again next round. Each round the amount of burning decreases
    by 1, but also increases for each 4 rolled for burning".

    >>> from game.rulesets.osr.dice import fixed_roller
    >>> burn_tick(fixed_roller([4, 1]), 2)
    BurnTick(burning_before=2, faces=(4, 1), burning_after=2)
    >>> burn_tick(fixed_roller([3]), 1).burning_after
    0
    """
    if burning <= 0:
        return BurnTick(0, (), 0)
    faces = roll_many(roll, burning, 4)
    return BurnTick(burning, faces, max(0, burning - 1 + count_fours(faces)))


@dataclass(frozen=True)
class AcidTick:
    """One Milieu round in acid (Seed OSR: "sinking in acid"): damage and corrosion."""

    expr: str
    faces: tuple[int, ...]
    corrosion: int

    @property
    def damage(self) -> int:
        """Damage the acid deals this round."""
        return sum(self.faces)


def acid_tick(roll: DieRoller, expr: str) -> AcidTick:
    """Resolve an ongoing acid effect in the Milieu; each 6 corrodes armour or an item.

    >>> from game.rulesets.osr.dice import fixed_roller
    >>> acid_tick(fixed_roller([6, 2]), "2d6").corrosion
    1
    """
    dice = parse_dice(expr)
    faces = roll_many(roll, dice.count, dice.sides)
    return AcidTick(str(dice), faces, count_sixes(faces))


def apply_damage_reduction(damage: int, damage_reduction: int, *, ignore: bool = False) -> int:
    """Subtract damage reduction from a hit (never below 0); prone targets ignore it.

    Seed OSR: "prone: +2 to hit against prone opponents, and may ignore DR".

    >>> apply_damage_reduction(5, 2), apply_damage_reduction(1, 2)
    (3, 0)
    >>> apply_damage_reduction(5, 2, ignore=True)
    5
    """
    if ignore:
        return max(0, damage)
    return max(0, damage - max(0, damage_reduction))
