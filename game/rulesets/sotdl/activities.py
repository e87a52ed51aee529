"""Seed SotDL: Action (the other activities): cast a utility spell, concentrate, defend, end an
effect, find, help, hide, prepare, reload, stabilize, use an item; minor activities."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rules.engine import (
    AfflictionEnded,
    AfflictionGained,
    Command,
    Context,
    Effect,
    EffectEnded,
    EffectExtended,
    EffectStarted,
    EncounterState,
    RollContext,
    Ruleset,
    Violation,
)
from game.rules.modifiers import Modifier
from game.rulesets.sotdl.commands import (
    CastUtilitySpell,
    Concentrate,
    Defend,
    EndEffect,
    Find,
    FirePrepared,
    Help,
    Hide,
    Prepare,
    Reload,
    Stabilize,
    TellAllies,
    UseItem,
)
from game.rulesets.sotdl.common import (
    action_violations,
    cannot_act,
    need_creature,
    pick_weapon,
    spend,
)
from game.rulesets.sotdl.events import ActivityDone, WeaponReloaded
from game.rulesets.sotdl.health import afflict, heal
from game.rulesets.sotdl.modifiers import timed
from game.rulesets.sotdl.rolls import attack_roll, challenge_roll
from game.rulesets.sotdl.targeting_geometry import hidden_from
from game.rulesets.sotdl.triggered import fire_prepared


def _who(state: EncounterState, cid: str) -> str:
    return state.creatures[cid].name


def _v_action(state: EncounterState, cid: str, *others: str, part_of: str = ""
              ) -> list[Violation]:
    return need_creature(state, cid, *others) or action_violations(state, cid, part_of)


def _prep(ctx: Context, cmd: object) -> tuple[Modifier, ...]:
    """Seed SotDL: Prepare: a prepared activity's challenge roll has 1 boon."""
    if getattr(cmd, "part_of", "") != "prepared":
        return ()
    return (Modifier("prepared", boons=int(ctx.ruleset.param("prepare_boons", 1)),
                     source="prepared"),)


def _new_effect(ctx: Context, owner: str, name: str, expires: int | None, *,
                concentration: bool = False, targets: tuple[str, ...] = (),
                **data: Any) -> Effect:
    e = Effect(f"e{ctx.state.next_id}", owner, name, expires, concentration, tuple(targets),
               tuple(sorted(data.items())))
    ctx.emit(EffectStarted(e))
    return e


# --- spells and effects ------------------------------------------------------------------------


def _r_cast(ctx: Context, cmd: CastUtilitySpell) -> None:
    """Seed SotDL: Cast a Utility Spell (concentration: until the end of the next round)."""
    spend(ctx, cmd.caster, f"cast {cmd.spell}", cmd.part_of)
    r = ctx.state.round
    max_round = r + cmd.rounds if cmd.rounds > 0 else None
    if cmd.concentration:
        until = r + 1 if max_round is None else min(r + 1, max_round)
        e = _new_effect(ctx, cmd.caster, cmd.spell, until, concentration=True,
                        targets=cmd.targets, max_round=max_round, description=cmd.description)
        afflict(ctx, cmd.caster, timed("concentrating", e.id, until), cmd.spell)
    elif cmd.rounds > 0:
        _new_effect(ctx, cmd.caster, cmd.spell, max_round, targets=cmd.targets,
                    description=cmd.description)
    else:
        ctx.emit(ActivityDone(cmd.caster, f"cast {cmd.spell}", cmd.description))
    if ctx.state.creatures[cmd.caster].has("hidden"):
        ctx.emit(AfflictionEnded(cmd.caster, "hidden", "", "cast a spell"))


