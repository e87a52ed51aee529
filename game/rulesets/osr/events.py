"""The OSR ruleset's own events (names start with Osr so they never clash with SotDL's).

Generic ones (StatusChanged, AfflictionGained, CreatureDataSet, EncounterDataSet, Stepped ...)
come from the engine; these carry the OSR rolls with every die and reason, for the log.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rules.engine import DieRoll, EncounterState, Event, event, register_value
from game.rules.modifiers import Modifier
from game.rulesets.osr.formations import Formation

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


@event
class OsrStrayShot(Event):
    """A ranged natural 1 into a melee strikes a random creature in it (Seed OSR)."""

    attacker: str
    intended: str
    struck: str
    candidates: tuple[str, ...]
    dice: tuple[DieRoll, ...] = ()


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


@event
class OsrChargeRolled(Event):
    """A charge's extra paces: 1d6 + 3 more movement (Seed OSR)."""

    creature: str
    expr: str
    dice: tuple[DieRoll, ...]
    extra_paces: int


@event
class OsrDamageTaken(Event):
    """Hit points lost, after damage reduction, area reduction and the formation's cohesion."""

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


@event
class OsrBurned(Event):
    """Burning in the Milieu: that many d4s; burning then drops by 1 and grows by each 4."""

    creature: str
    dice: tuple[DieRoll, ...]
    burning_before: int
    burning_after: int


@event
class OsrAcidBurned(Event):
    """An ongoing acid effect in the Milieu: its damage dice; each 6 corrodes armour or an item."""

    creature: str
    expr: str
    dice: tuple[DieRoll, ...]
    corrosion: int


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


@event
class OsrPerilRolled(Event):
    """A treacherous battlefield's 1d6 in the Milieu; on a 1 the GM describes what happens."""

    dice: tuple[DieRoll, ...]
    happens: bool


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


@event
class OsrInitiativeRolled(Event):
    """Each side's 1d6 (with modifiers and reasons) and the order the sides act in."""

    sides: tuple[str, ...]
    dice: tuple[DieRoll, ...]
    modifiers: tuple[tuple[str, str, int], ...]  # (side, reason, value)
    totals: tuple[int, ...]
    order: tuple[tuple[str, ...], ...]

    def apply(self, state: EncounterState) -> EncounterState:
        return state.with_data(osr_order=self.order, osr_group=0)


@event
class OsrSideTurnEnded(Event):
    """The acting side (or tied sides) finished; the next in initiative order acts."""

    sides: tuple[str, ...]

    def apply(self, state: EncounterState) -> EncounterState:
        st = state.with_data(osr_group=int(state.data.get("osr_group", 0)) + 1)
        return replace(st, active=None)


@event
class OsrSwiftActRolled(Event):
    """Seize the Initiative: one swift act's skill check (resolved in order of Dexterity)."""

    creature: str
    act: str
    skill: str
    dice: tuple[DieRoll, ...]
    ranks: int
    difficulty: int
    total: int
    success: bool
    order: int
    target: str = ""
    text: str = ""


@event
class OsrMoraleChecked(Event):
    """A morale check (2d6 at most morale, mobs -1) or the leader's Lead check instead."""

    creature: str
    method: str
    dice: tuple[DieRoll, ...]
    target: int
    total: int
    success: bool
    outcome: str
    failures: int
    leader: str = ""
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        return state.with_creature(c.with_data(morale_failures=self.failures))


@event
class OsrRetreatResolved(Event):
    """A declared retreat: Athletics (or the GM's ruling on a plan) and one of four outcomes."""

    creature: str
    outcome: str
    text: str
    dice: tuple[DieRoll, ...] = ()
    total: int = 0
    difficulty: int = 0
    slot: int = 0
    ruling: str = ""


@event
class OsrSideCourse(Event):
    """In the Morale phase a side decides to continue, retreat or surrender."""

    side: str
    course: str

    def apply(self, state: EncounterState) -> EncounterState:
        courses = dict(state.data.get("osr_courses", {}))
        courses[self.side] = self.course
        return state.with_data(osr_courses=courses)


@event
class OsrTermsAgreed(Event):
    """Terms of peace under Sophia recorded in the log (White Peace, mercy, total surrender)."""

    terms: str
    losing_side: str
    other_side: str
    text: str
    accepted: bool = True


@event
class OsrFormationChanged(Event):
    """A formation is formed, moved, turned, or disbanded (``formation`` None)."""

    formation_id: str
    formation: Any = None
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        forms = dict(state.data.get("osr_formations", {}))
        if self.formation is None:
            forms.pop(self.formation_id, None)
        else:
            forms[self.formation_id] = self.formation
        return state.with_data(osr_formations=forms)
