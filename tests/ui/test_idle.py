"""A laptop's battery (issue 10): at rest the window draws nothing; input, a change of the
fight and an exposed window make it draw again."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from tests.ui.gm import DEMO, open_started


@pytest.fixture()
def app(tmp_path: Path):  # type: ignore[no-untyped-def]
    a = open_started(DEMO, tmp_path, "spearman")
    a.run(autoquit_s=0.3, close=False)  # the first frames
    yield a
    a.close()


def _frames_while_running(app: App, seconds: float, *events: pygame.event.Event) -> int:
    app.running = True
    app.input_at = 0.0  # no input lately: nothing settling
    before = app.frame_count
    for e in events:
        pygame.event.post(e)
    app.run(autoquit_s=seconds, close=False)
    return app.frame_count - before


def test_at_rest_the_window_draws_nothing(app: App) -> None:
    assert _frames_while_running(app, 0.6) == 0


def test_input_draws_again(app: App) -> None:
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_g, mod=0, unicode="g")
    assert _frames_while_running(app, 0.3, key) >= 1


def test_a_change_of_the_fight_draws_again(app: App) -> None:
    app._intent("turn_start", "spearman")  # as the engine's events would, with no input
    assert _frames_while_running(app, 0.3) >= 1


def test_an_exposed_window_is_drawn_again(app: App) -> None:
    expose = pygame.event.Event(pygame.WINDOWEXPOSED, window=app.window)
    assert _frames_while_running(app, 0.3, expose) >= 1