def _own_effect(state: EncounterState, cid: str, eid: str, *, concentration: bool
                ) -> tuple[Effect | None, list[Violation]]:
    mine = [e for e in state.effects.values() if e.owner == cid
            and (e.concentration or not concentration)]
    if eid:
        e = state.effects.get(eid)
        if e is None or e.owner != cid:
            return None, [Violation(f"{_who(state, cid)} has no effect {eid!r}", "no_effect")]
        if concentration and not e.concentration:
            return None, [Violation(f"{e.name} does not need concentration", "no_effect")]
        return e, []
    if not mine:
        what = "concentration effect" if concentration else "effect"
        return None, [Violation(f"{_who(state, cid)} has no {what} going", "no_effect")]
    return mine[-1], []


def _v_concentrate(state: EncounterState, cmd: Concentrate, rs: Ruleset) -> list[Violation]:
    return _v_action(state, cmd.creature, part_of=cmd.part_of) or _own_effect(
        state, cmd.creature, cmd.effect, concentration=True)[1]


def _r_concentrate(ctx: Context, cmd: Concentrate) -> None:
    """Seed SotDL: Concentrate: the effect lasts until the end of the next round (to its max)."""
    e, _ = _own_effect(ctx.state, cmd.creature, cmd.effect, concentration=True)
    assert e is not None
    spend(ctx, cmd.creature, f"concentrate on {e.name}", cmd.part_of)
    mx = e.get("max_round")
    until = ctx.state.round + 1 if mx is None else min(ctx.state.round + 1, int(mx))
    ctx.emit(EffectExtended(e.id, until))
    afflict(ctx, cmd.creature, timed("concentrating", e.id, until), e.name)


def _v_end_effect(state: EncounterState, cmd: EndEffect, rs: Ruleset) -> list[Violation]:
    return _v_action(state, cmd.creature, part_of=cmd.part_of) or _own_effect(
        state, cmd.creature, cmd.effect, concentration=False)[1]


def _r_end_effect(ctx: Context, cmd: EndEffect) -> None:
    """Seed SotDL: End an Effect you created."""
    e, _ = _own_effect(ctx.state, cmd.creature, cmd.effect, concentration=False)
    assert e is not None
    spend(ctx, cmd.creature, f"end {e.name}", cmd.part_of)
    ctx.emit(EffectEnded(e.id, f"ended by {_who(ctx.state, cmd.creature)}"))
    if e.concentration:
        ctx.emit(AfflictionEnded(cmd.creature, "concentrating", e.id, "effect ended"))


def _r_defend(ctx: Context, cmd: Defend) -> None:
    """Seed SotDL: Defend: until the end of the round."""
    spend(ctx, cmd.creature, "defend", cmd.part_of)
    afflict(ctx, cmd.creature, timed("defended", cmd.creature, ctx.state.round), "defends")


# --- find, help, hide -------------------------------------------------------------------------


def _v_find(state: EncounterState, cmd: Find, rs: Ruleset) -> list[Violation]:
    vs = _v_action(state, cmd.creature, part_of=cmd.part_of)
    if not vs and cmd.target:
        vs = need_creature(state, cmd.target)
        if not vs and not hidden_from(state, cmd.target, cmd.creature):
            vs = [Violation(f"{_who(state, cmd.target)} is not hidden from "
                            f"{_who(state, cmd.creature)}", "not_hidden")]
    return vs


def reveal(ctx: Context, hider: str, to: tuple[str, ...], reason: str) -> None:
    """Seed SotDL: Find: the hider is no longer hidden from ``to`` (kept in the hidden
    affliction's ``revealed_to``); found by every enemy, it is hidden from nobody: it ends."""
    st = ctx.state
    a = st.creatures[hider].affliction("hidden")
    if a is None:
        return
    known = tuple(a.get("revealed_to", ()) or ())
    new = known + tuple(x for x in to if x not in known and x != hider)
    if new == known:
        return
    if all(x.id in new for x in st.in_fight() if st.hostile(hider, x.id)):
        ctx.emit(AfflictionEnded(hider, "hidden", "", reason))
        return
    data = dict(a.data)
    data["revealed_to"] = new
    ctx.emit(AfflictionGained(hider, replace(a, data=tuple(sorted(data.items()))), reason))


