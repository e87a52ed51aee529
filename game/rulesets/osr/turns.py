"""Movement, Missiles, Melee on the engine (Seed OSR): who may act, moving 6 paces (1 with a bow
or a spell), charging 1d6 + 3 more, attacking, casting, and free attacks on turning one's back.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from fractions import Fraction

from game.rules.battlefield import Square
from game.rules.engine import (
    ActionUsed,
    Context,
    EncounterState,
    MoveBudgetSet,
    Ruleset,
    Step,
    TriggeredActionUsed,
    TurnEnded,
    TurnStarted,
    Violation,
    WalkMode,
    WalkState,
    walk,
    walked,
)
from game.rules.geometry.pathing_search import path_through, reachable
from game.rulesets.osr.combat import melee_weapon_of, perform_attack, plan_attack
from game.rulesets.osr.commands import OsrAttack, OsrCharge, OsrEndTurn, OsrMove
from game.rulesets.osr.dice import CtxRoller, parse_dice
from game.rulesets.osr.events import OsrChargeRolled, OsrTurnResumed
from game.rulesets.osr.fighters import gap_squares, sq
from game.rulesets.osr.movers import allies_and_foes, terrain_for
from game.rulesets.osr.view import formation_of, params_of

ACTION_PHASE = "action"


def acting_sides(state: EncounterState) -> tuple[str, ...]:
    """Sides whose turn it is in Movement, Missiles, Melee (tied sides act together)."""
    order = state.data.get("osr_order") or ()
    g = int(state.data.get("osr_group", 0))
    return tuple(order[g]) if g < len(order) else ()


def can_take_turn(state: EncounterState, cid: str) -> list[Violation]:
    """Why a creature cannot act now ([] if it can)."""
    if cid not in state.creatures:
        return [Violation(f"no creature {cid}", "unknown_creature")]
    c = state.creatures[cid]
    if state.phase != ACTION_PHASE:
        return [
            Violation(
                f"{c.name} acts in Movement, Missiles, Melee, "
                f"not in the {state.phase or 'set-up'} phase",
                "wrong_phase",
            )
        ]
    if not c.in_fight:
        return [Violation(f"{c.name} is {c.status}", "not_in_fight")]
    if c.side not in acting_sides(state):
        return [
            Violation(
                f"side {c.side} acts after "
                f"{', '.join(acting_sides(state)) or 'nobody'} (initiative)",
                "not_your_side",
            )
        ]
    if c.turn.taken and not c.turn.active:
        return [Violation(f"{c.name} has already taken its turn this round", "turn_taken")]
    return []


def budget_squares(state: EncounterState, rs: Ruleset, cid: str) -> float:
    """Squares a creature may move this turn: usually 6 paces (its own ``paces`` if the creature
    file says), in squares by the ruleset file. SotDL's Speed is not used: it is in yards."""
    p = params_of(rs)
    c = state.creatures[cid]
    paces = getattr(c.definition, "paces", None) or p.move_paces
    return float(p.paces_to_squares(paces))


def begin_turn(ctx: Context, cid: str) -> None:
    """Start the creature's turn, or go on with it: the winning side takes all its actions in
    any order, so switching between its creatures ends nobody's turn (end_turn does)."""
    st = ctx.state
    if st.active == cid:
        return
    c = st.creatures[cid]
    if c.turn.taken and c.turn.active:
        ctx.emit(OsrTurnResumed(cid))
        return
    actions = 0 if c.has("retreat_failed") else 1
    ctx.emit(TurnStarted(cid, "osr", budget_squares(ctx.state, ctx.ruleset, cid), actions, 0))


def end_all_turns(ctx: Context) -> None:
    """Every turn still going on ends (the side is done)."""
    for c in list(ctx.state.creatures.values()):
        if c.turn.active:
            ctx.emit(TurnEnded(c.id))


def _moved_paces(state: EncounterState, rs: Ruleset, cid: str) -> float:
    """Paces moved so far this turn."""
    p = params_of(rs)
    return state.creatures[cid].turn.moved_yd / max(p.squares_per_pace, 1e-9)


def slow_action_violations(
    state: EncounterState, rs: Ruleset, cid: str, what: str
) -> list[Violation]:
    """A bow or a spell allows only a single pace of movement (Seed OSR)."""
    p = params_of(rs)
    moved = _moved_paces(state, rs, cid)
    if moved > p.bow_or_cast_paces + 1e-9:
        c = state.creatures[cid]
        return [
            Violation(
                f"{c.name} moved {moved:g} paces: {what} allows only {p.bow_or_cast_paces}",
                "moved_too_far",
            )
        ]
    return []


