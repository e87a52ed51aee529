"""The OSR round's events: initiative, swift acts, morale, retreat, surrender, formations."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rules.engine import DieRoll, EncounterState, Event, event
from game.rulesets.osr.logwords import NO_NAMES, Names, cname


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

    def describe(self, names: Names = NO_NAMES) -> str:
        """'Initiative: garrison 5, raiders 3: garrison acts first'."""
        parts = []
        for side, die, total in zip(self.sides, self.dice, self.totals, strict=False):
            mods = "".join(f" {v:+d} ({r})" for s2, r, v in self.modifiers if s2 == side)
            parts.append(f"{side} {die.value}{mods} = {total}" if mods else f"{side} {total}")
        rolls = ", ".join(parts)
        order = " then ".join(
            " and ".join(g) + (" (at once)" if len(g) > 1 else "") for g in self.order
        )
        return f"Initiative: {rolls}: {order}"


@event
class OsrTurnResumed(Event):
    """A creature goes on with its turn after a side-mate acted (the side acts as a whole)."""

    creature: str

    def apply(self, state: EncounterState) -> EncounterState:
        return replace(state, active=self.creature)

    def describe(self, names: Names = NO_NAMES) -> str:
        """'Ann goes on'."""
        return f"{cname(names, self.creature)} goes on"


@event
class OsrSideTurnEnded(Event):
    """The acting side (or tied sides) finished; the next in initiative order acts."""

    sides: tuple[str, ...]

    def apply(self, state: EncounterState) -> EncounterState:
        st = state.with_data(osr_group=int(state.data.get("osr_group", 0)) + 1)
        return replace(st, active=None)

    def describe(self, names: Names = NO_NAMES) -> str:
        """A side is done."""
        return f"{' and '.join(self.sides)} done; the next side acts"


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

    def describe(self, names: Names = NO_NAMES) -> str:
        """A swift act before battle."""
        res = "acts decisively" if self.success else "cannot follow through"
        return (
            f"{self.order}. {cname(names, self.creature)} swift act ({self.act}): {self.skill} "
            f"{self.total} vs {self.difficulty}: {res}"
        )


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

    def describe(self, names: Names = NO_NAMES) -> str:
        """'Raider 1 morale (the first of ... killed): 9 vs 7: flees'."""
        who = cname(names, self.creature)
        if self.method != "lead":
            head = f"{who} morale"
        elif not self.leader or self.leader == self.creature:
            head = f"{who}'s Lead"  # the leader rolls for itself: its name once
        else:
            head = f"{who} morale by {cname(names, self.leader)}'s Lead"
        cmp = "vs" if self.method == "lead" else "under"
        return f"{head} ({self.reason}): {self.total} {cmp} {self.target}: {self.outcome}"


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

    def describe(self, names: Names = NO_NAMES) -> str:
        """The retreat's outcome, in words."""
        return f"Retreat: {self.text}"


@event
class OsrSideCourse(Event):
    """In the Morale phase a side decides to continue, retreat or surrender."""

    side: str
    course: str

    def apply(self, state: EncounterState) -> EncounterState:
        courses = dict(state.data.get("osr_courses", {}))
        courses[self.side] = self.course
        return state.with_data(osr_courses=courses)

    def describe(self, names: Names = NO_NAMES) -> str:
        """A side's course."""
        return f"{self.side} chooses to {self.course}"


@event
class OsrTermsAgreed(Event):
    """Terms of peace under Sophia recorded in the log (White Peace, mercy, total surrender)."""

    terms: str
    losing_side: str
    other_side: str
    text: str
    accepted: bool = True

    def describe(self, names: Names = NO_NAMES) -> str:
        """Terms under Sophia."""
        verb = "accept" if self.accepted else "refuse"
        return f"{self.losing_side} {verb} terms with {self.other_side}: {self.text}"


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

    def describe(self, names: Names = NO_NAMES) -> str:
        """A formation changes."""
        return f"Formation {self.formation_id}: {self.reason}"
