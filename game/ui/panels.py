"""The GM window's panels, built with pygame_gui: top bar, turn panel, action bar, log, dice.

Panels show plain models the app computes from the session (PanelModel) and report clicks as
intents (strings and ids) the app turns into commands; they hold no rules.
"""

from __future__ import annotations

from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import (
    UIButton,
    UIDropDownMenu,
    UILabel,
    UIPanel,
    UISelectionList,
    UITextBox,
    UITextEntryLine,
)

from game.ui.log_text import LogEntry, fit_line
from game.ui.log_text import wrap as log_wrap
from game.ui.panel_layout import ActionButton, Layout, PanelModel, theme
from game.ui.scene import OVERLAYS

#: Rows of the action bar: one per group of the ruleset's declaration (Move, Attack, Actions)
BAR_ROWS = 3
LOG_LINES = 300  # the log panel shows the last lines (scrolling back through them)

__all__ = ["ActionButton", "Layout", "PanelModel", "Panels", "theme", "OVERLAY_KEYS"]

#: Keyboard shortcut of each overlay toggle (also shown on the top bar).
OVERLAY_KEYS = {
    "grid": "G",
    "terrain": "T",
    "obstacles": "O",
    "obscurement": "B",
    "light": "L",
    "elevation": "E",
    "reach": "R",
}
OVERLAY_LABELS = {
    "grid": "Grid",
    "terrain": "Terrain",
    "obstacles": "Cover",
    "obscurement": "Fog",
    "light": "Light",
    "elevation": "Elev",
    "reach": "Reach",
}
TOP_BUTTONS = (
    ("fit", "Fit (F)"),
    ("fullscreen", "Full (F11)"),
    ("player_view", "Player view (P)"),
    ("foe_health", "Foes' health"),
    ("fog", "Table fog"),
    ("measure", "Measure (M)"),
    ("undo", "Undo"),
    ("redo", "Redo"),
    ("save", "Save"),
    ("open", "Open"),
)


