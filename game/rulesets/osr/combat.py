"""Attacks and damage on the engine (Seed OSR: Movement, Missiles, Melee; Advanced Combat Rules;
Natural 1s and Natural 20s; Elemental and Other Damage; Formations: cohesion, area damage).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.definitions import WeaponDef
from game.rules.engine import (
    Affliction,
    AfflictionGained,
    Context,
    CreatureDataSet,
    EncounterState,
    Rejected,
    RollContext,
    Ruleset,
    StatusChanged,
    Violation,
)
from game.rules.modifiers import Modifier
from game.rulesets.osr import elemental
from game.rulesets.osr.dice import CtxRoller
from game.rulesets.osr.events import (
    OsrAttackRolled,
    OsrCohesionChanged,
    OsrConcentrationRolled,
    OsrCorroded,
    OsrDamageRolled,
    OsrDamageTaken,
    OsrStrayShot,
)
from game.rulesets.osr.formations import absorb, area_damage
from game.rulesets.osr.modifiers import AttackFactors, attack_factors
from game.rulesets.osr.procedure import concentration_check
from game.rulesets.osr.rolls import resolve_attack
from game.rulesets.osr.sightlines import cover_level
from game.rulesets.osr.view import (
    armour_class,
    fighter,
    fighters,
    formation_of,
    hp,
    params_of,
    weapon,
)

UNARMED = WeaponDef("unarmed", "Unarmed", "1d2", "melee", frozenset({"unarmed"}))
MAX_EXTRA_ATTACKS = 10  # natural 20s in a row: stop somewhere


@dataclass(frozen=True)
class AttackPlan:
    """An attack before any die: weapon, ranged or not, the factors and the target number."""

    attacker: str
    target: str
    weapon: WeaponDef
    ranged: bool
    factors: AttackFactors
    modifiers: tuple[Modifier, ...]
    attack_bonus: int
    armour_class: int


def weapon_of(state: EncounterState, rs: Ruleset, cid: str, weapon_id: str = "") -> WeaponDef:
    """The weapon a creature attacks with (its first, or unarmed)."""
    return weapon(state, rs, state.creatures[cid], weapon_id) or UNARMED


def melee_weapon_of(state: EncounterState, rs: Ruleset, cid: str, weapon_id: str = "") -> WeaponDef:
    """The weapon for a melee blow (free attacks, charges): the named one, else the creature's
    first melee weapon, else its first (a bow: no free attack)."""
    if weapon_id:
        return weapon_of(state, rs, cid, weapon_id)
    c = state.creatures[cid]
    for wid in c.definition.weapons:
        w = weapon(state, rs, c, wid)
        if w is not None and w.kind == "melee":
            return w
    return weapon_of(state, rs, cid)


def plan_attack(
    state: EncounterState,
    rs: Ruleset,
    attacker: str,
    target: str,
    weapon_id: str = "",
    *,
    thrown: bool = False,
    gm_modifier: int = 0,
    gm_reason: str = "",
) -> tuple[AttackPlan | None, list[Violation]]:
    """Everything about an attack that the battlefield decides, or why it is not legal.

    With no weapon named, the creature's first weapon that can make this attack (an archer in
    melee draws its dagger), else its first.
    """
    if not weapon_id and attacker in state.creatures:
        wids = [
            w
            for w in state.creatures[attacker].definition.weapons
            if weapon(state, rs, state.creatures[attacker], w)
        ]
        if len(wids) > 1:
            first: tuple[AttackPlan | None, list[Violation]] | None = None
            for wid in wids:
                got = plan_attack(
                    state,
                    rs,
                    attacker,
                    target,
                    wid,
                    thrown=thrown,
                    gm_modifier=gm_modifier,
                    gm_reason=gm_reason,
                )
                if got[0] is not None and not got[1]:
                    return got
                first = first or got
            assert first is not None
            return first
    if attacker not in state.creatures or target not in state.creatures:
        return None, [
            Violation(
                f"no creature {attacker if attacker not in state.creatures else target}",
                "unknown_creature",
            )
        ]
    a, t = state.creatures[attacker], state.creatures[target]
    if not t.in_fight:
        return None, [Violation(f"{t.name} is {t.status}", "not_in_fight")]
    if attacker == target:
        return None, [Violation(f"{a.name} cannot attack itself", "self")]
    p = params_of(rs)
    w = weapon_of(state, rs, attacker, weapon_id)
    if weapon_id and w.id != weapon_id:
        return None, [Violation(f"{a.name} has no weapon {weapon_id}", "no_weapon")]
    ranged = w.kind == "ranged" or (thrown and w.has("thrown"))
    level, why = ("none", "")
    if ranged:
        level, why = cover_level(
            state.battlefield,
            a.body,
            t.body,
            attacker_prone=a.has("prone"),
            target_prone=t.has("prone"),
        )
    everyone = fighters(state)
    reach = p.melee_reach_yd + w.reach_yd + a.definition.reach_yd
    fa = attack_factors(
        state.battlefield,
        fighter(state, a),
        fighter(state, t),
        everyone,
        _reach_params(p, reach),
        ranged=ranged,
        bow=w.has("bow"),
        cover_level=level,
        cover_reason=why,
    )
    violations = [Violation(v, "illegal_attack") for v in fa.violations]
    if ranged and w.range_yd:
        from game.rulesets.osr.fighters import gap_squares

        dist = gap_squares(a.body, t.body)
        if dist > 2 * w.range_yd:
            violations.append(
                Violation(f"{t.name} is {dist} paces away, beyond {2 * w.range_yd}", "out_of_range")
            )
    base = list(fa.modifiers)
    if gm_modifier:
        base.append(Modifier(gm_reason or "GM ruling", flat=gm_modifier, source="gm"))
    roll = RollContext(
        attacker,
        "attack",
        target=target,
        target_attribute="armour_class",
        action="attack",
        weapon=w.id,
        ranged=ranged,
        base=tuple(base),
    )
    mods = rs.collect_modifiers(state, roll)
    violations += rs.check_target(state, roll)
    plan = AttackPlan(
        attacker, target, w, ranged, fa, mods, a.definition.attack_bonus, armour_class(t)
    )
    return plan, violations


def _reach_params(p, reach: int):  # type: ignore[no-untyped-def]
    """Params with the attacker's reach as "in melee" for the target (a spear reaches 2)."""
    from dataclasses import replace

    return p if reach == p.melee_reach_yd else replace(p, melee_reach_yd=reach)


