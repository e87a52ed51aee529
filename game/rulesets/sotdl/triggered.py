"""Seed SotDL: Triggered Actions, Free Attack, Prepare (the triggers).

``offer_free_attack`` and ``fire_prepared`` are what movement's step checkers call. The two
step checkers here (``free_attack``, ``prepared_trigger``) are INTERIM: movement*.py replaces
them (same names) with the real reach geometry.
"""
from __future__ import annotations

from dataclasses import fields, replace

from game.rules.engine import (
    Command,
    Context,
    EffectEnded,
    EncounterState,
    Ruleset,
    Step,
    WalkState,
    decode,
)
from game.rules.engine.walk import square_of
from game.rulesets.sotdl.commands import FreeAttack
from game.rulesets.sotdl.common import cannot_act, cannot_move, pick_weapon


def _blockers(state: EncounterState, rs: Ruleset, attacker: str, target: str) -> str | None:
    a, t = state.creatures[attacker], state.creatures[target]
    if not a.in_fight or not t.in_fight:
        return "out of the fight"
    why = cannot_act(a)
    if why:
        return why
    if a.turn.triggered_used:
        return f"{a.name} has used its triggered action this round"
    if pick_weapon(rs, a, "", melee=True) is None:
        return f"{a.name} wields no melee weapon"
    for x in t.afflictions:
        if x.name in ("shifting", "feinted") and x.source == attacker:
            return f"{t.name}'s {x.name} protects it from {a.name}"
    return None


def free_attack_blockers(ctx: Context, attacker: str, target: str) -> str | None:
    """Why ``attacker`` cannot take a free attack against ``target`` now (None: it can)."""
    return _blockers(ctx.state, ctx.ruleset, attacker, target)


def free_attack_refusal(state: EncounterState, rs: Ruleset, attacker: str, target: str
                        ) -> str | None:
    """Why the free attack would not be legal in ``state`` (None: it would): the trigger's
    conditions, then the attack's own checks (Seed SotDL: Totally Covered: "cannot be a target
    for any attack"; a hidden target). Pure: path previews ask it of a hypothetical state."""
    why = _blockers(state, rs, attacker, target)
    if why:
        return why
    vs = rs.validate(state, FreeAttack(attacker, target))
    return vs[0].reason if vs else None


def offer_free_attack(ctx: Context, attacker: str, target: str, *, reason: str = "") -> bool:
    """Ask the attacker's side whether it takes the free attack; perform it. True if taken.

    An attack that would be illegal (total cover ...) is neither asked nor made."""
    if free_attack_refusal(ctx.state, ctx.ruleset, attacker, target):
        return False
    st = ctx.state
    a, t = st.creatures[attacker], st.creatures[target]
    prompt = f"{t.name} leaves {a.name}'s reach" + (f" ({reason})" if reason else "") + \
        f": does {a.name} take a free attack?"
    choice = ctx.ask("free_attack", prompt, [("attack", f"{a.name} attacks {t.name}"),
                                             ("decline", "let it go")], asked_of=attacker,
                     data=(("attacker", attacker), ("target", target)))
    if choice != "attack":
        return False
    return not ctx.perform_reaction(FreeAttack(attacker, target))


def prepared_command(state: EncounterState, effect_id: str, trigger_by: str = "") -> Command:
    """The prepared activity as it would be performed: the trigger's creature as its target
    when it names none, as a prepared (triggered) activity."""
    e = state.effects[effect_id]
    cmd = decode(e.get("activity"))
    names = {f.name for f in fields(cmd)}
    if trigger_by and "target" in names and not cmd.target:
        cmd = replace(cmd, target=trigger_by)
    if "part_of" in names:
        cmd = replace(cmd, part_of="prepared")
    return cmd


def prepared_refusal(state: EncounterState, rs: Ruleset, effect_id: str, trigger_by: str = ""
                     ) -> str | None:
    """Why the prepared activity could not happen in ``state`` (None: it could). Pure."""
    e = state.effects.get(effect_id)
    if e is None or e.owner not in state.creatures:
        return "the prepared action is over"
    owner = state.creatures[e.owner]
    why = cannot_act(owner)
    if why:
        return why
    if owner.turn.triggered_used:
        return f"{owner.name} has used its triggered action this round"
    vs = rs.validate(state, prepared_command(state, effect_id, trigger_by))
    return vs[0].reason if vs else None


