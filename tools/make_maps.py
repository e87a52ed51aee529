"""Generate the shipped maps (maps/*.tmx) and creature templates (maps/templates/*.tx).

    python3 tools/make_maps.py

Deterministic. The maps are ordinary Tiled 1.10 files: open and edit them in Tiled; rerunning
this script overwrites them. Conventions: docs/maps.md.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import make_assets  # noqa: E402
from make_assets import tile_gid  # noqa: E402
from map_art import decorate  # noqa: E402
from tmx_writer import Group, Obj, TileLayerSpec, write_template, write_tmx  # noqa: E402

from game.io.tiled import load_battlefield  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
TILESET = "../assets/terrain.tsx"

# creature id -> (token name, side, size in squares)
CREATURES = {
    "human_spearman": ("Spearman", "party", 1),
    "human_crossbowman": ("Crossbowman", "party", 1),
    "human_rogue": ("Rogue", "party", 1),
    "human_knight": ("Knight", "party", 1),
    "warhorse": ("Warhorse", "party", 2),
    "riding_horse": ("Riding horse", "party", 2),
    "human_guard": ("Guard", "party", 1),
    "warg": ("Warg", "foes", 1),
    "ogre_brute": ("Ogre brute", "foes", 2),
    "goblin": ("Goblin", "foes", 1),
    "giant_bat": ("Giant bat", "foes", 1),
    "river_serpent": ("River serpent", "foes", 2),
    "bandit_archer": ("Bandit archer", "foes", 1),
}


@dataclass
class MapParts:
    """A map's rule layers and objects, before the art is painted from them."""

    w: int
    h: int
    props: dict[str, object]
    rules: list[TileLayerSpec]  # Ground, Features
    objects: list[tuple[str, list[Obj]]]
    bridge: Group | None = None  # drawn over the edges and shadows, under the rest of the art

    def tmx(self, under: list[TileLayerSpec], over: list[TileLayerSpec]) -> str:
        """The Tiled file, with art layers under and over the bridge."""
        bridge: list[TileLayerSpec | Group] = [self.bridge] if self.bridge else []
        layers: list[TileLayerSpec | Group] = [*self.rules, *under, *bridge, *over]
        return write_tmx(self.w, self.h, TILESET, self.props, layers, self.objects)


def grid(w: int, h: int, tile: str | None) -> list[list[int]]:
    """A w x h layer filled with one tile (None: empty)."""
    g = tile_gid(tile) if tile else 0
    return [[g] * w for _ in range(h)]


def fill(rows: list[list[int]], x0: int, y0: int, x1: int, y1: int, tile: str | None) -> None:
    """Paint the squares x0 <= x < x1, y0 <= y < y1."""
    g = tile_gid(tile) if tile else 0
    for y in range(y0, y1):
        for x in range(x0, x1):
            rows[y][x] = g


def token(cid: str, x: float, y: float, name: str = "", **props: object) -> Obj:
    """A creature stamped from its template (props override the template's)."""
    return Obj("creature", x, y, name=name, template=f"templates/{cid}.tx", props=dict(props))


def courtyard() -> MapParts:
    """A walled courtyard with a tower: the demo encounter's battlefield."""
    w, h = 32, 32
    ground = grid(w, h, "grass")
    fill(ground, 3, 3, 29, 27, "flagstone")
    fill(ground, 14, 27, 18, 32, "dirt")  # the road through the gate
    fill(ground, 3, 3, 22, 5, "rampart walk")  # north rampart, 3 yards up
    fill(ground, 4, 5, 5, 6, "stairs 2")
    fill(ground, 4, 6, 5, 7, "stairs 1")
    fill(ground, 22, 3, 29, 11, "tower top")  # the tower, 5 yards up
    features = grid(w, h, None)
    fill(features, 21, 8, 22, 9, "ladder")  # up the tower's west face
    fill(features, 25, 23, 29, 27, "dark flagstone")  # a dark corner under the east wall
    fill(features, 8, 7, 12, 9, "dim floor")  # shade under the rampart
    fill(features, 6, 17, 9, 19, "rubble")
    walls = [
        Obj("wall", 2, 2, 28, 1, "north wall"),
        Obj("wall", 2, 3, 1, 25, "west wall"),
        Obj("wall", 29, 3, 1, 25, "east wall"),
        Obj("wall", 2, 27, 12, 1, "south wall, west of the gate"),
        Obj("wall", 18, 27, 12, 1, "south wall, east of the gate"),
        Obj("low_wall", 3, 2, 19, 1, "rampart parapet", props={"base": 3.0}),
        Obj("arrow_slit", 22, 3, 1, 4, "tower, west slits", props={"height": 2.0}),
        Obj("low_wall", 22, 9, 1, 2, "tower, west parapet"),
        Obj("arrow_slit", 23, 10, 5, 1, "tower, south slits", props={"height": 2.0}),
        Obj("low_wall", 28, 10, 1, 1, "tower, south-east parapet"),
        Obj("low_wall", 8, 14, 4, 1, "low wall"),
        Obj("low_wall", 18, 16, 1, 4, "low wall"),
        Obj("low_wall", 12, 21, 5, 1, "low wall"),
        Obj("pillar", 10, 11, 1, 1, "pillar", shape="ellipse"),
        Obj("pillar", 16, 11, 1, 1, "pillar", shape="ellipse"),
        Obj(
            "wall",
            6,
            23,
            0,
            0,
            "broken wall",
            shape="polyline",
            points=[(0, 0), (0, 3), (2, 3)],
            props={"height": 2.0},
        ),
    ]
    zones = [
        Obj(
            "darkness",
            3,
            20,
            name="dark corner",
            shape="polygon",
            points=[(0, 0), (3, 4), (3, 7), (0, 7)],
        ),
        Obj("dim", 22, 11, 4, 3, "tower's shadow"),
    ]
    party = [
        token("human_spearman", 10, 4),
        token("human_crossbowman", 25, 6),
        token("human_rogue", 4, 25),
        token("warhorse", 14, 15),
        token("human_knight", 14, 15),
    ]
    foes = [
        token("warg", 15, 29),
        token("ogre_brute", 11, 29),
        token("bandit_archer", 20, 30),
        token("bandit_archer", 8, 30, name="Bandit archer 2"),
        token("goblin", 17, 30),
    ]
    return MapParts(
        w,
        h,
        {"name": "Courtyard", "yards_per_tile": 1.0},
        [TileLayerSpec("Ground", ground), TileLayerSpec("Features", features)],
        [("Walls", walls), ("Zones", zones), ("Party", party), ("Foes", foes)],
    )