def perform_attack(
    ctx: Context,
    attacker: str,
    target: str,
    weapon_id: str = "",
    *,
    thrown: bool = False,
    free: bool = False,
    gm_modifier: int = 0,
    gm_reason: str = "",
    depth: int = 0,
) -> bool:
    """Roll an attack and its damage; a natural 20 offers another attack at once. True on a hit."""
    plan, violations = plan_attack(
        ctx.state,
        ctx.ruleset,
        attacker,
        target,
        weapon_id,
        thrown=thrown,
        gm_modifier=gm_modifier,
        gm_reason=gm_reason,
    )
    if violations or plan is None:
        raise Rejected(violations)
    a, t = ctx.state.creatures[attacker], ctx.state.creatures[target]
    roller = CtxRoller(ctx, f"{a.name} attacks {t.name}", asked_of=attacker)
    natural = roller(20)
    res = resolve_attack(
        natural,
        attack_bonus=plan.attack_bonus,
        modifiers=plan.modifiers,
        armour_class=plan.armour_class,
        unseen=plan.factors.unseen,
        ranged=plan.ranged,
        into_melee=bool(plan.factors.melee_group),
    )
    ctx.emit(
        OsrAttackRolled(
            attacker,
            target,
            plan.weapon.id,
            plan.ranged,
            roller.take(),
            plan.attack_bonus,
            plan.modifiers,
            plan.armour_class,
            res.total,
            res.hit,
            res.why,
            res.extra_attack,
            res.stray,
            free,
        )
    )
    struck = target
    if res.stray:
        group = plan.factors.melee_group
        pick = roller(len(group)) if len(group) > 1 else 1
        struck = group[pick - 1]
        ctx.emit(OsrStrayShot(attacker, target, struck, group, roller.take()))
    if res.hit or res.stray:
        ignore = ctx.state.creatures[struck].has("prone")
        deal_weapon_damage(ctx, attacker, struck, plan.weapon, roller, ignore_dr=ignore)
    if res.extra_attack and depth < MAX_EXTRA_ATTACKS and ctx.state.creatures[attacker].in_fight:
        _offer_extra_attack(ctx, attacker, plan.weapon.id, thrown, depth)
    return res.hit


def _offer_extra_attack(
    ctx: Context, attacker: str, weapon_id: str, thrown: bool, depth: int
) -> None:
    """Natural 20: the attacker may at once make another attack (Seed OSR)."""
    st = ctx.state
    options = [("none", "no further attack")]
    for c in st.creatures.values():
        if c.in_fight and c.side != st.creatures[attacker].side:
            plan, vs = plan_attack(st, ctx.ruleset, attacker, c.id, weapon_id, thrown=thrown)
            if plan and not vs:
                options.insert(0, (c.id, f"attack {c.name}"))
    if len(options) == 1:
        return
    choice = ctx.ask(
        "extra_attack",
        f"natural 20: {st.creatures[attacker].name} attacks again at once",
        options,
        asked_of=attacker,
    )
    if choice != "none":
        perform_attack(ctx, attacker, str(choice), weapon_id, thrown=thrown, depth=depth + 1)


