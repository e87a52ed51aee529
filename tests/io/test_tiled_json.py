"""Tiled's JSON formats read with the same meaning as TMX: every shipped and vendored map,
exported by Tiled itself (`tiled --export-map json`), gives the same battlefield and the same
picture as its .tmx; its tilesets exported as .tsj and templates as .tj too."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.io.errors import InputError
from game.io.tiled import describe_battlefield, load_battlefield
from game.ui.render_file import render_to_file

ROOT = Path(__file__).resolve().parents[2]
EX = ROOT / "tests" / "data" / "tiled-examples"
EX18 = ROOT / "tests" / "data" / "tiled-1.8-examples"
DATA = Path(__file__).parent / "data" / "maps"
MAPS = [
    ROOT / "maps" / "courtyard.tmx",
    ROOT / "maps" / "broken_bridge.tmx",
    ROOT / "maps" / "forest_stream.tmx",
    EX / "orthogonal-outside.tmx",
    EX / "perspective_walls.tmx",
    EX / "forest" / "forest.tmx",
    EX / "sticker-knight" / "map" / "sandbox.tmx",
    EX18 / "desert.tmx",
    EX18 / "sewers.tmx",
    EX18 / "rpg" / "island.tmx",
]
# Tiled 1.8 drops what it does not know when it writes a tileset: forest.tsx's Tiled 1.9
# sub-rectangles (the .tmx keeps them only in the external .tsx)
LOSSY_TILESET = {"forest.tmx"}

TILED = shutil.which("tiled")
needs_tiled = pytest.mark.skipif(
    TILED is None and not os.environ.get("BATTLEMAT_REQUIRE_TILED"),
    reason="Tiled is not installed (Debian package 'tiled'; .ci/run installs it)",
)


def _tiled(*args: str) -> None:
    assert TILED, "BATTLEMAT_REQUIRE_TILED is set but tiled is not installed"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    run = subprocess.run([TILED, *args], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr


def _same_battlefield(a: Path, b: Path) -> None:
    x, y = load_battlefield(a), load_battlefield(b)
    assert describe_battlefield(x) == describe_battlefield(y)
    for name in ("terrain", "elevation", "light", "obscurement"):
        assert np.array_equal(getattr(x, name), getattr(y, name)), name
    assert x.obstacles == y.obstacles and x.zones == y.zones
    assert [(p.creature_id, p.square, p.side) for p in x.placements] == [
        (p.creature_id, p.square, p.side) for p in y.placements
    ]


def _same_picture(a: Path, b: Path, tmp: Path) -> None:
    if not pygame.display.get_init():
        pygame.display.init()
    pa, pb = tmp / "a.png", tmp / "b.png"
    render_to_file(a, pa, as_tiled=True)
    render_to_file(b, pb, as_tiled=True)
    ia, ib = pygame.image.load(str(pa)), pygame.image.load(str(pb))
    assert ia.get_size() == ib.get_size()
    assert pygame.image.tobytes(ia, "RGBA") == pygame.image.tobytes(ib, "RGBA")


@needs_tiled
@pytest.mark.parametrize("tmx", MAPS, ids=lambda p: p.name)
def test_json_export_is_the_same_map(tmx: Path, tmp_path: Path) -> None:
    tmj = tmp_path / (tmx.stem + ".tmj")
    _tiled("--export-map", "json", str(tmx), str(tmj))
    _same_battlefield(tmx, tmj)
    _same_picture(tmx, tmj, tmp_path)


@needs_tiled
@pytest.mark.parametrize(
    "tmx", [m for m in MAPS if m.name not in LOSSY_TILESET], ids=lambda p: p.name
)
def test_json_export_with_json_tilesets_is_the_same_map(tmx: Path, tmp_path: Path) -> None:
    """The map's external tilesets exported as .tsj and the .tmj pointed at them."""
    tmj = tmp_path / (tmx.stem + ".tmj")
    _tiled("--export-map", "json", str(tmx), str(tmj))
    doc = json.loads(tmj.read_text())
    for ts in doc["tilesets"]:
        if "source" in ts:
            tsx = (tmj.parent / ts["source"]).resolve()
            tsj = tmp_path / (tsx.stem + ".tsj")
            _tiled("--export-tileset", "json", str(tsx), str(tsj))
            ts["source"] = tsj.name
    tmj.write_text(json.dumps(doc))
    _same_battlefield(tmx, tmj)
    _same_picture(tmx, tmj, tmp_path)


def test_json_template_is_the_same_as_its_tx(tmp_path: Path) -> None:
    """A .tj template (hand-written as Tiled writes one) places the same creature as its .tx."""
    shutil.copytree(DATA / "templates", tmp_path / "templates")
    shutil.copy(DATA / "tiles.tsx", tmp_path)
    shutil.copy(DATA / "tiles.png", tmp_path)
    src = (DATA / "templates.tmx").read_text()
    (tmp_path / "a.tmx").write_text(src)
    tx_names = sorted(p.name for p in (DATA / "templates").glob("*.tx"))
    for name in tx_names:
        _tx_to_tj(tmp_path / "templates" / name)
    (tmp_path / "b.tmx").write_text(src.replace(".tx\"", ".tj\""))
    assert ".tj\"" in (tmp_path / "b.tmx").read_text()
    a, b = load_battlefield(tmp_path / "a.tmx"), load_battlefield(tmp_path / "b.tmx")
    assert describe_battlefield(a).splitlines()[1:] == describe_battlefield(b).splitlines()[1:]


def _tx_to_tj(tx: Path) -> None:
    """Write the .tj twin of a .tx, as Tiled's JSON template format lays it out."""
    from xml.etree import ElementTree as ET

    root = ET.parse(tx).getroot()
    obj = root.find("object")
    assert obj is not None
    out: dict = {"type": "template", "object": {}}
    ts = root.find("tileset")
    if ts is not None:
        out["tileset"] = {"firstgid": int(ts.get("firstgid", "1")), "source": ts.get("source")}
    o = out["object"]
    for k, v in obj.attrib.items():
        o[k] = float(v) if k in ("x", "y", "width", "height", "rotation") else v
        if k == "gid":
            o[k] = int(v)
    props = obj.find("properties")
    if props is not None:
        o["properties"] = [
            {"name": p.get("name"), "type": p.get("type", "string"), "value": p.get("value")}
            for p in props.findall("property")
        ]
    for shape in ("ellipse", "point"):
        if obj.find(shape) is not None:
            o[shape] = True
    tx.with_suffix(".tj").write_text(json.dumps(out))


def test_json_mistakes_are_one_line(tmp_path: Path) -> None:
    cases = {
        "not_json.tmj": ("{ nope", "malformed JSON"),
        "a_tileset.tmj": ('{"type": "tileset"}', "this JSON file is a tileset"),
        "word_data.tmj": (
            '{"type": "map", "orientation": "orthogonal", "width": 2, "height": 1,'
            ' "tilewidth": 16, "tileheight": 16, "tilesets": [], "layers":'
            ' [{"type": "tilelayer", "name": "Ground", "width": 2, "height": 1,'
            ' "data": [0, "grass"]}]}',
            "layer 'Ground'",
        ),
        "hex.tmj": (
            '{"type": "map", "orientation": "hexagonal", "width": 2, "height": 1,'
            ' "tilewidth": 16, "tileheight": 16, "layers": []}',
            "hexagonal maps are not supported",
        ),
    }
    for name, (text, words) in cases.items():
        path = tmp_path / name
        path.write_text(text)
        with pytest.raises(InputError) as info:
            load_battlefield(path)
        assert words in str(info.value) and "\n" not in str(info.value), name
