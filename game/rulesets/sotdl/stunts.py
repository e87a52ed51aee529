"""Seed SotDL: Attack an Attribute: disarm, distract, escape, feint, grab, knock down, pull,
shove, charge."""
from __future__ import annotations

from game.rules.battlefield import Square
from game.rules.engine import (
    AfflictionEnded,
    AfflictionGained,
    Context,
    EncounterState,
    Placed,
    RollContext,
    Ruleset,
    Step,
    Violation,
    WalkMode,
    apply_event,
    walk,
    walked,
)
from game.rules.modifiers import Modifier
from game.rulesets.sotdl.commands import (
    Attack,
    Charge,
    Disarm,
    Distract,
    Escape,
    Feint,
    Grab,
    KnockDown,
    Pull,
    Shove,
)
from game.rulesets.sotdl.common import (
    action_violations,
    held_weapons,
    is_unarmed,
    modifier,
    need_creature,
    score,
    size,
    speed,
    spend,
)
from game.rulesets.sotdl.events import ItemDropped
from game.rulesets.sotdl.health import afflict
from game.rulesets.sotdl.modifiers import timed
from game.rulesets.sotdl.movement.facts import mount_of, rider_of
from game.rulesets.sotdl.rolls import attack_roll, challenge_roll
from game.rulesets.sotdl.targeting_geometry import hidden_from

Stunt = Disarm | Distract | Feint | Grab | KnockDown | Pull | Shove


def _prepared(cmd: object) -> tuple[Modifier, ...]:
    return (Modifier("prepared", boons=1, source="prepared"),) \
        if getattr(cmd, "part_of", "") == "prepared" else ()


def _best(c: object, *attrs: str) -> str:
    return max(attrs, key=lambda a: score(c, a))  # type: ignore[arg-type]


def size_mods(state: EncounterState, aid: str, tid: str) -> tuple[Modifier, ...]:
    """Seed SotDL: Knock Down, Shove: 1 bane per point of Size larger, 1 boon if smaller."""
    a, t = size(state.creatures[aid]), size(state.creatures[tid])
    if t > a:
        n = int(t - a) if t - a >= 1 else 1
        return (Modifier(f"target is {t - a:g} Size larger", boons=-n, source="size"),)
    if t < a:
        return (Modifier("target is smaller", boons=1, source="size"),)
    return ()


def stunt_roll(state: EncounterState, rs: Ruleset, cmd: Stunt) -> RollContext:
    """The RollContext of an attribute attack (which attribute against which, base modifiers)."""
    a, t = state.creatures[cmd.attacker], state.creatures[cmd.target]
    base = _prepared(cmd)
    tags: frozenset[str] = frozenset()
    if isinstance(cmd, Disarm):
        att = cmd.attribute or _best(a, "strength", "agility")
        tatt = _best(t, "strength", "agility")
        if is_unarmed(rs, a):
            base += (Modifier("disarming unarmed",
                              boons=-int(rs.param("unarmed_disarm_banes", 2)), source="option"),)
        return RollContext(a.id, "attack", att, t.id, tatt, "disarm", base=base)
    if isinstance(cmd, Distract):
        r = int(rs.definition.named_ranges_yd.get("short", 5))
        return RollContext(a.id, "attack", "intellect", t.id, "intellect", "distract",
                           ranged=True, tags=frozenset({f"range:{r}", "named_range"}), base=base)
    if isinstance(cmd, Feint):
        r = int(rs.definition.named_ranges_yd.get("short", 5))
        return RollContext(a.id, "attack", "agility", t.id, "perception", "feint",
                           ranged=True, tags=frozenset({f"range:{r}", "named_range"}), base=base)
    if isinstance(cmd, Grab):
        att = cmd.attribute or _best(a, "strength", "agility")
        return RollContext(a.id, "attack", att, t.id, "agility", "grab", base=base)
    if isinstance(cmd, KnockDown):
        return RollContext(a.id, "attack", "strength", t.id, "agility", "knock_down",
                           base=base + size_mods(state, a.id, t.id))
    if isinstance(cmd, Shove):
        return RollContext(a.id, "attack", "strength", t.id, "strength", "shove",
                           base=base + size_mods(state, a.id, t.id))
    if isinstance(cmd, Pull):
        tags = frozenset({"no_range_check"})
        return RollContext(a.id, "attack", "strength", t.id, "strength", "pull", tags=tags,
                           base=base)
    raise TypeError(cmd)


