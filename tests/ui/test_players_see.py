"""What the players see (issue 10): no hidden creatures, the foes' health as the GM chose for
the encounter (exact, a wound level, nothing), and a fog of war the GM paints or leaves to the
players' creatures' sight; the GM window shows that fog as a tint."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pygame
import pytest

from game.rules.ascii_grid import parse_ascii
from game.rules.geometry.sight import SightIndex
from game.ui.app import App
from game.ui.camera import Camera
from game.ui.players_see import Fog, for_players, sight_mask, wound_level
from game.ui.render import palette
from game.ui.render.frame import RenderCaches, draw_frame
from game.ui.scene import Scene, TokenView
from tests.ui.gm import DEMO, open_started

FOE = TokenView("ogre", "Ogre", (3, 0), controller="gm", damage=6, health=20)
HERO = TokenView("kara", "Kara", (0, 0), controller="players", damage=6, health=20)
SPY = TokenView("spy", "Spy", (1, 1), controller="gm", hidden=True)


def test_foes_health_exact_wounds_or_nothing_and_the_players_own_always_exact() -> None:
    exact = {t.key: t.damage for t in for_players((FOE, HERO, SPY), "exact")}
    assert exact == {"ogre": 6, "kara": 6}  # never the hidden spy
    wounds = {t.key: t.damage for t in for_players((FOE, HERO), "wounds")}
    assert wounds == {"ogre": round(20 / 3), "kara": 6}  # "hurt": a third of the bar
    nothing = {t.key: t.damage for t in for_players((FOE, HERO), "none")}
    assert nothing == {"ogre": 0, "kara": 6}


@pytest.mark.parametrize(
    ("damage", "words"), [(0, "unhurt"), (1, "hurt"), (9, "hurt"), (10, "badly hurt"), (20, "down")]
)
def test_wound_levels_by_the_share_of_health_lost(damage: int, words: str) -> None:
    assert wound_level(damage, 20)[0] == words


def test_the_gm_reveals_and_hides_squares_and_tokens_in_the_fog_are_not_shown() -> None:
    bf = parse_ascii("......\n......\n")
    fog = Fog(bf)
    fog.mode = "manual"
    fog.paint((0, 0, 2, 1), reveal=True)
    fog.paint((2, 0, 2, 0), reveal=False)
    seen = fog.seen(None, 0)
    assert seen is not None and seen.sum() == 5 and not seen[0, 2]
    shown = {t.key for t in for_players((FOE, HERO), "exact", seen)}
    assert shown == {"kara"}  # the ogre at (3, 0) stands in the fog
    fog.mode = "off"
    assert fog.seen(None, 0) is None


def test_sight_fog_shows_what_the_players_creatures_see_and_not_behind_walls() -> None:
    bf = parse_ascii(
        """
        ..#...
        ..#...
        ..#...
        ......
        """
    )
    hero = SimpleNamespace(
        id="kara", in_fight=True, body=SimpleNamespace(square=(0, 0), space=1, elevation_yd=0.0)
    )
    foe = SimpleNamespace(
        id="ogre", in_fight=True, body=SimpleNamespace(square=(5, 3), space=1, elevation_yd=0.0)
    )
    state = SimpleNamespace(
        creatures={"kara": hero, "ogre": foe},
        controller=lambda cid: "players" if cid == "kara" else "gm",
    )
    seen = sight_mask(bf, state, SightIndex.build(bf))  # type: ignore[arg-type]
    assert seen[0, 0] and seen[0, 1] and seen[3, 0] and seen[3, 1]
    assert not seen[0, 4] and not seen[1, 5]  # behind the wall


def test_fog_is_black_on_the_table_and_a_tint_in_the_gm_window() -> None:
    bf = parse_ascii("....\n....\n")
    seen = np.zeros((2, 4), dtype=bool)
    seen[:, :2] = True
    cam = Camera(4 * 16, 2 * 16, px_per_yd=16)
    out = {}
    for player_view in (False, True):
        surf = pygame.Surface((cam.view_w_px, cam.view_h_px))
        scene = Scene(bf, overlays=frozenset(), player_view=player_view, fog_seen=seen)
        draw_frame(surf, cam, scene, RenderCaches.for_battlefield(bf))
        out[player_view] = (surf.get_at((8, 8))[:3], surf.get_at((56, 8))[:3])
    gm_seen, gm_fog = out[False]
    table_seen, table_fog = out[True]
    assert gm_seen == table_seen == palette.GROUND
    assert table_fog == palette.FOG_TABLE[:3]
    assert gm_fog not in (palette.GROUND, palette.FOG_TABLE[:3])  # tinted, still visible


def test_the_window_plays_the_settings_and_remembers_the_foes_health(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BATTLEMAT_HOME", str(tmp_path / "home"))
    app = open_started(DEMO, tmp_path, "spearman")
    try:
        assert app.foe_health == "exact"
        app._intent("foe_health")
        assert app.foe_health == "wounds"
        app._intent("fog")  # painted by the GM: nothing revealed yet
        assert app.fog.mode == "manual" and app.tools[-1].name == "fog"
        a = app.camera.square_center_px((0, 0))
        b = app.camera.square_center_px((5, 5))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        assert app.fog.revealed[:6, :6].all() and app.fog.revealed.sum() == 36
        assert app.scene().fog_seen is not None  # the GM window tints the rest
        assert len(app.session.engine.history) == 1  # painting fog plays no command
        app._intent("fog")
        assert app.fog.mode == "sight"
        seen = app.fog_seen()
        st = app.session.engine.state
        for c in st.creatures.values():
            if st.controller(c.id) == "players":
                assert seen[c.square[1], c.square[0]]
    finally:
        app.close()
    again = App(app.session.__class__.open(DEMO, journal_path=tmp_path / "j2.jsonl"))
    try:
        assert again.foe_health == "wounds"  # remembered for this encounter
    finally:
        again.close()


def test_the_painted_fog_survives_closing_and_reopening_the_fight(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.io.journal import read_journal

    monkeypatch.setenv("BATTLEMAT_HOME", str(tmp_path / "home"))
    app = open_started(DEMO, tmp_path, "spearman")
    try:
        app._intent("fog")  # painted by the GM
        a = app.camera.square_center_px((2, 3))
        b = app.camera.square_center_px((6, 4))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
        app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        painted = app.fog.revealed.copy()
        assert painted.sum() == 10
    finally:
        app.close()
    again = App(app.session.__class__.open(DEMO, journal_path=tmp_path / "j.jsonl"))
    try:
        assert again.fog.mode == "manual"
        assert (again.fog.revealed == painted).all()
        assert len(again.session.engine.history) == 1  # the fight as it was: fog plays nothing
        again._intent("fog")  # the players' sight, then off: each is kept
        again._intent("fog")
    finally:
        again.close()
    lines = [e for e in read_journal(tmp_path / "j.jsonl").extra if e["op"] == "fog"]
    assert [e["mode"] for e in lines] == ["manual", "manual", "sight", "off"]
    third = App(app.session.__class__.open(DEMO, journal_path=tmp_path / "j.jsonl"))
    try:
        assert third.fog.mode == "off" and (third.fog.revealed == painted).all()
    finally:
        third.close()


def test_a_bad_fog_line_is_one_line_naming_the_journal(tmp_path: Path) -> None:
    from game.io.journal import JournalRead, apply_line

    for bad in ({"op": "fog", "mode": "dusk"}, {"op": "fog", "mode": "manual", "revealed": [[1]]}):
        with pytest.raises(ValueError, match="fog line"):
            apply_line(JournalRead(header=object()), bad)  # type: ignore[arg-type]


def test_sight_fog_shows_pillar_and_wall_squares_whose_face_is_seen() -> None:
    bf = parse_ascii(
        """
        ......
        ...#..
        ......
        ......
        """
    )
    hero = SimpleNamespace(
        id="kara", in_fight=True, body=SimpleNamespace(square=(0, 1), space=1, elevation_yd=0.0)
    )
    state = SimpleNamespace(creatures={"kara": hero}, controller=lambda cid: "players")
    seen = sight_mask(bf, state, SightIndex.build(bf))  # type: ignore[arg-type]
    assert seen[1, 3]  # the pillar's own square: its face is in plain view
    assert not seen[1, 4] and not seen[1, 5]  # behind it, still fogged


def test_the_sight_fog_follows_the_map_reloaded_under_the_fight() -> None:
    open_field = parse_ascii("......\n......\n......\n")
    walled = parse_ascii("..#...\n..#...\n..#...\n")
    hero = SimpleNamespace(
        id="kara", in_fight=True, body=SimpleNamespace(square=(0, 1), space=1, elevation_yd=0.0)
    )

    def state(bf: object) -> SimpleNamespace:
        return SimpleNamespace(
            creatures={"kara": hero}, controller=lambda cid: "players", battlefield=bf
        )

    fog = Fog(open_field)
    fog.mode = "sight"
    assert fog.seen(state(open_field), 1)[1, 5]  # type: ignore[index, arg-type]
    seen = fog.seen(state(walled), 1)  # the same fight version: the map alone changed
    assert seen is not None and not seen[1, 5]  # behind the wall the GM just drew


def test_a_restart_keeps_the_table_fog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BATTLEMAT_HOME", str(tmp_path / "home"))
    app = open_started(DEMO, tmp_path, "spearman")
    try:
        app._intent("fog")
        app.fog.paint((0, 0, 3, 3), reveal=True)
        app.session.fog_changed()
        app.session.restart()
    finally:
        app.close()
    again = App(app.session.__class__.open(DEMO, journal_path=tmp_path / "j.jsonl"))
    try:
        assert again.fog.mode == "manual" and again.fog.revealed.sum() == 16
    finally:
        again.close()
