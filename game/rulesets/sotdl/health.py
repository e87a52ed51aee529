"""Damage, Health and the afflictions that follow from them; affliction side effects.

Seed SotDL (Resolve the Attack: "the target takes damage"); the thresholds are the published
game's, as defaults in the ruleset file: injured at half Health, incapacitated at Health
(creatures the GM controls die instead), dying, and the end-of-round fate roll.
"""
from __future__ import annotations

from game.rules.engine import (
    Affliction,
    AfflictionEnded,
    AfflictionGained,
    Context,
    EffectEnded,
    Note,
    Ruleset,
    StatusChanged,
)
from game.rules.engine.derived import creature_index
from game.rulesets.sotdl.common import NO_ACTIONS, is_player
from game.rulesets.sotdl.events import DamageTaken, FateRolled, Healed, InsanityGained


def afflict(ctx: Context, cid: str, affliction: Affliction, reason: str = "") -> None:
    """Give an affliction and its knock-on effects (Seed SotDL: Defend, Grab)."""
    c = ctx.state.creatures[cid]
    if not c.in_fight and affliction.name not in ("dead",):
        return
    ctx.emit(AfflictionGained(cid, affliction, reason))
    if affliction.name == "unconscious" and not c.has("prone"):
        ctx.emit(AfflictionGained(cid, Affliction("prone", "unconscious"), "falls unconscious"))
    if affliction.name in NO_ACTIONS:
        prevented(ctx, cid, f"{affliction.name}")


def prevented(ctx: Context, cid: str, why: str) -> None:
    """Seed SotDL: Defend and Grab end when the creature is prevented from using actions."""
    c = ctx.state.creatures[cid]
    if c.has("defended"):
        ctx.emit(AfflictionEnded(cid, "defended", "", f"{why}: cannot use actions"))
    for other in ctx.state.creatures.values():
        if other.id != cid and any(a.name == "grabbed" and a.source == cid
                                   for a in other.afflictions):
            ctx.emit(AfflictionEnded(other.id, "grabbed", cid,
                                     f"{c.name} is {why} and lets go"))


def deal_damage(ctx: Context, cid: str, amount: int, source: str = "") -> None:
    """A creature takes damage; then injured, incapacitated, dying, dead, concentration."""
    c = ctx.state.creatures[cid]
    if not c.in_fight or amount <= 0:
        return
    health = c.definition.health
    was_incap = c.has("incapacitated")
    new = min(health, c.damage + amount)
    ctx.emit(DamageTaken(cid, amount, new, health, source))
    rs = ctx.ruleset
    half = (health + 1) // 2
    if new >= half and not c.has("injured"):
        ctx.emit(AfflictionGained(cid, Affliction("injured", "damage"),
                                  "damage at least half Health"))
    if was_incap:
        if c.has("dying") or rs.param("damage_while_incapacitated", "dying") == "dead":
            die(ctx, cid, "took damage while " + ("dying" if c.has("dying") else "incapacitated"))
        else:
            afflict(ctx, cid, Affliction("dying", "damage"), "took damage while incapacitated")
        return
    if new >= health:
        gm_dies = bool(rs.param("gm_creatures_die_at_health", True))
        if not is_player(ctx.state, cid) and gm_dies:
            die(ctx, cid, "damage equals Health")
            return
        afflict(ctx, cid, Affliction("incapacitated", "damage"), "damage equals Health")
        if not ctx.state.creatures[cid].has("prone"):
            ctx.emit(AfflictionGained(cid, Affliction("prone", "incapacitated"), "collapses"))
    else:
        concentration_check(ctx, cid, "took damage")


def die(ctx: Context, cid: str, reason: str) -> None:
    """The creature dies."""
    prevented(ctx, cid, "dead")
    ctx.emit(StatusChanged(cid, "dead", reason))
    end_concentration(ctx, cid, "died")


