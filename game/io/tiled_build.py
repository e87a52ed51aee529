"""Turn a read Tiled map into a Battlefield: tiles, zones, obstacles, placements (docs/maps.md)."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import numpy as np

from game.io.tiled_conventions import (
    CREATURE_CLASSES,
    OBSTACLE_KINDS,
    SQUARE_PROPS,
    ZONE_DEFAULTS,
    ZONE_REQUIRES,
    ignored,
    keys,
    number,
    square_effects,
)
from game.io.tiled_notes import class_note, placement_notes, property_notes
from game.io.tiled_obstacles import is_obstacle_tile, make_obstacle, tile_obstacles
from game.io.tiled_raster import line_squares, polygon_squares
from game.io.tiled_read import MAX_SIDE, MapObject, TiledDoc
from game.io.tiled_xml import input_error
from game.rules.battlefield import Battlefield, Obstacle, Placement, Zone

_ARRAYS = {
    "terrain": "terrain",
    "elevation": "elevation",
    "light": "light",
    "obscurement": "obscurement",
    "banes": "surface_banes",
}


def yards_per_tile(doc: TiledDoc) -> float:
    """The map property ``yards_per_tile`` (default 1), checked."""
    raw = keys(doc.properties).get("yards_per_tile", 1)
    ypt = number(raw, doc.path, "map", "yards_per_tile")
    if not 0.05 <= ypt <= 100:
        raise input_error(
            doc.path, "map property 'yards_per_tile'", f"{ypt:g} is out of range (0.05 to 100)"
        )
    return ypt


def _paint(bf: Battlefield, mask: Any, effects: dict[str, Any]) -> None:
    """Write square effects onto the squares selected by mask (later paint wins)."""
    for key, value in effects.items():
        arr = getattr(bf, _ARRAYS[key])
        arr[mask] = value


def _shifted(gids: np.ndarray, dx: int, dy: int) -> np.ndarray:
    """A layer moved by whole tiles (its pixel offset), clipped to the map."""
    if dx == 0 and dy == 0:
        return gids
    out = np.zeros_like(gids)
    h, w = gids.shape
    src = gids[max(0, -dy) : h - max(0, dy), max(0, -dx) : w - max(0, dx)]
    out[max(0, dy) : max(0, dy) + src.shape[0], max(0, dx) : max(0, dx) + src.shape[1]] = src
    return out


def _tile_layers(
    doc: TiledDoc, bf: Battlefield, iy: np.ndarray, ix: np.ndarray
) -> dict[int, np.ndarray]:
    """Paint tile properties (and tile layer defaults) in draw order, resampled to yards.

    Returns, for each obstacle tile (one with a ``height``), the squares painted with it.
    """
    cache: dict[int, dict[str, Any]] = {}
    painted: dict[int, np.ndarray] = {}
    for layer in doc.layers:
        if ignored(layer.properties):
            continue
        layer_fx = square_effects(layer.properties, doc.path, layer.where)
        dx = round(layer.offset_px[0] / doc.tilewidth)
        dy = round(layer.offset_px[1] / doc.tileheight)
        gids = _shifted(layer.gids, dx, dy)
        if gids.shape != (bf.height, bf.width):
            gids = gids[iy[:, None], ix[None, :]]
        for g in np.unique(gids).tolist():
            if g == 0:
                continue
            if g not in cache:
                props = doc.tile_props.get(g, {})
                file, where = doc.tile_src.get(g, (doc.path, f"tile gid {g}"))
                cache[g] = square_effects(props, file, where) if props else {}
            fx = {**layer_fx, **cache[g]}
            obstacle = is_obstacle_tile(doc.tile_props.get(g, {}))
            if fx or obstacle:
                mask = gids == g
                _paint(bf, mask, fx)
                if obstacle:
                    painted[g] = painted[g] | mask if g in painted else mask
    return painted


def _to_yards(doc: TiledDoc, ypt: float, o: MapObject) -> tuple[tuple[float, float], ...]:
    sx, sy = ypt / doc.tilewidth, ypt / doc.tileheight
    return tuple((round(x * sx, 4), round(y * sy, 4)) for x, y in o.points)


#: Work all objects' shapes may ask of the rasterizer (sample rows x edges, squares, line
#: samples): a few seconds at most, far above any real map (thousands of huge shapes are not).
MAX_RASTER_WORK = 250_000_000


def _raster_work(o: MapObject, pts: tuple[tuple[float, float], ...], bf: Battlefield) -> float:
    """What rasterizing this shape costs, roughly (game/io/tiled_raster.py's loops)."""
    if o.shape == "point":
        return 1.0
    xs = [min(max(p[0], 0.0), bf.width) for p in pts]
    ys = [min(max(p[1], 0.0), bf.height) for p in pts]
    if o.shape == "polyline":  # about 8 samples a square of length, in a Python loop
        return 150.0 * sum(
            math.hypot(xs[i + 1] - xs[i], ys[i + 1] - ys[i]) for i in range(len(pts) - 1)
        )
    rows = max(ys) - min(ys) + 1
    return rows * 4 * len(pts) + rows * (max(xs) - min(xs) + 1)


def _squares(o: MapObject, pts: tuple[tuple[float, float], ...], bf: Battlefield):  # noqa: ANN202
    if o.shape in ("polyline", "point"):
        if o.shape == "point":
            x, y = pts[0]
            pts = (
                (math.floor(x), math.floor(y)),
                (math.floor(x) + 1, math.floor(y)),
                (math.floor(x) + 1, math.floor(y) + 1),
                (math.floor(x), math.floor(y) + 1),
            )
            return polygon_squares(pts, bf.width, bf.height)
        return line_squares(pts, bf.width, bf.height)
    return polygon_squares(pts, bf.width, bf.height)


def _zone(doc: TiledDoc, bf: Battlefield, o: MapObject, pts: Any, sq: Any) -> Zone:
    own = keys(o.properties)
    props = {**ZONE_DEFAULTS[o.cls], **own}
    need = ZONE_REQUIRES.get(o.cls)
    if need and need not in own:
        raise input_error(doc.path, o.where, f"a {o.cls!r} zone needs a {need!r} property")
    fx = square_effects(props, doc.path, o.where)
    _paint(bf, sq, fx)
    shown = tuple((k, props[k]) for k in SQUARE_PROPS if k in props)
    return Zone(o.id, o.cls, pts, shown, o.name)


def _obstacle(doc: TiledDoc, bf: Battlefield, o: MapObject, pts: Any, sq: Any) -> Obstacle:
    outline = pts
    if o.shape == "point":  # a point obstacle fills the square it is in
        x, y = math.floor(pts[0][0]), math.floor(pts[0][1])
        outline = ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))
    return make_obstacle(
        bf,
        file=doc.path,
        where=o.where,
        kind_name=o.cls,
        props=o.properties,
        squares=sq,
        outline=outline,
        closed=o.shape != "polyline",
        oid=o.id,
        name=o.name,
    )


