"""Undo many commands at once from the combat log (issue 14).

A right click on a log line asks "undo this line's command and every one after it?" (the
window's yes-or-no dialog: Enter yes, Escape no); confirmed,
it is one undo of n commands: one journal line, one fsync, however many (1,000 commands in a few
milliseconds, where 1,000 Ctrl+Z cost a fsync each). Ctrl+Y redoes them one at a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.confirm import Confirm

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.fight import Fight


def record_of_line(fight: Fight, line: int) -> int | None:
    """The history index of the command that made log line ``line`` (each line knows it:
    ``LogEntry.record``); None when the log has no such line."""
    entries = fight.log_entries() if fight.engine is not None else []
    if not 0 <= line < len(entries) or entries[line].record < 0:
        return None
    return entries[line].record


def undo_from(app: App, record: int) -> str:
    """Undo the command at ``record`` in the history and every one after it, as one undo."""
    fight = app.session.fight
    eng = fight.playing()
    n = len(eng.history) - record + (1 if eng.pending is not None else 0)
    if record < 0 or n <= 0:
        return "Nothing to undo"
    # The fight's own undo, not the session's: right after an open, the session's Ctrl+Z takes
    # the open back, but a line of the log names a command of this fight
    said = fight.undo(n)
    if said.startswith("Undone"):  # the opened fight is taken as it is: Ctrl+Z undoes commands
        app.session.undo_open_point = None
    app.tools = app.tools[:1]
    app.local_prompt = None
    app._panel_version = -1
    if said.startswith("Undone"):
        said += " (Ctrl+Y redoes them one by one)"
    app.status = said
    return said


def ask(app: App, line: int) -> bool:
    """Offer to undo from a log line (the window's yes-or-no dialog, game/ui/confirm.py: Enter
    yes, Escape no); False when the line is not a command's (past the end, or a bare map)."""
    fight = app.session.fight
    if fight.engine is None:
        return False
    record = record_of_line(fight, line)
    if record is None:
        return False
    n = len(fight.engine.history) - record
    text = fight.log_lines()[line][0]
    after = f" and the {n - 1} after it" if n > 1 else ""
    commands = f"{n} command{'s' if n > 1 else ''}"

    def yes() -> None:
        undo_from(app, record)

    app.confirm = Confirm(
        app.manager,
        app.screen.get_size(),
        "Undo from here",
        f"Undo <b>{_html(text)}</b>{after}? {commands} in all, as one step; Ctrl+Y redoes "
        "them one by one.",
        f"Undo {n}",
        on_yes=yes,
        on_no=lambda: setattr(app, "status", "Not undone: the fight is as it was"),
        scale=app.scale,
    )
    app.status = f"Undo {commands}? Enter: yes, Escape: no"
    app._panel_version = -1  # the status bar says it on the next frame
    return True


def handle(app: App, event: pygame.event.Event) -> bool:
    """A right click on a log line: True when the event was this (and the dialog opened)."""
    if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
        line = app.panels.log_line_at(event.pos)
        return line is not None and ask(app, line)
    return False


def _html(text: str) -> str:
    """A log line shown inside pygame_gui's HTML-like text box."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
