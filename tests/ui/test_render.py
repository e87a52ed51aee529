"""The battlefield view draws what the scene says: pixel checks on a surface."""

from __future__ import annotations

import numpy as np
import pygame

from game.rules.ascii_grid import parse_ascii
from game.ui.camera import Camera
from game.ui.render import palette
from game.ui.render.frame import RenderCaches, draw_frame
from game.ui.scene import MovePreview, PathStepMark, Scene, TokenView

PICTURE = """
........
..^^....
..~~..#.
....2...
"""


def _render(scene: Scene, z: int = 32) -> tuple[pygame.Surface, Camera]:
    bf = scene.battlefield
    cam = Camera(bf.width * z, bf.height * z, px_per_yd=z)
    surf = pygame.Surface((cam.view_w_px, cam.view_h_px))
    draw_frame(surf, cam, scene, RenderCaches.for_battlefield(bf))
    return surf, cam


def _px(surf: pygame.Surface, cam: Camera, x_yd: float, y_yd: float) -> tuple[int, int, int]:
    x, y = cam.yd_to_px(x_yd, y_yd)
    return tuple(surf.get_at((int(x), int(y))))[:3]


def test_plain_ground_and_impassable_square() -> None:
    bf = parse_ascii(PICTURE)
    surf, cam = _render(Scene(bf, overlays=frozenset()))
    assert _px(surf, cam, 0.5, 0.5) == palette.GROUND
    assert _px(surf, cam, 6.5, 2.5) != palette.GROUND


def test_terrain_overlay_tints_water_and_difficult_only_when_on() -> None:
    bf = parse_ascii(PICTURE)
    off, cam = _render(Scene(bf, overlays=frozenset()))
    on, _ = _render(Scene(bf, overlays=frozenset({"terrain"})))
    assert _px(off, cam, 0.5, 0.5) == _px(on, cam, 0.5, 0.5)
    water_on = _px(on, cam, 2.5, 2.5)
    assert water_on[2] > water_on[0]  # blue
    assert _px(on, cam, 2.5, 1.5) != _px(off, cam, 2.5, 1.5)


def test_token_ring_in_side_colour_and_selection() -> None:
    bf = parse_ascii(PICTURE)
    tok = TokenView("a", "Bobby", (1, 0), controller="players")
    surf, cam = _render(Scene(bf, (tok,), overlays=frozenset()))
    # The ring crosses the token's left edge midway down
    ring = [_px(surf, cam, 1.0 + dx / 32, 0.5) for dx in range(2, 10)]
    assert palette.SIDE_COLOURS["players"] in ring
    sel, _ = _render(Scene(bf, (tok,), overlays=frozenset(), selected_key="a"))
    ring = [_px(sel, cam, 1.0 + dx / 32, 0.5) for dx in range(-4, 10)]  # just outside the disc
    assert palette.SELECTED in ring


def test_hidden_creature_never_in_player_view() -> None:
    bf = parse_ascii(PICTURE)
    tok = TokenView("a", "Sneak", (1, 0), hidden=True)
    gm, cam = _render(Scene(bf, (tok,), overlays=frozenset()))
    pv, _ = _render(Scene(bf, (tok,), overlays=frozenset(), player_view=True))
    assert _px(gm, cam, 1.5, 0.5) != palette.GROUND
    assert _px(pv, cam, 1.5, 0.5) == palette.GROUND


def test_reachable_squares_shaded_by_cost_class() -> None:
    bf = parse_ascii(PICTURE)
    cc = np.full((bf.height, bf.width), -1, np.int8)
    cc[0, 0] = 0
    cc[0, 3] = 1
    mp = MovePreview("a", cc)
    surf, cam = _render(Scene(bf, overlays=frozenset(), move=mp))
    move_px, rush_px, none_px = (
        _px(surf, cam, 0.5, 0.5),
        _px(surf, cam, 3.5, 0.5),
        _px(surf, cam, 5.5, 0.5),
    )
    assert none_px == palette.GROUND
    assert move_px[1] > palette.GROUND[1]  # greener
    assert rush_px != move_px


