"""Formations on the engine (Seed OSR: Formations): form up, move as a block, turn, break.

The pure geometry is formations.py; here the commands validate against the encounter and
emit events (Stepped for every member, cohesion, free attacks when the block turns its back).
"""

from __future__ import annotations

from game.rules.battlefield import Terrain
from game.rules.engine import (
    Context,
    EncounterDataSet,
    EncounterState,
    Placed,
    Ruleset,
    Stepped,
    TriggeredActionUsed,
    Violation,
)
from game.rulesets.osr import formations as fm
from game.rulesets.osr.combat import melee_weapon_of, perform_attack
from game.rulesets.osr.commands import (
    OsrBreakFormation,
    OsrFormUp,
    OsrMoveFormation,
    OsrTurnFormation,
)
from game.rulesets.osr.events import OsrCohesionChanged, OsrFormationChanged
from game.rulesets.osr.fighters import gap_squares, sq
from game.rulesets.osr.turns import ACTION_PHASE, acting_sides
from game.rulesets.osr.view import fighters, formation_of, formations, params_of


def _contiguous(squares: list[tuple[int, int]]) -> bool:
    """Members stand together: every square connects to the others (8 directions)."""
    left = set(squares)
    todo = [squares[0]]
    left.discard(squares[0])
    while todo:
        x, y = todo.pop()
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                n = (x + dx, y + dy)
                if n in left:
                    left.discard(n)
                    todo.append(n)
    return not left


def v_form(state: EncounterState, cmd: OsrFormUp, rs: Ruleset) -> list[Violation]:
    """Members on one side, standing together, in no other formation; Lead ranks allow them."""
    if not cmd.members:
        return [Violation("a formation needs members", "empty")]
    if cmd.formation in formations(state):
        return [Violation(f"formation {cmd.formation} already exists", "exists")]
    for m in cmd.members:
        if m not in state.creatures:
            return [Violation(f"no creature {m}", "unknown_creature")]
        if formation_of(state, m):
            return [
                Violation(f"{state.creatures[m].name} is already in a formation", "in_formation")
            ]
        if not state.creatures[m].in_fight:
            return [
                Violation(
                    f"{state.creatures[m].name} is {state.creatures[m].status}", "not_in_fight"
                )
            ]
    sides = {state.creatures[m].side for m in cmd.members}
    if len(sides) > 1:
        return [Violation("a formation's members are all on one side", "mixed_sides")]
    if cmd.facing not in fm.FACINGS or cmd.order not in (fm.LOOSE, fm.TIGHT):
        return [Violation("facing is N, E, S or W; order is loose or tight", "bad_formation")]
    if any(state.creatures[m].body.space != 1 for m in cmd.members):
        return [Violation("formations are of Size 1 creatures (one square each)", "too_big")]
    if not _contiguous([state.creatures[m].body.square for m in cmd.members]):
        return [Violation("the members must stand together (each next to another)", "scattered")]
    if cmd.leader:
        if cmd.leader not in state.creatures:
            return [Violation(f"no creature {cmd.leader}", "unknown_creature")]
        ldr = state.creatures[cmd.leader]
        new = fm.Formation(
            cmd.formation, next(iter(sides)), tuple(cmd.members), leader=cmd.leader, mob=cmd.mob
        )
        out = fm.retinue_violations(
            cmd.leader,
            ldr.definition.lead,
            [*formations(state).values(), new],
            lambda n: "mob" in state.creatures[n].definition.tags,
            shown=ldr.name,
        )
        return [Violation(v, "lead_ranks") for v in out]
    return []


def r_form(ctx: Context, cmd: OsrFormUp) -> None:
    """Form up where the members stand; cohesion starts full."""
    st = ctx.state
    side = st.creatures[cmd.members[0]].side
    f = fm.form_up(
        cmd.formation,
        side,
        {m: st.creatures[m].body.square for m in cmd.members},
        facing=cmd.facing,
        order=cmd.order,
        mob=cmd.mob,
        leader=cmd.leader,
    )
    ctx.emit(OsrFormationChanged(f.id, f, "formed up"))
    ctx.emit(OsrCohesionChanged(f.id, fm.max_cohesion(f, params_of(ctx.ruleset)), "cohesion"))


