"""The OSR ruleset's own events (names start with Osr so they never clash with SotDL's).

Generic ones (StatusChanged, AfflictionGained, CreatureDataSet, EncounterDataSet, Stepped ...)
come from the engine; these carry the OSR rolls with every die and reason, for the log.
"""

from __future__ import annotations

from game.rules.engine import DieRoll, EncounterState, Event, event, register_value
from game.rules.modifiers import Modifier
from game.rulesets.osr.formations import Formation
from game.rulesets.osr.logwords import NO_NAMES, Names, cname, faces

register_value(Formation)


@event
class OsrAttackRolled(Event):
    """An attack roll: d20 + bonus + flat modifiers against armour class (Seed OSR)."""

    attacker: str
    target: str
    weapon: str
    ranged: bool
    dice: tuple[DieRoll, ...]
    attack_bonus: int
    modifiers: tuple[Modifier, ...]
    armour_class: int
    total: int
    hit: bool
    why: str
    extra_attack: bool = False
    stray: bool = False
    free_attack: bool = False

    def describe(self, names: Names = NO_NAMES) -> str:
        """'Ann attacks Orc: d20 12 +1 +2 = 15 vs AC 13: hit (+2: flanking ...)'."""
        mods = "; ".join(m.describe() for m in self.modifiers)
        kind = "free attack on" if self.free_attack else "attacks"
        return f"{cname(names, self.attacker)} {kind} {cname(names, self.target)}: {self.why}" + (
            f" ({mods})" if mods else ""
        )


@event
class OsrStrayShot(Event):
    """A ranged natural 1 into a melee strikes a random creature in it (Seed OSR)."""

    attacker: str
    intended: str
    struck: str
    candidates: tuple[str, ...]
    dice: tuple[DieRoll, ...] = ()

    def describe(self, names: Names = NO_NAMES) -> str:
        """The shot into the melee strikes someone else."""
        return (
            f"{cname(names, self.attacker)}'s shot into the melee strikes "
            f"{cname(names, self.struck)} instead of {cname(names, self.intended)}"
        )


@event
class OsrDamageRolled(Event):
    """A damage roll with its elemental rider (lightning explodes, fire burns, acid corrodes)."""

    source: str
    target: str
    expr: str
    damage_type: str
    dice: tuple[DieRoll, ...]
    total: int
    burning: int = 0
    corrosion: int = 0
    area: bool = False

    def describe(self, names: Names = NO_NAMES) -> str:
        """'Ann's damage on Orc: 2d8 [8, 3] = 19 lightning'."""
        extra = (f", burning +{self.burning}" if self.burning else "") + (
            f", {self.corrosion} corroding" if self.corrosion else ""
        )
        return (
            f"{cname(names, self.source)} deals {self.expr} {faces(self.dice)} = {self.total} "
            f"{self.damage_type}{' (area)' if self.area else ''}{extra}"
        )


@event
class OsrChargeRolled(Event):
    """A charge's extra paces: 1d6 + 3 more movement (Seed OSR)."""

    creature: str
    expr: str
    dice: tuple[DieRoll, ...]
    extra_paces: int

    def describe(self, names: Names = NO_NAMES) -> str:
        """The charge's extra paces."""
        who = cname(names, self.creature)
        return f"{who} charges: {self.expr} {faces(self.dice)} = +{self.extra_paces} paces"


@event
class OsrDamageTaken(Event):
    """Hit points lost, after damage reduction, area reduction and the formation's cohesion;
    never more than the hit points left (``rolled`` keeps the whole roll)."""

    creature: str
    amount: int
    hp_after: int
    rolled: int
    reduction: int = 0
    cohesion_absorbed: int = 0
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        return state.update_creature(self.creature, damage=c.damage + self.amount)

    def describe(self, names: Names = NO_NAMES) -> str:
        """'Orc takes 5 (DR 2, cohesion 1): 3 hit points left'."""
        why = [f"DR {self.reduction}"] if self.reduction else []
        why += [f"cohesion {self.cohesion_absorbed}"] if self.cohesion_absorbed else []
        more = f" ({', '.join(why)})" if why else ""
        who = cname(names, self.creature)
        return f"{who} takes {self.amount}{more}: {self.hp_after} hit points left"


