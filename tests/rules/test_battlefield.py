"""Battlefield data, ASCII fixtures and definitions helpers."""
from __future__ import annotations

import pytest

from game.rules.ascii_grid import parse_ascii
from game.rules.battlefield import Obscurement, Terrain
from game.rules.definitions import RulesetDef


def test_ascii_legend() -> None:
    bf = parse_ascii(
        """
        .#o^
        =~wH
        %fdD
        3...
        """
    )
    assert (bf.width, bf.height) == (4, 4)
    assert bf.terrain_at((1, 0)) == Terrain.IMPASSABLE
    assert bf.terrain_at((2, 0)) == Terrain.DIFFICULT
    assert bf.terrain_at((2, 1)) == Terrain.LIQUID | Terrain.TREACHEROUS
    assert bf.obscurement[2, 1] == Obscurement.HEAVY
    assert bf.elevation_at((0, 3)) == 3.0
    kinds = sorted(o.kind for o in bf.obstacles)
    assert kinds == ["low_wall", "wall"]


def test_ascii_rejects_ragged_rows() -> None:
    with pytest.raises(ValueError, match="row 2"):
        parse_ascii("...\n..")


def test_space_and_height_by_size() -> None:
    rs = RulesetDef(id="t", name="t")
    assert [rs.space_for(s) for s in (0.5, 1, 2, 3, 4)] == [1, 1, 2, 3, 3]
    assert rs.height_for(1) == 2.0
    assert rs.height_for(0.5) == 1.0
    assert 2.0 < rs.height_for(1.5) < 3.5