def heal(ctx: Context, cid: str, amount: int, source: str = "") -> None:
    """A creature heals damage; incapacitated/dying/injured end when the damage allows."""
    c = ctx.state.creatures[cid]
    if c.status == "dead" or amount <= 0:
        return
    new = max(0, c.damage - amount)
    ctx.emit(Healed(cid, c.damage - new, new, source))
    health = c.definition.health
    if new < health:
        for name in ("dying", "incapacitated"):
            if c.has(name):
                ctx.emit(AfflictionEnded(cid, name, "", "healed"))
    if new < (health + 1) // 2 and c.has("injured"):
        ctx.emit(AfflictionEnded(cid, "injured", "", "healed"))


def concentration_check(ctx: Context, cid: str, why: str) -> None:
    """Seed SotDL: Breaking Concentration: a Will challenge after damage or Insanity."""
    from game.rulesets.sotdl.rolls import challenge_roll

    mine = [e for e in ctx.state.effects.values() if e.owner == cid and e.concentration]
    if not mine:
        return
    r = challenge_roll(ctx, cid, "will", f"keep concentrating ({why})", action="concentration")
    if not r.success:
        for e in mine:
            ctx.emit(EffectEnded(e.id, f"concentration broken ({why})"))
        ctx.emit(AfflictionEnded(cid, "concentrating", "", "concentration broken"))


def end_concentration(ctx: Context, cid: str, why: str) -> None:
    """End every concentration effect of the creature."""
    for e in list(ctx.state.effects.values()):
        if e.owner == cid and e.concentration:
            ctx.emit(EffectEnded(e.id, why))


def gain_insanity(ctx: Context, cid: str, amount: int) -> None:
    """Insanity goes up; concentration may break."""
    c = ctx.state.creatures[cid]
    ctx.emit(InsanityGained(cid, amount, int(c.data.get("insanity", 0)) + amount))
    concentration_check(ctx, cid, "gained Insanity")


def fate_roll(ctx: Context, cid: str) -> None:
    """End of the round for an incapacitated creature: the ruleset file's fate roll (d6).

    Default (published game): 1 dies, 6 heals 1 damage, otherwise it is (or stays) dying.
    """
    rs = ctx.ruleset
    c = ctx.state.creatures[cid]
    d = ctx.roll(6, 1, f"{c.name}: fate roll (incapacitated)", asked_of=cid)
    v = d[0].value
    outcome = _fate(rs, v)
    ctx.emit(FateRolled(cid, d, outcome))
    if outcome == "dies":
        die(ctx, cid, f"fate roll {v}")
    elif outcome == "heals":
        heal(ctx, cid, 1, "fate roll")
    elif not c.has("dying"):
        afflict(ctx, cid, Affliction("dying", "fate roll"), f"fate roll {v}")
    else:
        ctx.emit(Note(f"{c.name} is still dying (fate roll {v})", cid))


def _fate(rs: Ruleset, v: int) -> str:
    die_max = int(rs.param("fate_dies_at_most", 1))
    heal_min = int(rs.param("fate_heals_at_least", 6))
    return "dies" if v <= die_max else "heals" if v >= heal_min else "dying"



def grabs_in_reach(ctx: Context, cmd: object = None) -> None:
    """Seed SotDL: Grab: the grab ends when the grabber can no longer reach the grabbed target."""
    rs = ctx.ruleset
    cr = ctx.state.creatures
    for c in [cr[x] for x in creature_index(cr).afflicted]:  # the grabbed are afflicted
        for a in c.afflictions:
            if a.name != "grabbed" or a.source not in ctx.state.creatures:
                continue
            g = ctx.state.creatures[a.source]
            far = rs.hooks["distance_yd"](ctx.state, rs, g.id, c.id) > rs.hooks["reach_yd"](
                ctx.state, rs, g.id, "", "")
            if far or not g.in_fight:
                ctx.emit(AfflictionEnded(c.id, "grabbed", g.id,
                                         f"{g.name} can no longer reach {c.name}"))
