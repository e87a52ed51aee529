"""The rest of the procedure as commands (Seed OSR): Seize the Initiative, Milieu & Magic (Soul
Points, perils), spellcasting, Retreat, Surrender under Sophia, initiative modifiers, and the
phase machine's AdvancePhase with side-by-side turns in Movement, Missiles, Melee.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.definitions import WeaponDef
from game.rules.engine import (
    ActionUsed,
    AdvancePhase,
    Affliction,
    AfflictionEnded,
    AfflictionGained,
    CombatEnded,
    CombatStarted,
    Context,
    CreatureDataSet,
    EncounterDataSet,
    EncounterState,
    PhaseChanged,
    Ruleset,
    StartCombat,
    StatusChanged,
    Violation,
    advance_phase,
)
from game.rulesets.osr import procedure
from game.rulesets.osr.combat import concentration, deal_weapon_damage, plan_attack, weapon_of
from game.rulesets.osr.commands import (
    OsrCastSpell,
    OsrChooseCourse,
    OsrDeclareRetreat,
    OsrDisrupt,
    OsrEstablishMilieu,
    OsrInitiativeModifier,
    OsrSeizeInitiative,
    OsrSetCondition,
    OsrSummonPower,
    OsrTerms,
    SwiftAct,
)
from game.rulesets.osr.dice import CtxRoller, parse_dice
from game.rulesets.osr.elemental import DAMAGE_TYPES
from game.rulesets.osr.events import OsrSideCourse, OsrSwiftActRolled, OsrTermsAgreed
from game.rulesets.osr.morale import way_out
from game.rulesets.osr.phases import ACTION, MILIEU, MORALE, next_side
from game.rulesets.osr.turns import (
    begin_turn,
    can_take_turn,
    limit_after_slow_action,
    slow_action_violations,
)
from game.rulesets.osr.view import fighter, fighters, params_of

SEIZE = "seize"
COURSES = ("continue", "retreat", "surrender")


def _creature(state: EncounterState, cid: str) -> list[Violation]:
    return [] if cid in state.creatures else [Violation(f"no creature {cid}", "unknown_creature")]


# --- set-up and Seize the Initiative --------------------------------------------------------


def v_start(state: EncounterState, cmd: StartCombat, rs: Ruleset) -> list[Violation]:
    """Start once, before round 1 (again while seizing the initiative: round 1 begins)."""
    if state.round == 0 and state.phase in ("", SEIZE):
        return []
    return [Violation("the fight has already begun", "started")]


def r_start(ctx: Context, cmd: StartCombat) -> None:
    """The fight begins: everyone may declare one swift act (seize_initiative), then round 1.

    Creatures whose data names a ``formation`` (scenario files: ``data: {formation: wall,
    facing: S, order: tight, mob: false, leader: cap}``) form up first. Given again during
    Seize the Initiative (the window's Start button), it begins round 1.
    """
    if ctx.state.phase == SEIZE:
        advance_phase(ctx)
        return
    _form_from_data(ctx)
    ctx.emit(CombatStarted("Seize the Initiative: declare swift acts, then advance to round 1"))
    ctx.emit(PhaseChanged(0, SEIZE, ""))


def swift_acts(cmd: OsrSeizeInitiative) -> list[SwiftAct]:
    """The declared acts (scenario files give them as mappings)."""
    return [a if isinstance(a, SwiftAct) else SwiftAct(**dict(a)) for a in cmd.acts]


def _form_from_data(ctx: Context) -> None:
    """Form up the formations named in creatures' data (not already formed)."""
    from game.rulesets.osr.commands import OsrFormUp
    from game.rulesets.osr.view import formations

    groups: dict[str, list[str]] = {}
    opts: dict[str, dict[str, Any]] = {}
    for c in ctx.state.creatures.values():
        fid = str(c.data.get("formation", "") or "")
        if not fid or fid in formations(ctx.state):
            continue
        groups.setdefault(fid, []).append(c.id)
        for key in ("facing", "order", "mob", "leader"):
            if key in c.data:
                opts.setdefault(fid, {})[key] = c.data[key]
    for fid, members in sorted(groups.items()):
        o = opts.get(fid, {})
        ctx.perform(
            OsrFormUp(
                fid,
                tuple(members),
                str(o.get("facing", "N")),
                str(o.get("order", "loose")),
                bool(o.get("mob", False)),
                str(o.get("leader", "")),
            )
        )


def v_seize(state: EncounterState, cmd: OsrSeizeInitiative, rs: Ruleset) -> list[Violation]:
    """Before round 1; one act per participant (Seed OSR: "a single skill check" each), whether
    the acts come in one command or several."""
    if state.round != 0:
        return [Violation("swift acts come once, before the first round", "too_late")]
    seen: set[str] = set(_seized(state))
    shape = "a swift act is {creature, act, skill, difficulty, target, text}"
    if not isinstance(cmd.acts, (tuple, list)) or not all(
        isinstance(a, (SwiftAct, Mapping)) for a in cmd.acts
    ):
        return [Violation(f"acts: a list of swift acts ({shape})", "bad_act")]
    try:
        acts = swift_acts(cmd)
    except TypeError as e:
        return [Violation(f"{shape}: {e}", "bad_act")]
    for a in acts:
        if not isinstance(a.difficulty, int) or isinstance(a.difficulty, bool):
            return [Violation(f"a swift act's difficulty is a whole number: {a.difficulty!r}",
                              "bad_act")]
        if not all(isinstance(v, str) for v in (a.creature, a.act, a.skill, a.target, a.text)):
            return [Violation(f"{shape}: words, not numbers or lists", "bad_act")]
        vs = _creature(state, a.creature)
        if vs:
            return vs
        if a.creature in seen:
            return [
                Violation(
                    f"{state.creatures[a.creature].name} may take only one swift act", "two_acts"
                )
            ]
        seen.add(a.creature)
        if a.act == "strike" and a.target not in state.creatures:
            return [Violation(f"strike at whom? no creature {a.target!r}", "bad_target")]
        if a.act == "strike":  # "a weapon already in hand": the foe must be in its reach or range
            _plan, why = plan_attack(state, rs, a.creature, a.target)
            if why:
                name = state.creatures[a.creature].name
                return [Violation(f"{name}'s strike: {why[0].reason}", "bad_target")]
    return []


def _seized(state: EncounterState) -> tuple[str, ...]:
    """Who has taken a swift act already."""
    done = state.data.get("osr_seized") or ()
    return tuple(done) if not isinstance(done, bool) else tuple(state.creatures)


def r_seize(ctx: Context, cmd: OsrSeizeInitiative) -> None:
    """Each act is a skill check against the GM's difficulty, in order of Dexterity; success acts
    before battle (strike: weapon damage; position: +1 to the side's first initiative)."""
    p = params_of(ctx.ruleset)
    st = ctx.state
    acts = swift_acts(cmd)
    by = {a.creature: a for a in acts}
    order = procedure.seize_order(
        [(a.creature, st.creatures[a.creature].definition.dex) for a in acts]
    )
    mods = dict(st.data.get("osr_init_mods", {}))
    for i, cid in enumerate(order):
        a = by[cid]
        c = ctx.state.creatures[cid]
        if not c.in_fight:
            continue
        skill = a.skill or {
            "strike": "melee",
            "spell": "casting",
            "parley": "persuasion",
            "position": "athletics",
        }.get(a.act, a.act)
        ranks = int(c.definition.skills.get(skill, 0))
        roller = CtxRoller(ctx, f"{c.name}: swift act ({a.act})", asked_of=cid)
        chk = procedure.skill_check(
            roller, skill, ranks, a.difficulty or p.default_difficulty, die=p.skill_die
        )
        ctx.emit(
            OsrSwiftActRolled(
                cid,
                a.act,
                skill,
                roller.take(),
                ranks,
                chk.difficulty,
                chk.total,
                chk.success,
                i + 1,
                a.target,
                a.text,
            )
        )
        if not chk.success:
            ctx.note(f"{c.name} could not follow through: {a.act}", cid)
            continue
        if a.act == "strike" and ctx.state.creatures[a.target].in_fight:
            plan, _why = plan_attack(ctx.state, ctx.ruleset, cid, a.target)
            deal_weapon_damage(
                ctx,
                cid,
                a.target,
                plan.weapon if plan else weapon_of(ctx.state, ctx.ruleset, cid),
                roller,
                ignore_dr=ctx.state.creatures[a.target].has("prone"),
            )
        elif a.act == "position":
            # "+1/-1 for having an especially advantageous position": one +1 a side, not one
            # per member who finds it
            if any(r.startswith("advantageous position") for r, _v in mods.get(c.side, ())):
                ctx.note(f"{c.name} holds a good position too (the side already has its +1)", cid)
            else:
                mods[c.side] = tuple(mods.get(c.side, ())) + (
                    (f"advantageous position ({c.name})", 1),
                )
        else:
            ctx.note(f"{c.name} acts decisively: {a.text or a.act}", cid)
    if mods:
        ctx.emit(EncounterDataSet("osr_init_mods", {k: tuple(v) for k, v in mods.items()}))
    ctx.emit(EncounterDataSet("osr_seized", _seized(ctx.state) + tuple(by)))


# --- the phase machine ------------------------------------------------------------------------


def v_advance(state: EncounterState, cmd: AdvancePhase, rs: Ruleset) -> list[Violation]:
    """Always possible until the fight is over."""
    return [Violation("the fight is over", "over")] if state.over else []


def r_advance(ctx: Context, cmd: AdvancePhase) -> None:
    """In Movement, Missiles, Melee hand over to the next side first; otherwise the next phase."""
    if ctx.state.phase == ACTION and next_side(ctx):
        return
    advance_phase(ctx)


# --- Milieu & Magic ---------------------------------------------------------------------------


def v_milieu(state: EncounterState, cmd: OsrEstablishMilieu, rs: Ruleset) -> list[Violation]:
    """Any time before the fight ends."""
    return [Violation("the fight is over", "over")] if state.over else []


def r_milieu(ctx: Context, cmd: OsrEstablishMilieu) -> None:
    """Record the environment; a treacherous one rolls for peril in each Milieu from now on."""
    ctx.emit(EncounterDataSet("osr_treacherous", True if cmd.treacherous else None))
    if cmd.note:
        ctx.note(cmd.note)


def v_summon(state: EncounterState, cmd: OsrSummonPower, rs: Ruleset) -> list[Violation]:
    """In the Milieu, a positive number of Soul Points."""
    vs = _creature(state, cmd.creature)
    if vs:
        return vs
    if state.phase != MILIEU:
        return [Violation("casters summon power in the Milieu phase", "wrong_phase")]
    if cmd.soul_points <= 0:
        return [Violation("declare at least 1 Soul Point", "bad_number")]
    return []


def r_summon(ctx: Context, cmd: OsrSummonPower) -> None:
    """The caster starts summoning power (Seed OSR: Milieu, Magic)."""
    ctx.emit(
        CreatureDataSet(cmd.creature, "soul_points", cmd.soul_points),
        CreatureDataSet(cmd.creature, "soul_points_wasted", None),
    )


def v_disrupt(state: EncounterState, cmd: OsrDisrupt, rs: Ruleset) -> list[Violation]:
    """Only a caster with summoned power and no spell completed yet."""
    vs = _creature(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if not c.data.get("soul_points") or c.data.get("spell_cast"):
        return [Violation(f"{c.name} holds no summoned power", "no_power")]
    return []


def r_disrupt(ctx: Context, cmd: OsrDisrupt) -> None:
    """A Concentration roll; failure wastes the Soul Points."""
    concentration(ctx, cmd.creature, cmd.reason)


def v_cast(state: EncounterState, cmd: OsrCastSpell, rs: Ruleset) -> list[Violation]:
    """Spellcasting completes in Movement, Missiles, Melee: power summoned, 1 pace moved at most."""
    vs = can_take_turn(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if c.turn.active and c.turn.action_used:
        return [Violation(f"{c.name} has used its action this round", "no_action")]
    if c.data.get("soul_points_wasted"):
        return [
            Violation(f"{c.name}'s Soul Points were wasted (failed Concentration)", "power_wasted")
        ]
    if not c.data.get("soul_points"):
        return [Violation(f"{c.name} summoned no power in the Milieu", "no_power")]
    for t in cmd.targets:
        if t not in state.creatures:
            return [Violation(f"no creature {t}", "unknown_creature")]
    if cmd.damage:
        try:
            parse_dice(cmd.damage)
        except ValueError as e:
            return [Violation(str(e), "bad_dice")]
    if cmd.damage_type not in DAMAGE_TYPES:  # a typo would silently lose the fire or acid rider
        return [
            Violation(
                f"damage_type is one of {', '.join(DAMAGE_TYPES)}, not {cmd.damage_type!r}",
                "bad_damage_type",
            )
        ]
    return slow_action_violations(state, rs, cmd.creature, "casting a spell")


def _soul_points(n: Any) -> str:
    """'1 Soul Point', '3 Soul Points'."""
    return f"{n} Soul Point{'' if n == 1 else 's'}"


def r_cast(ctx: Context, cmd: OsrCastSpell) -> None:
    """The spell completes: its damage (area: reduced for formations) lands on each target."""
    begin_turn(ctx, cmd.creature)
    c = ctx.state.creatures[cmd.creature]
    ctx.emit(
        ActionUsed(cmd.creature, "cast"), CreatureDataSet(cmd.creature, "spell_cast", cmd.spell)
    )
    limit_after_slow_action(ctx, cmd.creature, "casting a spell")
    ctx.note(
        f"{c.name} casts {cmd.spell} with {_soul_points(c.data.get('soul_points'))}", cmd.creature
    )
    if not cmd.damage:
        return
    spell = WeaponDef(
        f"spell:{cmd.spell}", cmd.spell, cmd.damage, "ranged", damage_type=cmd.damage_type
    )
    roller = CtxRoller(ctx, f"{cmd.spell} damage", asked_of=cmd.creature)
    for t in cmd.targets:
        if ctx.state.creatures[t].in_fight:
            deal_weapon_damage(ctx, cmd.creature, t, spell, roller, area=cmd.area)


CONDITIONS = ("burning", "in_acid", "prone", "invisible", "hidden", "lit")


def v_set_condition(state: EncounterState, cmd: OsrSetCondition, rs: Ruleset) -> list[Violation]:
    """A known condition on a known creature."""
    vs = _creature(state, cmd.creature)
    if vs:
        return vs
    if cmd.condition not in CONDITIONS:
        return [
            Violation(
                f"condition must be one of {', '.join(CONDITIONS)}, not {cmd.condition!r}",
                "bad_condition",
            )
        ]
    if cmd.condition == "in_acid" and not cmd.remove:
        try:
            parse_dice(cmd.dice)
        except ValueError as e:
            return [Violation(str(e), "bad_dice")]
    if cmd.condition == "burning" and cmd.level < 1 and not cmd.remove:
        return [Violation("burning is at least 1", "bad_number")]
    return []


def r_set_condition(ctx: Context, cmd: OsrSetCondition) -> None:
    """The GM's ruling; burning and acid then resolve in each Milieu (visible on the token)."""
    if cmd.remove:
        ctx.emit(AfflictionEnded(cmd.creature, cmd.condition, "", "the GM ends it"))
    elif cmd.condition == "burning":
        ctx.emit(
            AfflictionGained(
                cmd.creature,
                Affliction("burning", "fire", None, (("level", cmd.level),)),
                f"set on fire: burning {cmd.level}",
            )
        )
    elif cmd.condition == "in_acid":
        ctx.emit(
            AfflictionGained(
                cmd.creature,
                Affliction("in_acid", "acid", None, (("dice", cmd.dice),)),
                f"sinking in acid: {cmd.dice} a round",
            )
        )
    else:
        ctx.emit(AfflictionGained(cmd.creature, Affliction(cmd.condition, "gm"), "the GM's ruling"))


def v_init_mod(state: EncounterState, cmd: OsrInitiativeModifier, rs: Ruleset) -> list[Violation]:
    """A known side, and a reason."""
    if cmd.side not in {s.id for s in state.sides}:
        return [Violation(f"no side {cmd.side}", "unknown_side")]
    if not cmd.reason:
        return [Violation("say why (advantageous position, roused from sleep ...)", "no_reason")]
    return []


def r_init_mod(ctx: Context, cmd: OsrInitiativeModifier) -> None:
    """Applies to the side's next initiative roll, with its reason."""
    mods = dict(ctx.state.data.get("osr_init_mods", {}))
    mods[cmd.side] = tuple(mods.get(cmd.side, ())) + ((cmd.reason, cmd.value),)
    ctx.emit(EncounterDataSet("osr_init_mods", mods))


# --- Retreat and Surrender --------------------------------------------------------------------


def v_retreat(state: EncounterState, cmd: OsrDeclareRetreat, rs: Ruleset) -> list[Violation]:
    """The retreat must be reasonably possible: not hemmed in with no free square."""
    vs = _creature(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if not isinstance(cmd.plan, str):
        return [Violation("plan: the retreat plan in words", "bad_plan")]
    if not c.in_fight:
        return [Violation(f"{c.name} is {c.status}", "not_in_fight")]
    if c.data.get("retreat") is not None:
        return [Violation(f"{c.name} has already declared a retreat", "declared")]
    me = fighter(state, c)
    occupied = [s for f in fighters(state) if f.active and f.name != c.id
                for s in f.body.squares()]
    if not way_out(state.battlefield, [me], occupied):
        return [Violation(f"{c.name} is hemmed in: no way to retreat", "trapped")]
    return []


def r_retreat(ctx: Context, cmd: OsrDeclareRetreat) -> None:
    """Next round the creature flees instead of rolling initiative."""
    ctx.emit(
        CreatureDataSet(cmd.creature, "retreat", cmd.plan),
        AfflictionGained(
            cmd.creature, Affliction("retreating", "retreat"), cmd.plan or "retreats next round"
        ),
    )


def v_course(state: EncounterState, cmd: OsrChooseCourse, rs: Ruleset) -> list[Violation]:
    """In the Morale phase: continue, retreat or surrender."""
    if cmd.side not in {s.id for s in state.sides}:
        return [Violation(f"no side {cmd.side}", "unknown_side")]
    if cmd.course not in COURSES:
        return [Violation(f"course must be one of {', '.join(COURSES)}", "bad_course")]
    if state.phase != MORALE:
        return [Violation("sides choose their course in the Morale phase", "wrong_phase")]
    return []


def r_course(ctx: Context, cmd: OsrChooseCourse) -> None:
    """Record the side's course; retreat declares it for every member still fighting."""
    ctx.emit(OsrSideCourse(cmd.side, cmd.course))
    if cmd.course == "retreat":
        for c in list(ctx.state.creatures.values()):
            if c.side == cmd.side and c.in_fight and c.data.get("retreat") is None:
                ctx.emit(
                    CreatureDataSet(c.id, "retreat", "side"),
                    AfflictionGained(
                        c.id, Affliction("retreating", "retreat"), "the side retreats"
                    ),
                )


def v_terms(state: EncounterState, cmd: OsrTerms, rs: Ruleset) -> list[Violation]:
    """Known terms between known sides."""
    sides = {s.id for s in state.sides}
    if cmd.terms not in procedure.SURRENDER_TERMS:
        return [
            Violation(f"terms must be one of {', '.join(procedure.SURRENDER_TERMS)}", "bad_terms")
        ]
    if cmd.losing_side not in sides or (cmd.other_side and cmd.other_side not in sides):
        return [Violation("name the sides the terms bind", "unknown_side")]
    return []


def r_terms(ctx: Context, cmd: OsrTerms) -> None:
    """Record the terms; accepted surrender ends the losers' part, White Peace ends the fight."""
    other = cmd.other_side or next((s.id for s in ctx.state.sides if s.id != cmd.losing_side), "")
    text = procedure.SURRENDER_TERMS[cmd.terms]
    ctx.emit(OsrTermsAgreed(cmd.terms, cmd.losing_side, other, text, cmd.accepted))
    if not cmd.accepted or cmd.terms == "no_quarter":
        return
    if cmd.terms == "white_peace":
        ctx.emit(CombatEnded("white peace", ""))
        return
    for c in list(ctx.state.creatures.values()):
        if c.side == cmd.losing_side and c.in_fight:
            ctx.emit(StatusChanged(c.id, "surrendered", text.split(":")[0]))


def end_of_combat(ctx: Context, cmd: object) -> None:
    """The fight ends when only one side (or none) still has creatures in it."""
    st = ctx.state
    if st.over or st.round == 0:
        return
    left = sorted({c.side for c in st.creatures.values() if c.in_fight})
    if len(left) <= 1:
        ctx.emit(
            CombatEnded(
                f"only {left[0]} remains" if left else "no one remains", left[0] if left else ""
            )
        )


def register(rs: Ruleset) -> None:
    """The procedure's commands and the end-of-combat check."""
    rs.register_action(StartCombat, v_start, r_start, name="start_combat")
    rs.register_action(OsrSeizeInitiative, v_seize, r_seize, name="seize_initiative")
    rs.register_action(AdvancePhase, v_advance, r_advance, name="advance_phase")
    rs.register_action(OsrEstablishMilieu, v_milieu, r_milieu, name="establish_milieu")
    rs.register_action(OsrSummonPower, v_summon, r_summon, name="summon_power")
    rs.register_action(OsrDisrupt, v_disrupt, r_disrupt, name="disrupt")
    rs.register_action(OsrCastSpell, v_cast, r_cast, name="cast_spell")
    rs.register_action(OsrSetCondition, v_set_condition, r_set_condition, name="set_condition")
    rs.register_action(OsrInitiativeModifier, v_init_mod, r_init_mod, name="initiative_modifier")
    rs.register_action(OsrDeclareRetreat, v_retreat, r_retreat, name="declare_retreat")
    rs.register_action(OsrChooseCourse, v_course, r_course, name="choose_course")
    rs.register_action(OsrTerms, v_terms, r_terms, name="terms")
    rs.register_after_command("osr_end_of_combat", end_of_combat)
