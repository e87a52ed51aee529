"""Set-up before the fight: add, edit, remove and place creatures, name the sides (issue 11).

Set-up steps are engine commands like any other, so they are undone with Ctrl+Z, written to the
journal and replayed after a crash. Each event carries every fact it needs (a new creature's
whole definition), so a replay needs no config. They are legal only before the first round;
set-up moves are not combat moves (no path, no free attacks: a ``Placed`` event).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import fields, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from game.rules.battlefield import Square
from game.rules.body import Body
from game.rules.definitions import CreatureDef, Side
from game.rules.engine.basic import AfflictionGained, CreatureDataSet
from game.rules.engine.events import Command, Event, command, event, register_value
from game.rules.engine.placing import (
    free_squares_near,
    mount_of,
    own_body,
    plays_riding,
    rider_on,
    space_problem,
    stand_square,
)
from game.rules.engine.ruleset import Ruleset, Violation
from game.rules.engine.state import Affliction, CreatureState, EncounterState, frozen_map
from game.rules.engine.walk import Placed

if TYPE_CHECKING:
    from game.rules.engine.engine import Context

register_value(CreatureDef)
register_value(Side)

_DEF_FIELDS = {f.name for f in fields(CreatureDef)}


# --- events ------------------------------------------------------------------------------------


@event
class CreatureJoined(Event):
    """Set-up: a creature is put on the battlefield (its whole definition, for replay)."""

    creature: str
    name: str
    definition: CreatureDef
    side: str
    body: Body

    def apply(self, state: EncounterState) -> EncounterState:
        c = CreatureState(self.creature, self.name, self.definition, self.side, self.body)
        return state.with_creature(c)


@event
class CreatureRemoved(Event):
    """Set-up: a creature is taken off the battlefield (it was never in the fight)."""

    creature: str

    def apply(self, state: EncounterState) -> EncounterState:
        d = dict(state.creatures)
        d.pop(self.creature, None)
        return replace(state, creatures=MappingProxyType(d))


@event
class CreatureEdited(Event):
    """Set-up: what the GM changes at the table: name, side, stats (a new definition), damage."""

    creature: str
    name: str
    side: str
    definition: CreatureDef
    damage: int
    body: Body

    def apply(self, state: EncounterState) -> EncounterState:
        return state.update_creature(self.creature, name=self.name, side=self.side,
                                     definition=self.definition, damage=self.damage,
                                     body=self.body)


@event
class AfflictionsSet(Event):
    """Set-up: a creature starts the fight with exactly these afflictions."""

    creature: str
    afflictions: tuple[Affliction, ...]

    def apply(self, state: EncounterState) -> EncounterState:
        return state.update_creature(self.creature, afflictions=tuple(self.afflictions))


@event
class SidesSet(Event):
    """Set-up: the sides of the fight (names, who controls each)."""

    sides: tuple[Side, ...]

    def apply(self, state: EncounterState) -> EncounterState:
        return replace(state, sides=tuple(self.sides))


# --- commands ----------------------------------------------------------------------------------


@command
class AddCreatures(Command):
    """Set-up: ``count`` creatures of one definition on free squares nearest ``square``,
    numbered ("Goblin 1" ... "Goblin 4") when there are several or the name is taken."""

    definition: CreatureDef
    side: str
    square: Square
    count: int = 1
    name: str = ""
    elevation_yd: float | None = None


@command
class RemoveCreature(Command):
    """Set-up: take a creature off the battlefield."""

    creature: str


@command
class PlaceCreature(Command):
    """Set-up: put a creature on any free square (not a move: nothing is provoked)."""

    creature: str
    square: Square
    elevation_yd: float | None = None


@command
class EditCreature(Command):
    """Set-up: change a creature's name, side, stats (``definition``, or ``changes`` to the one
    it has), damage, afflictions or facts (``data``: token art, player character); a field left
    at its default is unchanged."""

    creature: str
    name: str = ""
    side: str = ""
    definition: CreatureDef | None = None
    damage: int | None = None
    afflictions: tuple[str, ...] | None = None
    data: tuple[tuple[str, Any], ...] = ()
    #: stat changes (field, value) on the definition it has then (a scenario's ``stats:``)
    changes: tuple[tuple[str, Any], ...] = ()


@command
class SetSides(Command):
    """Set-up: the sides (ids, names, controllers); sides with creatures must stay."""

    sides: tuple[Side, ...]


@command
class SetMount(Command):
    """Set-up: the rider starts the fight in its mount's saddle (an encounter's ``mounted_on``);
    ``mount`` '' puts it back on its own feet beside the mount."""

    rider: str
    mount: str = ""


SETUP_COMMANDS = (AddCreatures, RemoveCreature, PlaceCreature, EditCreature, SetSides, SetMount)


# --- checks (pure) -----------------------------------------------------------------------------


def _v(reason: str, code: str) -> Violation:
    return Violation(reason, code)


def before_fight(state: EncounterState) -> list[Violation]:
    """Set-up happens before the first round."""
    if state.round > 0 or state.phase:
        return [_v("the fight has started: set-up is over (undo back to it to change it)",
                   "fight_started")]
    return []


def setup_problems(state: EncounterState) -> list[str]:
    """Why the fight cannot start yet: no creatures, a side with none, no players' side."""
    if not state.creatures:
        return ["there are no creatures on the map: add some from the bestiary"]
    out: list[str] = []
    for s in state.sides:
        if not any(c.side == s.id for c in state.creatures.values()):
            out.append(f"side '{s.name}' has no creatures: add some or remove the side")
    if len({c.side for c in state.creatures.values()}) < 2:
        out.append("every creature is on one side: a fight needs two")
    return out


