"""Seed SotDL falls: from ledges, failed jumps, balance and climb rolls, flyers knocked prone,
creatures shoved or driven over an edge. Damage by the ruleset file's ``params.falling`` (the
chapter gives none: the published game's 1d6 per 2 yards, see config/rulesets/sotdl.yaml);
the creature lands prone.
"""

from __future__ import annotations

from game.rules.battlefield import Square
from game.rules.engine import (
    Command,
    Context,
    DieRoll,
    EncounterState,
    Event,
    Ruleset,
    Violation,
    command,
    event,
    parse_dice,
)
from game.rules.engine.derived import creature_index
from game.rules.engine.walk import square_of
from game.rules.geometry.falling import fall as geo_fall
from game.rules.geometry.falling import ground_under
from game.rulesets.sotdl.common import cannot_act, cannot_move, need_creature
from game.rulesets.sotdl.health import afflict, deal_damage
from game.rulesets.sotdl.modifiers import timed
from game.rulesets.sotdl.movement.facts import falling_rule, rider_of


@event
class Fell(Event):
    """A creature fell ``height_yd`` yards onto the ground at ``square`` (``to_yd``), with the
    falling damage dice rolled (Seed SotDL: Jump Down; the ruleset file's falling rule)."""

    creature: str
    square: Square
    from_yd: float
    to_yd: float
    height_yd: float
    damage_dice: str
    dice: tuple[DieRoll, ...]
    damage: int
    cause: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        return state.update_creature(
            self.creature, body=c.body.moved_to(square_of(self.square), self.to_yd)
        )


def fall(
    ctx: Context,
    cid: str,
    *,
    square: Square | None = None,
    from_yd: float | None = None,
    cause: str = "",
) -> int:
    """Drop a creature to the ground under ``square`` (default: where it is); roll the damage,
    deal it, and knock it prone. Returns the damage. A rider falls with its mount."""
    st = ctx.state
    c = st.creatures[cid]
    body = c.body.moved_to(square_of(square) if square else c.body.square)
    rule = falling_rule(ctx.ruleset)
    top = c.body.elevation_yd if from_yd is None else from_yd
    f = geo_fall(st.battlefield, body=body, from_yd=top, rule=rule)
    dice: tuple[DieRoll, ...] = ()
    if f.damage_dice:
        d = parse_dice(f.damage_dice)
        dice = ctx.roll(
            d.sides,
            d.count,
            f"{c.name} falls {f.height_yd:g} yards: {f.damage_dice}",
            asked_of="gm",
        )
    dmg = sum(x.value for x in dice)
    ctx.emit(
        Fell(
            cid,
            f.body.square,
            top,
            f.body.elevation_yd,
            f.height_yd,
            f.damage_dice,
            dice,
            dmg,
            cause,
        )
    )
    rider = rider_of(ctx.state, cid)
    if rider:  # the rider comes down with the mount, in the same space
        r = ctx.state.creatures[rider]
        ctx.emit(
            Fell(
                rider,
                f.body.square,
                r.body.elevation_yd,
                f.body.elevation_yd,
                0.0,
                "",
                (),
                0,
                f"{c.name} falls",
            )
        )
    if dmg:
        deal_damage(ctx, cid, dmg, "fall")
    if (
        f.lands_prone
        and ctx.state.creatures[cid].in_fight
        and not ctx.state.creatures[cid].has("prone")
    ):
        afflict(ctx, cid, timed("prone", "fall", None), "lands prone after a fall")
    return dmg


def airborne(state: EncounterState, cid: str) -> bool:
    """True if the creature's feet are above the ground under it (a flyer in the air)."""
    c = state.creatures[cid]
    return c.body.elevation_yd > ground_under(state.battlefield, c.body) + 0.25


def flyers_fall(ctx: Context, cmd: object = None) -> None:
    """Seed SotDL: Fly: a flyer falls if it would be knocked prone, its Speed drops to 0, or it
    is prevented from using actions (after every command)."""
    cr = ctx.state.creatures
    idx = creature_index(cr)
    flyers = idx.by_definition.get("sotdl.flyers")  # remembered with the index
    if not isinstance(flyers, tuple):
        flyers = tuple(x for x, c in cr.items() if "fly" in c.definition.movement)
        idx.by_definition["sotdl.flyers"] = flyers
    for c in [cr[x] for x in flyers]:
        if not airborne(ctx.state, c.id):
            continue
        if c.data.get("riding"):
            continue  # a rider is carried by its mount
        why = ("it is prone" if c.has("prone") else None) or cannot_act(c) or cannot_move(c)
        if not c.in_fight and c.status == "dead":
            why = "it is dead"
        if why:
            fall(ctx, c.id, cause=f"{c.name} cannot stay in the air: {why}")


@command
class StayAirborne(Command):
    """Seed SotDL: Fly: the GM calls for a Strength challenge in turbulent conditions; on a
    failure the flyer falls. ``banes``: how rough the air is."""

    creature: str
    banes: int = 0


def _v_stay(state: EncounterState, cmd: StayAirborne, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if vs:
        return vs
    if not airborne(state, cmd.creature):
        return [Violation(f"{state.creatures[cmd.creature].name} is not in the air", "grounded")]
    return []


def _r_stay(ctx: Context, cmd: StayAirborne) -> None:
    from game.rules.modifiers import Modifier
    from game.rulesets.sotdl.rolls import challenge_roll

    base = (Modifier("turbulent air", boons=-cmd.banes, source="surface"),) if cmd.banes else ()
    r = challenge_roll(ctx, cmd.creature, "strength", "stay airborne", action="fly", base=base)
    if not r.success:
        fall(ctx, cmd.creature, cause="failed to stay airborne")


def register(rs: Ruleset) -> None:
    """Falls after every command for flyers that can no longer fly; the StayAirborne command."""
    rs.register_after_command("flyers_fall", flyers_fall)
    rs.register_action(StayAirborne, _v_stay, _r_stay)
    rs.register_hook("fall", fall)