def _r_find(ctx: Context, cmd: Find) -> None:
    """Seed SotDL: Find: Perception vs a hidden creature's Agility, or a Perception challenge."""
    spend(ctx, cmd.creature, "find", cmd.part_of)
    if cmd.target:
        roll = RollContext(cmd.creature, "attack", "perception", cmd.target, "agility", "find",
                           tags=frozenset({"no_range_check"}))
        if attack_roll(ctx, roll, f"find {_who(ctx.state, cmd.target)}").success:
            reveal(ctx, cmd.target, (cmd.creature,), f"found by {_who(ctx.state, cmd.creature)}")
        return
    r = challenge_roll(ctx, cmd.creature, "perception", f"find {cmd.object or 'something'}",
                       action="find", base=_prep(ctx, cmd))
    ctx.emit(ActivityDone(cmd.creature, "find", f"{cmd.object or 'the object'} "
                          f"{'found' if r.success else 'not found'}"))


def _tell_targets(state: EncounterState, cmd: TellAllies) -> list[str]:
    """The hidden creatures the teller knows about (found, so not hidden from it)."""
    ids = [cmd.target] if cmd.target else [c.id for c in state.in_fight() if c.id != cmd.creature]
    return [t for t in ids if t in state.creatures and state.creatures[t].has("hidden")
            and not hidden_from(state, t, cmd.creature)]


def _tell_allies(state: EncounterState, cmd: TellAllies) -> list[str]:
    if cmd.allies:
        return list(cmd.allies)
    return [c.id for c in state.in_fight()
            if c.id != cmd.creature and not state.hostile(cmd.creature, c.id)]


def _v_tell(state: EncounterState, cmd: TellAllies, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature, *cmd.allies)
    if cmd.target:
        vs += need_creature(state, cmd.target)
    if vs:
        return vs
    why = cannot_act(state.creatures[cmd.creature])
    if why:
        return [Violation(why, "cannot_act")]
    if cmd.target and not state.creatures[cmd.target].has("hidden"):
        return [Violation(f"{_who(state, cmd.target)} is not hidden", "not_hidden")]
    if not _tell_targets(state, cmd):
        what = _who(state, cmd.target) if cmd.target else "any hidden creature"
        return [Violation(f"{_who(state, cmd.creature)} has not found {what}", "not_found")]
    if not _tell_allies(state, cmd):
        return [Violation(f"{_who(state, cmd.creature)} has nobody to tell", "no_allies")]
    return []


def _r_tell(ctx: Context, cmd: TellAllies) -> None:
    """Seed SotDL: Find: the knowledge is shared: hidden no longer from those told (no action:
    a few words; whether shouting gives the teller away is the GM's call)."""
    allies = tuple(_tell_allies(ctx.state, cmd))
    names = ", ".join(_who(ctx.state, a) for a in allies)
    for t in _tell_targets(ctx.state, cmd):
        reveal(ctx, t, allies, f"{_who(ctx.state, cmd.creature)} tells {names} where "
               f"{_who(ctx.state, t)} is")


def _v_help(state: EncounterState, cmd: Help, rs: Ruleset) -> list[Violation]:
    vs = _v_action(state, cmd.creature, cmd.target, part_of=cmd.part_of)
    if vs:
        return vs
    if cmd.creature == cmd.target:
        return [Violation("a creature cannot help itself", "self")]
    d = rs.hooks["distance_yd"](state, rs, cmd.creature, cmd.target)
    rng = float(rs.param("help_range_yd", 5))
    if d > rng:
        return [Violation(f"{_who(state, cmd.target)} is {d:g} yards away; help reaches "
                          f"{rng:g}", "out_of_range")]
    can_see = rs.hooks.get("can_see")  # Seed SotDL: Help: "that can see you" (sight plug-in)
    why = can_see(state, rs, cmd.target, cmd.creature) if can_see else None
    if why:
        return [Violation(f"{why}: help needs a target that can see the helper", "cannot_see")]
    return []