def deal_weapon_damage(
    ctx: Context,
    source: str,
    target: str,
    w: WeaponDef,
    roller: CtxRoller,
    *,
    ignore_dr: bool = False,
    area: bool = False,
) -> None:
    """Roll a weapon's (or spell's) damage with its elemental rider and apply it."""
    dmg = elemental.roll_damage(roller, w.damage, w.damage_type)
    ctx.emit(
        OsrDamageRolled(
            source,
            target,
            dmg.expr,
            w.damage_type,
            roller.take(),
            dmg.total,
            dmg.burning,
            dmg.corrosion,
            area,
        )
    )
    apply_damage(
        ctx,
        target,
        dmg.total,
        ignore_dr=ignore_dr,
        area=area,
        reason=f"{w.name} ({dmg.describe()})",
        burning=dmg.burning,
        corrosion=dmg.corrosion,
    )


def apply_damage(
    ctx: Context,
    target: str,
    rolled: int,
    *,
    ignore_dr: bool = False,
    area: bool = False,
    reason: str = "",
    burning: int = 0,
    corrosion: int = 0,
    ongoing: bool = False,
) -> None:
    """Damage reduction (ignored against the prone and for ongoing effects), area reduction and
    cohesion for formation members, then hit points; fire sets burning, acid corrodes."""
    st, p = ctx.state, params_of(ctx.ruleset)
    t = st.creatures[target]
    amount = rolled
    if area and formation_of(st, target) is not None:
        amount = area_damage(amount, p)
    dr = 0 if (ignore_dr or ongoing) else min(amount, max(0, t.definition.damage_reduction))
    amount -= dr
    absorbed = 0
    f = formation_of(st, target)
    if f is not None and amount > 0:
        coh = int(st.data.get("osr_cohesion", {}).get(f.id, 0))
        if coh > 0:
            left, amount = absorb(coh, amount)
            absorbed = coh - left
            ctx.emit(
                OsrCohesionChanged(
                    f.id, left, f"{t.name} takes {absorbed} on the formation's cohesion"
                )
            )
    amount = min(amount, max(0, hp(t)))  # hit points stop at 0: the rest is not lost (Battlemat)
    ctx.emit(OsrDamageTaken(target, amount, hp(t) - amount, rolled, dr, absorbed, reason))
    t = ctx.state.creatures[target]
    if burning:
        _set_burning(ctx, target, burning)
    for _ in range(corrosion):
        what = ctx.ask(
            "acid",
            f"acid eats at {t.name}: armour (AC -1) or an item?",
            [("armour", "armour: AC -1"), ("item", "an item is damaged")],
            asked_of="gm",
        )
        ctx.emit(OsrCorroded(target, str(what)))
    if hp(t) <= 0 and t.in_fight and not t.has("felled"):
        if simultaneous(ctx.state):
            ctx.emit(
                AfflictionGained(
                    target,
                    Affliction("felled", "osr"),
                    "falls, but strikes back in the same moment",
                )
            )
        else:
            ctx.emit(StatusChanged(target, "dead", "hit points gone"))
    elif amount > 0 and int(t.data.get("soul_points", 0)) > 0 and not t.data.get("spell_cast"):
        concentration(ctx, target, "damaged before the spell completed")


def _set_burning(ctx: Context, target: str, more: int) -> None:
    """Fire: burning grows by each 4 rolled (Seed OSR)."""
    t = ctx.state.creatures[target]
    cur = t.affliction("burning")
    level = int(cur.get("level", 0)) if cur else 0
    ctx.emit(
        AfflictionGained(
            target,
            Affliction("burning", "fire", None, (("level", level + more),)),
            f"on fire: burning {level + more}",
        )
    )


def concentration(ctx: Context, cid: str, reason: str) -> None:
    """Concentration roll for a caster with summoned Soul Points; failure wastes them."""
    c = ctx.state.creatures[cid]
    sp = int(c.data.get("soul_points", 0))
    roller = CtxRoller(ctx, f"{c.name}: Concentration ({reason})", asked_of=cid)
    chk = concentration_check(
        roller, int(c.definition.skills.get("concentration", 0)), params_of(ctx.ruleset)
    )
    ctx.emit(
        OsrConcentrationRolled(
            cid, roller.take(), chk.ranks, chk.difficulty, chk.total, chk.success, sp, reason
        )
    )
    if not chk.success:
        ctx.emit(
            CreatureDataSet(cid, "soul_points", None),
            CreatureDataSet(cid, "soul_points_wasted", sp),
        )


def simultaneous(state: EncounterState) -> bool:
    """True while tied sides act at once (results applied together: mutual kills happen)."""
    order = state.data.get("osr_order") or ()
    g = int(state.data.get("osr_group", 0))
    return state.phase == "action" and g < len(order) and len(order[g]) > 1
