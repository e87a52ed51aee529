"""Seed SotDL: Ride, Falling Prone: a rider knocked prone lands within 1 yard of the mount, away
from the source; a mount that falls prone pins its rider (Agility challenge or 1d6 + the mount's
Size and immobilized), who may get free with a Strength or Agility challenge, 1 bane per point
of Size the mount is larger; the rider's footprint in the saddle and out of it (Shared Space).
Registered by mounts.py.
"""
from __future__ import annotations

import math

from game.rules.battlefield import Square
from game.rules.body import Body
from game.rules.engine import (
    AfflictionEnded,
    Command,
    Context,
    CreatureDataSet,
    EncounterState,
    Event,
    Ruleset,
    Violation,
    command,
    event,
)
from game.rules.engine.derived import with_data
from game.rules.geometry.occupancy import can_stand
from game.rules.modifiers import Modifier
from game.rulesets.sotdl.common import action_violations, need_creature, size, spend
from game.rulesets.sotdl.health import afflict, deal_damage
from game.rulesets.sotdl.modifiers import timed
from game.rulesets.sotdl.movement.facts import mount_of
from game.rulesets.sotdl.rolls import challenge_roll, damage_roll


@event
class BodySet(Event):
    """A creature's footprint changes: a rider takes its mount's space, and its own back."""

    creature: str
    body: Body
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        return state.update_creature(self.creature, body=self.body)


def saddle_body(state: EncounterState, rider: str, mount: str) -> Body:
    """Seed SotDL: Ride, Shared Space: the rider takes the mount's space, seated on its back."""
    r, m = state.creatures[rider].body, state.creatures[mount].body
    return Body(m.square, m.space, m.elevation_yd, m.height_yd / 2 + r.height_yd)


def own_body(state: EncounterState, rs: Ruleset, cid: str, square: Square) -> Body:
    """The creature's own footprint (Size tables) standing at ``square``."""
    c = state.creatures[cid]
    d = rs.definition
    b = Body(tuple(square), d.space_for(size(c)), 0.0, d.height_for(size(c)))  # type: ignore[arg-type]
    ground = max(
        (state.battlefield.elevation_at(q) for q in b.squares() if state.battlefield.in_bounds(q)),
        default=0.0,
    )
    return b.moved_to(b.square, ground)


def rider_squares_near_mount(
    state: EncounterState, rs: Ruleset, rider: str, mount: str
) -> list[Square]:
    """Anchors for the rider within 1 yard of the mount's space, free to stand in."""
    bf = state.battlefield
    m = state.creatures[mount].body
    r = own_body(state, rs, rider, state.creatures[rider].body.square)
    others = [
        o.body
        for o in state.creatures.values()
        if o.id not in (rider, mount) and o.in_fight and not mount_of(state, o.id)
    ]
    out = []
    x0, y0 = m.square
    for y in range(y0 - r.space - 1, y0 + m.space + 2):
        for x in range(x0 - r.space - 1, x0 + m.space + 2):
            b = r.moved_to((x, y))
            gx = max(0, x - (x0 + m.space - 1), x0 - (x + b.space - 1))
            gy = max(0, y - (y0 + m.space - 1), y0 - (y + b.space - 1))
            if max(gx, gy) != 1 or not can_stand(bf, b, others=others):
                continue
            out.append((x, y))
    return out


# --- falling off, falling under, getting free ----------------------------------------------


@command
class GetFree(Command):
    """Seed SotDL: Ride: an action to get out from under a fallen mount: Strength or Agility
    challenge with 1 bane per point of Size the mount is larger."""

    creature: str
    attribute: str = "strength"


def landing_square(
    state: EncounterState, rs: Ruleset, rider: str, mount: str, source: str
) -> Square | None:
    """Seed SotDL: Ride, Falling Prone: within 1 yard of the mount, away from the source."""
    cands = rider_squares_near_mount(state, rs, rider, mount)
    if not cands:
        return None
    mc = state.creatures[mount].body.center_yd()
    sc = state.creatures[source].body.center_yd() if source in state.creatures else mc
    own = own_body(state, rs, rider, state.creatures[rider].body.square)

    def score(sq: Square) -> tuple[float, float, int, int]:
        b = own.moved_to(sq)
        cx, cy = b.center_yd()
        away = (cx - sc[0]) ** 2 + (cy - sc[1]) ** 2
        near = (cx - mc[0]) ** 2 + (cy - mc[1]) ** 2
        return (-away, near, sq[1], sq[0])

    return min(cands, key=score)


# --- falling off, falling under -----------------------------------------------------------------


