"""SotDL movement on the real geometry: engine state -> geometry inputs, paths, reach, distance.

Seed SotDL: Move, Crawl, Climb, Swim, Balance, Fly, Jump; Free Attack (reach). The hooks here
(``plan_path``, ``forced_path``, ``distance_yd``, ``distance_from``, ``reach_yd``) replace the
engine's interim ones (docs/engine.md, "SotDL plug-in points"). Geometry never sees engine
objects: this module turns creatures into ``Body``/``Mover``/``Threat`` values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from game.rules.battlefield import Battlefield, Square
from game.rules.body import Body
from game.rules.engine import CreatureState, EncounterState, Ruleset, Step, Violation, WalkMode
from game.rules.engine.walk import square_of
from game.rules.geometry.distance import body_distance, grid_distance
from game.rules.geometry.falling import FallingRule
from game.rules.geometry.forced import direction_away, forced_move
from game.rules.geometry.pathing import Mover, MoveRules, TerrainCosts, step_cost, terrain_costs
from game.rules.geometry.pathing_search import describe_path, path_through
from game.rules.geometry.reach import Threat
from game.rulesets.sotdl.common import cannot_act, held_weapons, modifier, pick_weapon

_CACHE: dict[tuple[int, Mover, MoveRules], tuple[Battlefield, TerrainCosts]] = {}


def rules_of(rs: Ruleset) -> MoveRules:
    """The ruleset file's movement numbers (diagonal rule, multipliers, jump distances)."""
    return MoveRules.from_ruleset(rs.definition)


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
        moved_yd=c.turn.moved_yd if moved_yd is None else moved_yd,
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


def others(state: EncounterState, cid: str) -> tuple[list[Body], list[Body]]:
    """(allies, enemies) bodies around a mover; its rider or mount are not in the way."""
    skip = partners(state, cid)
    allies: list[Body] = []
    enemies: list[Body] = []
    for o in state.creatures.values():
        if o.id in skip or not o.in_fight or mount_of(state, o.id):
            continue  # riders share their mount's space: the mount stands for both
        (enemies if state.hostile(cid, o.id) else allies).append(o.body)
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
    only those that could reach a creature at ``near`` (the others are skipped unmeasured)."""
    skip = partners(state, mover)
    exempt = mode.no_free_attacks_from if mode else frozenset()
    out = []
    if near is not None:  # a bound on any reach: base + the creature's own + the longest weapon
        bound = float(rs.definition.base_reach_yd) + _max_weapon_reach(rs) + 1e-9
        nx, ny = near.square
        ns = near.space
    for e in state.creatures.values():
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


# --- planning a path ---------------------------------------------------------------------------


#: the last few planned paths: (key, objects the key's ids refer to, result)
_PLANS: list[tuple[Any, Any, tuple[tuple[Step, ...], list[Violation]]]] = []


def _plan_key(state: EncounterState, rs: Ruleset, cid: str, squares: tuple[Square, ...],
              mode: WalkMode, budget_yd: float) -> tuple[Any, Any] | None:
    """What a plan depends on: the walker's own facts and every other creature's body, side,
    status and mount (what ``others`` reads). Turn bookkeeping is left out but for what
    planning reads (moved yards, active), so validating a move and resolving it (after its
    turn starts and the previous turn ends) share one plan."""
    c = state.creatures.get(cid)
    if c is None:
        return None
    active = state.active == cid
    try:
        path = tuple(tuple(q) for q in squares)
        key = (
            id(rs), id(state.battlefield), id(state.sides), cid, path, mode, float(budget_yd),
            c.turn.moved_yd if active else 0.0, c.turn.moved_yd, diagonals_taken(state, cid),
            c.body, c.afflictions, id(c.definition), id(c.data), c.side, c.status,
            _mount_facts(state, cid),
            tuple((o.id, o.body, o.side, o.status, o.data.get("riding", ""))
                  for o in state.creatures.values() if o.id != cid),
        )
        hash(key)
    except TypeError:  # an unhashable path or fact: plan without the cache
        return None
    keep = (rs, state.battlefield, state.sides, c.definition, c.data)  # their ids stay unique
    return key, keep


def _mount_facts(state: EncounterState, cid: str) -> tuple[Any, ...]:
    """What a charge's plan reads of the mount (its Speed: Seed SotDL: Ride)."""
    m = mount_of(state, cid)
    if not m:
        return ()
    mc = state.creatures[m]
    return (m, mc.definition.speed, mc.afflictions, mc.status)


