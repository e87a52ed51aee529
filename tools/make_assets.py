"""Generate Battlemat's terrain tileset: assets/terrain.png and assets/terrain.tsx (CC0, ours).

Deterministic (no randomness but a fixed hash), plain zlib PNG writing, no dependencies:

    python3 tools/make_assets.py

Each tile carries the Battlemat properties of docs/maps.md, so painting it paints the rules.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
TILE = 32
COLUMNS = 8

# (name, base colour, pattern, properties as (name, type, value))
TILES: list[tuple[str, tuple[int, int, int], str, list[tuple[str, str, str]]]] = [
    ("grass", (86, 140, 64), "speckle", []),
    ("dirt", (140, 110, 74), "speckle", []),
    ("flagstone", (150, 150, 145), "stones", []),
    ("dark flagstone", (70, 70, 78), "stones", [("light", "string", "dark")]),
    ("undergrowth", (52, 104, 44), "tufts", [("terrain", "string", "difficult")]),
    ("rubble", (128, 120, 110), "blobs", [("terrain", "string", "difficult")]),
    ("water", (52, 100, 170), "waves", [("terrain", "string", "liquid")]),
    (
        "rough water",
        (40, 80, 150),
        "foam",
        [("terrain", "string", "liquid, treacherous"), ("banes", "int", "1")],
    ),
    ("ice", (190, 225, 240), "streaks", [("terrain", "string", "treacherous")]),
    ("narrow beam", (30, 24, 20), "beam", [("terrain", "string", "treacherous")]),
    ("bridge planks", (150, 105, 60), "planks", []),
    ("chasm", (18, 16, 22), "speckle", [("elevation", "float", "-12")]),
    ("solid rock", (90, 84, 80), "blobs", [("terrain", "string", "impassable")]),
    ("ladder", (150, 150, 145), "ladder", [("terrain", "string", "climbable")]),
    ("tower top", (176, 160, 130), "stones", [("elevation", "float", "5")]),
    ("rampart walk", (160, 150, 130), "stones", [("elevation", "float", "3")]),
    ("lower ledge", (100, 92, 84), "speckle", [("elevation", "float", "-4")]),
    ("mud", (96, 76, 50), "blobs", [("terrain", "string", "difficult")]),
    (
        "deep water",
        (30, 60, 130),
        "waves",
        [("terrain", "string", "liquid"), ("elevation", "float", "-1")],
    ),
    ("stairs 1", (160, 150, 130), "steps", [("elevation", "float", "1")]),
    ("stairs 2", (165, 155, 135), "steps", [("elevation", "float", "2")]),
    ("climbable rock face", (110, 100, 92), "ladder", [("terrain", "string", "climbable")]),
    ("far bank", (120, 96, 66), "speckle", [("elevation", "float", "1")]),
    ("dim floor", (110, 110, 112), "stones", [("light", "string", "dim")]),
]


def _hash(x: int, y: int, seed: int) -> int:
    """A fixed pseudo-random byte per pixel (same output on every machine)."""
    h = (x * 374761393 + y * 668265263 + seed * 2246822519) & 0xFFFFFFFF
    h = ((h ^ (h >> 13)) * 1274126177) & 0xFFFFFFFF
    return (h ^ (h >> 16)) & 0xFF


def _shade(c: tuple[int, int, int], d: int) -> tuple[int, int, int]:
    return tuple(max(0, min(255, v + d)) for v in c)  # type: ignore[return-value]


def _pixel(
    kind: str, base: tuple[int, int, int], x: int, y: int, seed: int
) -> tuple[int, int, int]:
    n = _hash(x, y, seed)
    c = _shade(base, (n % 17) - 8)
    if kind == "stones" and (x % 16 in (0, 15) or (y + (8 if x // 16 % 2 else 0)) % 16 in (0, 15)):
        return _shade(base, -40)
    if kind == "tufts" and n > 225:
        return _shade(base, 50)
    if kind == "blobs" and (x // 6 + y // 6 + seed) % 3 == 0:
        return _shade(base, -22)
    if kind == "waves" and (y + (x // 8) % 3) % 8 == 0:
        return _shade(base, 40)
    if kind == "foam" and ((y + x // 4) % 6 == 0 or n > 235):
        return (235, 240, 250)
    if kind == "streaks" and (x + y) % 11 == 0:
        return (255, 255, 255)
    if kind == "beam":
        return (150, 105, 60) if 12 <= x <= 19 else c
    if kind == "planks":
        return _shade(base, -45) if y % 8 == 0 else c
    if kind == "ladder":
        if x in (7, 8, 23, 24) or (y % 8 == 3 and 7 <= x <= 24):
            return (120, 80, 40)
        return c
    if kind == "steps":
        return _shade(base, -35) if y % 8 in (0, 1) else c
    return c


def _png(width: int, height: int, rows: list[bytes]) -> bytes:
    """A minimal RGB PNG (filter 0 on every row)."""

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
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def make_png() -> bytes:
    """The tileset image: COLUMNS tiles a row, TILE pixels a side."""
    rows_of_tiles = -(-len(TILES) // COLUMNS)
    w, h = COLUMNS * TILE, rows_of_tiles * TILE
    rows = []
    for py in range(h):
        row = bytearray()
        for px in range(w):
            i = (py // TILE) * COLUMNS + px // TILE
            if i < len(TILES):
                _, base, kind, _ = TILES[i]
                row += bytes(_pixel(kind, base, px % TILE, py % TILE, i))
            else:
                row += b"\x00\x00\x00"
        rows.append(bytes(row))
    return _png(w, h, rows)


def make_tsx() -> str:
    """The external tileset, with each tile's Battlemat properties."""
    rows_of_tiles = -(-len(TILES) // COLUMNS)
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="{TILE}" '
        f'tileheight="{TILE}" tilecount="{len(TILES)}" columns="{COLUMNS}">',
        f' <image source="terrain.png" width="{COLUMNS * TILE}" height="{rows_of_tiles * TILE}"/>',
    ]
    for i, (name, _, _, props) in enumerate(TILES):
        out.append(f' <tile id="{i}">')
        out.append("  <properties>")
        out.append(f'   <property name="label" value="{name}"/>')
        for pname, ptype, value in props:
            t = "" if ptype == "string" else f' type="{ptype}"'
            out.append(f'   <property name="{pname}"{t} value="{value}"/>')
        out.append("  </properties>")
        out.append(" </tile>")
    out.append("</tileset>")
    return "\n".join(out) + "\n"


def tile_gid(name: str, firstgid: int = 1) -> int:
    """The gid of a named tile when the tileset starts at firstgid."""
    return firstgid + [t[0] for t in TILES].index(name)


def main() -> None:
    """Write assets/terrain.png and assets/terrain.tsx."""
    ASSETS.mkdir(exist_ok=True)
    (ASSETS / "terrain.png").write_bytes(make_png())
    (ASSETS / "terrain.tsx").write_text(make_tsx(), encoding="utf-8")
    print(f"wrote {ASSETS / 'terrain.png'} and {ASSETS / 'terrain.tsx'}")


if __name__ == "__main__":
    main()
