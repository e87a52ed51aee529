"""What the panels show and what their buttons do, read from the ruleset plug-in's registries.

Nothing here knows SotDL or OSR: the phases come from ``ruleset.phases``, the actions from
``ruleset.command_names`` presented as the plug-in's ``action_menu`` declares
(game/ui/action_menu.py; a command with a ``path`` is played with the move tool, one with a
``target`` with the target tool, the rest at once), and legality from the engine's validate.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from game.ui.action_menu import MenuEntry, menu_of
from game.ui.panels import ActionButton, PanelModel

NEAREST_TARGETS = 8
ACTOR_FIELDS = ("creature", "attacker", "mover", "actor", "caster")
SIDE_FIELDS = ("side", "losing_side")
TARGET_FIELDS = ("target", "targets", "mount")
MEMBER_FIELDS = ("members", "creatures")


def fields_of(cmd_type: type) -> dict[str, dataclasses.Field]:
    """A command type's fields by name."""
    return {f.name: f for f in dataclasses.fields(cmd_type)}


def _required(cmd_type: type) -> set[str]:
    return {
        f.name
        for f in dataclasses.fields(cmd_type)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }


def actor_field(cmd_type: type) -> str:
    """The field naming who acts ('creature', 'attacker' ...), or ''."""
    names = fields_of(cmd_type)
    return next((f for f in ACTOR_FIELDS if f in names), "")


def side_field(cmd_type: type) -> str:
    """The required field naming the side a side-level command is for ('side', 'losing_side')."""
    req = _required(cmd_type)
    return next((f for f in SIDE_FIELDS if f in req), "")


def member_field(cmd_type: type) -> str:
    """The required field listing a group of creatures ('members' of a formation), or ''."""
    req = _required(cmd_type)
    return next((f for f in MEMBER_FIELDS if f in req), "")


def target_field(cmd_type: type) -> str:
    """The required field the target tool fills ('target', 'targets' or 'mount'), or ''."""
    req = _required(cmd_type)
    return next((f for f in TARGET_FIELDS if f in req), "")


def pick_field(cmd_type: type) -> str:
    """The field the target tool fills: a required one, else an optional ``targets``, or ''."""
    names = fields_of(cmd_type)
    return target_field(cmd_type) or (
        "targets" if "targets" in names and "target" not in names else ""
    )


def target_value(cmd_type: type, key: str) -> dict[str, Any]:
    """The target tool's pick as the command's field: ``targets`` takes a one-creature tuple."""
    f = pick_field(cmd_type) or "target"
    return {f: (key,) if f == "targets" else key}


def typed_hint(cmd_type: type) -> str:
    """What the GM types for a command (its plain values, less what a tool or the side fills)."""
    from game.ui.typed import hint

    actor = actor_field(cmd_type) or side_field(cmd_type) or member_field(cmd_type) or "area"
    # A skipped field lets optional values alone be asked for (a spell's damage, the milieu's)
    return hint(cmd_type, actor, (pick_field(cmd_type),))


