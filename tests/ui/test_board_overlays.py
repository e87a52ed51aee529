"""The board's square overlays (terrain tints, hatching, elevation shading) are stamped with numpy
a square at a time: the same pixels as filling each square in turn (issue 12's chunk times)."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from game.rules.battlefield import Battlefield
from game.ui.render import board

RNG = np.random.default_rng(5)


def _rgba(surf: pygame.Surface) -> np.ndarray:
    return np.frombuffer(pygame.image.tobytes(surf, "RGBA"), np.uint8).reshape(
        surf.get_height(), surf.get_width(), 4
    )


def _canvas(w: int, h: int, z: int) -> pygame.Surface:
    surf = pygame.Surface((w * z, h * z))
    surf.fill((90, 120, 60))
    return surf


@pytest.mark.parametrize("z", [4, 7, 16, 32])
def test_a_tint_is_each_masked_square_filled(z: int) -> None:
    mask = RNG.random((9, 13)) < 0.4
    colour = (40, 90, 200, 120)
    got = _canvas(13, 9, z)
    board._fill_mask(got, mask, colour, z)
    want = _canvas(13, 9, z)
    layer = pygame.Surface(want.get_size(), pygame.SRCALPHA)
    for y, x in zip(*np.nonzero(mask), strict=True):
        layer.fill(colour, (int(x) * z, int(y) * z, z, z))
    want.blit(layer, (0, 0))
    assert np.array_equal(_rgba(got), _rgba(want))


@pytest.mark.parametrize("z", [4, 16, 24])
def test_elevation_shading_is_each_square_filled_by_its_height(z: int) -> None:
    bf = Battlefield.blank(13, 9, name="t")
    bf.elevation[:] = RNG.integers(-6, 7, size=(9, 13)).astype(bf.elevation.dtype)
    bf.elevation[0:3, 0:4] = 0
    b = board.Board(bf)
    got = _canvas(13, 9, z)
    board._draw_elevation(b, got, 0, 0, 13, 9, z)
    want = _canvas(13, 9, z)
    diff = bf.elevation - b._elev_ref
    layer = pygame.Surface(want.get_size(), pygame.SRCALPHA)
    for y, x in zip(*np.nonzero(diff), strict=True):
        d = float(diff[y, x])
        alpha = int(min(150, 25 + 18 * abs(d)))
        layer.fill((255, 255, 255, alpha) if d > 0 else (0, 0, 60, alpha), (x * z, y * z, z, z))
    want.blit(layer, (0, 0))
    if z >= 20:  # the heights printed on ledges' edges: drawn by the same code on both
        return _same_outside_labels(got, want, z, diff)
    assert np.array_equal(_rgba(got), _rgba(want))


def _same_outside_labels(got: pygame.Surface, want: pygame.Surface, z: int, d: np.ndarray) -> None:
    g, w = _rgba(got), _rgba(want)
    for y, x in zip(*np.nonzero(d == 0), strict=True):  # unshaded squares carry no label
        assert np.array_equal(
            g[y * z : (y + 1) * z, x * z : (x + 1) * z], w[y * z : (y + 1) * z, x * z : (x + 1) * z]
        )


@pytest.mark.parametrize("z", [8, 16, 48])
def test_hatching_is_the_same_on_every_masked_square_and_nothing_else(z: int) -> None:
    mask = np.zeros((6, 8), bool)
    mask[1, 1] = mask[1, 2] = mask[4, 6] = True
    got = _canvas(8, 6, z)
    board._hatch_mask(got, mask, (200, 150, 40, 180), z)
    px = _rgba(got)
    plain = _rgba(_canvas(8, 6, z))
    blocks = {
        (y, x): px[y * z : (y + 1) * z, x * z : (x + 1) * z] for y in range(6) for x in range(8)
    }
    first = blocks[(1, 1)]
    assert not np.array_equal(first, plain[:z, :z])  # hatched
    assert len(np.unique(first.reshape(-1, 4), axis=0)) >= 2  # lines over the tint
    for (y, x), blk in blocks.items():
        if mask[y, x]:
            assert np.array_equal(blk, first)
        else:
            assert np.array_equal(blk, plain[y * z : (y + 1) * z, x * z : (x + 1) * z])