def plan_path(
    state: EncounterState,
    rs: Ruleset,
    cid: str,
    squares: tuple[Square, ...],
    mode: WalkMode,
    budget_yd: float,
) -> tuple[tuple[Step, ...], list[Violation]]:
    """Hook 'plan_path': :func:`plan_path_uncached`, remembered for the last few (state,
    command) pairs, so a move's validation and its resolution plan the path once."""
    kk = _plan_key(state, rs, cid, squares, mode, budget_yd)
    if kk is None:
        return plan_path_uncached(state, rs, cid, squares, mode, budget_yd)
    for key, _keep, hit in _PLANS:
        if key == kk[0]:
            return hit[0], list(hit[1])
    out = plan_path_uncached(state, rs, cid, squares, mode, budget_yd)
    _PLANS[:] = [(kk[0], kk[1], (out[0], list(out[1])))] + _PLANS[:7]
    return out


def plan_path_uncached(
    state: EncounterState,
    rs: Ruleset,
    cid: str,
    squares: tuple[Square, ...],
    mode: WalkMode,
    budget_yd: float,
) -> tuple[tuple[Step, ...], list[Violation]]:
    """Turn the GM's path (waypoints; squares next to each other are taken as drawn) into steps.

    Seed SotDL: Move (budget), Crawl (half Speed, at least 1 yard), Jump (a jump longer than
    the move left lands prone or falls; a jump farther than the rule allows asks for an Agility
    challenge), falls from drops of 5 yards or more (only as the last step).
    """
    c = state.creatures[cid]
    start = c.body.square
    mount = mount_of(state, cid)
    if mount and mode.kind == "charge":  # Seed SotDL: Ride: the mount's Speed in place of yours
        from game.rulesets.sotdl.common import speed

        budget_yd = float(speed(state.creatures[mount]))
    if any(len(s) > 2 for s in squares):
        return _flight_path(state, rs, cid, squares, budget_yd)
    pts = [start] + [(int(s[0]), int(s[1])) for s in squares]
    if pts[-1] == start and len(pts) > 1 and all(p == start for p in pts):
        return (), [Violation("the path does not leave the starting square", "bad_path")]
    bf = state.battlefield
    for p in pts:
        if not bf.in_bounds(p):
            return (), [Violation(f"{p} is off the battlefield", "off_map")]
    tc = terrain_for(state, rs, cid)
    allies, enemies = others(state, cid)
    mover = tc.mover
    moved0 = c.turn.moved_yd if state.active == cid else 0.0
    diags0 = diagonals_taken(state, cid)
    pc = path_through(
        tc, waypoints=pts, allies=allies, enemies=enemies, moved_yd=moved0, diagonals_before=diags0
    )
    steps_g = list(pc.steps)
    full = list(pc.squares)
    if pc.steps and pc.steps[-1].kind == "unreachable":
        return (), [Violation(f"{c.name} cannot get to {pts[-1]} that way", "no_path")]
    out: list[Step] = []
    spent = 0.0
    for i, st in enumerate(steps_g):
        b = full[i + 1]
        kind, cost = st.kind, st.cost_yd
        left = budget_yd - spent
        last = i == len(steps_g) - 1
        if kind in ("blocked", "corner", "enemy"):
            why = {"corner": "cuts a corner between two walls or enemies",
                   "enemy": "goes through an enemy's space"}.get(kind, "is blocked")
            return (), [Violation(f"step {i + 1} to {b} {why}", "blocked")]
        if kind in ("too_high", "too_far"):
            # Seed SotDL: Jump: "If you try to jump higher/farther, the GM can call for an
            # Agility challenge roll". Battlemat allows a try up to twice the rule's distance,
            # or 1 yard more, whichever is farther.
            running = moved0 + spent >= tc.rules.run_up_yd
            if kind == "too_high":
                rule_yd = mover.jump_up_ft(running=running, rules=tc.rules) / 3
                want, kind, cost = st.dz_yd, "jump_up_challenge", st.length_yd + st.dz_yd
            else:
                rule_yd = float(mover.jump_across_yd(running=running, rules=tc.rules))
                (ax, ay), (bx, by) = square_of(full[i]), square_of(b)
                n_sq = max(abs(bx - ax), abs(by - ay))
                gap_yd = st.length_yd * (n_sq - 1) / max(1, n_sq)  # the gap, not the landing
                want, kind, cost = gap_yd, "jump_across_challenge", st.length_yd
            limit = max(2 * rule_yd, rule_yd + 1)
            if want > limit + 1e-9:
                return (), [
                    Violation(
                        f"step {i + 1} to {b}: {want:g} yards is more than "
                        f"{c.name} could try to jump ({limit:.1f})",
                        "blocked",
                    )
                ]
        elif kind == "fall":
            if not last:
                return (), [
                    Violation(
                        f"step {i + 1} to {b} drops {-st.dz_yd:g} yards: a fall ends the move",
                        "fall",
                    )
                ]
            cost = 0.0
        if not math.isfinite(cost):
            return (), [Violation(f"step {i + 1} to {b} is impossible ({kind})", "blocked")]
        if spent + cost > budget_yd + 1e-9:
            if kind.startswith("jump") and last:
                # Seed SotDL: Jump: out of movement mid-jump: prone, or a fall over a gap
                kind, cost = f"{kind.split('_challenge')[0]}_short", max(0.0, left)
            elif mover.prone and i == 0 and len(steps_g) == 1 and _fresh(state, cid, budget_yd):
                cost = max(0.0, budget_yd)  # Seed SotDL: Crawl, at least 1 yard
            else:
                return (), [
                    Violation(
                        f"{c.name} cannot move that far: the path costs {spent + cost:g} yards, "
                        f"{budget_yd:g} left",
                        "too_far",
                    )
                ]
        # feet on the highest ground under the footprint (a flyer keeps its altitude)
        elev = mover.altitude_yd if mover.flying else float(tc.elev[b[1], b[0]])
        out.append(Step(b, elev, float(cost), "fly" if mover.flying else kind))
        spent += cost
    end = body_at(state, cid, full[-1])
    for o in allies + enemies:
        from game.rules.geometry.occupancy import overlaps

        if overlaps(end.moved_to(end.square, 0.0), o.moved_to(o.square, 0.0)) and out:
            return (), [
                Violation(
                    f"{c.name} cannot end its move in an occupied space {full[-1]}", "occupied"
                )
            ]
    return tuple(out), []


