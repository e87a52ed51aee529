"""Set-up before the fight: add, edit, remove and place creatures, name the sides (issue 11).

Set-up steps are engine commands like any other, so they are undone with Ctrl+Z, written to the
journal and replayed after a crash. Each event carries every fact it needs (a new creature's
whole definition), so a replay needs no config. They are legal only before the first round;
set-up moves are not combat moves (no path, no free attacks: a ``Placed`` event).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from game.rules.battlefield import Square, Terrain
from game.rules.body import Body
from game.rules.definitions import CreatureDef, Side
from game.rules.engine.basic import AfflictionGained, CreatureDataSet
from game.rules.engine.events import Command, Event, command, event, register_value
from game.rules.engine.ruleset import Ruleset, Violation
from game.rules.engine.state import Affliction, CreatureState, EncounterState, frozen_map
from game.rules.engine.walk import Placed

if TYPE_CHECKING:
    from game.rules.engine.engine import Context

register_value(CreatureDef)
register_value(Side)

#: How far from the drop point "4 goblins" may spread, in squares.
SPREAD_SQUARES = 6


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
    """Set-up: change a creature's name, side, stats (``definition``), damage, afflictions or
    facts (``data``: token art, player character); a field left at its default is unchanged."""

    creature: str
    name: str = ""
    side: str = ""
    definition: CreatureDef | None = None
    damage: int | None = None
    afflictions: tuple[str, ...] | None = None
    data: tuple[tuple[str, Any], ...] = ()


@command
class SetSides(Command):
    """Set-up: the sides (ids, names, controllers); sides with creatures must stay."""

    sides: tuple[Side, ...]


SETUP_COMMANDS = (AddCreatures, RemoveCreature, PlaceCreature, EditCreature, SetSides)


# --- checks (pure) -----------------------------------------------------------------------------


def _v(reason: str, code: str) -> Violation:
    return Violation(reason, code)


def before_fight(state: EncounterState) -> list[Violation]:
    """Set-up happens before the first round."""
    if state.round > 0 or state.phase:
        return [_v("the fight has started: set-up is over (undo back to it to change it)",
                   "fight_started")]
    return []


def space_problem(state: EncounterState, space: int, square: Square, *, exclude: str = "",
                  elevation_yd: float | None = None, taken: Iterable[Square] = ()) -> str:
    """Why a creature of this space cannot stand at square ('' if it can): off the map, a wall,
    another creature (at the same height)."""
    bf = state.battlefield
    x, y = int(square[0]), int(square[1])
    squares = [(x + dx, y + dy) for dy in range(space) for dx in range(space)]
    if not all(bf.in_bounds(s) for s in squares):
        fit = "" if space == 1 else f" ({space}x{space} space)"
        return (f"square [{x}, {y}]{fit} is off the map ({bf.width} x {bf.height} squares: "
                f"x 0-{bf.width - 1}, y 0-{bf.height - 1})")
    also = set(taken)
    for s in squares:
        if elevation_yd is None and bf.terrain_at(s) & Terrain.IMPASSABLE:
            return f"square [{s[0]}, {s[1]}] is a wall (impassable)"
        if s in also:
            return f"square [{s[0]}, {s[1]}] is taken"
        for c in state.creatures.values():
            if c.id == exclude or not c.in_fight or s not in c.body.squares():
                continue
            if elevation_yd is None or abs(c.body.elevation_yd - elevation_yd) < c.body.height_yd:
                return f"square [{s[0]}, {s[1]}] is taken by {c.name}"
    return ""


def free_squares_near(state: EncounterState, space: int, square: Square, count: int, *,
                      elevation_yd: float | None = None) -> list[Square]:
    """Up to ``count`` top-left squares near ``square`` where such creatures fit side by side,
    nearest first (ring by ring, then row by row: the same answer every time)."""
    x0, y0 = int(square[0]), int(square[1])
    out: list[Square] = []
    used: set[Square] = set()
    for r in range(SPREAD_SQUARES * space + 1):
        ring = sorted({(x0 + dx, y0 + dy) for dx in range(-r, r + 1) for dy in range(-r, r + 1)
                       if max(abs(dx), abs(dy)) == r}, key=lambda s: (s[1], s[0]))
        for s in ring:
            if not space_problem(state, space, s, elevation_yd=elevation_yd, taken=used):
                out.append(s)
                used.update((s[0] + dx, s[1] + dy) for dy in range(space) for dx in range(space))
                if len(out) == count:
                    return out
    return out


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
    for other in ctx.state.creatures.values():  # a rider of a removed mount stands on its own
        if other.data.get("mount") == cmd.creature:
            ctx.emit(CreatureDataSet(other.id, "mount", None))
    ctx.emit(CreatureRemoved(cmd.creature))


def _v_place(state: EncounterState, cmd: PlaceCreature, rs: Ruleset) -> list[Violation]:
    vs = before_fight(state) or _need(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    problem = space_problem(state, c.body.space, cmd.square, exclude=c.id,
                            elevation_yd=cmd.elevation_yd)
    return [_v(f"cannot put {c.name} there: {problem}", "square")] if problem else []


def _r_place(ctx: Context, cmd: PlaceCreature) -> None:
    bf = ctx.state.battlefield
    sq = (int(cmd.square[0]), int(cmd.square[1]))
    elev = bf.elevation_at(sq) if cmd.elevation_yd is None else cmd.elevation_yd
    ctx.emit(Placed(cmd.creature, sq, float(elev), "set-up"))


def _v_edit(state: EncounterState, cmd: EditCreature, rs: Ruleset) -> list[Violation]:
    vs = before_fight(state) or _need(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if cmd.side:
        vs = _side_ok(state, cmd.side)
    health = (cmd.definition or c.definition).health
    if cmd.damage is not None and not 0 <= cmd.damage <= health:
        vs.append(_v(f"damage must be between 0 and {c.name}'s Health {health}, "
                     f"not {cmd.damage}", "damage"))
    if cmd.definition is not None and cmd.definition.size != c.definition.size:
        space = rs.definition.space_for(cmd.definition.size)
        problem = space_problem(state, space, c.square, exclude=c.id)
        if problem:
            vs.append(_v(f"{c.name} no longer fits at its square: {problem}", "square"))
    return vs


def _r_edit(ctx: Context, cmd: EditCreature) -> None:
    c = ctx.state.creatures[cmd.creature]
    d = cmd.definition or c.definition
    rd = ctx.ruleset.definition
    body = Body(c.square, rd.space_for(d.size), c.body.elevation_yd, rd.height_for(d.size))
    damage = c.damage if cmd.damage is None else cmd.damage
    ctx.emit(CreatureEdited(c.id, cmd.name or c.name, cmd.side or c.side, d, damage, body))
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
