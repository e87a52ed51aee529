"""SotDL movement facts: engine state -> geometry inputs (who walks, riders, reach, distance).

Seed SotDL: Move, Ride, Fly; Free Attack (reach). Geometry never sees engine objects: this
module turns creatures into ``Body``/``Mover``/``Threat`` values for the searches
(movement/search.py, previews.py) and the step checkers (steps.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from game.rules.battlefield import Battlefield, Square
from game.rules.body import Body
from game.rules.engine import CreatureState, EncounterState, Ruleset, WalkMode
from game.rules.engine.derived import creature_index, track_data, with_data
from game.rules.engine.walk import square_of
from game.rules.geometry.distance import body_distance
from game.rules.geometry.falling import FallingRule
from game.rules.geometry.pathing import Mover, MoveRules, TerrainCosts, terrain_costs
from game.rules.geometry.reach import Threat
from game.rulesets.sotdl.common import cannot_act, held_weapons, modifier, pick_weapon

_CACHE: dict[tuple[int, Mover, MoveRules], tuple[Battlefield, TerrainCosts]] = {}

# Seed SotDL: Ride: riders, mounts set up by an encounter and pinned riders are asked about
# after every command: the creature index lists them
track_data("riding", "mount", "pinned_by")


def rules_of(rs: Ruleset) -> MoveRules:
    """The ruleset file's movement numbers (diagonal rule, multipliers, jump distances),
    remembered on the ruleset for its definition (every plan and search asks)."""
    hit = rs.__dict__.get("_move_rules")
    if hit is not None and hit[0] is rs.definition:
        return hit[1]  # type: ignore[no-any-return]
    out = MoveRules.from_ruleset(rs.definition)
    rs.__dict__["_move_rules"] = (rs.definition, out)
    return out


def falling_rule(rs: Ruleset) -> FallingRule:
    """The ruleset file's ``params.falling``."""
    return FallingRule.from_ruleset(rs.definition)


def mount_of(state: EncounterState, cid: str) -> str:
    """The creature this one rides ('' if none)."""
    m = state.creatures[cid].data.get("riding", "")
    return m if m in state.creatures else ""


def rider_of(state: EncounterState, cid: str) -> str:
    """The creature riding this one ('' if none)."""
    r = state.creatures[cid].data.get("rider", "")
    return r if r in state.creatures else ""


def partners(state: EncounterState, cid: str) -> set[str]:
    """The creature itself and whoever shares its space by riding (Seed SotDL: Ride)."""
    return {cid} | {x for x in (mount_of(state, cid), rider_of(state, cid)) if x}


def is_flying(c: CreatureState) -> bool:
    """A flyer flies unless prone (Seed SotDL: Fly)."""
    return "fly" in c.definition.movement and not c.has("prone")


def mover_for(
    state: EncounterState, rs: Ruleset, cid: str, *, moved_yd: float | None = None
) -> Mover:
    """The geometry's view of a moving creature."""
    c = state.creatures[cid]
    flying = is_flying(c)
    return Mover(
        space=c.body.space,
        height_yd=c.body.height_yd,
        flying=flying,
        altitude_yd=c.body.elevation_yd if flying else 0.0,
        traits=frozenset(c.definition.movement),
        prone=c.has("prone"),
        agility_mod=modifier(c, "agility"),
        moved_yd=c.turn.ran_yd if moved_yd is None else moved_yd,
    )


def terrain_for(
    state: EncounterState, rs: Ruleset, cid: str, *, moved_yd: float | None = None
) -> TerrainCosts:
    """Per-anchor movement costs for this creature (cached per battlefield and mover kind)."""
    bf = state.battlefield
    key = (id(bf), mover_for(state, rs, cid, moved_yd=moved_yd), rules_of(rs))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is bf:  # the entry holds bf, so its id is not reused
        return hit[1]
    if len(_CACHE) > 64:
        _CACHE.clear()
    tc = terrain_costs(bf, mover=key[1], rules=key[2])
    _CACHE[key] = (bf, tc)
    return tc


#: the last few answers of others(): (creatures mapping, sides, mover, answer)
_OTHERS: list[tuple[Mapping[str, CreatureState], object, str, tuple[list[Body], list[Body]]]] = []


def others(state: EncounterState, cid: str) -> tuple[list[Body], list[Body]]:
    """(allies, enemies) bodies around a mover; its rider or mount are not in the way.
    Remembered per creatures mapping and sides (read-only: the lists are shared, never
    change them), so the searches' rasterized blockers can be remembered with them."""
    for cr, sides, who, hit in _OTHERS:
        if cr is state.creatures and sides is state.sides and who == cid:
            return hit
    out = _others(state, cid)
    _OTHERS[:] = [(state.creatures, state.sides, cid, out)] + _OTHERS[:7]
    return out


def not_in_the_way(state: EncounterState, cid: str) -> set[str]:
    """Creatures that are not in a mover's way: itself, its rider or mount, and every rider
    (riders share their mount's space: the mount stands for both). Seed SotDL: Ride."""
    cr = state.creatures
    return partners(state, cid) | {r for r in with_data(cr, "riding") if mount_of(state, r)}


