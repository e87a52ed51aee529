"""SotDL path planning on the real geometry: the ``plan_path`` and ``forced_path`` hooks.

Seed SotDL: Move, Crawl, Climb, Swim, Balance, Fly, Jump. The hooks registered here
(``plan_path``, ``forced_path``, ``distance_yd``, ``distance_from``, ``reach_yd``) replace the
engine's interim ones (docs/engine.md, "SotDL plug-in points").
"""

from __future__ import annotations

import math
from typing import Any

from game.rules.battlefield import Square
from game.rules.engine import EncounterState, Ruleset, Step, Violation, WalkMode
from game.rules.engine.derived import creature_index
from game.rules.engine.walk import square_of
from game.rules.geometry.distance import grid_distance
from game.rules.geometry.forced import direction_away, forced_move
from game.rules.geometry.occupancy import overlaps
from game.rules.geometry.pathing import WAYS
from game.rules.geometry.pathing_search import path_through
from game.rules.run_up import runs_up
from game.rulesets.sotdl.common import speed
from game.rulesets.sotdl.movement.facts import (
    body_at,
    diagonals_taken,
    distance_from,
    distance_yd,
    falling_rule,
    is_flying,
    mount_of,
    not_in_the_way,
    others,
    partners,
    reach_yd,
    rules_of,
    terrain_for,
)

# --- planning a path ---------------------------------------------------------------------------


#: the last few planned paths: (key, objects the key's ids refer to, result)
_PLANS: list[tuple[Any, Any, tuple[tuple[Step, ...], list[Violation]]]] = []


def _plan_key(state: EncounterState, rs: Ruleset, cid: str, squares: tuple[Square, ...],
              mode: WalkMode, budget_yd: float, ways: Ways = ()) -> tuple[Any, Any] | None:
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
            c.turn.ran_yd if active else 0.0, c.turn.ran_yd, diagonals_taken(state, cid),
            c.body, c.afflictions, id(c.definition), id(c.data), c.side, c.status,
            _mount_facts(state, cid), creature_index(state.creatures).placement, tuple(ways),
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
    *,
    search_yd: float | None = None,
    ways: Ways = (),
    stop_yd: float | None = None,
) -> tuple[tuple[Step, ...], list[Violation]]:
    """Hook 'plan_path': :func:`plan_path_uncached`, remembered for the last few (state,
    command) pairs, so a move's validation and its resolution plan the path once."""
    kk = _plan_key(state, rs, cid, squares, mode, budget_yd, ways)
    if kk is None:
        return plan_path_uncached(state, rs, cid, squares, mode, budget_yd, search_yd=search_yd,
                                  ways=ways, stop_yd=stop_yd)
    key0 = (kk[0], search_yd, stop_yd)
    for key, _keep, hit in _PLANS:
        if key == key0:
            return hit[0], list(hit[1])
    out = plan_path_uncached(state, rs, cid, squares, mode, budget_yd, search_yd=search_yd,
                             ways=ways, stop_yd=stop_yd)
    _PLANS[:] = [(key0, kk[1], (out[0], list(out[1])))] + _PLANS[:7]
    return out


