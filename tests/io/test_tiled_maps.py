"""The shipped maps and real Tiled example maps do what they should (tests/data/tiled-examples)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from game.io.errors import InputError
from game.io.tiled import describe_battlefield, load_battlefield, open_tiled_map
from game.rules.battlefield import Light, Obscurement, Terrain

ROOT = Path(__file__).parents[2]
MAPS = ROOT / "maps"
EXAMPLES = ROOT / "tests" / "data" / "tiled-examples"  # vendored: see tests/data/README.md
SHIPPED = ["courtyard", "broken_bridge", "forest_stream"]
KNOWN_CREATURES = {
    "human_spearman",
    "human_crossbowman",
    "human_rogue",
    "human_knight",
    "warhorse",
    "riding_horse",
    "warg",
    "ogre_brute",
    "goblin",
    "giant_bat",
    "river_serpent",
    "bandit_archer",
    "human_guard",
}

DATA = Path(__file__).parent / "data" / "maps"


@pytest.fixture
def image_loader() -> Iterator[Any]:
    """pytmx's pygame loader with a display to convert() on; leaves any display it found alone."""
    pygame = pytest.importorskip("pygame")
    from pytmx.util_pygame import pygame_image_loader

    opened = not pygame.display.get_init() or pygame.display.get_surface() is None
    if opened:
        pygame.display.init()
        pygame.display.set_mode((8, 8))
    yield pygame_image_loader
    if opened:
        pygame.display.quit()


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_loads_at_a_table_size(name: str) -> None:
    bf = load_battlefield(MAPS / f"{name}.tmx")
    assert 24 <= bf.width <= 40 and 24 <= bf.height <= 40
    assert bf.placements and {p.creature_id for p in bf.placements} <= KNOWN_CREATURES
    assert {p.side for p in bf.placements} >= {"party", "foes"} or name == "broken_bridge"
    for p in bf.placements:
        assert bf.in_bounds(p.square) and not bf.terrain_at(p.square) & Terrain.IMPASSABLE
    assert describe_battlefield(bf).count("\n") >= 6


@pytest.mark.parametrize("name", SHIPPED)
def test_shipped_map_draws_with_pygame(name: str, image_loader: Any) -> None:
    import pygame

    tm = open_tiled_map(MAPS / f"{name}.tmx", image_loader=image_loader)
    ground = tm.get_layer_by_name("Ground")
    assert tm.get_tile_image(0, 0, tm.layers.index(ground)) is not None
    assert all(isinstance(t[2], pygame.Surface) for t in ground.tiles())


PYTMX_FAILS_ALONE = [
    "enc_zstd",
    "infinite",
    "infinite_zlib",
    "old_tileset",
    "templates",
    "typed_props",
    "groups",
]


@pytest.mark.parametrize("name", PYTMX_FAILS_ALONE + ["enc_csv", "raster", "yards_per_tile"])
def test_fixture_draws_with_pygame_images(name: str, image_loader: Any) -> None:
    import pygame

    tm = open_tiled_map(DATA / f"{name}.tmx", image_loader=image_loader)
    for i, layer in enumerate(tm.layers):
        if hasattr(layer, "data"):
            for x, y, image in layer.tiles():
                assert isinstance(image, pygame.Surface)
                assert tm.get_tile_image(x, y, i) is image


def test_shipped_maps_use_every_terrain_feature() -> None:
    seen_terrain = 0
    light: set[int] = set()
    obsc: set[int] = set()
    kinds: set[str] = set()
    drops = []
    for name in SHIPPED:
        bf = load_battlefield(MAPS / f"{name}.tmx")
        seen_terrain |= int(np.bitwise_or.reduce(bf.terrain, axis=None))
        light |= set(np.unique(bf.light).tolist())
        obsc |= set(np.unique(bf.obscurement).tolist())
        kinds |= {o.kind for o in bf.obstacles}
        drops.append(float(bf.elevation.max() - bf.elevation.min()))
        assert bf.surface_banes is not None
    assert seen_terrain == int(
        Terrain.DIFFICULT
        | Terrain.TREACHEROUS
        | Terrain.LIQUID
        | Terrain.CLIMBABLE
        | Terrain.IMPASSABLE
    )
    assert light == {Light.BRIGHT, Light.DIM, Light.DARK}
    assert {Obscurement.PARTIAL, Obscurement.HEAVY} <= obsc
    assert {"wall", "low_wall", "arrow_slit", "tree", "pillar"} <= kinds
    assert max(drops) >= 10  # the chasm


