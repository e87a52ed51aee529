"""Seed SotDL: Making Attacks: melee and ranged weapons with their options, two weapons,
items, spells (abstract), worn or carried objects, and the free attack."""
from __future__ import annotations

from dataclasses import replace

from game.rules.battlefield import Square
from game.rules.definitions import WeaponDef
from game.rules.engine import (
    AfflictionEnded,
    Context,
    CreatureDataSet,
    EncounterState,
    RollContext,
    Ruleset,
    TriggeredActionUsed,
    Violation,
    WalkMode,
    walk,
)
from game.rules.engine.walk import square_of
from game.rules.modifiers import Modifier
from game.rulesets.sotdl.commands import (
    Attack,
    FreeAttack,
    ItemAttack,
    SpellAttack,
    TwoWeaponAttack,
)
from game.rulesets.sotdl.common import (
    action_violations,
    cannot_act,
    held_weapons,
    modifier,
    need_creature,
    pick_weapon,
    size,
    spend,
    typed_word_violations,
)
from game.rulesets.sotdl.events import ActivityDone, ItemDropped, ObjectAttacked, WeaponUnloaded
from game.rulesets.sotdl.health import afflict, deal_damage
from game.rulesets.sotdl.modifiers import timed
from game.rulesets.sotdl.rolls import attack_roll, challenge_roll, damage_roll
from game.rulesets.sotdl.targeting_geometry import hidden_from

MELEE_OPTIONS = {"driving": 1, "guarded": 1, "lunging": 1, "shifting": 1, "unbalancing": 1}
RANGED_OPTIONS = {"called": 2, "distant": 1, "staggering": 2}
_OPTION_PARAM = {"called": "ranged_options.called_shot_banes",
                 "distant": "ranged_options.distant_shot_banes",
                 "staggering": "ranged_options.staggering_shot_banes"}


def option_banes(rs: Ruleset, option: str) -> int:
    """Banes an attack option imposes (ruleset file's melee_options/ranged_options)."""
    key = _OPTION_PARAM.get(option, f"melee_options.{option}_banes")
    default = MELEE_OPTIONS.get(option, RANGED_OPTIONS.get(option, 0))
    return int(rs.param(key, default))


def prepared_mods(rs: Ruleset, part_of: str) -> tuple[Modifier, ...]:
    """Seed SotDL: Prepare: the prepared activity's roll has 1 boon."""
    if part_of != "prepared":
        return ()
    return (Modifier("prepared", boons=int(rs.param("prepare_boons", 1)), source="prepared"),)


def weapon_roll(state: EncounterState, rs: Ruleset, attacker: str, target: str, w: WeaponDef,
                option: str, *, thrown: bool = False, attribute: str = "", obj: str = "",
                guess: bool = False, part_of: str = "", action: str = "attack",
                extra: tuple[Modifier, ...] = ()) -> RollContext:
    """The RollContext of a weapon attack: attribute, options' banes, object, prepared, guess."""
    c = state.creatures[attacker]
    ranged = w.kind == "ranged" or thrown
    if not attribute:
        if w.kind == "ranged":
            attribute = "agility"
        elif w.has("finesse") and modifier(c, "agility") > modifier(c, "strength"):
            attribute = "agility"
        else:
            attribute = "strength"
    base: list[Modifier] = list(extra)
    if w.attack_boons:  # the stat block's attack line: "Claws (melee) +3 with 1 boon"
        n = w.attack_boons
        word = f"{abs(n)} {'boon' if n > 0 else 'bane'}{'s' if abs(n) > 1 else ''}"
        base.append(Modifier(f"{w.name}: {word} (stat block)", boons=n, source="weapon"))
    table = RANGED_OPTIONS if ranged else MELEE_OPTIONS
    if option in table:
        word = {"called": "called shot", "distant": "distant shot",
                "staggering": "staggering shot"}.get(option, f"{option} attack")
        base.append(Modifier(word, boons=-option_banes(rs, option), source="option"))
    if obj:
        base.append(Modifier(f"attacking a worn or carried object ({obj})",
                             boons=-int(rs.param("attack_object_banes", 2)), source="option"))
    base.extend(prepared_mods(rs, part_of))
    tags = {f"range:{w.range_yd}"} if ranged else set()
    if thrown:
        tags.add("thrown")
    if guess:
        tags.add("guess")
    return RollContext(attacker, "attack", attribute, target, "defense", action, w.id, option,
                       ranged, tags=frozenset(tags), base=tuple(base))