def _r_help(ctx: Context, cmd: Help) -> None:
    """Seed SotDL: Help: the target's next attack or challenge roll this round has 1 boon."""
    spend(ctx, cmd.creature, "help", cmd.part_of)
    if challenge_roll(ctx, cmd.creature, "intellect", f"help {_who(ctx.state, cmd.target)}",
                      action="help", base=_prep(ctx, cmd)).success:
        afflict(ctx, cmd.target, timed("helped", cmd.creature, ctx.state.round),
                f"helped by {_who(ctx.state, cmd.creature)}")


def _v_hide(state: EncounterState, cmd: Hide, rs: Ruleset) -> list[Violation]:
    vs = _v_action(state, cmd.creature, part_of=cmd.part_of)
    can_hide = rs.hooks.get("can_hide")
    if not vs and can_hide:
        vs = list(can_hide(state, rs, cmd.creature))
    return vs


def _r_hide(ctx: Context, cmd: Hide) -> None:
    """Seed SotDL: Hide: Agility challenge; hidden until the conditions end or it reveals itself."""
    spend(ctx, cmd.creature, "hide", cmd.part_of)
    if challenge_roll(ctx, cmd.creature, "agility", "hide", action="hide",
                      base=_prep(ctx, cmd)).success:
        afflict(ctx, cmd.creature, timed("hidden", cmd.creature, None), "hides")


# --- prepare ----------------------------------------------------------------------------------


def _activity(cmd: Prepare) -> Command | None:
    from game.rulesets.sotdl.commands import Attack

    a = cmd.activity
    if a is None:
        return Attack(cmd.creature, "")
    return a if isinstance(a, Command) else None


def _v_prepare(state: EncounterState, cmd: Prepare, rs: Ruleset) -> list[Violation]:
    vs = _v_action(state, cmd.creature)
    act = _activity(cmd)
    if act is None or rs.action_for(act) is None:
        vs.append(Violation("prepare needs an activity the rules know (e.g. an attack)",
                            "bad_activity"))
    elif isinstance(act, (Prepare, FirePrepared)):
        vs.append(Violation("cannot prepare to prepare", "bad_activity"))
    if not cmd.trigger:
        vs.append(Violation("prepare needs a trigger", "no_trigger"))
    return vs


def _r_prepare(ctx: Context, cmd: Prepare) -> None:
    """Seed SotDL: Prepare: until the end of the round, a trigger and an activity."""
    spend(ctx, cmd.creature, "prepare", "")
    act = _activity(cmd)
    # the command itself, not its JSON form: a replay decodes the log back to the command, and
    # live and replayed states must be equal
    _new_effect(ctx, cmd.creature, "prepared", ctx.state.round, activity=act,
                trigger=cmd.trigger)


def _prepared_effect(state: EncounterState, cid: str, eid: str) -> Effect | None:
    for e in state.effects.values():
        if e.owner == cid and e.name == "prepared" and (not eid or e.id == eid):
            return e
    return None


