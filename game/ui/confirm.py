"""A yes-or-no question in a dialog, before the window does something the GM may not mean
(ending a part of the round while creatures have not acted, starting over under other rules,
undoing from a line of the combat log).

Answered with the mouse or a finger (its two buttons; the window's close box says no), or the
keyboard: Enter says yes, Escape says no. While it is open it is the only thing the GM's input
reaches (the map and the action bar wait), so nothing happens behind it.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui.windows import UIConfirmationDialog


class Confirm:
    """One open question; ``on_yes`` runs once if the GM says yes, ``on_no`` if not."""

    def __init__(
        self,
        manager: pygame_gui.UIManager,
        window_size: tuple[int, int],
        title: str,
        html: str,
        yes: str,
        on_yes: Callable[[], None],
        on_no: Callable[[], None] | None = None,
        scale: float = 1.0,
    ) -> None:
        w, h = window_size
        dw, dh = min(w - 20, round(460 * scale)), min(h - 20, round(240 * scale))
        self.dialog = UIConfirmationDialog(
            pygame.Rect(w // 2 - dw // 2, h // 2 - dh // 2, dw, dh),
            html + "<br><i>Enter: yes, Escape: no</i>",
            manager,
            window_title=title,
            action_short_name=yes,
        )
        self.on_yes = on_yes
        self.on_no = on_no
        self.open = True

    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was the dialog's (after the UI manager has seen it): its buttons,
        its close box, Enter or Escape. Other keys are swallowed while it is open."""
        if not self.open:
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.answer(True)
            elif event.key == pygame.K_ESCAPE:
                self.answer(False)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.dialog.confirm_button:
                self.answer(True)
                return True
            if event.ui_element is self.dialog.cancel_button:
                self.answer(False)
                return True
        if (
            event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED
            and event.ui_element is self.dialog
        ):
            self.answer(True)  # pygame_gui's own event for its yes button
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and event.ui_element is self.dialog:
            self.answer(False)
            return True
        return False

    def answer(self, yes: bool) -> None:
        """Close the dialog and do what the answer says (once)."""
        if not self.open:
            return
        self.open = False
        if self.dialog.alive():
            self.dialog.kill()
        if yes:
            self.on_yes()
        elif self.on_no is not None:
            self.on_no()