def _placement(doc: TiledDoc, bf: Battlefield, o: MapObject, pts: Any) -> Placement:
    p = keys(o.properties)
    cid = p.get("creature")
    if cid is not None and not isinstance(cid, str):
        raise input_error(
            doc.path,
            f"{o.where} property 'creature'",
            f"must be text (the creature definition's id), got {cid!r}",
        )
    if not isinstance(cid, str) or not cid.strip():
        raise input_error(
            doc.path,
            o.where,
            "a creature placement needs a 'creature' property (the creature definition's id)",
        )
    side = p.get("side", "")
    if not isinstance(side, str):
        raise input_error(doc.path, f"{o.where} property 'side'", f"must be text, got {side!r}")
    xs = [q[0] for q in pts]
    ys = [q[1] for q in pts]
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    if w >= 1 and h >= 1:  # a token the size of one or more squares: snap its corner
        square = (math.floor(min(xs) + 0.5), math.floor(min(ys) + 0.5))
    else:  # a point or a small token: the square under its middle
        square = (math.floor((min(xs) + max(xs)) / 2), math.floor((min(ys) + max(ys)) / 2))
    if not bf.in_bounds(square):
        raise input_error(
            doc.path,
            o.where,
            f"creature {cid!r} is placed at {square}, off the {bf.width}x{bf.height} map",
        )
    elev = number(p["elevation"], doc.path, o.where, "elevation") if "elevation" in p else None
    token = p.get("token", "")
    if not isinstance(token, str):
        raise input_error(doc.path, f"{o.where} property 'token'", f"must be a file, got {token!r}")
    if token.strip():  # a picture file, as Tiled stores it: relative to the map
        token = str((doc.path.parent / token.strip()).resolve())
    return Placement(
        cid.strip(), side.strip(), square, o.name, elev, f"{doc.path.name}: {o.where}",
        token=token.strip(), tile=o.gid,
    )