def distance(state: EncounterState, rs: Ruleset, a: str, b: str) -> float:
    """Yards between two creatures (the distance_yd hook)."""
    return float(rs.hooks["distance_yd"](state, rs, a, b))


def _effective_option(state: EncounterState, rs: Ruleset, cmd: Attack | FreeAttack,
                      w: WeaponDef, thrown: bool) -> str:
    """Seed SotDL: Distant Shot: beyond range (up to twice) a ranged attack is a distant shot."""
    if (w.kind == "ranged" or thrown) and not cmd.option and cmd.target in state.creatures:
        if distance(state, rs, cmd.attacker, cmd.target) > w.range_yd:
            return "distant"
    return cmd.option


def _v_weapon_attack(state: EncounterState, cmd: Attack | FreeAttack, rs: Ruleset,
                     part_of: str) -> tuple[list[Violation], RollContext | None]:
    vs = need_creature(state, cmd.attacker, cmd.target)
    if vs:
        return vs, None
    if cmd.attacker == cmd.target:
        return [Violation("a creature cannot attack itself", "self")], None
    vs = action_violations(state, cmd.attacker, part_of)
    c, t = state.creatures[cmd.attacker], state.creatures[cmd.target]
    w = pick_weapon(rs, c, cmd.weapon, melee=True if isinstance(cmd, FreeAttack) else None)
    if w is None:
        return vs + [Violation(f"{c.name} does not wield {cmd.weapon or 'a melee weapon'}",
                               "no_weapon")], None
    thrown = bool(getattr(cmd, "thrown", False))
    if thrown and not w.has("thrown"):
        vs.append(Violation(f"{w.name} cannot be thrown", "not_thrown"))
    if isinstance(cmd, FreeAttack) and w.kind != "melee":
        vs.append(Violation("a free attack uses a melee weapon", "not_melee"))
    ranged = w.kind == "ranged" or thrown
    option = _effective_option(state, rs, cmd, w, thrown)
    if option and option not in (RANGED_OPTIONS if ranged else MELEE_OPTIONS):
        kind = "ranged" if ranged else "melee"
        vs.append(Violation(f"{option!r} is not a {kind} attack option", "bad_option"))
    if ranged and cmd.option and cmd.option != "distant":
        if distance(state, rs, cmd.attacker, cmd.target) > w.range_yd:
            vs.append(Violation(f"{t.name} is beyond {w.name}'s range: only a distant shot "
                                f"reaches", "option_range"))
    if w.has("reload") and w.id in c.data.get("unloaded", ()):
        vs.append(Violation(f"{w.name} must be reloaded first", "unloaded"))
    if option == "called" and not t.definition.physical_body:
        vs.append(Violation(f"{t.name} has no physical body for a called shot", "no_body"))
    guess = getattr(cmd, "guess", None)
    if hidden_from(state, cmd.target, cmd.attacker) and guess is None:
        vs.append(Violation(f"{t.name} is hidden: guess its square (3 banes)", "hidden"))
    elif guess is not None and not hidden_from(state, cmd.target, cmd.attacker):
        # Seed SotDL: Hide: only a creature that cannot be perceived is guessed at (3 banes)
        vs.append(Violation(f"{t.name} is not hidden from {c.name}: attack it without a guess",
                            "not_hidden"))
    elif guess is not None and not state.battlefield.in_bounds(square_of(guess)):
        vs.append(Violation(f"the guess {list(guess)[:2]} is off the battlefield", "off_map"))
    words = typed_word_violations(attribute=getattr(cmd, "attribute", ""))
    if words:
        return vs + words, None
    roll = weapon_roll(state, rs, cmd.attacker, cmd.target, w, option, thrown=thrown,
                       attribute=getattr(cmd, "attribute", ""), obj=getattr(cmd, "object", ""),
                       guess=guess is not None, part_of=part_of,
                       action="free_attack" if isinstance(cmd, FreeAttack) else "attack")
    vs += rs.check_target(state, roll)
    return vs, roll


def _v_attack(state: EncounterState, cmd: Attack, rs: Ruleset) -> list[Violation]:
    return _v_weapon_attack(state, cmd, rs, cmd.part_of)[0]


