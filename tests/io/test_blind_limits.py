"""Inputs built to make the loaders slow or greedy: refused in one line, never a hang."""

from __future__ import annotations

import base64
import math
import zlib
from pathlib import Path

import pytest

from game.io.errors import InputError
from game.io.tiled import load_battlefield
from game.io.yaml_lines import load_yaml_text

# A hang guard, not a speed test: pytest-timeout fails a loader that works for minutes.
pytestmark = pytest.mark.timeout(120)

SIDE = 1024


def _map(tmp_path: Path, objects: str) -> Path:
    path = tmp_path / "big.tmx"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="orthogonal" width="{SIDE}" height="{SIDE}" '
        'tilewidth="16" tileheight="16" infinite="0">\n'
        f' <objectgroup id="1" name="o">\n{objects} </objectgroup>\n</map>\n'
    )
    return path


def _refused_quickly(path: Path, where_prefix: str = "object ") -> InputError:
    with pytest.raises(InputError) as info:
        load_battlefield(path)
    assert info.value.where.startswith(where_prefix)
    assert "too many huge or detailed shapes" in info.value.what
    return info.value


def test_thousands_of_zones_over_the_whole_map(tmp_path: Path) -> None:
    px = 16 * SIDE
    objs = "".join(
        f'  <object id="{i}" class="fog" x="0" y="0" width="{px}" height="{px}">'
        "<ellipse/></object>\n"
        for i in range(1, 2001)
    )
    _refused_quickly(_map(tmp_path, objs))


def test_thousands_of_long_thin_walls(tmp_path: Path) -> None:
    objs = "".join(
        f'  <object id="{i}" class="wall" x="{(i % 100) * 160}" y="{(i // 100) * 16}">'
        '<polyline points="0,0 16000,16000"/></object>\n'
        for i in range(1, 5001)
    )
    _refused_quickly(_map(tmp_path, objs))


def test_polygons_with_ten_thousand_points(tmp_path: Path) -> None:
    pts = " ".join(
        f"{8000 + 7000 * math.cos(t / 1600):.1f},{8000 + 7000 * math.sin(t / 1600):.1f}"
        for t in range(9999)
    )
    objs = "".join(
        f'  <object id="{i}" class="fog" x="0" y="0"><polygon points="{pts}"/></object>\n'
        for i in range(1, 21)
    )
    _refused_quickly(_map(tmp_path, objs))


def test_a_big_but_sensible_map_still_loads(tmp_path: Path) -> None:
    """500 zones and walls of everyday sizes on the largest map: well inside the budget."""
    objs = "".join(
        f'  <object id="{i}" class="{"fog" if i % 2 else "wall"}" x="{(i * 37) % 15000}" '
        f'y="{(i * 53) % 15000}" width="640" height="320"/>\n'
        for i in range(1, 501)
    )
    bf = load_battlefield(_map(tmp_path, objs))
    assert len(bf.zones) == 250 and len(bf.obstacles) == 250


def test_yaml_alias_that_refers_to_itself() -> None:
    with pytest.raises(InputError) as info:
        load_yaml_text("a: &a [1, *a]\n", "loop.yaml")
    assert str(info.value) == "loop.yaml:1: an alias refers to itself"


def test_yaml_merge_chain_is_refused_before_it_is_built() -> None:
    lines = ["l0: &l0 {k0: 0}"]
    lines += [f"l{i}: &l{i} {{<<: [*l{i - 1}, *l{i - 1}], k{i}: {i}}}" for i in range(1, 40)]
    with pytest.raises(InputError) as info:
        load_yaml_text("\n".join(lines) + "\n", "merge.yaml")
    assert "aliases here expand to more than" in info.value.what


