"""Generate Battlemat's terrain tileset: assets/terrain.png and assets/terrain.tsx (CC0, ours).

Deterministic (no randomness but a fixed hash), plain zlib PNG writing, no dependencies:

    python3 tools/make_assets.py

The first tiles (TILES) carry the Battlemat properties of docs/maps.md, so painting them paints
the rules. The decoration tiles after them (DECOR: walls, cliffs, shadows, canopy, fog ...) carry
none; tools/make_maps.py paints them from what each map means. The painters are in tile_art.py
(ground) and tile_decor.py (decoration).
"""

from __future__ import annotations

import struct
import sys
import zlib
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tile_art as art  # noqa: E402
import tile_decor as deco  # noqa: E402
from tile_art import TILE, Canvas  # noqa: E402
from tmx_writer import ENUM_OF, _prop  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
COLUMNS = 16

Painter = Callable[[int], Canvas]  # seed (the tile's index) -> the tile


def _flag(seed: int) -> Canvas:
    return art.slabs((150, 150, 145), seed)


def _ladder(seed: int) -> Canvas:
    return art.ladder(_flag(2))


# (name, painter, properties as (name, type, value)): the rule-carrying tiles, in gid order
# (never reorder: the maps refer to tiles by gid)
TILES: list[tuple[str, Painter, list[tuple[str, str, str]]]] = [
    ("grass", lambda s: art.grass((86, 140, 64), s), []),
    ("dirt", lambda s: art.stones((150, 124, 92), (140, 110, 74), s, 4, 2), []),
    ("flagstone", _flag, []),
    ("dark flagstone", lambda s: art.slabs((62, 62, 72), s), [("light", "string", "dark")]),
    ("undergrowth", lambda s: art.bushes((52, 104, 44), s), [("terrain", "string", "difficult")]),
    (
        "rubble",
        lambda s: art.stones((150, 142, 130), (112, 104, 94), s, 22),
        [("terrain", "string", "difficult")],
    ),
    ("water", lambda s: art.water((52, 104, 176), s), [("terrain", "string", "liquid")]),
    (
        "rough water",
        lambda s: art.rough((34, 84, 120), s),
        [("terrain", "string", "liquid, treacherous"), ("banes", "int", "1")],
    ),
    ("ice", lambda s: art.ice((196, 228, 242), s), [("terrain", "string", "treacherous")]),
    ("narrow beam", art.beam, [("terrain", "string", "treacherous")]),
    ("bridge planks", lambda s: art.planks((150, 105, 60), s), []),
    ("chasm", art.chasm, [("elevation", "float", "-12")]),
    ("solid rock", lambda s: art.rock((96, 90, 86), s), [("terrain", "string", "impassable")]),
    ("ladder", _ladder, [("terrain", "string", "climbable")]),
    (
        "tower top",
        lambda s: art.slabs((184, 164, 128), s, 32, 16, -60),
        [("elevation", "float", "5")],
    ),
    (
        "rampart walk",
        lambda s: art.slabs((166, 156, 134), s, 16, 8, -50),
        [("elevation", "float", "3")],
    ),
    ("lower ledge", lambda s: art.rock((92, 86, 80), s), [("elevation", "float", "-4")]),
    ("mud", lambda s: art.mud((92, 72, 48), s), [("terrain", "string", "difficult")]),
    (
        "deep water",
        lambda s: art.water((24, 56, 118), s, 0.5),
        [("terrain", "string", "liquid"), ("elevation", "float", "-1")],
    ),
    ("stairs 1", lambda s: art.steps((160, 150, 130), s), [("elevation", "float", "1")]),
    ("stairs 2", lambda s: art.steps((172, 162, 142), s), [("elevation", "float", "2")]),
    (
        "climbable rock face",
        lambda s: art.rope(art.rock((104, 96, 90), s)),
        [("terrain", "string", "climbable")],
    ),
    ("far bank", lambda s: art.grass((100, 150, 66), s), [("elevation", "float", "1")]),
    ("dim floor", lambda s: art.slabs((118, 118, 120), s), [("light", "string", "dim")]),
]