def _r_attack(ctx: Context, cmd: Attack) -> None:
    vs, roll = _v_weapon_attack(ctx.state, cmd, ctx.ruleset, cmd.part_of)
    assert roll is not None
    spend(ctx, cmd.attacker, "attack", cmd.part_of)
    resolve_weapon_attack(ctx, roll, guess=cmd.guess, obj=cmd.object,
                          called_effect=cmd.called_effect, thrown=cmd.thrown)


def _v_free(state: EncounterState, cmd: FreeAttack, rs: Ruleset) -> list[Violation]:
    return _v_weapon_attack(state, cmd, rs, "free")[0]


def _r_free(ctx: Context, cmd: FreeAttack) -> None:
    """Seed SotDL: Free Attack: a triggered action, a melee weapon attack."""
    _, roll = _v_weapon_attack(ctx.state, cmd, ctx.ruleset, "free")
    assert roll is not None
    ctx.emit(TriggeredActionUsed(cmd.attacker, "free attack"))
    resolve_weapon_attack(ctx, roll)


def resolve_weapon_attack(ctx: Context, roll: RollContext, *, guess: Square | None = None,
                          obj: str = "", called_effect: str = "", thrown: bool = False) -> bool:
    """Roll, deal damage on a hit, then the option's effect. Returns True on a hit."""
    rs = ctx.ruleset
    a, t = ctx.state.creatures[roll.roller], ctx.state.creatures[roll.target]
    w = pick_weapon(rs, a, roll.weapon) or pick_weapon(rs, a, "")
    assert w is not None
    label = f"{w.name} vs {t.name}" + (f" ({roll.option})" if roll.option else "")
    r = attack_roll(ctx, roll, label)
    hit = r.success
    if hit and guess is not None and square_of(guess) not in t.body.squares():
        ctx.note(f"{a.name} guessed wrong: {t.name} is not at {square_of(guess)}", a.id)
        hit = False
    if roll.option == "guarded":
        afflict(ctx, a.id, timed("guarded", a.id, ctx.state.round), "guarded attack")
    if w.has("reload"):
        ctx.emit(WeaponUnloaded(a.id, w.id))
    if thrown:
        ctx.emit(ItemDropped(a.id, w.id, f"thrown at {t.name}"))
    if a.has("hidden"):
        ctx.emit(AfflictionEnded(a.id, "hidden", "", "attacked"))
    if not hit:
        return False
    dmg = damage_roll(ctx, a.id, t.id, w.damage, w.name)
    if obj:
        ctx.emit(ObjectAttacked(a.id, t.id, obj, dmg))
    else:
        deal_damage(ctx, t.id, dmg, a.id)
    option_effect(ctx, a.id, t.id, roll.option, called_effect)
    return True


def option_effect(ctx: Context, aid: str, tid: str, option: str, called_effect: str = "") -> None:
    """What a successful attack option does (Seed SotDL: Melee/Ranged Attack Options)."""
    st = ctx.state
    a, t = st.creatures[aid], st.creatures[tid]
    if option == "shifting":
        afflict(ctx, aid, timed("shifting", tid, st.round), f"no free attacks from {t.name}")
    elif option in ("unbalancing", "staggering") and t.in_fight:
        if size(t) <= size(a) and not t.has("prone"):
            r = challenge_roll(ctx, tid, "agility", f"keep footing ({option})", resisting=aid)
            if not r.success:
                afflict(ctx, tid, timed("prone", aid, None), f"{option} attack")
    elif option == "called":
        ctx.emit(ActivityDone(aid, "called shot", called_effect or "the GM decides the effect"))
    elif option == "driving" and t.in_fight:
        drive(ctx, aid, tid)


def drive(ctx: Context, aid: str, tid: str) -> None:
    """Seed SotDL: Driving Attack: attacker and target move Strength-modifier yards, same way."""
    rs = ctx.ruleset
    a = ctx.state.creatures[aid]
    yards = modifier(a, "strength")
    if yards <= 0:
        ctx.note(f"{a.name}'s Strength modifier is {yards}: the drive moves nobody", aid)
        return
    t0 = ctx.state.creatures[tid].body.square
    steps = rs.hooks["forced_path"](ctx.state, rs, tid, a.body.square, yards)
    mode = WalkMode("driving", False, uses_budget=False, willing=False)
    done = walk(ctx, tid, steps, mode)
    moved = steps[: done.index]
    if not moved:
        return
    from game.rules.engine import Step

    dx, dy = moved[-1].square[0] - t0[0], moved[-1].square[1] - t0[1]
    ax, ay = a.body.square
    n = len(moved)
    follow = tuple(
        Step((ax + round(dx * (i + 1) / n), ay + round(dy * (i + 1) / n)), None, 1.0, "forced")
        for i in range(n)
    )
    walk(ctx, aid, follow, WalkMode("driving", False, uses_budget=False, willing=False))


