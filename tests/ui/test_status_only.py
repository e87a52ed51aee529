"""A tool's hover that only has something to say changes the status line, not the whole
panels: the bar, the turn list and the log are not built again (game/ui/app.py ``_apply``)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.session import Session
from game.ui.tools.measure import MeasureTool
from game.ui.tools.target import TargetTool
from tests.ui.test_app import _click, _hover
from tests.ui.toy import toy_build, toy_opened


@pytest.fixture()
def app(tmp_path):  # type: ignore[no-untyped-def]
    s = Session(toy_opened(tmp_path), journal_path=tmp_path / "j.jsonl", build=toy_build)
    a = App(s, size=(1200, 800))
    a.camera.set_zoom(48)
    a.camera.origin_x_yd = a.camera.origin_y_yd = 0
    a.update(0.0)
    a.draw()
    yield a
    a.close()


def _counting(app: App, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    built: list[int] = []
    real = app._refresh_panels

    def refresh() -> None:
        built.append(1)
        real()

    monkeypatch.setattr(app, "_refresh_panels", refresh)
    return built


def test_hovering_targets_rewrites_the_status_line_only(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    _click(app, (1, 1))
    _click(app, (5, 3))  # kara moves beside the target
    _click(app, (5, 3))  # and is selected again where she stands
    app._intent("action:poke")
    app.update(0.0)
    assert isinstance(app.tools[-1], TargetTool)
    built = _counting(app, monkeypatch)
    said = set()
    for sq in [(6, 4), (2, 2), (6, 4), (7, 7)]:
        _hover(app, sq)
        app.update(0.0)
        app.draw()
        said.add(app.panels.status_text)
        assert app.panels.status_text == app.status  # what the tool said is on the line
    assert len(said) >= 2  # the hovers said different things
    assert built == []
    _click(app, (6, 4))  # the click plays the command: then the panels are built again
    assert built != []
    assert type(app.session.engine.log()[-1]).__name__ == "ToyPoked"


def test_a_measure_says_its_distance_on_the_line_without_building_the_panels(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    app._intent("measure")
    app.update(0.0)
    assert isinstance(app.tools[-1], MeasureTool)
    built = _counting(app, monkeypatch)
    said = []
    for end in [(3, 1), (5, 4)]:
        a, b = app.camera.square_center_px((1, 1)), app.camera.square_center_px(end)
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 0), buttons=(1, 0, 0)))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        app.update(0.0)
        said.append(app.panels.status_text)
    assert said[0] != said[1] and all("yard" in t for t in said), said
    assert built == []
