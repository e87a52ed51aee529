"""Maps no one on the team wrote (tests/io/data/blind/maps): what Tiled 1.8-1.12 and a GM's hand
edits produce. Good ones load with the right meaning, both for the rules and for drawing; bad ones
stop with one line ``file:where: what``, quickly, never a traceback."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.io.check import check_paths
from game.io.errors import InputError
from game.io.tiled import load_battlefield, open_tiled_map
from game.rules.battlefield import Light, Obscurement, Terrain

BLIND = Path(__file__).parent / "data" / "blind" / "maps"
GOOD = BLIND / "good"
BAD = BLIND / "bad"
ROOT = Path(__file__).resolve().parents[2]
GOOD_MAPS = sorted(p.name for p in GOOD.glob("*.tmx"))


@pytest.fixture(scope="module")
def image_loader():
    """pytmx's pygame image loader, on a dummy display (what the GM window uses)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame = pytest.importorskip("pygame")
    util = pytest.importorskip("pytmx.util_pygame")
    pygame.display.init()
    pygame.display.set_mode((1, 1))
    yield util.pygame_image_loader
    pygame.display.quit()


@pytest.mark.parametrize("name", GOOD_MAPS)
def test_good_map_loads_for_rules_and_drawing(name: str, image_loader) -> None:
    t = time.perf_counter()
    bf = load_battlefield(GOOD / name)
    tm = open_tiled_map(GOOD / name, image_loader=image_loader)
    assert time.perf_counter() - t < 5
    assert (tm.width, tm.height) == (bf.width, bf.height)
    out, err = io.StringIO(), io.StringIO()
    assert check_paths([GOOD / name], out, err) == 0, err.getvalue()


def _rows(bf) -> list[str]:
    """One letter a square: n normal, d difficult, w liquid+treacherous, # impassable."""
    letters = {0: "n", int(Terrain.DIFFICULT): "d", int(Terrain.IMPASSABLE): "#"}
    wet = int(Terrain.LIQUID | Terrain.TREACHEROUS)
    return [
        "".join("w" if int(v) & wet == wet else letters.get(int(v), "?") for v in row)
        for row in bf.terrain
    ]


@pytest.mark.parametrize(
    "name",
    [
        "encoding_base64_flipped.tmx",
        "encoding_zlib_flipped.tmx",
        "encoding_gzip_flipped.tmx",
        "encoding_zstd_flipped.tmx",
        "encoding_csv_flipped.tmx",
        "encoding_xml_tiles.tmx",
        "csv_hand_edited.tmx",
    ],
)
def test_flipped_and_rotated_tiles_keep_their_meaning(name: str) -> None:
    """Tiled stores flips and rotations (bit 28 too since 1.9) in the gid: the tile is the same."""
    bf = load_battlefield(GOOD / name)
    assert _rows(bf) == ["dddddd", "wwwwww", "nnnnnn", "nnnnnn"]
    assert bf.elevation[2].tolist() == [2.0] * 6 and bf.elevation[3].tolist() == [0.0] * 6
    assert bf.surface_banes is not None and bf.surface_banes[1].tolist() == [1] * 6


def test_tiled_1_12_map_with_every_kind_of_layer_and_object() -> None:
    bf = load_battlefield(GOOD / "tiled_1_12_everything.tmx")
    assert bf.name == "Blind test field"
    kinds = sorted(o.kind for o in bf.obstacles)
    assert kinds == ["crate", "fence", "wall"]  # the flipped tile object is still a crate
    wall = next(o for o in bf.obstacles if o.kind == "wall")
    assert wall.height_yd == 3 and wall.base_yd == 2  # rotated -90 degrees: stands in column 1
    assert [bf.terrain_at((1, y)) & Terrain.IMPASSABLE for y in range(3)] == [
        Terrain.IMPASSABLE
    ] * 3
    assert sorted(z.kind for z in bf.zones) == ["fog", "rubble", "water"]  # a hidden object counts
    assert bf.obscurement[0, 4] == Obscurement.HEAVY
    (goblin,) = bf.placements
    assert (goblin.creature_id, goblin.side, goblin.square) == ("goblin", "foes", (5, 0))
    assert bf.properties["ignored_objects"] == {"(no class)": 1, "chest": 1, "label": 1}
    assert bf.properties["weather"] == {"wind": 3, "sky": {"tint": "#80ff0000"}}