@event
class OsrCohesionChanged(Event):
    """A formation's cohesion (temporary hit points) changes."""

    formation: str
    cohesion: int
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        coh = dict(state.data.get("osr_cohesion", {}))
        coh[self.formation] = self.cohesion
        return state.with_data(osr_cohesion=coh)

    def describe(self, names: Names = NO_NAMES) -> str:
        """Cohesion left."""
        return f"Formation {self.formation} cohesion {self.cohesion}: {self.reason}"


@event
class OsrBurned(Event):
    """Burning in the Milieu: that many d4s; burning then drops by 1 and grows by each 4."""

    creature: str
    dice: tuple[DieRoll, ...]
    burning_before: int
    burning_after: int

    def describe(self, names: Names = NO_NAMES) -> str:
        """Burning in the Milieu."""
        return (
            f"{cname(names, self.creature)} burns: {self.burning_before}d4 {faces(self.dice)}, "
            f"burning {self.burning_after} now"
        )


@event
class OsrAcidBurned(Event):
    """An ongoing acid effect in the Milieu: its damage dice; each 6 corrodes armour or an item."""

    creature: str
    expr: str
    dice: tuple[DieRoll, ...]
    corrosion: int

    def describe(self, names: Names = NO_NAMES) -> str:
        """Acid in the Milieu."""
        who = cname(names, self.creature)
        return f"{who} in acid: {self.expr} {faces(self.dice)}, {self.corrosion} corroding"


@event
class OsrCorroded(Event):
    """Acid ate armour (armour class -1) or damaged an item, as the GM chose."""

    creature: str
    what: str  # "armour" or "item"
    amount: int = 1

    def apply(self, state: EncounterState) -> EncounterState:
        if self.what != "armour":
            return state
        c = state.creatures[self.creature]
        return state.with_creature(
            c.with_data(armour_damage=int(c.data.get("armour_damage", 0)) + self.amount)
        )

    def describe(self, names: Names = NO_NAMES) -> str:
        """What the acid ate."""
        what = "armour (AC -1)" if self.what == "armour" else "an item"
        return f"acid damages {cname(names, self.creature)}'s {what}"


@event
class OsrPerilRolled(Event):
    """A treacherous battlefield's 1d6 in the Milieu; on a 1 the GM describes what happens."""

    dice: tuple[DieRoll, ...]
    happens: bool

    def describe(self, names: Names = NO_NAMES) -> str:
        """The treacherous battlefield's die."""
        return f"Treacherous battlefield: d6 {faces(self.dice)}" + (
            ": something happens!" if self.happens else ""
        )


@event
class OsrConcentrationRolled(Event):
    """A caster hurt or disrupted rolls Concentration; failure wastes the Soul Points."""

    creature: str
    dice: tuple[DieRoll, ...]
    ranks: int
    difficulty: int
    total: int
    success: bool
    soul_points: int
    reason: str = ""

    def describe(self, names: Names = NO_NAMES) -> str:
        """Concentration, and the Soul Points kept or wasted."""
        end = "holds the power" if self.success else f"{self.soul_points} Soul Points wasted"
        return (
            f"{cname(names, self.creature)} Concentration ({self.reason}): {self.total} vs "
            f"{self.difficulty}: {end}"
        )


# The round's events live in round_events.py; importing them here keeps one import place.
from game.rulesets.osr.round_events import (  # noqa: E402
    OsrFormationChanged,
    OsrInitiativeRolled,
    OsrMoraleChecked,
    OsrRetreatResolved,
    OsrSideCourse,
    OsrSideTurnEnded,
    OsrSwiftActRolled,
    OsrTermsAgreed,
    OsrTurnResumed,
)

__all__ = [
    "OsrAcidBurned",
    "OsrAttackRolled",
    "OsrBurned",
    "OsrChargeRolled",
    "OsrCohesionChanged",
    "OsrConcentrationRolled",
    "OsrCorroded",
    "OsrDamageRolled",
    "OsrDamageTaken",
    "OsrFormationChanged",
    "OsrInitiativeRolled",
    "OsrMoraleChecked",
    "OsrPerilRolled",
    "OsrRetreatResolved",
    "OsrSideCourse",
    "OsrSideTurnEnded",
    "OsrStrayShot",
    "OsrSwiftActRolled",
    "OsrTermsAgreed",
    "OsrTurnResumed",
]