def test_a_flood_of_big_zero_chunks_in_an_infinite_map(tmp_path: Path) -> None:
    """Each 1024x1024 chunk of zeros compresses to a few kB; hundreds of them are refused."""
    zeros = base64.b64encode(zlib.compress(bytes(4 * SIDE * SIDE), 9)).decode()
    chunks = "".join(
        f'   <chunk x="0" y="0" width="{SIDE}" height="{SIDE}">{zeros}</chunk>\n' for _ in range(60)
    )
    path = tmp_path / "flood.tmx"
    path.write_text(
        '<?xml version="1.0"?>\n<map version="1.10" orientation="orthogonal" width="10" '
        'height="10" tilewidth="16" tileheight="16" infinite="1">\n'
        ' <layer id="1" name="g" width="10" height="10">\n'
        f'  <data encoding="base64" compression="zlib">\n{chunks}  </data>\n </layer>\n</map>\n'
    )
    with pytest.raises(InputError) as info:
        load_battlefield(path)
    assert info.value.where == "layer 'g' chunk 0,0"
    assert "chunks hold more than" in info.value.what


def test_thousands_of_tilesets(tmp_path: Path) -> None:
    tilesets = "".join(
        f' <tileset firstgid="{1 + 4 * i}" name="t{i}" tilewidth="16" tileheight="16" '
        'tilecount="4" columns="4"><image source="x.png" width="64" height="16"/></tileset>\n'
        for i in range(1001)
    )
    path = tmp_path / "sets.tmx"
    path.write_text(
        '<?xml version="1.0"?>\n<map version="1.10" orientation="orthogonal" width="4" '
        f'height="4" tilewidth="16" tileheight="16" infinite="0">\n{tilesets}</map>\n'
    )
    with pytest.raises(InputError) as info:
        load_battlefield(path)
    assert str(info.value) == f"{path}:map: more than 1000 tilesets"


def test_a_flood_of_xml_tile_elements_is_refused_before_parsing(tmp_path: Path) -> None:
    """Tiled's old XML layer format costs ~400 bytes of memory a tile once parsed."""
    path = tmp_path / "flood.tmx"
    path.write_text(
        '<?xml version="1.0"?>\n<map version="1.10" orientation="orthogonal" width="4" '
        'height="4" tilewidth="16" tileheight="16" infinite="0">\n <layer id="1" name="L" '
        f'width="4" height="4"><data>{"<tile/>" * 1_200_000}</data></layer>\n</map>\n'
    )
    with pytest.raises(InputError) as info:
        load_battlefield(path)
    assert "more than 1100000 <tile> elements" in str(info.value)


def test_a_full_size_layer_in_the_old_xml_format_loads(tmp_path: Path) -> None:
    path = tmp_path / "old.tmx"
    path.write_text(
        '<?xml version="1.0"?>\n<map version="1.0" orientation="orthogonal" width="512" '
        'height="512" tilewidth="16" tileheight="16">\n <tileset firstgid="1" name="t" '
        'tilewidth="16" tileheight="16" tilecount="4" columns="4"><image source="t.png" '
        'width="64" height="16"/></tileset>\n <layer name="L" width="512" height="512"><data>'
        + '<tile gid="2"/>' * (512 * 512)
        + "</data></layer>\n</map>\n"
    )
    bf = load_battlefield(path)
    assert bf.width == 512


def test_a_config_file_too_big_to_read_in_a_few_seconds(tmp_path: Path) -> None:
    """PyYAML is slow (a 2 MB bestiary took 38 s): files are capped at 200 kB, said in one line."""
    from game.io.yaml_lines import MAX_FILE_BYTES, load_yaml_file

    lines = ["creatures:"] + [
        f"  c{i}: {{size: 1, speed: 1, defense: 1, health: 1}}" for i in range(5000)
    ]
    path = tmp_path / "bestiary.yaml"
    path.write_text("\n".join(lines) + "\n")
    assert path.stat().st_size > MAX_FILE_BYTES
    with pytest.raises(InputError) as info:
        load_yaml_file(path)
    assert str(info.value) == (
        f"{path}: file is more than {MAX_FILE_BYTES} bytes; config files are capped there"
    )
