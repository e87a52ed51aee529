"""Token art a creature file names (`token:`) in the window: drawn clipped to the disc, after the
table's own choices (an encounter entry's picture, config/tokens.yaml's, the map placement's);
a picture gone after loading leaves a disc with initials and one status line, never a crash."""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.render.tokens import TokenArt
from game.ui.scene import TokenView
from game.ui.session import Session
from game.ui.view_model import load_token_config
from tests.ui.gm import DEMO, ROOT

RED, GREEN, BLUE = (230, 20, 20), (20, 230, 20), (20, 20, 230)


def _picture(path: Path, rgb: tuple[int, int, int]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    s = pygame.Surface((16, 16))
    s.fill(rgb)
    pygame.image.save(s, str(path))
    return path


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """A copy of the project's config, maps and assets; the Giant Bat's file names a red
    picture beside it."""
    for name in ("config", "maps", "assets"):
        shutil.copytree(ROOT / name, tmp_path / name)
    _picture(tmp_path / "config" / "creatures" / "art" / "giant_bat.png", RED)
    return tmp_path


def _middle(tok: TokenView, art: TokenArt) -> tuple[int, int, int]:
    """The colour in the middle of the token's disc (its art, or the initials' disc)."""
    pic = art.surface(tok, 40)
    c = pic.get_width() // 2
    r, g, b = tuple(pic.get_at((c, c)))[:3]
    return r, g, b


def _close(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
    return all(abs(x - y) < 40 for x, y in zip(a, b, strict=True))


def _bat(session: Session) -> TokenView:
    return next(t for t in session.fight.tokens() if t.key == "bat")


def test_the_demo_bat_wears_its_shipped_art(tmp_path: Path) -> None:
    session = Session.open(DEMO, journal_path=tmp_path / "j.jsonl")
    try:
        bat = _bat(session)
        assert bat.image == str(ROOT / "config" / "creatures" / "art" / "giant_bat.png")
        art = TokenArt()
        assert art.picture_of(bat) is not None and not art.problems
    finally:
        session.close()


@pytest.mark.parametrize(
    "tokens_yaml, own, want",
    [
        ({}, False, RED),  # the creature file's picture
        ({"giant_bat": "green.png"}, False, GREEN),  # tokens.yaml's for its kind first
        ({"Bat": "green.png"}, False, GREEN),  # ... and for its name
        ({"bat": "blue.png", "giant_bat": "green.png"}, False, BLUE),  # ... its id first
        ({"giant_bat": "green.png"}, True, BLUE),  # its own (an encounter entry's) first of all
    ],
)
def test_the_definitions_picture_comes_after_the_tables_choices(
    project: Path, tokens_yaml: dict[str, str], own: bool, want: tuple[int, int, int]
) -> None:
    _picture(project / "green.png", GREEN)
    _picture(project / "blue.png", BLUE)
    images = "".join(f"  {k}: {v}\n" for k, v in tokens_yaml.items())
    (project / "config" / "tokens.yaml").write_text(f"images:\n{images}" if images else "")
    enc = project / "config" / "encounters" / "demo.yaml"
    if own:  # the bat's own entry names its picture
        text = enc.read_text()
        entry = "{creature: giant_bat, side: foes, name: Bat, square: [17, 22], elevation_yd: 4}"
        assert entry in text
        enc.write_text(text.replace(entry, entry[:-1] + f", token: {project / 'blue.png'}}}"))
    cfg = load_token_config(project / "config" / "tokens.yaml")
    session = Session.open(enc, journal_path=project / "j.jsonl", token_config=cfg)
    try:
        bat = _bat(session)
        got = _middle(bat, TokenArt(cfg.images, cfg.side_colours))
        assert _close(got, want), (bat.image, got)
    finally:
        session.close()


def test_a_picture_gone_after_loading_is_a_disc_and_one_status_line(project: Path) -> None:
    enc = project / "config" / "encounters" / "demo.yaml"
    app = App(Session.open(enc, journal_path=project / "j.jsonl"), size=(1366, 768))
    try:
        pic = project / "config" / "creatures" / "art" / "giant_bat.png"
        pic.write_bytes(b"\x89PNG\r\n\x1a\n broken after the check")  # a torn copy
        app.update(0.0)
        app.draw()  # the frame draws the bat: its picture will not load
        app.update(0.0)
        assert app.status.startswith(str(pic)) and "(Bat's token)" in app.status
        assert "drawn as a disc with initials" in app.status and "\n" not in app.status
        assert not _close(_middle(_bat(app.session), app.caches.art), RED)
        app.status = ""
        app.draw()  # said once: the next frames draw the disc quietly
        app.update(0.0)
        assert app.status == ""
    finally:
        app.close()


def test_a_picture_missing_when_the_fight_opens_is_no_reason_to_refuse_it(project: Path) -> None:
    """`battlemat check` says it; the window opens the fight, draws the bat with initials and
    says which picture and whose token in one line."""
    (project / "config" / "creatures" / "art" / "giant_bat.png").unlink()
    enc = project / "config" / "encounters" / "demo.yaml"
    app = App(Session.open(enc, journal_path=project / "j.jsonl"), size=(1366, 768))
    try:
        app.update(0.0)
        app.draw()
        app.update(0.0)
        assert "(Bat's token): no such file; drawn as a disc with initials" in app.status
        assert "\n" not in app.status
    finally:
        app.close()
