"""Shared SotDL helpers: attributes, weapons, Defense, who can act or move, turns and actions."""
from __future__ import annotations

from game.rules.definitions import WeaponDef
from game.rules.engine import (
    ActionUsed,
    CombatStarted,
    Context,
    CreatureState,
    EncounterState,
    PhaseChanged,
    RoundStarted,
    Ruleset,
    TriggeredActionUsed,
    TurnEnded,
    TurnStarted,
    Violation,
    parse_dice,
)

FAST_PLAYERS, FAST_GM, SLOW_PLAYERS, SLOW_GM, END = (
    "fast_players", "fast_gm", "slow_players", "slow_gm", "end_of_round",
)
PHASE_ORDER = (FAST_PLAYERS, FAST_GM, SLOW_PLAYERS, SLOW_GM, END)

#: Afflictions that stop actions, triggered actions and movement (defaults: docs/rules/sotdl.md).
NO_ACTIONS = ("dazed", "stunned", "surprised", "unconscious", "incapacitated", "dying")
#: Afflictions that set Speed to 0 (on top of NO_ACTIONS).
NO_MOVE = ("grabbed", "immobilized")

UNARMED = WeaponDef("unarmed", "Unarmed strike", "1", "melee", frozenset({"unarmed"}))
ATTRIBUTES = ("strength", "agility", "intellect", "will", "perception")


def is_player(state: EncounterState, cid: str) -> bool:
    """True for a player character: as set-up says (``player_character``), else the creatures
    of the players' sides."""
    pc = state.creatures[cid].data.get("player_character")
    return bool(pc) if pc is not None else state.controller(cid) == "players"


def score(c: CreatureState, attribute: str) -> int:
    """An attribute score (or characteristic such as perception); 'defense' is raw Defense."""
    return int(getattr(c.definition, attribute))


def modifier(c: CreatureState, attribute: str) -> int:
    """Seed SotDL: attribute modifier = score - 10."""
    return score(c, attribute) - 10


def unarmed(rs: Ruleset) -> WeaponDef:
    """The unarmed strike (damage from the ruleset file's ``unarmed_damage``)."""
    dmg = str(rs.param("unarmed_damage", "1"))
    return WeaponDef("unarmed", "Unarmed strike", dmg, "melee", frozenset({"unarmed"}))


def held_weapons(rs: Ruleset, c: CreatureState) -> list[WeaponDef]:
    """Weapons the creature wields now (its definition's, minus what it dropped)."""
    dropped = tuple(c.data.get("dropped", ()))
    key = (c.definition.weapons, dropped)
    # cached per ruleset: asked for every creature at every step of every move
    cache: dict[tuple[object, ...], tuple[WeaponDef, ...]] = rs.__dict__.setdefault(
        "_held_weapons_cache", {})
    hit = cache.get(key)
    if hit is None:
        gone = list(dropped)  # one dropped dagger of two leaves the other in hand
        kept: list[WeaponDef] = []
        for w in c.definition.weapons:
            if w in gone:
                gone.remove(w)
            elif w in rs.definitions.weapons:
                kept.append(rs.definitions.weapons[w])
        hit = tuple(kept)
        cache[key] = hit
    return list(hit)


def pick_weapon(rs: Ruleset, c: CreatureState, wid: str, *, melee: bool | None = None
                ) -> WeaponDef | None:
    """The named held weapon, or the first held one (of the kind asked), else unarmed (melee)."""
    held = held_weapons(rs, c)
    if wid and wid != "unarmed":
        for w in held:
            if w.id == wid:
                return w
        return None
    if wid == "unarmed":
        return unarmed(rs)
    for w in held:
        if melee is None or (w.kind == "melee") == melee:
            return w
    return unarmed(rs) if melee in (None, True) else None


def is_unarmed(rs: Ruleset, c: CreatureState) -> bool:
    """True if the creature holds no weapon (natural weapons count as armed)."""
    return not any(not w.has("unarmed") for w in held_weapons(rs, c))


def defense(state: EncounterState, rs: Ruleset, cid: str) -> int:
    """Defense with the defensive property's bonus (lost this round after a two-weapon attack)."""
    c = state.creatures[cid]
    d = c.definition.defense
    if c.data.get("shield_lost_round") != state.round:
        d += sum(w.defense_bonus for w in held_weapons(rs, c) if w.has("defensive"))
    return d


def target_number(state: EncounterState, rs: Ruleset, cid: str, attribute: str) -> int:
    """What an attack roll must reach: Defense, or the score of an attribute."""
    if attribute == "defense":
        return defense(state, rs, cid)
    return score(state.creatures[cid], attribute)


