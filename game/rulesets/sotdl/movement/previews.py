"""Movement queries for the UI (pure): where a creature can go this turn, and what a path does.

Seed SotDL: Move, Rush, Retreat, Charge, Free Attack, Jump, Balance, Climb, Swim.

* ``eng.query("reachable", cid, mode="move")`` -> :class:`ReachPreview`: every square the
  creature can stop at with the movement it has left (``mode``: move, rush, retreat, charge),
  with the cost of each.
* ``eng.query("reachable_areas", cid, modes=("move", "rush"))``: ``{mode: ReachPreview}``,
  one search for all of them where it can.
* ``eng.query("path_preview", cid, target, mode="move", safest=False)`` -> :class:`PathPreview`:
  ``target`` is a square (the cheapest path to it, or the safest with ``safest=True``: fewest
  free attacks, then least cost) or a tuple of waypoints the GM drew; each step is marked with
  what happens there (free attacks and who makes them, jumps, rolls, falls).
* ``eng.query("safest_path", cid, target, mode="move")``: ``path_preview(..., safest=True)``.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from game.rules.battlefield import Square, Terrain
from game.rules.body import Body
from game.rules.engine import EncounterState, Ruleset, Violation, WalkMode
from game.rules.engine.walk import square_of
from game.rules.geometry.distance import body_distance
from game.rules.geometry.falling import fall_damage_dice
from game.rules.geometry.pathing import WAYS, step_cost
from game.rules.geometry.pathing_search import (
    ReachMap,
    describe_path,
    over_gap,
    reachable,
    reachable_within,
)
from game.rules.geometry.reach import FreeAttack, Threat, free_attacks_along, within_reach
from game.rules.run_up import runs_up
from game.rulesets.sotdl.movement.budgets import mover_and_budget
from game.rulesets.sotdl.movement.facts import (
    body_at,
    diagonals_taken,
    falling_rule,
    others,
    reach_yd,
    rider_of,
    terrain_for,
    threats_for,
)
from game.rulesets.sotdl.movement.hover_bounds import hover_stop
from game.rulesets.sotdl.movement.search import plan_path
from game.rulesets.sotdl.triggered import free_attack_refusal, prepared_refusal


@dataclass(frozen=True)
class ReachPreview:
    """Squares a creature can stop at this turn, with what each costs.

    ``cost_yd`` is the same as a full-map (rows, cols) array: inf where it cannot stop;
    ``window`` the box the area fits in, (x0, y0, costs): what the window's areas read (a
    full-map array per mode is most of a selection's time on a big map). Each is read from the
    search when first asked.
    """

    creature: str
    mode: str
    budget_yd: float
    reach: ReachMap | None = field(default=None, repr=False, compare=False)

    @cached_property
    def squares(self) -> Mapping[Square, float]:
        """Every square it can stop at, with its cost (the start: 0)."""
        return {} if self.reach is None else self.reach.squares()

    @cached_property
    def cost_yd(self) -> Any:
        """(rows, cols) costs, inf where it cannot stop."""
        return None if self.reach is None else self.reach.cost_grid()

    @cached_property
    def window(self) -> tuple[int, int, Any] | None:
        """(x0, y0, (h, w) costs, inf where it cannot stop): the box the area fits in."""
        rm = self.reach
        return None if rm is None else (rm.x0, rm.y0, rm.stop_costs())


@dataclass(frozen=True)
class PathEvent:
    """Something that happens at a square of a previewed path (for the UI's markers)."""

    square: Square
    kind: str  # "jump", "climb", "swim", "balance", "fall", "prepared", "challenge"
    text: str


@dataclass(frozen=True)
class EdgeWay:
    """One way over an edge the GM may choose (Seed SotDL: Climb, Jump; a jump down 5 yards or
    more is a fall): ``how`` (climb, jump, fall: the move command's ``ways``), what it costs
    and what it asks or does ("Strength challenge: slick climb", "fall 6 yd: 3d6, prone")."""

    how: str
    cost_yd: float
    text: str


@dataclass(frozen=True)
class StepMark:
    """One step of a previewed path: the square, its cost, the running total, and marks
    ("free attack: Orc", "jump across 3 yd", "Agility challenge: balance", "fall 6 yd: 3d6");
    over an edge, ``ways`` are the ways it could be crossed (the one taken is ``how``)."""

    square: Square
    cost_yd: float
    total_yd: float
    how: str
    marks: tuple[str, ...] = ()
    ways: tuple[EdgeWay, ...] = ()


@dataclass(frozen=True)
class PathPreview:
    """A previewed path: steps with marks, its cost, and whether the move is legal."""

    creature: str
    mode: str
    squares: tuple[Square, ...]
    steps: tuple[StepMark, ...]
    cost_yd: float
    budget_yd: float
    free_attacks: tuple[FreeAttack, ...]
    violations: tuple[Violation, ...] = ()

    @property
    def legal(self) -> bool:
        """True if the move can be made as previewed."""
        return not self.violations

    @property
    def notes(self) -> tuple[str, ...]:
        """Why the move is not legal, in words."""
        return tuple(v.reason for v in self.violations)

    @property
    def events(self) -> tuple[PathEvent, ...]:
        """Every mark but free attacks (those are ``free_attacks``), as square + kind + text."""
        out = []
        for s in self.steps:
            for m in s.marks:
                if m.startswith("free attack"):
                    continue
                kind = (
                    "jump"
                    if m.startswith("jump")
                    else "fall"
                    if m.startswith("fall")
                    else "prepared"
                    if m.startswith("prepared")
                    else m.split(": ", 1)[1].split()[0]
                    if m.startswith(("Agility", "Strength"))
                    else "challenge"
                )
                out.append(PathEvent(s.square, kind, m))
        return tuple(out)


_LAST: list[Any] = []  # [(state, key, ReachMap)]: the last few searches, for hovering
_THREATS: list[Any] = []  # [(state, key, threats)]: who the walker provokes, for hovering


def _threats(state: EncounterState, rs: Ruleset, walker: str, mode: WalkMode) -> list[Threat]:
    """:func:`threats_for`, remembered for the last few states (every hover asks again)."""
    key = (walker, mode, id(rs))
    for st, k, hit in _THREATS:
        if st is state and k == key:
            return hit  # type: ignore[no-any-return]
    out = threats_for(state, rs, walker, mode)
    _THREATS[:] = [(state, key, out)] + _THREATS[:3]  # holding the states keeps their ids unique
    return out


def _reach_map(
    state: EncounterState, rs: Ruleset, walker: str, budget: float, mode: WalkMode, *, safest: bool
) -> ReachMap:
    # without threat layers the search reads nothing of the mode: a charge's area is the move's
    key = (walker, budget, mode if safest else None, safest)
    for st, k, hit in _LAST:
        if st is state and k == key:
            return hit  # type: ignore[no-any-return]
    c = state.creatures[walker]
    tc = terrain_for(state, rs, walker)
    allies, enemies = others(state, walker)
    # the threats count only where the search keeps layers of them (the safest path)
    threats = _threats(state, rs, walker, mode) if safest and mode.provokes_free_attacks else []
    fresh = not (state.active == walker and c.turn.moved_yd > 0)
    guaranteed = tc.mover.prone and fresh and budget > 0
    # a bigger budget's search of the same walker serves a smaller one (the move and the
    # retreat from the rush: reachable_within says where it can and searches where not)
    # (the smallest such budget: its window is the likeliest to hold what this one's holds)
    bigger = None if safest or guaranteed else min(
        ((k[1], i, hit) for i, (st, k, hit) in enumerate(_LAST)
         if st is state and k[0] == walker and k[3] is False and k[1] >= budget),
        default=(0.0, 0, None))[2]
    if bigger is not None:
        rm = reachable_within(bigger, budget, allies=allies, enemies=enemies,
                              diagonals_before=diagonals_taken(state, walker))
    else:
        rm = reachable(
            tc,
            start=c.body.square,
            budget_yd=budget,
            allies=allies,
            enemies=enemies,
            threats=threats,
            max_attacks=min(3, len(threats)) if safest else 0,
            guaranteed_step=guaranteed,
            diagonals_before=diagonals_taken(state, walker),
        )
    _LAST[:] = [(state, key, rm)] + _LAST[:3]  # holding the states keeps their ids unique
    return rm


def reachable_query(
    state: EncounterState, rs: Ruleset, cid: str, mode: str = "move"
) -> ReachPreview:
    """Every square ``cid`` can stop at with the movement it has left (Seed SotDL: Move).

    None for a mode that is not movement along a path (the UI then shows nothing).
    """
    try:
        walker, budget, wm = mover_and_budget(state, cid, mode)
    except ValueError:
        return None  # type: ignore[return-value]
    rm = _reach_map(state, rs, walker, budget, wm, safest=False)
    return ReachPreview(cid, mode, budget, rm)


def reachable_areas(
    state: EncounterState, rs: Ruleset, cid: str, modes: tuple[str, ...] = ("move",)
) -> dict[str, ReachPreview]:
    """:func:`reachable_query` for each of ``modes`` (a selected creature's move, rush,
    retreat and charge areas): the biggest budget is searched first, so that its search
    serves the smaller ones (Seed SotDL: Rush is twice the Speed, Retreat half of it)."""
    asked = []
    for mode in modes:
        try:
            asked.append((mover_and_budget(state, cid, mode)[1], mode))
        except ValueError:
            continue  # not movement along a path: no area
    asked.sort(key=lambda a: -a[0])
    return {mode: reachable_query(state, rs, cid, mode) for _, mode in asked}


def path_preview(
    state: EncounterState,
    rs: Ruleset,
    cid: str,
    target: Any,
    mode: str = "move",
    safest: bool = False,
    ways: Any = (),
) -> PathPreview:
    """The path to a hovered square (or through drawn waypoints), each step marked; ``ways``:
    the GM's way over the edge into a square, as the move command's."""
    walker, budget, wm = mover_and_budget(state, cid, mode)
    c = state.creatures[walker]
    start = c.body.square
    if (
        isinstance(target, (list, tuple))
        and len(target) == 1
        and isinstance(target[0], (list, tuple))
    ):
        target = target[0]  # one waypoint: the hovered square
    squares: list[Any]
    if isinstance(target, (list, tuple)) and target and isinstance(target[0], (list, tuple)):
        squares = [start] + [tuple(float(v) if i == 2 else int(v) for i, v in enumerate(t))
                             for t in target]  # [x, y] or, for a flyer, [x, y, altitude]
    else:
        tgt = (int(target[0]), int(target[1]))
        rm = _reach_map(state, rs, walker, budget, wm, safest=safest)
        found = rm.path_to(tgt, layer=None if safest else 0)
        if found is None and safest:  # more attacks than the layers count: the cheapest path
            rm = _reach_map(state, rs, walker, budget, wm, safest=False)
            found = rm.path_to(tgt, layer=0)
        if found is None and not _jump_may_end_at(state, rs, walker, rm, tgt):
            return _out_of_reach(state, rs, cid, mode, walker, tgt, budget)
        if found is None:
            # a jump may land there, or a fall over an edge from a square in reach (a climb
            # down the move cannot pay for: Seed SotDL: Jump, "you instead fall"): plan it as
            # the route does, with the same search, so the hover and the route agree; only as
            # far as a legal plan could cost (hover_bounds), the GM's way over an edge aside
            legal, stop = hover_stop(state, rs, walker, budget, wm, rm, tgt) if not ways \
                else (True, None)
            if not legal:
                return _out_of_reach(state, rs, cid, mode, walker, tgt, budget)
            p = _preview_of(state, rs, cid, mode, walker, budget, wm, [start, tgt], ways=ways,
                            stop_yd=stop)
            if p.legal or ways:  # a way the GM chose says why it cannot be taken
                return p
            return _out_of_reach(state, rs, cid, mode, walker, tgt, budget)
        squares = found
    return _preview_of(state, rs, cid, mode, walker, budget, wm, squares, ways=ways)


def _preview_of(state: EncounterState, rs: Ruleset, cid: str, mode: str, walker: str,
                budget: float, wm: WalkMode, squares: list[Any],
                search_yd: float | None = None, ways: Any = (),
                stop_yd: float | None = None) -> PathPreview:
    """Plan ``squares`` (the start first) as the move would, and mark every step."""
    c = state.creatures[walker]
    start = c.body.square
    ways = tuple((square_of(sq), str(how)) for sq, how in ways or ())
    steps, vs = plan_path(state, rs, walker, tuple(squares[1:]), wm, budget,
                          search_yd=search_yd, ways=ways, stop_yd=stop_yd)
    full: list[Square]
    if not vs and len(squares) > 1:
        full = [start] + [square_of(s.square) for s in steps]
    else:
        full = [square_of(q) for q in squares]
    tc = terrain_for(state, rs, walker)
    ran0 = c.turn.ran_yd if state.active == walker else 0.0
    desc = describe_path(tc, full, moved_yd=ran0, ways=dict(ways))
    bodies = [c.body] + [body_at(state, walker, sq) for sq in full[1:]]
    threats = _threats(state, rs, walker, wm)
    # every step that leaves a threat's reach: a threat that declines may attack at a later one
    fas = free_attacks_along(
        bodies,
        threats=threats,
        rule=rs.definition.diagonal_rule,
        provokes=wm.provokes_free_attacks and wm.willing,
        once=False,
    )
    # only the attacks the move will ask about: an illegal one (total cover ...) is not offered
    fas = [fa for fa in fas if _would_offer(state, rs, walker, bodies[fa.step - 1], fa.threat_id)]
    # the plan's way over each edge (a climb down it cannot pay for is a fall: plan_path)
    geo = [replace(st, kind="fall") if not vs and i < len(steps) and steps[i].how == "fall"
           else st for i, st in enumerate(desc.steps)]
    marks = _marks(state, rs, walker, full, bodies, geo, fas)
    out = []
    total = 0.0
    ran = ran0
    for i, st in enumerate(desc.steps):
        cost = steps[i].cost_yd if not vs and i < len(steps) else st.cost_yd
        alts = _ways_over(state, rs, walker, tc, full[i], full[i + 1], ran, budget - total)
        total += cost if math.isfinite(cost) else 0.0
        ran += st.cost_yd if runs_up(st.kind) and math.isfinite(st.cost_yd) else 0.0
        out.append(
            StepMark(
                full[i + 1],
                cost,
                total,
                steps[i].how if not vs and i < len(steps) else st.kind,
                tuple(marks.get(i + 1, ())),
                alts,
            )
        )
    return PathPreview(cid, mode, tuple(full), tuple(out), total, budget, tuple(fas), tuple(vs))


def _ways_over(state: EncounterState, rs: Ruleset, walker: str, tc: Any, a: Square, b: Square,
               ran_yd: float, left_yd: float) -> tuple[EdgeWay, ...]:
    """The ways over the edge from ``a`` to ``b`` (none for a level step or a jump across),
    each with its cost and its roll or outcome (Seed SotDL: Climb: difficult terrain, a
    Strength challenge on a slick surface; Jump: the vertical yards, an Agility challenge
    beyond the rule; jumping down 5 yards or more is a fall)."""
    m, r = tc.mover, tc.rules
    h_, w_ = tc.shape
    if m.flying or m.prone or max(abs(b[0] - a[0]), abs(b[1] - a[1])) != 1 or not (
            0 <= b[0] < w_ and 0 <= b[1] < h_ and 0 <= a[0] < w_ and 0 <= a[1] < h_):
        return ()
    dz = float(tc.elev[b[1], b[0]] - tc.elev[a[1], a[0]])
    if abs(dz) <= r.step_up_yd:
        return ()
    bf = state.battlefield
    out = []
    for how in WAYS:
        st = step_cost(tc, a, b, moved_yd=ran_yd, how=how)
        h, way = abs(dz), "up" if dz > 0 else "down"
        if st.kind == "climb":
            text = f"climb {way} {h:g} yd"
            if _banes(bf, body_at(state, walker, b)) > 0 and "climb" not in m.traits:
                text += "; Strength challenge: slick climb"
        elif st.kind in ("jump_up", "jump_down"):
            text = f"jump {way} {h:g} yd"
        elif st.kind == "too_high":
            rule = m.jump_up_ft(running=ran_yd >= r.run_up_yd, rules=r) / 3
            if h > max(2 * rule, rule + 1) + 1e-9:
                continue  # more than it could try (as plan_path)
            st = replace(st, cost_yd=st.length_yd + h)
            text = f"jump up {h:g} yd: farther than the rule allows: Agility challenge"
        elif st.kind == "fall" and (how == "fall" or h < r.safe_drop_yd):
            dice = fall_damage_dice(h, rule=falling_rule(rs)) or "no damage"
            st = replace(st, cost_yd=0.0)
            text = f"fall {h:g} yd: {dice}, prone; the move ends here"
        else:
            continue  # unclimbable, no falling up, a jump down this far is the fall (below)
        if st.cost_yd > left_yd + 1e-9 and st.kind != "fall":
            text += f" (more than the {max(left_yd, 0.0):g} yd left)"
        out.append(EdgeWay(how, float(st.cost_yd), text))
    return tuple(out)


def _jump_may_end_at(state: EncounterState, rs: Ruleset, walker: str, rm: ReachMap,
                     tgt: Square) -> bool:
    """True if a move to ``tgt`` outside this turn's reach may still be legal: a jump that
    lands there (Seed SotDL: Jump: out of movement mid-jump, prone or a fall; a jump beyond the
    rule, the GM's Agility challenge), from a square in reach or straight from the start."""
    bf = state.battlefield
    if not bf.in_bounds(tgt):
        return False
    tc = terrain_for(state, rs, walker)
    m = tc.mover
    if m.flying:
        return False
    start = state.creatures[walker].body.square
    lmax = 2 * max(1, m.jump_across_yd(running=True, rules=tc.rules)) + 2  # twice the rule, +1
    dx, dy = tgt[0] - start[0], tgt[1] - start[1]
    if (dx == 0 or dy == 0 or abs(dx) == abs(dy)) and max(abs(dx), abs(dy)) > 1 and over_gap(
            tc, start, tgt):
        return True  # the straight waypoint over a gap is taken as a jump, tried if too long
    for ux, uy in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
        for k in range(1, lmax + 1):
            s = (tgt[0] - ux * k, tgt[1] - uy * k)
            if not bf.in_bounds(s):
                break
            if not math.isfinite(rm.cost_to(s)):
                continue
            if k > 1 and over_gap(tc, s, tgt):
                return True  # a jump across (it clears lower squares or water) from reach
            if k == 1 and abs(float(tc.elev[tgt[1], tgt[0]] - tc.elev[s[1], s[0]])) > \
                    tc.rules.step_up_yd:
                return True  # a jump up or down, or a drop, from a square in reach
    return False


def _out_of_reach(state: EncounterState, rs: Ruleset, cid: str, mode: str, walker: str,
                  tgt: Square, budget: float) -> PathPreview:
    """A hovered square outside this turn's reach, answered from the reach map at once (Seed
    SotDL: Move: up to your Speed): how far it is and what is left; no path is searched
    (the ``route`` query plans one over several turns)."""
    c = state.creatures[walker]
    d = body_distance(c.body, c.body.moved_to(tgt), rule=rs.definition.diagonal_rule)
    unit = "yards" if rs.definition.distance_unit == "yd" else rs.definition.distance_unit
    why = Violation(f"out of reach: {d:g} {unit}, {budget:g} left", "too_far")
    return PathPreview(cid, mode, (c.body.square, tgt), (), float(d), budget, (), (why,))


_ROUTES: list[Any] = []  # [(state, key, PathPreview)]: the last few routes asked for


def route(
    state: EncounterState, rs: Ruleset, cid: str, target: Any, mode: str = "move"
) -> PathPreview:
    """The cheapest path to a square however far (several turns' worth: Seed SotDL: Move),
    priced and marked like :func:`path_preview`; its search is bounded by the straight
    distance (4 x the squares + 8 yards, ``path_through``) and remembered per state."""
    tgt = (int(target[0]), int(target[1]))
    key = (cid, tgt, mode, id(rs))
    for st, k, hit in _ROUTES:
        if st is state and k == key:
            return hit  # type: ignore[no-any-return]
    walker, budget, wm = mover_and_budget(state, cid, mode)
    start = state.creatures[walker].body.square
    found = _reach_map(state, rs, walker, budget, wm, safest=False).path_to(tgt, layer=0)
    out = _preview_of(state, rs, cid, mode, walker, budget, wm, found or [start, tgt])
    _ROUTES[:] = [(state, key, out)] + _ROUTES[:3]
    return out


def _moved(state: EncounterState, walker: str, body: Body) -> EncounterState:
    """The state with the walker (and its rider) standing at ``body`` (a hypothesis)."""
    st = state.update_creature(walker, body=body)
    rider = rider_of(state, walker)
    if rider:
        rb = state.creatures[rider].body.moved_to(body.square, body.elevation_yd)
        st = st.update_creature(rider, body=rb)
    return st


def _would_offer(state: EncounterState, rs: Ruleset, walker: str, body: Body, threat: str
                 ) -> bool:
    """True if the move would offer ``threat`` a free attack as the walker leaves ``body``
    (the same test as the step checker: triggered.free_attack_refusal)."""
    st = _moved(state, walker, body)
    rider = rider_of(state, walker)
    targets = (rider, walker) if rider and state.hostile(threat, rider) else (walker,)
    return any(not free_attack_refusal(st, rs, threat, x) for x in targets)


def safest_path(
    state: EncounterState, rs: Ruleset, cid: str, target: Any, mode: str = "move"
) -> PathPreview:
    """Fewest provoked free attacks, then least cost (Seed SotDL: Free Attack)."""
    return path_preview(state, rs, cid, target, mode, safest=True)


def _marks(
    state: EncounterState,
    rs: Ruleset,
    walker: str,
    full: list[Square],
    bodies: list[Body],
    steps: Any,
    fas: list[FreeAttack],
) -> dict[int, list[str]]:
    """What happens at each step (1-based), for the preview."""
    bf = state.battlefield
    out: dict[int, list[str]] = {}
    for fa in fas:
        name = state.creatures[fa.threat_id].name
        out.setdefault(fa.step, []).append(f"free attack: {name}")
    traits = state.creatures[walker].definition.movement
    prev_flags = _flags(bf, bodies[0])
    for i, st in enumerate(steps, start=1):
        flags = _flags(bf, bodies[i])
        k = st.kind
        m = out.setdefault(i, [])
        if k.startswith("jump"):
            yd = st.length_yd if k == "jump_across" else abs(st.dz_yd)
            m.append(f"{k.replace('_', ' ')} {yd:g} yd")
        if k in ("too_far", "too_high"):
            m.append("farther than the rule allows: Agility challenge")
        if k == "fall":
            h = -st.dz_yd
            dice = fall_damage_dice(h, rule=falling_rule(rs)) or "no damage"
            m.append(f"fall {h:g} yd: {dice}, prone; the move ends here")
        if k == "climb":  # Seed SotDL: Climb (difficult terrain); the other ways over the edge
            h = abs(st.dz_yd)
            m.append(f"climb {'up' if st.dz_yd > 0 else 'down'} {h:g} yd")
            if st.dz_yd < 0 and h >= terrain_for(state, rs, walker).rules.safe_drop_yd:
                dice = fall_damage_dice(h, rule=falling_rule(rs)) or "no damage"
                m.append(f"jumping down instead is a fall: {dice}, prone")
        if (
            flags & Terrain.TREACHEROUS
            and not flags & Terrain.LIQUID
            and not (prev_flags & Terrain.TREACHEROUS)
            and "balance" not in traits
        ):
            m.append("Agility challenge: balance")
        if flags & Terrain.LIQUID and flags & Terrain.TREACHEROUS and "swim" not in traits:
            m.append("Strength challenge: rough water")
        if k == "climb" and _banes(bf, bodies[i]) > 0 and "climb" not in traits:
            m.append("Strength challenge: slick climb")
        prev_flags = flags
        if not m:
            del out[i]
    for e in state.effects.values():  # Seed SotDL: Prepare: entering a preparer's reach
        if e.name != "prepared" or e.get("trigger") != "enemy_enters_reach":
            continue
        if e.owner not in state.creatures or not state.hostile(e.owner, walker):
            continue
        ob = state.creatures[e.owner].body
        r = reach_yd(state, rs, e.owner)
        for i in range(1, len(bodies)):
            if not within_reach(ob, bodies[i - 1], reach=r) and within_reach(
                ob, bodies[i], reach=r
            ):
                if prepared_refusal(_moved(state, walker, bodies[i]), rs, e.id, walker):
                    break  # the activity could not happen there: the move will not ask
                out.setdefault(i, []).append(f"prepared: {state.creatures[e.owner].name}")
                break
    return out


def _flags(bf: Any, body: Body) -> int:
    f = 0
    for x, y in body.squares():
        if bf.in_bounds((x, y)):
            f |= int(bf.terrain[y, x])
    return f


def _banes(bf: Any, body: Body) -> int:
    return max(
        (int(bf.surface_banes[y, x]) for x, y in body.squares() if bf.in_bounds((x, y))), default=0
    )


def register(rs: Ruleset) -> None:
    """The UI's movement queries."""
    rs.register_query("reachable", reachable_query)
    rs.register_query("reachable_areas", reachable_areas)
    rs.register_query("path_preview", path_preview)
    rs.register_query("safest_path", safest_path)
    rs.register_query("route", route)
