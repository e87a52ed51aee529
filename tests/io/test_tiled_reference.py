"""Battlemat draws maps as Tiled does: `battlemat render --as-tiled` against Tiled's tmxrasterizer.

Every map Tiled 1.8 reads (the shipped ones and the vendored real ones) is drawn by both at its
own tile size and compared pixel by pixel. Shape objects (rectangles, polygons, points) are
taken out of the map first, for both: Tiled draws them as editor outlines, Battlemat gives them
meaning (walls, zones) and shows them as overlays, so they are no art to compare. So are
objects placed from templates: Tiled 1.8's rasterizer draws them as empty squares (the editor
draws their tiles), so the shipped maps' creatures are compared in the sandbox test below.
Where Tiled 1.8 lacks a feature the map uses (Tiled 1.9 sub-rectangles in forest.tmx; template
tile objects in sandbox.tmx) the picture is compared with an expected image checked by eye
instead (tests/io/data/reference/, rendered at 16 pixels a tile and looked at against Tiled's).

Tolerance: a pixel differs when a channel differs by more than 40 of 255 after both pictures
are laid on the map's background; at most 0.25% of the pixels may differ. Qt and SDL round
alpha blending differently (a few levels on see-through art), rotated tile objects resample
differently at their edges, and Qt draws a tile object at a fractional position
(orthogonal-outside's x="413.333") blended across pixels where we round to the nearest: that
map differs in 0.02-0.15% of its pixels, every other one here in 0.000% at its own tile size.

Each map is also compared at 1.5 and 2 times its tile size (tmxrasterizer --tilesize N),
where every tile is scaled: our scaling is Qt's (bilinear at pixel centres, clamped to the
tile's own edge: game/ui/render/maplayers.py scale_bilinear), so scaled maps agree as well
(0.000% on the shipped and vendored maps, features.tmx 0.2%, perspective_walls 0.1%). With
SDL's smoothscale they differed in 0.3-3% of the pixels, a rim inside every tile; the scaled
rows fail on that (checked). A missing, shifted, flipped or wrongly cut block of tiles changes
far more (the last test proves the comparison sees an 8x8 block turned, at the native and at
a scaled size). On failure the diff image (red where pixels differ) is written beside the
test's temporary files and named in the message.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree as ET

import numpy as np
import pygame
import pytest

from game.ui.render_file import render_to_file

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "tests" / "data" / "tiled-examples"
EX18 = ROOT / "tests" / "data" / "tiled-1.8-examples"
EXPECTED = Path(__file__).parent / "data" / "reference"
DIFF_LEVEL = 40
MAX_DIFFERING = 0.0025
# features.tmx is small (170x198) and holds two rotated and two resized tile objects: SDL
# rotation resamples their edges unlike Qt (0.19% at its own size, 0.2% scaled, today)
MAX_DIFFERING_FOR = {"features.tmx": 0.006}

AGAINST_TILED = [
    ROOT / "maps" / "courtyard.tmx",
    ROOT / "maps" / "broken_bridge.tmx",
    ROOT / "maps" / "forest_stream.tmx",
    EX / "orthogonal-outside.tmx",
    EX / "perspective_walls.tmx",
    EX18 / "desert.tmx",
    EX18 / "sewers.tmx",
    EX18 / "rpg" / "island.tmx",
    Path(__file__).parent / "data" / "render" / "features.tmx",  # every flip, tint, group ...
]
AGAINST_EXPECTED = {  # map -> (tile px, expected image)
    EX / "forest" / "forest.tmx": (16, "forest.png"),
    EX / "sticker-knight" / "map" / "sandbox.tmx": (16, "sandbox.png"),
}

RASTERIZER = shutil.which("tmxrasterizer")
needs_tiled = pytest.mark.skipif(
    RASTERIZER is None and not os.environ.get("BATTLEMAT_REQUIRE_TILED"),
    reason="Tiled's tmxrasterizer is not installed (Debian package 'tiled'; .ci/run installs it)",
)


def _absolute_sources(el: ET.Element, base: Path) -> None:
    for node in el.iter():
        src = node.get("source") or node.get("template")
        if src and not os.path.isabs(src):
            node.set("source" if node.get("source") else "template", str((base / src).resolve()))


def without_shapes(path: Path, tmp: Path) -> Path:
    """A copy of the map in tmp with only its own tile objects (every file by full path)."""
    tree = ET.parse(path)
    root = tree.getroot()
    for og in root.iter("objectgroup"):
        for obj in list(og.findall("object")):
            if obj.get("gid") is None or obj.get("template") is not None:
                og.remove(obj)
    _absolute_sources(root, path.parent)
    out = tmp / path.name
    tree.write(out, encoding="UTF-8", xml_declaration=True)
    return out


def _rgb_on(path: Path, background: tuple[int, int, int]) -> np.ndarray:
    img = pygame.image.load(str(path))
    base = pygame.Surface(img.get_size())
    base.fill(background)
    base.blit(img.convert_alpha() if img.get_alpha() is not None else img, (0, 0))
    return pygame.surfarray.array3d(base).astype(np.int16)


def _background(map_path: Path) -> tuple[int, int, int]:
    raw = (ET.parse(map_path).getroot().get("backgroundcolor") or "").lstrip("#")[-6:]
    return tuple(int(raw[i : i + 2], 16) for i in (0, 2, 4)) if len(raw) == 6 else (0, 0, 0)  # type: ignore[return-value]


def assert_same_picture(ours: Path, theirs: Path, map_path: Path, tmp: Path) -> None:
    """The two PNGs show the same picture, under the tolerance above."""
    bg = _background(map_path)
    a, b = _rgb_on(ours, bg), _rgb_on(theirs, bg)
    assert a.shape == b.shape, f"{map_path.name}: ours is {a.shape[:2]}, Tiled's {b.shape[:2]}"
    differs = np.abs(a - b).max(axis=2) > DIFF_LEVEL
    share = float(differs.mean())
    print(f"{map_path.name}: {share:.3%} of pixels differ")  # shown with pytest -s
    allowed = MAX_DIFFERING_FOR.get(map_path.name, MAX_DIFFERING)
    if share > allowed:
        diff = (a // 3).astype(np.uint8)
        diff[differs] = (255, 0, 0)
        out = tmp / f"diff-{map_path.stem}.png"
        pygame.image.save(pygame.surfarray.make_surface(diff), str(out))
        pytest.fail(
            f"{map_path.name}: {share:.2%} of pixels differ from {theirs.name} "
            f"(at most {allowed:.2%}); diff image: {out}"
        )


@pytest.fixture(autouse=True)
def _display() -> None:
    if not pygame.display.get_init():
        pygame.display.init()


SCALES = (1.0, 1.5, 2.0)  # times the map's own tile size


@needs_tiled
@pytest.mark.parametrize("scale", SCALES, ids=lambda s: f"x{s:g}")
@pytest.mark.parametrize("map_path", AGAINST_TILED, ids=lambda p: p.name)
def test_drawn_as_tmxrasterizer_draws(map_path: Path, scale: float, tmp_path: Path) -> None:
    assert RASTERIZER, "BATTLEMAT_REQUIRE_TILED is set but tmxrasterizer is not installed"
    bare = without_shapes(map_path, tmp_path)
    tile = int(int(ET.parse(bare).getroot().get("tilewidth", "0")) * scale)
    theirs, ours = tmp_path / "tiled.png", tmp_path / "ours.png"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run(
        [RASTERIZER, "--tilesize", str(tile), str(bare), str(theirs)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0 and theirs.is_file(), run.stderr
    render_to_file(bare, ours, as_tiled=True, tile_px=tile)
    assert_same_picture(ours, theirs, map_path, tmp_path)


@pytest.mark.parametrize("map_path", list(AGAINST_EXPECTED), ids=lambda p: p.name)
def test_drawn_as_the_checked_image(map_path: Path, tmp_path: Path) -> None:
    tile, name = AGAINST_EXPECTED[map_path]
    ours = tmp_path / "ours.png"
    render_to_file(map_path, ours, as_tiled=True, tile_px=tile)
    assert_same_picture(ours, EXPECTED / name, map_path, tmp_path)


@pytest.mark.parametrize("tile_px", [8, 16, 32])
def test_the_comparison_sees_flipped_tiles(tmp_path: Path, tile_px: int) -> None:
    """The tolerance is not so loose that wrong tiles pass: a block flipped fails it, at the
    map's own tile size (16) and scaled down or up."""
    src = EX / "orthogonal-outside.tmx"
    good, bad = tmp_path / "good.png", tmp_path / "bad.png"
    render_to_file(src, good, as_tiled=True, tile_px=tile_px)
    tree = ET.parse(src)
    root = tree.getroot()
    _absolute_sources(root, src.parent)
    layer = root.find("layer")
    assert layer is not None
    data = layer.find("data")
    assert data is not None
    data.attrib.pop("compression", None)
    data.set("encoding", "csv")
    from game.io.tiled_read import read_tiled

    gids = read_tiled(src).layers[0].raw
    assert gids is not None
    gids = gids.copy()
    gids[:8, :8] = gids[:8, :8] | np.uint32(0x60000000)  # an 8x8 block turned a quarter
    data.text = "\n" + ",\n".join(",".join(str(int(v)) for v in row) for row in gids) + "\n"
    flipped = tmp_path / "flipped.tmx"
    tree.write(flipped, encoding="UTF-8", xml_declaration=True)
    render_to_file(flipped, bad, as_tiled=True, tile_px=tile_px)
    with pytest.raises(pytest.fail.Exception, match="of pixels differ"):
        assert_same_picture(bad, good, src, tmp_path)