def test_tiled_1_8_type_attribute_hidden_layer_and_capitalised_names() -> None:
    bf = load_battlefield(GOOD / "tiled_1_8_type_embedded.tmx")
    assert _rows(bf) == ["######", "dddddd", "dddddd", "dddddd"]  # a hidden layer still counts
    (guard,) = bf.placements
    assert (guard.creature_id, guard.side, guard.square) == ("human_guard", "party", (2, 2))


def test_tilesets_with_a_gap_between_their_gids() -> None:
    bf = load_battlefield(GOOD / "firstgid_gaps.tmx")
    assert bf.elevation[0].tolist() == [-4.0] * 6
    assert (bf.light[0] == Light.DARK).all() and (bf.light[1:] == Light.BRIGHT).all()
    assert _rows(bf)[1] == "dddddd"


def test_infinite_map_with_negative_chunks_starts_at_its_top_left_chunk() -> None:
    bf = load_battlefield(GOOD / "infinite_negative.tmx")
    assert (bf.width, bf.height) == (32, 32)  # chunks from -32,-16 to 0,16
    assert (bf.terrain[:16, :16] == int(Terrain.DIFFICULT)).all()
    assert bf.elevation[16, 16] == 2.0  # first tile of the chunk at -16,0
    (scout,) = bf.placements
    assert scout.square == (0, 0)  # the point at pixel -504,-248 moved with the map


def test_templates_from_subfolders_with_tiles_shapes_and_nested_class_properties() -> None:
    bf = load_battlefield(GOOD / "templates_everywhere.tmx")
    crates = sorted((o.id, o.kind, o.height_yd) for o in bf.obstacles)
    assert crates == [(1, "crate", 1.0), (2, "crate", 2.0)]  # the placed object's height wins
    assert {(p.name, p.side, p.square) for p in bf.placements} == {
        ("Warg", "foes", (5, 3)),
        ("Alpha", "party", (2, 4)),
    }
    assert bf.elevation[0, 4] == -3 and bf.elevation[1, 5] == -3  # the pit template's polygon
    assert bf.terrain_at((1, 1)) == Terrain.DIFFICULT  # a 1-yard crate is climbed over


def test_a_template_brings_a_tileset_the_map_does_not_list() -> None:
    bf = load_battlefield(GOOD / "template_brings_its_tileset.tmx")
    statues = sorted((o.id, o.kind, o.height_yd) for o in bf.obstacles)
    assert statues == [(1, "statue", 2.5), (2, "statue", 2.5)]  # the tile's class and height
    impassable = {(x, y) for y, x in zip(*(bf.terrain & Terrain.IMPASSABLE).nonzero(), strict=True)}
    assert impassable == {(1, 1), (2, 1), (1, 2), (2, 2), (4, 1)}  # 2x2 and a resized 1x1


def test_property_types_newer_than_the_loader_are_kept_as_text() -> None:
    bf = load_battlefield(GOOD / "future_property_types.tmx")
    assert bf.properties["wind"] == "1,0" and bf.properties["mood"] == "grim"
    assert bf.properties["spawn_order"] == ["goblin", 3]
    assert [o.kind for o in bf.obstacles] == ["pillar"]


def test_image_collection_tiles_take_their_class_from_the_tile() -> None:
    bf = load_battlefield(GOOD / "image_collection.tmx")
    assert sorted(o.kind for o in bf.obstacles) == ["boulder", "statue"]


def test_unicode_names_a_bom_and_an_ignored_layer() -> None:
    bf = load_battlefield(GOOD / "unicode_bom.tmx")
    assert _rows(bf) == ["dddddd"] * 4  # the ignored layer's 'lava' is never read
    assert bf.placements[0].side == "ennemis"


def test_battlemat_ignore_on_a_group_holds_for_its_layers() -> None:
    """A GM hides rules in an 'Art' group by switching the group off, not every layer in it."""
    bf = load_battlefield(GOOD / "group_ignored.tmx")
    assert _rows(bf) == ["nnnnnn"] * 4 and bf.obstacles == ()


def test_utf16_embedded_image_old_ids_and_no_layers() -> None:
    assert _rows(load_battlefield(GOOD / "utf16.tmx")) == ["dddddd"] * 4
    assert _rows(load_battlefield(GOOD / "embedded_image.tmx")) == ["dddddd"] * 4
    assert len(load_battlefield(GOOD / "old_no_ids.tmx").obstacles) == 2
    assert load_battlefield(GOOD / "no_layers.tmx").width == 3


