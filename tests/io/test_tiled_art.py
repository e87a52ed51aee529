"""The shipped maps' art layers draw what the rules say, and change none of it (docs/maps.md 6)."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from game.io.tiled import load_battlefield
from game.io.tiled_raster import line_squares, polygon_squares
from game.io.tiled_read import read_tiled
from game.rules.battlefield import Battlefield, Light

ROOT = Path(__file__).parents[2]
SHIPPED = ["courtyard", "broken_bridge", "forest_stream"]


def _art(name: str) -> tuple[Battlefield, dict[str, np.ndarray], dict[int, str]]:
    """The battlefield, its art layers by name, and every tile's label by gid."""
    path = ROOT / "maps" / f"{name}.tmx"
    doc = read_tiled(path)
    layers = {la.name: la.gids for la in doc.layers if la.name.startswith("Art: ")}
    labels = {g: str(p.get("label", "")) for g, p in doc.tile_props.items()}
    return load_battlefield(path), layers, labels


def _squares(
    bf: Battlefield, kinds: tuple[str, ...], min_height: float = 0.0
) -> set[tuple[int, int]]:
    out: set[tuple[int, int]] = set()
    for o in bf.obstacles:
        if o.kind in kinds and o.height_yd > min_height:
            fn = polygon_squares if o.closed else line_squares
            ys, xs = fn(o.points, bf.width, bf.height)
            out |= set(zip(xs.tolist(), ys.tolist(), strict=True))
    return out


def _label_at(
    layers: dict[str, np.ndarray], labels: dict[int, str], layer: str, x: int, y: int
) -> str:
    gids = layers.get(f"Art: {layer}")
    return labels.get(int(gids[y, x]), "") if gids is not None else ""


@pytest.mark.parametrize("name", SHIPPED)
def test_art_tiles_carry_no_rule_and_their_layers_are_ignored(name: str) -> None:
    path = ROOT / "maps" / f"{name}.tmx"
    doc = read_tiled(path)
    art = [la for la in doc.layers if la.name.startswith("Art: ")]
    assert art, "the map has art layers"
    for layer in art:
        assert layer.properties.get("battlemat_ignore") is True
        for g in np.unique(layer.gids).tolist():
            if g:
                assert set(doc.tile_props.get(g, {})) <= {"label"}, (layer.name, g)


@pytest.mark.parametrize("name", SHIPPED)
def test_removing_the_art_layers_changes_nothing(name: str, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    bare = tmp_path / "maps" / f"{name}.tmx"
    tree = ET.parse(bare)
    root = tree.getroot()
    removed = [el for el in root if el.tag == "layer" and el.get("name", "").startswith("Art: ")]
    assert removed
    for el in removed:
        root.remove(el)
    tree.write(bare, encoding="UTF-8", xml_declaration=True)
    a, b = load_battlefield(ROOT / "maps" / f"{name}.tmx"), load_battlefield(bare)
    for field in ("elevation", "terrain", "light", "obscurement", "surface_banes"):
        assert np.array_equal(getattr(a, field), getattr(b, field)), field
    assert (a.obstacles, a.zones, a.placements) == (b.obstacles, b.zones, b.placements)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_wall_low_wall_pillar_and_tree_is_drawn(name: str) -> None:
    bf, layers, labels = _art(name)
    for x, y in _squares(bf, ("wall", "arrow_slit"), 1.0):
        assert _label_at(layers, labels, "things", x, y).startswith("wall "), (x, y)
    for x, y in _squares(bf, ("arrow_slit",)):
        assert _label_at(layers, labels, "details", x, y).startswith("arrow slit"), (x, y)
    for x, y in _squares(bf, ("low_wall", "parapet")):
        drawn = (
            _label_at(layers, labels, "things", x, y),
            _label_at(layers, labels, "details", x, y),
        )
        assert drawn[0].startswith("low wall") or drawn[1] == "crenels", (x, y)
    for x, y in _squares(bf, ("fence",)):
        assert _label_at(layers, labels, "things", x, y).startswith("railing"), (x, y)
    for x, y in _squares(bf, ("pillar", "column")):
        assert _label_at(layers, labels, "things", x, y) in ("pillar", "post"), (x, y)
    for x, y in _squares(bf, ("tree",)):
        assert _label_at(layers, labels, "trees", x, y).startswith(("trunk", "tree", "pine")), (
            x,
            y,
        )


def test_the_dark_and_the_chasm_are_drawn() -> None:
    bf, layers, labels = _art("courtyard")
    dark_tiles = {(x, y) for y in range(23, 27) for x in range(25, 29)}  # dark flagstones
    dark = list(zip(*np.nonzero(bf.light == Light.DARK), strict=True))
    assert len(dark) > len(dark_tiles)  # the dark corner too
    for y, x in dark:
        if (x, y) not in dark_tiles:
            assert _label_at(layers, labels, "light", x, y) == "darkness", (x, y)
    bf, layers, labels = _art("broken_bridge")
    assert _label_at(layers, labels, "edges", 12, 2).startswith("cliff")  # west wall of the chasm
    assert _label_at(layers, labels, "edges", 23, 2).startswith("cliff")
    assert _label_at(layers, labels, "edges", 17, 2).startswith("depth")
    assert _label_at(layers, labels, "details", 16, 13) == "broken deck e"
    assert _label_at(layers, labels, "details", 20, 13) == "broken deck w"