def _v_stunt(state: EncounterState, cmd: Stunt, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.attacker, cmd.target)
    if vs:
        return vs
    if cmd.attacker == cmd.target:
        return [Violation("a creature cannot do that to itself", "self")]
    chosen = getattr(cmd, "attribute", "")  # Disarm, Grab: Strength or Agility
    if chosen not in ("", "strength", "agility"):
        return [Violation(f"{chosen!r}: use Strength or Agility", "bad_attribute")]
    vs = action_violations(state, cmd.attacker, cmd.part_of)
    a, t = state.creatures[cmd.attacker], state.creatures[cmd.target]
    if isinstance(cmd, Disarm):
        if not [w for w in held_weapons(rs, t) if not w.has("natural") and not w.has("unarmed")]:
            vs.append(Violation(f"{t.name} is holding nothing that can be disarmed",
                                "nothing_held"))
        elif cmd.item and cmd.item not in {w.id for w in held_weapons(rs, t)}:
            vs.append(Violation(f"{t.name} is not holding {cmd.item}", "nothing_held"))
    if isinstance(cmd, Grab):
        grabbing = [c for c in state.creatures.values() if c.id != t.id and any(
            x.name == "grabbed" and x.source == a.id for x in c.afflictions)]
        if grabbing:
            vs.append(Violation(f"{a.name} is already grabbing {grabbing[0].name}", "grabbing"))
        held = [w for w in held_weapons(rs, a) if not w.has("natural") and not w.has("unarmed")]
        if len(held) >= 2 or any(w.has("two_handed") for w in held):
            vs.append(Violation(f"{a.name} has no free hand", "no_hand"))
        if not t.definition.physical_body:
            vs.append(Violation(f"{t.name} has no physical body to grab", "no_body"))
    if isinstance(cmd, Pull):
        if not any(x.name == "grabbed" and x.source == a.id for x in t.afflictions):
            vs.append(Violation(f"{a.name} is not grabbing {t.name}", "not_grabbing"))
        if size(t) > size(a):
            vs.append(Violation(f"{t.name} is larger than {a.name}", "too_big"))
        if cmd.path:  # where the puller goes after the roll: checked now, not found out then
            vs += _pull_plan(state, rs, a.id, tuple(cmd.path))[1]
    if hidden_from(state, t.id, a.id):
        vs.append(Violation(f"{t.name} is hidden from {a.name}", "hidden"))
    vs += rs.check_target(state, stunt_roll(state, rs, cmd))
    return vs


def _r_stunt(ctx: Context, cmd: Stunt) -> None:
    st, rs = ctx.state, ctx.ruleset
    a, t = st.creatures[cmd.attacker], st.creatures[cmd.target]
    roll = stunt_roll(st, rs, cmd)
    spend(ctx, a.id, roll.action.replace("_", " "), cmd.part_of)
    grabbing_already = isinstance(cmd, Grab) and any(
        x.name == "grabbed" and x.source == a.id for x in t.afflictions)
    if grabbing_already:
        ctx.note(f"{a.name} is already grabbing {t.name}: automatic success", a.id)
        success = True
    else:
        success = attack_roll(ctx, roll, f"{roll.action.replace('_', ' ')} vs {t.name}").success
    if a.has("hidden"):
        ctx.emit(AfflictionEnded(a.id, "hidden", "", "attacked"))
    if success:
        stunt_effect(ctx, cmd)


def stunt_effect(ctx: Context, cmd: Stunt) -> None:
    """What a successful attribute attack does."""
    st, rs = ctx.state, ctx.ruleset
    a, t = st.creatures[cmd.attacker], st.creatures[cmd.target]
    r = st.round
    if isinstance(cmd, Disarm):
        held = [w for w in held_weapons(rs, t) if not w.has("natural") and not w.has("unarmed")]
        item = cmd.item or held[0].id
        ctx.emit(ItemDropped(t.id, item, f"disarmed by {a.name}"))
    elif isinstance(cmd, Distract):
        afflict(ctx, t.id, timed("distracted", a.id, r), f"distracted by {a.name}")
    elif isinstance(cmd, Feint):
        if cmd.benefit == "no_free_attacks":
            afflict(ctx, a.id, timed("feinted", t.id, r + 1), f"no free attacks from {t.name}")
        else:
            afflict(ctx, a.id, timed("feint", t.id, r + 1), f"2 boons against {t.name}")
    elif isinstance(cmd, Grab):
        afflict(ctx, t.id, timed("grabbed", a.id, r + 1), f"grabbed by {a.name}")
    elif isinstance(cmd, KnockDown):
        if not t.has("prone"):
            afflict(ctx, t.id, timed("prone", a.id, None), f"knocked down by {a.name}")
    elif isinstance(cmd, Shove):
        yards = max(1, 1 + modifier(a, "strength"))
        steps = rs.hooks["forced_path"](st, rs, t.id, a.body.square, yards)
        walk(ctx, t.id, steps, WalkMode("shove", False, uses_budget=False, willing=False))
    elif isinstance(cmd, Pull):
        pull_move(ctx, a.id, t.id, cmd.path)


