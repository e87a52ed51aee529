"""Generate the benchmark battlefield: a Tiled map as a GM would draw a big outdoor fight.

    python3 tools/make_bench_map.py OUT_DIR [--side 200] [--seed 12] [--creatures 100]

Writes ``OUT_DIR/bench_<side>.tmx`` (and the shipped terrain tileset beside it): four tile
layers (Ground: grass and dirt blobs; Features: undergrowth and mud blobs, a meandering stream
of water with a rough stretch, pits (chasms and lower ledges); Heights: hills 1-2 yards up;
Shade: dim and dark patches) and 500 objects: walls (rectangles), low walls (polylines), fog
(polygons) and foliage (ellipses) as Tiled zones, light zones, and the creatures as points
(half heroes, half foes). Deterministic for a seed; used by benchmarks/ (docs/benchmarks.md).
"""

from __future__ import annotations

import argparse
import math
import random
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from tmx_writer import Obj, TileLayerSpec, write_tmx  # noqa: E402

# gids in assets/terrain.tsx (tile id + 1)
GRASS, DIRT, UNDERGROWTH, RUBBLE, WATER, ROUGH = 1, 2, 5, 6, 7, 8
CHASM, LEDGE, MUD, STAIRS1, STAIRS2, DIM, DARK = 12, 17, 18, 20, 21, 24, 4
N_OBJECTS = 500
N_ZONES = 250  # fog and foliage: what the targeting hover names
HEROES = ("human_spearman", "human_knight", "human_crossbowman", "human_rogue")
FOES = ("goblin", "bandit_archer", "warg", "ogre_brute")


def _blobs(rng: random.Random, rows: list[list[int]], side: int, gid: int, n: int,
           rmin: float, rmax: float) -> None:
    """Paint ``n`` roundish blobs of ``gid`` (noisy discs)."""
    for _ in range(n):
        cx, cy = rng.uniform(0, side), rng.uniform(0, side)
        r = rng.uniform(rmin, rmax)
        for y in range(max(0, int(cy - r)), min(side, int(cy + r) + 1)):
            for x in range(max(0, int(cx - r)), min(side, int(cx + r) + 1)):
                if math.hypot(x - cx, y - cy) <= r * rng.uniform(0.75, 1.0):
                    rows[y][x] = gid


def _stream(rng: random.Random, rows: list[list[int]], side: int) -> set[tuple[int, int]]:
    """A stream from the north edge to the south edge, 2-4 squares wide, with a rough stretch."""
    wet: set[tuple[int, int]] = set()
    x = side * rng.uniform(0.3, 0.7)
    rough0 = int(side * 0.4)
    for y in range(side):
        x += rng.uniform(-1.0, 1.0)
        x = min(max(x, 3.0), side - 4.0)
        width = 2 + int(2 * (0.5 + 0.5 * math.sin(y / 7.0)))
        for dx in range(width):
            xx = int(x) + dx
            rows[y][xx] = ROUGH if rough0 <= y < rough0 + side // 10 else WATER
            wet.add((xx, y))
    return wet