def tool_kind(cmd_type: type) -> str:
    """'path' (played with the move tool), 'target' (needs a target creature), 'now', 'global'
    (nobody's act), 'declare', 'formation', or '' (needs values the window cannot pick)."""
    names = fields_of(cmd_type)
    req = _required(cmd_type)
    if not actor_field(cmd_type):
        from game.ui.declare import act_type
        from game.ui.typed import typed_fields

        if act_type(cmd_type) is not None:
            return "declare"  # each creature declares its act (game/ui/declare.py)
        if not req and typed_fields(cmd_type, "", skip=("",)):
            return "global_typed"  # nobody's act, with optional values typed (OSR's milieu)
        if not req:
            return "global"  # nobody's act: played at once (End round, Next part ...)
        # A command for a whole formation (OSR blocks): played for the selected creature's one
        if "formation" in req and req <= {"formation", "path", "facing"} and len(req) == 2:
            return "formation"
        if req == {"formation"}:
            return "formation_now"  # the selected creature's block, at once (break formation)
        side = side_field(cmd_type)
        if side and (req == {side} or typed_fields(cmd_type, side)):
            return "side"  # the selected creature's side, values typed (game/ui/picks.py)
        if "area" in req and typed_fields(cmd_type, "area"):
            return "area"  # a rectangle of squares dragged, values typed first
        group = member_field(cmd_type)
        if group and (req == {group} or typed_fields(cmd_type, group)):
            return "members"  # the creatures in a dragged rectangle (form up), values typed first
        return ""
    actor = actor_field(cmd_type)
    tf = target_field(cmd_type)
    if tf and tf != "target" and not req - {actor, tf, "spell", "item"}:
        from game.ui.typed import typed_fields

        if typed_fields(cmd_type, actor, skip=(tf,)):
            return "target_typed"  # values typed first, then the target tool (item attacks)
        return "target"
    if tf == "target" and req - {actor, "target"}:
        from game.ui.typed import typed_fields

        if typed_fields(cmd_type, actor, skip=("target",)):
            return "target_typed"
    if req <= {actor} and pick_field(cmd_type) == "targets":
        from game.ui.typed import typed_fields

        if typed_fields(cmd_type, actor, skip=("targets",)):
            return "target_typed"  # values typed, then the targets clicked (or none: an OSR spell)
    if "target" not in req and {"target", "mount_target"} <= set(names):
        return "target"  # the rider's target, then the mount's (Ride's attack, game/ui/tools)
    if req - {actor} == {"square"}:
        return "square"  # a square picked on the map (teleport)
    if req - set(ACTOR_FIELDS) - {"path", "target"}:
        from game.ui.typed import typed_fields

        if not req & {"path", "target"} and typed_fields(cmd_type, actor_field(cmd_type)):
            return "typed"  # an amount, a name ... typed at the creature (game/ui/typed.py)
        return ""  # needs values the window cannot pick (an item to pick up ...)
    if "path" in names and "target" not in req:
        return "path"
    if "target" in req:
        return "target"
    if req - set(ACTOR_FIELDS):
        return ""
    return "now"


def make(cmd_type: type, actor: str, **kw: Any) -> Any:
    """A command of that type for that creature."""
    return cmd_type(**{actor_field(cmd_type): actor}, **kw)


def label(name: str) -> str:
    """'knock_down' -> 'Knock down'."""
    return name.replace("_", " ").capitalize()


def bar_actions(session: Any, selected: str) -> list[tuple[str, type, str]]:
    """(name, command type, tool kind) of every action the bar and the GM panel offer."""
    rs = session.engine.ruleset
    menu = menu_of(rs, session.engine.state)
    return [
        (e.name, rs.command_names[e.name], tool_kind(rs.command_names[e.name]))
        for e in menu.creature_actions + menu.gm_tools
    ]