def broken_bridge() -> MapParts:
    """A bridge over a chasm with a broken span, a narrow beam across the gap, and a ledge."""
    w, h = 36, 28
    ground = grid(w, h, "grass")
    fill(ground, 12, 0, 24, h, "chasm")  # 12 yards down
    fill(ground, 12, 18, 14, 25, "lower ledge")  # 4 yards down: a place to land
    fill(ground, 26, 4, 30, 8, "ice")
    fill(ground, 2, 20, 5, 23, "solid rock")
    fill(ground, 9, 11, 12, 17, "dirt")
    fill(ground, 24, 11, 27, 17, "dirt")
    features = grid(w, h, None)
    fill(features, 12, 18, 13, 19, "climbable rock face")  # handholds from the ledge
    fill(features, 30, 20, 33, 24, "undergrowth")
    deck = grid(w, h, None)
    fill(deck, 12, 12, 17, 16, "bridge planks")
    fill(deck, 20, 12, 24, 16, "bridge planks")
    beam = grid(w, h, None)
    fill(beam, 17, 13, 20, 14, "narrow beam")  # the one beam left across the break
    walls = [
        Obj("fence", 12, 12, shape="polyline", points=[(0, 0), (5, 0)], name="railing"),
        Obj("fence", 20, 12, shape="polyline", points=[(0, 0), (4, 0)], name="railing"),
        Obj("fence", 12, 15.5, shape="polyline", points=[(0, 0), (5, 0)], name="railing"),
        Obj("fence", 20, 15.5, shape="polyline", points=[(0, 0), (4, 0)], name="railing"),
        Obj("boulder", 6, 6, 2, 2, "boulder", shape="ellipse"),
        Obj("boulder", 30, 16, 2, 2, "boulder", shape="ellipse"),
        Obj("pillar", 11, 11, 1, 1, "bridge post"),
        Obj("pillar", 11, 16, 1, 1, "bridge post"),
        Obj("pillar", 24, 11, 1, 1, "bridge post"),
        Obj("pillar", 24, 16, 1, 1, "bridge post"),
        Obj("tree", 32, 3, 1, 1, "pine", shape="ellipse", props={"height": 8.0}),
    ]
    zones = [
        Obj("mist", 12, 0, 12, 28, "mist rising from the chasm"),
        Obj("darkness", 12, 18, 2, 7, "the ledge, in shadow"),
    ]
    creatures = [
        token("human_guard", 5, 13),
        token("human_spearman", 6, 14),
        token("human_crossbowman", 3, 12),
        token("goblin", 28, 12),
        token("goblin", 29, 14),
        token("bandit_archer", 31, 10),
        token("giant_bat", 18, 6, elevation=6.0),
    ]
    return MapParts(
        w,
        h,
        {"name": "Broken bridge"},
        [TileLayerSpec("Ground", ground), TileLayerSpec("Features", features)],
        [("Obstacles", walls), ("Zones", zones), ("Creatures", creatures)],
        Group(
            "Bridge",
            [
                TileLayerSpec("Deck", deck, {"elevation": 0.0}),
                TileLayerSpec("Beam", beam, {"elevation": 0.0}),
            ],
        ),
    )


