"""Set-up in the window: the panel's intents as set-up steps (game/io/setup/model.py).

A bare Tiled map opens here. Every step goes through the window's fight (journalled, undone
with Ctrl+Z); a refused one shows the engine's reason in the status bar and changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game.io.config import DEFAULT_CONFIG_DIR, load_definitions
from game.io.errors import InputError, InputErrors
from game.io.setup.encounter_file import FileStamp
from game.io.setup.model import SetUp
from game.rules.definitions import Definitions
from game.rules.engine.setup import SETUP_COMMANDS
from game.ui.panel_layout import ActionButton, PanelModel
from game.ui.setup.bar import BAR_PREFIX, GROUP, bar_actions, player_character
from game.ui.setup.panel import EDIT_FIELDS, SetupPanel, SetupView
from game.ui.setup.paste import PasteDialog, read_block
from game.ui.setup.tools import PlaceTool, RideTool, SetupSelectTool

if TYPE_CHECKING:
    from game.ui.app import App


def _size(size: float) -> str:
    """A Size as the books write it: 1/2, 1/4, 1, 2."""
    from fractions import Fraction

    f = Fraction(size).limit_denominator(8)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def _words(text: str) -> list[str]:
    return [w.strip() for w in text.replace(";", ",").split(",") if w.strip()]


class SetupController:
    """The set-up panel on one window, shown while its fight has not started."""

    def __init__(self, app: App, *, config_dir: Path | None = None) -> None:
        self.app = app
        self.config_dir = Path(config_dir) if config_dir else DEFAULT_CONFIG_DIR
        self.panel: SetupPanel | None = None
        self.paste: PasteDialog | None = None
        self._search = ""
        self.current_side = ""  # the side new creatures join
        self._opened: Any = None
        self._reset()

    def _reset(self) -> None:
        """Set-up for the file the window has open (again after the GM opened another)."""
        opened = self.app.session.opened
        self._opened = opened
        self._defs: Definitions | None = opened.definitions
        enc = opened.encounter
        #: where Save writes back without asking (the encounter opened), and how it was then
        self.encounter_path: Path | None = opened.path if enc is not None else None
        self.stamp: FileStamp | None = FileStamp.of(opened.path) if enc is not None else None
        engine = self.app.session.engine
        # a bare map opens to set-up; an encounter when the GM asks (or its journal set up)
        self.entered = enc is None or (engine is not None and any(
            isinstance(r.command, SETUP_COMMANDS) for r in engine.history))
        self._editing = ""  # the creature whose values the editor shows
        self._shown: dict[str, str] = {}  # ... as they were filled in (typed: differs)
        self._drafts: dict[str, dict[str, str]] = {}  # typed, refused, kept per creature

    @property
    def defs(self) -> Definitions:
        """The bestiary and weapons: the encounter's, or the config folder's (read once)."""
        if self._defs is None:
            self._defs = load_definitions(self.config_dir)
        return self._defs

    @defs.setter
    def defs(self, defs: Definitions) -> None:
        self._defs = defs

    # -- the model -------------------------------------------------------------------------------
    def model(self) -> SetUp | None:
        """The set-up model on the window's current engine (None: no engine)."""
        s = self.app.session
        if s.opened is not self._opened:
            self._reset()
        if s.engine is None:
            return None
        enc = s.opened.encounter
        name = enc.name if enc is not None else s.opened.path.stem.replace("_", " ").title()
        return SetUp(s.engine, self.defs, map_path=s.opened.map_path or s.opened.path,
                     name=name, encounter_path=self.encounter_path, stamp=self.stamp,
                     play=s.submit, source=enc)

    @property
    def active(self) -> bool:
        """Set-up is going on: an engine before its first round, set up in the window."""
        m = self.model()
        return m is not None and m.in_setup and self.entered

    # -- the frame -------------------------------------------------------------------------------
    def relayout(self) -> None:
        """The window changed size: the panel is rebuilt at its new place on the next frame
        (a side panel collapsed or opened leaves its place as it was: what is typed stays)."""
        if self.panel is not None and self.panel.panel.rect != self.app.layout.right:
            self.panel.kill()
            self.panel = None

    def _show_panel(self) -> None:
        """Set-up's panel, or the log and dice once set-up is over, where the right side panel
        stands, as touch mode's toggle left it: collapsed (Hide), none shows over the map."""
        shut = "right" in self.app.layout.collapsed
        shown = self.panel.panel if self.panel is not None else self.app.panels.right
        if shut and shown.visible:
            shown.hide()
        elif not shut and not shown.visible:
            shown.show()
        toggle = self.app.panels.toggles.get("right")
        if toggle is not None:  # it opens set-up, not the log, while setting up
            toggle.set_text("Hide >" if not shut else "< Set up" if self.panel else "< Log")

    def bar(self, model: PanelModel) -> None:
        """The action bar: set-up's actions instead of the fight's while setting up (a fight
        action would start the fight); at round 0 of an encounter, the way into set-up."""
        m = self.model()
        if m is None or not m.in_setup:
            return
        if not self.entered:
            if not model.actions:  # nothing selected: the bar is free for it
                model.actions = [ActionButton(
                    f"{BAR_PREFIX}enter", "Set up this fight", True,
                    "Add, edit, move and remove creatures, name the sides, then Start fight",
                    "", GROUP)]
            return
        model.actions, model.gm_tools, model.options = bar_actions(m, self.app.selected), [], []

    def refresh(self) -> None:
        """Show or hide the panel as the fight is in set-up or not, and fill it."""
        m = self.model()
        if m is None or not m.in_setup or not self.entered:
            if self.panel is not None:
                self.panel.kill()
                self.panel = None
                self._show_panel()  # the log and the dice are back (unless collapsed)
            if self.app.tools and isinstance(self.app.tools[0], SetupSelectTool):
                from game.ui.tools.select import SelectTool

                self.app.tools = [SelectTool()]
            return
        if self.panel is None:
            self.panel = SetupPanel(self.app.manager, self.app.layout.right, self.app.scale,
                                    self.save_target().name)
        self.app.panels.right.hide()  # set-up takes the log's place until the fight starts
        self._show_panel()
        if not isinstance(self.app.tools[0], SetupSelectTool):
            self.app.tools = [SetupSelectTool()]
        if self._editing and self._editing != self.app.selected:
            self._leave(m, self._editing)
        view = self.view(m)
        self.panel.refresh(view)
        self._editing, self._shown = view.creature, self.model_values(m, view.creature)

    def _leave(self, m: SetUp, cid: str) -> None:
        """The editor turns to another creature: what was typed for this one is applied (as a
        GM expects of an inspector: nothing typed is lost); refused, it is kept as this
        creature's draft and the status says why."""
        self._editing = ""
        if self.panel is None or cid not in m.state.creatures:
            return
        typed = self.panel.values()
        if typed == self._shown:
            return
        refused = self.apply_edit(m, cid, typed)
        name = m.state.creatures[cid].name
        if refused:
            self._drafts[cid] = typed
            self.app.status = f"{name} not changed: {refused[0]} (select it again to fix it)"
        else:
            self._drafts.pop(cid, None)
            self.app.status = f"{name} changed"

    def commit(self, m: SetUp) -> list[str]:
        """What is typed in the editor, applied (before Start fight and Save)."""
        if self.panel is None or not self._editing or self.panel.values() == self._shown:
            return []
        refused = self.apply_edit(m, self._editing, self.panel.values())
        if not refused:
            self._drafts.pop(self._editing, None)
            self._shown = self.model_values(m, self._editing)
        return refused

    def model_values(self, m: SetUp, cid: str) -> dict[str, str]:
        """The editor's fields for a creature, as the fight has it."""
        c = m.state.creatures.get(cid)
        if c is None:
            return {key: "" for _, key in EDIT_FIELDS}
        d = c.definition
        return {"name": c.name, "health": str(d.health), "damage": str(c.damage),
                "speed": str(d.speed), "defense": str(d.defense), "morale": str(d.morale),
                "lead": str(d.lead), "weapons": ", ".join(d.weapons),
                "afflictions": ", ".join(sorted({a.name for a in c.afflictions})),
                "token": str(c.data.get("token", ""))}

    def view(self, m: SetUp) -> SetupView:
        """What the panel shows for the model and the window's selection."""
        rows = [(f"{d.name} (Size {_size(d.size)}, Health {d.health})", d.id)
                for d in m.bestiary(self._search)]
        sides = [(s.id, s.name, s.controller == "players") for s in m.state.sides]
        c = m.state.creatures.get(self.app.selected)
        values: dict[str, str] = {}
        if c is not None:  # a refused draft comes back to be fixed
            values = self._drafts.get(c.id) or self.model_values(m, c.id)
        pc = player_character(m, c.id) if c is not None else None
        ids = [s.id for s in m.state.sides]
        if self.current_side not in ids:  # the GM's first side: monsters are added most
            self.current_side = next((s.id for s in m.state.sides if s.controller == "gm"),
                                     ids[0] if ids else "")
        osr = m.state.ruleset_id == "osr"
        # OSR: who leads the current side (its morale is in the box beside its name)
        note = m.side_leader(self.current_side).split(", morale ")[0] if osr else ""
        note = f"Leader: {note.removeprefix('leader ')}" if note else ""
        return SetupView(rows, sides, c.id if c else "", values, pc, c.side if c else "",
                         self.current_side, note, m.problems(), osr)

    def save_target(self) -> Path:
        """Where Save encounter writes when no path is typed: the encounter opened, or a file
        beside the map named for it."""
        opened = self.app.session.opened
        return self.encounter_path or Path(opened.map_path or opened.path).with_suffix(".yaml")

    # -- events ----------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """The panel's and the dialog's events; True when set-up took the event."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            bar = self.app.panels.action_buttons.get(event.ui_element)
            if bar is not None and self.intent(bar.id):
                return True
        if self.panel is None:
            return False
        p = self.panel
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and p.is_search(event.ui_element):
            self._search = event.text
            self.app._panel_version = -1
            return True
        if event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION and \
                event.ui_element is p.bestiary:
            self.arm(p.bestiary_id(str(event.text)))
            return True
        items = getattr(p.bestiary.item_list_container, "elements", ())
        if event.type == pygame_gui.UI_BUTTON_START_PRESS and event.ui_element in items:
            self.arm(p.bestiary_id(str(event.ui_element.text)))  # a drag onto the map places
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if self.paste is not None and event.ui_element is self.paste.read:
                self.read_pasted(self.paste.text.get_text())
                return True
            intent = p.buttons.get(event.ui_element)
            if intent:
                self.do(intent)
                return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is p.save_path:
            self.do("save")
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and \
                event.ui_element in p.entries.values():
            self.do("apply")
            return True
        return False

    def intent(self, intent: str) -> bool:
        """An action bar button of set-up's ("action:setup:..."); True when it was one."""
        name = intent.removeprefix("action:")
        if not name.startswith(BAR_PREFIX):
            return False
        self.do(name.removeprefix(BAR_PREFIX))
        return True

    def arm(self, definition_id: str) -> None:
        """A bestiary row was picked: the next click (or a drag's end) on the map places it."""
        d = self.defs.creatures.get(definition_id)
        if d is None or self.panel is None:
            return
        try:
            count = int(self.panel.count.get_text() or "1")
        except ValueError:
            self.app.status = f"how many: a whole number, not '{self.panel.count.get_text()}'"
            return
        side = self.current_side
        self.app.tools = [self.app.tools[0], PlaceTool(d, side, count)]
        many = f"{count} x " if count > 1 else ""
        self.app.status = f"Click the map to place {many}{d.name} ({side}); right click to stop"

    def do(self, intent: str) -> None:
        """One set-up intent (a panel button)."""
        m = self.model()
        if m is None:
            return
        app = self.app
        if intent == "enter":
            self.entered = True
            if "right" in app.collapsed:  # touch mode: set-up's panel is what the GM asked for
                app.toggle_panel("right")
            app.status = ("Set-up: add creatures from the bestiary, select one to edit it, "
                          "then Start fight")
            app._panel_version = -1
            return
        if self.panel is None:
            return
        p = self.panel
        refused: list[str] = []
        c = m.state.creatures.get(app.selected)
        if intent in ("start", "save"):
            refused = self.commit(m)  # what was typed counts
            if refused:
                app.status = f"{'Not started' if intent == 'start' else 'Not saved'}: " \
                             f"{refused[0]}"
                return
        if intent == "ride":
            if c is None:
                app.status = "select a creature first"
                return
            app.tools = [app.tools[0], RideTool(c.id, c.name)]
            app.status = f"Click the creature {c.name} rides (right click: not now)"
            return
        if intent == "get_down":
            refused = m.mount(c.id, "") if c else ["select a creature first"]
        elif intent == "lead":
            refused = m.lead_side(c.id) if c else ["select a creature first"]
        elif intent == "remove":
            refused = m.remove(app.selected) if app.selected else ["select a creature first"]
            if not refused:
                app.selected = ""
        elif intent == "apply":
            refused = self.apply_edit(m)
            if not refused:
                self._drafts.pop(app.selected, None)
        elif intent == "toggle_pc":
            refused = m.edit(c.id, player_character=not player_character(m, c.id)) if c else [
                "select a creature first"]
        elif intent == "cycle_side":
            ids = [s.id for s in m.state.sides]
            if c is None:
                refused = ["select a creature first"]
            else:
                refused = m.edit(c.id, side=ids[(ids.index(c.side) + 1) % len(ids)])
        elif intent.startswith("side:"):
            self.current_side = intent[5:]
            side = m.state.side(self.current_side)
            p.side_name.set_text(side.name)
            p.side_morale.set_text(str(side.morale) if side.morale else "")  # '': each its own
            app.status = f"New creatures join {m.state.side(self.current_side).name}"
            app._panel_version = -1
            return
        elif intent == "players_side":
            refused = m.players_side(self.current_side)
        elif intent == "add_side":
            refused = m.add_side(p.side_name.get_text())
        elif intent == "rename_side":
            refused = m.rename_side(self.current_side, p.side_name.get_text())
            typed = p.side_morale.get_text().strip()
            if not refused and m.state.ruleset_id == "osr":
                if typed and not typed.isdigit():
                    refused = [f"side morale: a whole number from 2 to 12, not '{typed}'"]
                else:
                    refused = m.side_morale(self.current_side, int(typed or 0))
        elif intent == "paste":
            self.open_paste()
            return
        elif intent == "start":
            refused = m.start()
            if not refused:
                app.status = "The fight begins: round 1"
        elif intent == "save":
            self.save(m, p.save_path.get_text())
            return
        if refused:
            app.status = refused[0]
        elif intent != "start":
            app.status = {"remove": "Removed", "apply": "Changed", "toggle_pc": "Changed",
                          "cycle_side": "Side changed", "add_side": "Side added",
                          "rename_side": "Side changed", "get_down": "On its own feet",
                          "lead": "Side's leader set"}.get(intent, "Players' side set")
        app._panel_version = -1

    def apply_edit(self, m: SetUp, cid: str = "", typed: dict[str, str] | None = None
                   ) -> list[str]:
        """The editor's fields, read and checked, as one edit of a creature (the selected)."""
        c = m.state.creatures.get(cid or self.app.selected)
        if c is None or self.panel is None:
            return ["select a creature first"]
        v = typed if typed is not None else self.panel.values()
        numbers: dict[str, int] = {}
        for key in ("health", "damage", "speed", "defense", "morale", "lead"):
            try:
                numbers[key] = int(v[key])
            except ValueError:
                return [f"{key.title()}: a whole number, not '{v[key]}'"]
        return m.edit(c.id, name=v["name"], weapons=_words(v["weapons"]),
                      afflictions=_words(v["afflictions"]), token=v["token"].strip(),
                      health=numbers["health"], damage=numbers["damage"],
                      speed=numbers["speed"], defense=numbers["defense"],
                      morale=numbers["morale"], lead=numbers["lead"])

    def save(self, m: SetUp, typed: str) -> None:
        """Save the set-up as an encounter file (the one opened, or beside the map, unless a
        path is typed)."""
        path = Path(typed.strip()).expanduser() if typed.strip() else self.save_target()
        try:
            self.app.status = m.save(path)
            self.encounter_path, self.stamp = m.encounter_path, m.stamp
        except (InputError, InputErrors) as err:
            self.app.status = str(err).splitlines()[0]

    # -- pasting -----------------------------------------------------------------------------------
    def open_paste(self) -> None:
        """Open the paste dialog over the map."""
        if self.paste is not None and self.paste.alive():
            return
        v = self.app.layout.view
        self.paste = PasteDialog(self.app.manager, v.inflate(-v.width // 8, -v.height // 10),
                                 self.app.scale)

    def read_pasted(self, text: str) -> None:
        """Read the pasted block; a clean one joins the bestiary (and the engine's weapons)."""
        m = self.model()
        if m is None or self.paste is None:
            return
        added, lines = read_block(text, self.defs, self.config_dir, m.state.ruleset_id)
        self.paste.show(lines)
        self.app.status = lines[-1] if added else lines[0]
        if added:
            try:  # the folder may have changed since the window opened (a picture removed)
                self.defs = load_definitions(self.config_dir)
            except InputErrors as err:
                first = str(err).splitlines()[0]
                self.app.status = f"{lines[-1]} Not in the bestiary yet: {first}"
                self.app._panel_version = -1
                return
            engine = self.app.session.engine
            if engine is not None:  # its attacks must be playable in this fight
                engine.ruleset.definitions = self.defs
            self._search = ""
            self.paste.kill()  # out of the way of the map, where it is placed next
            self.paste = None
            self.arm(added[0])
            self.app.status = f"{lines[-1]} Click the map to place it; right click to stop."
        self.app._panel_version = -1
