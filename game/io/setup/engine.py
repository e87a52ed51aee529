"""An engine on an encounter's starting state (or a bare map's, for set-up), through the ruleset
plug-in's published set-up calls (docs/engine.md: ``build_ruleset``, ``new_state``,
``NewCreature``) and the config loader's roster. No pygame: the window, tests and tools share it.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import re
from pathlib import Path
from typing import Any

from game.io.config_roster import encounter_roster, leaders_as_ids
from game.rules.battlefield import Battlefield
from game.rules.definitions import (
    CreatureDef,
    Definitions,
    EncounterCreature,
    EncounterDef,
    RulesetDef,
    Side,
)
from game.rules.engine import Engine, SeededDice
from game.rules.engine.setup import starting_condition

#: Placement sides a bare map's players usually use (docs/maps.md).
PLAYER_SIDES = ("players", "party", "pcs", "heroes")
#: A bare map with no placements starts set-up with these two sides.
DEFAULT_SIDES = (Side("players", "Players", "players"), Side("foes", "Foes", "gm"))


def slug(name: str) -> str:
    """'Goblin 2' -> 'goblin_2' (a creature's id in the fight)."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "creature"


def encounter_for_map(map_path: Path, battlefield: Battlefield,
                      ruleset: str = "sotdl") -> EncounterDef:
    """A bare map played as it stands: its placements, one side per placement side (the
    players' and the GM's when it has none, for the GM to fill in set-up)."""
    sides: list[Side] = []
    for p in battlefield.placements:
        if p.side not in [s.id for s in sides]:
            controller = "players" if p.side in PLAYER_SIDES else "gm"
            sides.append(Side(p.side, p.side.title(), controller))
    if not sides:
        sides = list(DEFAULT_SIDES)
    name = Path(map_path).stem
    return EncounterDef(name, name.replace("_", " ").title(), str(map_path), ruleset, tuple(sides))


def entry_definition(defs: Definitions, entry: EncounterCreature) -> CreatureDef:
    """The entry's creature definition with the entry's own changes (an encounter file's
    ``speed: 12`` on one goblin) applied."""
    base = defs.creatures[entry.creature_id]
    return dataclasses.replace(base, **dict(entry.changes)) if entry.changes else base


def _accepts(fn: Any, name: str) -> bool:
    """Whether a plug-in's set-up call takes this keyword (OSR: formations, the encounter)."""
    try:
        return name in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


def plugin_for(ruleset_id: str) -> Any | None:
    """The ruleset plug-in package, or None when it is not installed or lacks the set-up calls."""
    try:
        plugin = importlib.import_module(f"game.rulesets.{ruleset_id}")
    except ImportError:
        return None
    if not all(hasattr(plugin, n) for n in ("build_ruleset", "new_state", "NewCreature")):
        return None
    return plugin


def build_engine(enc: EncounterDef, battlefield: Battlefield, defs: Definitions, *,
                 seed: int = 0, ruleset: str | None = None) -> Engine | None:
    """An Engine on the encounter's round-0 state, or None without the ruleset's plug-in;
    ``ruleset`` plays it under another ruleset than the file names (issue 7)."""
    if ruleset and ruleset != enc.ruleset:
        enc = dataclasses.replace(enc, ruleset=ruleset)
    plugin = plugin_for(enc.ruleset)
    if plugin is None:
        return None
    rdef = defs.rulesets.get(enc.ruleset) or RulesetDef(enc.ruleset, enc.ruleset)
    rs = plugin.build_ruleset(rdef, defs)
    roster = encounter_roster(enc, battlefield)
    ids: dict[str, int] = {}
    by_name: dict[str, str] = {}
    creatures = []
    for e in roster:
        d = entry_definition(defs, e)
        name = e.name or d.name
        base = slug(name)
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
        extra = {"formation": str(e.formation)} if with_formation and e.formation else {}
        news.append(plugin.NewCreature(cid, d, e.side, e.square, name=name,
                                       elevation_yd=e.elevation_yd, data=data, **extra))
    kw = {"encounter": enc} if _accepts(plugin.new_state, "encounter") else {}
    state = plugin.new_state(battlefield, rs, leaders_as_ids(enc.sides, by_name), news, **kw)
    for cid, _, e, _ in creatures:
        facts = {k: v for k, v in (("token", e.token), ("player_character", e.player_character))
                 if v not in ("", None)}
        if e.damage or e.afflictions or facts:
            state = starting_condition(state, cid, damage=e.damage, afflictions=e.afflictions,
                                       data=facts)
    return Engine(rs, state, SeededDice(seed))
