"""Tiled maps of every format Battlemat accepts load into the same Battlefield."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from game.io.tiled import describe_battlefield, load_battlefield, open_tiled_map
from game.rules.battlefield import Terrain

DATA = Path(__file__).parent / "data" / "maps"

# the 6x4 grid every encoding fixture holds (tile 2 at (2, 0) is flipped horizontally)
EXPECTED_TERRAIN = np.array(
    [
        [0, 0, 1, 1, 0, 0],
        [0, 6, 6, 0, 0, 0],
        [0, 6, 6, 0, 0, 0],
        [0, 0, 0, 0, 0, 0],
    ],
    dtype=np.uint8,
)


@pytest.mark.parametrize("name", ["enc_csv", "enc_base64", "enc_zlib", "enc_gzip", "enc_zstd"])
def test_every_layer_encoding_gives_the_same_grid(name: str) -> None:
    bf = load_battlefield(DATA / f"{name}.tmx")
    assert (bf.width, bf.height) == (6, 4)
    assert np.array_equal(bf.terrain, EXPECTED_TERRAIN)
    assert bf.terrain_at((1, 1)) == Terrain.LIQUID | Terrain.TREACHEROUS
    assert bf.elevation_at((4, 1)) == 2.0 and bf.elevation_at((5, 2)) == 2.0
    assert bf.surface_banes is not None and int(bf.surface_banes.sum()) == 4


@pytest.mark.parametrize("name", ["enc_csv", "enc_base64", "enc_zlib", "enc_gzip", "enc_zstd"])
def test_every_encoding_opens_in_pytmx(name: str) -> None:
    tm = open_tiled_map(DATA / f"{name}.tmx")
    assert (tm.width, tm.height) == (6, 4)
    assert tm.get_tile_properties(1, 1, 0)["terrain"] == "liquid, treacherous"


def test_template_objects_inherit_name_class_size_and_properties() -> None:
    bf = load_battlefield(DATA / "templates.tmx")
    assert [p.name for p in bf.placements] == ["Guard", "Captain", "Guard"]
    guard = bf.placements[0]
    assert (guard.creature_id, guard.side, guard.name, guard.square) == (
        "human_guard",
        "party",
        "Guard",
        (1, 1),
    )
    captain = bf.placements[1]
    assert (captain.name, captain.side, captain.creature_id) == ("Captain", "watch", "human_guard")
    assert bf.placements[2].square == (4, 4)  # own size 2x2 overrides the template's 1x1
    (rock,) = bf.obstacles
    assert (rock.kind, rock.height_yd) == ("rock", 0.5)  # old "type" and a tile gid from the .tx
    assert rock.bounds() == (6.0, 4.0, 7.0, 5.0)  # a tile object's origin is its bottom-left


def test_templates_reach_pytmx_too() -> None:
    tm = open_tiled_map(DATA / "templates.tmx")
    objs = {o.id: o for o in tm.objects}
    assert objs[1].name == "Guard" and objs[1].type == "creature"
    assert objs[1].properties["creature"] == "human_guard"
    assert (
        objs[2].properties["side"] == "watch" and objs[2].properties["note"] == "from the template"
    )
    assert objs[3].gid and objs[3].type == "rock" and objs[3].width == 16


def test_class_attribute_and_old_type_attribute_mean_the_same() -> None:
    bf = load_battlefield(DATA / "class_vs_type.tmx")
    kinds = {o.name: o.kind for o in bf.obstacles}
    assert kinds == {"new style": "wall", "old style": "low_wall"}
    assert bf.terrain_at((3, 1)) == Terrain.IMPASSABLE
    assert bf.terrain_at((3, 4)) == Terrain.DIFFICULT


def test_typed_properties_are_converted() -> None:
    bf = load_battlefield(DATA / "typed_props.tmx")
    p = bf.properties
    assert p["a_bool"] is True and p["an_int"] == 7 and p["a_float"] == 2.5
    assert p["a_color"] == "#ff336699" and p["a_file"] == "notes.txt" and p["an_object"] == 1
    assert p["no_object"] == 0
    assert p["a_string"] == "hello" and p["multi"] == "line one\nline two"
    assert p["an_enum"] == "grim"
    assert p["a_class"] == {"rain": True, "wind": 3}
    assert p["a_list"] == [1, "two"]  # Tiled 1.12 list properties
    (pillar,) = bf.obstacles
    assert pillar.height_yd == 4.0 and pillar.climbable is False


def test_typed_and_class_properties_open_in_pytmx() -> None:
    tm = open_tiled_map(DATA / "typed_props.tmx")
    assert tm.properties["an_int"] == 7
    assert tm.properties["no_object"] == 0  # an unset object reference
    assert "a_list" not in tm.properties  # pytmx 3.32 cannot read lists: dropped, not a crash
    (obj,) = list(tm.objects)
    assert obj.properties["height"] == 4  # beside the pixel "height" attribute
    assert obj.properties["details"].kind == "granite"


def test_group_layer_offsets_add_up() -> None:
    bf = load_battlefield(DATA / "groups.tmx")  # the hidden group still counts
    # water tile painted at (0, 0) inside groups offset by 16+0 and 0+16 pixels
    assert bf.terrain_at((1, 1)) == Terrain.LIQUID | Terrain.TREACHEROUS
    assert bf.terrain_at((0, 0)) == Terrain.NORMAL
    (pillar,) = bf.obstacles
    assert pillar.bounds() == (2.0, 1.0, 3.0, 2.0)  # 16 (outer) + 16 (own layer) px, 16 (inner)
    tm = open_tiled_map(DATA / "groups.tmx")
    water = tm.get_layer_by_name("Water")
    # pytmx flattens groups: each layer carries its effective offset, opacity and visibility
    assert (water.offsetx, water.offsety, water.opacity, water.visible) == (16, 16, 0.5, False)
    assert tm.get_layer_by_name("Stuff").offsetx == 32


@pytest.mark.parametrize("name", ["infinite", "infinite_zlib"])
def test_infinite_maps_become_a_bounded_grid(name: str) -> None:
    bf = load_battlefield(DATA / f"{name}.tmx")
    assert (bf.width, bf.height) == (32, 16)  # chunks at x=-16 and x=0, 16 tall
    assert bf.terrain_at((0, 0)) == Terrain.DIFFICULT  # tile at (-16, 0)
    assert bf.terrain_at((15, 15)) == Terrain.LIQUID | Terrain.TREACHEROUS  # (-1, 15)
    assert bf.elevation_at((21, 0)) == 2.0  # (5, 0)
    tm = open_tiled_map(DATA / f"{name}.tmx")
    assert (tm.width, tm.height) == (32, 16)
    assert tm.get_tile_properties(21, 0, 0)["elevation"] == 2.0


def test_infinite_map_objects_move_with_the_grid() -> None:
    bf = load_battlefield(DATA / "infinite.tmx")
    (pillar,) = bf.obstacles
    assert pillar.bounds() == (15.0, 2.0, 16.0, 3.0)  # at (-1, 2) before the grid moved 16 right
    assert bf.terrain_at((15, 2)) == Terrain.IMPASSABLE


def test_old_tileset_without_image_size_loads() -> None:
    bf = load_battlefield(DATA / "old_tileset.tmx")
    assert bf.terrain_at((2, 0)) == Terrain.LIQUID
    tm = open_tiled_map(DATA / "old_tileset.tmx")
    assert tm.tilesets[0].width == 64 and tm.tilesets[0].height == 16


def test_missing_image_does_not_stop_the_battlefield() -> None:
    bf = load_battlefield(DATA / "missing_image.tmx")
    assert bf.terrain_at((1, 0)) == Terrain.IMPASSABLE
    assert open_tiled_map(DATA / "missing_image.tmx").width == 4  # no loader: no image needed


def test_yards_per_tile_resamples_to_one_yard_squares() -> None:
    bf = load_battlefield(DATA / "yards_per_tile.tmx")
    assert (bf.width, bf.height) == (8, 6)
    assert {(x, y) for y, x in zip(*np.nonzero(bf.terrain == Terrain.DIFFICULT), strict=False)} == {
        (2, 0),
        (3, 0),
        (2, 1),
        (3, 1),
    }
    assert {
        (x, y) for y, x in zip(*np.nonzero(bf.terrain == Terrain.IMPASSABLE), strict=False)
    } == {(6, 4), (7, 4), (6, 5), (7, 5)}
    assert bf.properties["yards_per_tile"] == 2.0


def test_describe_names_what_was_understood() -> None:
    text = describe_battlefield(load_battlefield(DATA / "raster.tmx"))
    assert text.splitlines()[0].startswith("Raster test: 10 x 8 squares")
    assert "arrow_slit 2 yd high (openings 1-1.5)" in text
    assert "elevation: 0 to 3 yards" in text
    assert "placements, foes: goblin at 1,2, ogre_brute at 3,2 (1.5 yd up)" in text
    assert "1 chest" in text


def test_tile_object_without_a_size_takes_its_tiles_size() -> None:
    bf = load_battlefield(DATA / "tile_object_no_size.tmx")
    (boulder,) = bf.obstacles
    assert boulder.bounds() == (2.0, 2.0, 3.0, 3.0)  # 16x16 tile standing on y=48 px
    assert bf.terrain_at((2, 2)) == Terrain.IMPASSABLE


def test_old_xml_tile_data_and_huge_thin_walls(tmp_path: Path) -> None:
    tiles = "".join(f'<tile gid="{g}"/>' for g in (0, 2, 0, 0, 0, 0, 0, 0))
    path = tmp_path / "old.tmx"
    path.write_text(
        '<?xml version="1.0"?><map version="1.0" orientation="orthogonal" width="4" height="2" '
        'tilewidth="16" tileheight="16"><tileset firstgid="1" name="t" tilewidth="16" '
        'tileheight="16"><tile id="1"><properties><property name="terrain" value="rubble"/>'
        f'</properties></tile></tileset><layer name="G" width="4" height="2"><data>{tiles}</data>'
        '</layer><objectgroup name="O"><object id="1" type="wall" x="0" y="24">'
        '<polyline points="-900000000,0 900000000,0"/></object></objectgroup></map>',
        encoding="utf-8",
    )
    bf = load_battlefield(path)
    assert bf.terrain_at((1, 0)) == Terrain.DIFFICULT
    assert all(bf.terrain_at((x, 1)) == Terrain.IMPASSABLE for x in range(4))
    tm = open_tiled_map(path)  # pytmx refuses XML tile data: it gets CSV instead
    assert tm.get_tile_properties(1, 0, 0)["terrain"] == "rubble"


def test_tile_objects_follow_the_tilesets_object_alignment(tmp_path: Path) -> None:
    path = tmp_path / "aligned.tmx"
    path.write_text(
        '<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="8" height="8" '
        'tilewidth="16" tileheight="16"><tileset firstgid="1" name="t" tilewidth="16" '
        'tileheight="16" tilecount="1" columns="1" objectalignment="center">'
        '<image source="tiles.png" width="16" height="16"/></tileset><objectgroup id="1">'
        '<object id="1" type="pillar" gid="1" x="40" y="40" width="32" height="32"/>'
        "</objectgroup></map>",
        encoding="utf-8",
    )
    (pillar,) = load_battlefield(path).obstacles
    assert pillar.bounds() == (1.5, 1.5, 3.5, 3.5)  # centred on (40, 40) px


@pytest.mark.parametrize("name", ["enc_zstd", "infinite", "old_tileset", "typed_props"])
def test_pytmx_alone_fails_where_we_do_not(name: str) -> None:
    """Keeps the workarounds honest: drop one when pytmx learns the feature."""
    import pytmx

    with pytest.raises(Exception):  # noqa: B017 - pytmx raises whatever it raises
        pytmx.TiledMap(str(DATA / f"{name}.tmx"))


def test_old_map_with_a_doctype_line_loads() -> None:
    """Tiled 0.x wrote a DOCTYPE naming its DTD: harmless, not an entity trick."""
    bf = load_battlefield(DATA / "doctype.tmx")
    assert (bf.width, bf.height) == (4, 3)
    assert [bf.terrain_at((x, 1)) for x in range(4)] == [Terrain.IMPASSABLE] * 4
    assert open_tiled_map(DATA / "doctype.tmx").width == 4


def test_class_and_property_names_forgive_case_and_spaces(tmp_path: Path) -> None:
    path = tmp_path / "casual.tmx"
    path.write_text(
        '<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="8" height="4" '
        'tilewidth="16" tileheight="16"><properties><property name="Yards_Per_Tile" '
        'type="float" value="2"/></properties><objectgroup id="1">'
        '<object id="1" type="Low Wall" x="0" y="0" width="16" height="8">'
        '<properties><property name="Height" value="0.5"/></properties></object>'
        '<object id="2" type="FOG" x="16" y="16" width="16" height="16">'
        '<properties><property name=" Obscurement " value="Total"/></properties></object>'
        "</objectgroup></map>",
        encoding="utf-8",
    )
    bf = load_battlefield(path)
    (wall,) = bf.obstacles
    assert (wall.kind, wall.height_yd, bf.width) == ("low_wall", 0.5, 16)
    assert int(bf.obscurement.max()) == 3 and bf.zones[0].kind == "fog"
    assert open_tiled_map(path).properties["yards_per_tile"] == 2.0


def test_battlemat_ignore_leaves_layers_and_objects_out(tmp_path: Path) -> None:
    path = tmp_path / "ignore.tmx"
    path.write_text(
        '<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="4" height="2" '
        'tilewidth="16" tileheight="16"><tileset firstgid="1" name="t" tilewidth="16" '
        'tileheight="16"><tile id="0"><properties><property name="terrain" value="water"/>'
        '</properties></tile></tileset><layer id="1" name="Notes" width="4" height="2">'
        '<properties><property name="battlemat_ignore" type="bool" value="true"/></properties>'
        '<data encoding="csv">1,1,1,1,1,1,1,1</data></layer>'
        '<objectgroup id="2" name="Sketch"><properties><property name="battlemat_ignore" '
        'value="true"/></properties><object id="1" type="wall" x="0" y="0" width="16" '
        'height="16"/></objectgroup><objectgroup id="3" name="Real"><object id="2" type="wall" '
        'x="16" y="0" width="16" height="16"><properties><property name="battlemat_ignore" '
        'type="bool" value="true"/></properties></object><object id="3" type="pillar" x="32" '
        'y="0" width="16" height="16"/></objectgroup></map>',
        encoding="utf-8",
    )
    bf = load_battlefield(path)
    assert [o.id for o in bf.obstacles] == [3]
    assert not (bf.terrain & Terrain.LIQUID).any()


def test_tiles_with_a_height_stand_as_obstacles(tmp_path: Path) -> None:
    path = tmp_path / "tile_walls.tmx"
    path.write_text(
        '<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="5" height="3" '
        'tilewidth="16" tileheight="16"><tileset firstgid="1" name="t" tilewidth="16" '
        'tileheight="16" tilecount="4" columns="4"><image source="tiles.png" width="64" '
        'height="16"/><tile id="0"><properties><property name="height" type="float" value="3"/>'
        '<property name="label" value="stone wall"/></properties></tile>'
        '<tile id="1"><properties><property name="obstacle" value="fence"/></properties></tile>'
        '<tile id="2" type="tree"><properties><property name="climbable" type="bool" '
        'value="true"/><property name="height" type="float" value="6"/></properties></tile>'
        '</tileset><layer id="1" name="G" width="5" height="3"><data encoding="csv">'
        "2,2,2,0,3,\n0,1,1,0,0,\n1,0,1,1,0</data></layer>"
        '<objectgroup id="2"><object id="7" type="pillar" x="48" y="32" width="16" height="16"/>'
        "</objectgroup></map>",
        encoding="utf-8",
    )
    bf = load_battlefield(path)
    kinds = sorted((o.kind, o.bounds()) for o in bf.obstacles)
    assert kinds == [
        ("fence", (0.0, 0.0, 3.0, 1.0)),
        ("pillar", (3.0, 2.0, 4.0, 3.0)),
        ("tree", (4.0, 0.0, 5.0, 1.0)),
        ("wall", (0.0, 2.0, 1.0, 3.0)),
        ("wall", (1.0, 1.0, 3.0, 2.0)),
        ("wall", (2.0, 2.0, 4.0, 3.0)),
    ]
    assert len({o.id for o in bf.obstacles}) == 6 and min(o.id for o in bf.obstacles) == 7
    walls = [o for o in bf.obstacles if o.kind == "wall"]
    assert {o.name for o in walls} == {"stone wall (tiles)"} and {o.height_yd for o in walls} == {3}
    fence = next(o for o in bf.obstacles if o.kind == "fence")
    assert (fence.height_yd, fence.blocks_movement) == (1.0, False)
    assert (
        bf.terrain_at((1, 1)) == Terrain.IMPASSABLE and bf.terrain_at((0, 0)) == Terrain.DIFFICULT
    )
    assert bf.terrain_at((4, 0)) == Terrain.CLIMBABLE


def test_likely_mistakes_become_notes(tmp_path: Path) -> None:
    path = tmp_path / "typos.tmx"
    path.write_text(
        '<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="4" height="4" '
        'tilewidth="16" tileheight="16"><objectgroup id="1">'
        '<object id="1" type="wall" x="0" y="0" width="16" height="16"><properties>'
        '<property name="heigth" value="2"/><property name="colour" value="red"/>'
        "</properties></object>"
        '<object id="2" type="lowwall" x="16" y="0" width="16" height="16"/>'
        '<object id="3" type="fog" x="640" y="640" width="16" height="16"/>'
        '<object id="4" type="creature" x="4" y="4"><properties>'
        '<property name="creature" value="goblin"/></properties><point/></object>'
        "</objectgroup></map>",
        encoding="utf-8",
    )
    bf = load_battlefield(path)
    assert bf.properties["notes"] == [
        "object 1: property 'heigth' means nothing to a 'wall' (did you mean 'height'?)",
        "object 2: class 'lowwall' means nothing to Battlemat (did you mean 'low_wall'?)",
        "object 3: the 'fog' zone covers no square of the map",
        "object 4: goblin stands on an impassable square 0,0",
    ]
    text = describe_battlefield(bf)
    assert "note: object 2: class 'lowwall'" in text