class Panels:
    """Every pygame_gui widget of the GM window; rebuilt on resize, refreshed from a PanelModel."""

    def __init__(self, manager: pygame_gui.UIManager, layout: Layout, scale: float) -> None:
        self.manager = manager
        self.layout = layout
        self.scale = scale
        self.model = PanelModel()
        self._built_model: PanelModel | None = None
        self.buttons: dict[UIButton, str] = {}  # widget -> intent
        self.action_buttons: dict[UIButton, ActionButton] = {}
        self.prompt: UIPanel | None = None
        self.gm_panel: UIPanel | None = None  # the GM's tools, open over the bar
        self.prompt_entry: UITextEntryLine | None = None
        self.log_open: set[int] = set()  # log lines whose details are shown (by line index)
        self._log_entries: list[LogEntry] = []
        self._build_static()

    # -- building ----------------------------------------------------------------------------
    def _px(self, v: float) -> int:
        return round(v * self.scale)

    def _build_static(self) -> None:
        L, m = self.layout, self.manager
        self.top = UIPanel(L.top, manager=m)
        x = self._px(4)
        h = L.top.height - self._px(8)
        self.overlay_buttons: dict[str, UIButton] = {}
        self._overlay_state: dict[str, str | None] = {}
        # Widths first: on a narrow window (or a big touch scale) drop the key hints, then shrink
        items = [(f"overlay:{n}", OVERLAY_LABELS[n], OVERLAY_LABELS[n]) for n in OVERLAYS]
        items += [(i, label, label.split(" (")[0]) for i, label in TOP_BUTTONS]
        self.ruleset_w = self._px(150)  # the ruleset menu at the right end (issue 7)
        avail = L.top.width - self._px(4) - self._px(10) - self.ruleset_w - self._px(8)

        def width(text: str) -> int:
            return self._px(14 + 7.2 * max(len(text), 5))

        labels = [full for _, full, _ in items]
        if sum(width(t) + self._px(2) for t in labels) > avail:
            labels = [short for _, _, short in items]
        widths = [width(t) for t in labels]
        k = min(1.0, avail / max(1, sum(w + self._px(2) for w in widths)))
        for (intent, _, _), label, w0 in zip(items, labels, widths, strict=True):
            w = max(self._px(30), int(w0 * k))
            if intent == "fit":
                x += self._px(10)
            name = intent.split(":", 1)[1] if intent.startswith("overlay:") else ""
            tip = f"{OVERLAYS[name]} ({OVERLAY_KEYS[name]})" if name else None
            b = UIButton(
                pygame.Rect(x, self._px(2), w, h), label, m, container=self.top, tool_tip_text=tip
            )
            self.buttons[b] = intent
            if name:
                self.overlay_buttons[name] = b
            x += w + self._px(2)
        # Left: the round
        self.left = UIPanel(L.left, manager=m)
        lw = L.left.width - self._px(10)
        self.round_label = UILabel(
            pygame.Rect(self._px(4), self._px(4), lw, self._px(24)), "", m, container=self.left
        )
        self.phase_label = UILabel(
            pygame.Rect(self._px(4), self._px(28), lw, self._px(24)), "", m, container=self.left
        )
        list_h = L.left.height - self._px(56) - self._px(84)
        self.creatures = UISelectionList(
            pygame.Rect(self._px(4), self._px(56), lw, list_h),
            [],
            m,
            container=self.left,
            allow_double_clicks=False,
        )
        self.creatures.list_item_height = self._px(32 if self.scale > 1 else 20)  # finger-sized
        by = self._px(56) + list_h + self._px(4)
        self.end_turn = UIButton(
            pygame.Rect(self._px(4), by, lw, self._px(36)),
            "End turn (Enter)",
            m,
            container=self.left,
        )
        self.advance = UIButton(
            pygame.Rect(self._px(4), by + self._px(40), lw, self._px(36)),
            "Next part (N)",
            m,
            container=self.left,
        )
        self.buttons[self.end_turn] = "turn_end"
        self.buttons[self.advance] = "advance"
        # Right: log above, dice below
        self.right = UIPanel(L.right, manager=m)
        rw = L.right.width - self._px(10)
        dice_h = self._px(190)
        log_h = L.right.height - dice_h - self._px(12)
        self.log = UISelectionList(
            pygame.Rect(self._px(4), self._px(4), rw, log_h),
            [],
            m,
            container=self.right,
            allow_double_clicks=False,
        )
        self.log.list_item_height = self._px(20)  # read, not touched
        dy = log_h + self._px(8)
        self.dice_toggle = UIButton(
            pygame.Rect(self._px(4), dy, rw, self._px(32)),
            "Dice: Battlemat rolls",
            m,
            container=self.right,
            tool_tip_text="Switch to typing in the players' physical dice",
        )
        self.buttons[self.dice_toggle] = "toggle_manual"
        self.dice_box = UITextBox(
            "",
            pygame.Rect(self._px(4), dy + self._px(36), rw, dice_h - self._px(84)),
            m,
            container=self.right,
        )
        ey = dy + dice_h - self._px(44)
        self.dice_entry = UITextEntryLine(
            pygame.Rect(self._px(4), ey, rw - self._px(70), self._px(36)),
            m,
            container=self.right,
            placeholder_text="typed dice, e.g. 14 3",
        )
        self.dice_enter = UIButton(
            pygame.Rect(rw - self._px(62), ey, self._px(66), self._px(36)),
            "Enter",
            m,
            container=self.right,
        )
        self.buttons[self.dice_enter] = "dice_enter"
        # Bottom: action bar
        self.bottom = UIPanel(L.bottom, manager=m)
        self.status = UILabel(
            pygame.Rect(
                self._px(4),
                L.bottom.height - self._px(22),
                L.bottom.width - self._px(8),
                self._px(18),
            ),
            "",
            m,
            container=self.bottom,
        )
        self.status_text = ""  # the whole status line (the label may show it cut, with "…")
        self.option_menu: UIDropDownMenu | None = None
        self._options: list[str] = []
        self.ruleset_menu: UIDropDownMenu | None = None
        self._rulesets: tuple[str, list[str]] = ("", [])
        self._build_toggles()

    def _build_toggles(self) -> None:
        """Touch mode: a finger-sized button at each side of the map opens or closes the side
        panel there (a collapsed panel's widgets are kept, hidden, for when it opens)."""
        L = self.layout
        names = {"left": ("Turns >", "< Hide"), "right": ("< Log", "Hide >")}
        self.toggles: dict[str, UIButton] = {}
        for side, rect in L.toggles.items():
            shut, open_ = names[side]
            b = UIButton(rect, shut if side in L.collapsed else open_, self.manager)
            self.buttons[b] = f"panel:{side}"
            self.toggles[side] = b
        for side in L.collapsed:
            panel = self.left if side == "left" else self.right
            panel.hide()

    def refresh(self, model: PanelModel) -> None:
        """Show a new model (only the widgets whose content changed are rebuilt)."""
        old = self._built_model
        self.model = model
        self.round_label.set_text(model.round_text)
        self.phase_label.set_text(model.phase_text)
        self._show_status(model.status)
        self.advance.set_text(f"{model.advance_label} (N)")
        for name, b in self.overlay_buttons.items():
            want = "#on" if name in model.overlays else None
            if self._overlay_state.get(name, "") != want:
                b.change_object_id(want)
                self._overlay_state[name] = want
        self.dice_toggle.set_text(
            "Dice: typed in (manual)" if model.manual_dice else "Dice: Battlemat rolls"
        )
        if old is None or (old.creature_rows, old.row_styles) != (
            model.creature_rows,
            model.row_styles,
        ):
            styles = model.row_styles
            measure = self._measure() or (lambda t: int(len(t) * 7.5 * self.scale))
            width = self.creatures.get_relative_rect().width - self._px(30)
            # A long row (acting, hurt, three afflictions) wraps onto rows of the same creature
            self._turn_rows: list[tuple[str, str, str]] = []
            for i, (text, cid) in enumerate(model.creature_rows):
                style = styles[i] if i < len(styles) else "#item_list_item"
                for row in log_wrap(text, int(width), measure, indent="      "):
                    self._turn_rows.append((row, cid, style))
            self.creatures.set_item_list([(t, st) for t, _, st in self._turn_rows])
        if old is None or old.log != model.log:
            self._show_log(model.log, to_end=True)
        if old is None or old.dice_lines != model.dice_lines:
            self.dice_box.set_text("<br>".join(model.dice_lines))  # newest first
        if old is None or (old.actions, old.gm_tools) != (model.actions, model.gm_tools):
            self._build_actions(model.actions)
        if model.options != self._options:
            self._build_options(model.options)
        if (model.ruleset, model.rulesets) != self._rulesets:
            self._build_ruleset_menu(model.ruleset, model.rulesets)
        self._built_model = model

    def _show_status(self, text: str) -> bool:
        """The status line: a text that does not fit is cut at a word with an ellipsis, and
        shown whole in a tool tip when the GM hovers it. False when it already showed that."""
        measure = self._measure() or (lambda t: int(len(t) * 7.5 * self.scale))
        width = self.status.get_relative_rect().width - self._px(12)  # the label's padding
        shown = fit_line(text, int(width), measure)
        if shown == getattr(self, "_status_shown", None) and text == self.status_text:
            return False
        self.status_text, self._status_shown = text, shown
        self.status.set_text(shown)
        self.status.set_tooltip(text if shown != text else None, wrap_width=self._px(600))
        return True

    def show_status(self, text: str) -> bool:
        """Only the status line changes (a tool's hover said something): the rest of the
        panels stay as built. True when the line now reads differently."""
        self.model.status = text
        return self._show_status(text)

    def _build_ruleset_menu(self, current: str, rulesets: list[str]) -> None:
        """The ruleset menu at the right end of the top bar: the fight restarts under the
        chosen one after a confirmation (Seed OSR issue 7: the GM picks it from the window)."""
        if self.ruleset_menu is not None:
            self.ruleset_menu.kill()
            self.ruleset_menu = None
        self._rulesets = (current, list(rulesets))
        if not current:
            return
        h = self.layout.top.height - self._px(8)
        top = self.layout.top
        rect = pygame.Rect(
            top.right - self.ruleset_w - self._px(8), top.y + self._px(6), self.ruleset_w, h
        )
        choices: list[str | tuple[str, str]] = [f"Rules: {r}" for r in (rulesets or [current])]
        # On the root, not in the top bar: a container would clip the list as it opens
        self.ruleset_menu = UIDropDownMenu(
            choices,
            f"Rules: {current}",
            rect,
            self.manager,
            expand_on_option_click=True,
        )

    def _build_actions(self, actions: list[ActionButton]) -> None:
        """The selected creature's actions by group ('Move: ... Attack: ...'), legal first in
        each; if they do not all fit, the greyed ones go on a '+N' button that lists why."""
        for b in self.action_buttons:
            b.kill()
        self.action_buttons.clear()
        for b in [
            b
            for b, intent in self.buttons.items()
            if intent.partition(":")[0] in ("more_actions", "gm")
        ]:
            b.kill()
            del self.buttons[b]
        for lab in getattr(self, "_group_labels", []):
            lab.kill()
        self._group_labels: list[UILabel] = []
        self._more: dict[str, list[ActionButton]] = {}  # a group's actions behind its '+N'
        rows = BAR_ROWS
        row_h = (self.layout.bottom.height - self._px(24) - self._px(2) * rows) // rows
        right = self.layout.bottom.width - self._px(180)
        measure = self._measure() or (lambda t: int(len(t) * 7.4 * self.scale))
        groups = list(dict.fromkeys(a.group for a in actions))
        head_w = max([measure(g) for g in groups] or [0]) + self._px(10)
        x0 = self._px(4) + head_w
        for i, group in enumerate(groups):
            # One row per group; more groups than rows share the last row
            row = min(i, rows - 1)
            y = self._px(2) + row * (row_h + self._px(2))
            members = [a for a in actions if a.group == group]
            if i < rows:
                x, lx, lw = x0, self._px(4), head_w
            else:  # sharing the last row: its heading goes before its own buttons
                lx, lw = x + self._px(6), measure(group) + self._px(10)
                x = lx + lw
            lab = UILabel(
                pygame.Rect(lx, y, lw, row_h),
                group,
                self.manager,
                container=self.bottom,
                object_id="#bar_group",
            )
            self._group_labels.append(lab)
            placed: list[ActionButton] = []
            for k, a in enumerate(members):
                text = f"{a.key} {a.label}" if a.key else a.label
                w = measure(text) + self._px(16)
                more = len(members) - k - 1
                if x + w > right - (self._px(46) if more else 0):
                    break
                # Illegal actions stay hoverable so their reason shows (pygame_gui hides tool
                # tips of disabled buttons), drawn grey by the '#illegal' theme
                b = UIButton(
                    pygame.Rect(x, y, w, row_h),
                    text,
                    self.manager,
                    container=self.bottom,
                    object_id="#illegal" if not a.legal else None,
                    tool_tip_text=a.reason or None,
                )
                self.action_buttons[b] = a
                placed.append(a)
                x += w + self._px(3)
            rest = [a for a in members if a not in placed]
            if rest:
                tip = "<br>".join(
                    f"{a.label}" + (f" ({a.key})" if a.key else "") + f": {a.reason or 'legal'}"
                    for a in rest
                )
                b = UIButton(
                    pygame.Rect(x, y, self._px(42), row_h),
                    f"+{len(rest)}",
                    self.manager,
                    container=self.bottom,
                    object_id="#illegal" if not any(a.legal for a in rest) else None,
                    tool_tip_text=tip,
                )
                self.buttons[b] = f"more_actions:{group}"
                self._more[group] = rest
                x += self._px(45)
        # The GM's tools: one button under the option menu, opening their own panel
        gm = self.model.gm_tools
        if gm:
            y = self._px(4) + row_h + self._px(2)
            b = UIButton(
                pygame.Rect(right + self._px(6), y, self._px(170), row_h),
                "GM tools ...",
                self.manager,
                container=self.bottom,
                tool_tip_text="The GM's rulings, for the selected creature",
            )
            self.buttons[b] = "gm_tools"
        if self.gm_panel is not None:  # reopen what was open, with the new state
            group = getattr(self, "_popup_group", "")
            if not (group and self.show_more(group)):
                self.show_gm_tools(True)

    def show_more(self, group: str) -> bool:
        """Open the actions of a group that did not fit on the bar (its '+N' button), in the GM
        tools' pop-up panel: clicked like the bar's own; False if there are none."""
        rest = getattr(self, "_more", {}).get(group, [])
        self.show_gm_tools(False)
        if not rest:
            return False
        self.show_gm_tools(True, rest)
        self._popup_group = group
        return True

    def show_gm_tools(self, show: bool, tools: list[ActionButton] | None = None) -> None:
        """Open (or close) the GM's tools: a panel over the bar's right end, one button each,
        greyed with the reason when they do not apply to the selected creature now."""
        if self.gm_panel is not None:
            for b in [
                b for b in self.action_buttons if b.ui_container is self.gm_panel.get_container()
            ]:
                del self.action_buttons[b]
            self.gm_panel.kill()
            self.gm_panel = None
        self._popup_group = ""  # the GM's tools, or a group's '+N' (show_more)
        tools = self.model.gm_tools if tools is None else tools
        if not show or not tools:
            return
        cols = 2 if len(tools) > 6 else 1
        bw, bh = self._px(150), self._px(30)
        rows = -(-len(tools) // cols)
        w, h = cols * (bw + self._px(4)) + self._px(10), rows * (bh + self._px(4)) + self._px(10)
        bar = self.layout.bottom
        rect = pygame.Rect(bar.right - w - self._px(4), bar.y - h, w, h)
        self.gm_panel = UIPanel(rect, starting_height=4, manager=self.manager, object_id="#prompt")
        for i, a in enumerate(tools):
            r, c = divmod(i, cols)
            btn = UIButton(
                pygame.Rect(
                    self._px(4) + c * (bw + self._px(4)),
                    self._px(4) + r * (bh + self._px(4)),
                    bw,
                    bh,
                ),
                a.label,
                self.manager,
                container=self.gm_panel,
                object_id="#illegal" if not a.legal else None,
                tool_tip_text=a.reason or None,
            )
            self.action_buttons[btn] = a

    def _build_options(self, options: list[str]) -> None:
        """The attack option menu at the right end of the action bar."""
        if self.option_menu is not None:
            self.option_menu.kill()
            self.option_menu = None
        self._options = list(options)
        if not options:
            return
        w = self._px(170)
        h = self._px(34)
        b = self.layout.bottom
        # On the root and opening upwards: inside the bottom bar the list would be cut off
        rect = pygame.Rect(b.right - w - self._px(4), b.y + self._px(4), w, h)
        choices: list[str | tuple[str, str]] = ["option: none"]
        choices += [f"option: {o.replace('_', ' ')}" for o in options]  # 'knock down'
        self.option_menu = UIDropDownMenu(
            choices,
            "option: none",
            rect,
            self.manager,
            expand_on_option_click=True,
            object_id="#option_menu",
        )

    # -- prompts at the token ------------------------------------------------------------------
    def show_prompt(
        self, at_px: tuple[int, int], text: str, options: list[tuple[str, str]], *, entry: bool
    ) -> None:
        """A small panel by the token: the question, and its options or a text entry."""
        self.close_prompt()
        import math
        import re

        w = self._px(380)
        n = len(options) + (1 if entry else 0)
        plain = re.sub(r"<[^>]+>", "", text)
        measure = self._measure()
        # As many rows as the question wraps to (measured), so it reads without scrolling
        rows = len(log_wrap(plain, w - self._px(40), measure, indent="")) if measure else 0
        rows = rows or math.ceil(len(plain) / 34)
        text_h = self._px(25) * min(8, rows) + self._px(16)  # the text box sets 25 px a row
        h = text_h + self._px(8) + self._px(38) * n
        root = self.manager.get_root_container()
        win = root.get_rect() if root is not None else pygame.Rect(0, 0, 1280, 800)
        x = max(0, min(at_px[0] + self._px(20), win.width - w))
        y = max(0, min(at_px[1] - h // 2, win.height - h))
        p = UIPanel(
            pygame.Rect(x, y, w, h), starting_height=5, manager=self.manager, object_id="#prompt"
        )
        UITextBox(
            text,
            pygame.Rect(self._px(4), self._px(4), w - self._px(12), text_h),
            self.manager,
            container=p,
        )
        yy = text_h + self._px(6)
        self.prompt_entry = None
        if entry:
            self.prompt_entry = UITextEntryLine(
                pygame.Rect(self._px(4), yy, w - self._px(12), self._px(34)),
                self.manager,
                container=p,
                placeholder_text="type and press Enter",
            )
            self.prompt_entry.focus()
            self.manager.set_focus_set(self.prompt_entry)  # keys go to it, not to the action bar
            yy += self._px(38)
        for oid, label in options:
            b = UIButton(
                pygame.Rect(self._px(4), yy, w - self._px(12), self._px(34)),
                label,
                self.manager,
                container=p,
            )
            self.buttons[b] = f"answer:{oid}"
            yy += self._px(38)
        self.prompt = p

    def close_prompt(self) -> None:
        """Remove the prompt panel."""
        if self.prompt is not None:
            for b in [b for b in self.buttons if b.ui_container is self.prompt.get_container()]:
                del self.buttons[b]
            self.prompt.kill()
            self.prompt = None
            self.prompt_entry = None

    # -- reading the mouse ---------------------------------------------------------------------
    def _measure(self) -> Any:
        """Pixel width of a text in the panels' font (None if pygame_gui cannot say)."""
        try:
            font = (
                self.manager.get_theme()
                .get_font_dictionary()
                .find_font(round(14 * self.scale), "noto_sans")
            )
        except Exception:  # pygame_gui without that font lookup
            return None
        return lambda t: int(font.size(t)[0])

    def _show_log(self, entries: list[LogEntry], *, to_end: bool) -> None:
        """The log's last lines wrapped to the panel's width, one list row each with its line's
        creatures; a line with details (a move's steps) ends in [+], and a click on it opens
        them under it ([-] closes them). New lines scroll to the end; a click keeps the place."""
        from game.ui.log_text import wrap

        measure = self._measure() or (lambda t: int(len(t) * 7.5 * self.scale))
        width = int(self.log.get_relative_rect().width - self._px(30))  # scroll bar, padding
        rows: list[tuple[str, tuple[str, ...]]] = []
        owners: list[int] = []
        for k in range(max(0, len(entries) - LOG_LINES), len(entries)):
            e = entries[k]
            mark = (" [-]" if k in self.log_open else " [+]") if e.details else ""
            for row in wrap(e.text + mark, width, measure):
                rows.append((row, e.ids))
                owners.append(k)
            if k in self.log_open:
                for text, ids in e.details:
                    for row in wrap("      " + text, width, measure, indent="          "):
                        rows.append((row, ids))
                        owners.append(k)
        self._log_entries, self._log_rows, self._log_owner = entries, rows, owners
        bar = self.log.scroll_bar
        at = bar.start_percentage if bar is not None and not to_end else 1.0
        self.log.set_item_list([text for text, _ in rows])
        if self.log.scroll_bar is not None:
            self.log.scroll_bar.set_scroll_from_start_percentage(at)

    def toggle_log_line(self) -> bool:
        """The GM clicked a log row: open or close its line's details (a move's steps);
        False if the clicked line has none."""
        k = self.selected_log_line()
        if k is None or not self._log_entries[k].details:
            return False
        self.log_open ^= {k}
        self._show_log(self._log_entries, to_end=False)
        return True

    def selected_log_line(self) -> int | None:
        """The index (in the model's log) of the line whose row was clicked, or None."""
        owners = getattr(self, "_log_owner", [])
        for i, item in enumerate(self.log.item_list):
            if item.get("selected") and i < len(owners):
                return owners[i]
        return None

    def log_line_at(self, pos: tuple[int, int]) -> int | None:
        """The index in the whole log of the line whose row is at a window pixel, if any (a
        detail row is its line's)."""
        owners = getattr(self, "_log_owner", [])
        for i, item in enumerate(self.log.item_list):
            btn = item.get("button_element")
            if btn is not None and i < len(owners) and btn.get_abs_rect().collidepoint(pos):
                return owners[i]
        return None

    def hovered_log_ids(self) -> tuple[str, ...]:
        """Creature ids of the log line under the cursor (the view highlights them)."""
        rows = getattr(self, "_log_rows", [])
        for i, item in enumerate(self.log.item_list):
            btn = item.get("button_element")
            if btn is not None and btn.hovered and i < len(rows):
                return rows[i][1]
        return ()

    def creature_for_row(self, text: str) -> str:
        """Creature id of a turn panel row (the selected row by position: wrapped rows of two
        creatures may read the same)."""
        rows = getattr(self, "_turn_rows", [])
        for i, item in enumerate(self.creatures.item_list):
            if item.get("selected") and i < len(rows) and rows[i][0] == text:
                return rows[i][1]
        for row, cid, _ in rows:
            if row == text:
                return cid
        for row, cid in self.model.creature_rows:
            if row == text:
                return cid
        return ""

    def over_panels(self, pos: tuple[int, int]) -> bool:
        """True if a window pixel is on a panel (or the prompt), not on the battlefield."""
        if self.prompt is not None and self.prompt.get_abs_rect().collidepoint(pos):
            return True
        if self.gm_panel is not None and self.gm_panel.get_abs_rect().collidepoint(pos):
            return True
        if any(r.collidepoint(pos) for r in self.layout.toggles.values()):
            return True
        return not self.layout.view.collidepoint(pos)

    def kill(self) -> None:
        """Remove every widget (before a rebuild on resize)."""
        self.close_prompt()
        self.show_gm_tools(False)
        if self.ruleset_menu is not None:
            self.ruleset_menu.kill()
        if self.option_menu is not None:
            self.option_menu.kill()
        for p in (self.top, self.left, self.right, self.bottom, *self.toggles.values()):
            p.kill()
