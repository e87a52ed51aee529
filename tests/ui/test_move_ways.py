"""The move tool's Tab key: the way over the edge into the hovered square (Seed SotDL: Climb,
Jump; issue 15: climbing, jumping and falling are the three ways over an edge)."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.tools.move import MoveTool
from tests.ui.gm import DEMO, open_started


def _at(app: App, square: tuple[int, int]) -> tuple[int, int]:
    return app.camera.square_center_px(square)  # type: ignore[no-any-return]


def _hover(app: App, square: tuple[int, int]) -> None:
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=_at(app, square), rel=(0, 0),
                                  buttons=(0, 0, 0)))
    app.update(0.0)


def _click(app: App, square: tuple[int, int]) -> None:
    _hover(app, square)
    for t in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        app.handle(pygame.event.Event(t, pos=_at(app, square), button=1))
    app.update(0.0)
    app.draw()


def _key(app: App, key: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.update(0.0)
    app.draw()


def test_tab_cycles_the_way_over_the_hovered_edge_and_the_move_takes_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = open_started(DEMO, tmp_path, "wall_guard")
    try:
        app.camera.set_zoom(32)
        app.camera.origin_x_yd = app.camera.origin_y_yd = 0
        app.update(0.0)
        app.draw()
        _click(app, (6, 3))  # the guard on the wall walk, 3 yards up
        tool = app.tools[-1]
        assert isinstance(tool, MoveTool)
        _hover(app, (6, 5))  # off the wall: a safe jump down (1 + 3), the default
        p = tool.preview()["move"]
        assert p.edges[-1] == ((6, 5), ("climb", "jump", "fall"), "jump_down")
        assert "jump down (Tab: climb / jump / fall)" in p.note
        _key(app, pygame.K_TAB)
        assert tool.preview()["move"].edges[-1][2] == "fall" and "fall" in app.status
        _key(app, pygame.K_TAB)
        p = tool.preview()["move"]
        assert p.edges[-1][2] == "climb" and p.cost_yd == 1 + 1 + 3 * 2
        pygame.image.save(app.screen, str(tmp_path / "ways.png"))
        _click(app, (6, 5))
        hows = [e.how for rec in app.session.engine.history for e in rec.events
                if type(e).__name__ == "Stepped"]
        assert hows == ["walk", "climb"]
        assert app.session.engine.state.creatures["wall_guard"].square == (6, 5)
    finally:
        app.close()