# (fixture, file the mistake is in (None: the map), where, words in the message,
#  whether pytmx alone would already refuse it for drawing)
BAD_CASES = [
    ("truncated.tmx", None, "2", ["malformed XML"], True),
    ("empty.tmx", None, "1", ["malformed XML", "no element found"], True),
    ("not_xml_png.tmx", None, "1", ["malformed XML"], True),
    ("latin1_bytes.tmx", None, "4", ["malformed XML", "column 25"], True),
    ("wrong_root.tmx", None, "", ["not a Tiled map", "<tileset>"], True),
    ("base64_truncated.tmx", None, "layer 'Ground'", ["4-byte"], True),
    ("base64_garbage.tmx", None, "layer 'Ground'", ["not valid base64"], True),
    ("encoding_unknown.tmx", None, "layer 'Ground'", ["unknown layer encoding 'base32'"], True),
    ("compression_unknown.tmx", None, "layer 'Ground'", ["unknown layer compression 'lzma'"], True),
    ("compression_mislabelled.tmx", None, "layer 'Ground'", ["corrupt gzip"], True),
    ("compression_corrupt.tmx", None, "layer 'Ground'", ["corrupt zlib"], True),
    ("csv_short.tmx", None, "layer 'Ground'", ["20 tiles, expected 6x4=24"], True),
    ("csv_word.tmx", None, "layer 'Ground'", ["'grass', not a tile id"], True),
    ("csv_negative.tmx", None, "layer 'Ground'", ["out of range"], True),
    ("gid_out_of_range.tmx", None, "layer 'Ground'", ["gid 99 at 5,3", "gids 1-4"], True),
    ("gid_out_of_range_object.tmx", None, "object 3", ["gid 77", "gids 1-4"], True),
    ("gid_no_tileset.tmx", None, "layer 'Ground'", ["gid 1 at 5,3", "no tileset"], True),
    ("layer_wrong_size.tmx", None, "layer 'Ground'", ["5x4, the map is 6x4"], True),
    ("layer_no_data.tmx", None, "layer 'Ground'", ["no <data>"], True),
    ("tileset_is_png.tmx", None, "tileset tiles.png", ["an image is not a tileset"], True),
    ("tileset_is_folder.tmx", None, "tileset a_folder.tsx", ["is a folder"], True),
    ("tileset_missing.tmx", None, "tileset sets/gone.tsx", ["tileset file not found"], True),
    ("tileset_firstgid_zero.tmx", None, "tileset tiles.tsx", ["firstgid 0"], True),
    ("tileset_zero_tilesize.tmx", None, "tileset zero", ["tile size 0x0"], True),
    ("tileset_negative_count.tmx", None, "tileset neg", ["negative"], True),
    (
        "tileset_bad_property.tmx",
        "tileset_bad_property.tsx",
        "tileset tileset_bad_property.tsx tile 2 property 'elevation'",
        ["'1,5' is not a float"],
        True,
    ),
    (
        "template_missing.tmx",
        None,
        "object 5 template tpl/none.tx",
        ["template file not found"],
        True,
    ),
    ("template_loop.tmx", "tpl/loop_a.tx", "template object", ["do not nest"], True),
    ("template_is_tileset.tmx", "tpl/is_tileset.tx", "", ["expected a <template>"], True),
    (
        "template_gid_no_tileset.tmx",
        "tpl/gid_no_tileset.tx",
        "template object",
        ["no tileset"],
        True,
    ),
    ("template_gid_out_of_range.tmx", None, "object 5", ["gid 40", "gids 1-4"], True),
    ("huge_map.tmx", None, "map", ["50000x50000", "1024"], True),
    ("negative_size.tmx", None, "map", ["-6x4", "out of range"], True),
    ("huge_tiles.tmx", None, "map", ["100000x16"], True),
    ("infinite_far_chunks.tmx", None, "map", ["4000000016x1", "1024x1024"], True),
    ("infinite_huge_chunk.tmx", None, "layer 'Ground' chunk 0,0", ["16 tiles"], True),
    ("nan_object.tmx", None, "object 3", ["x='nan'"], True),
    ("inf_rotation.tmx", None, "object 3", ["rotation='inf'"], True),
    ("nan_polygon.tmx", None, "object 3", ["'16,nan'"], True),
    ("huge_coordinate.tmx", None, "object 3", ["x='1e300'"], True),
    ("polygon_one_number.tmx", None, "object 3", ["bad point '16'"], True),
    ("object_id_word.tmx", None, "object", ["id='seven'"], True),
    ("prop_float_comma.tmx", None, "object 3 property 'height'", ["'1,5' is not a float"], True),
    ("prop_int_word.tmx", None, "object 3 property 'height'", ["'three' is not an int"], True),
    ("prop_bool_yes.tmx", None, "object 3 property 'climbable'", ["'yes' is not a bool"], True),
    ("prop_color_bad.tmx", None, "object 3 property 'tint'", ["'red' is not a colour"], True),
    ("prop_object_word.tmx", None, "object 3 property 'link'", ["not an object id"], True),
    ("prop_float_nan.tmx", None, "object 3 property 'height'", ["not a finite number"], True),
    ("prop_no_name.tmx", None, "object 3", ["a property has no name"], True),
    (
        "prop_class_member_bad.tmx",
        None,
        "object 3 property 'stats' property 'hp'",
        ["'lots' is not an int"],
        True,
    ),
    ("yards_per_tile_text.tmx", None, "map property 'yards_per_tile'", ["'two'"], True),
    ("yards_per_tile_zero.tmx", None, "map property 'yards_per_tile'", ["out of range"], True),
    ("layer_terrain_lava.tmx", None, "layer 'Ground' property 'terrain'", ["'lava'"], False),
    ("tile_height_negative.tmx", None, "object 3 property 'height'", ["above 0"], False),
    ("openings_reversed.tmx", None, "object 3 property 'openings'", ["'2-1'"], False),
    ("obstacle_without_height.tmx", None, "object 3", ["needs a 'height'"], False),
    ("zone_without_property.tmx", None, "object 3", ["needs a 'elevation' property"], False),
    ("light_word_unknown.tmx", None, "object 3 property 'light'", ["'gloomy'"], False),
    ("creature_off_map.tmx", None, "object 9", ["(13, 0), off the 6x4 map"], False),
    ("creature_negative.tmx", None, "object 9", ["(-2, 0), off the 6x4 map"], False),
    ("creature_no_id.tmx", None, "object 9", ["needs a 'creature' property"], False),
    ("creature_side_number.tmx", None, "object 9 property 'side'", ["must be text"], False),
    ("creature_elevation_text.tmx", None, "object 9 property 'elevation'", ["'high'"], False),
    ("hexagonal.tmx", None, "map", ["hexagonal maps are not supported"], True),
    ("entity_in_attribute.tmx", None, "", ["entity declarations are not allowed"], True),
    ("external_entity.tmx", None, "", ["entity declarations are not allowed"], True),
    ("groups_too_deep.tmx", None, "layer 'g64'", ["nested more than 64 deep"], True),
    ("infinite_without_chunks.tmx", None, "layer 'Ground'", ["not in <chunk>s"], True),
    ("creature_id_is_a_number.tmx", None, "object 9 property 'creature'", ["got 7"], False),
    (
        "template_json_tileset.tmx",
        "tpl/json_tileset.tx",
        "tileset ../tiles.tsj",
        ["tileset file not found"],
        True,
    ),
    (
        "template_tileset_png.tmx",
        "tpl/tileset_png.tx",
        "tileset ../tiles.png",
        ["an image is not a tileset"],
        True,
    ),
]


