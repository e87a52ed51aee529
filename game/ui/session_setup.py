"""Set up the engine for an opened encounter (or a bare map) through the ruleset plug-in.

Uses only the published set-up calls (docs/engine.md: ``build_ruleset``, ``new_state``,
``NewCreature``) and the config loader's roster; None when the plug-in is not installed.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from game.rules.definitions import Definitions, EncounterDef

if TYPE_CHECKING:
    from game.rules.engine import Engine
    from game.ui.loading import Opened


def _encounter_for_map(opened: Opened) -> EncounterDef:
    """A bare map played as it stands: its placements, one side per placement side."""
    from game.io.setup.engine import encounter_for_map

    return encounter_for_map(opened.path, opened.battlefield)


def _known_creatures(opened: Opened, defs: Definitions) -> None:
    """A bare map's placements must name creatures the config defines (one line, not KeyError)."""
    from game.io.errors import InputError

    for p in opened.battlefield.placements:
        if p.creature_id not in defs.creatures:
            where = p.source.split(": ", 1)[-1] if p.source else None
            known = ", ".join(sorted(defs.creatures)[:12])
            raise InputError(
                str(opened.path), where, f"unknown creature {p.creature_id!r} (known: {known} ...)"
            )


def ruleset_ids(defs: Definitions | None) -> list[str]:
    """The rulesets the GM may play under: config/rulesets/ that have a plug-in installed."""
    out = []
    for rid in sorted(getattr(defs, "rulesets", {}) or {}):
        try:
            importlib.import_module(f"game.rulesets.{rid}")
        except ImportError:
            continue
        out.append(rid)
    return out


def build_engine(
    opened: Opened, *, seed: int = 0, ruleset: str | None = None
) -> Engine | None:
    """An Engine on the encounter's starting state (a bare map's: its stamped creatures, for
    set-up), or None without a ruleset plug-in; ``ruleset`` plays the encounter under another
    ruleset than its file names (issue 7)."""
    from game.io.setup.engine import build_engine as build

    enc = opened.encounter
    defs = opened.definitions
    if enc is None:
        try:
            from game.io.config import definitions_for

            defs = definitions_for(opened.path)  # the map's project config/, as `check` reads
        except Exception:  # no config: the map is only looked at
            return None
        enc = _encounter_for_map(opened)
        _known_creatures(opened, defs)
    if defs is None:
        return None  # an encounter opened without its project's definitions: nothing to build
    return build(enc, opened.battlefield, defs, seed=seed, ruleset=ruleset)
