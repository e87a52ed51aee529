"""Attack rolls and skill checks (Seed OSR: Natural 1s and Natural 20s; skill checks).

An attack is d20 + attack bonus + flat modifiers against armour class (ascending); the text
leaves the formula open, docs/rules/osr.md records this default.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.modifiers import Modifier, net_flat
from game.rulesets.osr.dice import DieRoller


@dataclass(frozen=True)
class AttackResult:
    """One attack roll and why it hit or missed."""

    natural: int
    attack_bonus: int
    modifiers: tuple[Modifier, ...]
    armour_class: int
    hit: bool
    why: str
    extra_attack: bool = False  # natural 20: another attack at once
    stray: bool = False  # ranged natural 1 into a melee: hits a random creature in it

    @property
    def total(self) -> int:
        """Natural roll plus attack bonus plus every flat modifier."""
        return self.natural + self.attack_bonus + net_flat(self.modifiers)


def resolve_attack(
    natural: int,
    *,
    attack_bonus: int,
    modifiers: Sequence[Modifier],
    armour_class: int,
    unseen: bool = False,
    ranged: bool = False,
    into_melee: bool = False,
    die: int = 20,
) -> AttackResult:
    """Hit or miss: natural 1 misses (ranged into melee: strays), odd rolls miss unseen foes,
    natural 20 hits and grants another attack, otherwise total >= armour class hits.

    >>> resolve_attack(20, attack_bonus=0, modifiers=(), armour_class=30).extra_attack
    True
    >>> resolve_attack(13, attack_bonus=5, modifiers=(), armour_class=10, unseen=True).why
    'odd roll 13 against an unseen foe misses'
    """
    mods = tuple(modifiers)
    total = natural + attack_bonus + net_flat(mods)

    def result(hit: bool, why: str, **kw: bool) -> AttackResult:
        return AttackResult(natural, attack_bonus, mods, armour_class, hit, why, **kw)

    if natural == 1:
        if ranged and into_melee:
            return result(
                False,
                "natural 1 into a melee: the shot strikes a random creature in it",
                stray=True,
            )
        return result(False, "natural 1 always misses")
    if unseen and natural % 2 == 1:
        return result(False, f"odd roll {natural} against an unseen foe misses")
    if natural == die:
        return result(True, f"natural {die}: hits, and another attack at once", extra_attack=True)
    if total >= armour_class:
        return result(True, f"{total} against AC {armour_class}: hit")
    return result(False, f"{total} against AC {armour_class}: miss")


@dataclass(frozen=True)
class SkillCheck:
    """A skill check: d20 + ranks + modifier against a difficulty the GM sets."""

    skill: str
    natural: int
    ranks: int
    modifier: int
    difficulty: int

    @property
    def total(self) -> int:
        """Natural roll plus ranks plus modifier."""
        return self.natural + self.ranks + self.modifier

    @property
    def success(self) -> bool:
        """Total at least the difficulty."""
        return self.total >= self.difficulty

    @property
    def margin(self) -> int:
        """How far above (or below, negative) the difficulty the total landed."""
        return self.total - self.difficulty

    def describe(self) -> str:
        """'athletics: 12 + 2 = 14 vs 10: success'."""
        mod = f" {self.modifier:+d}" if self.modifier else ""
        word = "success" if self.success else "failure"
        head = f"{self.skill}: {self.natural} + {self.ranks}{mod} = {self.total}"
        return f"{head} vs {self.difficulty}: {word}"


def skill_check(
    roll: DieRoller, skill: str, ranks: int, difficulty: int, *, modifier: int = 0, die: int = 20
) -> SkillCheck:
    """Roll a skill check (Seed OSR: Seize the Initiative, Retreat, Lead, Concentration).

    >>> from game.rulesets.osr.dice import fixed_roller
    >>> skill_check(fixed_roller([8]), "athletics", 2, 10).success
    True
    """
    return SkillCheck(skill, roll(die), ranks, modifier, difficulty)