# --- two weapons, items, spells ----------------------------------------------------------------


def _two(state: EncounterState, rs: Ruleset, cmd: TwoWeaponAttack
         ) -> tuple[list[Violation], WeaponDef | None, WeaponDef | None]:
    vs = need_creature(state, cmd.attacker, cmd.target)
    if cmd.second_target:
        vs += need_creature(state, cmd.second_target)
    if vs:
        return vs, None, None
    vs = action_violations(state, cmd.attacker, cmd.part_of)
    c = state.creatures[cmd.attacker]
    held = [w for w in held_weapons(rs, c) if not w.has("natural")]
    # by position, not identity: a rogue's two daggers are the same WeaponDef
    i_main = next((i for i, w in enumerate(held) if w.id == cmd.main), None) if cmd.main else (
        0 if held else None)
    main = held[i_main] if i_main is not None else None
    rest = held[:i_main] + held[i_main + 1:] if i_main is not None else held
    off = next((w for w in rest if w.id == cmd.off), None) if cmd.off else (
        rest[0] if rest else None)
    if main is None or off is None:
        return vs + [Violation(f"{c.name} is not wielding a weapon in each hand",
                               "two_weapons")], None, None
    for w in (main, off):
        if w.has("cumbersome"):
            vs.append(Violation(f"{w.name} is cumbersome: no two-weapon attack", "cumbersome"))
        if w.has("two_handed"):
            vs.append(Violation(f"{w.name} needs both hands", "two_handed"))
    n = -int(rs.param("two_weapons.one_target_banes", 2)) if not cmd.second_target else \
        -int(rs.param("two_weapons.two_targets_banes", 3))
    tm = Modifier("two-weapon attack" + (", two targets" if cmd.second_target else ""),
                  boons=n, source="two_weapons")
    vs += rs.check_target(state, weapon_roll(state, rs, cmd.attacker, cmd.target, main, "",
                                             extra=(tm,)))
    if cmd.second_target:
        vs += rs.check_target(state, weapon_roll(state, rs, cmd.attacker, cmd.second_target,
                                                 off, "", extra=(tm,)))
    return vs, main, off


def _r_two(ctx: Context, cmd: TwoWeaponAttack) -> None:
    """Seed SotDL: Attack with Two Weapons."""
    st, rs = ctx.state, ctx.ruleset
    _, main, off = _two(st, rs, cmd)
    assert main is not None and off is not None
    spend(ctx, cmd.attacker, "two-weapon attack", cmd.part_of)
    if main.has("defensive") or off.has("defensive"):
        ctx.emit(CreatureDataSet(cmd.attacker, "shield_lost_round", st.round))
    pre = prepared_mods(rs, cmd.part_of)
    if not cmd.second_target:
        tm = Modifier("two-weapon attack",
                      boons=-int(rs.param("two_weapons.one_target_banes", 2)), source="two_weapons")
        roll = weapon_roll(ctx.state, rs, cmd.attacker, cmd.target, main, "", extra=(tm,) + pre)
        r = attack_roll(ctx, roll, f"{main.name} + {off.name} vs "
                        f"{st.creatures[cmd.target].name}")
        if r.success:
            dmg = damage_roll(ctx, cmd.attacker, cmd.target, main.damage, "two weapons",
                              extra=off.off_hand_damage or off.damage)
            deal_damage(ctx, cmd.target, dmg, cmd.attacker)
        return
    tm = Modifier("two-weapon attack, two targets",
                  boons=-int(rs.param("two_weapons.two_targets_banes", 3)), source="two_weapons")
    for w, tid in ((main, cmd.target), (off, cmd.second_target)):
        if not ctx.state.creatures[tid].in_fight:
            continue
        roll = weapon_roll(ctx.state, rs, cmd.attacker, tid, w, "", extra=(tm,) + pre)
        resolve_weapon_attack(ctx, roll)


def _v_two(state: EncounterState, cmd: TwoWeaponAttack, rs: Ruleset) -> list[Violation]:
    return _two(state, rs, cmd)[0]


