"""The set-up panel (pygame_gui): bestiary, creature editor, sides, and the set-up buttons.

It shows what the set-up model says and reports what the GM did as intents (a string and the
values typed); game/ui/setup/controller.py turns them into set-up steps. No rules here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UILabel,
    UIPanel,
    UIScrollingContainer,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)

#: The editor's typed fields, row by row (label, key): numbers two to a row.
EDIT_ROWS = ((("Name", "name"),), (("Health", "health"), ("Damage", "damage")),
             (("Speed", "speed"), ("Defense", "defense")),
             (("Morale", "morale"), ("Lead", "lead")), (("Weapons", "weapons"),),
             (("Afflictions", "afflictions"),), (("Token art", "token"),))
EDIT_FIELDS = tuple(f for row in EDIT_ROWS for f in row)


@dataclass
class SetupView:
    """What the panel shows: the bestiary's matches, the sides, the selected creature."""

    bestiary: list[tuple[str, str]] = field(default_factory=list)  # (row text, definition id)
    sides: list[tuple[str, str, bool]] = field(default_factory=list)  # (id, name, players')
    creature: str = ""  # the selected creature's id ('' none)
    values: dict[str, str] = field(default_factory=dict)  # the editor's fields, as text
    player_character: bool | None = None
    side: str = ""  # the selected creature's side
    current_side: str = ""  # the side new creatures join (and Rename, Players' side act on)
    side_note: str = ""  # OSR: the current side's leader and morale
    problems: list[str] = field(default_factory=list)  # why Start fight is not possible yet
    osr: bool = False  # the side's morale box shows (OSR)


