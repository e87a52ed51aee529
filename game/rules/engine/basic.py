"""Events and commands every ruleset shares: rounds, phases, turns, decisions, afflictions."""
from __future__ import annotations

from typing import Any

from game.rules.engine.events import Command, Event, command, event
from game.rules.engine.state import (
    Affliction,
    Effect,
    EncounterState,
    TurnState,
    add_affliction,
    remove_affliction,
    replaced,
)

# --- flow ------------------------------------------------------------------------------------


@event
class CombatStarted(Event):
    """The fight begins (before round 1)."""

    note: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        return state


@event
class RoundStarted(Event):
    """A new round begins: per-round bookkeeping of every creature is reset."""

    round: int
    phase: str

    def apply(self, state: EncounterState) -> EncounterState:
        fresh = TurnState()
        creatures = {cid: replaced(c, turn=fresh) for cid, c in state.creatures.items()}
        from types import MappingProxyType

        return replaced(
            state,
            round=self.round,
            phase=self.phase,
            active=None,
            creatures=MappingProxyType(creatures),
        )


@event
class PhaseChanged(Event):
    """The round moves on to another phase (ruleset-named)."""

    round: int
    phase: str
    previous: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        return replaced(state, phase=self.phase)


@event
class TurnStarted(Event):
    """A creature begins its turn; ``kind`` is the ruleset's turn kind (SotDL: fast or slow)."""

    creature: str
    kind: str
    move_budget_yd: float
    actions_allowed: int = 1
    minor_allowed: int = 0

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        t = replaced(
            c.turn,
            taken=True,
            active=True,
            kind=self.kind,
            move_budget_yd=self.move_budget_yd,
            actions_allowed=self.actions_allowed,
            minor_allowed=self.minor_allowed,
        )
        return replaced(state.with_creature(replaced(c, turn=t)), active=self.creature)


@event
class TurnEnded(Event):
    """A creature's turn is over; it takes no other turn this round."""

    creature: str

    def apply(self, state: EncounterState) -> EncounterState:
        st = state.update_turn(self.creature, active=False)
        return replaced(st, active=None) if state.active == self.creature else st


@event
class ActionUsed(Event):
    """A creature spent its action (``action`` names the activity)."""

    creature: str
    action: str

    def apply(self, state: EncounterState) -> EncounterState:
        return state.update_turn(self.creature, action_used=True)


@event
class TriggeredActionUsed(Event):
    """A creature spent its one triggered action of the round."""

    creature: str
    action: str

    def apply(self, state: EncounterState) -> EncounterState:
        return state.update_turn(self.creature, triggered_used=True)


@event
class MinorActivityDone(Event):
    """A minor activity (draw a weapon, open a door ...) that uses no action."""

    creature: str
    description: str

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        return state.update_turn(self.creature, minor_used=c.turn.minor_used + 1)


@event
class MoveBudgetSet(Event):
    """The movement left this turn changes (a rush, a retreat, a charge, halving)."""

    creature: str
    move_budget_yd: float
    reason: str = ""
    move_used: bool = False  # the move counts as used (SotDL: standing up is the move)

    def apply(self, state: EncounterState) -> EncounterState:
        if self.move_used:
            return state.update_turn(self.creature, move_budget_yd=self.move_budget_yd,
                                     move_used=True)
        return state.update_turn(self.creature, move_budget_yd=self.move_budget_yd)


@event
class EffectExtended(Event):
    """A lasting effect now ends at the end of another round (concentration)."""

    effect_id: str
    expires_round: int | None

    def apply(self, state: EncounterState) -> EncounterState:
        e = state.effects.get(self.effect_id)
        return state.with_effect(replaced(e, expires_round=self.expires_round)) if e else state


@event
class CombatEnded(Event):
    """The fight is over; ``outcome`` says why (a side surrendered, fled or died)."""

    outcome: str
    winner: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        return replaced(state, over=True, outcome=self.outcome, active=None)


@event
class StatusChanged(Event):
    """A creature dies, flees, surrenders, or comes back ("active")."""

    creature: str
    status: str
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        st = state.update_creature(self.creature, status=self.status)
        if self.status != "active" and state.active == self.creature:
            st = replaced(st.update_turn(self.creature, active=False), active=None)
        return st


# --- afflictions and effects -------------------------------------------------------------------


@event
class AfflictionGained(Event):
    """A creature gains an affliction until the end of ``affliction.expires_round`` (or removal)."""

    creature: str
    affliction: Affliction
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        return state.with_creature(add_affliction(state.creatures[self.creature], self.affliction))


@event
class AfflictionEnded(Event):
    """A creature loses an affliction (``source`` empty: every one of that name)."""

    creature: str
    name: str
    source: str = ""
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        c = remove_affliction(state.creatures[self.creature], self.name, self.source or None)
        return state.with_creature(c)


@event
class EffectStarted(Event):
    """A lasting effect begins (a spell, a prepared action, a help boon)."""

    effect: Effect

    def apply(self, state: EncounterState) -> EncounterState:
        return replaced(state.with_effect(self.effect), next_id=state.next_id + 1)


@event
class EffectEnded(Event):
    """A lasting effect ends."""

    effect_id: str
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        return state.without_effect(self.effect_id)


@event
class CreatureDataSet(Event):
    """A ruleset-specific fact about a creature changes (loaded weapons, held items ...)."""

    creature: str
    key: str
    value: Any = None

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        return state.with_creature(c.with_data(**{self.key: self.value}))


@event
class EncounterDataSet(Event):
    """A ruleset-specific fact about the fight changes (OSR: initiative winner)."""

    key: str
    value: Any = None

    def apply(self, state: EncounterState) -> EncounterState:
        return state.with_data(**{self.key: self.value})


# --- decisions ----------------------------------------------------------------------------------


@event
class DecisionAnswered(Event):
    """A pending question was answered (log only: the answer is in the command record)."""

    decision_id: str
    kind: str
    prompt: str
    choice: Any = None
    asked_of: str = "gm"


@event
class Note(Event):
    """A line for the combat log that changes nothing (the GM's note, a ruling's reason)."""

    text: str
    creature: str = ""


# --- generic commands ---------------------------------------------------------------------------


@command
class Answer(Command):
    """Answer the pending decision: an option id, or a list of die values for a 'dice' one."""

    decision_id: str
    choice: Any = None


@command
class EnterDice(Command):
    """Type in the physical dice for the pending 'dice' decision."""

    decision_id: str
    values: tuple[int, ...] = ()


@command
class AdvancePhase(Command):
    """Go on to the ruleset's next phase (wrapping to a new round after the last)."""


@command
class StartCombat(Command):
    """Begin the fight: the ruleset's set-up (surprise, seize the initiative), then round 1."""


@command
class GMNote(Command):
    """Write a line in the log."""

    text: str
    creature: str = ""