def _spend(doc: TiledDoc, work: float, o: MapObject, pts: Any, bf: Battlefield) -> float:
    """Add a shape's rasterizing work; refuse the map before it takes minutes to read."""
    work += _raster_work(o, pts, bf)
    if work > MAX_RASTER_WORK:
        raise input_error(
            doc.path,
            o.where,
            "the objects up to this one are too many huge or detailed shapes to read in "
            "a few seconds: merge or simplify zones and walls",
        )
    return work


def build_battlefield(doc: TiledDoc) -> Battlefield:
    """Rasterize tiles, zones and obstacles into a yard grid; collect placements."""
    ypt = yards_per_tile(doc)
    width, height = round(doc.width * ypt), round(doc.height * ypt)
    if not (0 < width <= MAX_SIDE and 0 < height <= MAX_SIDE):
        raise input_error(
            doc.path,
            "map",
            f"{doc.width}x{doc.height} tiles of {ypt:g} yards is "
            f"{width}x{height} yards, out of range (1 to {MAX_SIDE})",
        )
    name = str(doc.properties.get("name") or doc.path.stem)
    bf = Battlefield.blank(width, height, name=name)
    iy = np.minimum((np.arange(height) + 0.5) / ypt, doc.height - 1).astype(np.intp)
    ix = np.minimum((np.arange(width) + 0.5) / ypt, doc.width - 1).astype(np.intp)
    painted = _tile_layers(doc, bf, iy, ix)
    zones: list[Zone] = []
    obstacles: list[Obstacle] = []
    placements: list[Placement] = []
    later: list[tuple[MapObject, Any]] = []
    unknown: Counter[str] = Counter()
    notes: list[str] = list(doc.notes)
    work = 0.0
    for o in doc.objects:
        if ignored(o.properties):
            continue
        pts = _to_yards(doc, ypt, o)
        notes += property_notes(o.where, o.cls, o.properties)
        if o.cls in ZONE_DEFAULTS:
            work = _spend(doc, work, o, pts, bf)
            sq = _squares(o, pts, bf)
            zones.append(_zone(doc, bf, o, pts, sq))
            if not sq[0].size:
                notes.append(f"{o.where}: the {o.cls!r} zone covers no square of the map")
        elif o.cls in OBSTACLE_KINDS or o.cls in CREATURE_CLASSES:
            later.append((o, pts))  # after the ground is known (obstacle bases)
        else:
            unknown[o.cls or "(no class)"] += 1
            note = class_note(o.where, o.cls)
            if note:
                notes.append(note)
    first_id = max((o.id for o in doc.objects), default=0) + 1
    obstacles += tile_obstacles(bf, painted, doc.tile_props, doc.tile_src, first_id)
    for o, pts in later:
        if o.cls in CREATURE_CLASSES:
            placements.append(_placement(doc, bf, o, pts))
        else:
            work = _spend(doc, work, o, pts, bf)
            sq = _squares(o, pts, bf)
            obstacles.append(_obstacle(doc, bf, o, pts, sq))
            if not sq[0].size:
                notes.append(f"{o.where}: the {o.cls!r} lies outside the map")
    bf.zones, bf.obstacles, bf.placements = tuple(zones), tuple(obstacles), tuple(placements)
    bf.properties.update(doc.properties)
    bf.properties.update(
        {
            "source_file": str(doc.path),
            "yards_per_tile": ypt,
            "tile_width_px": doc.tilewidth,
            "tile_height_px": doc.tileheight,
            "ignored_objects": dict(unknown),
            "notes": notes + placement_notes(bf),
        }
    )
    return bf
