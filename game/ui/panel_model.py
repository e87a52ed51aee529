"""What the panels show and what their buttons do, read from the ruleset plug-in's registries.

Nothing here knows SotDL or OSR: the phases come from ``ruleset.phases``, the actions from
``ruleset.command_names`` presented as the plug-in's ``action_menu`` declares
(game/ui/action_menu.py; how each is played: game/ui/command_kinds.py), and legality from the
engine's validate (game/ui/legality.py).
"""

from __future__ import annotations

from typing import Any

from game.rules.engine import AdvancePhase, Command, PhaseChanged, RoundStarted, TurnEnded
from game.ui.action_menu import MenuEntry, menu_of
from game.ui.command_kinds import actor_field, fields_of, label, make, tool_kind
from game.ui.fight import Fight
from game.ui.legality import legality
from game.ui.log_text import describe
from game.ui.panels import ActionButton, PanelModel
from game.ui.view_model import max_damage


def bar_actions(fight: Fight, selected: str) -> list[tuple[str, type, str]]:
    """(name, command type, tool kind) of every action the bar and the GM panel offer."""
    rs = fight.playing().ruleset
    menu = menu_of(rs, fight.playing().state)
    return [
        (e.name, rs.command_names[e.name], tool_kind(rs.command_names[e.name]))
        for e in menu.creature_actions + menu.gm_tools
    ]


def _prominent(
    fight: Fight, selected: str, name: str, cmd_type: type, text: str
) -> tuple[str, str]:
    """A situational action's label and tip: Find's "share your knowledge" names who was found
    (the hidden creatures the command is legal for)."""
    st = fight.playing().state
    if "target" not in fields_of(cmd_type):
        return text, ""
    found = [
        c.name
        for c in st.creatures.values()
        if c.id != selected
        and c.has("hidden")
        and not fight.validate(make(cmd_type, selected, target=c.id))
    ]
    if not found:
        return text, ""
    who = ", ".join(found[:2]) + (" ..." if len(found) > 2 else "")
    return (
        f"{text}: {who}",
        f"Share your knowledge (Find): {', '.join(found)} is no longer hidden from your allies",
    )


def turn_rows(fight: Fight) -> tuple[list[tuple[str, str]], list[str]]:
    """The turn panel: a header per side (players' sides first, then the GM's), then each of
    its creatures with whether it is acting or has acted this round, its triggered action if
    spent, its damage and its afflictions (issue 6). Styles: '#row_*' theme ids."""
    st = fight.playing().state
    vitals = fight.vitals_fn()
    rows: list[tuple[str, str]] = []
    styles: list[str] = []
    sides = sorted(st.sides, key=lambda s: 0 if s.controller == "players" else 1)
    for side in sides:
        members = [c for c in st.creatures.values() if c.side == side.id and c.status != "removed"]
        if not members:
            continue
        who = "players" if side.controller == "players" else "GM"
        rows.append((f"{side.name or side.id} ({who})", ""))
        styles.append("#row_header")
        for c in members:
            bits = []
            if st.active == c.id:
                bits.append("ACTING")
            elif c.turn.taken:
                bits.append("done")
            if c.turn.triggered_used:
                bits.append("triggered used")
            if c.damage:
                bits.append(f"hurt {c.damage}/{max_damage(c, vitals)}")
            if c.status != "active":
                bits.append(c.status)
            bits += [a.replace("_", " ") for a in dict.fromkeys(a.name for a in c.afflictions)]
            rows.append((f"  {c.name}" + (f": {', '.join(bits)}" if bits else ""), c.id))
            if st.active == c.id:
                styles.append("#row_active")
            elif c.turn.taken or not c.in_fight:
                styles.append("#row_done")
            else:
                styles.append("#row_players" if side.controller == "players" else "#row_gm")
    return rows, styles


def panel_model(fight: Fight, selected: str) -> PanelModel:
    """Round, phase, creatures, actions, log and dice for the panels."""
    m = PanelModel(title=fight.title, log=fight.log_entries(), manual_dice=fight.manual_dice)
    if fight.engine is None:
        m.round_text = "Map only"
        m.phase_text = "no encounter"
        m.status = fight.problem or "Open an encounter (.yaml) to play on this map"
        return m
    st = fight.engine.state
    rs = fight.engine.ruleset
    m.ruleset = rs.id
    m.rulesets = fight.rulesets()
    labels = {p.name: (p.label or label(p.name)) for p in rs.phases}
    m.round_text = f"Round {st.round}" if st.round else "Before the fight"
    m.phase_text = labels.get(st.phase, label(st.phase)) if st.phase else "Press 'Start' to begin"
    m.advance_label = "Start" if not st.round and not st.phase else "Next part"
    m.creature_rows, m.row_styles = turn_rows(fight)
    if selected in st.creatures:
        menu = menu_of(rs, st)
        m.actions = _buttons(fight, selected, menu.creature_actions, menu.group_label)
        # A situational action (Find's "share your knowledge") comes first while it is legal
        first = [
            a
            for a in m.actions
            if a.legal and a.id in {e.name for e in menu.entries if e.situational}
        ]
        m.actions = first + [a for a in m.actions if a not in first]
        m.gm_tools = _buttons(fight, selected, menu.gm_tools, menu.group_label)
    m.dice_lines = _dice_lines(fight)
    if fight.engine.pending is not None:
        m.status = fight.engine.pending.prompt
    elif fight.problem:
        m.status = fight.problem
    return m