def limit_after_slow_action(ctx: Context, cid: str, what: str) -> None:
    """After shooting a bow or casting, what is left of the single pace is all the movement."""
    p = params_of(ctx.ruleset)
    left = max(
        0.0, p.paces_to_squares(p.bow_or_cast_paces) - ctx.state.creatures[cid].turn.moved_yd
    )
    if ctx.state.creatures[cid].turn.move_budget_yd > left:
        ctx.emit(MoveBudgetSet(cid, left, f"{what}: a single pace of movement"))


def plan_steps(
    state: EncounterState, rs: Ruleset, cid: str, path: tuple[Square, ...]
) -> tuple[tuple[Step, ...], list[Violation]]:
    """Steps along the path (the movement geometry's costs: difficult terrain, climbing ...)."""
    c = state.creatures[cid]
    if not path:
        return (), [Violation("the path is empty", "empty_path")]
    start = c.body.square
    allies, enemies = allies_and_foes(state, cid)
    pc = path_through(
        terrain_for(state, rs, cid),
        waypoints=[start, *[sq(s) for s in path]],
        allies=allies,
        enemies=enemies,
        moved_yd=c.turn.ran_yd,
    )
    steps: list[Step] = []
    for st in pc.steps:
        if st.cost_yd == float("inf"):
            return (), [Violation(f"{c.name} cannot go to {st.square}: {st.kind}", "no_path")]
        steps.append(Step(sq(st.square), None, st.cost_yd, st.kind))
    return tuple(steps), _end_violations(state, cid, steps)


def _end_violations(state: EncounterState, cid: str, steps: list[Step]) -> list[Violation]:
    """Nobody ends a move in an occupied space."""
    if not steps:
        return []
    end = state.creatures[cid].body.moved_to(sq(steps[-1].square))
    for spot in end.squares():
        occ = state.occupant(spot, exclude=cid)
        if occ:
            return [Violation(f"{state.creatures[occ].name} already stands in {spot}", "occupied")]
    return []


def validate_move(state: EncounterState, cmd: OsrMove, rs: Ruleset) -> list[Violation]:
    """Move: the creature's turn, not in a formation, within what is left of its paces."""
    vs = can_take_turn(state, cmd.creature)
    if vs:
        return vs
    f = formation_of(state, cmd.creature)
    if f is not None:
        return [
            Violation(
                f"{state.creatures[cmd.creature].name} moves with formation {f.id} "
                "(move_formation)",
                "in_formation",
            )
        ]
    steps, vs = plan_steps(state, rs, cmd.creature, tuple(cmd.path))
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    left = c.turn.move_budget_yd if c.turn.active else budget_squares(state, rs, cmd.creature)
    cost = sum(s.cost_yd for s in steps)
    if cost > left + 1e-9:
        return [Violation(f"{c.name} needs {cost:g} paces, has {left:g} left", "too_far")]
    return []


def resolve_move(ctx: Context, cmd: OsrMove) -> None:
    """Walk the path; turning one's back on a foe in melee draws its free attack."""
    begin_turn(ctx, cmd.creature)
    steps, _ = plan_steps(ctx.state, ctx.ruleset, cmd.creature, tuple(cmd.path))
    walk(ctx, cmd.creature, steps, WalkMode("move"))


