"""The round's phases on the generic phase machine (Seed OSR: Combat): Milieu & Magic, Roll
Initiative, Movement/Missiles/Melee, Morale; plus the retreats resolved instead of initiative.
"""

from __future__ import annotations

from typing import Any

from game.rules.engine import (
    Affliction,
    AfflictionEnded,
    AfflictionGained,
    Context,
    CreatureDataSet,
    EncounterDataSet,
    EncounterState,
    Phase,
    Ruleset,
    StatusChanged,
)
from game.rulesets.osr import elemental, procedure
from game.rulesets.osr.combat import apply_damage
from game.rulesets.osr.dice import CtxRoller
from game.rulesets.osr.events import (
    OsrAcidBurned,
    OsrBurned,
    OsrInitiativeRolled,
    OsrMoraleChecked,
    OsrPerilRolled,
    OsrRetreatResolved,
    OsrSideTurnEnded,
)
from game.rulesets.osr.morale import morale_check, morale_conditions, rising, way_out
from game.rulesets.osr.turns import end_all_turns
from game.rulesets.osr.view import (
    fighter,
    fighters,
    formation_of,
    is_mob,
    leader_for,
    morale_of,
    params_of,
    subjects,
)

MILIEU, INITIATIVE, ACTION, MORALE = "milieu", "initiative", "action", "morale"
PER_ROUND_DATA = ("soul_points", "spell_cast", "soul_points_wasted")


def enter_milieu(ctx: Context) -> None:
    """Ongoing effects resolve (burning, acid); a treacherous battlefield rolls 1d6; last round's
    summoned power is spent. Casters then declare Soul Points (summon_power)."""
    p = params_of(ctx.ruleset)
    for c in list(ctx.state.creatures.values()):
        for key in PER_ROUND_DATA:
            if key in c.data:
                ctx.emit(CreatureDataSet(c.id, key, None))
    for cid in list(ctx.state.creatures):
        c = ctx.state.creatures[cid]
        if not c.in_fight:
            continue
        burning = c.affliction("burning")
        if burning:
            roller = CtxRoller(ctx, f"{c.name} burns", asked_of="gm")
            tick = elemental.burn_tick(roller, int(burning.get("level", 0)))
            ctx.emit(OsrBurned(cid, roller.take(), tick.burning_before, tick.burning_after))
            if tick.burning_after:
                ctx.emit(
                    AfflictionGained(
                        cid,
                        Affliction("burning", "fire", None, (("level", tick.burning_after),)),
                        f"burning {tick.burning_after}",
                    )
                )
            else:
                ctx.emit(AfflictionEnded(cid, "burning", "", "the flames die out"))
            apply_damage(
                ctx, cid, tick.damage, ongoing=True, reason=f"burning {tick.burning_before}d4"
            )
        c = ctx.state.creatures[cid]
        acid = c.affliction("in_acid")
        if acid and c.in_fight:
            roller = CtxRoller(ctx, f"{c.name} in acid", asked_of="gm")
            at = elemental.acid_tick(roller, str(acid.get("dice", "1d6")))
            ctx.emit(OsrAcidBurned(cid, at.expr, roller.take(), at.corrosion))
            apply_damage(
                ctx, cid, at.damage, ongoing=True, corrosion=at.corrosion, reason=f"acid {at.expr}"
            )
    if ctx.state.data.get("osr_treacherous"):
        roller = CtxRoller(ctx, "treacherous battlefield", asked_of="gm")
        peril = procedure.roll_peril(roller, p)
        ctx.emit(OsrPerilRolled(roller.take(), peril.event))
        if peril.event:
            ctx.note("the battlefield turns on everyone: the GM describes what happens")


def enter_initiative(ctx: Context) -> None:
    """Declared retreats resolve instead of initiative; then each side rolls 1d6 with its
    modifiers (+1 advantageous position, -1 roused from sleep); ties act at once."""
    resolve_retreats(ctx)
    p = params_of(ctx.ruleset)
    st = ctx.state
    sides = [
        s.id for s in st.sides if any(c.in_fight and c.side == s.id for c in st.creatures.values())
    ]
    if not sides:
        return
    pending = st.data.get("osr_init_mods", {})
    mods = {s: [(r, v) for r, v in pending.get(s, ())] for s in sides}
    roller = CtxRoller(ctx, "side initiative", asked_of="gm")
    ini = procedure.roll_initiative(roller, sides, mods, p)
    flat = tuple((s, r, v) for s in sides for r, v in mods[s])
    ctx.emit(
        OsrInitiativeRolled(
            tuple(sides), roller.take(), flat, tuple(r.total for r in ini.rolls), ini.order
        )
    )
    if pending:
        ctx.emit(EncounterDataSet("osr_init_mods", None))


