"""The GM's hand: damage, healing, afflictions, Insanity, surrender and flight (end of combat)."""
from __future__ import annotations

from typing import Any

from game.rules.engine import (
    AfflictionEnded,
    AfflictionGained,
    Context,
    EncounterState,
    Ruleset,
    StatusChanged,
    Violation,
)
from game.rulesets.sotdl.commands import (
    AdjustRoll,
    Afflict,
    Cure,
    DealDamage,
    Flee,
    GainInsanity,
    Heal,
    Surrender,
)
from game.rulesets.sotdl.common import need_creature
from game.rulesets.sotdl.health import afflict, deal_damage, gain_insanity, grabs_in_reach, heal
from game.rulesets.sotdl.modifiers import timed

KNOWN_AFFLICTIONS = (
    "prone", "grabbed", "immobilized", "surprised", "dazed", "stunned", "unconscious",
    "defended", "hidden", "concentrating", "injured", "incapacitated", "dying", "distracted",
    "helped", "charging", "guarded", "shifting", "feint", "feinted",
)


def _v_creature(state: EncounterState, cmd: Any, rs: Ruleset) -> list[Violation]:
    cid = cmd.creature
    c = state.creatures.get(cid)
    if c is None:
        return [Violation(f"there is no creature {cid!r}", "unknown_creature")]
    amount = getattr(cmd, "amount", 1)
    if amount < 0:
        return [Violation("the amount cannot be negative", "negative")]
    return []


def _v_afflict(state: EncounterState, cmd: Afflict, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if not vs and not cmd.affliction:
        vs.append(Violation("name the affliction", "no_affliction"))
    return vs


def _r_afflict(ctx: Context, cmd: Afflict) -> None:
    """GM: an affliction for N rounds (1 round: until the end of the next round)."""
    r = ctx.state.round
    until = None if cmd.rounds == 0 else r if cmd.rounds < 0 else r + cmd.rounds
    afflict(ctx, cmd.creature, timed(cmd.affliction, cmd.source or "gm", until), "the GM")


def _v_cure(state: EncounterState, cmd: Cure, rs: Ruleset) -> list[Violation]:
    vs = need_creature(state, cmd.creature)
    if not vs and not state.creatures[cmd.creature].has(cmd.affliction):
        vs.append(Violation(f"{state.creatures[cmd.creature].name} is not {cmd.affliction}",
                            "not_afflicted"))
    return vs


def _v_leave(state: EncounterState, cmd: Surrender | Flee, rs: Ruleset) -> list[Violation]:
    if cmd.side:
        if cmd.side not in {s.id for s in state.sides}:
            return [Violation(f"there is no side {cmd.side!r}", "unknown_side")]
        return []
    return need_creature(state, cmd.creature)


def _r_leave(ctx: Context, cmd: Surrender | Flee) -> None:
    """Seed SotDL: End of the Round: all creatures on one side surrender, flee or lie dead."""
    status = "surrendered" if isinstance(cmd, Surrender) else "fled"
    ids = [c.id for c in ctx.state.in_fight() if c.side == cmd.side] if cmd.side \
        else [cmd.creature]
    for cid in ids:
        ctx.emit(StatusChanged(cid, status, "the GM"))


def _r_adjust(ctx: Context, cmd: AdjustRoll) -> None:
    """GM override: a boon or bane, with the GM's reason, on the creature's next roll."""
    st = ctx.state
    n = sum(1 for x in st.creatures[cmd.creature].afflictions if x.name == "gm_adjust")
    a = timed("gm_adjust", f"gm{n + 1}", st.round, boons=cmd.boons, reason=cmd.reason)
    ctx.emit(AfflictionGained(cmd.creature, a, cmd.reason))


def register(rs: Ruleset) -> None:
    """GM commands."""
    rs.register_action(AdjustRoll, _v_creature, _r_adjust)
    rs.register_action(DealDamage, _v_creature,
                       lambda ctx, c: deal_damage(ctx, c.creature, c.amount, c.reason or "gm"))
    rs.register_action(Heal, _v_creature,
                       lambda ctx, c: heal(ctx, c.creature, c.amount, c.reason or "gm"))
    rs.register_action(GainInsanity, _v_creature,
                       lambda ctx, c: gain_insanity(ctx, c.creature, c.amount))
    rs.register_action(Afflict, _v_afflict, _r_afflict)
    rs.register_action(Cure, _v_cure, lambda ctx, c: ctx.emit(
        AfflictionEnded(c.creature, c.affliction, "", "the GM")))
    rs.register_action(Surrender, _v_leave, _r_leave)
    rs.register_after_command("grabs_in_reach", grabs_in_reach)
    rs.register_action(Flee, _v_leave, _r_leave)
