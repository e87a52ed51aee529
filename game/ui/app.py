"""The GM window: event loop, camera controls, panels, the tool stack and the player view.

`run_app(path)` opens an encounter or a map. Closing the window, SIGTERM, or the
BATTLEMAT_AUTOQUIT_S timer (for tests) end the loop cleanly; the journal already holds every
command, so nothing is lost either way.
"""

from __future__ import annotations

import os
import signal
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game.io.errors import InputError, InputErrors
from game.io.table_prefs import load_prefs
from game.ui import intents, undo_many
from game.ui.camera import DEFAULT_DPI, Camera, touch_target_px, ui_scale_for
from game.ui.command_kinds import tool_kind, typed_hint
from game.ui.confirm import Confirm
from game.ui.context import ToolContext
from game.ui.key_repeat import HeldKey
from game.ui.map_reload import MapReloader, fresh_board
from game.ui.panel_model import panel_model
from game.ui.panels import Layout, Panels
from game.ui.player_view import PlayerView
from game.ui.render.frame import RenderCaches, draw_frame
from game.ui.render.tokens import TokenArt
from game.ui.scene import DEFAULT_OVERLAYS, Scene
from game.ui.session import Session
from game.ui.setup.controller import SetupController
from game.ui.tools.base import Result, Tool, token_at
from game.ui.tools.select import SelectTool, select
from game.ui.touch import Gesture, Touch
from game.ui.window_events import WINDOWLESS, display_window, window_id

FRAME_MS = 16  # while something moves: about 60 frames a second
IDLE_POLL_S = 0.04  # at rest: look for events this often (a click waits at most this long)
SETTLE_S = 1.5  # after input, keep drawing this long (hover colours, tooltips come in)
TOUCH_WIDE_PX = 1600  # narrower touch screens open with the side panels collapsed
#: A turn panel row clicked: newly selected, or clicked again while it stays highlighted
ROW_CLICKED = (
    pygame_gui.UI_SELECTION_LIST_NEW_SELECTION,
    pygame_gui.UI_SELECTION_LIST_DROPPED_SELECTION,
)


