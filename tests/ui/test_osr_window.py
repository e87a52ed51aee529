"""The OSR demo in the GM window, headless: formations set up and drawn, hit points, afflictions."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
OSR_DEMO = ROOT / "config" / "encounters" / "osr_demo.yaml"


@pytest.fixture()
def app(tmp_path):  # type: ignore[no-untyped-def]
    a = App(Session.open(OSR_DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 900))
    a.update(0.0)
    a.draw()
    yield a
    a.close()


def test_osr_demo_opens_with_its_formations(app: App) -> None:
    st = app.session.engine.state
    assert st.ruleset_id == "osr"
    forms = st.data.get("osr_formations", {})
    assert set(forms) == {"shield_wall", "rabble"}
    marks = {f.key: f for f in app.scene().formations}
    assert marks["shield_wall"].facing == "S" and len(marks["shield_wall"].squares) == 4
    assert "cohesion" in marks["shield_wall"].label


def test_tokens_count_osr_hit_points_not_health(app: App) -> None:
    st = app.session.engine.state
    sergeant = st.creatures["sergeant"]
    tok = next(t for t in app.session.fight.tokens() if t.key == "sergeant")
    assert sergeant.definition.hit_points is not None
    assert tok.health == sergeant.definition.hit_points != sergeant.definition.health


def test_formation_outline_is_drawn_on_the_block_edge(app: App) -> None:
    mark = next(f for f in app.scene().formations if f.key == "shield_wall")
    xs = [q[0] for q in mark.squares]
    y = mark.squares[0][1]
    # The middle of the block's top edge, between two members: the outline runs there
    x_px, y_px = app.camera.yd_to_px((min(xs) + max(xs) + 1) / 2 + 0.5, y)
    from game.ui.render import palette

    ring = palette.side_colour(mark.controller, mark.side, app.caches.art.side_colours)
    hits = 0
    for dy in range(-2, 3):
        c = app.screen.get_at((int(x_px), int(y_px) + dy))
        hits += tuple(c)[:3] == ring
    assert hits >= 1


def test_burning_and_acid_show_as_icons(app: App) -> None:
    from dataclasses import replace

    from game.ui.render.afflictions import ICONS

    assert "burning" in ICONS and "in_acid" in ICONS
    tok = next(t for t in app.session.fight.tokens() if t.key == "raider_1")

    def centred(t: object) -> pygame.Surface:  # both pictures on one canvas, disc on disc
        pic = app.caches.art.surface(t, 40)  # type: ignore[arg-type]
        canvas = pygame.Surface((80, 80), pygame.SRCALPHA)
        canvas.blit(pic, (40 - pic.get_width() // 2, 40 - pic.get_height() // 2))
        return canvas

    plain = centred(tok)
    burnt = centred(replace(tok, afflictions=("burning", "in_acid")))
    changed = sum(
        plain.get_at((x, y)) != burnt.get_at((x, y))
        for x in range(0, 80, 2)
        for y in range(0, 80, 2)
    )
    assert changed > 10


def _click(app: App, square: tuple[int, int]) -> None:
    import pygame

    pos = app.camera.square_center_px(square)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.update(0.0)
    app.draw()


def _to_action_phase(app: App) -> None:
    for _ in range(6):
        if app.session.engine.state.phase == "action":
            break
        app._intent("advance")
        app.update(0.0)
    assert app.session.engine.state.phase == "action"


def test_clicking_a_block_member_moves_the_whole_block(app: App) -> None:
    _to_action_phase(app)
    st = app.session.engine.state
    if st.data.get("osr_initiative_winner", "raiders") == "garrison":  # seeded: raiders act first
        pytest.skip("the seed gave the garrison the initiative")
    before = {f"raider_{i}": st.creatures[f"raider_{i}"].square for i in range(1, 7)}
    _click(app, before["raider_3"])
    assert app.tools[-1].name == "formation"
    x, y = before["raider_3"]
    _click(app, (x - 1, y))  # one pace west: every member steps west
    after = app.session.engine.state
    assert {k: after.creatures[k].square for k in before} == {
        k: (sq[0] - 1, sq[1]) for k, sq in before.items()
    }
    row = next(a for a in app.panels.model.actions if a.id == "turn_formation")
    assert row.label == "Turn formation"


def test_the_block_move_preview_outlines_where_the_block_would_stand(app: App) -> None:
    import pygame

    _to_action_phase(app)
    st = app.session.engine.state
    if st.data.get("osr_initiative_winner", "raiders") == "garrison":
        pytest.skip("the seed gave the garrison the initiative")
    x, y = st.creatures["raider_3"].square
    _click(app, (x, y))
    pos = app.camera.square_center_px((x - 1, y))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    ghosts = [f for f in app.scene().formations if f.key.endswith(":preview")]
    assert len(ghosts) == 1 and ghosts[0].legal
    assert (x - 1, y) in ghosts[0].squares and len(ghosts[0].squares) == 6


def test_seize_the_initiative_a_swift_act_typed_in_for_the_selected_creature(app: App) -> None:
    app._intent("advance")  # the fight begins: the Seize part, before round 1
    app.selected = "wall_archer"
    app._panel_version = -1
    app.update(0.0)
    seize = next(a for a in app.panels.model.actions if a.id == "seize_initiative")
    assert seize.legal
    app._intent("action:seize_initiative")
    app.update(0.0)
    assert app.panels.prompt is not None and app.panels.prompt_entry is not None
    app._intent("answer_text:fly to the moon")  # a narrated act: the engine rolls the skill check
    app.update(0.0)
    assert app.panels.prompt is None
    st = app.session.engine.state
    assert "wall_archer" in (st.data.get("osr_seized") or ())
    assert any("swift act" in line for line, _ in app.session.fight.log_lines())
    again = next(a for a in app.panels.model.actions if a.id == "seize_initiative")
    assert not again.legal and again.reason  # one swift act each


def test_once_the_fight_has_begun_the_button_says_next_part(app: App) -> None:
    assert app.panels.model.advance_label == "Start"
    app._intent("advance")  # the Seize part, still before round 1
    app.update(0.0)
    assert app.session.engine.state.round == 0 and app.session.engine.state.phase
    assert app.panels.model.advance_label == "Next part"
    assert app.session.fight.rulesets() == app.session.fight.rulesets() == ["osr", "sotdl"]


def test_the_hovered_path_speaks_in_the_rulesets_unit(app: App) -> None:
    """OSR distances are paces (config/rulesets/osr.yaml distance_unit), not yards."""
    from game.ui import intents

    s = app.session
    for _ in range(4):  # N: start, Milieu & Magic, Roll Initiative, Movement/Missiles/Melee
        intents.do_intent(app, "advance")
    ogre = s.engine.state.creatures["hill_ogre"]
    modes = s.previews.move_modes("hill_ogre")
    x, y = ogre.square
    pv = s.previews.move_preview("hill_ogre", modes, (), (x, y - 1), safest=False, area=None)
    assert pv is not None and pv.note.endswith("1 pace") and " yd" not in pv.note
