"""The GM window's layout and the plain models its panels show (no widgets here).

``theme`` styles pygame_gui for a UI scale; ``Layout`` places the panels around the battlefield
view; ``PanelModel`` and ``ActionButton`` are what the app computes from the session.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.ui.log_text import LogEntry


def theme(scale: float) -> dict:
    """pygame_gui theme: sizes scaled for touch screens, a greyed look for illegal actions."""
    font = {"name": "noto_sans", "size": str(round(14 * scale))}
    # pygame_gui's "defaults" block takes colours only: fonts are set per element type
    out: dict = {
        kind: {"font": dict(font)}
        for kind in (
            "button",
            "label",
            "text_box",
            "text_entry_line",
            "drop_down_menu",
            "tool_tip",
            "selection_list",
            "window",
            "file_dialog",
        )
    }
    out.update(
        {
            "defaults": {
                "colours": {
                    "dark_bg": "#1c1e24",
                    "normal_bg": "#343844",
                    "hovered_bg": "#4a5266",
                    "normal_text": "#f0f0f0",
                    "normal_border": "#101010",
                },
            },
            "#illegal": {
                "colours": {
                    "normal_bg": "#2a2a2a",
                    "hovered_bg": "#333333",
                    "normal_text": "#7a7a7a",
                    "hovered_text": "#9a9a9a",
                }
            },
            "#bar_group": {"colours": {"normal_text": "#ffd84a"}},
            "#on": {"colours": {"normal_bg": "#2f6a3c", "hovered_bg": "#3d8a4e"}},
            "#option_menu": {"misc": {"expand_direction": "up"}},
            # Turn panel rows: a side's header, its creatures by side colour, acting, done
            "#row_header": {"colours": {"normal_bg": "#15171c", "normal_text": "#ffd84a"}},
            "#row_players": {"colours": {"normal_bg": "#24324a", "normal_text": "#cfe0ff"}},
            "#row_gm": {"colours": {"normal_bg": "#4a2626", "normal_text": "#ffd6d6"}},
            "#row_active": {"colours": {"normal_bg": "#6a5a12", "normal_text": "#ffffff"}},
            "#row_done": {"colours": {"normal_bg": "#26282d", "normal_text": "#8a8a8a"}},
            "#prompt": {"colours": {"dark_bg": "#3a2f10", "normal_border": "#ffd84a"}},
            "@selection_list_item": {
                "font": dict(font),
                "misc": {"text_horiz_alignment": "left", "text_horiz_alignment_padding": "6"},
            },
        }
    )
    return out


@dataclass(frozen=True)
class ActionButton:
    """An action the selected creature could take: legal, or greyed with the reason."""

    id: str
    label: str
    legal: bool
    reason: str = ""
    key: str = ""  # keyboard shortcut (fixed per command: game/ui/action_menu.py)
    group: str = ""  # the group's heading on the bar ('Move', 'Attack' ...)


@dataclass
class PanelModel:
    """What the panels show, computed by the app from the session each time it changes."""

    title: str = ""
    round_text: str = "Round 0"
    phase_text: str = ""
    creature_rows: list[tuple[str, str]] = field(default_factory=list)  # (text, creature id)
    row_styles: list[str] = field(default_factory=list)  # theme id of each row ('#row_gm' ...)
    actions: list[ActionButton] = field(default_factory=list)  # the selected creature's bar
    gm_tools: list[ActionButton] = field(default_factory=list)  # the GM panel's tools
    log: list[LogEntry] = field(default_factory=list)  # the log's lines (a move's steps folded)
    dice_lines: list[str] = field(default_factory=list)
    manual_dice: bool = False
    status: str = ""
    overlays: frozenset[str] = frozenset()
    advance_label: str = "Next part"
    options: list[str] = field(default_factory=list)  # attack options (lunging, called ...)
    ruleset: str = ""  # the ruleset the fight is played under
    rulesets: list[str] = field(default_factory=list)  # those the GM may switch to


@dataclass
class Layout:
    """Rectangles of every panel for a window size and UI scale.

    A collapsed side panel ("left": the turn panel, "right": the log and dice) keeps its
    rectangle (its widgets are built and hidden) and gives its room to the battlefield view and
    the action bar; ``toggles`` are the buttons that open or close them (touch mode)."""

    top: pygame.Rect
    left: pygame.Rect
    right: pygame.Rect
    bottom: pygame.Rect
    view: pygame.Rect
    collapsed: frozenset[str] = frozenset()
    toggles: dict[str, pygame.Rect] = field(default_factory=dict)

    @classmethod
    def for_window(
        cls,
        w: int,
        h: int,
        scale: float,
        *,
        collapsed: frozenset[str] = frozenset(),
        toggle_px: int = 0,
    ) -> Layout:
        """Panels around the battlefield view (which gets what is left); ``toggle_px`` > 0
        puts a button that size (a finger's) at each side of the view to collapse its panel."""
        top_h = round(40 * scale)
        bottom_h = round(130 * scale)  # three rows of 33-pixel (at scale 1) buttons, the status
        left_w = min(round(250 * scale), w // 4)
        right_w = min(round(330 * scale), w // 3)
        shown_l = 0 if "left" in collapsed else left_w
        shown_r = 0 if "right" in collapsed else right_w
        view = pygame.Rect(shown_l, top_h, w - shown_l - shown_r, h - top_h - bottom_h)
        toggles = {}
        if toggle_px:
            tw, th = round(toggle_px * 2.4), toggle_px
            toggles = {
                "left": pygame.Rect(view.x + 2, view.y + 2, tw, th),
                "right": pygame.Rect(view.right - tw - 2, view.y + 2, tw, th),
            }
        return cls(
            top=pygame.Rect(0, 0, w, top_h),
            # The turn panel runs down to the window's bottom: no dead space under its buttons
            left=pygame.Rect(0, top_h, left_w, h - top_h),
            right=pygame.Rect(w - right_w, top_h, right_w, h - top_h),
            bottom=pygame.Rect(shown_l, h - bottom_h, w - shown_l - shown_r, bottom_h),
            view=view,
            collapsed=frozenset(collapsed),
            toggles=toggles,
        )