def _numbered(state: EncounterState, name: str, count: int) -> list[str]:
    """Names for new creatures: 'Goblin' alone, else numbered after the highest 'Goblin N' (a
    lone 'Goblin' counts as 1)."""
    pattern = re.compile(re.escape(name) + r"(?: (\d+))?")
    numbers = [int(m.group(1) or 1) for c in state.creatures.values()
               if (m := pattern.fullmatch(c.name))]
    if count == 1 and not numbers:
        return [name]
    start = max(numbers, default=0) + 1
    return [f"{name} {n}" for n in range(start, start + count)]


def _new_id(state: EncounterState, name: str, used: set[str]) -> str:
    base = "".join(ch if ch.isalnum() else "_" for ch in name.lower()).strip("_") or "creature"
    cid, n = base, 1
    while cid in state.creatures or cid in used:
        n += 1
        cid = f"{base}_{n}"
    used.add(cid)
    return cid


def _side_ok(state: EncounterState, side: str) -> list[Violation]:
    if side not in {s.id for s in state.sides}:
        names = ", ".join(s.id for s in state.sides) or "none yet"
        return [_v(f"there is no side '{side}' (sides: {names})", "unknown_side")]
    return []


# --- handlers ----------------------------------------------------------------------------------


def _v_add(state: EncounterState, cmd: AddCreatures, rs: Ruleset) -> list[Violation]:
    vs = before_fight(state) or _side_ok(state, cmd.side)
    if vs:
        return vs
    if not 1 <= cmd.count <= 50:
        return [_v(f"add 1 to 50 creatures at once, not {cmd.count}", "count")]
    space = rs.definition.space_for(cmd.definition.size)
    problem = space_problem(state, space, cmd.square, elevation_yd=cmd.elevation_yd)
    if problem:
        return [_v(f"cannot put {cmd.name or cmd.definition.name} there: {problem}", "square")]
    found = free_squares_near(state, space, cmd.square, cmd.count, elevation_yd=cmd.elevation_yd)
    if len(found) < cmd.count:
        return [_v(f"only {len(found)} free squares near [{cmd.square[0]}, {cmd.square[1]}] for "
                   f"{cmd.count} {cmd.definition.name}: drop them on more open ground", "room")]
    return []


