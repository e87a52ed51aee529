"""The target tool's reasons at the hovered target are not covered by the token's own tooltip
(its name and health, shown when a token is hovered with nothing aimed)."""

from __future__ import annotations

from pathlib import Path

import pygame

from tests.ui.gm import DEMO, open_started
from tests.ui.scenario_window import hover, key


def test_aiming_at_a_token_shows_the_reasons_not_the_tooltip(tmp_path: Path) -> None:
    app = open_started(DEMO, tmp_path, "crossbowman")
    try:
        brute = app.session.engine.state.creatures["ogre_brute"].square
        hover(app, brute)
        assert app.scene().hover_px is not None  # hovered plainly: its tooltip
        app._intent("turn_start", "crossbowman")
        app._intent("action:attack")
        hover(app, brute)
        scene = app.scene()
        assert scene.target is not None and scene.target.target_key == "ogre_brute"
        assert scene.hover_px is None  # the reasons speak for it
        key(app, pygame.K_ESCAPE)
        hover(app, brute)
        assert app.scene().hover_px is not None
    finally:
        app.close()


def test_a_blocks_move_previewed_over_a_member_shows_no_tooltip(tmp_path: Path) -> None:
    """OSR: a mob member clicked, the block's move hovered onto a member's square."""
    from tests.ui.gm import OSR_DEMO
    from tests.ui.scenario_window import click

    app = open_started(OSR_DEMO, tmp_path, "raider_3")
    try:
        for _ in range(3):  # Milieu, Initiative, Action: the raiders act first
            app._intent("advance", "confirmed")
        st = app.session.engine.state
        assert st.phase == "action", app.status
        x, y = st.creatures["raider_3"].square
        click(app, (x, y))
        assert app.tools[-1].name == "formation", app.tools[-1].name
        hover(app, (x - 2, y))  # Raider 1's square: the block would stand there
        scene = app.scene()
        assert scene.formations and scene.hover_px is None
    finally:
        app.close()
