"""The bundled demo encounter in the GM window, headless: the round from the turn panel, a move."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game.ui.app import App
from game.ui.session import Session

DEMO = Path(__file__).resolve().parents[2] / "config" / "encounters" / "demo.yaml"


@pytest.fixture()
def app(tmp_path):  # type: ignore[no-untyped-def]
    a = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 900))
    a.update(0.0)
    a.draw()
    yield a
    a.close()


def _click(app: App, square: tuple[int, int]) -> None:
    pos = app.camera.square_center_px(square)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.update(0.0)
    app.draw()


def _reachable_square(move, start):  # type: ignore[no-untyped-def]
    """A square 2-3 yards away that the move (not a rush) reaches, from the ruleset's own area."""
    k = move.classes.index("move")
    ys, xs = (move.cost_class == k).nonzero()
    options = [
        (int(x), int(y))
        for x, y in zip(xs, ys, strict=True)
        if 2 <= max(abs(int(x) - start[0]), abs(int(y) - start[1])) <= 3
    ]
    assert options
    return sorted(options)[0]


def test_turn_panel_starts_a_turn_and_a_click_moves(app: App) -> None:
    app._intent("advance")  # N: the fight begins, in the ruleset's first part of the round
    app.update(0.0)
    st = app.session.engine.state
    assert st.round == 1 and app.panels.model.round_text == "Round 1"
    row = next(text for text, cid in app.panels.model.creature_rows if cid == "spearman")
    app.handle(
        pygame.event.Event(
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, text=row, ui_element=app.panels.creatures
        )
    )
    app.update(0.0)
    assert app.session.engine.state.active == "spearman"
    start = app.session.engine.state.creatures["spearman"].square
    _click(app, start)
    move = app.tools[-1].preview().get("move")
    assert move is not None and move.cost_class is not None  # reachable squares shaded
    dest = _reachable_square(move, start)
    _click(app, dest)
    assert app.session.engine.state.creatures["spearman"].square == dest
    assert any(
        re.match(r"Spearman moves [\d.]+ yards? from", line)
        for line, _ in app.session.fight.log_lines()
    )
    app._intent("turn_end")
    assert app.session.engine.state.active is None