class App:
    """One GM window on one session."""

    def __init__(
        self,
        session: Session,
        *,
        size: tuple[int, int] = (1400, 860),
        touch: bool = False,
        dpi: float = DEFAULT_DPI,
        ui_scale: float | None = None,
    ) -> None:
        if not pygame.display.get_init():
            pygame.display.init()
        if not pygame.font.get_init():
            pygame.font.init()
        self.session = session
        self.touch = touch
        self.scale = ui_scale if ui_scale is not None else ui_scale_for(dpi, touch=touch)
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        # loading the map's images made a hidden 1x1 window centred on the desktop; set_mode
        # keeps that position, which leaves the real window's top-left at the desktop's centre
        self.window = display_window()  # its id tells the GM window's events from the table's
        self.window.position = pygame.WINDOWPOS_CENTERED
        pygame.display.set_caption(f"Battlemat: {session.title}")
        self.manager = pygame_gui.UIManager(size, _theme(self.scale))
        pt = round(14 * self.scale)
        self.manager.preload_fonts(
            [
                {"name": "noto_sans", "point_size": pt, "style": st, "antialiased": "1"}
                for st in ("bold", "italic")
            ]
        )
        self.finger_px = touch_target_px(dpi) if touch else 0  # a touch target: 1 cm
        # Touch mode on a laptop-sized screen: the side panels start collapsed, so the map gets
        # most of it (a finger-sized toggle at each side of the map opens them)
        narrow = touch and size[0] < TOUCH_WIDE_PX
        self.collapsed: frozenset[str] = frozenset(
            ({"left"} if session.opened.encounter is None else {"left", "right"}) if narrow
            else ()
        )
        self.layout = self._layout(*size)
        self.panels = Panels(self.manager, self.layout, self.scale)
        v = self.layout.view
        self.camera = Camera(v.width, v.height, view_x_px=v.x, view_y_px=v.y)
        if touch:
            self.camera.min_px_per_yd = self.finger_px
        art = TokenArt(
            session.token_config.images,
            session.token_config.side_colours,
            lambda gid: session.tmx.tile_picture(gid) if session.tmx is not None else None,
        )
        self.caches = RenderCaches.for_battlefield(session.battlefield, session.tmx, art)
        self.caches.board.live = True  # animated tiles; chunks rendered within a frame budget
        self.caches.art.live = True  # token pictures, too (the player view shares them)
        self.map_reload = MapReloader(session)  # the map saved in Tiled: reloaded live
        self.overlays = frozenset(DEFAULT_OVERLAYS)
        self.tools: list[Tool] = [SelectTool()]
        # a bare Tiled map opens to set-up (issue 11): bestiary, editor, sides, Start, Save;
        # an encounter enters it from the action bar while the fight has not started
        self.setup: SetupController | None = SetupController(self)
        self.selected = ""
        self.hover_square: tuple[int, int] | None = None
        self.hover_px: tuple[int, int] | None = None  # the cursor over the map (tooltips)
        self.status = ""
        self.running = True
        self.fullscreen = False
        self._pan_from: tuple[int, int] | None = None
        self._pan_moved = 0  # pixels dragged with the right button: a drag pans, a click cancels
        self._panel_version = -1
        self.input_at = 0.0  # when the last event came (the loop keeps drawing a moment after)
        self.player_view: PlayerView | None = None
        self.display_list: pygame_gui.elements.UISelectionList | None = None  # Ctrl+P's choice
        self.focused = True
        self.held = HeldKey()
        self.needs_redraw = True  # the GM window was exposed or resized: draw it again
        # pygame_gui skipped on frames that only hover, pan or zoom the map (_map_only)
        self.ui_untouched = False
        self._ui_dt = 0.0  # seconds of skipped updates, given to its next one
        self._ui_drawn = False  # the panels' last drawing is on the window's surface
        self._ui_over: tuple[pygame.Rect, list] | None = None  # widgets over the view
        self.needs_full_ui = True  # exposed, resized, relaid out: draw every widget again
        self._mouse_at: tuple[int, int] = (-1, -1)
        self._mouse_in_view = False  # where the mouse was at pygame_gui's last update
        self.fingers = Touch(self._token_under)  # touches on the map as gestures (touch.py)
        self._finger_on_panels: set[int] = set()  # those go to the widgets as SDL's mouse
        self.fog = session.fog  # the table screen's fog of war (players_see.py), journalled
        self.foe_health = load_prefs().foe_health.get(self.encounter_key, "exact")
        self.frame_count = 0
        self.option = ""  # the attack option chosen in the action bar
        # (action, creature): a declaration being typed in (game/ui/declare.py)
        self.local_prompt: tuple[str, str] | None = None
        self.confirm: Confirm | None = None  # a yes-or-no question open (game/ui/confirm.py)
        self.file_dialog: Any = None
        self.shot_requested = (
            False  # SIGUSR1: save the window to $BATTLEMAT_SHOT (for tests, bug reports)
        )
        self.fit()
        self.select_acting()  # a reopened fight: the creature whose turn it is, ready to play

    # -- the loop ----------------------------------------------------------------------------
    def run(self, *, autoquit_s: float | None = None, close: bool = True) -> int:
        """Run until the window closes (or SIGTERM, or the auto-quit timer).

        At rest the loop waits for events and draws nothing (a laptop's battery): it draws
        after input, when the fight changed, while something animates (animated tiles, chunks
        still being rendered, pygame_gui's hover and tooltips for a moment after input, a
        text cursor blinking) and when a window was exposed or resized.
        """
        clock = pygame.time.Clock()
        started = time.monotonic()
        while self.running:
            busy = self.animating()
            # an animated map: look each frame; chunks ahead of need: rendered, then rest
            wakeful = busy or self.caches.board.animates or self.caches.board.ahead()
            if wakeful:
                first = pygame.event.wait(FRAME_MS)
                events = [first] if first.type != pygame.NOEVENT else []
            else:
                # At rest, a short sleep between looks: SDL's own wait polls every millisecond
                # (about 2% of a core on X11 and the dummy driver), a 40 ms sleep costs 0.3%
                time.sleep(IDLE_POLL_S)
                events = []
            events += pygame.event.get()
            self.frame(events, clock, busy)
            if self.shot_requested:
                self.shot_requested = False
                self.save_screenshot(Path(os.environ.get("BATTLEMAT_SHOT", "battlemat-shot.png")))
            if autoquit_s is not None and time.monotonic() - started > autoquit_s:
                self.running = False
        if close:
            self.close()
        return 0

    def frame(self, events: list[pygame.event.Event], clock: pygame.time.Clock, busy: bool) -> None:
        """One turn of the loop: the events, pygame_gui's update, the drawing if due."""
        for event in events:
            self._guarded(self.handle, event)
        repeats = self.held.repeats()  # after this turn's key-ups
        for event in repeats:
            self._guarded(self.handle, event)
        events = events + repeats
        if events:
            self.input_at = time.monotonic()
            self.needs_redraw = True
        dt = clock.tick() / 1000.0
        self.ui_untouched = self._map_only(events)
        if events or busy or self.session.version != self._panel_version:
            self._guarded(self.update, dt)  # pygame_gui's update is not free: not at rest
        if self.needs_redraw or busy:
            self.draw()
            pygame.display.flip()
            self.needs_redraw = False
        elif self.caches.board.ahead():
            self.caches.board.work_ahead()  # nothing new to show: no drawing, a frame's budget

    def animating(self) -> bool:
        """True while the window must keep drawing without input (see ``run``)."""
        if self.held.active:
            return True  # a held key repeats without new input
        if time.monotonic() - self.input_at < SETTLE_S:
            return True  # pygame_gui's hover colours and tooltips come in after the input
        if self.caches.board.pending or self.caches.board.animation_due():
            return True
        if self.caches.art.pending:
            return True  # tokens shown by a stand-in: their pictures come on the next frames
        pv = self.player_view
        if pv is not None and (pv.needs_redraw or pv.caches.board.pending):
            return True
        return self._text_focused()  # its cursor blinks

    def _guarded(self, fn: Any, arg: Any) -> None:
        """Run one step; a bug in a rule or a query is reported, never closes the GM's window.

        The encounter is untouched (only the engine changes it, and its commands are atomic);
        the traceback goes to stderr for the bug report.
        """
        try:
            fn(arg)
        except Exception as err:  # noqa: BLE001 - keep the table running, report the bug
            traceback.print_exc(file=sys.stderr)
            self.status = f"Internal error (reported on the console): {type(err).__name__}: {err}"
            self.tools = self.tools[:1]
            self._panel_version = -1

    def save_screenshot(self, path: Path) -> None:
        """Write what the GM window shows to a PNG, and the player view's beside it
        (``NAME-table.png``) when it is open; each written whole, then renamed into place.
        The GM window's file comes last: once it is there, both are."""
        shots = [(self.screen, path)]
        if self.player_view is not None:
            table = path.with_name(path.stem + "-table" + path.suffix)
            shots.insert(0, (self.player_view.window.get_surface(), table))
        for surface, out in shots:
            tmp = out.with_name(out.stem + ".tmp.png")
            pygame.image.save(surface, str(tmp))
            os.replace(tmp, out)

    def close(self) -> None:
        """Flush the journal and close the player view."""
        self.session.close()
        if self.player_view is not None:
            self.player_view.close()
            self.player_view = None

    def update(self, dt: float) -> None:
        """Refresh panels when the encounter changed; let pygame_gui animate."""
        reloaded = self.map_reload.poll()
        if reloaded is not None:
            self.status = reloaded
            self.caches.board = fresh_board(self.session)
            self.caches.art.forget()  # a creature's tile may have changed with the map
            if self.player_view is not None:
                self.player_view.caches.board = fresh_board(self.session)
        if self.caches.art.problems:  # a token's picture that could not be shown: say so once
            self.status = self.caches.art.problems[-1]
            self.caches.art.problems.clear()
            self._panel_version = -1
        if self.session.version != self._panel_version:
            self._panel_version = self.session.version
            self.needs_redraw = True
            self.ui_untouched = False
            self._refresh_panels()
            self._sync_prompt()
        if self.ui_untouched:
            self._ui_dt += dt  # handed to pygame_gui's next update, so its timers keep time
            return
        self.manager.update(dt + self._ui_dt)
        self._ui_dt = 0.0
        self._ui_drawn = False
        self._ui_over = None
        self._mouse_in_view = self.layout.view.collidepoint(self._mouse_at)

    def _over_view_only(self, event: pygame.event.Event) -> bool:
        """True for a mouse move with no button held over the battlefield view, the mouse
        already there at pygame_gui's last update and no widget lying over the view: no widget
        can take it (hover colours and tooltips follow the mouse in pygame_gui's update; a drag
        holds a button)."""
        over = self._ui_over
        return (
            event.type == pygame.MOUSEMOTION
            and not getattr(event, "touch", False)
            and not any(getattr(event, "buttons", (0,)))
            and self._mouse_in_view
            and over is not None
            and over[0] == self.layout.view
            and not over[1]
            and not self.needs_full_ui
            and not self.manager.get_sprite_group().should_update_visibility  # none came
            and self.layout.view.collidepoint(event.pos)
        )

    def _map_only(self, events: list[pygame.event.Event]) -> bool:
        """True when a frame's input only hovers, pans or zooms the battlefield view, and the
        mouse was already there at pygame_gui's last update: no widget can look different, so
        its update and drawing are skipped (two thirds of a frame with the set-up panels)."""
        was_in_view = self._mouse_in_view
        for e in events:
            if e.type == pygame.MOUSEMOTION and not getattr(e, "touch", False):
                self._mouse_at = e.pos
        if not was_in_view or self._panel_version != self.session.version:
            return False
        if self.needs_full_ui or self._text_focused():
            return False
        if self.manager.get_sprite_group().should_update_visibility:
            return False  # a widget came or went since pygame_gui's last update
        view = self.layout.view
        for e in events:
            if getattr(e, "touch", False):
                return False  # SDL's mouse made from a touch: it is the widgets' (touch.py)
            if e.type == pygame.MOUSEMOTION:
                # a drag that began on a widget (a scroll bar) goes on in pygame_gui
                if not view.collidepoint(e.pos) or (any(e.buttons) and self._pan_from is None):
                    return False
            elif e.type != pygame.MOUSEWHEEL:
                return False
        return True

    def draw(self) -> None:
        """Battlefield, then panels on top; then the player view, if open.

        The battlefield is drawn only inside its view; the panels around it stay on the
        window's surface from the last frame when pygame_gui did not change (``_map_only``):
        then only widgets lying over the view (a prompt, a tooltip) are drawn again, clipped
        to it."""
        draw_frame(self.screen, self.camera, self.scene(), self.caches)
        if self._ui_drawn and not self.needs_full_ui:
            self._draw_ui_over_view()
        else:
            self.manager.draw_ui(self.screen)
            self._ui_drawn = True
            self.needs_full_ui = False
        if self.player_view is not None:
            self.player_view.draw(self.session.fight, self.foe_health, self.fog_seen())
        self.frame_count += 1

    def _draw_ui_over_view(self) -> None:
        view = self.layout.view
        if self._ui_over is None or self._ui_over[0] != view:
            # the widgets' pictures change only in pygame_gui's update: walked once after it
            visible = self.manager.get_sprite_group().visible
            # (a container's picture is empty: it draws nothing and takes no mouse)
            self._ui_over = (view.copy(), [bd for bd in visible if view.colliderect(bd[1])
                                           and bd[0].get_width() and bd[0].get_height()])
        over = self._ui_over[1]
        if over:
            clip = self.screen.get_clip()
            self.screen.set_clip(view)
            self.screen.blits(over, doreturn=False)
            self.screen.set_clip(clip)

    def scene(self) -> Scene:
        """What the GM view shows now."""
        fields: dict[str, Any] = {}
        for tool in self.tools:
            fields.update(tool.preview())
        highlighted = set(fields.pop("highlighted_keys", ()))
        aimed = "target" in fields or bool(fields.get("formations"))  # a tool's own words
        # A tool's formations (a block where it would move) are drawn over the real blocks
        formations = self.session.fight.formations() + tuple(fields.pop("formations", ()))
        highlighted.update(self.panels.hovered_log_ids())
        highlighted.update(self.session.fight.prompt_keys())
        return Scene(
            self.session.battlefield,
            self.session.fight.tokens(),
            overlays=self.overlays,
            selected_key=self.selected,
            highlighted_keys=frozenset(highlighted),
            hover_square=self.hover_square,
            # a target's reasons, a block's move, name what is hovered: no tooltip over them
            hover_px=None if aimed else self.hover_px,
            formations=formations,
            fog_seen=self.fog_seen(),
            **fields,
        )

    @property
    def encounter_key(self) -> str:
        """The encounter file the table settings are remembered for."""
        return str(self.session.opened.path.resolve())

    def fog_seen(self) -> Any:
        """Squares the players see now, or None when the fog is off."""
        fight = self.session.fight
        return self.fog.seen(fight.engine.state if fight.engine else None, fight.version)

    # -- events ------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Route one event: window, panels, camera keys and drags, then the top tool."""
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type in WINDOWLESS:
            return  # its WINDOW* twin says which window it was (game/ui/window_events.py)
        wid = window_id(event)
        if self.player_view is not None and wid == self.player_view.id:
            self._player_view_event(event)
            return
        if wid is not None and wid != self.window.id:
            return  # a window already closed (the player view's last events)
        if event.type != pygame.KEYDOWN or not self._text_focused():
            self.held.track(event)  # Ctrl+Z, the arrows ... repeat while held (not in a text)
        if event.type == pygame.WINDOWCLOSE:
            self.running = False  # every command is in the journal already
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self._relayout(event.x, event.y)
            return
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN):
            self.needs_redraw = True
            self.needs_full_ui = True
            return
        if event.type in (pygame.WINDOWFOCUSGAINED, pygame.WINDOWFOCUSLOST):
            self.focused = event.type == pygame.WINDOWFOCUSGAINED
            self._pan_from = None  # a drag does not outlive the focus (its button-up is lost)
            return
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and self.display_list is not None
            and event.ui_element is self.display_list
        ):
            self._display_picked(str(event.text))
            return
        if self.confirm is not None and event.type == pygame.KEYDOWN:
            self._confirm_event(event)  # Enter says yes, Escape no, other keys wait
            return
        # pygame_gui walks every widget for each event: a plain move over the view is not theirs
        consumed = False if self._over_view_only(event) else self.manager.process_events(event)
        if self.confirm is not None and self._confirm_event(event):
            return
        if self.setup is not None and self.setup.handle(event):
            return
        if undo_many.handle(self, event):  # a right click on a log line: undo from there
            return
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._button(event.ui_element)
            return
        if (  # a row clicked again (after a "no" kept it highlighted) is clicked all the same
            event.type in ROW_CLICKED and event.ui_element is self.panels.creatures
        ):
            cid = self.panels.creature_for_row(event.text)
            if not cid:
                self._pick_side(str(event.text))
                return
            self._intent("turn_start", cid)
            self.select_creature(cid)  # its actions on the bar and where it can go, at once
            return
        if (
            event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION
            and event.ui_element is self.panels.log
        ):
            self.panels.toggle_log_line()  # a move's steps, on demand
            return
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED:
            self.status = self.session.load(Path(event.text))
            self.tools = self.tools[:1]
            self.select_acting()
            self._panel_version = -1
            return
        if (
            event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED
            and event.ui_element is self.panels.ruleset_menu
        ):
            self._ask_ruleset(str(event.text).split(": ", 1)[-1])
            return
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            text = str(event.text)
            picked = "" if text.endswith("none") else text.split(": ", 1)[-1]
            self.option = picked.replace(" ", "_")  # shown 'knock down', the command's knock_down
            self.status = f"Attack option: {picked or 'none'}"
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self._typed(event.ui_element, event.text)
            return
        if event.type in (pygame.FINGERDOWN, pygame.FINGERMOTION, pygame.FINGERUP):
            self._finger(event)
            return
        if event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
        ):
            if getattr(event, "touch", False):
                return  # SDL's mouse for a touch: the widgets had it, the map has the finger
            self._mouse(event, consumed)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.display_list:
            self.close_display_list()
            self.status = ""
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.local_prompt:
            self._cancel_local_prompt()  # even while its text entry has the keys
            return
        if event.type == pygame.KEYDOWN and not self._text_focused():
            self._key(event)

    def _confirm_event(self, event: pygame.event.Event) -> bool:
        """While a question is open only the dialog takes input: its buttons (mouse, or SDL's
        mouse for a finger), Enter and Escape; the map, keys and bar wait. True if taken."""
        assert self.confirm is not None
        confirm = self.confirm
        taken = confirm.handle(event)
        if not confirm.open:
            if self.confirm is confirm:
                self.confirm = None  # (its answer may have asked a new question)
            self._panel_version = -1
            return True
        return taken or event.type in (
            pygame.MOUSEBUTTONDOWN,
            pygame.MOUSEBUTTONUP,
            pygame.MOUSEMOTION,
            pygame.MOUSEWHEEL,
            pygame.FINGERDOWN,
            pygame.FINGERMOTION,
            pygame.FINGERUP,
        )

    def _player_view_event(self, event: pygame.event.Event) -> None:
        """An event of the table screen's window: it is handled there, never by the GM's."""
        assert self.player_view is not None
        if event.type == pygame.WINDOWCLOSE:
            self.close_player_view("Player view closed (P opens it again)")
            return
        said = self.player_view.handle(event)
        if said:
            self.status = said
            self._panel_version = -1

    def close_player_view(self, status: str) -> None:
        """Close the table screen's window; the fight goes on in the GM window."""
        if self.player_view is not None:
            self.player_view.close()
            self.player_view = None
        self.status = status
        self._panel_version = -1

    def set_fullscreen(self, on: bool) -> None:
        """F11 in the GM window: fullscreen on the display it stands on, or back to a window."""
        if on:
            self.window.set_fullscreen(True)
        else:
            self.window.set_windowed()
        self.fullscreen = on
        self._relayout(*self.window.size)

    def ask_display(self) -> None:
        """The list of displays to put the player view on (Ctrl+P, or P with several)."""
        from game.ui.player_view import display_choices

        self.close_display_list()
        w, h = self.screen.get_size()
        choices: list[str | tuple[str, str]] = list(display_choices())
        box_h = min(h - 40, 60 + 36 * len(choices))
        self.display_list = pygame_gui.elements.UISelectionList(
            pygame.Rect(w // 2 - 160, h // 2 - box_h // 2, 320, box_h),
            choices,
            self.manager,
        )
        self.status = "Player view: click the display it opens on (Escape: not now)"

    def close_display_list(self) -> None:
        """Close the display list without choosing."""
        if self.display_list is not None:
            self.display_list.kill()
            self.display_list = None

    def _display_picked(self, text: str) -> None:
        from dataclasses import replace

        from game.io.table_prefs import load_prefs, save_prefs

        self.close_display_list()
        display = int(text.split(":", 1)[0]) - 1
        try:
            save_prefs(replace(load_prefs(), player_display=display))
        except OSError as err:  # a read-only home: the choice holds for this evening only
            self.status = f"{err.filename}: cannot remember the display ({err.strerror})"
        if self.player_view is None:
            intents.open_player_view(self, display)
        else:
            self.player_view.move_to(display)
        self.status = f"Player view on display {display + 1} (remembered for next time)"

    def _pick_side(self, header: str) -> None:
        """A side's header in the turn panel: select one of its creatures, so the GM panel's
        side-level tools (initiative, morale course, terms) are for that side."""
        st = self.session.engine.state if self.session.engine is not None else None
        if st is None:
            return
        for side in st.sides:
            if header.startswith(f"{side.name or side.id} ("):
                members = [c.id for c in st.creatures.values() if c.side == side.id]
                live = [k for k in members if st.creatures[k].in_fight] or members
                if live:
                    self.selected = live[0]
                    self.status = f"{side.name or side.id}: the GM tools act for this side"
                    self._panel_version = -1
                return

    def _cancel_local_prompt(self) -> None:
        """Escape or right click while values are typed at a creature: nothing is played."""
        self.local_prompt = None
        self.status = "Cancelled"
        self._panel_version = -1

    def _ask_ruleset(self, ruleset: str) -> None:
        """Confirm before the fight starts over under another ruleset."""
        if self.session.engine is None or ruleset == self.session.engine.ruleset.id:
            return

        def cancelled() -> None:
            self.panels._rulesets = ("", [])  # the menu shows the ruleset in play again
            self.status = "Cancelled: the fight goes on"

        self.confirm = Confirm(
            self.manager,
            self.screen.get_size(),
            f"Play under {ruleset}",
            f"Start this fight over under <b>{ruleset}</b> rules, from the encounter's set-up? "
            "The fight so far is kept: its journal is backed up next to the new one. "
            "Undo and autosave go on in the new fight.",
            "Start over",
            on_yes=lambda: self.switch_ruleset(ruleset),
            on_no=cancelled,
            scale=self.scale,
        )
        self.status = f"Switch to {ruleset}? Confirm in the dialog"

    def switch_ruleset(self, ruleset: str) -> None:
        """Restart the encounter under another ruleset (the old journal is kept as a backup)."""
        self.status = self.session.restart(ruleset)
        self.local_prompt = None
        self.tools = self.tools[:1]
        self.selected = ""
        self.option = ""
        self._panel_version = -1

    def _text_focused(self) -> bool:
        focus = self.manager.get_focus_set()
        return any(isinstance(e, pygame_gui.elements.UITextEntryLine) for e in (focus or ()))

    def _mouse(self, event: pygame.event.Event, consumed: bool) -> None:
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if not self.panels.over_panels(pos):
                self.camera.zoom_about(pos[0], pos[1], 1 if event.y > 0 else -1)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (2, 3):
            if not self.panels.over_panels(event.pos):
                self._pan_from = event.pos
                self._pan_moved = 0
            if event.button == 2:
                return
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button in (2, 3)
            and self._pan_from is not None
        ):
            moved = self._pan_moved
            self._pan_from = None
            if event.button == 2 or moved > 4:
                return  # a drag was a pan, not a right click
            self._tool_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=event.pos))
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return  # wait for the button to come up: a right drag pans
        if event.type == pygame.MOUSEMOTION and self._pan_from is not None:
            dx, dy = event.pos[0] - self._pan_from[0], event.pos[1] - self._pan_from[1]
            self._pan_moved += abs(dx) + abs(dy)
            self.camera.pan_px(dx, dy)
            self._pan_from = event.pos
            return
        if consumed or self.panels.over_panels(event.pos):
            if event.type == pygame.MOUSEMOTION:
                self.hover_square = None
                self.hover_px = None
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover_square = self.camera.square_at_px(*event.pos)
            self.hover_px = event.pos
        self._tool_event(event)

    def _token_under(self, pos: tuple[int, int]) -> bool:
        return bool(token_at(self.tool_context(), self.camera.square_at_px(*pos)))

    def _finger(self, event: pygame.event.Event) -> None:
        """A touch: on the panels SDL's mouse events work the widgets; on the map, gestures."""
        w, h = self.screen.get_size()
        pos = (round(event.x * w), round(event.y * h))
        key = int(event.finger_id)
        now = time.monotonic()
        if event.type == pygame.FINGERDOWN and self.panels.over_panels(pos):
            self._finger_on_panels.add(key)
            return
        if key in self._finger_on_panels:
            if event.type == pygame.FINGERUP:
                self._finger_on_panels.discard(key)
            return
        if event.type == pygame.FINGERDOWN:
            gestures = self.fingers.down(key, pos, now)
        elif event.type == pygame.FINGERMOTION:
            gestures = self.fingers.move(key, pos)
        else:
            gestures = self.fingers.up(key, pos, now)
        for g in gestures:
            self._gesture(g)

    def _gesture(self, g: Gesture) -> None:
        """Play a touch gesture as the mouse would (the same tools, the same camera)."""
        if g.kind == "pan":
            self.camera.pan_px(g.dx, g.dy)
        elif g.kind == "zoom":
            self.camera.zoom_about(g.pos[0], g.pos[1], g.notches)
        elif g.kind == "right":
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                self._mouse(pygame.event.Event(kind, pos=g.pos, button=3), False)
        else:
            if g.kind == "press":  # the tools hover the square before a click, as the mouse does
                self._mouse(_motion(g.pos), False)
            if g.kind == "motion":
                self._mouse(_motion(g.pos), False)
            else:
                button = pygame.MOUSEBUTTONDOWN if g.kind == "press" else pygame.MOUSEBUTTONUP
                self._mouse(pygame.event.Event(button, pos=g.pos, button=1), False)

    def _tool_event(self, event: pygame.event.Event) -> None:
        if self.local_prompt is not None and (
            (event.type == pygame.MOUSEBUTTONDOWN and event.button == 3)
            or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
        ):
            self._cancel_local_prompt()
            return
        if (
            self.panels.gm_panel is not None
            and len(self.tools) == 1
            and (
                (event.type == pygame.MOUSEBUTTONDOWN and event.button == 3)
                or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE)
            )
        ):
            self.panels.show_gm_tools(False)  # the pop-up of tools or more actions closes
            self.status = ""
            return
        self._apply(self.tools[-1].on_event(event, self.tool_context()))

    def fit(self) -> None:
        """Show the whole battlefield; when the zoom cannot go that far out (a touch screen's
        1 cm squares), show every token of the fight instead (their bounding box; below the
        touch minimum if even that does not fit)."""
        bf = self.session.battlefield
        if self.camera.fits(bf.width, bf.height) or self.session.engine is None:
            self.camera.fit(bf.width, bf.height)
            return
        toks = self.session.fight.tokens()
        if not toks:
            self.camera.fit(bf.width, bf.height)
            return
        x0 = min(t.square[0] for t in toks)
        y0 = min(t.square[1] for t in toks)
        x1 = max(t.square[0] + t.space for t in toks)
        y1 = max(t.square[1] + t.space for t in toks)
        # every token shows, even when that means squares under a finger's width for a moment
        self.camera.fit_area(x0, y0, x1, y1, below_minimum=True)

    def _layout(self, w: int, h: int) -> Layout:
        return Layout.for_window(w, h, self.scale, collapsed=self.collapsed,
                                 toggle_px=self.finger_px)

    def toggle_panel(self, side: str) -> None:
        """Open or close a side panel (touch mode's toggles): the map takes its room."""
        self.collapsed = self.collapsed ^ {side}
        self._relayout(*self.screen.get_size())

    def select_acting(self) -> None:
        """Select the creature whose turn it is, if any (after opening or reopening a fight)."""
        engine = self.session.engine
        if engine is None or (self.setup is not None and self.setup.active):
            return  # setting up: nobody's turn
        if engine.state.active and engine.state.active in engine.state.creatures:
            self.select_creature(engine.state.active)

    def select_creature(self, cid: str) -> None:
        """Select a creature as a click on its token does: its actions on the bar, its
        reachable squares on the map (the turn panel's rows; the acting one on reopening)."""
        self.tools = self.tools[:1]
        status = self.status
        self._apply(select(self.tool_context(), cid))
        self.status = status

    def tool_context(self) -> ToolContext:
        """What a tool reads with an event: the fight, its previews, the GM view's camera."""
        return ToolContext(
            self.session.fight,
            self.session.previews,
            self.camera,
            self.selected,
            shift=bool(pygame.key.get_mods() & pygame.KMOD_SHIFT),
        )

    def _apply(self, result: Result | None) -> None:
        """Do what a tool asked: select, submit a command, push or pop tools."""
        if result is None:
            return
        if result.select is not None:
            self.selected = result.select
        if result.pop and len(self.tools) > 1:
            self.tools.pop()
        if result.command is not None:
            intents.play_or_ask(self, result.command)  # asks first if it passes creatures over
            self.tools = self.tools[:1]
        if result.push is not None:  # after a command too: set-up's placing stays armed
            self.tools.append(result.push)
        if result.status:
            self.status = result.status
        if result.select is None and not result.pop and result.command is None and not result.push:
            # a hover's word (the target tool's odds, the measure, an edge's way): the status
            # line alone, not the whole bar, turn list and log again (~30 ms a hover)
            if result.status and self.panels.show_status(self.status):
                self.needs_full_ui = True  # the line lies outside the view: pygame_gui draws it
            return
        self._panel_version = -1

    def _key(self, event: pygame.event.Event) -> None:
        intents.on_key(self, event)

    def _intent(self, intent: str, arg: str = "") -> None:
        """Do one thing the GM asked for by button or key (game/ui/intents.py)."""
        if self.setup is not None and self.setup.intent(intent):
            return  # a set-up action of the bar
        intents.do_intent(self, intent, arg)

    def _button(self, element: Any) -> None:
        if element in self.panels.action_buttons:
            self._intent(f"action:{self.panels.action_buttons[element].id}")
        elif element in self.panels.buttons:
            self._intent(self.panels.buttons[element])

    def _typed(self, element: Any, text: str) -> None:
        if element is self.panels.dice_entry:
            self._intent("dice_enter")
        elif element is self.panels.prompt_entry:
            self._intent(f"answer_text:{text}")

    # -- intents (from buttons, keys and tools) -----------------------------------------------
    # -- helpers -------------------------------------------------------------------------------
    def _refresh_panels(self) -> None:
        model = panel_model(self.session.fight, self.selected)
        model.options = self.session.fight.attack_options() if self.selected else []
        model.overlays = self.overlays
        model.status = self.status or model.status
        if self.setup is not None:
            self.setup.bar(model)  # set-up's actions on the bar, not the fight's
        self.panels.refresh(model)
        if self.setup is not None:
            self.setup.refresh()  # over the log while the fight has not started

    def _local_question(self, action: str, name: str) -> str:
        """What the GM is asked to type: a declared act, or a GM tool's values."""
        model = self.panels.model
        button = next((a for a in model.actions + model.gm_tools if a.id == action), None)
        what = button.label if button is not None else action.replace("_", " ")
        cmd_type = self.session.fight.playing().ruleset.command_names[action]
        kind = tool_kind(cmd_type)
        if kind == "side":
            sid = self.session.fight.side_of(self.local_prompt[1]) if self.local_prompt else ""
            side = next((s for s in self.session.fight.playing().state.sides if s.id == sid), None)
            name = (side.name or side.id) if side is not None else sid
        if kind in ("typed", "side", "target_typed", "area", "members", "global_typed"):
            then = {
                "target_typed": ", then click the target",
                "area": ", then drag the area",
                "members": ", then drag over the members",
            }
            return (
                f"<b>{name}</b>: {what}: type <i>{typed_hint(cmd_type)}</i>, "
                f"then Enter{then.get(kind, '')}"
            )
        return (
            f"<b>{name}</b>: {what}: what does it do? Type the act "
            "and its target if any (e.g. <i>strike Raider 1</i>), then Enter"
        )

    def _sync_prompt(self) -> None:
        """Show the engine's pending decision as a prompt at the token it concerns."""
        prompt = self.session.fight.prompt()
        if prompt is None and self.local_prompt is not None and self.session.engine is not None:
            # A declaration the GM is typing in (game/ui/declare.py), at the creature
            action, who = self.local_prompt
            c = self.session.engine.state.creatures.get(who)
            name = c.name if c is not None else who
            self.panels.show_prompt(
                self.camera.square_center_px(c.square) if c else self.layout.view.center,
                self._local_question(action, name),
                [("", "Cancel")],
                entry=True,
            )
            return
        if prompt is None:
            self.panels.close_prompt()
            return
        square, text, options, entry = prompt
        at = self.camera.square_center_px(square) if square is not None else self.layout.view.center
        self.panels.show_prompt(at, text, options, entry=entry)

    def _relayout(self, w: int, h: int) -> None:
        self.screen = pygame.display.get_surface() or self.screen
        self.manager.set_window_resolution((w, h))
        self.panels.kill()
        self.layout = self._layout(w, h)
        self.panels = Panels(self.manager, self.layout, self.scale)
        if self.setup is not None:
            self.setup.relayout()
        v = self.layout.view
        self.camera.set_view(v.x, v.y, v.width, v.height)
        self._panel_version = -1
        self.needs_full_ui = True


