"""Held keys repeat as in any editor (Ctrl+Z / Ctrl+Y, arrows, + / -), nothing else does
(game/ui/key_repeat.py), and a repeat stops when the key is let go or the window loses focus."""

from __future__ import annotations

import pygame
import pytest

import game.ui.key_repeat as key_repeat
from game.rules.engine import GMNote
from game.ui.app import App
from game.ui.session import Session
from tests.ui.toy import toy_build, toy_opened


@pytest.fixture()
def app(tmp_path):  # type: ignore[no-untyped-def]
    s = Session(toy_opened(tmp_path), journal_path=tmp_path / "j.jsonl", build=toy_build)
    a = App(s, size=(1200, 800))
    a.held.clock = Clock()
    a.update(0.0)
    yield a
    a.close()


class Clock:
    """The held key's clock: each turn of the loop below is one repeat interval later."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def _turns(app: App, events: list[pygame.event.Event], n: int = 1) -> None:
    """``n`` turns of the window's loop, the first with ``events``; the first repeat is due
    in the second turn (the delay), then one each turn."""
    clock = pygame.time.Clock()
    held: Clock = app.held.clock  # type: ignore[assignment]
    for k in range(n):
        app.frame(events if k == 0 else [], clock, False)
        held.now += key_repeat.DELAY_S if k == 0 else key_repeat.INTERVAL_S


def _down(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def _up(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)


def test_a_held_ctrl_z_undoes_again_each_turn_until_let_go(app: App) -> None:
    for k in range(8):
        assert app.session.submit(GMNote(text=f"note {k}")) == ""
    hist = app.session.engine.history
    _turns(app, [_down(pygame.K_z, pygame.KMOD_CTRL)], 3)  # the press, then two repeats
    assert len(hist) == 5 and app.held.active
    _turns(app, [_up(pygame.K_z)], 3)
    assert len(hist) == 5 and not app.held.active
    _turns(app, [_down(pygame.K_y, pygame.KMOD_CTRL)], 2)  # redo repeats too
    assert len(hist) == 7
    _turns(app, [pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None)], 3)
    assert len(hist) == 7  # the key-up goes to another window: the repeat stops here


def test_keys_that_play_a_command_never_repeat(app: App) -> None:
    journal_lines = len(app.session.engine.history)
    _turns(app, [_down(pygame.K_n)], 4)  # N: the next part, once however long it is held
    assert not app.held.active
    assert len(app.session.engine.history) == journal_lines + 1


def test_a_held_arrow_pans_each_turn(app: App) -> None:
    x0 = app.camera.origin_x_yd
    _turns(app, [_down(pygame.K_LEFT)], 1)
    once = app.camera.origin_x_yd
    assert once != x0
    _turns(app, [], 2)
    step = once - x0
    assert app.camera.origin_x_yd == pytest.approx(x0 + 3 * step)


def test_only_undo_redo_arrows_and_zoom_repeat() -> None:
    ctrl = pygame.KMOD_CTRL
    assert key_repeat.repeatable(_down(pygame.K_z, ctrl))
    assert key_repeat.repeatable(_down(pygame.K_y, ctrl))
    assert key_repeat.repeatable(_down(pygame.K_MINUS))
    for k, mod in ((pygame.K_z, 0), (pygame.K_s, ctrl), (pygame.K_RETURN, 0), (pygame.K_SPACE, 0),
                   (pygame.K_LEFT, ctrl), (pygame.K_F11, 0)):
        assert not key_repeat.repeatable(_down(k, mod))