def riders_and_falls(ctx: Context, cmd: object = None) -> None:
    """After every command: a prone rider falls off; a prone mount pins its rider; pins end."""
    st = ctx.state
    for c in [st.creatures[r] for r in with_data(st.creatures, "riding")]:
        mount = mount_of(ctx.state, c.id)
        if not mount:
            continue
        rider = ctx.state.creatures[c.id]
        m = ctx.state.creatures[mount]
        if not rider.in_fight:  # a dead or fled rider comes off where the mount stands
            ctx.emit(CreatureDataSet(c.id, "riding", ""), CreatureDataSet(mount, "rider", ""),
                     BodySet(c.id, own_body(ctx.state, ctx.ruleset, c.id, m.body.square),
                             f"falls from {m.name}"))
            continue
        if m.has("prone") or not m.in_fight:
            # Seed SotDL: Ride: if your mount falls prone, you are both prone in the same space
            ctx.emit(
                CreatureDataSet(c.id, "riding", ""),
                CreatureDataSet(mount, "rider", ""),
                BodySet(
                    c.id,
                    own_body(ctx.state, ctx.ruleset, c.id, m.body.square),
                    f"down with {m.name}",
                ),
            )
            if not rider.has("prone"):
                afflict(ctx, c.id, timed("prone", mount, None), f"{m.name} falls")
            r = challenge_roll(ctx, c.id, "agility", f"{m.name} falls: stay clear", action="ride")
            if not r.success:
                dice = str(ctx.ruleset.param("mounted.crushed_damage_dice", "1d6"))
                expr = f"{dice}+{int(math.floor(size(m)))}"
                dmg = damage_roll(ctx, mount, c.id, expr, f"pinned under {m.name}")
                deal_damage(ctx, c.id, dmg, f"pinned under {m.name}")
                if ctx.state.creatures[c.id].in_fight:
                    afflict(
                        ctx,
                        c.id,
                        timed("immobilized", f"mount:{mount}", None),
                        f"pinned under {m.name}",
                    )
                    ctx.emit(CreatureDataSet(c.id, "pinned_by", mount))
        elif rider.has("prone"):
            # Seed SotDL: Ride, Falling Prone: lands prone within 1 yard, away from the source
            src = rider.affliction("prone").source  # type: ignore[union-attr]
            sq = landing_square(ctx.state, ctx.ruleset, c.id, mount, src)
            ctx.emit(CreatureDataSet(c.id, "riding", ""), CreatureDataSet(mount, "rider", ""))
            land = sq if sq is not None else m.body.square
            ctx.emit(
                BodySet(c.id, own_body(ctx.state, ctx.ruleset, c.id, land), f"thrown from {m.name}")
            )
    cr = ctx.state.creatures
    for c in [cr[p] for p in with_data(cr, "pinned_by")]:
        pin = c.data.get("pinned_by", "")
        if not pin or pin not in ctx.state.creatures:
            continue
        m = ctx.state.creatures[pin]
        if not m.has("prone") or m.body.square != c.body.square or not m.in_fight:
            ctx.emit(
                AfflictionEnded(
                    c.id, "immobilized", f"mount:{pin}", f"{m.name} stood up or was moved"
                ),
                CreatureDataSet(c.id, "pinned_by", ""),
            )


def validate_get_free(state: EncounterState, cmd: GetFree, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if not c.data.get("pinned_by"):
        return [Violation(f"{c.name} is not pinned under a mount", "not_pinned")]
    if cmd.attribute not in ("strength", "agility"):
        return [Violation("use Strength or Agility", "bad_attribute")]
    vs = action_violations(state, cmd.creature, "")
    # immobilized does not stop actions
    return [v for v in vs if v.code != "cannot_move"]


def resolve_get_free(ctx: Context, cmd: GetFree) -> None:
    c = ctx.state.creatures[cmd.creature]
    pin = c.data["pinned_by"]
    m = ctx.state.creatures[pin]
    banes = max(0, int(math.floor(size(m) - size(c))))
    base = (
        (Modifier(f"{m.name} is {banes} Size larger", boons=-banes, source="size"),)
        if banes
        else ()
    )
    spend(ctx, cmd.creature, "get free", "")
    r = challenge_roll(
        ctx, cmd.creature, cmd.attribute, f"get free from under {m.name}", action="ride", base=base
    )
    if r.success:
        ctx.emit(
            AfflictionEnded(c.id, "immobilized", f"mount:{pin}", "got free"),
            CreatureDataSet(c.id, "pinned_by", ""),
        )