def forest_stream() -> MapParts:
    """A forest clearing with a stream (a rough stretch, a deep pool), foliage and fog."""
    w, h = 36, 30
    ground = grid(w, h, "grass")
    fill(ground, 24, 0, 36, 30, "far bank")  # 1 yard higher east of the stream
    # the stream bends from north to south; its rough stretch runs over rocks
    for y in range(h):
        x0 = 18 + (y // 6) % 2 * 2 - (1 if y > 20 else 0)
        fill(ground, x0, y, 24, y + 1, "water")
        fill(ground, x0 - 1, y, x0, y + 1, "mud")
    fill(ground, 18, 9, 24, 14, "rough water")
    fill(ground, 17, 22, 23, 26, "deep water")
    features = grid(w, h, None)
    for x0, y0, x1, y1 in ((2, 2, 9, 6), (4, 20, 11, 26), (27, 16, 34, 22), (10, 8, 13, 12)):
        fill(features, x0, y0, x1, y1, "undergrowth")
    obstacles = [
        Obj(
            "tree", 6, 3, 1, 1, "old oak", shape="ellipse", props={"climbable": True, "height": 8.0}
        ),
        Obj("tree", 3, 9, 1, 1, "ash", shape="ellipse"),
        Obj("tree", 8, 22, 2, 2, "great beech", shape="ellipse", props={"height": 10.0}),
        Obj("tree", 30, 18, 1, 1, "birch", shape="ellipse"),
        Obj("tree", 29, 5, 1, 1, "birch", shape="ellipse"),
        Obj("rock", 14, 15, 2, 1, "mossy rocks", shape="ellipse"),
        Obj(
            "obstacle",
            11,
            26,
            shape="polyline",
            points=[(0, 0), (4, 1)],
            name="fallen log",
            props={"height": 1.0},
        ),
        Obj("boulder", 26, 25, 2, 2, "boulder", shape="ellipse"),
    ]
    zones = [
        Obj("foliage", 1, 1, 10, 7, "thicket", shape="ellipse"),
        Obj(
            "foliage",
            3,
            19,
            name="beech grove",
            shape="polygon",
            points=[(0, 0), (9, 0), (9, 8), (2, 8)],
        ),
        Obj("foliage", 26, 15, 9, 8, "birch stand", shape="ellipse"),
        Obj("fog", 15, 20, 10, 8, "fog over the pool", shape="ellipse"),
        Obj("mist", 17, 0, 8, 9, "spray"),
        Obj("terrain", 14, 16, 3, 2, "slick stones", props={"terrain": "treacherous"}),
    ]
    creatures = [
        token("human_rogue", 5, 12),
        token("riding_horse", 7, 14),
        token("human_spearman", 10, 15),
        token("river_serpent", 19, 23),
        token("giant_bat", 6, 3, elevation=8.0),
        token("warg", 30, 10),
    ]
    return MapParts(
        w,
        h,
        {"name": "Forest stream", "yards_per_tile": 1.0},
        [TileLayerSpec("Ground", ground), TileLayerSpec("Features", features)],
        [("Obstacles", obstacles), ("Zones", zones), ("Creatures", creatures)],
    )


def _meaning(path: Path) -> str:
    """Everything the rules read from a map, as text to compare."""
    bf = load_battlefield(path)
    arrays = [bf.elevation, bf.terrain, bf.light, bf.obscurement, bf.surface_banes]
    return repr(
        ([a.tobytes() for a in arrays if a is not None], bf.obstacles, bf.zones, bf.placements)
    )


def main() -> None:
    """Write the tileset, then maps/*.tmx and maps/templates/*.tx."""
    make_assets.main()  # the maps name tiles by gid: keep the tileset in step
    (MAPS / "templates").mkdir(parents=True, exist_ok=True)
    for cid, (name, side, size) in CREATURES.items():
        text = write_template(name, "creature", size, {"creature": cid, "side": side})
        (MAPS / "templates" / f"{cid}.tx").write_text(text, encoding="utf-8")
    for fname, make in (
        ("courtyard.tmx", courtyard),
        ("broken_bridge.tmx", broken_bridge),
        ("forest_stream.tmx", forest_stream),
    ):
        parts = make()
        path = MAPS / fname
        path.write_text(parts.tmx([], []), encoding="utf-8")  # the rules alone, read back:
        before = _meaning(path)
        deck = parts.bridge.layers[0].rows if parts.bridge else None
        under, over = decorate(path, [r.rows for r in parts.rules], deck)
        path.write_text(parts.tmx(under, over), encoding="utf-8")
        if _meaning(path) != before:
            raise SystemExit(f"maps/{fname}: the art layers changed what the map means")
        print(f"wrote maps/{fname} ({len(under) + len(over)} art layers)")


if __name__ == "__main__":
    main()
