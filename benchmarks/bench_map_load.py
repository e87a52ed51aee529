"""Loading a 256x256 map (four tile layers, 500 objects) into a Battlefield vs pytmx's own parse.

    python3 benchmarks/bench_map_load.py [--repeat N] [--encoding csv|zlib] [--size 256]

Target (issue 2): load_battlefield costs at most as much again as pytmx.TiledMap(path) with no
image loader, i.e. a ratio of at most 2.0. The map is generated deterministically into a
temporary folder, with the shipped terrain tileset (tile properties included).
"""

from __future__ import annotations

import argparse
import base64
import random
import shutil
import statistics
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from tmx_writer import Obj, TileLayerSpec, write_tmx  # noqa: E402

N_OBJECTS = 500


def make_map(folder: Path, size: int, encoding: str) -> Path:
    """Write the benchmark map (and the terrain tileset beside it); return the .tmx path."""
    rng = random.Random(20261129)
    shutil.copy(ROOT / "assets" / "terrain.tsx", folder / "terrain.tsx")
    shutil.copy(ROOT / "assets" / "terrain.png", folder / "terrain.png")
    ground = [[1 + rng.randrange(3) for _ in range(size)] for _ in range(size)]
    features = [[rng.choice((0, 0, 0, 0, 5, 6, 7, 18)) for _ in range(size)] for _ in range(size)]
    heights = [[rng.choice((0, 0, 0, 15, 16, 20)) for _ in range(size)] for _ in range(size)]
    shade = [[rng.choice((0, 0, 0, 0, 0, 4, 24)) for _ in range(size)] for _ in range(size)]
    objs: list[Obj] = []
    for i in range(N_OBJECTS):
        x, y = rng.randrange(size - 4), rng.randrange(size - 4)
        k = i % 5
        if k == 0:
            objs.append(Obj("wall", x, y, 3, 1))
        elif k == 1:
            objs.append(Obj("low_wall", x, y, shape="polyline", points=[(0, 0), (3, 2), (4, 4)]))
        elif k == 2:
            objs.append(Obj("foliage", x, y, 4, 3, shape="ellipse"))
        elif k == 3:
            objs.append(Obj("fog", x, y, shape="polygon", points=[(0, 0), (4, 0), (2, 3)]))
        else:
            objs.append(
                Obj(
                    "creature",
                    x + 0.5,
                    y + 0.5,
                    shape="point",
                    props={"creature": "goblin", "side": "foes"},
                )
            )
    text = write_tmx(
        size,
        size,
        "terrain.tsx",
        {"name": "bench"},
        [
            TileLayerSpec("Ground", ground),
            TileLayerSpec("Features", features),
            TileLayerSpec("Heights", heights),
            TileLayerSpec("Shade", shade),
        ],
        [("Objects", objs)],
    )
    if encoding == "zlib":
        text = _to_zlib(text)
    path = folder / "bench.tmx"
    path.write_text(text, encoding="utf-8")
    return path


def _to_zlib(text: str) -> str:
    """Re-encode every CSV layer as base64 zlib, the other common Tiled setting."""
    import struct

    out = []
    parts = text.split('<data encoding="csv">')
    out.append(parts[0])
    for part in parts[1:]:
        csv, rest = part.split("</data>", 1)
        gids = [int(v) for v in csv.replace("\n", "").split(",")]
        blob = base64.b64encode(zlib.compress(struct.pack(f"<{len(gids)}I", *gids))).decode()
        out.append(f'<data encoding="base64" compression="zlib">{blob}</data>{rest}')
    return "".join(out)


def _time(fn, repeat: int) -> float:  # noqa: ANN001
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the ratio; exit 1 if the target is missed."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--size", type=int, default=256)
    ap.add_argument("--encoding", choices=("csv", "zlib"), default="csv")
    args = ap.parse_args(argv)

    import pytmx

    from game.io.tiled import load_battlefield

    with tempfile.TemporaryDirectory() as tmp:
        path = make_map(Path(tmp), args.size, args.encoding)
        bf = load_battlefield(path)  # warm up imports and check the map once
        pytmx.TiledMap(str(path))
        t_pytmx = _time(lambda: pytmx.TiledMap(str(path)), args.repeat)
        t_ours = _time(lambda: load_battlefield(path), args.repeat)
    ratio = t_ours / t_pytmx
    print(
        f"map: {args.size}x{args.size}, 4 tile layers ({args.encoding}), {N_OBJECTS} objects; "
        f"{len(bf.obstacles)} obstacles, {len(bf.zones)} zones, {len(bf.placements)} placements"
    )
    print(f"pytmx.TiledMap(path), no images: {t_pytmx * 1000:8.1f} ms (median of {args.repeat})")
    print(f"load_battlefield(path):          {t_ours * 1000:8.1f} ms (median of {args.repeat})")
    verdict = "OK" if ratio <= 2.0 else "OVER TARGET"
    print(f"ratio: {ratio:.2f}x pytmx's parse (target <= 2.0x): {verdict}")
    return 0 if ratio <= 2.0 else 1


if __name__ == "__main__":
    sys.exit(main())