def resolve_retreats(ctx: Context) -> None:
    """Each creature that declared a retreat: Athletics (or the GM's ruling on its plan)."""
    p = params_of(ctx.ruleset)
    for cid in list(ctx.state.creatures):
        c = ctx.state.creatures[cid]
        if c.has("retreat_failed"):
            ctx.emit(AfflictionEnded(cid, "retreat_failed"))
        plan = c.data.get("retreat")
        if plan is None or not c.in_fight:
            continue
        ctx.emit(CreatureDataSet(cid, "retreat", None), AfflictionEnded(cid, "retreating"))
        occupied = [s for f in fighters(ctx.state) if f.active and f.name != cid
                    for s in f.body.squares()]
        if not way_out(ctx.state.battlefield, [fighter(ctx.state, c)], occupied):
            # hemmed in since it declared: "no choice but to fight on" (Seed OSR: Retreat)
            ctx.note(f"{c.name} is hemmed in: no way to retreat, it fights on", cid)
            if c.has("fleeing"):  # routed by morale: it tries again when a way opens
                ctx.emit(
                    CreatureDataSet(cid, "retreat", "forced"),
                    AfflictionGained(cid, Affliction("retreating", "morale"), "still fleeing"),
                )
            continue
        outcome = ""
        ruling = ""
        if plan not in ("", "forced", "side"):
            choice = ctx.ask(
                "retreat_plan",
                f"{c.name} retreats with a plan: {plan}",
                [
                    ("roll", "roll Athletics"),
                    ("success", "it works"),
                    ("opportunity", "it works, and more"),
                    ("complication", "it works, at a cost"),
                    ("failure", "it fails"),
                ],
                asked_of="gm",
            )
            if choice != "roll":
                outcome, ruling = str(choice), plan
        roller = CtxRoller(ctx, f"{c.name} retreats (Athletics)", asked_of=cid)
        res = procedure.resolve_retreat(
            roller,
            c.name,
            int(c.definition.skills.get("athletics", 0)),
            p,
            outcome=outcome,
            ruling=ruling,
        )
        chk = res.check
        ctx.emit(
            OsrRetreatResolved(
                cid,
                res.outcome,
                res.describe(),
                roller.take(),
                chk.total if chk else 0,
                chk.difficulty if chk else 0,
                res.slot,
                res.ruling,
            )
        )
        if res.outcome == "failure":
            ctx.emit(
                AfflictionGained(
                    cid,
                    Affliction("retreat_failed", "retreat", ctx.state.round),
                    "may move but forfeits its action",
                )
            )
            if c.has("fleeing"):  # routed by morale: it keeps trying to get away
                ctx.emit(
                    CreatureDataSet(cid, "retreat", "forced"),
                    AfflictionGained(cid, Affliction("retreating", "morale"), "still fleeing"),
                )
        else:
            ctx.emit(StatusChanged(cid, "fled", res.describe()))


def exit_action(ctx: Context) -> None:
    """The acting creature's turn ends; the felled of a simultaneous exchange die together."""
    end_all_turns(ctx)
    settle_felled(ctx)


def settle_felled(ctx: Context) -> None:
    """Creatures felled while tied sides acted at once die now, all together."""
    for c in list(ctx.state.creatures.values()):
        if c.has("felled") and c.in_fight:
            ctx.emit(
                AfflictionEnded(c.id, "felled"),
                StatusChanged(c.id, "dead", "felled in the exchange of blows"),
            )


def next_side(ctx: Context) -> bool:
    """In Movement, Missiles, Melee: hand over to the next side in initiative order. False when
    every side has acted (the phase is over)."""
    order = ctx.state.data.get("osr_order") or ()
    g = int(ctx.state.data.get("osr_group", 0))
    end_all_turns(ctx)
    settle_felled(ctx)
    if g + 1 < len(order):
        ctx.emit(OsrSideTurnEnded(tuple(order[g])))
        return True
    return False


def enter_morale(ctx: Context) -> None:
    """Morale checks on every trigger that began to hold (first death, half hit points,
    outnumbered, surrounded); a formation checks once for all; a leader's Lead may replace it."""
    now, reasons, first = morale_due(ctx.state, ctx.ruleset)
    ctx.emit(EncounterDataSet("osr_morale_seen", tuple(sorted(now))))
    for key, cid in first.items():
        f = formation_of(ctx.state, cid)
        group = list(f.members) if f else [cid]
        _check(ctx, cid, group, "; ".join(reasons[key]))


