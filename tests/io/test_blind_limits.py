"""Inputs built to make the loaders slow or greedy: refused in one line within seconds."""

from __future__ import annotations

import math
import time
from pathlib import Path

import pytest

from game.io.errors import InputError
from game.io.tiled import load_battlefield
from game.io.yaml_lines import load_yaml_text

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
    t = time.perf_counter()
    with pytest.raises(InputError) as info:
        load_battlefield(path)
    assert time.perf_counter() - t < 8  # a few seconds on a slow shared machine
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
    t = time.perf_counter()
    bf = load_battlefield(_map(tmp_path, objs))
    assert time.perf_counter() - t < 8
    assert len(bf.zones) == 250 and len(bf.obstacles) == 250


def test_yaml_alias_that_refers_to_itself() -> None:
    with pytest.raises(InputError) as info:
        load_yaml_text("a: &a [1, *a]\n", "loop.yaml")
    assert str(info.value) == "loop.yaml:1: an alias refers to itself"


def test_yaml_merge_chain_is_refused_before_it_is_built() -> None:
    lines = ["l0: &l0 {k0: 0}"]
    lines += [f"l{i}: &l{i} {{<<: [*l{i - 1}, *l{i - 1}], k{i}: {i}}}" for i in range(1, 40)]
    t = time.perf_counter()
    with pytest.raises(InputError) as info:
        load_yaml_text("\n".join(lines) + "\n", "merge.yaml")
    assert time.perf_counter() - t < 2
    assert "aliases here expand to more than" in info.value.what