def _legality(session: Any, selected: str, cmd_type: type, kind: str) -> tuple[bool, str]:
    """Legal now (for some target or path), or the first reason it is not."""
    st = session.engine.state
    if kind == "formation":
        return _formation_legality(session, selected, cmd_type)
    if kind == "declare":
        from game.ui.declare import legality

        return legality(session, selected, cmd_type)
    if kind in ("global", "global_typed"):
        vs = session.validate(cmd_type())
        return (not vs, vs[0].reason if vs else "")
    if kind == "side":
        from game.ui.picks import side_legality

        return side_legality(session, selected, cmd_type)
    if kind == "formation_now":
        from game.ui.tools.formation import formation_of

        f = formation_of(session, selected)
        if f is None:
            return False, "not in a formation"
        vs = session.validate(cmd_type(formation=f.key))
        return (not vs, vs[0].reason if vs else "")
    if kind == "target_typed" and _required(cmd_type) <= set(ACTOR_FIELDS):
        vs = session.validate(make(cmd_type, selected))  # every value optional: legal now?
        return (not vs, vs[0].reason if vs else "")
    if kind in ("typed", "target_typed", "square", "area", "members"):
        return True, ""  # the typed values decide: the engine checks them when they are given
    if kind == "now":
        vs = session.validate(make(cmd_type, selected))
        return (not vs, vs[0].reason if vs else "")
    if kind == "path":
        vs = session.validate(make(cmd_type, selected, path=()))
        vs = [
            v
            for v in vs
            if "path" not in (v.code + v.reason).lower() and "square" not in v.reason.lower()
        ]
        return (not vs, vs[0].reason if vs else "")
    first = ""
    # The nearest few creatures answer "legal for some target" (a 100-creature field stays fast)
    me = st.creatures[selected].square
    others = sorted(
        (c for c in st.creatures.values() if c.id != selected and c.in_fight),
        key=lambda c: max(abs(c.square[0] - me[0]), abs(c.square[1] - me[1])),
    )[:NEAREST_TARGETS]
    for c in others:
        vs = session.validate(make(cmd_type, selected, **target_value(cmd_type, c.id)))
        if not vs:
            return True, ""
        # Why not for the nearest foe (an attack), or the nearest creature at all (a mount)
        if not first and (st.hostile(selected, c.id) or target_field(cmd_type) != "target"):
            first = f"{c.name}: {vs[0].reason}"
    return False, first or "no creature it could target"


def _formation_legality(session: Any, selected: str, cmd_type: type) -> tuple[bool, str]:
    """A block command: legal when the selected creature stands in a formation that may act."""
    from game.ui.tools.formation import formation_of

    f = formation_of(session, selected)
    if f is None:
        return False, "not in a formation"
    req = _required(cmd_type) - {"formation"}
    kw = {"path": ()} if "path" in req else {"facing": f.facing or "N"}
    vs = [
        v
        for v in session.validate(cmd_type(formation=f.key, **kw))
        if not any(w in (v.code + v.reason).lower() for w in ("path", "square", "facing", "step"))
    ]
    return (not vs, vs[0].reason if vs else "")


def _prominent(
    session: Any, selected: str, name: str, cmd_type: type, text: str
) -> tuple[str, str]:
    """A situational action's label and tip: Find's "share your knowledge" names who was found
    (the hidden creatures the command is legal for)."""
    st = session.engine.state
    if "target" not in fields_of(cmd_type):
        return text, ""
    found = [
        c.name
        for c in st.creatures.values()
        if c.id != selected
        and c.has("hidden")
        and not session.validate(make(cmd_type, selected, target=c.id))
    ]
    if not found:
        return text, ""
    who = ", ".join(found[:2]) + (" ..." if len(found) > 2 else "")
    return (
        f"{text}: {who}",
        f"Share your knowledge (Find): {', '.join(found)} is no longer hidden from your allies",
    )


def turn_rows(session: Any) -> tuple[list[tuple[str, str]], list[str]]:
    """The turn panel: a header per side (players' sides first, then the GM's), then each of
    its creatures with whether it is acting or has acted this round, its triggered action if
    spent, its damage and its afflictions (issue 6). Styles: '#row_*' theme ids."""
    from game.ui.view_model import max_damage

    st = session.engine.state
    vitals = session.vitals_fn()
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