def _acting(state: EncounterState, f: fm.Formation) -> list[Violation]:
    if state.phase != ACTION_PHASE:
        return [Violation("formations move in Movement, Missiles, Melee", "wrong_phase")]
    if f.side not in acting_sides(state):
        return [Violation(f"side {f.side} is not acting now (initiative)", "not_your_side")]
    return []


def _get(state: EncounterState, fid: str) -> tuple[fm.Formation | None, list[Violation]]:
    f = formations(state).get(fid)
    return (f, []) if f else (None, [Violation(f"no formation {fid}", "unknown_formation")])


def _budget_left(state: EncounterState, rs: Ruleset, f: fm.Formation) -> float:
    p = params_of(rs)
    used = float(state.data.get("osr_block_moved", {}).get(f"{state.round}:{f.id}", 0.0))
    return p.paces_to_squares(fm.move_budget_paces(f, p)) - used


def _live(state: EncounterState, f: fm.Formation) -> fm.Formation:
    """The formation without members who fell or fled."""
    alive = tuple(m for m in f.members if state.creatures[m].in_fight)
    return (
        f
        if alive == f.members
        else fm.Formation(
            f.id,
            f.side,
            alive,
            {m: f.offsets[m] for m in alive},
            f.anchor,
            f.facing,
            f.order,
            f.mob,
            f.leader,
            f.name,
        )
    )


def v_move_block(state: EncounterState, cmd: OsrMoveFormation, rs: Ruleset) -> list[Violation]:
    """A block move keeps the shape, fits the formation's paces (tight: fewer)."""
    f, vs = _get(state, cmd.formation)
    if vs or f is None:
        return vs
    vs = _acting(state, f)
    if vs:
        return vs
    mv = fm.plan_block_move(
        state.battlefield,
        _live(state, f),
        [sq(s) for s in cmd.path],
        fighters(state),
        budget=_budget_left(state, rs, f),
        difficult_multiplier=rs.definition.difficult_multiplier,
    )
    return [Violation(v, "block_move") for v in mv.violations]


def r_move_block(ctx: Context, cmd: OsrMoveFormation) -> None:
    """Step every member together; backing away from engaged foes draws their free attacks."""
    st = ctx.state
    f = _live(st, formations(st)[cmd.formation])
    mv = fm.plan_block_move(
        st.battlefield,
        f,
        [sq(s) for s in cmd.path],
        fighters(st),
        budget=_budget_left(st, ctx.ruleset, f),
        difficult_multiplier=ctx.ruleset.definition.difficult_multiplier,
    )
    at = f.anchor
    spent = 0.0
    for step in mv.steps:
        for attacker, member in step.free_attacks:
            a = ctx.state.creatures[attacker]
            if a.turn.triggered_used or not a.in_fight or not ctx.state.creatures[member].in_fight:
                continue
            w = melee_weapon_of(ctx.state, ctx.ruleset, attacker)
            if w.kind != "melee":
                continue
            if (
                ctx.ask(
                    "free_attack",
                    f"formation {f.id} turns its back on {a.name}: free attack on "
                    f"{ctx.state.creatures[member].name}?",
                    [("yes", "attack"), ("no", "let it go")],
                    asked_of=attacker,
                )
                == "yes"
            ):
                ctx.emit(TriggeredActionUsed(attacker, "free_attack"))
                perform_attack(ctx, attacker, member, w.id, free=True)
        f = _live(ctx.state, f)
        if not f.members:
            break
        for m in f.members:
            ox, oy = f.offsets[m]
            frm = (at[0] + ox, at[1] + oy)
            to = (step.anchor[0] + ox, step.anchor[1] + oy)
            ctx.emit(
                Stepped(
                    m,
                    frm,
                    to,
                    ctx.state.battlefield.elevation_at(to),
                    step.cost,
                    "formation",
                    "walk",
                    False,
                )
            )
        at = step.anchor
        spent += step.cost
    moved = dict(ctx.state.data.get("osr_block_moved", {}))
    key = f"{ctx.state.round}:{f.id}"
    moved[key] = float(moved.get(key, 0.0)) + spent
    ctx.emit(EncounterDataSet("osr_block_moved", moved))
    ctx.emit(
        OsrFormationChanged(
            f.id,
            fm.Formation(
                f.id, f.side, f.members, f.offsets, at, f.facing, f.order, f.mob, f.leader, f.name
            ),
            f"moved {spent:g} paces",
        )
    )