def fire_prepared(ctx: Context, effect_id: str, trigger_by: str = "") -> bool:
    """Perform a prepared activity as a triggered action (1 boon on its roll); end the effect."""
    e = ctx.state.effects.get(effect_id)
    if e is None:
        return False
    owner = ctx.state.creatures[e.owner]
    if cannot_act(owner) or owner.turn.triggered_used:
        return False
    cmd = prepared_command(ctx.state, effect_id, trigger_by)
    vs = ctx.validate(cmd)
    if vs:  # the prepared activity cannot happen now: say why, and do not stop what triggered it
        ctx.note(f"{owner.name} cannot act on the prepared trigger: {vs[0].reason}", owner.id)
        return False
    ctx.emit(EffectEnded(effect_id, f"triggered{' by ' + trigger_by if trigger_by else ''}"))
    return not ctx.perform_reaction(cmd)


def _reach(ctx: Context, cid: str) -> float:
    rs = ctx.ruleset
    return float(rs.hooks["reach_yd"](ctx.state, rs, cid, "", ""))


def _dist_at(ctx: Context, mover: str, square: tuple[int, int], other: str) -> float:
    rs = ctx.ruleset
    return float(rs.hooks["distance_from"](ctx.state, rs, mover, square, other))


def free_attack_checker(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """INTERIM before-step checker: leaving an enemy's reach willingly offers it a free attack."""
    if not ws.mode.provokes_free_attacks or not ws.mode.willing:
        return None
    st = ctx.state
    mover = ws.mover
    here = st.creatures[mover].body.square
    for e in list(st.creatures.values()):
        if e.id == mover or not e.in_fight or not st.hostile(mover, e.id):
            continue
        if e.id in ws.mode.no_free_attacks_from:
            continue
        r = _reach(ctx, e.id)
        there = square_of(step.square)
        if _dist_at(ctx, mover, here, e.id) <= r < _dist_at(ctx, mover, there, e.id):
            offer_free_attack(ctx, e.id, mover, reason=f"moving to {square_of(step.square)}")
            why = cannot_move(ctx.state.creatures[mover])
            if why:
                return why
            if ctx.state.creatures[mover].has("prone"):
                return f"{ctx.state.creatures[mover].name} is knocked prone"
    return None


def prepared_checker(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """INTERIM after-step checker: an enemy entering reach fires an 'enemy_enters_reach' prepare."""
    st = ctx.state
    mover = ws.mover
    for e in list(st.effects.values()):
        if e.name != "prepared" or e.get("trigger") != "enemy_enters_reach":
            continue
        if e.owner not in st.creatures or not st.hostile(e.owner, mover):
            continue
        r = _reach(ctx, e.owner)
        if _dist_at(ctx, mover, ws.from_square, e.owner) > r >= _dist_at(
                ctx, mover, square_of(step.square), e.owner):
            owner = st.creatures[e.owner]
            if prepared_refusal(ctx.state, ctx.ruleset, e.id, mover):
                continue  # an activity that could not happen is not offered
            choice = ctx.ask("prepared_trigger",
                             f"{st.creatures[mover].name} moves into {owner.name}'s reach: "
                             f"{owner.name} uses the prepared action?",
                             [("fire", "act now"), ("hold", "wait")], asked_of=e.owner)
            if choice == "fire":
                fire_prepared(ctx, e.id, mover)
                c = ctx.state.creatures[mover]
                why = cannot_move(c) or ("knocked prone" if c.has("prone") else None)
                if why:
                    return why
    return None


def register(rs: object) -> None:
    """Register the interim step checkers."""
    rs.register_step_checker("free_attack", free_attack_checker, when="before")  # type: ignore[attr-defined]
    rs.register_step_checker("prepared_trigger", prepared_checker, when="after")  # type: ignore[attr-defined]
