"""The encounter's state: immutable values, replaced (never mutated) by applying events.

Immutability is what makes undo cheap (keep the state before each command) and replay exact.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from game.rules.battlefield import Battlefield, Square
from game.rules.body import Body
from game.rules.definitions import CreatureDef, Side
from game.rules.engine.derived import carry_index
from game.rules.engine.events import register_value

FROZEN_EMPTY: Mapping[str, Any] = MappingProxyType({})
T = TypeVar("T")

#: dataclass -> its field names when ``replaced`` may copy its instances' dicts (None: it may not)
_PLAIN: dict[type, frozenset[str] | None] = {}


def _plain_fields(cls: type) -> frozenset[str] | None:
    """The field names of a dataclass whose instances are their fields and nothing else: every
    field set by ``__init__`` (no InitVar, no ``init=False``) and no ``__post_init__``."""
    fs = getattr(cls, "__dataclass_fields__", None)
    names = None
    if fs is not None and not hasattr(cls, "__post_init__"):
        real = dataclasses.fields(cls)  # without ClassVar and InitVar pseudo-fields
        if len(real) == len(fs) and all(f.init for f in real):
            names = frozenset(f.name for f in real)
    _PLAIN[cls] = names
    return names


def replaced(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` for the state's frozen values, the same copy made faster: its
    walk over the fields is most of the time of applying an event (a step changes a creature,
    its turn and the state), so plain dataclasses get a copy of their instance dict."""
    cls = type(obj)
    names = _PLAIN[cls] if cls in _PLAIN else _plain_fields(cls)
    d0 = getattr(obj, "__dict__", None)
    if names is None or d0 is None or len(d0) != len(names) or not names.issuperset(changes):
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    new = object.__new__(cls)
    d = new.__dict__
    d.update(d0)
    d.update(changes)
    return new


def frozen_map(d: Mapping[str, Any] | None = None, **kw: Any) -> Mapping[str, Any]:
    """A read-only copy of a mapping (plus keyword entries)."""
    out = dict(d or {})
    out.update(kw)
    return MappingProxyType(out)


@register_value
@dataclass(frozen=True)
class Affliction:
    """A condition on a creature (prone, grabbed, defended ...) and when it ends.

    ``expires_round``: it ends at the end of that round (None: until removed). ``source`` is the
    creature or effect that caused it. ``data`` holds extra facts as sorted key/value pairs.
    """

    name: str
    source: str = ""
    expires_round: int | None = None
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        """One extra fact by key."""
        for k, v in self.data:
            if k == key:
                return v
        return default


@register_value
@dataclass(frozen=True)
class Effect:
    """A lasting effect on the encounter (a spell, a prepared action, a help boon ...)."""

    id: str
    owner: str
    name: str
    expires_round: int | None = None
    concentration: bool = False
    targets: tuple[str, ...] = ()
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        """One extra fact by key."""
        for k, v in self.data:
            if k == key:
                return v
        return default


@register_value
@dataclass(frozen=True)
class TurnState:
    """Per-round bookkeeping of one creature (reset when a round starts)."""

    taken: bool = False  # has taken (or is taking) its turn this round
    active: bool = False  # its turn is going on now
    kind: str = ""  # ruleset's turn kind: "fast", "slow" (SotDL), "" (OSR: one kind)
    action_used: bool = False
    actions_allowed: int = 1
    move_used: bool = False  # started moving (a fast turn then cannot act)
    move_budget_yd: float = 0.0  # yards of movement left this turn
    moved_yd: float = 0.0  # yards moved so far this turn
    ran_yd: float = 0.0  # of those, yards moved on foot (a jump's run-up: game.rules.run_up)
    triggered_used: bool = False  # one triggered action a round
    minor_used: int = 0
    minor_allowed: int = 0


@dataclass(frozen=True)
class CreatureState:
    """One creature in the fight: definition, side, body, damage, afflictions, bookkeeping."""

    id: str
    name: str
    definition: CreatureDef
    side: str
    body: Body
    damage: int = 0
    afflictions: tuple[Affliction, ...] = ()
    turn: TurnState = TurnState()
    status: str = "active"  # "active", "dead", "fled", "surrendered", "removed"
    data: Mapping[str, Any] = field(default_factory=lambda: FROZEN_EMPTY)

    @property
    def square(self) -> Square:
        """Top-left square of the creature's space."""
        return self.body.square

    def has(self, affliction: str) -> bool:
        """True if the creature has an affliction of that name."""
        return any(a.name == affliction for a in self.afflictions)

    def affliction(self, name: str) -> Affliction | None:
        """The first affliction of that name, or None."""
        for a in self.afflictions:
            if a.name == name:
                return a
        return None

    @property
    def in_fight(self) -> bool:
        """Still on the battlefield and taking part (not dead, fled or surrendered)."""
        return self.status == "active"

    def with_data(self, **kw: Any) -> CreatureState:
        """A copy with ruleset-specific facts set (None removes a key)."""
        d = dict(self.data)
        for k, v in kw.items():
            if v is None:
                d.pop(k, None)
            else:
                d[k] = v
        return replaced(self, data=MappingProxyType(d))