def _v_fire(state: EncounterState, cmd: FirePrepared, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    if _prepared_effect(state, cmd.creature, cmd.effect) is None:
        return [Violation(f"{c.name} has no prepared action", "not_prepared")]
    why = cannot_act(c)
    if why:
        return [Violation(why, "cannot_act")]
    if c.turn.triggered_used:
        return [Violation(f"{c.name} has already used a triggered action this round",
                          "no_triggered")]
    if cmd.target:
        vs = need_creature(state, cmd.target)
    return vs


def _r_fire(ctx: Context, cmd: FirePrepared) -> None:
    """The GM fires a free-text trigger."""
    e = _prepared_effect(ctx.state, cmd.creature, cmd.effect)
    assert e is not None
    fire_prepared(ctx, e.id, cmd.target)


# --- reload, stabilize, items, minor activities -----------------------------------------------


def _v_reload(state: EncounterState, cmd: Reload, rs: Ruleset) -> list[Violation]:
    vs = _v_action(state, cmd.creature, part_of=cmd.part_of)
    if vs:
        return vs
    c = state.creatures[cmd.creature]
    unloaded = list(c.data.get("unloaded", ()))
    w = pick_weapon(rs, c, cmd.weapon or (unloaded[0] if unloaded else ""))
    if w is None or not w.has("reload"):
        return [Violation(f"{c.name} holds no weapon with the reload property", "no_reload")]
    if w.id not in unloaded:
        return [Violation(f"{w.name} is already loaded", "loaded")]
    return []


def _r_reload(ctx: Context, cmd: Reload) -> None:
    """Seed SotDL: Reload."""
    c = ctx.state.creatures[cmd.creature]
    wid = cmd.weapon or list(c.data.get("unloaded", ()))[0]
    spend(ctx, cmd.creature, "reload", cmd.part_of)
    ctx.emit(WeaponReloaded(cmd.creature, wid))


def _v_stabilize(state: EncounterState, cmd: Stabilize, rs: Ruleset) -> list[Violation]:
    vs = _v_action(state, cmd.creature, cmd.target, part_of=cmd.part_of)
    if vs:
        return vs
    t = state.creatures[cmd.target]
    if not t.has("incapacitated"):
        return [Violation(f"{t.name} is not incapacitated", "not_incapacitated")]
    d = rs.hooks["distance_yd"](state, rs, cmd.creature, cmd.target)
    reach = rs.hooks["reach_yd"](state, rs, cmd.creature, "", "")
    if d > reach:
        return [Violation(f"{t.name} is out of reach: {d:g} yards, reach {reach:g}",
                          "out_of_reach")]
    return []


def _r_stabilize(ctx: Context, cmd: Stabilize) -> None:
    """Seed SotDL: Stabilize: Intellect challenge, 1 bane if dying; success heals 1 damage."""
    spend(ctx, cmd.creature, "stabilize", cmd.part_of)
    t = ctx.state.creatures[cmd.target]
    base = _prep(ctx, cmd)
    if t.has("dying"):
        base += (Modifier(f"{t.name} is dying", boons=-1, source="option"),)
    if challenge_roll(ctx, cmd.creature, "intellect", f"stabilize {t.name}", action="stabilize",
                      base=base).success:
        heal(ctx, cmd.target, 1, f"stabilized by {_who(ctx.state, cmd.creature)}")


def _v_use(state: EncounterState, cmd: UseItem, rs: Ruleset) -> list[Violation]:
    return _v_action(state, cmd.creature, part_of=cmd.part_of)


def _r_use(ctx: Context, cmd: UseItem) -> None:
    """Seed SotDL: Use an Item."""
    spend(ctx, cmd.creature, "use an item", cmd.part_of)
    ctx.emit(ActivityDone(cmd.creature, "use an item", cmd.description))


def register(rs: Ruleset) -> None:
    """The other activities."""
    rs.register_action(CastUtilitySpell,
                       lambda s, c, r: _v_action(s, c.caster, part_of=c.part_of), _r_cast)
    rs.register_action(Concentrate, _v_concentrate, _r_concentrate)
    rs.register_action(Defend, lambda s, c, r: _v_action(s, c.creature, part_of=c.part_of),
                       _r_defend)
    rs.register_action(EndEffect, _v_end_effect, _r_end_effect)
    rs.register_action(Find, _v_find, _r_find)
    rs.register_action(Help, _v_help, _r_help)
    rs.register_action(TellAllies, _v_tell, _r_tell)
    rs.register_action(Hide, _v_hide, _r_hide)
    rs.register_action(Prepare, _v_prepare, _r_prepare)
    rs.register_action(FirePrepared, _v_fire, _r_fire)
    rs.register_action(Reload, _v_reload, _r_reload)
    rs.register_action(Stabilize, _v_stabilize, _r_stabilize)
    rs.register_action(UseItem, _v_use, _r_use)