def morale_due(state: EncounterState, rs: Ruleset
               ) -> tuple[dict[tuple[str, str], Any], dict[str, list[str]], dict[str, str]]:
    """Seed OSR: Rolling Morale Checks: the triggers that hold now; for each creature (or
    formation, by id) that must check on entering Morale, every trigger that began to hold,
    and the creature that rolls for it."""
    p = params_of(rs)
    dead: dict[str, int] = {}
    for c in state.creatures.values():
        if c.status == "dead":
            dead[c.side] = dead.get(c.side, 0) + 1
    hps = {c.id: (c.definition.hp - c.damage, c.definition.hp) for c in state.creatures.values()}
    now = morale_conditions(state.battlefield, fighters(state), subjects=subjects(state),
                            hit_points=hps, dead_by_side=dead, p=p)
    seen = [tuple(k) for k in state.data.get("osr_morale_seen", ())]
    # one check per creature (or formation), naming every trigger that fired for it
    reasons: dict[str, list[str]] = {}
    first: dict[str, str] = {}
    for trig in rising(now, seen):
        for cid in trig.who:
            c = state.creatures[cid]
            f = formation_of(state, cid)
            key = f.id if f else cid
            if not c.in_fight or c.has("fleeing"):
                continue
            first.setdefault(key, cid)
            if trig.reason not in reasons.setdefault(key, []):
                reasons[key].append(trig.reason)
    return now, reasons, first


def morale_preview(state: EncounterState, rs: Ruleset, creature: str) -> dict[str, Any]:
    """Query 'morale' (Seed OSR: Rolling Morale Checks): whether the creature (or its formation)
    must check on entering Morale and why, how (2d6 at most morale, or its leader's Lead), the
    modifiers with their reasons, and the target."""
    p = params_of(rs)
    c = state.creatures[creature]
    _, reasons, _ = morale_due(state, rs)
    f = formation_of(state, creature)
    why = reasons.get(f.id if f else creature, [])
    ldr = leader_for(state, creature) if p.lead_replaces_morale else None
    mods = [{"reason": "mob", "flat": p.mob_morale}] if is_mob(state, creature) else []
    mob = p.mob_morale if mods else 0
    if ldr is not None:
        method, target = "lead", p.lead_difficulty
        mob_text = f" {mob:+d} (mob)" if mob else ""
        rule = (f"{ldr.name}'s Lead: d{p.skill_die} + {ldr.definition.lead} ranks{mob_text} "
                f"at least {target}")
    else:
        method, target = "morale", morale_of(state, c) + mob
        rule = f"{p.morale_dice} at most {target}" + (" (morale -1: mob)" if mob else "")
    subject = c.id in subjects(state) and c.in_fight and not c.has("fleeing")
    return {"due": bool(why), "reasons": why, "rolls": subject, "method": method,
            "leader": ldr.id if ldr else "", "modifiers": mods, "target": target,
            "rule": rule, "failures": int(c.data.get("morale_failures", 0)),
            "bold": c.definition.bold}


def _check(ctx: Context, cid: str, group: list[str], reason: str) -> None:
    """One morale check for a creature (or a formation, rolled once) and its consequences."""
    c = ctx.state.creatures[cid]
    ldr = leader_for(ctx.state, cid) if params_of(ctx.ruleset).lead_replaces_morale else None
    if is_mob(ctx.state, cid):  # the log says why the total is one less
        reason += f" (mob: {params_of(ctx.ruleset).mob_morale:+d})"
    roller = CtxRoller(ctx, f"morale: {c.name}", asked_of="gm")
    res = morale_check(
        roller,
        cid,
        morale=morale_of(ctx.state, c),
        mob=is_mob(ctx.state, cid),
        bold=c.definition.bold,
        failures_before=int(c.data.get("morale_failures", 0)),
        p=params_of(ctx.ruleset),
        leader=ldr.id if ldr else "",
        lead_ranks=ldr.definition.lead if ldr else 0,
        reason=reason,
    )
    dice = roller.take()
    for i, m in enumerate(group):
        mc = ctx.state.creatures[m]
        if not mc.in_fight:
            continue
        ctx.emit(
            OsrMoraleChecked(
                m,
                res.method,
                dice if i == 0 else (),
                res.target,
                res.total,
                res.success,
                res.outcome,
                res.failures,
                res.leader,
                reason,
            )
        )
        if res.outcome == "wavers":
            ctx.emit(
                AfflictionGained(
                    m, Affliction("wavering", "morale"), "bold: flees on a second failure"
                )
            )
        elif res.outcome == "flees":
            ctx.emit(
                AfflictionGained(m, Affliction("fleeing", "morale"), "failed morale: flees"),
                CreatureDataSet(m, "retreat", "forced"),
                AfflictionGained(m, Affliction("retreating", "morale"), "retreats next round"),
            )


PHASES = (
    Phase(MILIEU, "Milieu & Magic", on_enter=enter_milieu),
    Phase(INITIATIVE, "Roll Initiative", on_enter=enter_initiative),
    Phase(ACTION, "Movement, Missiles, Melee", on_exit=exit_action),
    Phase(MORALE, "Morale", on_enter=enter_morale),
)