def _flight_path(state: EncounterState, rs: Ruleset, cid: str, squares: tuple[Square, ...],
                 budget_yd: float) -> tuple[tuple[Step, ...], list[Violation]]:
    """Seed SotDL: Fly ("in any direction"): waypoints ``[x, y, altitude_yd]`` for a flyer.

    Each leg costs its cheapest flat path combined with the climb or dive by the diagonal rule
    (chebyshev: the larger of the two); the altitude changes evenly along the leg.
    """
    c = state.creatures[cid]
    if not is_flying(c):
        return (), [Violation(f"{c.name} cannot fly: give waypoints as [x, y]", "bad_path")]
    rule = rs.definition.diagonal_rule
    tc = terrain_for(state, rs, cid)
    allies, enemies = others(state, cid)
    cur, alt = c.body.square, c.body.elevation_yd
    out: list[Step] = []
    spent = 0.0
    for s in squares:
        b = (int(s[0]), int(s[1]))
        z = float(s[2]) if len(s) > 2 else alt
        if not state.battlefield.in_bounds(b):
            return (), [Violation(f"{b} is off the battlefield", "off_map")]
        ground = max(state.battlefield.elevation_at(q) for q in c.body.moved_to(b).squares()
                     if state.battlefield.in_bounds(q))
        z = max(z, ground)
        leg = path_through(tc, waypoints=[cur, b], allies=allies, enemies=enemies).squares
        flat = len(leg) - 1
        total = grid_distance(flat, 0, abs(z - alt), rule=rule)
        if not math.isfinite(total) or (b != cur and len(leg) < 2):
            return (), [Violation(f"{c.name} cannot fly to {b} that way", "no_path")]
        hops = list(leg[1:]) or [b]
        for k, sq in enumerate(hops, start=1):
            share = 1.0 if k < len(hops) else total - (len(hops) - 1)
            if not leg[1:]:
                share = total
            out.append(Step(sq, alt + (z - alt) * k / len(hops), float(share), "fly"))
        spent += total
        cur, alt = b, z
    if spent > budget_yd + 1e-9:
        return (), [Violation(f"{c.name} cannot move that far: the path costs {spent:g} yards, "
                              f"{budget_yd:g} left", "too_far")]
    return tuple(out), []


