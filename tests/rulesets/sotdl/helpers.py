"""Small builders for SotDL rule tests: an ASCII battlefield, inline creatures, an engine."""
from __future__ import annotations

from typing import Any

from game.rules.ascii_grid import parse_ascii
from game.rules.definitions import CreatureDef, Definitions, Side, WeaponDef
from game.rules.engine import Engine, Event, SeededDice, replay
from game.rulesets.sotdl import DEFAULT, PLUGINS, NewCreature, build_ruleset, new_state

W = {
    "sword": WeaponDef("sword", "Sword", "1d6+1", "melee"),
    "dagger": WeaponDef("dagger", "Dagger", "1d3", "melee",
                        frozenset({"finesse", "thrown", "light"}), range_yd=5),
    "bow": WeaponDef("bow", "Bow", "1d6", "ranged", frozenset({"range", "two_handed"}),
                     range_yd=10),
    "crossbow": WeaponDef("crossbow", "Crossbow", "2d6", "ranged",
                          frozenset({"range", "reload"}), range_yd=10),
    "shield": WeaponDef("shield", "Shield", "1d3", "melee", frozenset({"defensive", "light"}),
                        defense_bonus=1),
    "greatsword": WeaponDef("greatsword", "Greatsword", "2d6", "melee",
                            frozenset({"two_handed", "cumbersome"})),
    "polearm": WeaponDef("polearm", "Polearm", "1d6+2", "melee", frozenset({"reach"}), reach_yd=1),
    "claws": WeaponDef("claws", "Claws", "1d6", "melee", frozenset({"natural"})),
}
SIDES = (Side("pcs", "Heroes", "players"), Side("foes", "Foes", "gm"))


def creature(cid: str, **kw: Any) -> CreatureDef:
    """A plain Size 1 creature: Speed 10, Defense 12, Health 20, attributes 10, a sword."""
    base: dict[str, Any] = dict(id=cid, name=cid.capitalize(), size=1, speed=10, defense=12,
                                health=20, weapons=("sword",))
    base.update(kw)
    if "weapons" in kw:
        base["weapons"] = tuple(kw["weapons"])
    return CreatureDef(**base)


def make(picture: str, creatures: dict[str, tuple[str, tuple[int, int], dict[str, Any]]],
         *, seed: int = 1, params: dict[str, Any] | None = None,
         plugins: tuple[str, ...] = PLUGINS) -> Engine:
    """An engine on an ASCII map; creatures: id -> (side, square, CreatureDef fields)."""
    import dataclasses

    rdef = dataclasses.replace(DEFAULT, params=params or {})
    rs = build_ruleset(rdef, Definitions(weapons=W), plugins=plugins)
    new = [NewCreature(cid, creature(cid, **kw), side, sq) for cid, (side, sq, kw) in
           creatures.items()]
    return Engine(rs, new_state(parse_ascii(picture), rs, SIDES, new), SeededDice(seed),
                  strict=True)


def duel(seed: int = 1, hero: dict[str, Any] | None = None, foe: dict[str, Any] | None = None,
         foe_at: tuple[int, int] = (2, 1), plugins: tuple[str, ...] = PLUGINS) -> Engine:
    """A hero at (1, 1) and a foe next to it on an open 8x4 field."""
    return make("........\n........\n........\n........",
                {"hero": ("pcs", (1, 1), hero or {}), "foe": ("foes", foe_at, foe or {})},
                seed=seed, plugins=plugins)


def ok(eng: Engine, cmd: Any, dice: tuple[int, ...] = ()) -> tuple[Event, ...]:
    """Submit a command that must be accepted and finish; return its events."""
    out = eng.submit(cmd, dice=dice)
    assert out.ok, [v.reason for v in out.violations]
    assert out.pending is None, out.pending
    return out.events


def rejected(eng: Engine, cmd: Any) -> list[str]:
    """Submit a command that must be rejected; return the violation codes."""
    out = eng.submit(cmd)
    assert not out.ok, f"{cmd} was accepted"
    return [v.code for v in out.violations]


def of(events: tuple[Event, ...], name: str) -> list[Event]:
    """Events of one type, by class name."""
    return [e for e in events if type(e).__name__ == name]


def check_replay(eng: Engine) -> None:
    """Replay and undo/redo invariants hold for whatever was played."""
    assert replay(eng.initial, eng.log()) == eng.state
    final, n = eng.state, len(eng.history)
    for _ in range(n):
        eng.undo()
    assert eng.state == eng.initial
    for _ in range(n):
        eng.redo()
    assert eng.state == final