def _buttons(
    fight: Fight, selected: str, entries: tuple[MenuEntry, ...], group_label: Any
) -> list[ActionButton]:
    """Each entry's button: legal or greyed with the first reason, legal first in each group."""
    rs = fight.playing().ruleset
    out = []
    for e in entries:
        cmd_type = rs.command_names[e.name]
        legal, reason = legality(fight, selected, cmd_type, tool_kind(cmd_type))
        text = e.label
        if legal and e.situational:
            text, reason = _prominent(fight, selected, e.name, cmd_type, text)
        out.append(ActionButton(e.name, text, legal, reason, e.key, group_label(e.group)))
    groups = list(dict.fromkeys(a.group for a in out))
    return sorted(out, key=lambda a: (groups.index(a.group), not a.legal))


def _dice_lines(fight: Fight) -> list[str]:
    """The latest rolls, newest first (the dice box shows its top rows without scrolling):
    dice, modifiers with reasons, total against the target number."""
    names = fight.names()
    out = []
    for ev in fight.playing().log()[-60:]:
        dice = getattr(ev, "dice", None)
        if not dice:
            continue
        text = describe(ev, names)
        total = getattr(ev, "total", None)
        out.append(f"<b>{total}</b> {text}" if total is not None else text)
    return out[::-1][:8]


def not_acted(fight: Fight) -> list[str]:
    """The creatures that could still take their turn in this part of the round (the ruleset's
    ``who_may_act``, less the one acting and those whose turn now would be of another part:
    ``turn_status``'s ``can_start`` for the part's kind), whom ending the part passes over."""
    if fight.engine is None or not fight.engine.state.round:
        return []
    st = fight.engine.state
    kind = st.phase.split("_")[0] if st.phase else ""
    out = []
    for cid in fight.query("who_may_act") or ():
        if cid == st.active or cid not in st.creatures:
            continue
        status = fight.query("turn_status", cid)
        can = dict(status.get("can_start", {})) if isinstance(status, dict) else {}
        if kind in can and not can[kind]:
            continue  # its turn is in a later part (SotDL: a player's slow turn)
        out.append(cid)
    return out


def passed_over(fight: Fight, cmd: Command) -> tuple[list[str], bool]:
    """Whom a legal command would pass over as the engine plays it, and whether it ends the
    part of the round: the acting creature, when acting with another one ends its turn before
    it did anything (SotDL: a turn starts by itself and ends the one going on), and, when the
    part moves on, the creatures that could still act in it (``not_acted``). ([], False) when
    it passes nobody over or is refused."""
    subject = getattr(cmd, actor_field(type(cmd)), "") if actor_field(type(cmd)) else ""
    events = fight.dry_run(cmd) if subject else None  # a creature acting, not the GM's N
    if not events or fight.engine is None:
        return [], False
    st = fight.engine.state
    who = []
    ended = {e.creature for e in events if isinstance(e, TurnEnded)}
    acting = st.creatures.get(st.active or "")
    if acting is not None and acting.id != subject and acting.id in ended:
        t = acting.turn
        if not (t.action_used or t.move_used or t.moved_yd or t.minor_used):
            who.append(acting.id)
    ends_part = any(isinstance(e, (PhaseChanged, RoundStarted)) for e in events)
    if ends_part:
        who += [c for c in not_acted(fight) if c != subject and c not in who]
    return who, ends_part


def turn_start_command(fight: Fight, cid: str) -> Any | None:
    """The command that starts this creature's turn now (the kind the part allows), or None."""
    rs = fight.playing().ruleset
    cmd_type = rs.command_names.get(menu_of(rs, fight.playing().state).role("turn_start"))
    if cmd_type is None:
        return None
    kw = {}
    if "kind" in fields_of(cmd_type):
        kind = _turn_kind(fight, cid)
        if kind:
            kw["kind"] = kind
    return make(cmd_type, cid, **kw)


def do_intent(fight: Fight, name: str, arg: str, selected: str) -> str:
    """Turn panel and action bar buttons into commands (the move and target tools do the rest)."""
    if fight.engine is None:
        return "Open an encounter to play"
    rs = fight.engine.ruleset
    st = fight.engine.state
    names = rs.command_names
    menu = menu_of(rs, st)
    if name == "advance":
        begin = menu.role("begin")
        if not st.round and begin:
            return fight.submit(names[begin]())
        return fight.submit(AdvancePhase())
    if name == "turn_start":
        if not arg:
            return ""
        cmd = turn_start_command(fight, arg)
        return "This ruleset has no turns to start" if cmd is None else fight.submit(cmd)
    if name == "turn_end":
        who = st.active or selected
        cmd_type = names.get(menu.role("turn_end"))
        if cmd_type is None or not who:
            return "No turn to end"
        return fight.submit(make(cmd_type, who))
    return f"unknown button {name}"


def _turn_kind(fight: Fight, cid: str) -> str:
    """The kind of turn to start now: the one the ruleset's turn_status allows (the current
    part's kind when both are), else the part of the round's name ('fast_players' -> 'fast')."""
    phase_kind = fight.playing().state.phase.split("_")[0] if fight.playing().state.phase else ""
    try:
        status = fight.query("turn_status", cid)
    except (KeyError, TypeError, ValueError):
        status = None
    can = dict((status or {}).get("can_start", {})) if isinstance(status, dict) else {}
    allowed = [k for k, ok in can.items() if ok]
    if phase_kind in allowed or (not allowed and phase_kind):
        return phase_kind
    return allowed[0] if allowed else ""
