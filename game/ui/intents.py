"""What the GM's keys and buttons do: camera, overlays, undo, save, turns, actions, the player view.

Kept apart from the event loop (game/ui/app.py); every rule question goes to the fight
(game/ui/fight.py), every file to the session's store.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui import panel_model
from game.ui.command_kinds import (
    actor_field,
    fields_of,
    has_required_values,
    label,
    make,
    member_field,
    pick_field,
    required_fields,
    side_field,
    target_optional,
    tool_kind,
    typed_hint,
)
from game.ui.confirm import Confirm
from game.ui.declare import make_act
from game.ui.panels import OVERLAY_KEYS
from game.ui.player_view import PlayerView
from game.ui.players_see import FOE_HEALTH_MODES, FOG_MODES
from game.ui.tools.fog import FogTool
from game.ui.tools.formation import FormationTool
from game.ui.tools.measure import MeasureTool
from game.ui.tools.move import MoveTool
from game.ui.tools.pick import AreaTool, SquareTool
from game.ui.tools.target import TargetTool
from game.ui.typed import make_typed, parse_typed

if TYPE_CHECKING:
    from game.rules.engine import Command
    from game.ui.app import App
    from game.ui.fight import Fight

PAN_STEP_PX = 64
KEY_TO_OVERLAY = {getattr(pygame, f"K_{k.lower()}"): name for name, k in OVERLAY_KEYS.items()}


def on_key(app: App, event: pygame.event.Event) -> None:
    ctrl = event.mod & pygame.KMOD_CTRL
    k = event.key
    if ctrl and k == pygame.K_z:
        do_intent(app, "undo")
    elif ctrl and k == pygame.K_y:
        do_intent(app, "redo")
    elif ctrl and k == pygame.K_s:
        do_intent(app, "save")
    elif ctrl and k == pygame.K_o:
        do_intent(app, "open")
    elif ctrl and k == pygame.K_n:
        app.status = app.session.restart()
        app.tools = app.tools[:1]
        app.selected = ""
    elif ctrl and k == pygame.K_q:
        app.running = False
    elif k == pygame.K_F11:
        do_intent(app, "fullscreen")
    elif k == pygame.K_f:
        do_intent(app, "fit")
    elif k == pygame.K_m:
        do_intent(app, "measure")
    elif k == pygame.K_p and event.mod & pygame.KMOD_SHIFT and app.player_view is not None:
        app.player_view.follow = not app.player_view.follow
        app.status = (
            "Player view follows your camera" if app.player_view.follow else "Player view frozen"
        )
    elif k == pygame.K_p and ctrl:
        app.ask_display()
    elif k == pygame.K_p:
        do_intent(app, "player_view")
    elif k in KEY_TO_OVERLAY:
        do_intent(app, f"overlay:{KEY_TO_OVERLAY[k]}")
    elif k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
        dx = {pygame.K_LEFT: PAN_STEP_PX, pygame.K_RIGHT: -PAN_STEP_PX}.get(k, 0)
        dy = {pygame.K_UP: PAN_STEP_PX, pygame.K_DOWN: -PAN_STEP_PX}.get(k, 0)
        app.camera.pan_px(dx, dy)
    elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
        app.camera.zoom_about(*app.layout.view.center, 1)
    elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
        app.camera.zoom_about(*app.layout.view.center, -1)
    elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and app.panels.prompt_entry is not None:
        do_intent(app, f"answer_text:{app.panels.prompt_entry.get_text()}")  # not: end the turn
    elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
        do_intent(app, "turn_end")
    elif k == pygame.K_n:
        do_intent(app, "advance")
    elif k == pygame.K_SPACE:
        do_intent(app, "turn_start", app.selected)
    elif k == pygame.K_ESCAPE:
        app._tool_event(event)
    else:
        _action_key(app, event)


def _action_key(app: App, event: pygame.event.Event) -> None:
    entry = app.panels.prompt_entry
    if entry is not None and event.unicode and event.unicode.isprintable():
        # A die or a value is being asked: what is typed goes there, never to an action's key
        entry.set_text(entry.get_text() + event.unicode)
        return
    name = pygame.key.name(event.key).upper()
    for a in app.panels.model.actions:
        if a.key and a.key.upper() == name:
            do_intent(app, f"action:{a.id}")
            return
    app._tool_event(event)


def do_intent(app: App, intent: str, arg: str = "") -> None:
    """Do one thing the GM asked for by button or key."""
    name, _, rest = intent.partition(":")
    if name == "overlay":
        app.overlays = app.overlays ^ {rest}
    elif name == "fit":
        app.fit()
    elif name == "panel":
        app.toggle_panel(rest)
    elif name == "fullscreen":
        app.set_fullscreen(not app.fullscreen)
    elif name == "measure":
        app.tools = app.tools[:1] + [MeasureTool()]
        app.status = "Measure: drag between two squares; right click or Escape ends"
    elif name == "player_view":
        toggle_player_view(app)
    elif name == "foe_health":
        next_foe_health(app)
    elif name == "fog":
        next_fog(app)
    elif name == "undo":
        app.status = app.session.undo()  # right after an open: takes it back
        app.tools = app.tools[:1]
    elif name == "redo":
        app.status = app.session.redo()
    elif name == "save":
        app.status = app.session.save()
    elif name == "open":
        from pygame_gui.windows import UIFileDialog

        # A save to open (Ctrl+S writes saves/NAME-TIME.save.json beside the journals)
        folder = app.session.saves_dir()
        if not folder.is_dir():
            folder = app.session.opened.path.parent
        w, h = app.screen.get_size()
        app.file_dialog = UIFileDialog(
            pygame.Rect(w // 2 - 300, h // 2 - 220, 600, 440),
            app.manager,
            window_title="Open a saved fight",
            allowed_suffixes={".json"},
            initial_file_path=str(folder),
            allow_existing_files_only=True,
        )
        app.status = "Pick a .save.json file"
    elif name == "toggle_manual":
        app.session.manual_dice = not app.session.manual_dice
        app.session.touch()
    elif name == "dice_enter":
        text = app.panels.dice_entry.get_text()
        app.status = app.session.fight.answer_text(text)
        app.panels.dice_entry.set_text("")
    elif name == "gm_tools":
        app.panels.show_gm_tools(app.panels.gm_panel is None)
    elif name == "more_actions":
        if app.panels.show_more(rest):
            app.status = "More actions: click one; Escape closes"
        else:
            app.status = "More actions: hover '+' to read them"
    elif name == "advance" and arg != "confirmed" and ask_end_part(
        app, lambda: do_intent(app, "advance", "confirmed")
    ):
        return  # creatures have not acted: the GM says whether to end the part anyway
    elif name == "turn_start" and arg:
        start_turn(app, arg)
    elif name == "action":
        start_action(app, rest)
    elif name in ("answer", "answer_text") and app.local_prompt is not None:
        answer_declaration(app, "" if name == "answer" else rest, cancel=name == "answer")
    elif name == "answer":
        app.status = app.session.fight.answer(rest)
    elif name == "answer_text":
        app.status = app.session.fight.answer_text(rest)
    else:
        app.status = panel_model.do_intent(app.session.fight, name, rest or arg, app.selected)
    app._panel_version = -1


def ask_end_part(
    app: App,
    then: Callable[[], None],
    doing: str = "",
    waiting: list[str] | None = None,
    part: bool = True,
) -> bool:
    """Ask before the part of the round (or, ``part`` False, the acting creature's turn) ends
    while creatures have not acted, naming them (``waiting``, else ``not_acted``); ``then``
    runs if the GM says yes. False (nothing asked) when nobody would be passed over."""
    fight = app.session.fight
    waiting = panel_model.not_acted(fight) if waiting is None else waiting
    if not waiting:
        return False
    names = fight.names()
    who = ", ".join(names.get(c, c) for c in waiting)
    n = len(waiting)
    head = f"{n} creature{'s have' if n > 1 else ' has'} not acted"
    if part:
        rs = fight.playing().ruleset
        now = next((p.label for p in rs.phases if p.name == fight.playing().state.phase), "")
        what, title = (f"the part ({now})" if now else "the part"), "the part of the round"
        said, named = f"<b>{head}</b>: {who}.", f"{head} ({who})"
    else:  # acting with another creature ends this one's turn, before it did anything
        what = title = f"{who}'s turn"
        said, named = f"<b>{who} has not acted</b>.", f"{who} has not acted"
    app.confirm = Confirm(
        app.manager,
        app.screen.get_size(),
        f"End {title}?",
        f"{said}<br>End {what} anyway{doing}?",
        f"End {'the part' if part else 'the turn'}",
        on_yes=then,
        on_no=lambda: setattr(app, "status", f"Not ended: {'the part' if part else what} goes on"),
        scale=app.scale,
    )
    app.status = f"{named}: end {what} anyway? Enter: yes, Escape: no"
    app._panel_version = -1
    return True


def play_or_ask(app: App, cmd: Command, doing: str | None = None, done: str = "") -> None:
    """Play a command; one that would pass over creatures that have not acted asks first,
    naming them: refused only because the part of the round is not over (a GM's creature
    while players have not acted: yes ends the part, then plays it), or legal but ending the
    acting creature's turn before it did anything, or the part with creatures still to act
    (the engine starts the new creature's turn by itself: yes plays it)."""
    fight = app.session.fight
    doing = _doing(fight, cmd) if doing is None else doing

    def play() -> None:
        app.status = app.session.submit(cmd) or done
        app._panel_version = -1

    if fight.validate(cmd):
        if fight.legal_after_advance(cmd):

            def end_then_play() -> None:
                said = panel_model.do_intent(fight, "advance", "", app.selected)
                app.status = said if said.startswith("Not") else app.session.submit(cmd)
                app._panel_version = -1

            if ask_end_part(app, end_then_play, doing):
                return
    else:
        waiting, part = panel_model.passed_over(fight, cmd)
        if ask_end_part(app, play, doing, waiting, part):
            return
    play()


def _doing(fight: Fight, cmd: Command) -> str:
    """What the GM asked for, for the question: ' and play Move for Spearman'."""
    field = actor_field(type(cmd))
    who = fight.names().get(getattr(cmd, field, ""), "") if field else ""
    rs = fight.playing().ruleset
    name = next((n for n, t in rs.command_names.items() if t is type(cmd)), "")
    return f" and play {label(name)} for {who}" if who and name else ""


def start_turn(app: App, cid: str) -> None:
    """Start a creature's turn (turn panel row, Space): asks first if it ends the part."""
    fight = app.session.fight
    cmd = panel_model.turn_start_command(fight, cid) if fight.engine is not None else None
    if cmd is None:
        app.status = panel_model.do_intent(fight, "turn_start", cid, app.selected)
        return
    play_or_ask(app, cmd, f" and start {fight.names().get(cid, cid)}'s turn")


def start_action(app: App, action: str) -> None:
    """An action bar button: play it now, or pick its path or target with a tool."""
    fight = app.session.fight
    if fight.engine is None or not app.selected:
        app.status = "Select a creature first"
        return
    model = app.panels.model
    button = next((a for a in model.actions + model.gm_tools if a.id == action), None)
    if app.panels.gm_panel is not None:
        app.panels.show_gm_tools(False)  # a tool was picked (or the bar was used instead)
    if button is not None and not button.legal:
        app.status = f"{button.label}: {button.reason}"
        return
    cmd_type = fight.engine.ruleset.command_names[action]
    kind = tool_kind(cmd_type)
    ctx = app.tool_context()
    what = button.label if button is not None else action.replace("_", " ")
    if kind == "global":
        play_or_ask(app, cmd_type(), done=f"{what}: done")
    elif kind == "now":  # asks first if acting with this creature passes another over
        play_or_ask(app, make(cmd_type, app.selected), done=f"{what}: done")
    elif kind == "path":
        app.tools = app.tools[:1] + [MoveTool.for_creature(ctx, app.selected, modes=(action,))]
        app.status = f"{action.replace('_', ' ')}: click a square (shift-click for waypoints)"
    elif kind == "target":
        app.tools = app.tools[:1] + [TargetTool(app.selected, action, app.option)]
        app.status = f"{action.replace('_', ' ')}: hover a target to see the odds, click to roll"
        if target_optional(cmd_type):  # Find, Tell allies, Fire prepared: a target, or none
            who = fight.names().get(app.selected, app.selected)
            app.status = f"{what}: click the target, or {who} itself to play it without one"
    elif kind in ("declare", "typed", "side", "target_typed", "area", "members", "global_typed"):
        wanted = typed_hint(cmd_type) if kind != "declare" else "what it does"
        if kind == "members" and not wanted:
            _then_pick(app, action, cmd_type, kind, app.selected, "")
            return
        if kind == "side" and not wanted:  # nothing to type: the side gives up, flees ...
            side = fight.side_of(app.selected)
            play_or_ask(app, cmd_type(**{side_field(cmd_type): side}), done=f"{what}: done")
            return
        app.local_prompt = (action, app.selected)
        app._panel_version = -1
        app.status = f"{what}: type {wanted}, then Enter"
    elif kind == "formation_now":
        block = fight.formation_of(app.selected)
        if block is None:
            app.status = "Select a creature that stands in a formation"
            return
        play_or_ask(app, cmd_type(formation=block.key), done=f"{what}: done")
    elif kind == "square":
        app.tools = app.tools[:1] + [SquareTool(app.selected, action, cmd_type)]
        itself = "" if "square" in required_fields(cmd_type) else (
            f" ({fight.names().get(app.selected, app.selected)} itself: the rules pick)")
        app.status = f"{what}: click a square{itself}; right click or Escape cancels"
    elif kind == "formation":
        block = fight.formation_of(app.selected)
        if block is None:
            app.status = "Select a creature that stands in a formation"
            return
        field = "path" if "path" in fields_of(cmd_type) else "facing"
        app.tools = app.tools[:1] + [FormationTool(app.selected, action, block, field)]
        app.status = (
            f"{action.replace('_', ' ')}: click where {fight.names()[app.selected]} ends up"
            if field == "path"
            else f"{action.replace('_', ' ')}: click on the side the block should face"
        )


def answer_declaration(app: App, text: str, cancel: bool = False) -> None:
    """The GM typed a declared act (or cancelled with an empty answer)."""
    action, who = app.local_prompt  # type: ignore[misc]
    fight = app.session.fight
    assert fight.engine is not None
    cmd_type = fight.engine.ruleset.command_names[action]
    kind = tool_kind(cmd_type)
    optional = kind == "global_typed" or (
        kind == "target_typed" and not has_required_values(cmd_type)
    )
    if cancel or (not text.strip() and not optional):
        app.local_prompt = None
        app.status = "Cancelled"
        return
    if kind in ("target_typed", "area", "members"):
        _then_pick(app, action, cmd_type, kind, who, text)
        return
    if kind == "global_typed":  # nobody's act: the typed values only (Enter alone: none)
        values, why = parse_typed(cmd_type, "", text, ("",))
        if values is None:
            app.status = why
            return
        app.local_prompt = None
        play_or_ask(app, cmd_type(**values), done=f"{action.replace('_', ' ')}: done")
        return
    if kind == "side":
        side = fight.side_of(who)
        cmd, why = make_typed(fight, cmd_type, side_field(cmd_type), side, text)
    elif kind == "typed":
        cmd, why = make_typed(fight, cmd_type, actor_field(cmd_type), who, text)
    else:
        cmd, why = make_act(fight, cmd_type, who, text)
    if cmd is None:
        app.status = why
        return
    app.local_prompt = None
    by = fight.names().get(who, who)
    if kind == "side":  # the side acted, not the creature picked to stand for it
        sid = fight.side_of(who)
        sd = next((s for s in fight.engine.state.sides if s.id == sid), None)
        by = (sd.name or sd.id) if sd is not None else by
    play_or_ask(app, cmd, done=f"{by}: {text.strip()}")


def _then_pick(app: App, action: str, cmd_type: type, kind: str, who: str, text: str) -> None:
    """Values typed: now the target tool (item and spell attacks) or the area drag (light)."""
    field = {"area": "area", "members": member_field(cmd_type)}.get(kind, "")
    skip = (pick_field(cmd_type),) if kind == "target_typed" else (field,)
    actor = actor_field(cmd_type) if kind == "target_typed" else field
    values, why = parse_typed(cmd_type, actor, text, skip)
    if values is None:
        app.status = why
        return
    app.local_prompt = None
    if field:
        app.tools = app.tools[:1] + [AreaTool(action, cmd_type, values, field)]
        app.status = (
            "Drag a rectangle of squares" if field == "area" else "Drag over the creatures"
        ) + "; right click or Escape cancels"
    else:
        app.tools = app.tools[:1] + [TargetTool(who, action, app.option, values)]
        app.status = "Click the target; right click or Escape cancels"


def next_foe_health(app: App) -> None:
    """How the players see the foes' health in this encounter: exact, wounds, none (kept)."""
    from game.io.table_prefs import load_prefs, save_prefs

    modes = FOE_HEALTH_MODES
    app.foe_health = modes[(modes.index(app.foe_health) + 1) % len(modes)]
    words = {
        "exact": "their health bars as they are",
        "wounds": "hurt or badly hurt",
        "none": "no health at all",
    }
    app.status = f"The players see the foes' health: {words[app.foe_health]}"
    try:
        save_prefs(load_prefs().with_foe_health(app.encounter_key, app.foe_health))
    except OSError as err:  # a read-only home: the choice holds for this evening only
        app.status += f" ({err.filename}: not remembered, {err.strerror})"


def next_fog(app: App) -> None:
    """The table screen's fog: off, painted by the GM (drag reveals, shift-drag hides), or what
    the players' creatures can see."""
    modes = FOG_MODES
    app.fog.mode = modes[(modes.index(app.fog.mode) + 1) % len(modes)]
    failed = app.session.fog_changed()  # journalled: the fog survives closing the window
    app.tools = app.tools[:1]
    if app.fog.mode == "manual":
        app.tools.append(FogTool(app.fog, app.session.fog_changed))
        app.status = (
            "Fog: drag to reveal squares to the players, shift-drag to hide; Escape ends painting"
        )
    elif app.fog.mode == "sight":
        app.status = "Fog: the players see what their creatures can see"
    else:
        app.status = "Fog off: the players see the whole battlefield"
    if failed:
        app.status += f" (not saved: {failed})"


def toggle_player_view(app: App) -> None:
    """P: open the table screen's window (on the remembered display), or close it."""
    from game.io.table_prefs import load_prefs

    if app.player_view is not None:
        app.close_player_view("Player view closed")
        return
    wanted = load_prefs().player_display
    if wanted < 0 and len(pygame.display.get_desktop_sizes()) > 1:
        app.ask_display()  # several displays and none chosen yet: the GM picks one
        return
    open_player_view(app, wanted)


def open_player_view(app: App, display: int) -> None:
    """Open the player view on a display, leaving the keyboard with the GM window."""
    app.player_view = PlayerView(
        app.session.fight, app.camera, app.caches.art, display=display, gm_window=app.window
    )
    app.status = (
        f"Player view open on display {app.player_view.display + 1}: F11 there for fullscreen, "
        "Ctrl+P for another display"
    )