@dataclass(frozen=True)
class EncounterState:
    """Everything about a fight at one moment. Replace, never mutate.

    ``phase`` is "" before the first round; ``active`` is the creature whose turn is going on.
    ``rng_position`` counts seeded dice drawn so far (so undo restores the dice stream).
    """

    battlefield: Battlefield
    ruleset_id: str
    sides: tuple[Side, ...]
    creatures: Mapping[str, CreatureState]
    round: int = 0
    phase: str = ""
    active: str | None = None
    effects: Mapping[str, Effect] = field(default_factory=lambda: FROZEN_EMPTY)
    rng_position: int = 0
    next_id: int = 1
    over: bool = False
    outcome: str = ""
    data: Mapping[str, Any] = field(default_factory=lambda: FROZEN_EMPTY)

    # -- reading ---------------------------------------------------------------------------
    def creature(self, cid: str) -> CreatureState:
        """A creature by id (KeyError if unknown)."""
        return self.creatures[cid]

    def side(self, side_id: str) -> Side:
        """A side by id."""
        for s in self.sides:
            if s.id == side_id:
                return s
        raise KeyError(side_id)

    def controller(self, cid: str) -> str:
        """'players' or 'gm': who controls the creature's side."""
        return self.side(self.creatures[cid].side).controller

    def hostile(self, a: str, b: str) -> bool:
        """True if the two creatures are on different sides."""
        return self.creatures[a].side != self.creatures[b].side

    def in_fight(self) -> Iterator[CreatureState]:
        """Creatures still taking part."""
        return (c for c in self.creatures.values() if c.in_fight)

    def occupant(self, square: Square, *, exclude: str = "") -> str | None:
        """Id of a creature (in the fight) whose space covers the square, if any."""
        for c in self.creatures.values():
            if c.id != exclude and c.in_fight and square in c.body.squares():
                return c.id
        return None

    # -- changing (used by Event.apply only) -------------------------------------------------
    def with_creature(self, c: CreatureState) -> EncounterState:
        """A copy with one creature replaced."""
        cr = self.creatures
        d = cr.copy() if isinstance(cr, (MappingProxyType, dict)) else dict(cr)
        d[c.id] = c
        new = MappingProxyType(d)
        carry_index(cr, new, cr.get(c.id), c)  # the creature index follows the change
        return replaced(self, creatures=new)

    def update_creature(self, cid: str, **changes: Any) -> EncounterState:
        """A copy with fields of one creature changed."""
        return self.with_creature(replaced(self.creatures[cid], **changes))

    def update_turn(self, cid: str, **changes: Any) -> EncounterState:
        """A copy with one creature's per-round bookkeeping changed."""
        c = self.creatures[cid]
        return self.with_creature(replaced(c, turn=replaced(c.turn, **changes)))

    def with_effect(self, e: Effect) -> EncounterState:
        """A copy with an effect added or replaced."""
        d = dict(self.effects)
        d[e.id] = e
        return replaced(self, effects=MappingProxyType(d))

    def without_effect(self, eid: str) -> EncounterState:
        """A copy with an effect removed."""
        d = dict(self.effects)
        d.pop(eid, None)
        return replaced(self, effects=MappingProxyType(d))

    def with_data(self, **kw: Any) -> EncounterState:
        """A copy with encounter-level ruleset facts set (None removes a key)."""
        d = dict(self.data)
        for k, v in kw.items():
            if v is None:
                d.pop(k, None)
            else:
                d[k] = v
        return replaced(self, data=MappingProxyType(d))


def add_affliction(c: CreatureState, a: Affliction) -> CreatureState:
    """The creature with an affliction added (an existing one of that name and source replaced)."""
    rest = tuple(x for x in c.afflictions if not (x.name == a.name and x.source == a.source))
    return replaced(c, afflictions=rest + (a,))


def remove_affliction(c: CreatureState, name: str, source: str | None = None) -> CreatureState:
    """The creature without afflictions of that name (only from ``source`` when given)."""
    keep = tuple(
        x for x in c.afflictions if not (x.name == name and (source is None or x.source == source))
    )
    return replaced(c, afflictions=keep)


@dataclass(frozen=True)
class NewCreature:
    """A creature to put in a new encounter (what every ruleset's ``new_state`` takes)."""

    id: str
    definition: CreatureDef
    side: str
    square: Square
    name: str = ""
    elevation_yd: float | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