def make_rows(side: int, seed: int) -> tuple[list[list[list[int]]], set[tuple[int, int]]]:
    """The four tile layers' rows, and the stream's squares (kept free of objects)."""
    rng = random.Random(seed)
    k = max(1, side * side // 2500)  # the same density on every side
    ground = [[GRASS] * side for _ in range(side)]
    _blobs(rng, ground, side, DIRT, 4 * k, 2, 6)
    features = [[0] * side for _ in range(side)]
    _blobs(rng, features, side, UNDERGROWTH, 6 * k, 2, 5)
    _blobs(rng, features, side, MUD, 2 * k, 1, 3)
    _blobs(rng, features, side, RUBBLE, 1 * k, 1, 2)
    heights = [[0] * side for _ in range(side)]
    _blobs(rng, heights, side, STAIRS1, 3 * k, 3, 7)  # hills: a 1-yard rise ...
    _blobs(rng, heights, side, STAIRS2, 2 * k, 1, 3)  # ... with 2-yard tops
    wet = _stream(rng, features, side)
    for _ in range(2 * k):  # pits: a chasm, or a ledge 4 yards down
        cx, cy = rng.randrange(2, side - 4), rng.randrange(2, side - 4)
        gid = CHASM if rng.random() < 0.5 else LEDGE
        for y in range(cy, cy + rng.randrange(1, 3)):
            for x in range(cx, cx + rng.randrange(1, 4)):
                if (x, y) not in wet:
                    features[y][x] = gid
    shade = [[0] * side for _ in range(side)]
    _blobs(rng, shade, side, DIM, 2 * k, 2, 6)
    _blobs(rng, shade, side, DARK, 1 * k, 1, 3)
    return [ground, features, heights, shade], wet


def make_objects(side: int, seed: int, creatures: int, rows: list[list[list[int]]],
                 wet: set[tuple[int, int]]) -> list[Obj]:
    """500 objects: creatures, zones (fog, foliage, light) and obstacles (walls, low walls)."""
    rng = random.Random(seed + 1)
    objs: list[Obj] = []
    taken: set[tuple[int, int]] = set()
    features = rows[1]
    while len(objs) < creatures:
        x, y = rng.randrange(side), rng.randrange(side)
        if (x, y) in taken or (x, y) in wet or features[y][x] in (CHASM, LEDGE):
            continue
        taken.add((x, y))
        i = len(objs)
        hero = i % 2 == 0
        kind = (HEROES if hero else FOES)[(i // 2) % 4]
        objs.append(Obj("creature", x + 0.5, y + 0.5, name=f"{kind} {i}", shape="point",
                        props={"creature": kind, "side": "players" if hero else "gm"}))
    for i in range(N_ZONES):
        x, y = rng.uniform(0, side - 6), rng.uniform(0, side - 6)
        if i % 2:
            objs.append(Obj("foliage", x, y, rng.uniform(2, 6), rng.uniform(2, 5),
                            name=f"thicket {i}", shape="ellipse"))
        else:
            pts = [(rng.uniform(0, 1.5), rng.uniform(0, 1.5)), (rng.uniform(3, 5), 0.0),
                   (rng.uniform(3, 5), rng.uniform(2, 4)), (rng.uniform(0, 1.5), rng.uniform(3, 4))]
            objs.append(Obj("fog", x, y, name=f"fog bank {i}", shape="polygon", points=pts))
    for i in range(10):  # light: dim glades and dark hollows drawn as zones
        x, y = rng.uniform(0, side - 8), rng.uniform(0, side - 8)
        objs.append(Obj("dim" if i % 2 else "darkness", x, y, rng.uniform(3, 8),
                        rng.uniform(3, 8), name=f"shade {i}"))
    while len(objs) < N_OBJECTS:
        x, y = rng.randrange(1, side - 6), rng.randrange(1, side - 6)
        if any((x + d, y) in wet for d in range(6)):
            continue
        if len(objs) % 2:
            w, h = (rng.randrange(2, 6), 1) if rng.random() < 0.5 else (1, rng.randrange(2, 6))
            objs.append(Obj("wall", x, y, w, h))
        else:
            pts = [(0.0, 0.0), (rng.uniform(1, 3), rng.uniform(-1, 1)),
                   (rng.uniform(3, 5), rng.uniform(-1, 2))]
            objs.append(Obj("low_wall", x + 0.5, y + 0.5, shape="polyline", points=pts))
    return objs


def write_map(folder: Path, side: int = 200, seed: int = 12, creatures: int = 100) -> Path:
    """Write ``bench_<side>.tmx`` and the terrain tileset into ``folder``; return the map path."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("terrain.tsx", "terrain.png"):
        shutil.copy(ROOT / "assets" / name, folder / name)
    rows, wet = make_rows(side, seed)
    objs = make_objects(side, seed, creatures, rows, wet)
    names = ("Ground", "Features", "Heights", "Shade")
    text = write_tmx(side, side, "terrain.tsx", {"name": f"bench {side}"},
                     [TileLayerSpec(n, r) for n, r in zip(names, rows, strict=True)],
                     [("Objects", objs)])
    path = folder / f"bench_{side}.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def main(argv: list[str] | None = None) -> int:
    """Write the map and print where it went."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", type=Path)
    ap.add_argument("--side", type=int, default=200)
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--creatures", type=int, default=100)
    a = ap.parse_args(argv)
    print(write_map(a.out, a.side, a.seed, a.creatures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
