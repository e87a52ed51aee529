"""Seed SotDL: Awareness & Surprise, Anatomy of a Round, End of the Round, end of combat."""
from __future__ import annotations

from collections.abc import Callable

from game.rules.engine import (
    AfflictionEnded,
    CombatEnded,
    CombatStarted,
    Context,
    DieRoll,
    EffectEnded,
    EncounterState,
    Phase,
    RoundStarted,
    Ruleset,
    TurnEnded,
    Violation,
    advance_phase,
)
from game.rules.engine.derived import sides_in_fight
from game.rulesets.sotdl.commands import (
    BeginCombat,
    EndRound,
    EndTurn,
    RollForOrder,
    StartTurn,
    Surprise,
)
from game.rulesets.sotdl.common import (
    END,
    FAST_GM,
    FAST_PLAYERS,
    PHASE_ORDER,
    SLOW_GM,
    SLOW_PLAYERS,
    is_player,
    start_turn,
    turn_start_violations,
)
from game.rulesets.sotdl.events import OrderRolled
from game.rulesets.sotdl.health import afflict, fate_roll
from game.rulesets.sotdl.modifiers import timed
from game.rulesets.sotdl.rolls import challenge_roll


def _v_begin(state: EncounterState, cmd: BeginCombat, rs: Ruleset) -> list[Violation]:
    if state.round > 0:
        return [Violation("the combat has already begun", "started")]
    ids = {s.id for s in state.sides}
    return [Violation(f"there is no side {s!r}", "unknown_side") for s in cmd.surprise
            if s not in ids]


def _r_begin(ctx: Context, cmd: BeginCombat) -> None:
    ctx.emit(CombatStarted())
    for side in cmd.surprise:
        surprise_rolls(ctx, side)
    ctx.emit(RoundStarted(1, FAST_PLAYERS))


def _v_surprise(state: EncounterState, cmd: Surprise, rs: Ruleset) -> list[Violation]:
    if cmd.side not in {s.id for s in state.sides}:
        return [Violation(f"there is no side {cmd.side!r}", "unknown_side")]
    if state.round > 1:
        return [Violation("surprise is only possible as the combat begins", "too_late")]
    return []


def surprise_rolls(ctx: Context, side: str) -> None:
    """Seed SotDL: each creature on the side makes a Perception challenge; failure: surprised."""
    for c in list(ctx.state.in_fight()):
        if c.side != side:
            continue
        r = challenge_roll(ctx, c.id, "perception", "surprise (Perception)", action="surprise")
        if not r.success:
            afflict(ctx, c.id, timed("surprised", "surprise", 1), "failed the surprise roll")


def _v_start(state: EncounterState, cmd: StartTurn, rs: Ruleset) -> list[Violation]:
    vs = turn_start_violations(state, cmd.creature, cmd.kind)
    if not vs and state.active == cmd.creature:
        vs = [Violation("that turn is already going on", "active")]
    return vs


def _r_start(ctx: Context, cmd: StartTurn) -> None:
    start_turn(ctx, cmd.creature, cmd.kind, ctx.ruleset)


def _v_end_turn(state: EncounterState, cmd: EndTurn, rs: Ruleset) -> list[Violation]:
    if state.active is None:
        return [Violation("no turn is going on", "no_turn")]
    if cmd.creature and cmd.creature != state.active:
        name = state.creatures[state.active].name
        return [Violation(f"it is {name}'s turn, not {cmd.creature}'s", "not_turn")]
    return []


def _r_end_turn(ctx: Context, cmd: EndTurn) -> None:
    assert ctx.state.active is not None
    ctx.emit(TurnEnded(ctx.state.active))


def _v_end_round(state: EncounterState, cmd: EndRound, rs: Ruleset) -> list[Violation]:
    if state.round < 1:
        return [Violation("the combat has not begun (begin_combat)", "not_started")]
    if state.over:
        return [Violation("the combat is over", "over")]
    return []


def _r_end_round(ctx: Context, cmd: EndRound) -> None:
    if ctx.state.active:
        ctx.emit(TurnEnded(ctx.state.active))
    r = ctx.state.round
    while ctx.state.round == r and not ctx.state.over:
        advance_phase(ctx)


def _part(kind: str, players: bool) -> Callable[[EncounterState, str], list[Violation]]:
    """Seed SotDL: Anatomy of a Round: in this part, the players' (or the GM's) creatures that
    have not taken a turn may take one of this kind."""
    def may_act(state: EncounterState, cid: str) -> list[Violation]:
        if is_player(state, cid) != players:
            who = "players'" if players else "GM's"
            return [Violation(f"these are the {who} {kind} turns", "phase")]
        return turn_start_violations(state, cid, kind)
    return may_act


def end_active_turn(ctx: Context) -> None:
    """Leaving a part of the round ends the turn going on."""
    if ctx.state.active:
        ctx.emit(TurnEnded(ctx.state.active))


