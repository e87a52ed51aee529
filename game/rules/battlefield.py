"""The battlefield: a yard grid held as numpy arrays, plus obstacle shapes and zones.

Pure data, no I/O. Loaders (game/io/tiled.py) build it; geometry queries read it.

Conventions used everywhere in Battlemat:

* A square is ``(x, y)``: x grows to the right (columns), y grows down (rows), as in Tiled.
* Arrays have shape ``(height, width)`` and are indexed ``arr[y, x]``.
* Continuous positions are in yards from the map's top-left corner; the centre of square
  ``(x, y)`` is ``(x + 0.5, y + 0.5)`` yards. (A map whose ``yards_per_tile`` is not 1 is
  resampled by the loader so one grid square is always one yard.)
* Elevation is in yards above the map's datum; ``elevation[y, x]`` is the ground (or floor,
  or ledge top) of that square.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, IntFlag

import numpy as np

Square = tuple[int, int]
PointYd = tuple[float, float]


class Terrain(IntFlag):
    """Per-square terrain flags (seed SotDL: Move; Balance, Climb, Swim)."""

    NORMAL = 0
    DIFFICULT = 1  # costs double (undergrowth, rubble)
    TREACHEROUS = 2  # balance surface: ice, a narrow beam; also counts as difficult
    LIQUID = 4  # must swim; counts as difficult; with TREACHEROUS: rough water
    CLIMBABLE = 8  # a vertical surface with handholds here (a ladder, a climbable tree)
    IMPASSABLE = 16  # nobody enters (solid rock, a wall's footprint)
    UNCLIMBABLE = 32  # the GM's marking: no climbing to or from here (sheer glass, a smooth wall)


class Light(IntEnum):
    """Light level of a square; what each does is the ruleset file's to say."""

    BRIGHT = 0
    DIM = 1
    DARK = 2


class Obscurement(IntEnum):
    """How much a square hides what is in it (seed SotDL: Cover & Obscurement)."""

    NONE = 0
    PARTIAL = 1  # foliage, dim light
    HEAVY = 2  # thick fog, darkness
    TOTAL = 3  # magical darkness, invisibility


@dataclass(frozen=True)
class Obstacle:
    """A solid shape that stands on the battlefield and may give cover.

    ``points`` are in yards. ``closed`` shapes are polygons (a pillar, a house, a tree trunk);
    open ones are polylines (a thin wall, a fence). The obstacle fills the vertical band from
    ``base_yd`` to ``base_yd + height_yd``. ``openings`` are vertical bands ``(bottom_yd,
    top_yd)`` above ``base_yd`` where lines pass through (an arrow slit, a window).
    """

    id: int
    kind: str  # "wall", "low_wall", "pillar", "tree", "arrow_slit", "rock", ... (free text)
    points: tuple[PointYd, ...]
    closed: bool
    height_yd: float
    base_yd: float = 0.0
    blocks_movement: bool = True
    blocks_sight: bool = True
    climbable: bool = False
    openings: tuple[tuple[float, float], ...] = ()
    name: str = ""

    @property
    def top_yd(self) -> float:
        """Elevation of the obstacle's top in yards."""
        return self.base_yd + self.height_yd

    def bounds(self) -> tuple[float, float, float, float]:
        """Axis-aligned bounding box ``(min_x, min_y, max_x, max_y)`` in yards."""
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs), max(ys))


@dataclass(frozen=True)
class Zone:
    """An area the GM drew (fog, foliage, darkness, an elevation plateau), kept for overlays.

    Its effect is already rasterized into the battlefield's arrays; the shape is for drawing.
    """

    id: int
    kind: str  # "obscurement", "light", "elevation", "terrain"
    points: tuple[PointYd, ...]
    properties: tuple[tuple[str, object], ...] = ()
    name: str = ""


@dataclass(frozen=True)
class Placement:
    """A creature stamped on the map: which definition, which side, which square."""

    creature_id: str
    side: str
    square: Square
    name: str = ""
    elevation_yd: float | None = None  # None: standing on the ground
    source: str = ""  # where it came from, e.g. "map.tmx: object 12", for error messages
    token: str = ""  # its picture: an image file (the object's 'token' property), or ""
    tile: int = 0  # placed as a Tiled tile object: the map's gid of that tile (its picture)


@dataclass(eq=False)
class Battlefield:
    """The yard grid and everything standing on it.

    Arrays are (height, width), indexed ``[y, x]``. Treat instances as immutable once built:
    encounters share one battlefield and record changes as events.
    """

    width: int
    height: int
    elevation: np.ndarray  # float32 yards
    terrain: np.ndarray  # uint8 Terrain flags
    light: np.ndarray  # uint8 Light
    obscurement: np.ndarray  # uint8 Obscurement
    obstacles: tuple[Obstacle, ...] = ()
    zones: tuple[Zone, ...] = ()
    placements: tuple[Placement, ...] = ()
    surface_banes: np.ndarray | None = None  # int8, banes on balance/climb/swim rolls here
    name: str = ""
    properties: dict[str, object] = field(default_factory=dict)

    @classmethod
    def blank(cls, width: int, height: int, *, name: str = "") -> Battlefield:
        """An open, flat, bright field of plain ground.

        >>> Battlefield.blank(3, 2).terrain.shape
        (2, 3)
        """
        shape = (height, width)
        return cls(
            width=width,
            height=height,
            elevation=np.zeros(shape, dtype=np.float32),
            terrain=np.zeros(shape, dtype=np.uint8),
            light=np.zeros(shape, dtype=np.uint8),
            obscurement=np.zeros(shape, dtype=np.uint8),
            surface_banes=np.zeros(shape, dtype=np.int8),
            name=name,
        )

    def __post_init__(self) -> None:
        if self.surface_banes is None:
            self.surface_banes = np.zeros((self.height, self.width), dtype=np.int8)

    def in_bounds(self, square: Square) -> bool:
        """True if the square lies on the grid."""
        x, y = square
        return 0 <= x < self.width and 0 <= y < self.height

    def terrain_at(self, square: Square) -> Terrain:
        """Terrain flags of one square."""
        x, y = square
        return Terrain(int(self.terrain[y, x]))

    def elevation_at(self, square: Square) -> float:
        """Ground elevation of one square, in yards."""
        x, y = square
        return float(self.elevation[y, x])
