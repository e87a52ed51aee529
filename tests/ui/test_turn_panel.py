"""The turn panel (issue 6): sides grouped players first, acted, triggered, afflictions; no dead
space under its buttons. Headless, on the bundled demo."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pygame
import pytest

from game.rules.engine.state import Affliction
from game.ui.app import App
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "config" / "encounters" / "demo.yaml"


@pytest.fixture()
def app(tmp_path):  # type: ignore[no-untyped-def]
    a = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 900))
    a.update(0.0)
    a.draw()
    yield a
    a.close()


def _rows(app: App) -> list[tuple[str, str, str]]:
    m = app.panels.model
    return [(t, cid, st) for (t, cid), st in zip(m.creature_rows, m.row_styles, strict=True)]


def test_sides_grouped_players_first_with_headers_and_colours(app: App) -> None:
    rows = _rows(app)
    st = app.session.engine.state
    headers = [i for i, (_, cid, style) in enumerate(rows) if style == "#row_header"]
    assert headers[0] == 0 and len(headers) == len({c.side for c in st.creatures.values()})
    assert "(players)" in rows[0][0] and "(GM)" in rows[headers[-1]][0]
    for text, cid, style in rows:
        if cid:
            want = "#row_players" if st.controller(cid) == "players" else "#row_gm"
            assert style == want, text
    # The list shows them in those colours
    item = app.panels.creatures.item_list[1]
    assert item["object_id"] == "#row_players"


def test_acting_done_triggered_and_afflictions_are_written(app: App) -> None:
    app._intent("advance")
    app._intent("turn_start", "spearman")
    app.update(0.0)
    row = {cid: (t, s) for t, cid, s in _rows(app)}
    assert "ACTING" in row["spearman"][0] and row["spearman"][1] == "#row_active"
    app._intent("turn_end")
    st = app.session.engine.state
    # Facts the engine keeps: a spent triggered action, an affliction (set on the state directly)
    warg = st.creatures["warg"]
    warg = dataclasses.replace(
        warg,
        turn=dataclasses.replace(warg.turn, triggered_used=True),
        afflictions=(Affliction("prone", "test"),),
    )
    from types import SimpleNamespace

    from game.ui.panel_model import turn_rows

    engine = SimpleNamespace(state=st.with_creature(warg))
    fake = SimpleNamespace(engine=engine, playing=lambda: engine, vitals_fn=lambda: None)
    texts, styles = turn_rows(fake)
    row = {cid: (t, s) for (t, cid), s in zip(texts, styles, strict=True)}
    assert "done" in row["spearman"][0] and row["spearman"][1] == "#row_done"
    assert "triggered used" in row["warg"][0] and "prone" in row["warg"][0]


def test_no_dead_space_under_the_turn_panel_buttons(app: App) -> None:
    w, h = app.screen.get_size()
    assert app.layout.left.bottom == h
    bottom = max(b.get_abs_rect().bottom for b in (app.panels.end_turn, app.panels.advance))
    assert h - bottom <= 12


def _click_row(app: App, cid: str) -> None:
    import pygame_gui

    text = next(t for t, c in app.panels.model.creature_rows if c == cid)
    app.handle(
        pygame.event.Event(
            pygame_gui.UI_SELECTION_LIST_NEW_SELECTION, ui_element=app.panels.creatures, text=text
        )
    )
    app.update(0.0)


def test_clicking_a_row_selects_the_creature_and_shows_where_it_can_go(app: App) -> None:
    from game.ui.tools.move import MoveTool

    app._intent("advance")  # round 1: the players' fast turns
    app.update(0.0)
    _click_row(app, "rogue")
    assert app.selected == "rogue"
    assert isinstance(app.tools[-1], MoveTool) and app.tools[-1].mover == "rogue"
    move = app.scene().move
    assert move is not None and move.cost_class is not None and (move.cost_class >= 0).sum() > 1
    _click_row(app, "spearman")  # another row: its squares replace the first one's
    assert app.selected == "spearman" and len(app.tools) == 2
    assert app.tools[-1].mover == "spearman"


def test_after_reopening_the_acting_creature_is_selected(tmp_path: Path) -> None:
    from game.ui.tools.move import MoveTool

    first = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 900))
    first.update(0.0)
    first._intent("advance")
    first._intent("turn_start", "rogue")
    assert first.session.engine.state.active == "rogue"
    first.close()
    again = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 900))
    try:
        again.update(0.0)
        assert again.session.engine.state.active == "rogue"
        assert again.selected == "rogue"
        assert isinstance(again.tools[-1], MoveTool) and again.tools[-1].mover == "rogue"
    finally:
        again.close()