def _expected_file(fixture: str, in_file: str | None) -> str:
    path = BAD / fixture if in_file is None else BAD / in_file
    return str(path if in_file is None else path.resolve())


@pytest.mark.parametrize(
    ("fixture", "in_file", "where", "words", "drawing_too"),
    BAD_CASES,
    ids=[c[0] for c in BAD_CASES],
)
def test_bad_map_is_one_line(
    fixture: str, in_file: str | None, where: str, words: list[str], drawing_too: bool, image_loader
) -> None:
    t = time.perf_counter()
    with pytest.raises(InputError) as info:
        load_battlefield(BAD / fixture)
    err = info.value
    assert time.perf_counter() - t < 5
    assert "\n" not in str(err)
    assert err.file == _expected_file(fixture, in_file)
    assert err.where == where
    for w in words:
        assert w in err.what
    assert str(err).startswith(f"{err.file}:{where}: " if where else f"{err.file}: ")
    if drawing_too:
        with pytest.raises(InputError) as drawn:
            open_tiled_map(BAD / fixture, image_loader=image_loader)
        assert str(drawn.value) == str(err)
    else:  # valid Tiled: only Battlemat's reading of it is wrong, so the window can draw it
        open_tiled_map(BAD / fixture, image_loader=image_loader)


def test_placements_check_against_the_config() -> None:
    """Mistakes only the creature definitions reveal; a creature in a wall is a note."""
    out, err = io.StringIO(), io.StringIO()
    assert check_paths([BAD / "creature_unknown.tmx"], out, err) == 1
    assert err.getvalue() == f"{BAD / 'creature_unknown.tmx'}:object 9: unknown creature 'gobbo'\n"
    err = io.StringIO()
    assert check_paths([BAD / "creature_big_at_edge.tmx"], out, err) == 1
    assert err.getvalue().startswith(f"{BAD / 'creature_big_at_edge.tmx'}:object 9: Ogre Brute")
    assert "off the 6x4 map" in err.getvalue() and err.getvalue().count("\n") == 1
    out, err = io.StringIO(), io.StringIO()
    assert check_paths([BAD / "creature_in_wall.tmx"], out, err) == 0
    assert "note: object 9: goblin stands on an impassable square 5,1" in out.getvalue()


