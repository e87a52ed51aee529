"""SotDL movement commands on the real geometry: Move, Rush, Retreat, Sneak, Teleport.

Seed SotDL: Move (fast turn: move or act; slow turn: both, the action at any point of the move,
so the budget left carries across it), Rush (twice Speed, as the action), Retreat (half Speed,
no free attacks), Ride (a rider moves its mount, at the mount's Speed), Sneak, Teleport.
Charge's movement is the engine's Charge action walking a ``plan_path`` with mode "charge".
"""

from __future__ import annotations

from dataclasses import replace

from game.rules.battlefield import Square
from game.rules.body import Body
from game.rules.engine import (
    Command,
    Context,
    CreatureDataSet,
    EncounterState,
    MoveBudgetSet,
    Note,
    Placed,
    Ruleset,
    Step,
    Violation,
    WalkMode,
    WalkState,
    command,
    walk,
)
from game.rules.geometry.occupancy import can_stand
from game.rules.modifiers import Modifier
from game.rulesets.sotdl.commands import Move, Retreat, Rush
from game.rulesets.sotdl.common import (
    action_violations,
    cannot_act,
    cannot_move,
    ensure_turn,
    need_creature,
    own_turn_violations,
    spend,
)
from game.rulesets.sotdl.movement.budgets import mover_and_budget
from game.rulesets.sotdl.movement.facts import body_at, diagonals_taken, mount_of, rider_of
from game.rulesets.sotdl.movement.riding import BodySet, own_body
from game.rulesets.sotdl.movement.search import plan_path
from game.rulesets.sotdl.movement.steps import grab_checker
from game.rulesets.sotdl.rolls import challenge_roll


@command
class Teleport(Command):
    """Seed SotDL: Teleport: disappear and reappear at ``square``, ignoring everything between
    (no free attacks). ``part_of``: the spell or talent that does it (no action of its own)."""

    creature: str
    square: Square
    elevation_yd: float | None = None
    part_of: str = "gm"


@command
class Sneak(Command):
    """Seed SotDL: Sneak: an Agility challenge (surface banes, ambient-noise boons), then move.
    On a failure nearby creatures hear; on a total of 0 or less, a great deal of noise."""

    creature: str
    path: tuple[Square, ...] = ()
    banes: int = 0
    boons: int = 0
    ways: tuple[tuple[Square, str], ...] = ()  # as Move's


def _mode_name(cmd: Command) -> str:
    return {Move: "move", Rush: "rush", Retreat: "retreat", Sneak: "move"}[type(cmd)]


def validate_move(
    state: EncounterState, cmd: Move | Rush | Retreat | Sneak, rs: Ruleset
) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if vs:
        return vs
    part_of = getattr(cmd, "part_of", "")
    if part_of:  # Seed SotDL: Prepare ("such as attack or retreat"): the triggered action
        vs = action_violations(state, cmd.creature, part_of)
        why = None if vs else cannot_move(state.creatures[cmd.creature])
        if why:
            vs = [Violation(why, "cannot_move")]
    else:
        need = "move" if isinstance(cmd, (Move, Sneak)) else "action"
        vs = own_turn_violations(state, cmd.creature, need)
    if vs:
        return vs
    if not cmd.path:
        return [Violation("the path is empty", "bad_path")]
    mount = mount_of(state, cmd.creature)
    if mount:
        m = state.creatures[mount]
        why = cannot_act(m) or cannot_move(m)
        if why:  # Seed SotDL: Ride: if the mount cannot act, you act independently
            return [
                Violation(
                    f"{why}: {state.creatures[cmd.creature].name} must dismount to move",
                    "mount_cannot_move",
                )
            ]
    walker, budget, wm = mover_and_budget(state, cmd.creature, _mode_name(cmd))
    return plan_path(state, rs, walker, tuple(cmd.path), wm, budget, ways=cmd.ways)[1]


def resolve_move(ctx: Context, cmd: Move | Rush | Retreat | Sneak) -> None:
    """Walk the path step by step; a rider moves its mount and spends its own budget."""
    rs = ctx.ruleset
    cid = cmd.creature
    part_of = getattr(cmd, "part_of", "")
    if not part_of:  # a prepared rush or retreat happens on another creature's turn
        ensure_turn(ctx, cid)
    if isinstance(cmd, (Rush, Retreat)):
        spend(ctx, cid, type(cmd).__name__.lower(), part_of)
    if isinstance(cmd, Sneak):
        _sneak_roll(ctx, cmd)
    walker, budget, wm = mover_and_budget(ctx.state, cid, _mode_name(cmd))
    steps, _ = plan_path(ctx.state, rs, walker, tuple(cmd.path), wm, budget, ways=cmd.ways)
    start = ctx.state.creatures[walker].body.square
    if walker == cid:
        ws = walk(ctx, cid, steps, wm)
    else:
        ws = walk(ctx, walker, steps, replace(wm, uses_budget=False))
    if rs.definition.diagonal_rule == "alternating":
        _count_diagonals(ctx, walker, start, steps[: ws.index])
    if walker != cid and (wm.kind == "move" or ws.data.get("stopped_for_the_turn")):
        spent = sum(s.cost_yd for s in steps[: ws.index])
        left = 0.0 if ws.data.get("stopped_for_the_turn") else max(0.0, budget - spent)
        ctx.emit(MoveBudgetSet(cid, left, "rode the mount", move_used=True))


