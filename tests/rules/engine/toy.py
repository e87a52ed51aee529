"""A toy ruleset for testing the generic engine without any real game's rules."""
from __future__ import annotations

import json

from game.rules.battlefield import Battlefield
from game.rules.body import Body
from game.rules.definitions import CreatureDef, RulesetDef, Side
from game.rules.engine import (
    Command,
    CreatureState,
    DieRoll,
    EncounterState,
    Event,
    Phase,
    Ruleset,
    Step,
    Violation,
    WalkMode,
    command,
    event,
    frozen_map,
    walk,
)


@event
class Poked(Event):
    """Toy: a d20 roll that deals its value as damage."""

    creature: str
    target: str
    dice: tuple[DieRoll, ...]

    def apply(self, state: EncounterState) -> EncounterState:
        t = state.creatures[self.target]
        return state.update_creature(self.target, damage=t.damage + self.dice[0].value)


@command
class Poke(Command):
    creature: str
    target: str


@command
class Go(Command):
    creature: str
    path: tuple[tuple[int, int], ...]


def _v_poke(state, cmd, rs):
    if cmd.target not in state.creatures:
        return [Violation(f"no creature {cmd.target}")]
    return []


def _r_poke(ctx, cmd):
    ctx.emit(Poked(cmd.creature, cmd.target, ctx.roll(20, 1, "poke")))


def _v_go(state, cmd, rs):
    return []


def _r_go(ctx, cmd):
    walk(ctx, cmd.creature, tuple(Step(tuple(s)) for s in cmd.path), WalkMode())


def _ambush(ctx, ws, step):
    """Toy trigger: stepping onto (3, 0) asks whether the hidden troll strikes."""
    if tuple(step.square) == (3, 0):
        choice = ctx.ask("ambush", "does the troll strike?", [("yes", "strike"), ("no", "wait")])
        if choice == "yes":
            ctx.emit(Poked("troll", ws.mover, ctx.roll(20, 1, "ambush")))
            return "ambushed"
    return None


def toy_ruleset() -> Ruleset:
    rs = Ruleset(RulesetDef(id="toy", name="Toy"))
    rs.set_phases([Phase("first"), Phase("second")])
    rs.register_action(Poke, _v_poke, _r_poke)
    rs.register_action(Go, _v_go, _r_go)
    rs.register_step_checker("ambush", _ambush)
    return rs


def toy_state(n: int = 3, size: int = 10) -> EncounterState:
    bf = Battlefield.blank(size, size)
    d = CreatureDef(id="x", name="X", size=1, speed=5, defense=10, health=100)
    cs = {}
    for i in range(n):
        cid = f"c{i}"
        cs[cid] = CreatureState(cid, cid, d, "a" if i % 2 == 0 else "b", Body((0, i)))
    cs["troll"] = CreatureState("troll", "Troll", d, "b", Body((9, 9)))
    return EncounterState(bf, "toy", (Side("a", "A", "players"), Side("b", "B", "gm")),
                          frozen_map(cs))


def log_json(events) -> list[str]:
    return [json.dumps(e.to_dict(), sort_keys=True) for e in events]