def v_turn_block(state: EncounterState, cmd: OsrTurnFormation, rs: Ruleset) -> list[Violation]:
    """The turned shape must fit: on the map, passable, free of others."""
    f, vs = _get(state, cmd.formation)
    if vs or f is None:
        return vs
    vs = _acting(state, f)
    if vs:
        return vs
    if cmd.facing not in fm.FACINGS:
        return [Violation("facing is N, E, S or W", "bad_facing")]
    turned = fm.turn(_live(state, f), cmd.facing)
    members = set(f.members)
    for m, spot in turned.positions().items():
        if (
            not state.battlefield.in_bounds(spot)
            or state.battlefield.terrain_at(spot) & Terrain.IMPASSABLE
        ):
            return [
                Violation(
                    f"turned, {state.creatures[m].name} would stand in a wall at {spot}", "blocked"
                )
            ]
        occ = state.occupant(spot)
        if occ and occ not in members:
            return [
                Violation(
                    f"turned, {state.creatures[m].name} would stand on {state.creatures[occ].name}",
                    "occupied",
                )
            ]
    return []


def r_turn_block(ctx: Context, cmd: OsrTurnFormation) -> None:
    """Turn; foes in melee that end at the back get their free attacks first."""
    st = ctx.state
    f = _live(st, formations(st)[cmd.formation])
    for attacker, member in fm.turn_free_attacks(f, cmd.facing, fighters(st)):
        a = ctx.state.creatures[attacker]
        w = melee_weapon_of(ctx.state, ctx.ruleset, attacker)
        if a.turn.triggered_used or w.kind != "melee":
            continue
        if (
            ctx.ask(
                "free_attack",
                f"formation {f.id} turns its back on {a.name}: free attack?",
                [("yes", "attack"), ("no", "let it go")],
                asked_of=attacker,
            )
            == "yes"
        ):
            ctx.emit(TriggeredActionUsed(attacker, "free_attack"))
            perform_attack(ctx, attacker, member, w.id, free=True)
    f = _live(ctx.state, f)
    turned = fm.turn(f, cmd.facing)
    for m, spot in turned.positions().items():
        ctx.emit(
            Placed(
                m, spot, ctx.state.battlefield.elevation_at(spot), f"formation turns {cmd.facing}"
            )
        )
    ctx.emit(OsrFormationChanged(f.id, turned, f"faces {cmd.facing}"))


def v_break(state: EncounterState, cmd: OsrBreakFormation, rs: Ruleset) -> list[Violation]:
    """Any existing formation."""
    return _get(state, cmd.formation)[1]


def r_break(ctx: Context, cmd: OsrBreakFormation) -> None:
    """The members fight alone from now on."""
    ctx.emit(OsrFormationChanged(cmd.formation, None, "broken up"))


def engaged(state: EncounterState, f: fm.Formation) -> list[str]:
    """Foes in melee with any member (for previews)."""
    out = []
    for o in state.creatures.values():
        if (
            o.in_fight
            and o.side != f.side
            and any(
                gap_squares(o.body, state.creatures[m].body) <= 1
                for m in f.members
                if state.creatures[m].in_fight
            )
        ):
            out.append(o.id)
    return out


def register(rs: Ruleset) -> None:
    """Formation commands."""
    rs.register_action(OsrFormUp, v_form, r_form, name="form_up")
    rs.register_action(OsrMoveFormation, v_move_block, r_move_block, name="move_formation")
    rs.register_action(OsrTurnFormation, v_turn_block, r_turn_block, name="turn_formation")
    rs.register_action(OsrBreakFormation, v_break, r_break, name="break_formation")