def panel_model(session: Any, selected: str) -> PanelModel:
    """Round, phase, creatures, actions, log and dice for the panels."""
    m = PanelModel(
        title=session.title, log_lines=session.log_lines(), manual_dice=session.manual_dice
    )
    if session.engine is None:
        m.round_text = "Map only"
        m.phase_text = "no encounter"
        m.status = session.problem or "Open an encounter (.yaml) to play on this map"
        return m
    st = session.engine.state
    rs = session.engine.ruleset
    m.ruleset = rs.id
    m.rulesets = session.rulesets()
    labels = {p.name: (p.label or label(p.name)) for p in rs.phases}
    m.round_text = f"Round {st.round}" if st.round else "Before the fight"
    m.phase_text = labels.get(st.phase, label(st.phase)) if st.phase else "Press 'Start' to begin"
    m.advance_label = "Start" if not st.round and not st.phase else "Next part"
    m.creature_rows, m.row_styles = turn_rows(session)
    if selected in st.creatures:
        menu = menu_of(rs, st)
        m.actions = _buttons(session, selected, menu.creature_actions, menu.group_label)
        # A situational action (Find's "share your knowledge") comes first while it is legal
        first = [
            a
            for a in m.actions
            if a.legal and a.id in {e.name for e in menu.entries if e.situational}
        ]
        m.actions = first + [a for a in m.actions if a not in first]
        m.gm_tools = _buttons(session, selected, menu.gm_tools, menu.group_label)
    m.dice_lines = _dice_lines(session)
    if session.engine.pending is not None:
        m.status = session.engine.pending.prompt
    elif session.problem:
        m.status = session.problem
    return m


def _buttons(
    session: Any, selected: str, entries: tuple[MenuEntry, ...], group_label: Any
) -> list[ActionButton]:
    """Each entry's button: legal or greyed with the first reason, legal first in each group."""
    rs = session.engine.ruleset
    out = []
    for e in entries:
        cmd_type = rs.command_names[e.name]
        legal, reason = _legality(session, selected, cmd_type, tool_kind(cmd_type))
        text = e.label
        if legal and e.situational:
            text, reason = _prominent(session, selected, e.name, cmd_type, text)
        out.append(ActionButton(e.name, text, legal, reason, e.key, group_label(e.group)))
    groups = list(dict.fromkeys(a.group for a in out))
    return sorted(out, key=lambda a: (groups.index(a.group), not a.legal))


def _dice_lines(session: Any) -> list[str]:
    """The latest rolls: dice, modifiers with reasons, total against the target number."""
    from game.ui.log_text import describe

    names = session.names()
    out = []
    for ev in session.engine.log()[-60:]:
        dice = getattr(ev, "dice", None)
        if not dice:
            continue
        text = describe(ev, names)
        total = getattr(ev, "total", None)
        out.append(f"<b>{total}</b> {text}" if total is not None else text)
    return out[-8:]


def do_intent(session: Any, name: str, arg: str, selected: str) -> str:
    """Turn panel and action bar buttons into commands (the move and target tools do the rest)."""
    if session.engine is None:
        return "Open an encounter to play"
    rs = session.engine.ruleset
    st = session.engine.state
    names = rs.command_names
    menu = menu_of(rs, st)
    if name == "advance":
        begin = menu.role("begin")
        if not st.round and begin:
            return session.submit(names[begin]())
        from game.rules.engine import AdvancePhase

        return session.submit(AdvancePhase())
    if name == "turn_start":
        if not arg:
            return ""
        cmd_type = names.get(menu.role("turn_start"))
        if cmd_type is None:
            return "This ruleset has no turns to start"
        kw = {}
        if "kind" in fields_of(cmd_type):
            kind = _turn_kind(session, arg)
            if kind:
                kw["kind"] = kind
        return session.submit(make(cmd_type, arg, **kw))
    if name == "turn_end":
        who = st.active or selected
        cmd_type = names.get(menu.role("turn_end"))
        if cmd_type is None or not who:
            return "No turn to end"
        return session.submit(make(cmd_type, who))
    return f"unknown button {name}"


def _turn_kind(session: Any, cid: str) -> str:
    """The kind of turn to start now: the one the ruleset's turn_status allows (the current
    part's kind when both are), else the part of the round's name ('fast_players' -> 'fast')."""
    phase_kind = session.engine.state.phase.split("_")[0] if session.engine.state.phase else ""
    try:
        status = session.query("turn_status", cid)
    except (KeyError, TypeError, ValueError):
        status = None
    can = dict((status or {}).get("can_start", {})) if isinstance(status, dict) else {}
    allowed = [k for k, ok in can.items() if ok]
    if phase_kind in allowed or (not allowed and phase_kind):
        return phase_kind
    return allowed[0] if allowed else ""
