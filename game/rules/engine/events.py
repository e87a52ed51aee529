"""Events, commands and their JSON form: frozen dataclasses registered by type name.

Every event and command is a frozen dataclass; ``to_dict`` gives a JSON-ready dict with a
``"type"`` key, and ``from_dict`` turns it back. Values nested inside (Body, Modifier, DieRoll,
Affliction ...) are registered the same way, so events round-trip through JSON Lines and saves.
"""
from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar, dataclass_transform

from game.rules.body import Body
from game.rules.modifiers import Modifier

if TYPE_CHECKING:
    from game.rules.engine.state import EncounterState

#: type name -> class, for everything that can appear in an event or command's JSON form.
VALUE_TYPES: dict[str, type] = {}
T = TypeVar("T")


def register_value(cls: type[T]) -> type[T]:
    """Register a frozen dataclass so it round-trips through ``to_dict``/``from_dict``."""
    name = cls.__name__
    if name in VALUE_TYPES and VALUE_TYPES[name] is not cls:
        raise ValueError(f"two value types are called {name}")
    VALUE_TYPES[name] = cls
    return cls


register_value(Body)
register_value(Modifier)


#: dataclass -> its field names (``dataclasses.fields`` is slow on the journal's every line)
_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def encode(value: Any) -> Any:
    """A JSON-ready form of a value (dataclasses become dicts with a ``type`` key).

    >>> encode(Modifier("prone", boons=-1))
    {'type': 'Modifier', 'reason': 'prone', 'boons': -1, 'flat': 0, 'source': ''}
    """
    names = _FIELD_NAMES.get(type(value))
    if names is None and dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = _FIELD_NAMES[type(value)] = tuple(f.name for f in dataclasses.fields(value))
    if names is not None:
        out: dict[str, Any] = {"type": type(value).__name__}
        for name in names:
            out[name] = encode(getattr(value, name))
        return out
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    if isinstance(value, (frozenset, set)):
        return sorted(encode(v) for v in value)
    if isinstance(value, Mapping):
        return {str(k): encode(v) for k, v in value.items()}
    return value


def decode(value: Any) -> Any:
    """The inverse of ``encode``: dicts with a known ``type`` become dataclasses, lists tuples."""
    if isinstance(value, list):
        return tuple(decode(v) for v in value)
    if isinstance(value, dict):
        tname = value.get("type")
        if isinstance(tname, str) and tname in VALUE_TYPES:
            cls = VALUE_TYPES[tname]
            names = {f.name: f for f in dataclasses.fields(cls)}
            kwargs = {}
            for k, v in value.items():
                if k == "type" or k not in names:
                    continue
                dv = decode(v)
                if "frozenset" in str(names[k].type) and isinstance(dv, tuple):
                    dv = frozenset(dv)
                kwargs[k] = dv
            return cls(**kwargs)
        return {k: decode(v) for k, v in value.items()}
    return value


@dataclasses.dataclass(frozen=True)
class Event:
    """Something that happened, past tense; ``apply`` is the only way state changes.

    Subclasses are frozen dataclasses decorated with ``@event``. ``dice`` fields (tuples of
    DieRoll) are how the engine knows how many seeded dice an event consumed.
    """

    def apply(self, state: EncounterState) -> EncounterState:
        """The state after this event (default: unchanged, a log-only event)."""
        return state

    def seeded_dice(self) -> int:
        """How many dice in this event came from the seeded source (advances its position)."""
        n = 0
        names = _FIELD_NAMES.get(type(self))
        if names is None:
            names = _FIELD_NAMES[type(self)] = tuple(f.name for f in dataclasses.fields(self))
        for name in names:
            v = getattr(self, name)
            if isinstance(v, tuple):
                for d in v:
                    if isinstance(d, DieRoll) and not d.typed:
                        n += 1
            elif isinstance(v, DieRoll) and not v.typed:
                n += 1
        return n

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with the event's type name."""
        return encode(self)

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Event:
        """Rebuild an event from ``to_dict``'s output."""
        ev = decode(dict(data))
        if not isinstance(ev, Event):
            raise ValueError(f"not an event: {data.get('type')!r}")
        return ev


E = TypeVar("E")


@dataclass_transform(frozen_default=True)
def event(cls: type[E]) -> type[E]:
    """Class decorator: a frozen dataclass event registered for JSON round trips."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    register_value(cls)
    return cls


@dataclasses.dataclass(frozen=True)
class Command:
    """What someone asks for, imperative (``Move``, ``Attack``); subclasses use ``@command``."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready dict with the command's type name."""
        return encode(self)

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Command:
        """Rebuild a command from ``to_dict``'s output."""
        cmd = decode(dict(data))
        if not isinstance(cmd, Command):
            raise ValueError(f"not a command: {data.get('type')!r}")
        return cmd


def walked_after(*, default: tuple[Any, ...] = ()) -> Any:
    """A command's ``path`` walked after its act, where the player picks (a pull drags its
    victim there), not one that takes the actor to its act (a charge): the field's metadata
    says so (``walks_after``), for whoever asks for the path. (``default=()`` is written out
    at the field so type checkers see it has one.)"""
    return dataclasses.field(default=default, metadata={"walked": "after"})


def one_of(*choices: str, default: str) -> Any:
    """A command's field that takes one of a few named values (a charge's attack: attack,
    knock_down or shove): the field's metadata lists them, for a window to offer."""
    return dataclasses.field(default=default, metadata={"choices": choices})


@functools.cache  # asked on every target hover, of every command type of the ruleset
def choices_of(cmd_type: type) -> tuple[str, tuple[str, ...]]:
    """The command type's field that takes named values (``one_of``) and those of them that
    are not its default: ('', ()) when it has none."""
    for f in dataclasses.fields(cmd_type):
        if f.metadata.get("choices"):
            return f.name, tuple(c for c in f.metadata["choices"] if c != f.default)
    return "", ()


def walks_after(cmd_type: type) -> bool:
    """True if the command type's ``path`` is walked after its act (``walked_after``)."""
    f = {f.name: f for f in dataclasses.fields(cmd_type)}.get("path")
    return f is not None and f.metadata.get("walked") == "after"


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, walked_after))
def command(cls: type[E]) -> type[E]:
    """Class decorator: a frozen dataclass command registered for JSON round trips."""
    cls = dataclasses.dataclass(frozen=True)(cls)
    register_value(cls)
    return cls


@register_value
@dataclasses.dataclass(frozen=True)
class DieRoll:
    """One die: its sides, what it showed, and whether a person typed it in."""

    sides: int
    value: int
    typed: bool = False