def _motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))


def _theme(scale: float) -> dict:
    from game.ui.panels import theme

    return theme(scale)


def _install_sigterm(app_ref: list[App]) -> None:
    """SIGTERM ends the loop like closing the window (the journal is flushed on the way out)."""

    def stop(signum: int, frame: Any) -> None:
        for app in app_ref:
            app.running = False

    def shot(signum: int, frame: Any) -> None:
        for app in app_ref:
            app.shot_requested = True

    signal.signal(signal.SIGTERM, stop)
    if hasattr(signal, "SIGUSR1"):
        signal.signal(signal.SIGUSR1, shot)


def _window_size() -> tuple[int, int]:
    """BATTLEMAT_WINDOW (e.g. 1400x860) if set and sane, else 1400x860 shrunk to fit the desktop."""
    wanted = os.environ.get("BATTLEMAT_WINDOW", "")
    try:
        w, h = (int(v) for v in wanted.lower().split("x"))
        if 320 <= w <= 16384 and 240 <= h <= 16384:
            return (w, h)
    except ValueError:
        pass
    if wanted:
        print(f"warning: BATTLEMAT_WINDOW={wanted!r} is not WIDTHxHEIGHT; using the default")
    desktops = pygame.display.get_desktop_sizes() or [(1400, 860)]
    dw, dh = desktops[0]
    # a laptop's 1366x768 must still show the whole window, title bar and panels included
    return (min(1400, max(320, int(dw * 0.95))), min(860, max(240, int(dh * 0.9))))