class SetupPanel:
    """The set-up widgets over the window's right-hand panel."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, scale: float,
                 save_hint: str = "") -> None:
        self.manager, self.scale = manager, scale
        self.save_hint = save_hint  # the file Save writes when no path is typed
        self.panel = UIPanel(rect, manager=manager, starting_height=3)
        self.buttons: dict[Any, str] = {}
        self.entries: dict[str, UITextEntryLine] = {}
        self._view = SetupView()
        self._rows: list[tuple[str, str]] = []
        self._side_buttons: list[UIButton] = []
        self._built_osr = False
        self._build()

    def _px(self, v: float) -> int:
        return round(v * self.scale)

    def _label(self, y: int, text: str, w: int | None = None, x: int = 4) -> UILabel:
        return UILabel(pygame.Rect(self._px(x), y, w or self.w, self._px(22)), text,
                       self.manager, container=self.body)

    def _button(self, x: int, y: int, w: int, text: str, intent: str, tip: str = "") -> UIButton:
        b = UIButton(pygame.Rect(x, y, w, self._px(30)), text, self.manager,
                     container=self.body, tool_tip_text=tip or None)
        self.buttons[b] = intent
        return b

    def _build(self) -> None:
        """The widgets in the panel; on a short window (a 1366x768 laptop, more so at a touch
        screen's scale) they do not all fit: the panel then scrolls, the problems box at its
        smallest, so Start fight and Save are always there to reach."""
        inner = self.panel.get_container().get_rect()
        self.body = UIScrollingContainer(pygame.Rect(0, 0, inner.width, inner.height),
                                         self.manager, container=self.panel,
                                         allow_scroll_x=False)
        end = self._build_in(inner.width, inner.height)
        if end <= inner.height:
            return
        self.body.kill()
        self.buttons.clear()
        self.entries.clear()
        self.body = UIScrollingContainer(pygame.Rect(0, 0, inner.width, inner.height),
                                         self.manager, container=self.panel,
                                         allow_scroll_x=False)
        width = inner.width - self._px(20)  # room for the scroll bar
        end = self._build_in(width, end)
        self.body.set_scrollable_area_dimensions((width, end))

    def _build_in(self, width: int, height: int) -> int:
        """Lay the widgets out in ``width`` x ``height``; returns how tall they are."""
        m, px = self.manager, self._px
        self.w = w = width - px(10)
        y = px(4)
        self.title = self._label(y, "Set-up: add creatures, then Start fight")
        y += px(24)
        self.search = UITextEntryLine(pygame.Rect(px(4), y, w - px(60), px(30)), m,
                                      container=self.body, placeholder_text="search bestiary")
        self.count = UITextEntryLine(pygame.Rect(w - px(52), y, px(56), px(30)), m,
                                     container=self.body, placeholder_text="how many")
        self.count.set_text("1")
        y += px(34)
        self.bestiary = UISelectionList(pygame.Rect(px(4), y, w, px(100)), [], m,
                                        container=self.body, allow_double_clicks=False)
        self.bestiary.list_item_height = px(22)
        y += px(104)
        self.place_label = self._label(y, "")
        y += px(26)
        self.paste = self._button(px(4), y, w, "Paste a stat block", "paste",
                                  "Read a SotDL stat block (or OSR lines) into the bestiary")
        y += px(36)
        self.edit_title = self._label(y, "Select a creature to edit it")
        y += px(24)
        for row in EDIT_ROWS:
            cell = (w + px(4)) // len(row)
            for i, (label, key) in enumerate(row):
                x = px(4) + i * cell
                lw = px(86) if len(row) == 1 else px(62)
                self._label(y + px(4), label, lw, x=round(x / self.scale))
                self.entries[key] = UITextEntryLine(
                    pygame.Rect(x + lw + px(2), y, cell - lw - px(6), px(28)), m,
                    container=self.body)
            y += px(30)
        self._button(px(4), y, w, "Apply changes (Enter)", "apply",
                     "Typed changes also apply when another creature is selected, and before "
                     "Start fight and Save encounter")
        y += px(38)
        self.sides_label = self._label(y, "Sides")
        y += px(24)
        self._sides_y = y
        y += px(32)
        self.leader_label = self._label(y, "")  # OSR: the current side's leader and morale
        y += px(24)
        mw = px(96)
        self.side_name = UITextEntryLine(pygame.Rect(px(4), y, w - mw - px(4), px(30)), m,
                                         container=self.body, placeholder_text="side name")
        self.side_morale = UITextEntryLine(pygame.Rect(w - mw + px(4), y, mw, px(30)), m,
                                           container=self.body,
                                           placeholder_text="morale")
        y += px(34)
        third = (w - px(8)) // 3
        self._button(px(4), y, third, "Add side", "add_side", "Add a side of that name")
        self.rename = self._button(px(8) + third, y, third, "Rename", "rename_side",
                                   "Give the current side that name (OSR: and that morale)")
        self._button(px(12) + 2 * third, y, third, "Players' side", "players_side",
                     "The players control the current side (the others are the GM's)")
        y += px(36)
        bottom = height - px(4)
        box_h = max(px(48), bottom - y - px(36) - px(34) - px(4))
        self.problems = UITextBox("", pygame.Rect(px(4), y, w, box_h), m, container=self.body)
        y += box_h + px(4)
        self.start = self._button(px(4), y, w // 2 - px(2), "Start fight", "start",
                                  "The first round begins")
        self.save = self._button(px(4) + w // 2 + px(2), y, w // 2 - px(2), "Save encounter",
                                 "save", "Write an encounter file battlemat opens again")
        y += px(34)
        self.save_path = UITextEntryLine(pygame.Rect(px(4), y, w, px(30)), m,
                                         container=self.body,
                                         placeholder_text="encounter file to save (empty: "
                                                          f"{self.save_hint or 'beside the map'})")
        return y + px(34)

    # -- showing ---------------------------------------------------------------------------------
    def refresh(self, view: SetupView) -> None:
        """Show the model (only the parts that changed are rebuilt)."""
        old, self._view = self._view, view
        if view.bestiary != self._rows:
            self._rows = list(view.bestiary)
            self.bestiary.set_item_list([text for text, _ in self._rows])
        if view.sides != old.sides or view.current_side != old.current_side \
                or not self._side_buttons:
            self._build_sides(view)
        if view.creature != old.creature or view.values != old.values:
            for key, entry in self.entries.items():
                entry.set_text(view.values.get(key, ""))
        who = view.values.get("name", "")
        self.edit_title.set_text(f"Edit {who}" if view.creature else
                                 "Select a creature to edit it")
        names = {sid: name for sid, name, _ in view.sides}
        self.place_label.set_text(f"New creatures join: {names.get(view.current_side, '-')}")
        self.leader_label.set_text(view.side_note)
        if view.osr != old.osr or not self._built_osr:
            self._built_osr = True  # OSR: a side's morale beside its name
            w, mw = self.w, self._px(96)
            self.side_name.set_dimensions((w - mw - self._px(4) if view.osr else w, self._px(30)))
            if view.osr:
                self.side_morale.show()
            else:
                self.side_morale.hide()
        if view.problems != old.problems or not self.problems.html_text:
            lines = [f"- {escape(p, quote=False)}" for p in view.problems] or ["Ready to start"]
            self.problems.set_text("<br>".join(lines))

    def _build_sides(self, view: SetupView) -> None:
        for b in self._side_buttons:
            self.buttons.pop(b, None)
            b.kill()
        px, w = self._px, self.w
        self._side_buttons = []
        n = max(1, len(view.sides))
        bw = (w - px(4) * (n - 1)) // n
        for i, (sid, name, players) in enumerate(view.sides):
            mark = "> " if sid == view.current_side else ""
            b = UIButton(pygame.Rect(px(4) + i * (bw + px(4)), self._sides_y, bw, px(30)),
                         f"{mark}{name}{' (players)' if players else ''}", self.manager,
                         container=self.body,
                         tool_tip_text="Click: the current side (new creatures join it)")
            self.buttons[b] = f"side:{sid}"
            self._side_buttons.append(b)

    # -- reading ---------------------------------------------------------------------------------
    def bestiary_id(self, text: str) -> str:
        """The definition id of a bestiary row."""
        return next((cid for row, cid in self._rows if row == text), "")

    def values(self) -> dict[str, str]:
        """The editor's fields as typed."""
        return {key: entry.get_text() for key, entry in self.entries.items()}

    def buttons_by(self, intent: str) -> Any:
        """The button that says ``intent`` (tests and the end-to-end driver find it so)."""
        return next(b for b, i in self.buttons.items() if i == intent)

    def is_search(self, element: Any) -> bool:
        """The bestiary's search box."""
        return element is self.search

    def kill(self) -> None:
        """Remove the panel (the fight started)."""
        self.panel.kill()