def test_path_and_free_attack_mark_drawn_at_step() -> None:
    bf = parse_ascii(PICTURE)
    mp = MovePreview(
        "a",
        None,
        path=((0, 0), (1, 0), (2, 0), (3, 0)),
        marks=(PathStepMark((2, 0), "free_attack", "Warg"),),
    )
    surf, cam = _render(Scene(bf, overlays=frozenset(), move=mp))
    assert _px(surf, cam, 1.0, 0.5) == palette.PATH
    x, y = cam.square_center_px((2, 0))
    r = 32 // 3
    colours = {tuple(surf.get_at((x + d, y + d)))[:3] for d in range(-r, r)}
    assert palette.FREE_ATTACK in colours


def test_elevation_shading_where_it_differs() -> None:
    bf = parse_ascii(PICTURE)
    surf, cam = _render(Scene(bf, overlays=frozenset({"elevation"})))
    assert _px(surf, cam, 0.5, 0.5) == palette.GROUND
    assert _px(surf, cam, 4.9, 3.9) != palette.GROUND


def test_token_art_from_tokens_yaml(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from pathlib import Path

    from game.ui.render.tokens import TokenArt
    from game.ui.view_model import load_token_config

    art_file = Path(__file__).parent / "data" / "backdrop.png"  # plain green
    cfg_file = tmp_path / "config" / "tokens.yaml"
    cfg_file.parent.mkdir()
    cfg_file.write_text(f"images:\n  warg: {art_file}\nsides:\n  foes: '#00ffff'\n")
    cfg = load_token_config(cfg_file)
    bf = parse_ascii(PICTURE)
    tok = TokenView("w", "Warg", (1, 0), side="foes", image="warg")
    cam = Camera(bf.width * 32, bf.height * 32, px_per_yd=32)
    surf = pygame.Surface((cam.view_w_px, cam.view_h_px))
    caches = RenderCaches.for_battlefield(bf)
    caches.art = TokenArt(cfg.images, cfg.side_colours)
    draw_frame(surf, cam, Scene(bf, (tok,), overlays=frozenset()), caches)
    r, g, b = _px(surf, cam, 1.5, 0.5)
    assert g > 150 and r < 60 and b < 60  # the picture, not a disc
    ring = [_px(surf, cam, 1.0 + dx / 32, 0.5) for dx in range(2, 10)]
    assert (0, 255, 255) in ring  # the side's colour from the file


def test_bad_tokens_yaml_is_one_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import pytest

    from game.io.errors import InputError
    from game.ui.view_model import load_token_config

    f = tmp_path / "tokens.yaml"
    f.write_text("sides:\n  foes: red\n")
    with pytest.raises(InputError) as err:
        load_token_config(f)
    assert str(err.value) == f"{f}:sides.foes: colour 'red' is not #rrggbb"


def test_the_reachable_tint_fills_each_square_exactly_at_every_zoom() -> None:
    """Every pixel of a reachable square gets its class's tint and no pixel of another square
    does, at every zoom level (scaling a square-per-pixel picture put edges a pixel off at the
    zooms that are not powers of two: 5, 10, 160 ...), at camera origins off the grid too."""
    from game.ui.render.previews import MoveTint

    rng = np.random.default_rng(4)
    cc = rng.integers(-1, 3, size=(12, 14)).astype(np.int8)
    mp = MovePreview("a", cc)
    ground = (100, 100, 100)
    for z in Camera(640, 480, px_per_yd=32).levels:
        cam = Camera(640, 480, px_per_yd=z, origin_x_yd=1.25, origin_y_yd=0.5)
        surf = pygame.Surface((640, 480))
        surf.fill(ground)
        tint, at = MoveTint().placed(mp, cam)
        assert tint is not None
        surf.blit(tint, at)  # its one destination
        px = pygame.surfarray.array3d(surf)  # [x, y]
        # the square under each pixel, as the board places its squares: from the map's
        # corner in whole pixels
        cx = int(np.floor(-cam.origin_x_yd * z + 0.5))
        cy = int(np.floor(-cam.origin_y_yd * z + 0.5))
        sx, sy = (np.arange(640) - cx) // z, (np.arange(480) - cy) // z
        inside = (sx[:, None] >= 0) & (sx[:, None] < 14) & (sy[None, :] >= 0) & (sy[None, :] < 12)
        k = np.where(inside, cc[np.clip(sy, 0, 11)[None, :], np.clip(sx, 0, 13)[:, None]], -1)
        for c in (-1, 0, 1, 2):
            got = px[k == c]
            if len(got):
                assert (got == got[0]).all(), (z, c)  # one colour for the whole class
                assert (tuple(got[0]) == ground) == (c < 0), (z, c)
