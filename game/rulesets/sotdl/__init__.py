"""Shadow of the Demon Lord, the combat chapter, as a ruleset plug-in (docs/rules/sotdl.md).

``build_ruleset(defn, definitions)`` registers the core pieces, then each plug-in module of
PLUGINS that exists (movement, falling, mounts, targeting, sight: other developers' files)
through its ``register(ruleset)`` (movement's is movement/plugin.py), so they replace the
interim versions by name.
"""
from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable

from game.rules.battlefield import Battlefield
from game.rules.body import Body
from game.rules.definitions import Definitions, RulesetDef, Side
from game.rules.engine import CreatureState, EncounterState, NewCreature, Ruleset, frozen_map, setup
from game.rulesets.sotdl import (
    activities,
    attacks,
    gm,
    interim,
    menu,
    minor,
    modifiers,
    rounds,
    stunts,
    triggered,
)
from game.rulesets.sotdl.common import movement_blocked
from game.rulesets.sotdl.movement import prone
from game.rulesets.sotdl.params import param_problems  # the loader reports them as file:line

PLUGINS = ("movement.plugin", "falling", "mounts", "targeting", "sight")
DEFAULT = RulesetDef(id="sotdl", name="Shadow of the Demon Lord")


def build_ruleset(defn: RulesetDef | None = None, definitions: Definitions | None = None,
                  *, plugins: Iterable[str] = PLUGINS) -> Ruleset:
    """The SotDL ruleset: phases, actions, modifiers, hooks, then the plug-ins.

    ``plugins=()`` gives the core with the interim geometry only (the engine's unit tests).
    """
    rs = Ruleset(defn or DEFAULT, definitions)
    interim.register(rs)
    rs.register_hook("movement_blocked", movement_blocked)
    modifiers.register(rs)
    rounds.register(rs)
    prone.register(rs)
    attacks.register(rs)
    stunts.register(rs)
    activities.register(rs)
    minor.register(rs)
    triggered.register(rs)
    gm.register(rs)
    menu.register(rs)  # the action bar's groups and labels (game/ui)
    setup.register(rs)  # set-up before the first round: add, edit, place, sides (issue 11)
    for name in plugins:
        full = f"{__name__}.{name}"
        if importlib.util.find_spec(full) is None:
            continue
        mod = importlib.import_module(full)
        reg = getattr(mod, "register", None)
        if callable(reg):
            reg(rs)
    return rs


def new_state(battlefield: Battlefield, rs: Ruleset, sides: Iterable[Side],
              creatures: Iterable[NewCreature]) -> EncounterState:
    """The round-0 state: every creature placed, space and height from the Size tables."""
    d = rs.definition
    cs: dict[str, CreatureState] = {}
    for nc in creatures:
        if nc.id in cs:
            raise ValueError(f"two creatures are called {nc.id!r}")
        sq = (int(nc.square[0]), int(nc.square[1]))
        elev = nc.elevation_yd if nc.elevation_yd is not None else (
            battlefield.elevation_at(sq) if battlefield.in_bounds(sq) else 0.0)
        body = Body(sq, d.space_for(nc.definition.size), float(elev),
                    d.height_for(nc.definition.size))
        cs[nc.id] = CreatureState(nc.id, nc.name or nc.definition.name, nc.definition, nc.side,
                                  body, data=frozen_map(dict(nc.data)))
    return EncounterState(battlefield, rs.id, tuple(sides), frozen_map(cs))


__all__ = ["DEFAULT", "PLUGINS", "NewCreature", "build_ruleset", "new_state", "param_problems"]