def test_battlemat_check_on_every_bad_map_at_once() -> None:
    """The command a GM runs: one line per file, exit 1, no traceback, a few seconds in all."""
    files = [str(BAD / c[0]) for c in BAD_CASES] + [str(BAD / "creature_unknown.tmx")]
    t = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "game", "check", *files],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"},
    )
    assert time.perf_counter() - t < 60
    assert run.returncode == 1
    assert "Traceback" not in run.stderr + run.stdout
    lines = run.stderr.splitlines()
    assert len(lines) == len(files)
    for line, (fixture, in_file, where, _, _) in zip(lines, BAD_CASES, strict=False):
        assert line.startswith(
            _expected_file(fixture, in_file) + (f":{where}: " if where else ": ")
        )


def test_a_folder_a_pipe_or_a_device_named_like_a_map(tmp_path: Path) -> None:
    """Never read forever from something that is not a file."""
    folder = tmp_path / "folder.tmx"
    folder.mkdir()
    with pytest.raises(InputError) as info:
        load_battlefield(folder)
    assert str(info.value) == f"{folder}: is a folder, not a map file"
    if not hasattr(os, "mkfifo"):
        return
    fifo = tmp_path / "pipe.tmx"
    os.mkfifo(fifo)
    with pytest.raises(InputError) as info:
        load_battlefield(fifo)
    assert str(info.value) == f"{fifo}: is not a regular file, so not a map file"
    device = tmp_path / "zero.tmx"
    device.symlink_to("/dev/zero")
    t = time.perf_counter()
    out, err = io.StringIO(), io.StringIO()
    assert check_paths([device, fifo.with_suffix(".yaml")], out, err) == 1
    assert time.perf_counter() - t < 5
    assert err.getvalue().splitlines()[0] == f"{device}: is not a regular file, so not a map file"


# Valid for the rules; whether the window can draw them is what `battlemat check` says, since
# both read the map through one reader (load_map) and check sizes the same images the window
# loads. (file the error names or None: the window draws it; words in the error or the note)
DRAW_CASES = [
    ("draw_image_not_an_image.tmx", "tiles.tsx", "", "cannot load this image"),
    ("draw_image_replaced_smaller.tmx", None, None, "lie outside this 64x16 image"),
    ("draw_margin_too_big.tmx", None, None, "3 tile(s) lie outside this 64x16 image (gid 1"),
    ("draw_trans_not_a_colour.tmx", None, None, ""),
    ("draw_visible_maybe.tmx", None, None, ""),
    ("draw_spacing_word.tmx", None, "tileset art", "spacing='one' is not an integer"),
]


@pytest.mark.parametrize(
    ("fixture", "in_file", "where", "words"), DRAW_CASES, ids=[c[0] for c in DRAW_CASES]
)
def test_check_says_what_the_window_does(
    fixture: str, in_file: str | None, where: str | None, words: str
) -> None:
    import pygame

    from game.ui.loading import open_map

    load_battlefield(BAD / fixture)  # the rules need no pictures
    out, err = io.StringIO(), io.StringIO()
    rc = check_paths([BAD / fixture], out, err)
    try:
        _, layers = open_map(BAD / fixture)
        layers.draw_all(pygame.Surface((256, 256)), 0, 0, 1.0)
    except InputError as drawn:
        assert where is not None, f"the window refuses it: {drawn}"
        file = str(BAD / (in_file or fixture))
        assert drawn.file == file and (drawn.where or "") == where
        assert rc == 1 and err.getvalue().count("\n") == 1 and out.getvalue() == ""
        place = f":{where}: " if where else ": "
        assert err.getvalue().startswith(file + place) and words in err.getvalue()
        assert words in str(drawn) or "cannot load this image" in str(drawn)
    else:
        assert where is None, "the window draws it"
        assert rc == 0 and err.getvalue() == "", err.getvalue()
        assert words in out.getvalue()
        if words:
            assert f"note: {BAD}" in out.getvalue()
