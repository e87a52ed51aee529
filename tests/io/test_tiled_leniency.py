"""Maps Tiled opens load here too, each leniency said in one line by `battlemat check`."""

from __future__ import annotations

import io
from pathlib import Path

import pygame

from game.io.check import check_paths
from game.io.tiled import load_battlefield, open_tiled_map
from game.io.tiled_drawing import map_drawing
from game.rules.battlefield import Terrain

DATA = Path(__file__).parent / "data" / "maps"


def _check(path: Path) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    rc = check_paths([path], out, err)
    return rc, out.getvalue() + err.getvalue()


def test_overlapping_gid_ranges_resolve_to_the_highest_firstgid_not_above() -> None:
    # tiles.tsx (firstgid 1) says gid 2 is difficult, gid 3 liquid and gid 4 raised; the
    # "second" tileset (firstgid 3, listed first) takes gids 3-6, so only gid 2 keeps its meaning
    bf = load_battlefield(DATA / "overlap.tmx")
    row = [int(bf.terrain[0, x]) for x in range(6)]
    assert row == [0, int(Terrain.DIFFICULT), 0, 0, 0, 0]
    assert not bf.elevation.any()
    d = map_drawing(DATA / "overlap.tmx")
    assert d.tiles[2].rect == (16, 0, 16, 16)  # tiles.tsx's second tile
    assert d.tiles[3].rect == (0, 0, 16, 16)  # second's first tile, not tiles.tsx's third
    assert d.tiles[6].rect == (48, 0, 16, 16)


def test_overlap_is_one_note_and_the_map_checks_ok() -> None:
    rc, text = _check(DATA / "overlap.tmx")
    notes = [line for line in text.splitlines() if line.strip().startswith("note:")]
    assert rc == 0 and len(notes) == 1, text
    assert "gids 1-4" in notes[0] and "gids 3-6" in notes[0] and "highest firstgid" in notes[0]


def test_duplicate_object_ids_both_load_and_the_note_names_both() -> None:
    bf = load_battlefield(DATA / "duplicate_ids.tmx")
    assert sorted(p.creature_id for p in bf.placements) == ["goblin", "human_guard"]
    rc, text = _check(DATA / "duplicate_ids.tmx")
    notes = [line for line in text.splitlines() if "two objects have id 4" in line]
    assert rc == 0 and len(notes) == 1, text
    assert "'Guard' on layer 'Party'" in notes[0] and "'Goblin' on layer 'Foes'" in notes[0]


def test_lenient_maps_draw_too() -> None:
    pygame.display.init()
    for name in ("overlap.tmx", "duplicate_ids.tmx"):
        assert open_tiled_map(DATA / name).width == 6