def diagonals_taken(state: EncounterState, cid: str) -> int:
    """Diagonal steps already taken this turn (the alternating rule counts 1, 2, 1, 2 across
    every move of the turn); kept as creature data ``diagonals`` = [round, count]."""
    d = state.creatures[cid].data.get("diagonals")
    if state.active == cid and d and int(d[0]) == state.round:
        return int(d[1])
    return 0


def _fresh(state: EncounterState, cid: str, budget_yd: float) -> bool:
    """True if the crawler has not moved yet this turn (its 1 guaranteed yard is left)."""
    c = state.creatures[cid]
    return not (state.active == cid and c.turn.moved_yd > 0) and budget_yd > 0


def path_squares(steps: Sequence[Step]) -> list[Square]:
    """The squares a planned path enters."""
    return [tuple(s.square) for s in steps]  # type: ignore[misc]


# --- forced movement --------------------------------------------------------------------------


def forced_path(
    state: EncounterState, rs: Ruleset, cid: str, away_from: Square, yards: int
) -> tuple[Step, ...]:
    """Seed SotDL: Shove, Driving Attack: straight away from the source; walls and creatures
    stop it; over a ledge it falls (the last step's ``how`` is "fall")."""
    c = state.creatures[cid]
    src = next(
        (
            o
            for o in state.creatures.values()
            if o.body.square == tuple(away_from) and o.id not in partners(state, cid)
        ),
        None,
    )
    center = src.body.center_yd() if src else (away_from[0] + 0.5, away_from[1] + 0.5)
    d = direction_away(center, c.body)
    if d == (0, 0):
        d = (1, 0)
    skip = partners(state, cid)
    bodies = [
        o.body
        for o in state.creatures.values()
        if o.id not in skip and o.in_fight and not mount_of(state, o.id)
    ]
    fm = forced_move(
        state.battlefield,
        body=c.body,
        direction=d,
        distance_yd=int(yards),
        others=bodies,
        flying=is_flying(c),
        rules=rules_of(rs),
        falling=falling_rule(rs),
    )
    steps = []
    for i, sq in enumerate(fm.squares[1:]):
        last = i == len(fm.squares) - 2
        if last and fm.fall is not None:
            steps.append(Step(sq, fm.fall.body.elevation_yd, 1.0, "fall"))
        else:
            steps.append(Step(sq, body_at(state, cid, sq).elevation_yd, 1.0, "forced"))
    return tuple(steps)


def ground_steps(bf: Battlefield, tc: TerrainCosts, squares: Sequence[Square]) -> list[float]:
    """Cost of each square-to-square step (for the UI's running totals)."""
    pc = describe_path(tc, list(squares))
    return [s.cost_yd for s in pc.steps]


def single_step(tc: TerrainCosts, a: Square, b: Square) -> float:
    """Cost of one step (inf if impossible)."""
    return step_cost(tc, a, b).cost_yd


def register(rs: Ruleset) -> None:
    """Replace the interim geometry hooks."""
    rs.register_hook("plan_path", plan_path)
    rs.register_hook("forced_path", forced_path)
    rs.register_hook("distance_yd", distance_yd)
    rs.register_hook("distance_from", distance_from)
    rs.register_hook("reach_yd", reach_yd)
