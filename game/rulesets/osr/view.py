"""Reading the encounter state the OSR way: hit points, armour class, Fighter snapshots,
formations, leaders. Pure functions of the state (queries and handlers share them).
"""

from __future__ import annotations

from collections.abc import Mapping

from game.rules.definitions import Side, WeaponDef
from game.rules.engine import CreatureState, EncounterState, Ruleset
from game.rulesets.osr.fighters import Fighter
from game.rulesets.osr.formations import Formation
from game.rulesets.osr.params import OsrParams

#: Afflictions the OSR rules put on tokens (the UI draws afflictions by name).
CONDITION_AFFLICTIONS = (
    "prone",
    "invisible",
    "hidden",
    "burning",
    "in_acid",
    "fleeing",
    "wavering",
    "felled",
    "retreating",
    "retreat_failed",
    "lit",
    "disrupted",
)


def params_of(rs: Ruleset) -> OsrParams:
    """The ruleset file's params as OsrParams (cached on the ruleset)."""
    cached = rs.hooks.get("osr_params")
    if cached is None:
        p = OsrParams.from_mapping(rs.definition.params)
        rs.register_hook("osr_params", lambda: p)
        return p
    return cached()


def max_hp(c: CreatureState) -> int:
    """OSR hit points (the creature file's hit_points, else its Health)."""
    return c.definition.hp


def hp(c: CreatureState) -> int:
    """Hit points left."""
    return max_hp(c) - c.damage


def armour_class(c: CreatureState) -> int:
    """Armour class, less what acid has eaten (Seed OSR: acid damages armour)."""
    return c.definition.ac - int(c.data.get("armour_damage", 0))


def formations(state: EncounterState) -> Mapping[str, Formation]:
    """Formations by id."""
    return state.data.get("osr_formations", {})


def formation_of(state: EncounterState, cid: str) -> Formation | None:
    """The formation a creature stands in, if any."""
    for f in formations(state).values():
        if cid in f.members:
            return f
    return None


def is_mob(state: EncounterState, cid: str) -> bool:
    """Mob: an untrained group (formation marked mob, or the creature tagged "mob")."""
    f = formation_of(state, cid)
    return bool(f and f.mob) or "mob" in state.creatures[cid].definition.tags


def fighter(state: EncounterState, c: CreatureState) -> Fighter:
    """The snapshot the pure OSR rules read."""
    conds = {a.name for a in c.afflictions}
    if c.status != "active":
        conds.add(c.status)
    hidden_from: set[str] = set()
    for a in c.afflictions:
        if a.name == "hidden":
            hidden_from.update(a.get("from", ()) or ())
    f = formation_of(state, c.id)
    return Fighter(
        c.id,
        c.side,
        c.body,
        frozenset(conds),
        frozenset(c.definition.tags),
        frozenset(hidden_from),
        f.id if f else "",
        c.name,
    )


def fighters(state: EncounterState) -> list[Fighter]:
    """Every creature as a Fighter (out-of-fight ones included, marked by their status)."""
    return [fighter(state, c) for c in state.creatures.values()]


def subjects(state: EncounterState) -> frozenset[str]:
    """Who rolls morale: monsters and retainers (GM sides, or tagged retainer), not fearless."""
    out = set()
    for c in state.creatures.values():
        tags = c.definition.tags
        if "fearless" in tags:
            continue
        if state.controller(c.id) == "gm" or "retainer" in tags:
            out.add(c.id)
    return frozenset(out)


def _side(state: EncounterState, sid: str) -> Side | None:
    return next((s for s in state.sides if s.id == sid), None)


def leader_for(state: EncounterState, cid: str) -> CreatureState | None:
    """Seed OSR: Rolling Morale Checks ("if a leader is present"): the leader whose Lead check
    may replace a creature's morale roll: its formation's leader, else the leader the GM chose
    for its side, else the side's active creature with the most Lead ranks (never itself)."""
    c = state.creatures[cid]
    f = formation_of(state, cid)
    side = _side(state, c.side)
    chosen = (f.leader if f and f.leader else "", side.leader if side else "")
    for lid in chosen:
        if lid and lid != cid and lid in state.creatures:
            ldr = state.creatures[lid]
            if ldr.in_fight and ldr.side == c.side and ldr.definition.lead > 0:
                return ldr
    best = None
    for o in state.creatures.values():
        if o.id != cid and o.side == c.side and o.in_fight and o.definition.lead > 0:
            if best is None or o.definition.lead > best.definition.lead:
                best = o
    return best


def morale_of(state: EncounterState, c: CreatureState) -> int:
    """The morale score a creature rolls under: its side's, when the GM gave the side one,
    else its own (Seed OSR: Rolling Morale Checks; the side's score is Battlemat's)."""
    side = _side(state, c.side)
    return side.morale if side is not None and side.morale else c.definition.morale


def weapon(
    state: EncounterState, rs: Ruleset, c: CreatureState, weapon_id: str = ""
) -> WeaponDef | None:
    """A creature's weapon by id (default: its first), from the ruleset's weapon table."""
    defs = getattr(rs, "definitions", None)
    table: Mapping[str, WeaponDef] = defs.weapons if defs is not None else {}
    wid = weapon_id or (c.definition.weapons[0] if c.definition.weapons else "")
    return table.get(wid)


def in_phase(state: EncounterState, *names: str) -> bool:
    """True if the encounter is in one of the named phases."""
    return state.phase in names
