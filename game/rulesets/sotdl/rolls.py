"""SotDL rolls: d20 + attribute modifier, boons and banes cancel, the highest boon d6 counts.

Seed SotDL (and the issue): challenge rolls succeed on 10 or more; attack rolls on reaching
the target number (Defense or an attribute score).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.rules.engine import (
    AfflictionEnded,
    Command,
    CommandRecord,
    Context,
    DieRoll,
    EncounterState,
    ManualDice,
    NeedInput,
    Rejected,
    RollContext,
    Ruleset,
)
from game.rules.engine.dice import parse_dice
from game.rules.modifiers import Modifier, net_boons, net_flat
from game.rulesets.sotdl.common import modifier, target_number
from game.rulesets.sotdl.events import DamageRolled, RollMade
from game.rulesets.sotdl.modifiers import consumed_by


class PreviewReady(Exception):
    """Raised by d20_roll in a preview context: the first roll's facts, before any die."""

    def __init__(self, info: dict[str, Any]) -> None:
        super().__init__(info.get("label", ""))
        self.info = info


def roll_preview(state: EncounterState, rs: Ruleset, cmd: Command) -> dict[str, Any]:
    """Query 'roll_preview': is the command legal, and its first roll's modifiers with reasons
    and target number, without rolling anything (what the GM reads before committing)."""
    action = rs.action_for(cmd)
    if action is None:
        return {"legal": False, "violations": [f"{type(cmd).__name__} is not a command here"]}
    vs = action.validate(state, cmd, rs)
    if vs:
        return {"legal": False, "violations": [v.reason for v in vs]}
    ctx = Context(rs, state, ManualDice(), CommandRecord(cmd, state), 0)
    ctx.preview = True  # type: ignore[attr-defined]
    try:
        action.resolve(ctx, cmd)
    except PreviewReady as ready:
        return {"legal": True, "violations": [], "roll": ready.info}
    except Rejected as rej:
        return {"legal": False, "violations": [v.reason for v in rej.violations]}
    except NeedInput:
        pass  # a question or a die before any d20 roll
    return {"legal": True, "violations": [], "roll": None}


def boon_die(dice: tuple[DieRoll, ...], net: int) -> int:
    """The highest of the boon/bane d6s, signed (Seed SotDL: boons and banes).

    >>> boon_die((DieRoll(6, 2), DieRoll(6, 5)), -2)
    -5
    """
    if not net or not dice:
        return 0
    best = max(d.value for d in dice)
    return best if net > 0 else -best


def d20_roll(ctx: Context, roll: RollContext, number: int, label: str,
             extra: tuple[Modifier, ...] = ()) -> RollMade:
    """One d20 roll with every modifier from the ruleset; emit RollMade; use up one-use boons."""
    st = ctx.state
    rs = ctx.ruleset
    if extra:
        roll = replace(roll, base=roll.base + extra)
    mods = ctx.modifiers(roll)
    used = consumed_by(st, roll, rs)
    net = net_boons(mods)
    who = st.creatures[roll.roller]
    if getattr(ctx, "preview", False):  # roll_preview: stop here and tell
        raise PreviewReady({
            "label": label, "roller": roll.roller, "kind": roll.kind,
            "attribute": roll.attribute,
            "attribute_modifier": modifier(who, roll.attribute) if roll.attribute else 0,
            "target": roll.target, "target_attribute": roll.target_attribute,
            "target_number": number, "net_boons": net, "flat": net_flat(mods),
            "modifiers": mods,
        })
    d20 = ctx.roll(20, 1, f"{who.name}: {label}", asked_of=roll.roller)
    d6s = ctx.roll(6, abs(net), f"{who.name}: {abs(net)} {'boon' if net > 0 else 'bane'} dice",
                   asked_of=roll.roller) if net else ()
    attr_mod = modifier(who, roll.attribute) if roll.attribute else 0
    bd = boon_die(d6s, net)
    flat = net_flat(mods)
    total = d20[0].value + attr_mod + bd + flat
    ev = RollMade(
        roller=roll.roller, kind=roll.kind, label=label, attribute=roll.attribute,
        attribute_modifier=attr_mod, target_number=number, total=total,
        success=total >= number, dice=d20 + d6s, net_boons=net, boon_die=bd, flat=flat,
        target=roll.target, target_attribute=roll.target_attribute, action=roll.action,
        modifiers=mods,
    )
    ctx.emit(ev)
    for cid, name, src in used:
        ctx.emit(AfflictionEnded(cid, name, src, "used on this roll"))
    return ev


def attack_roll(ctx: Context, roll: RollContext, label: str) -> RollMade:
    """An attack roll against the target's ``roll.target_attribute`` (Defense or a score)."""
    number = target_number(ctx.state, ctx.ruleset, roll.target, roll.target_attribute)
    return d20_roll(ctx, roll, number, label)


def challenge_roll(ctx: Context, cid: str, attribute: str, label: str, *, action: str = "",
                   resisting: str = "", base: tuple[Modifier, ...] = ()) -> RollMade:
    """A challenge roll: d20 + attribute modifier (+ boons) succeeds on 10 or more."""
    roll = RollContext(cid, "challenge", attribute, action=action, resisting=resisting, base=base)
    return d20_roll(ctx, roll, int(ctx.ruleset.param("challenge_target", 10)), label)


def damage_roll(ctx: Context, attacker: str, target: str, expression: str, source: str,
                extra: str = "") -> int:
    """Roll damage dice (plus an extra expression, two-weapon off hand) and emit DamageRolled."""
    total = 0
    dice: tuple[DieRoll, ...] = ()
    bonus = 0
    exprs = [e for e in (expression, extra) if e]
    for e in exprs:
        d = parse_dice(e)
        rolled = ctx.roll(d.sides, d.count, f"damage {e} ({source})", asked_of=attacker) \
            if d.count else ()
        dice += rolled
        bonus += d.bonus
        total += sum(x.value for x in rolled) + d.bonus
    total = max(0, total)
    ctx.emit(DamageRolled(attacker, target, " + ".join(exprs), dice, bonus, total, source))
    return total