def plan_path_uncached(
    state: EncounterState,
    rs: Ruleset,
    cid: str,
    squares: tuple[Square, ...],
    mode: WalkMode,
    budget_yd: float,
    *,
    search_yd: float | None = None,
    ways: Ways = (),
    stop_yd: float | None = None,
) -> tuple[tuple[Step, ...], list[Violation]]:
    """Turn the GM's path (waypoints; squares next to each other are taken as drawn) into steps.

    ``search_yd`` bounds the search that fills a gap between waypoints (default: 4 yards a
    square of the gap + 8); ``stop_yd`` ends that search sooner, in the same window (a gap it
    does not fill is no path: :func:`path_through`).

    Seed SotDL: Move (budget), Crawl (half Speed, at least 1 yard), Jump (a jump longer than
    the move left lands prone or falls; a jump farther than the rule allows asks for an Agility
    challenge), Climb (any vertical surface the GM has not marked unclimbable, at difficult
    cost), falls from drops of 5 yards or more that are not climbed (unclimbable, or a climb
    down the move cannot pay for): the fall ends the move at that step. ``ways``: the GM's way
    over the edge into a square, ``((square, how), ...)`` with how climb, jump or fall
    (``pathing.WAYS``); elsewhere the cheapest way is taken.
    """
    c = state.creatures[cid]
    start = c.body.square
    mount = mount_of(state, cid)
    if mount and mode.kind == "charge":  # Seed SotDL: Ride: the mount's Speed in place of yours
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
    chosen, bad = _ways_of(ways)
    if bad:
        return (), [bad]
    tc = terrain_for(state, rs, cid)
    allies, enemies = others(state, cid)
    mover = tc.mover
    moved0 = c.turn.ran_yd if state.active == cid else 0.0  # the run-up so far (on foot)
    diags0 = diagonals_taken(state, cid)
    pc = path_through(
        tc, waypoints=pts, allies=allies, enemies=enemies, moved_yd=moved0,
        diagonals_before=diags0, budget_yd=search_yd, ways=chosen, move_yd=budget_yd,
        stop_yd=stop_yd,
    )
    steps_g = list(pc.steps)
    full = list(pc.squares)
    if pc.steps and pc.steps[-1].kind == "unreachable":
        return (), [Violation(f"{c.name} cannot get to {pts[-1]} that way", "no_path")]
    for sq in chosen:  # a way chosen for an edge the path does not cross is a slip of the GM's
        i = next((k for k, q in enumerate(full[1:]) if q == sq), None)
        near = i is not None and max(abs(sq[0] - full[i][0]), abs(sq[1] - full[i][1])) == 1
        if i is None or not near or abs(steps_g[i].dz_yd) <= tc.rules.step_up_yd:
            return (), [Violation(f"the path does not go over an edge into {sq}: no way over it "
                                  "to choose", "bad_path")]
    out: list[Step] = []
    spent = 0.0
    ran = 0.0  # yards moved on foot so far along the path (a jump's run-up)
    for i, st in enumerate(steps_g):
        b = full[i + 1]
        kind, cost = st.kind, st.cost_yd
        left = budget_yd - spent
        last = i == len(steps_g) - 1
        if kind in ("blocked", "corner", "enemy", "unclimbable"):
            why = {"corner": "cuts a corner between two walls or enemies",
                   "enemy": "goes through an enemy's space",
                   "unclimbable": "cannot be climbed (the GM marked it unclimbable)"}.get(
                kind, "cannot be fallen up" if chosen.get(b) == "fall" else "is blocked")
            return (), [Violation(f"step {i + 1} to {b} {why}", "blocked")]
        if kind in ("too_high", "too_far"):
            # Seed SotDL: Jump: "If you try to jump higher/farther, the GM can call for an
            # Agility challenge roll". Battlemat allows a try up to twice the rule's distance,
            # or 1 yard more, whichever is farther.
            running = moved0 + ran >= tc.rules.run_up_yd
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
        elif kind == "climb" and -st.dz_yd >= tc.rules.safe_drop_yd and \
                spent + cost > budget_yd + 1e-9 and b not in chosen:
            # Seed SotDL: Jump: "If you try to jump down beyond this distance, you instead
            # fall": a drop it cannot afford to climb down is jumped, which is a fall
            kind, cost = "fall", 0.0
        elif kind == "fall":
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
        ran += cost if runs_up(kind) else 0.0
        if kind == "fall":  # the fall ends the move at that step: the rest is not walked
            full = full[: i + 2]
            break
    end = body_at(state, cid, full[-1])
    ex, ey = end.square
    flat_end = end.moved_to(end.square, 0.0)
    cr = state.creatures
    skip = not_in_the_way(state, cid)
    # the bodies of ``others`` (allies and enemies) near the end, through the creature index
    for oid in creature_index(cr).near(ex, ey, ex + end.space - 1, ey + end.space - 1, 0.0):
        oc = cr[oid]
        if oc.status != "active" or oid in skip:  # (in_fight) not in ``others``' lists
            continue
        o = oc.body
        ox, oy = o.square  # footprints apart never overlap: skip building the bodies
        if ox >= ex + end.space or ex >= ox + o.space or oy >= ey + end.space or ey >= oy + o.space:
            continue
        if overlaps(flat_end, o.moved_to(o.square, 0.0)) and out:
            return (), [
                Violation(
                    f"{c.name} cannot end its move in an occupied space {full[-1]}", "occupied"
                )
            ]
    return tuple(out), []


#: the GM's ways over edges, by the square entered: ``((square, "climb" | "jump" | "fall"), ...)``
Ways = tuple[tuple[Square, str], ...]


def _ways_of(ways: Any) -> tuple[dict[Square, str], Violation | None]:
    """The GM's ways over edges as a mapping, or what is wrong with them (Seed SotDL: Climb,
    Jump: the three ways over an edge)."""
    out: dict[Square, str] = {}
    for item in ways or ():
        try:
            sq, how = item
            key = (int(sq[0]), int(sq[1]))
        except (TypeError, ValueError, IndexError):
            return {}, Violation(f"a way over an edge is [[x, y], how], not {item!r}", "bad_path")
        if how not in WAYS:
            return {}, Violation(f"the way over the edge into {key} is one of "
                                 f"{', '.join(WAYS)}, not {how!r}", "bad_path")
        out[key] = str(how)
    return out, None


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


def _fresh(state: EncounterState, cid: str, budget_yd: float) -> bool:
    """True if the crawler has not moved yet this turn (its 1 guaranteed yard is left)."""
    c = state.creatures[cid]
    return not (state.active == cid and c.turn.moved_yd > 0) and budget_yd > 0


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


def register(rs: Ruleset) -> None:
    """Replace the interim geometry hooks."""
    rs.register_hook("plan_path", plan_path)
    rs.register_hook("forced_path", forced_path)
    rs.register_hook("distance_yd", distance_yd)
    rs.register_hook("distance_from", distance_from)
    rs.register_hook("reach_yd", reach_yd)