def _r_add(ctx: Context, cmd: AddCreatures) -> None:
    st = ctx.state
    d = ctx.ruleset.definition
    space, height = d.space_for(cmd.definition.size), d.height_for(cmd.definition.size)
    squares = free_squares_near(st, space, cmd.square, cmd.count, elevation_yd=cmd.elevation_yd)
    used: set[str] = set()
    for sq, name in zip(squares, _numbered(st, cmd.name or cmd.definition.name, cmd.count),
                        strict=True):
        elev = st.battlefield.elevation_at(sq) if cmd.elevation_yd is None else cmd.elevation_yd
        ctx.emit(CreatureJoined(_new_id(st, name, used), name, cmd.definition, cmd.side,
                                Body(sq, space, float(elev), height)))


def _need(state: EncounterState, cid: str) -> list[Violation]:
    if cid not in state.creatures:
        return [_v(f"there is no creature '{cid}'", "unknown_creature")]
    return []


def _v_remove(state: EncounterState, cmd: RemoveCreature, rs: Ruleset) -> list[Violation]:
    return before_fight(state) or _need(state, cmd.creature)


def _r_remove(ctx: Context, cmd: RemoveCreature) -> None:
    st = ctx.state
    gone = st.creatures[cmd.creature]
    for other in st.creatures.values():  # a rider of a removed mount stands where it stood
        if other.data.get("mount") == cmd.creature:
            ctx.emit(CreatureDataSet(other.id, "mount", None))
        if other.data.get("riding") == cmd.creature:
            ctx.emit(CreatureDataSet(other.id, "riding", ""),
                     _edited(other, own_body(st, ctx.ruleset, other.id, gone.square)))
        if other.data.get("rider") == cmd.creature:
            ctx.emit(CreatureDataSet(other.id, "rider", ""))
    _drop_leader(ctx, cmd.creature, gone.side)
    ctx.emit(CreatureRemoved(cmd.creature))


def _edited(c: CreatureState, body: Body) -> CreatureEdited:
    """The creature as it is, in another body (its own feet again, off its mount)."""
    return CreatureEdited(c.id, c.name, c.side, c.definition, c.damage, body)


def _drop_leader(ctx: Context, cid: str, side: str, *, lead: int = 0) -> None:
    """A leader that leaves its side, the map or its Lead ranks leads no more (the most Lead
    leads then, as before the GM chose)."""
    st = ctx.state
    if any(s.leader == cid and (s.id != side or lead <= 0) for s in st.sides):
        ctx.emit(SidesSet(tuple(replace(s, leader="") if s.leader == cid and
                                (s.id != side or lead <= 0) else s for s in st.sides)))


def _v_mount(state: EncounterState, cmd: SetMount, rs: Ruleset) -> list[Violation]:
    vs = before_fight(state) or _need(state, cmd.rider) or (
        _need(state, cmd.mount) if cmd.mount else [])
    if vs:
        return vs
    r = state.creatures[cmd.rider]
    if not cmd.mount:
        old = mount_of(state, r.id)
        if not old:
            return [_v(f"{r.name} is not riding", "not_riding")]
        if stand_square(state, rs, r.id, old) is None:
            return [_v(f"no free square near {state.creatures[old].name} for {r.name} to stand "
                       "on", "room")]
        return []
    m = state.creatures[cmd.mount]
    if not plays_riding(rs):
        return [_v(f"the {rs.id} rules here have no riding", "no_riding")]
    if m.id == r.id:
        return [_v(f"{r.name} cannot ride itself", "itself")]
    if mount_of(state, r.id) == m.id:
        return [_v(f"{r.name} already rides {m.name}", "riding")]
    problem = ""
    if mount_of(state, m.id):
        problem = f"{m.name} rides {state.creatures[mount_of(state, m.id)].name} itself"
    elif rider_on(state, r.id):
        problem = f"{r.name} carries {state.creatures[rider_on(state, r.id)].name}"
    elif rider_on(state, m.id):
        problem = f"{m.name} already carries {state.creatures[rider_on(state, m.id)].name}"
    elif not m.definition.can_be_ridden:
        problem = f"{m.name} cannot be ridden"
    elif m.definition.size <= r.definition.size:
        problem = (f"{m.name} (Size {m.definition.size:g}) is not larger than {r.name} (Size "
                   f"{r.definition.size:g}): a mount must be larger than its rider")
    elif m.side != r.side:
        problem = f"{m.name} is on another side than {r.name}: put them on one side first"
    return [_v(f"{r.name} cannot ride {m.name}: {problem}", "mount")] if problem else []