def cannot_act(c: CreatureState) -> str | None:
    """Why the creature cannot use actions or triggered actions now, or None."""
    if not c.in_fight:
        return f"{c.name} is {c.status}"
    if c.afflictions:
        names = {a.name for a in c.afflictions}
        for a in NO_ACTIONS:
            if a in names:
                return f"{c.name} is {a} and cannot use actions"
    return None


def cannot_move(c: CreatureState) -> str | None:
    """Why the creature cannot move now (Speed 0), or None."""
    why = cannot_act(c)
    if why:
        return why.replace("use actions", "move")
    if not c.afflictions:  # asked at every step: most have none
        return None
    for a in NO_MOVE:
        if c.has(a):
            return f"{c.name} is {a} and cannot move"
    return None


def speed(c: CreatureState) -> int:
    """Speed in yards now (0 when grabbed, immobilized or unable to act)."""
    return 0 if cannot_move(c) else int(c.definition.speed)


def size(c: CreatureState) -> float:
    """Seed SotDL Size."""
    return float(c.definition.size)


def movement_blocked(state: EncounterState, cid: str, mode: object) -> str | None:
    """Walk hook: a willing mover stops when it can no longer move."""
    c = state.creatures[cid]
    if getattr(mode, "willing", True):
        return cannot_move(c)
    return None if c.in_fight else f"{c.name} is {c.status}"


# --- turns -------------------------------------------------------------------------------------


def phase_kind(phase: str) -> str:
    """'fast' or 'slow' for the turn phases, '' otherwise."""
    return "fast" if phase.startswith("fast") else "slow" if phase.startswith("slow") else ""


def turn_start_violations(state: EncounterState, cid: str, kind: str) -> list[Violation]:
    """Seed SotDL: Anatomy of a Round: may this creature start a turn of this kind now?"""
    c = state.creatures.get(cid)
    if c is None:
        return [Violation(f"there is no creature {cid!r}", "unknown_creature")]
    if state.over:
        return [Violation("the combat is over", "over")]
    if not c.in_fight:
        return [Violation(f"{c.name} is {c.status}", "out")]
    if c.turn.taken:
        return [Violation(f"{c.name} has already taken a turn this round", "turn_taken")]
    if kind not in ("fast", "slow"):
        return [Violation(f"a turn is fast or slow, not {kind!r}", "bad_kind")]
    surprised = next((a for a in c.afflictions if a.name == "surprised"), None)
    if surprised is not None:
        until = f"the end of round {surprised.expires_round}" if surprised.expires_round \
            else "the GM ends it"
        return [Violation(f"{c.name} is surprised until {until}: no turn to take until then",
                          "surprised")]
    if state.phase == END and state.round >= 1:
        return [Violation("the round is ending; no more turns this round", "phase")]
    player = is_player(state, cid)
    i = PHASE_ORDER.index(state.phase) if state.round >= 1 and state.phase in PHASE_ORDER else 0
    want = _PART[(kind, player)]
    if want < i:
        who = "players'" if player else "GM's"
        return [Violation(f"the {who} {kind} turns are over this round ({state.phase})", "phase")]
    if not player:
        waiting = players_to_act(state, kind) if i < want else []
        if waiting:
            names = ", ".join(state.creatures[p].name for p in waiting)
            return [Violation(f"the players have not finished their {kind} turns: {names} "
                              "still to act (the GM may end the players' part: advance the phase)",
                              "players_first")]
    return []


#: The part of the round a turn belongs to: (kind, a player's?) -> index in PHASE_ORDER.
_PART = {("fast", True): 0, ("fast", False): 1, ("slow", True): 2, ("slow", False): 3}


def players_to_act(state: EncounterState, kind: str) -> list[str]:
    """Seed SotDL: Anatomy of a Round ("once all the players have finished taking their turns
    during a part of the round"): the players' creatures that could still start a turn of this
    kind before the GM's part and can act (a player's turn going on is ended by the GM's, as any
    turn is by the next one; an unconscious or stunned creature has nothing to wait for)."""
    return [p.id for p in state.creatures.values()
            if is_player(state, p.id) and state.active != p.id and cannot_act(p) is None
            and not turn_start_violations(state, p.id, kind)]


def start_turn(ctx: Context, cid: str, kind: str, rs: Ruleset) -> None:
    """Begin a turn: end the one going on, move the phase on if needed, set the budget."""
    st = ctx.state
    if st.round < 1:
        ctx.emit(CombatStarted("the first turn begins the combat"),
                 RoundStarted(1, FAST_PLAYERS))
    if st.active and st.active != cid:
        ctx.emit(TurnEnded(st.active))
    want = _PART[(kind, is_player(ctx.state, cid))]
    i = PHASE_ORDER.index(ctx.state.phase) if ctx.state.phase in PHASE_ORDER else 0
    while i < want:
        i += 1
        ctx.emit(PhaseChanged(ctx.state.round, PHASE_ORDER[i], PHASE_ORDER[i - 1]))
    c = ctx.state.creatures[cid]
    minor = int(rs.param("minor_activities_fast", 1) if kind == "fast"
                else rs.param("minor_activities_slow", 2))
    ctx.emit(TurnStarted(cid, kind, float(speed(c)), 1, minor))


