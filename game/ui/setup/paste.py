"""The paste-a-stat-block dialog: the GM pastes a SotDL stat block (or OSR lines), Battlemat
reads it with the same reader as `battlemat import-creature` and shows every line it could not
read; a clean block goes into the bestiary (a creatures file in the config folder)."""

from __future__ import annotations

from html import escape
from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox, UITextEntryBox, UIWindow

from game.io.statblock.files import import_with, write_result
from game.rules.definitions import Definitions


class PasteDialog:
    """A window with a big text box, Read, and what was read or what to fix."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, scale: float) -> None:
        px = lambda v: round(v * scale)  # noqa: E731 - one-line pixel scaling
        self.window = UIWindow(rect, manager, window_display_title="Paste a stat block")
        inner = self.window.get_container().get_rect()
        w, h = inner.width - px(8), inner.height - px(8)
        self.text = UITextEntryBox(pygame.Rect(px(4), px(4), w, h - px(150)), "", manager,
                                   container=self.window)
        self.read = UIButton(pygame.Rect(px(4), h - px(142), px(200), px(32)),
                             "Read into the bestiary", manager, container=self.window)
        self.report = UITextBox("Paste the block above (name, Size, Perception ... attacks).",
                                pygame.Rect(px(4), h - px(106), w, px(106)), manager,
                                container=self.window)

    def alive(self) -> bool:
        """The GM has not closed it."""
        return self.window.alive()

    def show(self, lines: list[str]) -> None:
        """What was read, or every line to fix."""
        self.report.set_text("<br>".join(escape(t, quote=False) for t in lines))

    def kill(self) -> None:
        """Close the dialog."""
        self.window.kill()


def read_block(text: str, defs: Definitions, config_dir: Path,
               ruleset: str) -> tuple[list[str], list[str]]:
    """(creature ids added, lines to show): the block written into config_dir's creatures/
    (new attacks into weapons/) under a free file name, or the problems and nothing written."""
    result = import_with(text, defs, "pasted text", ruleset)
    if not result.ok:
        return [], ["Nothing added: fix these lines and read again.", *result.problems]
    taken = [cid for cid in result.definitions if cid in defs.creatures]
    if taken:
        return [], [f"There is already a creature '{taken[0]}' in the bestiary: rename it in "
                    "the block's first line."]
    stem = "pasted_" + "_".join(result.definitions)[:40]
    out, n = config_dir / "creatures" / f"{stem}.yaml", 1
    while out.exists() or (config_dir / "weapons" / out.name).exists():
        n += 1
        out = config_dir / "creatures" / f"{stem}_{n}.yaml"
    written = write_result(result, out, config_dir / "weapons" / out.name)
    names = ", ".join(d.name for d in result.definitions.values())
    return list(result.definitions), [f"Added {names} to the bestiary "
                                      f"({', '.join(str(p) for p in written)})."]
