"""Set up the engine for an opened encounter (or a bare map) through the ruleset plug-in.

Uses only the published set-up calls (docs/engine.md: ``build_ruleset``, ``new_state``,
``NewCreature``) and the config loader's roster; None when the plug-in is not installed.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
from typing import Any

from game.rules.definitions import EncounterDef, RulesetDef, Side


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "creature"


def _encounter_for_map(opened: Any) -> EncounterDef:
    """A bare map played as it stands: its placements, one side per placement side."""
    sides: list[Side] = []
    for p in opened.battlefield.placements:
        if p.side not in [s.id for s in sides]:
            controller = "players" if p.side in ("players", "party", "pcs", "heroes") else "gm"
            sides.append(Side(p.side, p.side.title(), controller))
    name = opened.path.stem
    return EncounterDef(name, name, str(opened.path), "sotdl", tuple(sides))


def _accepts(fn: Any, name: str) -> bool:
    """Whether a plug-in's set-up call takes this keyword (OSR: formations, the encounter)."""
    try:
        return name in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def ruleset_ids(defs: Any) -> list[str]:
    """The rulesets the GM may play under: config/rulesets/ that have a plug-in installed."""
    out = []
    for rid in sorted(getattr(defs, "rulesets", {}) or {}):
        try:
            importlib.import_module(f"game.rulesets.{rid}")
        except ImportError:
            continue
        out.append(rid)
    return out


def build_engine(opened: Any, *, seed: int = 0, ruleset: str | None = None) -> Any | None:
    """An Engine on the encounter's starting state, or None without a ruleset plug-in;
    ``ruleset`` plays the encounter under another ruleset than its file names (issue 7)."""
    enc = opened.encounter
    defs = opened.definitions
    if enc is None:
        if not opened.battlefield.placements:
            return None
        try:
            from game.io.config import load_definitions

            defs = load_definitions()
        except Exception:  # no config: the map is only looked at
            return None
        enc = _encounter_for_map(opened)
    if ruleset and ruleset != enc.ruleset:
        enc = dataclasses.replace(enc, ruleset=ruleset)
    try:
        plugin = importlib.import_module(f"game.rulesets.{enc.ruleset}")
    except ImportError:
        return None
    if not all(hasattr(plugin, n) for n in ("build_ruleset", "new_state", "NewCreature")):
        return None
    try:
        from game.io.config import encounter_roster
    except ImportError:  # older layout of the config package
        from game.io.config_encounter import (  # type: ignore[attr-defined,no-redef]
            encounter_roster,
        )
    from game.rules.engine import Engine, SeededDice

    rdef = defs.rulesets.get(enc.ruleset) if defs is not None else None
    try:
        rs = plugin.build_ruleset(rdef or RulesetDef(enc.ruleset, enc.ruleset), defs)
    except TypeError:  # a plug-in whose build_ruleset takes only the ruleset definition
        rs = plugin.build_ruleset(rdef or RulesetDef(enc.ruleset, enc.ruleset))
    roster = encounter_roster(enc, opened.battlefield)
    ids: dict[str, int] = {}
    by_name: dict[str, str] = {}
    creatures = []
    for e in roster:
        d = defs.creatures[e.creature_id]
        name = e.name or d.name
        base = _slug(name)
        ids[base] = ids.get(base, 0) + 1
        cid = base if ids[base] == 1 else f"{base}_{ids[base]}"
        if ids[base] > 1:  # two "Goblin"s: the GM must tell them apart in the panels and the log
            name = f"{name} {ids[base]}"
        by_name.setdefault(e.name or name, cid)
        creatures.append((cid, d, e, name))
    news = []
    with_formation = _accepts(plugin.NewCreature, "formation")
    for cid, d, e, name in creatures:
        data = {"mount": by_name[e.mounted_on]} if e.mounted_on in by_name else {}
        fid = getattr(e, "formation", None)
        extra = {"formation": str(fid)} if with_formation and fid else {}
        news.append(
            plugin.NewCreature(
                cid,
                d,
                e.side,
                e.square,
                name=name,
                elevation_yd=e.elevation_yd,
                data=data,
                **extra,
            )
        )
    kw = {"encounter": enc} if _accepts(plugin.new_state, "encounter") else {}
    state = plugin.new_state(opened.battlefield, rs, enc.sides, news, **kw)
    return Engine(rs, state, SeededDice(seed))
