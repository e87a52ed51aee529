"""Seed SotDL: Ride. Mounting and dismounting with the move, the shared space, one turn and one
action together, attacking together (2 banes each, once a round), the mount's Speed. Riders
thrown off when knocked prone, and pinned under a mount that falls: movement/riding.py.

Creature data: ``riding`` (rider -> mount id), ``rider`` (mount -> rider id), ``pinned_by``
(a rider immobilized under its fallen mount), ``both_attacking`` (during a joint attack),
``joint_attack_round`` (the round rider and mount last attacked together).
"""

from __future__ import annotations

from game.rules.battlefield import Square
from game.rules.engine import (
    ActionUsed,
    Command,
    Context,
    CreatureDataSet,
    EncounterState,
    Event,
    MoveBudgetSet,
    RollContext,
    Ruleset,
    Violation,
    command,
    event,
)
from game.rules.engine.derived import with_data
from game.rules.geometry.reach import within_reach
from game.rules.modifiers import Modifier
from game.rulesets.sotdl.commands import Attack
from game.rulesets.sotdl.common import (
    cannot_act,
    ensure_turn,
    need_creature,
    own_turn_violations,
    size,
    spend,
)
from game.rulesets.sotdl.movement.facts import mount_of, reach_yd, rider_of
from game.rulesets.sotdl.movement.riding import (
    BodySet,
    GetFree,
    own_body,
    resolve_get_free,
    rider_squares_near_mount,
    riders_and_falls,
    saddle_body,
    validate_get_free,
)


@command
class Mount(Command):
    """Seed SotDL: Ride: use your move to mount a larger, willing creature within your reach."""

    creature: str
    mount: str


@command
class Dismount(Command):
    """Seed SotDL: Ride: use your move to dismount into a space within your reach of the mount."""

    creature: str
    square: Square | None = None


@command
class MountedAttack(Command):
    """Seed SotDL: Ride: the shared action's attack: the rider (``target``), the mount
    (``mount_target``), or both at once (2 banes each, once a round)."""

    creature: str
    target: str = ""
    mount_target: str = ""
    weapon: str = ""
    mount_weapon: str = ""


@event
class TurnShared(Event):
    """Rider and mount take their turn together (Seed SotDL: Ride, Actions)."""

    creature: str
    partner: str
    kind: str

    def apply(self, state: EncounterState) -> EncounterState:
        return state.update_turn(self.creature, taken=True, kind=self.kind)


# --- mount and dismount -----------------------------------------------------------------------


def _v_mount(state: EncounterState, cmd: Mount, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature, cmd.mount)
    if vs:
        return vs
    r, m = state.creatures[cmd.creature], state.creatures[cmd.mount]
    if mount_of(state, r.id):
        return [Violation(f"{r.name} is already riding", "riding")]
    if rider_of(state, m.id):
        return [Violation(f"{m.name} already has a rider", "has_rider")]
    if size(m) <= size(r):
        return [
            Violation(
                f"{m.name} (Size {size(m):g}) is not larger than {r.name} (Size {size(r):g})",
                "too_small",
            )
        ]
    if state.hostile(r.id, m.id) or not m.definition.can_be_ridden:
        return [Violation(f"{m.name} is not willing to bear {r.name}", "unwilling")]
    reach = reach_yd(state, rs, r.id)
    if not within_reach(r.body, m.body, reach=reach, rule=rs.definition.diagonal_rule):
        return [Violation(f"{m.name} is out of {r.name}'s reach", "out_of_reach")]
    return _move_use_violations(state, r.id)


def _move_use_violations(state: EncounterState, cid: str) -> list[Violation]:
    vs = own_turn_violations(state, cid, "move")
    c = state.creatures[cid]
    if not vs and state.active == cid and c.turn.move_used:
        vs.append(
            Violation(
                f"{c.name} has already moved this turn (mounting or dismounting uses the move)",
                "moved",
            )
        )
    return vs


def _r_mount(ctx: Context, cmd: Mount) -> None:
    ensure_turn(ctx, cmd.creature)
    ctx.emit(
        BodySet(cmd.creature, saddle_body(ctx.state, cmd.creature, cmd.mount), "mounts"),
        CreatureDataSet(cmd.creature, "riding", cmd.mount),
        CreatureDataSet(cmd.mount, "rider", cmd.creature),
        MoveBudgetSet(cmd.creature, 0.0, "mounted (the move)", move_used=True),
    )
    share_turns(ctx)