def run_app(path: Path) -> int:
    """Open the GM window on an encounter or map; returns the exit status."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    pygame.display.init()
    pygame.font.init()
    if pygame.display.get_driver() in ("offscreen", "dummy") and not os.environ.get(
        "SDL_VIDEODRIVER"
    ):
        # SDL fell back to drawing nowhere: the window would run unseen and never close
        print(
            "error: no display to open the GM window on (set DISPLAY, or use "
            "`battlemat render ... --out FILE.png` for a picture)",
            file=sys.stderr,
        )
        return 2
    try:
        session = Session.open(Path(path))
    except (InputError, InputErrors) as err:
        for line in str(err).splitlines():
            print(f"error: {line}", file=sys.stderr)
        return 2
    touch = os.environ.get("BATTLEMAT_TOUCH", "") not in ("", "0")
    dpi = float(os.environ.get("BATTLEMAT_DPI", DEFAULT_DPI))
    scale = os.environ.get("BATTLEMAT_UI_SCALE")
    app = App(
        session, size=_window_size(), touch=touch, dpi=dpi, ui_scale=float(scale) if scale else None
    )
    _install_sigterm([app])
    autoquit = os.environ.get("BATTLEMAT_AUTOQUIT_S")
    try:
        return app.run(autoquit_s=float(autoquit) if autoquit else None)
    finally:
        pygame.quit()
