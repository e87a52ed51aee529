"""Seed SotDL: Ride, Falling Prone: a rider knocked prone lands within 1 yard of the mount, away
from the source; a mount that falls prone pins its rider (Agility challenge or 1d6 + the mount's
Size and immobilized), who may get free with a Strength or Agility challenge, 1 bane per point
of Size the mount is larger. Registered by mounts.py.
"""
from __future__ import annotations

import math

from game.rules.battlefield import Square
from game.rules.engine import (
    AfflictionEnded,
    Command,
    Context,
    CreatureDataSet,
    EncounterState,
    Ruleset,
    Violation,
    command,
)
from game.rules.modifiers import Modifier
from game.rulesets.sotdl.common import need_creature, size, spend
from game.rulesets.sotdl.mounts import BodySet, _rider_body_near_mount, own_body
from game.rulesets.sotdl.movement_geo import mount_of


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
    cands = _rider_body_near_mount(state, rs, rider, mount)
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
    from game.rulesets.sotdl.health import afflict, deal_damage
    from game.rulesets.sotdl.modifiers import timed
    from game.rulesets.sotdl.rolls import challenge_roll, damage_roll

    st = ctx.state
    for c in list(st.creatures.values()):
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
    for c in list(ctx.state.creatures.values()):
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


def _v_free(state: EncounterState, cmd: GetFree, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if not c.data.get("pinned_by"):
        return [Violation(f"{c.name} is not pinned under a mount", "not_pinned")]
    if cmd.attribute not in ("strength", "agility"):
        return [Violation("use Strength or Agility", "bad_attribute")]
    from game.rulesets.sotdl.common import action_violations

    vs = action_violations(state, cmd.creature, "")
    # immobilized does not stop actions
    return [v for v in vs if v.code != "cannot_move"]


def _r_free(ctx: Context, cmd: GetFree) -> None:
    from game.rulesets.sotdl.rolls import challenge_roll

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