def _count_diagonals(ctx: Context, cid: str, start: Square, steps: tuple) -> None:  # type: ignore[type-arg]
    """Remember this turn's diagonal steps for the alternating 1-2-1 rule across moves."""
    n, cur = 0, start
    for s in steps:
        sq = tuple(s.square)
        if abs(sq[0] - cur[0]) == 1 and abs(sq[1] - cur[1]) == 1:
            n += 1
        cur = sq
    if n:
        total = diagonals_taken(ctx.state, cid) + n
        ctx.emit(CreatureDataSet(cid, "diagonals", (ctx.state.round, total)))


def _sneak_roll(ctx: Context, cmd: Sneak) -> None:
    base = []
    if cmd.banes:
        base.append(Modifier("noisy surface", boons=-cmd.banes, source="surface"))
    if cmd.boons:
        base.append(Modifier("ambient noise", boons=cmd.boons, source="surface"))
    r = challenge_roll(ctx, cmd.creature, "agility", "sneak", action="sneak", base=tuple(base))
    noise = "silent" if r.success else ("loud" if r.total <= 0 else "heard")
    name = ctx.state.creatures[cmd.creature].name
    text = {
        "silent": f"{name} moves without a sound",
        "heard": f"nearby creatures can hear {name}",
        "loud": f"{name} makes a great deal of noise",
    }[noise]
    ctx.emit(CreatureDataSet(cmd.creature, "noise", noise), Note(text, cmd.creature))


def validate_teleport(state: EncounterState, cmd: Teleport, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    sq = (int(cmd.square[0]), int(cmd.square[1]))
    bf = state.battlefield
    if not bf.in_bounds(sq):
        return [Violation(f"{sq} is off the battlefield ({bf.width} x {bf.height} squares)",
                          "off_map")]
    body, others = _teleport_bodies(state, rs, cmd.creature, sq, cmd.elevation_yd)
    far = (sq[0] + body.space - 1, sq[1] + body.space - 1)
    if not bf.in_bounds(far):  # as a move's path says it
        return [Violation(f"{sq} is off the battlefield ({bf.width} x {bf.height} squares)",
                          "off_map")]
    if not can_stand(state.battlefield, body, others=others):
        return [
            Violation(f"{c.name} cannot reappear at {sq}: it is blocked or occupied", "blocked")
        ]
    return []


def _teleport_bodies(state: EncounterState, rs: Ruleset, cid: str, sq: Square,
                     elevation_yd: float | None) -> tuple[Body, list[Body]]:
    """The teleporter's body at ``sq`` and the bodies it must not overlap there. Seed SotDL:
    Ride, Shared Space ends when one of the two vanishes: a rider reappears in its own
    footprint (not its mount's) and the mount stays where it was; a mount's rider is left
    standing in its own footprint where the saddle was."""
    mount, rider = mount_of(state, cid), rider_of(state, cid)
    if mount:
        body = own_body(state, rs, cid, sq)
        if elevation_yd is not None:
            body = body.moved_to(body.square, elevation_yd)
    else:
        body = body_at(state, cid, sq, elevation_yd)
    skip = {cid, rider} if rider else {cid}
    others = [o.body for o in state.creatures.values() if o.id not in skip and o.in_fight]
    if rider:
        others.append(own_body(state, rs, rider, state.creatures[rider].body.square))
    return body, others


def resolve_teleport(ctx: Context, cmd: Teleport) -> None:
    """Seed SotDL: Teleport: no path, no free attacks, nothing in between matters."""
    cid = cmd.creature
    sq = (int(cmd.square[0]), int(cmd.square[1]))
    st, rs = ctx.state, ctx.ruleset
    body, _ = _teleport_bodies(st, rs, cid, sq, cmd.elevation_yd)
    mount, rider = mount_of(st, cid), rider_of(st, cid)
    if mount:  # the rider vanishes from the saddle and reappears in its own footprint
        ctx.emit(CreatureDataSet(cid, "riding", ""), CreatureDataSet(mount, "rider", ""),
                 BodySet(cid, body, "teleports out of the saddle"))
    if rider:  # the mount vanishes from under its rider, who is left standing
        left = own_body(st, rs, rider, st.creatures[rider].body.square)
        ctx.emit(CreatureDataSet(rider, "riding", ""), CreatureDataSet(cid, "rider", ""),
                 BodySet(rider, left, f"{st.creatures[cid].name} vanishes from under it"))
    ctx.emit(Placed(cid, sq, body.elevation_yd, "teleport"))
    grab_checker(ctx, WalkState(cid, WalkMode("teleport", False), (), sq), Step(sq))
