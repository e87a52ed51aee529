"""Scenario items for the set-up commands (docs/scenarios.md: Set-up steps): a creature by its
definition id (``add_creatures: {creature: goblin, ...}``), stat changes as ``stats:``, sides as
a list like the file's ``sides:``; the engine checks the rest when the item is played."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.rules.engine import Command
from game.rules.engine.setup import AddCreatures, EditCreature, SetSides

if TYPE_CHECKING:
    from game.io.scenario_setup import Scenario

#: Each set-up item's keys (the others: remove_creature, place_creature, set_mount take their
#: command's own fields).
ADD_KEYS = ("creature", "stats", "side", "square", "count", "name", "elevation_yd")
EDIT_KEYS = ("creature", "name", "side", "stats", "damage", "afflictions", "token",
             "player_character")


def _keys(sc: Scenario, name: str, args: Mapping[str, Any], known: tuple[str, ...],
          line: int | None) -> None:
    bad = [k for k in args if k not in known]
    if bad:
        sc.fail(line, f"{name}: unknown field {bad[0]!r} (fields: {', '.join(known)})")


def _square(sc: Scenario, name: str, value: Any, line: int | None) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and
            all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
        sc.fail(line, f"{name}: square must be a square like [1, 0]")
    return int(value[0]), int(value[1])


def _whole(sc: Scenario, name: str, key: str, value: Any, line: int | None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        sc.fail(line, f"{name}: {key} must be a whole number, not {value!r}")
    return value


def setup_step(sc: Scenario, name: str, args: Any, line: int | None) -> Command | None:
    """The set-up command an item names (None: not one of these three)."""
    if name not in ("add_creatures", "edit_creature", "set_sides"):
        return None
    if not isinstance(args, Mapping):
        sc.fail(line, f"{name}: give its fields as a mapping")
    if name == "set_sides":
        _keys(sc, name, args, ("sides",), line)
        return SetSides(tuple(sc.side_list(args.get("sides"), line)))
    if name == "add_creatures":
        _keys(sc, name, args, ADD_KEYS, line)
        for need in ("side", "square"):
            if need not in args:
                sc.fail(line, f"{name}: missing {need}")
        if "creature" not in args and "stats" not in args:
            sc.fail(line, f"{name}: creature: <definition id> (or a whole stats: mapping)")
        label = str(args.get("name") or args.get("creature") or "creature")
        d = sc.creature_def(args, label, line)
        elev = args.get("elevation_yd")
        if elev is not None and (isinstance(elev, bool) or not isinstance(elev, (int, float))):
            sc.fail(line, f"{name}: elevation_yd must be a number, not {elev!r}")
        return AddCreatures(d, str(args["side"]), _square(sc, name, args["square"], line),
                            _whole(sc, name, "count", args.get("count", 1), line),
                            str(args.get("name", "")), elev)
    _keys(sc, name, args, EDIT_KEYS, line)
    if "creature" not in args:
        sc.fail(line, f"{name}: missing creature")
    cid = str(args["creature"])
    changes = tuple(sc.stats(args.get("stats") or {}, cid, line).items())
    afflictions = args.get("afflictions")
    if afflictions is not None and not (isinstance(afflictions, list) and
                                        all(isinstance(a, str) for a in afflictions)):
        sc.fail(line, f"{name}: afflictions must be a list of names like [prone]")
    data: list[tuple[str, Any]] = []
    if "token" in args:
        data.append(("token", str(args["token"]) or None))
    if "player_character" in args:
        if not isinstance(args["player_character"], bool):
            sc.fail(line, f"{name}: player_character must be true or false")
        data.append(("player_character", args["player_character"]))
    damage = args.get("damage")
    return EditCreature(cid, str(args.get("name", "")), str(args.get("side", "")), None,
                        None if damage is None else _whole(sc, name, "damage", damage, line),
                        tuple(afflictions) if afflictions is not None else None, tuple(data),
                        changes)