def test_courtyard_is_the_demo_fight() -> None:
    bf = load_battlefield(MAPS / "courtyard.tmx")
    walls = [o for o in bf.obstacles if o.kind == "wall" and o.height_yd == 3.0]
    low = [o for o in bf.obstacles if o.kind == "low_wall"]
    slits = [o for o in bf.obstacles if o.kind == "arrow_slit"]
    assert walls and low and slits and all(s.openings for s in slits)
    assert bf.elevation.max() == 5.0  # the tower top
    assert any(p.elevation_yd is None and bf.elevation_at(p.square) >= 3 for p in bf.placements)
    assert (bf.light == Light.DARK).sum() > 0
    assert (bf.terrain & Terrain.CLIMBABLE).any()  # the ladder
    party = {p.creature_id for p in bf.placements if p.side == "party"}
    foes = {p.creature_id for p in bf.placements if p.side == "foes"}
    assert party == {
        "human_spearman",
        "human_crossbowman",
        "human_rogue",
        "human_knight",
        "warhorse",
    }
    assert {"warg", "ogre_brute", "bandit_archer"} <= foes


def test_broken_bridge_has_a_chasm_a_ledge_and_a_beam() -> None:
    bf = load_battlefield(MAPS / "broken_bridge.tmx")
    assert bf.elevation_at((15, 2)) == -12.0  # chasm
    assert bf.elevation_at((12, 20)) == -4.0  # ledge
    assert bf.elevation_at((14, 13)) == 0.0  # bridge deck (a layer default in a group)
    assert bf.elevation_at((18, 14)) == -12.0  # the broken span
    assert bf.terrain_at((18, 13)) & Terrain.TREACHEROUS  # the narrow beam
    assert bf.elevation_at((18, 13)) == 0.0
    assert bf.terrain_at((12, 18)) & Terrain.CLIMBABLE  # handholds from the ledge to the rim
    assert bf.elevation_at((11, 18)) - bf.elevation_at((12, 18)) == 4.0


def test_forest_stream_has_water_foliage_fog_and_a_climbable_tree() -> None:
    bf = load_battlefield(MAPS / "forest_stream.tmx")
    assert (bf.terrain & Terrain.LIQUID).any()
    rough = (bf.terrain & Terrain.LIQUID).astype(bool) & (bf.terrain & Terrain.TREACHEROUS).astype(
        bool
    )
    assert rough.any() and bf.surface_banes[rough].min() >= 1  # type: ignore[index]
    assert (bf.obscurement == Obscurement.PARTIAL).any() and (
        bf.obscurement == Obscurement.HEAVY
    ).any()
    assert any(o.kind == "tree" and o.climbable for o in bf.obstacles)
    assert (bf.terrain == Terrain.DIFFICULT).sum() > 20  # undergrowth


@pytest.mark.parametrize(
    ("name", "size"),
    [
        ("orthogonal-outside.tmx", (45, 31)),
        ("perspective_walls.tmx", (32, 32)),
        ("forest/forest.tmx", (40, 16)),
        ("sticker-knight/map/sandbox.tmx", (79, 45)),
    ],
)
def test_real_tiled_examples_load(name: str, size: tuple[int, int]) -> None:
    bf = load_battlefield(EXAMPLES / name)
    assert (bf.width, bf.height) == size
    if name == "orthogonal-outside.tmx":  # no Battlemat semantics: plain ground
        assert not bf.terrain.any() and not bf.elevation.any() and not bf.obstacles
    tm = open_tiled_map(EXAMPLES / name)
    assert (tm.width, tm.height) == size


def test_sticker_knight_templates_keep_name_type_size_and_properties() -> None:
    tm = open_tiled_map(EXAMPLES / "sticker-knight" / "map" / "sandbox.tmx")
    objs = {o.id: o for o in tm.objects}
    hero, block, diamond = objs[58], objs[111], objs[190]
    assert (hero.name, hero.type, hero.width, hero.height) == ("hero", "hero", 128, 160)
    assert (block.name, block.width, block.properties["density"]) == ("block", 96, 2.0)
    assert block.properties["bodyType"] == "dynamic" and block.properties["friction"] == 0.45
    assert (diamond.type, diamond.width) == ("coin", 64)
    assert hero.gid and block.gid and diamond.gid
    from game.io.tiled_read import read_tiled

    doc = read_tiled(EXAMPLES / "sticker-knight" / "map" / "sandbox.tmx")
    o = {m.id: m for m in doc.objects}
    assert (o[58].name, o[58].cls, o[190].cls) == ("hero", "hero", "coin")
    assert o[111].properties == {"bodyType": "dynamic", "density": 2.0, "friction": 0.45}


def test_hexagonal_example_is_refused_in_one_line() -> None:
    for loader in (load_battlefield, open_tiled_map):
        with pytest.raises(InputError) as info:
            loader(EXAMPLES / "hexagonal-mini.tmx")
        assert "hexagonal maps are not supported" in str(info.value)
        assert "\n" not in str(info.value)


def test_examples_draw_with_pygame(image_loader: Any) -> None:
    for name in (
        "orthogonal-outside.tmx",
        "perspective_walls.tmx",
        "forest/forest.tmx",
        "sticker-knight/map/sandbox.tmx",
    ):
        tm = open_tiled_map(EXAMPLES / name, image_loader=image_loader)
        assert any(img is not None for img in tm.images)
