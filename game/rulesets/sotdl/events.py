"""SotDL events (the generic ones are in game.rules.engine.basic). Listed in docs/scenarios.md."""
from __future__ import annotations

from game.rules.engine import DieRoll, EncounterState, Event, event
from game.rules.modifiers import Modifier


@event
class RollMade(Event):
    """A d20 roll: attack (vs ``target_number`` from the target's ``target_attribute``),
    challenge (vs 10) or luck; with its boon/bane dice and every modifier's reason.

    ``dice`` is the d20 then the boon or bane d6s; ``boon_die`` is the highest of those d6s,
    signed (+ for boons, - for banes).
    """

    roller: str
    kind: str
    label: str
    attribute: str
    attribute_modifier: int
    target_number: int
    total: int
    success: bool
    dice: tuple[DieRoll, ...]
    net_boons: int = 0
    boon_die: int = 0
    flat: int = 0
    target: str = ""
    target_attribute: str = ""
    action: str = ""
    modifiers: tuple[Modifier, ...] = ()


@event
class DamageRolled(Event):
    """The damage dice of a hit (``total`` = sum of dice + ``bonus``)."""

    attacker: str
    target: str
    expression: str
    dice: tuple[DieRoll, ...]
    bonus: int
    total: int
    source: str = ""


@event
class DamageTaken(Event):
    """A creature takes damage; ``damage`` is its total afterwards (never above Health)."""

    creature: str
    amount: int
    damage: int
    health: int
    source: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        return state.update_creature(self.creature, damage=self.damage)


@event
class Healed(Event):
    """A creature heals damage; ``damage`` is its total afterwards."""

    creature: str
    amount: int
    damage: int
    source: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        return state.update_creature(self.creature, damage=self.damage)


@event
class ItemDropped(Event):
    """A creature drops an object it held (disarm); it lies in the creature's square."""

    creature: str
    item: str
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        dropped = tuple(c.data.get("dropped", ())) + (self.item,)
        return state.with_creature(c.with_data(dropped=dropped))


@event
class ItemPickedUp(Event):
    """A creature picks an object up again."""

    creature: str
    item: str

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        dropped = list(c.data.get("dropped", ()))
        if self.item in dropped:
            dropped.remove(self.item)
        return state.with_creature(c.with_data(dropped=tuple(dropped)))


@event
class WeaponUnloaded(Event):
    """A weapon with the reload property was fired and must be reloaded."""

    creature: str
    weapon: str

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        unloaded = tuple(sorted(set(c.data.get("unloaded", ())) | {self.weapon}))
        return state.with_creature(c.with_data(unloaded=unloaded))


@event
class WeaponReloaded(Event):
    """Seed SotDL: Reload: the weapon is loaded again."""

    creature: str
    weapon: str

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        unloaded = tuple(w for w in c.data.get("unloaded", ()) if w != self.weapon)
        return state.with_creature(c.with_data(unloaded=unloaded))


@event
class InsanityGained(Event):
    """A creature gains Insanity."""

    creature: str
    amount: int
    total: int

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        return state.with_creature(c.with_data(insanity=self.total))


@event
class OrderRolled(Event):
    """Players who could not agree rolled a d6 each; ``order`` is highest first."""

    creatures: tuple[str, ...]
    dice: tuple[DieRoll, ...]
    order: tuple[str, ...]


@event
class ObjectAttacked(Event):
    """A worn or carried object was hit (the GM decides whether it is immune or resistant)."""

    attacker: str
    target: str
    object: str
    damage: int


@event
class ActivityDone(Event):
    """An activity with no mechanical effect here (use an item, a called shot's effect, find)."""

    creature: str
    activity: str
    description: str = ""


@event
class FateRolled(Event):
    """An incapacitated creature's end-of-round d6: 'dies', 'heals' or 'dying'."""

    creature: str
    dice: tuple[DieRoll, ...]
    outcome: str