def _pull_plan(state: EncounterState, rs: Ruleset, aid: str, path: tuple[Square, ...]
               ) -> tuple[tuple[Step, ...], list[Violation]]:
    """Seed SotDL: Pull: the puller's steps along ``path``, within half its Speed."""
    budget = float(int(speed(state.creatures[aid])) // 2)
    steps, vs = rs.hooks["plan_path"](state, rs, aid, path, WalkMode("pull"), budget)
    return tuple(steps), list(vs)


def pull_move(ctx: Context, aid: str, tid: str, path: tuple) -> None:
    """Seed SotDL: Pull: move up to half Speed; the grabbed creature follows, staying in reach."""
    if not path:
        return
    steps, vs = _pull_plan(ctx.state, ctx.ruleset, aid, tuple(path))
    if vs:
        ctx.note(f"the pull goes nowhere: {vs[0].reason}", aid)
        return
    for s in steps:
        before = ctx.state.creatures[aid].body.square
        # the pulled creature comes along, so it never sees the puller leave its reach
        w = walk(ctx, aid, (Step(s.square, s.elevation_yd, s.cost_yd, s.how),),
                 WalkMode("pull", True, frozenset({tid}), uses_budget=False))
        if w.stopped:
            return
        walk(ctx, tid, (Step(before, None, 1.0, "forced"),),
             WalkMode("pulled", False, uses_budget=False, willing=False))


# --- escape and charge ------------------------------------------------------------------------


def _grabber(state: EncounterState, cid: str) -> str:
    a = state.creatures[cid].affliction("grabbed")
    return a.source if a else ""


def _v_escape(state: EncounterState, cmd: Escape, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if not c.has("grabbed"):
        return [Violation(f"{c.name} is not grabbed", "not_grabbed")]
    if cmd.attribute not in ("", "strength", "agility"):  # Seed SotDL: Escape
        return [Violation(f"{cmd.attribute!r}: use Strength or Agility", "bad_attribute")]
    vs = action_violations(state, cmd.creature, cmd.part_of)
    if cmd.path:
        g = _grabber(state, cmd.creature)
        mode = WalkMode("escape", no_free_attacks_from=frozenset({g}))
        # check the path as if free: the grab is what the roll removes
        from dataclasses import replace as _r
        free = state.with_creature(_r(c, afflictions=tuple(
            x for x in c.afflictions if x.name != "grabbed")))
        _, pv = rs.hooks["plan_path"](free, rs, cmd.creature, tuple(cmd.path), mode,
                                      float(int(c.definition.speed) // 2))
        vs += pv
    return vs


def _r_escape(ctx: Context, cmd: Escape) -> None:
    """Seed SotDL: Escape."""
    st, rs = ctx.state, ctx.ruleset
    c = st.creatures[cmd.creature]
    g = _grabber(st, c.id)
    spend(ctx, c.id, "escape", cmd.part_of)
    att = cmd.attribute or _best(c, "strength", "agility")
    base = _prepared(cmd)
    if g in st.creatures:
        roll = RollContext(c.id, "attack", att, g, "strength", "escape",
                           tags=frozenset({"no_range_check"}), base=base)
        freed = attack_roll(ctx, roll, f"escape from {st.creatures[g].name}").success
    else:  # grabbed by the GM's say-so (a net, a trap): a challenge roll
        freed = challenge_roll(ctx, c.id, att, "escape", action="escape", base=base).success
    if not freed:
        return
    ctx.emit(AfflictionEnded(c.id, "grabbed", g, "escaped"))
    if cmd.path:
        mode = WalkMode("escape", no_free_attacks_from=frozenset({g}), uses_budget=False)
        steps, vs = rs.hooks["plan_path"](ctx.state, rs, c.id, tuple(cmd.path), mode,
                                          float(speed(ctx.state.creatures[c.id]) // 2))
        if not vs:
            walk(ctx, c.id, steps, mode)


def _charge_attack(cmd: Charge) -> Attack | KnockDown | Shove:
    if cmd.attack == "knock_down":
        return KnockDown(cmd.attacker, cmd.target, part_of="charge")
    if cmd.attack == "shove":
        return Shove(cmd.attacker, cmd.target, part_of="charge")
    return Attack(cmd.attacker, cmd.target, cmd.weapon, cmd.option, part_of="charge")


def _v_charge(state: EncounterState, cmd: Charge, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.attacker, cmd.target)
    if vs:
        return vs
    vs = action_violations(state, cmd.attacker, "")
    if cmd.attack not in ("attack", "knock_down", "shove"):
        vs.append(Violation("a charge attacks with a melee weapon, knock down or shove",
                            "bad_attack"))
    there, att, pv = charge_attack(state, rs, cmd)
    vs += pv
    if not vs:  # checked where it is made, so what validation accepts, resolution performs
        action = rs.action_for(att)
        vs += list(action.validate(there, att, rs)) if action is not None else []
    return vs


def _ways(cmd: Charge) -> dict[str, tuple[tuple[Square, str], ...]]:
    """The GM's ways over edges for the planner (only when chosen: the interim planner has
    none)."""
    return {"ways": cmd.ways} if cmd.ways else {}


def charge_attack(state: EncounterState, rs: Ruleset, cmd: Charge
                  ) -> tuple[EncounterState, Attack | KnockDown | Shove, list[Violation]]:
    """Seed SotDL: Charge: the charge's attack, the state it is made in, and what is wrong with
    the path: the charger charging (1 bane), walked ``attack_after`` squares along the path
    (its mount or rider with it). Validation, the targeting preview and resolution (bar a free
    attack on the way) judge the attack's boons and banes from there, not from the start."""
    there = apply_event(state, AfflictionGained(
        cmd.attacker, timed("charging", cmd.attacker, state.round), "charge"))
    vs: list[Violation] = []
    if cmd.path:
        steps, vs = rs.hooks["plan_path"](there, rs, cmd.attacker, tuple(cmd.path),
                                          WalkMode("charge"), float(speed(
                                              state.creatures[cmd.attacker])), **_ways(cmd))
        cut = len(steps) if cmd.attack_after < 0 else min(cmd.attack_after, len(steps))
        mode = WalkMode("charge", uses_budget=False)
        there = _carried(walked(there, cmd.attacker, tuple(steps[:cut]), mode), cmd.attacker)
    return there, _charge_attack(cmd), list(vs)


def _carried(state: EncounterState, cid: str) -> EncounterState:
    """Seed SotDL: Ride: the mount under a walked rider, or the rider on a walked mount, goes
    along (the walk's ``mount_follows`` and ``rider_follows``)."""
    c = state.creatures[cid]
    other = mount_of(state, cid) or rider_of(state, cid)
    if not other:
        return state
    return apply_event(state, Placed(other, c.body.square, c.body.elevation_yd, "rides"))


def _r_charge(ctx: Context, cmd: Charge) -> None:
    """Seed SotDL: Charge: 1 bane on attack and challenge rolls this round, move, one attack."""
    rs = ctx.ruleset
    spend(ctx, cmd.attacker, "charge", "")
    afflict(ctx, cmd.attacker, timed("charging", cmd.attacker, ctx.state.round), "charge")
    steps, _ = rs.hooks["plan_path"](ctx.state, rs, cmd.attacker, tuple(cmd.path),
                                     WalkMode("charge"), float(speed(
                                         ctx.state.creatures[cmd.attacker])), **_ways(cmd))
    cut = len(steps) if cmd.attack_after < 0 else min(cmd.attack_after, len(steps))
    mode = WalkMode("charge", uses_budget=False)
    w = walk(ctx, cmd.attacker, steps[:cut], mode)
    if w.stopped:
        return
    if not ctx.state.creatures[cmd.target].in_fight:
        ctx.note("the charge's target is gone", cmd.attacker)
    else:  # legal where validation looked; a free attack on the way may have changed that
        ctx.perform_reaction(_charge_attack(cmd))
    if cut < len(steps) and ctx.state.creatures[cmd.attacker].in_fight:
        walk(ctx, cmd.attacker, steps[cut:], mode)


def register(rs: Ruleset) -> None:
    """The attribute attacks."""
    for cls in (Disarm, Distract, Feint, Grab, KnockDown, Pull, Shove):
        rs.register_action(cls, _v_stunt, _r_stunt)
    rs.register_action(Escape, _v_escape, _r_escape)
    rs.register_action(Charge, _v_charge, _r_charge)
