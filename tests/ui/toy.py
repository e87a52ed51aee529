"""A toy ruleset on the real engine, so UI tests do not wait on (or break with) SotDL's details.

Walk(creature, path) places the creature at the path's end if it is within 5 squares and free;
Poke(attacker, target) rolls a d20 (seeded or typed in) and deals 1 damage on 11+.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from game.rules.ascii_grid import parse_ascii
from game.rules.battlefield import Square
from game.rules.body import Body
from game.rules.definitions import CreatureDef, EncounterDef, RulesetDef, Side
from game.rules.engine import (
    Command,
    DieRoll,
    Engine,
    Event,
    Phase,
    Ruleset,
    SeededDice,
    Violation,
    command,
    event,
)
from game.rules.engine.state import CreatureState, EncounterState
from game.ui.loading import Opened

PICTURE = """
............
............
....##......
............
............
............
"""


@command
class ToyWalk(Command):
    creature: str
    path: tuple[Square, ...]


@command
class ToyPoke(Command):
    attacker: str
    target: str


@event
class ToyWalked(Event):
    creature: str
    square: Square

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        return state.update_creature(self.creature, body=c.body.moved_to(tuple(self.square)))


@event
class ToyPoked(Event):
    attacker: str
    target: str
    dice: tuple[DieRoll, ...]
    hit: bool

    def apply(self, state: EncounterState) -> EncounterState:
        if not self.hit:
            return state
        c = state.creatures[self.target]
        return state.update_creature(self.target, damage=c.damage + 1)


def _walk_validate(state: EncounterState, cmd: ToyWalk, rs: Ruleset) -> list[Violation]:
    if not cmd.path:
        return [Violation("no path", "bad_path")]
    end = tuple(cmd.path[-1])
    if len(cmd.path) > 5:
        return [Violation("too far: 5 squares at most", "too_far")]
    if not state.battlefield.in_bounds(end) or state.battlefield.terrain[end[1], end[0]]:
        return [Violation("not there", "blocked")]
    if state.occupant(end, exclude=cmd.creature):
        return [Violation("occupied", "occupied")]
    return []


def _walk(ctx, cmd: ToyWalk) -> None:  # type: ignore[no-untyped-def]
    ctx.emit(ToyWalked(cmd.creature, tuple(cmd.path[-1])))


def _poke_validate(state: EncounterState, cmd: ToyPoke, rs: Ruleset) -> list[Violation]:
    if cmd.target not in state.creatures or cmd.target == cmd.attacker:
        return [Violation("no such target", "bad_target")]
    a, b = state.creatures[cmd.attacker].square, state.creatures[cmd.target].square
    if max(abs(a[0] - b[0]), abs(a[1] - b[1])) > 1:
        return [Violation(f"{state.creatures[cmd.target].name} is out of reach", "out_of_reach")]
    return []


def _poke(ctx, cmd: ToyPoke) -> None:  # type: ignore[no-untyped-def]
    dice = ctx.roll(20, 1, "poke")
    ctx.emit(ToyPoked(cmd.attacker, cmd.target, dice, dice[0].value >= 11))


def toy_ruleset() -> Ruleset:
    rs = Ruleset(RulesetDef("toy", "Toy"))
    rs.set_phases([Phase("act", "Everyone acts")])
    rs.register_action(ToyWalk, _walk_validate, _walk, name="walk")
    rs.register_action(ToyPoke, _poke_validate, _poke, name="poke")
    return rs


def toy_opened(tmp_path) -> Opened:  # type: ignore[no-untyped-def]
    bf = parse_ascii(PICTURE)
    enc = EncounterDef(
        "toy",
        "Toy fight",
        "ascii:",
        "toy",
        (Side("pcs", "PCs", "players"), Side("foes", "Foes", "gm")),
    )
    path = tmp_path / "toy.yaml"
    path.write_text("# toy encounter\n", encoding="utf-8")
    return Opened(path, bf, None, enc, None)


def toy_build(opened: Opened, *, seed: int = 0) -> Engine:
    rs = toy_ruleset()
    hero = CreatureDef("hero", "Hero", 1, 10, 12, 10)
    orc = CreatureDef("orc", "Orc", 1, 10, 12, 3)
    creatures = {
        "kara": CreatureState("kara", "Kara", hero, "pcs", Body((1, 1))),
        "orc": CreatureState("orc", "Orc", orc, "foes", Body((6, 4))),
    }
    state = EncounterState(
        opened.battlefield, "toy", opened.encounter.sides, MappingProxyType(creatures)
    )
    state = replace(state, round=1, phase="act")
    return Engine(rs, state, SeededDice(seed))
