"""Obstacles from Tiled: objects with an obstacle class, and tiles with a ``height`` (docs/maps.md).

Both follow one movement rule: more than 1 yard high blocks its squares (impassable); 1 yard
or less is climbed over (difficult); a climbable obstacle makes its squares climbable.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from game.io.tiled_conventions import (
    LOW_OBSTACLE_YD,
    OBSTACLE_KINDS,
    ObstacleKind,
    flag,
    keys,
    number,
    openings,
)
from game.io.tiled_xml import input_error
from game.rules.battlefield import Battlefield, Obstacle, Terrain

PointYd = tuple[float, float]


def make_obstacle(
    bf: Battlefield,
    *,
    file: Path | str,
    where: str,
    kind_name: str,
    props: dict[str, Any],
    squares: tuple[np.ndarray, np.ndarray],
    outline: tuple[PointYd, ...],
    closed: bool,
    oid: int,
    name: str,
) -> Obstacle:
    """One obstacle with its height, base and openings; marks its squares for movement."""
    kind = OBSTACLE_KINDS.get(kind_name, ObstacleKind(-1.0))
    p = keys(props)
    if "height" in p:
        height = number(p["height"], file, where, "height")
    elif kind.height_yd < 0:
        raise input_error(file, where, f"an {kind_name!r} obstacle needs a 'height' in yards")
    else:
        height = kind.height_yd
    if height <= 0:
        raise input_error(file, f"{where} property 'height'", f"must be above 0, got {height:g}")
    ys, xs = squares
    if "base" in p:
        base = number(p["base"], file, where, "base")
    else:  # stands on the highest ground under it (a parapet on a rampart)
        base = float(bf.elevation[ys, xs].max()) if ys.size else 0.0
    climbable = (
        flag(p["climbable"], file, where, "climbable") if "climbable" in p else (kind.climbable)
    )
    low = height <= LOW_OBSTACLE_YD
    if "blocks_movement" in p:
        blocks = flag(p["blocks_movement"], file, where, "blocks_movement")
    else:
        blocks = not (low or climbable)
    sight = flag(p["blocks_sight"], file, where, "blocks_sight") if "blocks_sight" in p else True
    if blocks:
        bf.terrain[ys, xs] = np.uint8(Terrain.IMPASSABLE)
    elif climbable:
        keep = np.uint8(0xFF ^ int(Terrain.IMPASSABLE))
        bf.terrain[ys, xs] = (bf.terrain[ys, xs] & keep) | np.uint8(Terrain.CLIMBABLE)
    elif low:
        bf.terrain[ys, xs] |= np.uint8(Terrain.DIFFICULT)
    ops = openings(p, kind.openings, file, where)
    points = tuple((float(a), float(b)) for a, b in outline)
    return Obstacle(
        oid, kind_name, points, closed, height, base, blocks, sight, climbable, ops, name
    )


def is_obstacle_tile(props: dict[str, Any]) -> bool:
    """A tile stands as an obstacle on every square it is painted on if it has these."""
    p = keys(props)
    return "height" in p or "obstacle" in p


def tile_obstacles(
    bf: Battlefield,
    painted: dict[int, np.ndarray],
    tile_props: dict[int, dict[str, Any]],
    tile_src: dict[int, tuple[Path, str]],
    first_id: int,
) -> list[Obstacle]:
    """Obstacles for squares painted with obstacle tiles, one per run of squares in a row."""
    out: list[Obstacle] = []
    for gid in sorted(painted):
        mask = painted[gid]
        props = keys(tile_props.get(gid, {}))
        file, where = tile_src.get(gid, ("", f"tile gid {gid}"))
        kind_name = str(props.get("obstacle") or props.get("class") or "").strip().lower()
        kind_name = "_".join(kind_name.replace("-", " ").split())
        if not kind_name:
            h = number(props.get("height", 3), file, where, "height")
            kind_name = "low_wall" if h <= LOW_OBSTACLE_YD else "wall"
        label = str(props.get("label", "")) or kind_name
        for y in np.nonzero(mask.any(axis=1))[0].tolist():
            row = np.concatenate(([False], mask[y], [False])).astype(np.int8)
            edges = np.diff(row)
            starts = np.nonzero(edges == 1)[0]
            ends = np.nonzero(edges == -1)[0]
            for x0, x1 in zip(starts.tolist(), ends.tolist(), strict=True):
                ys = np.full(x1 - x0, y, dtype=np.intp)
                xs = np.arange(x0, x1, dtype=np.intp)
                outline = ((x0, y), (x1, y), (x1, y + 1), (x0, y + 1))
                out.append(
                    make_obstacle(
                        bf,
                        file=file,
                        where=where,
                        kind_name=kind_name,
                        props=props,
                        squares=(ys, xs),
                        outline=outline,
                        closed=True,
                        oid=first_id + len(out),
                        name=f"{label} (tiles)",
                    )
                )
    return out