# Decoration: no Battlemat property at all (only a label), so painting them changes no rule;
# the maps put them on layers marked battlemat_ignore (docs/maps.md, section 6).
DECOR: list[tuple[str, Painter]] = [
    *[(f"wall {m}", lambda s, m=m: deco.wall(m)) for m in range(16)],
    *[(f"low wall {m}", lambda s, m=m: deco.low_wall(m)) for m in range(16)],
    *[(f"cliff {m}", lambda s, m=m: deco.cliff(m)) for m in range(16)],
    *[(f"lip {m}", lambda s, m=m: deco.lip(m)) for m in range(16)],
    *[(f"shadow {m}", lambda s, m=m: deco.cast_shadow(m)) for m in range(8)],
    *[(f"canopy {m}", lambda s, m=m: deco.canopy(m)) for m in range(16)],
    *[(f"fog {m}", lambda s, m=m: deco.fog(m, 0.62, 103)) for m in range(16)],
    *[(f"mist {m}", lambda s, m=m: deco.fog(m, 0.1, 104)) for m in range(16)],
    ("depth 1", lambda s: deco.depth(0.35)),
    ("depth 2", lambda s: deco.depth(0.6)),
    ("crenels", lambda s: deco.crenels()),
    ("arrow slit e", lambda s: deco.arrow_slit(True, 1)),  # in a north-south wall, inside east
    ("arrow slit w", lambda s: deco.arrow_slit(True, -1)),
    ("arrow slit s", lambda s: deco.arrow_slit(False, 1)),  # in an east-west wall, inside south
    ("arrow slit n", lambda s: deco.arrow_slit(False, -1)),
    ("pillar", lambda s: deco.pillar()),
    ("post", lambda s: deco.post()),
    ("railing n", lambda s: deco.railing("n")),
    ("railing s", lambda s: deco.railing("s")),
    ("broken deck e", lambda s: deco.broken_end("e")),
    ("broken deck w", lambda s: deco.broken_end("w")),
    ("darkness", lambda s: deco.gloom(0.5, s)),
    ("dim", lambda s: deco.gloom(0.25, s)),
    ("tree", lambda s: deco.crown(False)),
    ("pine", lambda s: deco.crown(True)),
    ("trunk", lambda s: deco.trunk()),
    *[(f"trunk {i}{j}", lambda s, i=i, j=j: deco.trunk((i, j))) for j in (0, 1) for i in (0, 1)],
    ("rock", lambda s: deco.boulder(None, True)),
    *[
        (f"boulder {i}{j}", lambda s, i=i, j=j: deco.boulder((i, j)))
        for j in (0, 1)
        for i in (0, 1)
    ],
    ("log w", lambda s: deco.log("w")),
    ("log m", lambda s: deco.log("m")),
    ("log e", lambda s: deco.log("e")),
    ("slick stones", lambda s: deco.slick_stones()),
]

ALL = [(name, paint, props) for name, paint, props in TILES] + [(n, p, []) for n, p in DECOR]


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    """A minimal RGBA PNG (filter 0 on every row)."""

    def chunk(tag: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data))
            + tag
            + data
            + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)
        )

    raw = b"".join(b"\x00" + r for r in rows)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def _rows_of_tiles() -> int:
    return -(-len(ALL) // COLUMNS)


def make_png() -> bytes:
    """The tileset image: COLUMNS tiles a row, TILE pixels a side, transparent where unused."""
    w, h = COLUMNS * TILE, _rows_of_tiles() * TILE
    canvases = [paint(i) for i, (_, paint, _) in enumerate(ALL)]
    empty = bytes(4)
    rows = []
    for py in range(h):
        row = bytearray()
        for px in range(w):
            i = (py // TILE) * COLUMNS + px // TILE
            row += canvases[i].rgba(px % TILE, py % TILE) if i < len(ALL) else empty
        rows.append(bytes(row))
    return _png(w, h, rows)


def make_tsx() -> str:
    """The external tileset, with each tile's Battlemat properties."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.8" tiledversion="1.8.2" name="terrain" tilewidth="{TILE}" '
        f'tileheight="{TILE}" tilecount="{_rows_of_tiles() * COLUMNS}" columns="{COLUMNS}">',
        f' <image source="terrain.png" width="{COLUMNS * TILE}" '
        f'height="{_rows_of_tiles() * TILE}"/>',
    ]
    for i, (name, _, props) in enumerate(ALL):
        out.append(f' <tile id="{i}">')
        out.append("  <properties>")
        for pname, ptype, value in sorted([("label", "string", name), *props]):  # as Tiled
            enum = ENUM_OF.get(pname) if ptype == "string" else None
            if enum:  # the project's enum: Tiled shows a drop-down (flags in the enum's order)
                out.append(_prop(pname, value, "   ", enum=enum))
                continue
            t = "" if ptype == "string" else f' type="{ptype}"'
            out.append(f'   <property name="{pname}"{t} value="{value}"/>')
        out.append("  </properties>")
        out.append(" </tile>")
    out.append("</tileset>")
    return "\n".join(out) + "\n"


def tile_gid(name: str, firstgid: int = 1) -> int:
    """The gid of a named tile when the tileset starts at firstgid."""
    return firstgid + [t[0] for t in ALL].index(name)


def main() -> None:
    """Write assets/terrain.png and assets/terrain.tsx."""
    ASSETS.mkdir(exist_ok=True)
    (ASSETS / "terrain.png").write_bytes(make_png())
    (ASSETS / "terrain.tsx").write_text(make_tsx(), encoding="utf-8")
    print(f"wrote {ASSETS / 'terrain.png'} and {ASSETS / 'terrain.tsx'}")


if __name__ == "__main__":
    main()