def _r_mount(ctx: Context, cmd: SetMount) -> None:
    st = ctx.state
    r = st.creatures[cmd.rider]
    old = mount_of(st, r.id)
    if old:  # off the old mount first
        ctx.emit(CreatureDataSet(r.id, "riding", ""), CreatureDataSet(r.id, "mount", ""))
        if st.creatures[old].data.get("rider") == r.id:
            ctx.emit(CreatureDataSet(old, "rider", ""))
        if not cmd.mount:
            sq = stand_square(ctx.state, ctx.ruleset, r.id, old)
            assert sq is not None  # validated
            ctx.emit(_edited(ctx.state.creatures[r.id], own_body(ctx.state, ctx.ruleset, r.id, sq)))
    if cmd.mount:  # the riding plug-in seats it after the command (the mount's space)
        ctx.emit(CreatureDataSet(r.id, "mount", cmd.mount))


def _v_place(state: EncounterState, cmd: PlaceCreature, rs: Ruleset) -> list[Violation]:
    vs = before_fight(state) or _need(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if c.data.get("riding") in state.creatures:
        m = state.creatures[c.data["riding"]]
        return [_v(f"{c.name} rides {m.name}: move {m.name}, or Get down first", "riding")]
    problem = space_problem(state, c.body.space, cmd.square, exclude=(c.id, rider_on(state, c.id)),
                            elevation_yd=cmd.elevation_yd)
    return [_v(f"cannot put {c.name} there: {problem}", "square")] if problem else []


def _r_place(ctx: Context, cmd: PlaceCreature) -> None:
    bf = ctx.state.battlefield
    sq = (int(cmd.square[0]), int(cmd.square[1]))
    elev = bf.elevation_at(sq) if cmd.elevation_yd is None else cmd.elevation_yd
    ctx.emit(Placed(cmd.creature, sq, float(elev), "set-up"))
    rider = ctx.state.creatures[cmd.creature].data.get("rider") or ""
    if rider in ctx.state.creatures:  # in the saddle: it goes where its mount goes
        ctx.emit(Placed(rider, sq, float(elev), "set-up: on its mount"))


def _v_edit(state: EncounterState, cmd: EditCreature, rs: Ruleset) -> list[Violation]:
    vs = before_fight(state) or _need(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if cmd.side:
        vs = _side_ok(state, cmd.side)
        partner = mount_of(state, c.id) or rider_on(state, c.id)
        if not vs and cmd.side != c.side and partner:
            vs = [_v(f"{c.name} and {state.creatures[partner].name} ride together: Get down "
                     "first to change a side", "riding")]
    unknown = [k for k, _ in cmd.changes if k in ("id", "name") or k not in _DEF_FIELDS]
    if unknown:
        return [_v(f"'{unknown[0]}' is not a stat a creature's edit changes", "stat")]
    d = _edited_def(c, cmd)
    health = d.health
    if cmd.damage is not None and not 0 <= cmd.damage <= health:
        vs.append(_v(f"damage must be between 0 and {c.name}'s Health {health}, "
                     f"not {cmd.damage}", "damage"))
    if d.size != c.definition.size:
        space = rs.definition.space_for(d.size)
        problem = space_problem(state, space, c.square, exclude=c.id)
        if problem:
            vs.append(_v(f"{c.name} no longer fits at its square: {problem}", "square"))
    return vs


def _edited_def(c: CreatureState, cmd: EditCreature) -> CreatureDef:
    """The creature's definition after the edit."""
    d = cmd.definition or c.definition
    return replace(d, **dict(cmd.changes)) if cmd.changes else d


def _r_edit(ctx: Context, cmd: EditCreature) -> None:
    c = ctx.state.creatures[cmd.creature]
    d = _edited_def(c, cmd)
    rd = ctx.ruleset.definition
    body = Body(c.square, rd.space_for(d.size), c.body.elevation_yd, rd.height_for(d.size))
    damage = c.damage if cmd.damage is None else cmd.damage
    ctx.emit(CreatureEdited(c.id, cmd.name or c.name, cmd.side or c.side, d, damage, body))
    _drop_leader(ctx, c.id, cmd.side or c.side, lead=d.lead)
    if cmd.afflictions is not None:
        ctx.emit(AfflictionsSet(c.id, tuple(Affliction(a, "gm") for a in cmd.afflictions)))
    for key, value in cmd.data:
        ctx.emit(CreatureDataSet(c.id, key, value))


def _v_sides(state: EncounterState, cmd: SetSides, rs: Ruleset) -> list[Violation]:
    vs = before_fight(state)
    if vs:
        return vs
    ids = [s.id for s in cmd.sides]
    if len(set(ids)) != len(ids):
        return [_v("two sides have the same id", "duplicate_side")]
    for s in cmd.sides:
        if s.controller not in ("players", "gm"):
            return [_v(f"side '{s.name}': controller must be players or gm, not "
                       f"'{s.controller}'", "controller")]
        if not s.id or not s.name.strip():
            return [_v("every side needs an id and a name", "side_name")]
    for c in state.creatures.values():
        if c.side not in ids:
            return [_v(f"{c.name} is on side '{c.side}': move it to another side before "
                       "removing that side", "side_in_use")]
    for s in cmd.sides:  # OSR's side leader and morale (Seed OSR: Rolling Morale Checks)
        if s.morale and not 2 <= s.morale <= 12:
            return [_v(f"side '{s.name}': morale must be between 2 and 12 (0: each creature's "
                       f"own), not {s.morale}", "side_morale")]
        ldr = state.creatures.get(s.leader) if s.leader else None
        if s.leader and ldr is None:
            return [_v(f"side '{s.name}': there is no creature '{s.leader}' to lead it",
                       "side_leader")]
        if ldr is not None and ldr.side != s.id:
            return [_v(f"{ldr.name} is not on side '{s.name}': a side's leader is one of its "
                       "own", "side_leader")]
        if ldr is not None and ldr.definition.lead <= 0:
            return [_v(f"{ldr.name} has no ranks in Lead: give it Lead first to lead "
                       f"'{s.name}'", "side_leader")]
    return []


def _r_sides(ctx: Context, cmd: SetSides) -> None:
    ctx.emit(SidesSet(tuple(cmd.sides)))


def register(rs: Ruleset) -> None:
    """The set-up commands on a ruleset (every plug-in calls this from build_ruleset)."""
    rs.register_action(AddCreatures, _v_add, _r_add)
    rs.register_action(RemoveCreature, _v_remove, _r_remove)
    rs.register_action(PlaceCreature, _v_place, _r_place)
    rs.register_action(EditCreature, _v_edit, _r_edit)
    rs.register_action(SetSides, _v_sides, _r_sides)
    rs.register_action(SetMount, _v_mount, _r_mount)


def starting_condition(state: EncounterState, cid: str, *, damage: int = 0,
                       afflictions: Iterable[str] = (),
                       data: Mapping[str, Any] | None = None) -> EncounterState:
    """An encounter file's creature that starts hurt or afflicted (before the first round)."""
    c = state.creatures[cid]
    merged = dict(c.data) | dict(data or {})
    st = state.update_creature(cid, damage=damage, data=frozen_map(merged))
    for name in afflictions:
        st = AfflictionGained(cid, Affliction(name, "gm"), "encounter file").apply(st)
    return st