def _others(state: EncounterState, cid: str) -> tuple[list[Body], list[Body]]:
    cr = state.creatures
    skip = not_in_the_way(state, cid)
    side = cr[cid].side
    allies: list[Body] = []
    enemies: list[Body] = []
    for o in cr.values():
        if o.status != "active" or o.id in skip:  # (not in_fight: a hot loop, inlined)
            continue
        (enemies if o.side != side else allies).append(o.body)
    return allies, enemies


def reach_yd(
    state: EncounterState, rs: Ruleset, cid: str, weapon: str = "", option: str = ""
) -> float:
    """Seed SotDL: reach = base + the weapon's reach + the creature's own + 1 lunging."""
    c = state.creatures[cid]
    if weapon:
        w = pick_weapon(rs, c, weapon, melee=True)
        wr = w.reach_yd if w else 0
    else:  # the longest melee weapon it wields
        wr = max((w.reach_yd for w in held_weapons(rs, c) if w.kind == "melee"), default=0)
    extra = (
        rs.param("melee_options.lunging_extra_reach_yd", 1) if option == "lunging" else 0
    )
    return float(rs.definition.base_reach_yd + c.definition.reach_yd + wr + extra)


def distance_yd(state: EncounterState, rs: Ruleset, a: str, b: str) -> float:
    """Yards between two creatures' spaces, in 3D by the ruleset's diagonal rule."""
    ca, cb = state.creatures[a], state.creatures[b]
    return body_distance(ca.body, cb.body, rule=rs.definition.diagonal_rule)


def distance_from(state: EncounterState, rs: Ruleset, a: str, square: Square, b: str) -> float:
    """Yards from creature ``a`` standing at ``square`` (on the ground, or flying) to ``b``."""
    cb = state.creatures[b]
    return body_distance(body_at(state, a, square), cb.body, rule=rs.definition.diagonal_rule)


def body_at(
    state: EncounterState, cid: str, square: Square, elevation_yd: float | None = None
) -> Body:
    """The creature's body moved to ``square``: feet on the ground there unless it flies."""
    c = state.creatures[cid]
    if elevation_yd is None:
        if is_flying(c):
            elevation_yd = c.body.elevation_yd
        else:
            bf = state.battlefield
            sq = [s for s in c.body.moved_to(square_of(square)).squares() if bf.in_bounds(s)]
            elevation_yd = max((bf.elevation_at(s) for s in sq), default=0.0)
    return c.body.moved_to(square_of(square), elevation_yd)


def can_free_attack(state: EncounterState, rs: Ruleset, attacker: str) -> bool:
    """Seed SotDL: Free Attack: it wields a melee weapon and still has its triggered action."""
    a = state.creatures[attacker]
    if not a.in_fight or cannot_act(a) or a.turn.triggered_used:
        return False
    melee = [w for w in held_weapons(rs, a) if w.kind == "melee"]
    return bool(melee) or bool(rs.param("free_attack_unarmed", False))


def _max_weapon_reach(rs: Ruleset) -> float:
    """The longest weapon reach among the ruleset's weapons (memoized on the ruleset)."""
    hit = rs.__dict__.get("_max_weapon_reach_yd")
    if hit is None:
        hit = float(max((w.reach_yd for w in rs.definitions.weapons.values()), default=0))
        rs.__dict__["_max_weapon_reach_yd"] = hit
    return float(hit)


def threats_for(
    state: EncounterState, rs: Ruleset, mover: str, mode: WalkMode | None = None,
    *, near: Body | None = None,
) -> list[Threat]:
    """Enemies whose reach the mover would provoke free attacks by leaving; with ``near``,
    only those that could reach a creature at ``near`` (the others are skipped unmeasured,
    found through the creature buckets)."""
    skip = partners(state, mover)
    exempt = mode.no_free_attacks_from if mode else frozenset()
    out = []
    pool: Iterable[CreatureState] = state.creatures.values()
    if near is not None:  # a bound on any reach: base + the creature's own + the longest weapon
        bound = float(rs.definition.base_reach_yd) + _max_weapon_reach(rs) + 1e-9
        nx, ny = near.square
        ns = near.space
        cells = creature_index(state.creatures)
        cr = state.creatures
        pool = [cr[cid] for cid in cells.near(nx, ny, nx + ns - 1, ny + ns - 1,
                                              bound + cells.reach)]
    for e in pool:
        if e.id in skip or e.id in exempt or not state.hostile(mover, e.id):
            continue
        if near is not None:
            # distance (any diagonal rule, in 3D) is at least the squares between footprints
            ex, ey = e.body.square
            es = e.body.space
            gap = max(0, ex - (nx + ns - 1), nx - (ex + es - 1),
                      ey - (ny + ns - 1), ny - (ey + es - 1))
            if gap > bound + e.definition.reach_yd:
                continue
        if any(
            x.name in ("shifting", "feinted") and x.source == e.id
            for x in state.creatures[mover].afflictions
        ):
            continue
        if can_free_attack(state, rs, e.id):
            out.append(Threat(e.id, e.body, reach_yd(state, rs, e.id)))
    return out


def diagonals_taken(state: EncounterState, cid: str) -> int:
    """Diagonal steps already taken this turn (the alternating rule counts 1, 2, 1, 2 across
    every move of the turn); kept as creature data ``diagonals`` = [round, count]."""
    d = state.creatures[cid].data.get("diagonals")
    if state.active == cid and d and int(d[0]) == state.round:
        return int(d[1])
    return 0