def _generic_roll(state: EncounterState, cmd: ItemAttack | SpellAttack, tid: str, attribute: str,
                  target_attribute: str, range_yd: int, action: str) -> RollContext:
    base = (Modifier("prepared", boons=1, source="prepared"),) if cmd.part_of == "prepared" \
        else ()  # Seed SotDL: Prepare: 1 boon
    tags = frozenset({f"range:{range_yd}"}) if range_yd else frozenset({"no_range_check"})
    return RollContext(cmd.attacker, "attack", attribute, tid, target_attribute, action,
                       ranged=bool(range_yd), tags=tags, base=base)


def _v_item(state: EncounterState, cmd: ItemAttack, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.attacker, cmd.target) or action_violations(
        state, cmd.attacker, cmd.part_of)
    vs += typed_word_violations(attribute=cmd.attribute, target_attribute=cmd.target_attribute,
                                damage=cmd.damage)
    if vs:
        return vs
    roll = _generic_roll(state, cmd, cmd.target, cmd.attribute, cmd.target_attribute,
                         cmd.range_yd, "item")
    return rs.check_target(state, replace(roll, tags=roll.tags | {"no_range_check"})
                           if not cmd.range_yd else roll)


def _r_item(ctx: Context, cmd: ItemAttack) -> None:
    """Seed SotDL: Attack with an Item."""
    spend(ctx, cmd.attacker, f"attack with {cmd.item}", cmd.part_of)
    roll = _generic_roll(ctx.state, cmd, cmd.target, cmd.attribute, cmd.target_attribute,
                         cmd.range_yd, "item")
    r = attack_roll(ctx, roll, f"{cmd.item} vs {ctx.state.creatures[cmd.target].name}")
    if r.success and cmd.damage:
        deal_damage(ctx, cmd.target, damage_roll(ctx, cmd.attacker, cmd.target, cmd.damage,
                                                 cmd.item), cmd.attacker)


def _v_spell(state: EncounterState, cmd: SpellAttack, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.attacker, *cmd.targets) or action_violations(
        state, cmd.attacker, cmd.part_of)
    if not cmd.targets:
        vs.append(Violation("a spell attack needs at least one target", "no_target"))
    vs += typed_word_violations(attribute=cmd.attribute, target_attribute=cmd.target_attribute,
                                damage=cmd.damage, resist=cmd.resist)
    if vs:
        return vs
    for tid in cmd.targets:  # Seed SotDL: Totally Covered: no target "for any attack or effect"
        roll = _generic_roll(state, cmd, tid, cmd.attribute, cmd.target_attribute,
                             cmd.range_yd, "spell")
        vs += rs.check_target(state, roll)
    return vs


def _r_spell(ctx: Context, cmd: SpellAttack) -> None:
    """Seed SotDL: Attack with a Spell (abstract): an attack roll against each target."""
    spend(ctx, cmd.attacker, f"cast {cmd.spell}", cmd.part_of)
    for tid in cmd.targets:
        if not ctx.state.creatures[tid].in_fight:
            continue
        if cmd.resist:
            r = challenge_roll(ctx, tid, cmd.resist, f"resist {cmd.spell}", action="resist",
                               resisting=cmd.attacker)
            if r.success:
                continue
        else:
            roll = _generic_roll(ctx.state, cmd, tid, cmd.attribute, cmd.target_attribute,
                                 cmd.range_yd, "spell")
            r = attack_roll(ctx, roll, f"{cmd.spell} vs {ctx.state.creatures[tid].name}")
            if not r.success:
                continue
        if cmd.damage:
            deal_damage(ctx, tid, damage_roll(ctx, cmd.attacker, tid, cmd.damage, cmd.spell),
                        cmd.attacker)
        if cmd.affliction and ctx.state.creatures[tid].in_fight:
            until = ctx.state.round + cmd.rounds if cmd.rounds > 0 else None
            afflict(ctx, tid, timed(cmd.affliction, cmd.attacker, until), cmd.spell)
    if ctx.state.creatures[cmd.attacker].has("hidden"):
        ctx.emit(AfflictionEnded(cmd.attacker, "hidden", "", "cast a spell"))


def register(rs: Ruleset) -> None:
    """The attack actions."""
    rs.register_action(Attack, _v_attack, _r_attack)
    rs.register_action(FreeAttack, _v_free, _r_free)
    rs.register_action(TwoWeaponAttack, _v_two, _r_two)
    rs.register_action(ItemAttack, _v_item, _r_item)
    rs.register_action(SpellAttack, _v_spell, _r_spell)
    _ = cannot_act