def own_turn_violations(state: EncounterState, cid: str, need: str) -> list[Violation]:
    """May the creature use its action (``need="action"``) or move now, on its own turn?

    A creature with no turn yet this round may: its turn starts by itself, of the kind of the
    current phase (fast in the fast turns, slow in the slow turns).
    """
    c = state.creatures.get(cid)
    if c is None:
        return [Violation(f"there is no creature {cid!r}", "unknown_creature")]
    if state.active != cid:
        kind = auto_kind(state, cid)
        vs = turn_start_violations(state, cid, kind)
        if vs:
            if c.turn.taken:
                return [Violation(f"it is not {c.name}'s turn", "not_turn")]
            if vs[0].code == "surprised":  # no turn, hence no action and no move
                code = "cannot_act" if need == "action" else "cannot_move"
                return [Violation(vs[0].reason, code)]
            return vs
        t_kind, action_used, move_used = kind, False, False
    else:
        t_kind, action_used, move_used = c.turn.kind, c.turn.action_used, c.turn.move_used
    if need == "action":
        why = cannot_act(c)
        if why:
            return [Violation(why, "cannot_act")]
        if action_used:
            return [Violation(f"{c.name} has already used an action this turn", "no_action")]
        if t_kind == "fast" and move_used:
            return [Violation(f"{c.name} moved on a fast turn and cannot also use an action",
                              "fast_turn")]
    elif need == "move":
        why = cannot_move(c)
        if why:
            return [Violation(why, "cannot_move")]
        if t_kind == "fast" and action_used:
            return [Violation(f"{c.name} used an action on a fast turn and cannot also move",
                              "fast_turn")]
    return []


def auto_kind(state: EncounterState, cid: str) -> str:
    """The turn a creature acting without StartTurn takes: the current phase's kind, or slow
    once its side's fast turns are over."""
    kind = phase_kind(state.phase) or "fast"
    if kind == "fast" and any(v.code == "phase" for v in turn_start_violations(state, cid, kind)):
        return "slow"
    return kind


def ensure_turn(ctx: Context, cid: str) -> None:
    """Start the creature's turn if it has none going on (see auto_kind)."""
    if ctx.state.active != cid:
        start_turn(ctx, cid, auto_kind(ctx.state, cid), ctx.ruleset)


def spend(ctx: Context, cid: str, activity: str, part_of: str) -> None:
    """Spend an activity's cost: the action, the triggered action, or nothing (inside another)."""
    if part_of in ("charge", "gm"):
        return
    if part_of in ("prepared", "free", "triggered"):
        ctx.emit(TriggeredActionUsed(cid, activity))
        return
    ensure_turn(ctx, cid)
    ctx.emit(ActionUsed(cid, activity))


def action_violations(state: EncounterState, cid: str, part_of: str) -> list[Violation]:
    """The turn check for an action, skipped when it runs inside another activity."""
    if part_of:
        c = state.creatures.get(cid)
        if c is None:
            return [Violation(f"there is no creature {cid!r}", "unknown_creature")]
        why = cannot_act(c)
        if why:
            return [Violation(why, "cannot_act")]
        if part_of in ("prepared", "free", "triggered") and c.turn.triggered_used:
            return [Violation(f"{c.name} has already used a triggered action this round",
                              "no_triggered")]
        return []
    return own_turn_violations(state, cid, "action")


def need_creature(state: EncounterState, *ids: str) -> list[Violation]:
    """Violations for ids that name no creature in the fight."""
    out = []
    for cid in ids:
        c = state.creatures.get(cid)
        if c is None:
            out.append(Violation(f"there is no creature {cid!r}", "unknown_creature"))
        elif not c.in_fight:
            out.append(Violation(f"{c.name} is {c.status}", "out"))
    return out


def typed_word_violations(*, attribute: str = "", target_attribute: str = "", damage: str = "",
                          resist: str = "") -> list[Violation]:
    """What the GM typed (an attribute, damage dice): a reason, not a crash mid-roll."""
    vs = []
    for what, word, known in (("attribute", attribute, ATTRIBUTES),
                              ("target attribute", target_attribute, (*ATTRIBUTES, "defense")),
                              ("resisting attribute", resist, ATTRIBUTES)):
        if word and word not in known:
            vs.append(Violation(f"{word!r} is not an {what} ({', '.join(known)})",
                                "bad_attribute"))
    if damage:
        try:
            parse_dice(damage)
        except ValueError:
            vs.append(Violation(f"damage {damage!r} is not dice (like 1d6, 2d6+1 or 3)",
                                "bad_damage"))
    return vs