def _v_dismount(state: EncounterState, cmd: Dismount, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if vs:
        return vs
    mount = mount_of(state, cmd.creature)
    if not mount:
        return [Violation(f"{state.creatures[cmd.creature].name} is not riding", "not_riding")]
    vs = _move_use_violations(state, cmd.creature)
    if vs:
        return vs
    cands = rider_squares_near_mount(state, rs, cmd.creature, mount)
    if cmd.square is not None and tuple(cmd.square) not in cands:
        return [Violation(f"{tuple(cmd.square)} is not a free space next to the mount", "blocked")]
    if not cands:
        return [Violation("there is no free space next to the mount", "blocked")]
    return []


def _r_dismount(ctx: Context, cmd: Dismount) -> None:
    ensure_turn(ctx, cmd.creature)
    mount = mount_of(ctx.state, cmd.creature)
    sq = (
        tuple(cmd.square)
        if cmd.square is not None
        else rider_squares_near_mount(ctx.state, ctx.ruleset, cmd.creature, mount)[0]
    )
    b = own_body(ctx.state, ctx.ruleset, cmd.creature, sq)  # type: ignore[arg-type]
    ctx.emit(
        CreatureDataSet(cmd.creature, "riding", ""),
        CreatureDataSet(mount, "rider", ""),
        BodySet(cmd.creature, b, "dismounts"),
        MoveBudgetSet(cmd.creature, 0.0, "dismounted (the move)", move_used=True),
    )


# --- one turn, one action ---------------------------------------------------------------------


def share_turns(ctx: Context, cmd: object = None) -> None:
    """After every command: rider and mount take their turn together and share one action."""
    cr = ctx.state.creatures
    for c in [cr[r] for r in with_data(cr, "riding")]:
        m = mount_of(ctx.state, c.id)
        if not m:
            continue
        r, mo = ctx.state.creatures[c.id], ctx.state.creatures[m]
        if cannot_act(r) or cannot_act(mo):
            continue  # Seed SotDL: Ride: the one who can act acts on its own
        for a, b in ((r, mo), (mo, r)):
            if a.turn.taken and not b.turn.taken:
                ctx.emit(TurnShared(b.id, a.id, a.turn.kind))
            if a.turn.action_used and not b.turn.action_used and a.turn.taken:
                ctx.emit(ActionUsed(b.id, f"shared with {a.name}"))


def _v_joint(state: EncounterState, cmd: MountedAttack, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if vs:
        return vs
    mount = mount_of(state, cmd.creature)
    if not mount:
        return [Violation(f"{state.creatures[cmd.creature].name} is not riding", "not_riding")]
    if not cmd.target and not cmd.mount_target:
        return [Violation("name a target for the rider, the mount, or both", "no_target")]
    vs = own_turn_violations(state, cmd.creature, "action")
    if vs:
        return vs
    if (
        cmd.target
        and cmd.mount_target
        and state.creatures[cmd.creature].data.get("joint_attack_round") == state.round
    ):
        return [
            Violation(
                "rider and mount can attack at the same time only once a round", "once_a_round"
            )
        ]
    out = []
    for who, tgt, w in (
        (cmd.creature, cmd.target, cmd.weapon),
        (mount, cmd.mount_target, cmd.mount_weapon),
    ):
        if tgt:
            out += rs.actions[Attack].validate(state, Attack(who, tgt, w, part_of="charge"), rs)
    return out


def _r_joint(ctx: Context, cmd: MountedAttack) -> None:
    mount = mount_of(ctx.state, cmd.creature)
    both = bool(cmd.target and cmd.mount_target)
    spend(ctx, cmd.creature, "attack (mounted)", "")
    if both:
        ctx.emit(CreatureDataSet(cmd.creature, "joint_attack_round", ctx.state.round))
    for who, tgt, w in (
        (cmd.creature, cmd.target, cmd.weapon),
        (mount, cmd.mount_target, cmd.mount_weapon),
    ):
        if not tgt or not ctx.state.creatures[who].in_fight:
            continue
        if both:
            ctx.emit(CreatureDataSet(who, "both_attacking", True))
        # "charge" here only means: part of an action already spent
        ctx.perform(Attack(who, tgt, w, part_of="charge"))
        if both:
            ctx.emit(CreatureDataSet(who, "both_attacking", False))
    share_turns(ctx)


def joint_attack_banes(state: EncounterState, roll: RollContext, rs: Ruleset) -> list[Modifier]:
    """Seed SotDL: Ride: rider and mount attacking in the same action each roll with 2 banes."""
    c = state.creatures.get(roll.roller)
    if c is None or roll.kind != "attack" or not c.data.get("both_attacking"):
        return []
    n = int(rs.param("mounted.both_attack_banes", 2))
    return [Modifier("rider and mount attack together", boons=-n, source="action")]


def settle_riders(ctx: Context, cmd: object = None) -> None:
    """After every command: a creature set up riding (creature data ``mount``, from an
    encounter's ``mounted_on``) takes the saddle: the mount's space, ``riding``/``rider``."""
    cr = ctx.state.creatures
    for c in [cr[x] for x in with_data(cr, "mount")]:
        m = c.data.get("mount", "")
        if not m or c.data.get("riding") or m not in ctx.state.creatures:
            continue
        if rider_of(ctx.state, m) or not c.in_fight:
            continue
        ctx.emit(
            BodySet(c.id, saddle_body(ctx.state, c.id, m), "starts riding"),
            CreatureDataSet(c.id, "riding", m),
            CreatureDataSet(c.id, "mount", ""),
            CreatureDataSet(m, "rider", c.id),
        )


def register(rs: Ruleset) -> None:
    """Ride: commands, turn sharing, joint-attack banes, falling off and under."""
    rs.register_action(Mount, _v_mount, _r_mount)
    rs.register_action(Dismount, _v_dismount, _r_dismount)
    rs.register_action(MountedAttack, _v_joint, _r_joint)
    rs.register_action(GetFree, validate_get_free, resolve_get_free)
    rs.register_modifier_provider("mounted", joint_attack_banes)
    rs.register_after_command("mounts_setup", settle_riders)
    rs.register_after_command("mounts_turns", share_turns)
    rs.register_after_command("mounts_falls", riders_and_falls)