def end_of_round(ctx: Context) -> None:
    """Seed SotDL: End of the Round: players' creatures' effects first, then the GM's."""
    st = ctx.state
    r = st.round
    if st.active:
        ctx.emit(TurnEnded(st.active))
    order = [c.id for c in st.creatures.values() if is_player(st, c.id)] + [
        c.id for c in st.creatures.values() if not is_player(st, c.id)
    ]
    for cid in order:
        c = ctx.state.creatures[cid]
        for a in c.afflictions:
            if a.expires_round is not None and a.expires_round <= r:
                ctx.emit(AfflictionEnded(cid, a.name, a.source, "duration over"))
        for e in list(ctx.state.effects.values()):
            if e.owner == cid and e.expires_round is not None and e.expires_round <= r:
                ctx.emit(EffectEnded(e.id, "duration over"))
                if e.concentration and any(  # its own duration may have ended it just above
                        a.name == "concentrating" and a.source == e.id
                        for a in ctx.state.creatures[cid].afflictions):
                    ctx.emit(AfflictionEnded(cid, "concentrating", e.id, "duration over"))
        c = ctx.state.creatures[cid]
        if c.in_fight and c.has("incapacitated"):
            fate_roll(ctx, cid)
    for e in list(ctx.state.effects.values()):  # effects with no owner left
        if e.owner not in ctx.state.creatures and e.expires_round is not None \
                and e.expires_round <= r:
            ctx.emit(EffectEnded(e.id, "duration over"))
    check_end_of_combat(ctx)


def check_end_of_combat(ctx: Context, cmd: object = None) -> None:
    """Seed SotDL: combat ends when all creatures on one side surrender, flee, or lie dead."""
    st = ctx.state
    if st.over or st.round < 1:
        return
    standing = sides_in_fight(st.creatures)
    if len(standing) >= len(st.sides):
        return
    gone = []
    for s in st.sides:
        if s.id in standing:
            continue
        fates = sorted({c.status for c in st.creatures.values() if c.side == s.id})
        gone.append(f"all of {s.name} {'/'.join(fates) or 'gone'}")
    winner = next(iter(standing)) if len(standing) == 1 else ""
    ctx.emit(CombatEnded("; ".join(gone), winner))


def _v_order(state: EncounterState, cmd: RollForOrder, rs: Ruleset) -> list[Violation]:
    bad = [c for c in cmd.creatures if c not in state.creatures]
    return [Violation(f"there is no creature {c!r}", "unknown_creature") for c in bad]


def _r_order(ctx: Context, cmd: RollForOrder) -> None:
    """Seed SotDL: each conflicting player rolls a d6, highest first; ties roll again."""
    all_dice: tuple[DieRoll, ...] = ()

    def rank(group: list[str], depth: int) -> list[str]:
        nonlocal all_dice
        if len(group) < 2 or depth > 5:  # after 5 ties in a row, the listed order stands
            return group
        dice = ctx.roll(6, len(group), "who goes first (d6 each)")
        all_dice += dice
        out: list[str] = []
        for v in sorted({d.value for d in dice}, reverse=True):
            tied = [c for c, d in zip(group, dice, strict=True) if d.value == v]
            out += rank(tied, depth + 1)
        return out

    order = rank(list(cmd.creatures), 0)
    ctx.emit(OrderRolled(tuple(cmd.creatures), all_dice, tuple(order)))


def turn_status(state: EncounterState, rs: Ruleset, cid: str) -> dict[str, object]:
    """Query 'turn_status': what a creature may still do this round (for the UI's panel)."""
    from game.rulesets.sotdl.common import auto_kind, cannot_act, cannot_move, own_turn_violations

    c = state.creatures[cid]
    t = c.turn
    return {
        "active": state.active == cid,
        "taken": t.taken,
        "kind": t.kind if t.taken else auto_kind(state, cid),
        "can_start": {k: not turn_start_violations(state, cid, k) for k in ("fast", "slow")},
        "why_no_turn": {k: [v.reason for v in turn_start_violations(state, cid, k)]
                        for k in ("fast", "slow")},
        "action": not own_turn_violations(state, cid, "action"),
        "move": not own_turn_violations(state, cid, "move"),
        "move_budget_yd": t.move_budget_yd if state.active == cid else float(
            0 if cannot_move(c) else c.definition.speed),
        "triggered": not t.triggered_used and cannot_act(c) is None,
        "minor_left": max(0, t.minor_allowed - t.minor_used) if state.active == cid else None,
        "why_not": [v.reason for v in own_turn_violations(state, cid, "action")],
    }


def register(rs: Ruleset) -> None:
    """The SotDL round: phases, turns, end of round, end of combat."""
    rs.register_query("turn_status", turn_status)
    from game.rulesets.sotdl.rolls import roll_preview

    rs.register_query("roll_preview", roll_preview)
    rs.set_phases([
        Phase(FAST_PLAYERS, "Fast turns: players", on_exit=end_active_turn,
              may_act=_part("fast", True)),
        Phase(FAST_GM, "Fast turns: GM", on_exit=end_active_turn, may_act=_part("fast", False)),
        Phase(SLOW_PLAYERS, "Slow turns: players", on_exit=end_active_turn,
              may_act=_part("slow", True)),
        Phase(SLOW_GM, "Slow turns: GM", on_exit=end_active_turn, may_act=_part("slow", False)),
        Phase(END, "End of the round", on_enter=end_of_round,
              may_act=lambda st, cid: [Violation("the round is ending", "phase")]),
    ])
    rs.register_query("who_may_act", lambda st, r: r.who_may_act(st))
    assert tuple(p.name for p in rs.phases) == PHASE_ORDER
    rs.register_action(BeginCombat, _v_begin, _r_begin)
    rs.register_action(Surprise, _v_surprise, lambda ctx, cmd: surprise_rolls(ctx, cmd.side))
    rs.register_action(StartTurn, _v_start, _r_start)
    rs.register_action(EndTurn, _v_end_turn, _r_end_turn)
    rs.register_action(EndRound, _v_end_round, _r_end_round)
    rs.register_action(RollForOrder, _v_order, _r_order)
    rs.register_after_command("end_of_combat", check_end_of_combat)
