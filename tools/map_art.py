"""Paint the art layers of a shipped map from what the map means (used by tools/make_maps.py).

The map is first written with its rule layers and objects only; Battlemat's own loader reads it
back, and the art follows from that: wall tiles under every wall, a canopy over every foliage
zone, fog where the fog is, darkness where it is dark, cliffs where the ground drops. Art tiles
carry no property and their layers say ``battlemat_ignore = true``, so they change no rule.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_assets import ALL, tile_gid  # noqa: E402
from tmx_writer import TileLayerSpec  # noqa: E402

from game.io.tiled import load_battlefield  # noqa: E402
from game.io.tiled_raster import line_squares, polygon_squares  # noqa: E402
from game.rules.battlefield import Battlefield, Light, Obstacle, Terrain  # noqa: E402

N, E, S, W = 1, 2, 4, 8
SIDES = ((0, -1, N), (1, 0, E), (0, 1, S), (-1, 0, W))
ART = {"battlemat_ignore": True}  # art only: the loader skips these layers


def squares(bf: Battlefield, points: tuple, closed: bool) -> list[tuple[int, int]]:
    """The (x, y) squares a shape covers, as the loader counts them."""
    fn = polygon_squares if closed else line_squares
    ys, xs = fn(points, bf.width, bf.height)
    return list(zip(xs.tolist(), ys.tolist(), strict=True))


def _tile_prop(rows_list: list[list[list[int]]], name: str, w: int, h: int) -> np.ndarray:
    """A property of the painted tiles (last layer wins), NaN where no tile says it."""
    out = np.full((h, w), np.nan, dtype=object)
    props = {i + 1: dict((k, v) for k, _, v in p) for i, (_, _, p) in enumerate(ALL)}
    for rows in rows_list:
        for y, row in enumerate(rows):
            for x, g in enumerate(row):
                if g and name in props[g]:
                    out[y, x] = props[g][name]
    return out


def _mask(
    cells: set[tuple[int, int]],
    x: int,
    y: int,
    joins: set[tuple[int, int]],
    size: tuple[int, int] = (0, 0),
) -> int:
    """Autotile bits: the sides where a neighbour is in joins (or off a map of that size)."""

    def joined(nx: int, ny: int) -> bool:
        off = size != (0, 0) and not (0 <= nx < size[0] and 0 <= ny < size[1])
        return off or (nx, ny) in joins

    return sum(bit for dx, dy, bit in SIDES if joined(x + dx, y + dy))


class Painter:
    """Art layers for one map."""

    def __init__(self, bf: Battlefield) -> None:
        self.bf = bf
        self.layers: dict[str, list[list[int]]] = {}

    def put(self, layer: str, x: int, y: int, tile: str) -> None:
        """Paint one art tile."""
        rows = self.layers.setdefault(layer, [[0] * self.bf.width for _ in range(self.bf.height)])
        if 0 <= x < self.bf.width and 0 <= y < self.bf.height:
            rows[y][x] = tile_gid(tile)

    def spec(self, names: list[str]) -> list[TileLayerSpec]:
        """The named art layers that got any tile, in the order given."""
        return [
            TileLayerSpec(f"Art: {n}", self.layers[n], dict(ART)) for n in names if n in self.layers
        ]


def _kinds(bf: Battlefield) -> dict[str, list[tuple[Obstacle, list[tuple[int, int]]]]]:
    out: dict[str, list[tuple[Obstacle, list[tuple[int, int]]]]] = {}
    for o in bf.obstacles:
        out.setdefault(o.kind, []).append((o, squares(bf, o.points, o.closed)))
    return out


def decorate(
    tmx: Path, rule_layers: list[list[list[int]]], deck: list[list[int]] | None = None
) -> tuple[list[TileLayerSpec], list[TileLayerSpec]]:
    """Art layers (under the bridge deck, over everything) for the map written at tmx."""
    bf = load_battlefield(tmx)
    w, h = bf.width, bf.height
    p = Painter(bf)
    kinds = _kinds(bf)
    ground = np.nan_to_num(_tile_prop(rule_layers, "elevation", w, h).astype(float), nan=0.0)
    tile_light = _tile_prop(rule_layers, "light", w, h)
    decked = {(x, y) for y, row in enumerate(deck or []) for x, g in enumerate(row) if g}

    walls: set[tuple[int, int]] = set()
    slits: set[tuple[int, int]] = set()
    low: set[tuple[int, int]] = set()
    top = bf.elevation.astype(float).copy()
    for kind in ("wall", "arrow_slit", "window", "door"):
        for o, sq in kinds.get(kind, []):
            if o.height_yd <= 1:
                continue
            walls |= set(sq)
            if kind == "arrow_slit":
                slits |= set(sq)
            for x, y in sq:
                top[y, x] = max(top[y, x], o.top_yd)
    for kind in ("low_wall", "parapet"):
        for _, sq in kinds.get(kind, []):
            low |= set(sq)

    # the lie of the land: cliffs on low squares, a lip on high ones, shadows from the north-west
    for y in range(h):
        for x in range(w):
            if (x, y) in walls:
                continue
            cliff = lip = 0
            for dx, dy, bit in SIDES:
                nx, ny = x + dx, y + dy
                if not (0 <= nx < w and 0 <= ny < h) or (nx, ny) in walls:
                    continue
                if ground[ny, nx] >= ground[y, x] + 3:
                    cliff |= bit
                if ground[ny, nx] <= ground[y, x] - 1 and not bf.terrain[y, x] & Terrain.LIQUID:
                    lip |= bit
            if cliff:
                p.put("edges", x, y, f"cliff {cliff}")
            elif ground[y, x] <= -3:
                deep = _depth(ground, x, y)
                if deep >= 2:
                    p.put("edges", x, y, "depth 2" if deep >= 3 else "depth 1")
            elif lip:
                p.put("edges", x, y, f"lip {lip}")
            here = top[y, x]
            sh = 0
            if y > 0 and top[y - 1, x] >= here + 1:
                sh |= 1
            if x > 0 and top[y, x - 1] >= here + 1:
                sh |= 2
            if not sh and x > 0 and y > 0 and top[y - 1, x - 1] >= here + 1:
                sh |= 4
            if sh:
                p.put("shadows", x, y, f"shadow {sh}")

    # walls, slits, parapets
    for x, y in walls:
        p.put("things", x, y, f"wall {_mask(walls, x, y, walls)}")
    for x, y in slits:
        run_ns = (x, y - 1) in walls or (x, y + 1) in walls
        if run_ns:
            inside = "e" if _higher(ground, x + 1, y, x - 1, y) else "w"
        else:
            inside = "s" if _higher(ground, x, y + 1, x, y - 1) else "n"
        p.put("details", x, y, f"arrow slit {inside}")
    for x, y in low:
        if (x, y) in walls:
            p.put("details", x, y, "crenels")
        else:
            p.put("things", x, y, f"low wall {_mask(low, x, y, low | walls)}")
    for _, sq in kinds.get("fence", []):
        for x, y in sq:
            north_open = (x, y - 1) not in decked
            p.put("things", x, y, "railing n" if north_open else "railing s")
    for kind in ("pillar", "column"):
        for o, sq in kinds.get(kind, []):
            for x, y in sq:
                p.put("things", x, y, "post" if "post" in o.name.lower() else "pillar")
    for x, y in decked:  # the deck's broken ends over the gap
        for dx, tile in ((1, "broken deck e"), (-1, "broken deck w")):
            nx = x + dx
            if 0 <= nx < w and (nx, y) not in decked and ground[y, nx] <= top[y, x] - 3:
                if any((nx + k * dx, y) in decked for k in range(1, 8)):
                    p.put("details", x, y, tile)

    # rocks, boulders, logs
    for _, sq in kinds.get("rock", []):
        for x, y in sq:
            p.put("things", x, y, "rock")
    for kind in ("boulder", "statue"):
        for _, sq in kinds.get(kind, []):
            _quarters(p, "things", sq, "boulder", "rock")
    for o, sq in kinds.get("obstacle", []):
        if "log" in o.name.lower():
            xs = sorted(sq)
            for i, (x, y) in enumerate(xs):
                p.put(
                    "things", x, y, "log w" if i == 0 else "log e" if i == len(xs) - 1 else "log m"
                )

    # zones: canopy, slick ground, fog and mist
    foliage: set[tuple[int, int]] = set()
    fog: dict[tuple[int, int], str] = {}
    for z in bf.zones:
        sq = squares(bf, z.points, True)
        props = dict(z.properties)
        if z.kind == "foliage":
            foliage |= set(sq)
        elif z.kind in ("fog", "mist"):
            for s in sq:
                fog[s] = "fog" if z.kind == "fog" or fog.get(s) == "fog" else "mist"
        elif z.kind in ("terrain", "ice") and "treacherous" in str(props.get("terrain", "")):
            for x, y in sq:
                if not bf.terrain[y, x] & Terrain.LIQUID:
                    p.put("details", x, y, "slick stones")
    for x, y in foliage:
        p.put("canopy", x, y, f"canopy {_mask(foliage, x, y, foliage, (w, h))}")
    for o, sq in kinds.get("tree", []):
        if len(sq) >= 4:
            _quarters(p, "trees", sq, "trunk", "trunk")
        for x, y in sq if len(sq) < 4 else []:
            lone = (x, y) not in foliage
            p.put(
                "trees", x, y, ("pine" if "pine" in o.name.lower() else "tree") if lone else "trunk"
            )
    for (x, y), tile in fog.items():
        same = {s for s, t in fog.items() if t == tile}
        p.put("fog", x, y, f"{tile} {_mask(same, x, y, same, (w, h))}")

    # light: darken what the ground tiles do not already show
    for y in range(h):
        for x in range(w):
            if bf.light[y, x] == Light.DARK and tile_light[y, x] != "dark":
                p.put("light", x, y, "darkness")
            elif bf.light[y, x] == Light.DIM and tile_light[y, x] not in ("dim", "dark"):
                p.put("light", x, y, "dim")

    under = p.spec(["edges", "shadows"])
    over = p.spec(["things", "details", "canopy", "trees", "light", "fog"])
    return under, over


def _depth(ground: np.ndarray, x: int, y: int, reach: int = 3) -> int:
    """How many squares (up to reach) from this low square to ground 3 yards higher."""
    hgt, wid = ground.shape
    for r in range(1, reach + 1):
        for ny in range(max(0, y - r), min(hgt, y + r + 1)):
            for nx in range(max(0, x - r), min(wid, x + r + 1)):
                if ground[ny, nx] >= ground[y, x] + 3:
                    return r
    return reach


def _higher(ground: np.ndarray, ax: int, ay: int, bx: int, by: int) -> bool:
    """Whether square a stands at least as high as square b (off the map counts as low)."""
    hgt, wid = ground.shape

    def at(x: int, y: int) -> float:
        return float(ground[y, x]) if 0 <= x < wid and 0 <= y < hgt else -1e9

    return at(ax, ay) >= at(bx, by)


def _quarters(p: Painter, layer: str, sq: list[tuple[int, int]], big: str, small: str) -> None:
    """A 2 x 2 thing drawn in four quarter tiles (or single tiles if it is not 2 x 2)."""
    x0, y0 = min(s[0] for s in sq), min(s[1] for s in sq)
    if set(sq) == {(x0 + i, y0 + j) for i in (0, 1) for j in (0, 1)}:
        for x, y in sq:
            p.put(layer, x, y, f"{big} {x - x0}{y - y0}")
    else:
        for x, y in sq:
            p.put(layer, x, y, small)
