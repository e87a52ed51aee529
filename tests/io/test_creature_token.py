"""A creature file names its token art (`token: art/guard.png`, relative to that file;
docs/config.md; issue 10: "art where the creature's Tiled template or definition names an
image"). A picture that is missing or not a picture is one line naming the file, the line, the
creature and what is wrong; the art is the window's, kept beside the definitions, never in the
stat block."""

from __future__ import annotations

import io
from pathlib import Path

import pygame
import pytest

from game.io.check import check_paths
from game.io.config import load_definitions
from tests.io.test_config_errors import CREATURES, errors, make_config

GUARD_TOKEN = CREATURES.replace("    size: 1\n", "    size: 1\n    token: {token}\n", 1)
LINE = 4  # the token's line in creatures/a.yaml


def _picture(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(pygame.Surface((8, 8)), str(path))


@pytest.mark.parametrize(
    "token, where",
    [
        ("art/guard.png", "config/creatures/art/guard.png"),  # beside the creature file
        ("../pictures/guard.png", "config/pictures/guard.png"),  # anywhere, relative to it
    ],
)
def test_the_token_is_read_relative_to_the_creature_file(
    tmp_path: Path, token: str, where: str
) -> None:
    cfg = make_config(tmp_path, creatures__a_DOT_yaml=GUARD_TOKEN.format(token=token))
    _picture(tmp_path / where)
    defs = load_definitions(cfg)
    assert defs.tokens == {"guard": str((tmp_path / where).resolve())}
    # the stat block is the same with or without its picture (events carry stat blocks)
    plain = load_definitions(make_config(tmp_path / "plain"))
    assert defs.creatures["guard"] == plain.creatures["guard"]


def test_an_absolute_token_path_is_taken_as_it_is(tmp_path: Path) -> None:
    pic = tmp_path / "elsewhere" / "guard.png"
    _picture(pic)
    cfg = make_config(tmp_path, creatures__a_DOT_yaml=GUARD_TOKEN.format(token=pic))
    assert load_definitions(cfg).tokens["guard"] == str(pic)


@pytest.mark.parametrize(
    "token, make, problem",
    [
        ("art/gone.png", None, "token: no such file {cfg}/creatures/art/gone.png"),
        ("art", "folder", "token: {cfg}/creatures/art is not a regular file"),
        (
            "art/notes.png",
            "text",
            "token: {cfg}/creatures/art/notes.png is not a picture (PNG, GIF, BMP or JPEG) or "
            "cannot be read",
        ),
        ('""', None, "token: a picture file (PNG), not an empty name"),
    ],
)
def test_a_bad_picture_is_one_line_naming_file_line_creature_and_problem(
    tmp_path: Path, token: str, make: str | None, problem: str
) -> None:
    """`battlemat check` says it (exit 1); the fight still opens: a missing picture is no reason
    to refuse it (the window draws that token with initials and says so)."""
    cfg = make_config(tmp_path, creatures__a_DOT_yaml=GUARD_TOKEN.format(token=token))
    if make == "folder":
        (cfg / "creatures" / "art").mkdir()
    elif make == "text":
        (cfg / "creatures" / "art").mkdir()
        (cfg / "creatures" / "art" / "notes.png").write_text("not a picture")
    line = f"{cfg}/creatures/a.yaml:{LINE}: creature 'guard': " + problem.format(cfg=cfg.resolve())
    out, err = io.StringIO(), io.StringIO()
    assert check_paths([cfg], out, err) == 1
    assert err.getvalue().splitlines() == [line] and "Traceback" not in err.getvalue()
    defs = load_definitions(cfg)
    assert defs.problems == (line,) and "guard" in defs.creatures
    if token != '""':
        assert defs.tokens["guard"].endswith(token.split("/")[-1])  # tried, then initials


def test_a_token_that_is_not_text_is_a_mistake_in_the_file(tmp_path: Path) -> None:
    cfg = make_config(tmp_path, creatures__a_DOT_yaml=GUARD_TOKEN.format(token="[a.png, b.png]"))
    assert errors(cfg) == [
        f"creatures/a.yaml:{LINE}: creature 'guard': 'token' must be text, not a list"
    ]


def test_checking_one_creature_file_says_its_own_bad_picture(tmp_path: Path) -> None:
    cfg = make_config(tmp_path, creatures__a_DOT_yaml=GUARD_TOKEN.format(token="art/gone.png"))
    out, err = io.StringIO(), io.StringIO()
    assert check_paths([cfg / "creatures" / "a.yaml"], out, err) == 1
    assert err.getvalue().splitlines() == [
        f"{cfg}/creatures/a.yaml:{LINE}: creature 'guard': token: no such file "
        f"{cfg.resolve()}/creatures/art/gone.png"
    ]