def turn_back_checker(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """Before each step: a foe in melee that the mover leaves (turns its back on) may take a
    free attack, once a round, with a melee weapon (Seed OSR: turning one's back)."""
    if not ws.mode.provokes_free_attacks:
        return None
    st = ctx.state
    mover = st.creatures[ws.mover]
    after = mover.body.moved_to(sq(step.square))
    for o in list(st.creatures.values()):
        if (
            not o.in_fight
            or o.side == mover.side
            or o.turn.triggered_used
            or o.id in ws.mode.no_free_attacks_from
        ):
            continue
        w = melee_weapon_of(st, ctx.ruleset, o.id)
        if w.kind != "melee":
            continue
        reach = params_of(ctx.ruleset).melee_reach_yd + w.reach_yd + o.definition.reach_yd
        if gap_squares(o.body, mover.body) <= reach < gap_squares(o.body, after):
            choice = ctx.ask(
                "free_attack",
                f"{mover.name} turns its back on {o.name}: free attack?",
                [("yes", "attack"), ("no", "let it go")],
                asked_of=o.id,
            )
            if choice == "yes":
                ctx.emit(TriggeredActionUsed(o.id, "free_attack"))
                perform_attack(ctx, o.id, mover.id, w.id, free=True)
                if not ctx.state.creatures[mover.id].in_fight or ctx.state.creatures[mover.id].has(
                    "felled"
                ):
                    return f"{mover.name} falls to {o.name}'s free attack"
            st = ctx.state
    return None


def validate_attack(state: EncounterState, cmd: OsrAttack, rs: Ruleset) -> list[Violation]:
    """Attack: the creature's turn with its action left; the battlefield's legality."""
    vs = can_take_turn(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if c.turn.active and c.turn.action_used:
        return [Violation(f"{c.name} has used its action this round", "no_action")]
    if c.has("retreat_failed"):
        return [
            Violation(
                f"{c.name} failed to retreat: it may move, but forfeits its action", "no_action"
            )
        ]
    plan, vs = plan_attack(
        state,
        rs,
        cmd.creature,
        cmd.target,
        cmd.weapon,
        thrown=cmd.thrown,
        gm_modifier=cmd.gm_modifier,
        gm_reason=cmd.gm_reason,
    )
    if vs:
        return vs
    if plan and plan.weapon.has("bow"):
        return slow_action_violations(state, rs, cmd.creature, "shooting a bow")
    return []


def resolve_attack_cmd(ctx: Context, cmd: OsrAttack) -> None:
    """Spend the action and roll the attack (natural 20: another at once)."""
    plan, _ = plan_attack(
        ctx.state, ctx.ruleset, cmd.creature, cmd.target, cmd.weapon, thrown=cmd.thrown
    )
    wid = plan.weapon.id if plan is not None else cmd.weapon
    begin_turn(ctx, cmd.creature)
    ctx.emit(ActionUsed(cmd.creature, "attack"))
    if plan is not None and plan.weapon.has("bow"):
        limit_after_slow_action(ctx, cmd.creature, "shooting a bow")
    perform_attack(
        ctx,
        cmd.creature,
        cmd.target,
        wid,
        thrown=cmd.thrown,
        gm_modifier=cmd.gm_modifier,
        gm_reason=cmd.gm_reason,
    )


def validate_charge(state: EncounterState, cmd: OsrCharge, rs: Ruleset) -> list[Violation]:
    """Charge: a fresh turn, a melee weapon, a path of at most Speed + 9 paces (1d6 + 3 at most)."""
    vs = can_take_turn(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if c.turn.active and (c.turn.action_used or c.turn.move_used):
        return [
            Violation(
                f"{c.name} must charge from a standing start, before moving or acting",
                "charge_late",
            )
        ]
    if formation_of(state, cmd.creature) is not None:
        return [Violation(f"{c.name} fights in formation and cannot charge alone", "in_formation")]
    w = melee_weapon_of(state, rs, cmd.creature, cmd.weapon)
    if w.kind != "melee":
        return [Violation(f"a charge needs a melee weapon, not {w.name}", "not_melee")]
    if cmd.target not in state.creatures:
        return [Violation(f"no creature {cmd.target}", "unknown_creature")]
    if state.creatures[cmd.target].side == c.side:
        return [Violation(f"{state.creatures[cmd.target].name} is not a foe", "bad_target")]
    t = state.creatures[cmd.target]
    if (
        not cmd.path
        and gap_squares(c.body, t.body)
        <= params_of(rs).melee_reach_yd + w.reach_yd + c.definition.reach_yd
    ):
        return [Violation(f"{t.name} is already in reach: attack instead", "in_reach")]
    path = charge_route(state, rs, cmd)
    if not path:
        return [Violation(f"{c.name} cannot reach {t.name} in a charge", "too_far")]
    steps, vs = plan_steps(state, rs, cmd.creature, path)
    if vs:
        return vs
    end = c.body.moved_to(steps[-1].square) if steps else c.body
    reach = params_of(rs).melee_reach_yd + w.reach_yd + c.definition.reach_yd
    if gap_squares(end, t.body) > reach:  # resolution would walk it and make no attack
        return [Violation(f"the charge's path ends out of reach of {t.name}", "out_of_reach")]
    most = charge_most(state, rs, cmd.creature)
    cost = sum(s.cost_yd for s in steps)
    if cost > most + 1e-9:
        return [Violation(f"{c.name} cannot charge {cost:g} paces (at most {most:g})", "too_far")]
    return []


def charge_route(state: EncounterState, rs: Ruleset, cmd: OsrCharge) -> tuple[Square, ...]:
    """The charge's path: the command's, else the cheapest into reach of the target."""
    return tuple(cmd.path) or charge_path(state, rs, cmd.creature, cmd.target, cmd.weapon)


def charge_there(state: EncounterState, rs: Ruleset, cmd: OsrCharge) -> EncounterState:
    """Seed OSR: a charge moves, then attacks: the state its melee attack is made in, the
    charger at the end of its path (no free attack on the way), as resolution meets it; the
    flanking, high ground and prone modifiers are judged from there, not from the start."""
    path = charge_route(state, rs, cmd)
    steps, vs = plan_steps(state, rs, cmd.creature, path) if path else ((), [])
    return state if vs else walked(state, cmd.creature, steps, WalkMode("charge"))


def charge_most(state: EncounterState, rs: Ruleset, cid: str) -> float:
    """The longest charge: the usual paces plus the most 1d6 + 3 can add."""
    p = params_of(rs)
    extra = parse_dice(p.charge_extra)
    return budget_squares(state, rs, cid) + p.paces_to_squares(
        extra.count * extra.sides + extra.bonus
    )


@dataclass(frozen=True)
class ChargeOdds:
    """A charge's path against its rolled extra paces (Seed OSR: "may attempt a charge, gaining
    an extra 1d6 + 3 paces"): what the path costs, the least roll that covers it, the chance."""

    cost: float  # squares the path to the target's reach costs
    budget: float  # squares of the usual move
    expr: str  # the extra paces' dice, "1d6+3"
    need: int | None  # the least extra-paces roll that covers the path (None: none does)
    chance: Fraction  # the chance the roll covers it
    most: float  # squares the best roll gives in all

    def describe(self) -> str:
        """One line for the preview: sure, a chance, or out of any charge's reach."""
        if self.need is None:
            return (f"beyond any charge: {self.cost:g} paces, at most {self.most:g} "
                    f"({self.expr} rolling its best)")
        if self.chance == 1:
            return f"the charge reaches whatever {self.expr} rolls ({self.cost:g} paces)"
        n, d = self.chance.numerator, self.chance.denominator
        return (f"the charge reaches if {self.expr} rolls {self.need} or more ({n} in {d}); "
                "short of it, the charger runs the paces rolled and makes no attack")


def charge_odds(state: EncounterState, rs: Ruleset, cid: str, cost: float) -> ChargeOdds:
    """How a path of ``cost`` squares fares against the charge's extra paces (every roll of
    the ruleset's ``charge_extra`` dice counted)."""
    p = params_of(rs)
    expr = parse_dice(p.charge_extra)
    budget = budget_squares(state, rs, cid)
    rolls = [sum(f) + expr.bonus
             for f in itertools.product(range(1, expr.sides + 1), repeat=expr.count)]
    covers = sorted(v for v in rolls if budget + p.paces_to_squares(v) >= cost - 1e-9)
    return ChargeOdds(cost, budget, str(expr), covers[0] if covers else None,
                      Fraction(len(covers), len(rolls)), charge_most(state, rs, cid))


def charge_path(
    state: EncounterState, rs: Ruleset, cid: str, target: str, weapon_id: str = ""
) -> tuple[Square, ...]:
    """The cheapest path to a square from which the target is in reach (empty: none in range)."""
    c, t = state.creatures[cid], state.creatures[target]
    w = melee_weapon_of(state, rs, cid, weapon_id)
    reach = params_of(rs).melee_reach_yd + w.reach_yd + c.definition.reach_yd
    if gap_squares(c.body, t.body) <= reach:
        return ()
    allies, enemies = allies_and_foes(state, cid)
    rm = reachable(
        terrain_for(state, rs, cid, moved_yd=0.0),
        start=c.body.square,
        budget_yd=charge_most(state, rs, cid),
        allies=allies,
        enemies=enemies,
    )
    spots = [
        (cost, sq)
        for sq, cost in rm.squares().items()
        if gap_squares(c.body.moved_to(sq), t.body) <= reach and sq != c.body.square
    ]
    if not spots:
        return ()
    found = rm.path_to(min(spots)[1])
    return tuple(found[1:]) if found else ()


def resolve_charge(ctx: Context, cmd: OsrCharge) -> None:
    """Roll 1d6 + 3 extra paces, run the path (as far as they go), attack if in reach."""
    begin_turn(ctx, cmd.creature)
    p = params_of(ctx.ruleset)
    c = ctx.state.creatures[cmd.creature]
    roller = CtxRoller(ctx, f"{c.name} charges: extra paces", asked_of=cmd.creature)
    expr = parse_dice(p.charge_extra)
    faces = [roller(expr.sides) for _ in range(expr.count)]
    extra = p.paces_to_squares(sum(faces) + expr.bonus)
    ctx.emit(OsrChargeRolled(cmd.creature, str(expr), roller.take(), sum(faces) + expr.bonus))
    budget = c.turn.move_budget_yd + extra
    ctx.emit(MoveBudgetSet(cmd.creature, budget, f"charge: {sum(faces) + expr.bonus} extra paces"))
    ctx.emit(ActionUsed(cmd.creature, "charge"))
    path = charge_route(ctx.state, ctx.ruleset, cmd)
    steps, _ = plan_steps(ctx.state, ctx.ruleset, cmd.creature, path)
    kept: list[Step] = []
    spent = 0.0
    for s in steps:
        if spent + s.cost_yd > budget + 1e-9:
            break
        kept.append(s)
        spent += s.cost_yd
    ws = walk(ctx, cmd.creature, tuple(kept), WalkMode("charge"))
    if ws.stopped or not ctx.state.creatures[cmd.creature].in_fight:
        return
    if len(kept) < len(steps):  # the attempt fell short: the paces rolled are run, no blow
        need = sum(s.cost_yd for s in steps)
        ctx.note(f"{c.name}'s charge falls short: {budget:g} paces of the {need:g} the path "
                 "needs; no attack", cmd.creature)
        return
    plan, vs = plan_attack(ctx.state, ctx.ruleset, cmd.creature, cmd.target, cmd.weapon)
    if vs:
        ctx.note(f"{c.name}'s charge ends short: {vs[0].reason}", cmd.creature)
        return
    perform_attack(ctx, cmd.creature, cmd.target, cmd.weapon)


def validate_end_turn(state: EncounterState, cmd: OsrEndTurn, rs: Ruleset) -> list[Violation]:
    """End turn: only a creature whose turn it may be."""
    return can_take_turn(state, cmd.creature)


def resolve_end_turn(ctx: Context, cmd: OsrEndTurn) -> None:
    """The creature is done this round (it may have done nothing)."""
    begin_turn(ctx, cmd.creature)
    ctx.emit(TurnEnded(cmd.creature))


def turn_status(state: EncounterState, rs: Ruleset, cid: str) -> dict[str, object]:
    """Query 'turn_status' (Seed OSR: the winner takes all their actions, followed by the loser):
    may the creature act now or why not, and what is left of its turn."""
    c = state.creatures[cid]
    why = can_take_turn(state, cid)
    active = c.turn.active
    return {
        "active": active, "taken": c.turn.taken, "can_act": not why,
        "why_not": [v.reason for v in why], "acting_sides": list(acting_sides(state)),
        "action": not why and not (active and c.turn.action_used),
        "move_budget_yd": c.turn.move_budget_yd if active else budget_squares(state, rs, cid),
    }


def register(rs: Ruleset) -> None:
    """Movement, Missiles, Melee commands and the turning-back step checker."""
    rs.register_query("turn_status", turn_status)
    rs.register_query("who_may_act", lambda st, r: [
        cid for cid in st.creatures if not can_take_turn(st, cid)])
    rs.register_action(OsrMove, validate_move, resolve_move, name="move", doc="move up to 6 paces")
    rs.register_action(
        OsrAttack, validate_attack, resolve_attack_cmd, name="attack", doc="attack with a weapon"
    )
    rs.register_action(
        OsrCharge,
        validate_charge,
        resolve_charge,
        name="charge",
        doc="charge: +1d6+3 paces, then melee",
    )
    rs.register_action(
        OsrEndTurn,
        validate_end_turn,
        resolve_end_turn,
        name="end_turn",
        doc="end the creature's turn",
    )
    rs.register_step_checker("osr_turn_back", turn_back_checker, when="before", order=50)
