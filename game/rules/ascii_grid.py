"""Battlefields written as ASCII pictures, for tests and scenario files (like FEN for chess).

Legend (one character a square, rows top to bottom):

====  =================================================================
``.``  plain ground
``#``  wall: impassable, a 3-yard obstacle filling the square
``o``  low wall: a 1-yard obstacle filling the square, difficult to cross
``^``  difficult terrain (undergrowth, rubble)
``=``  treacherous surface (ice, a narrow beam): balance
``~``  water: swim
``w``  rough water: swim, treacherous
``H``  climbable surface (ladder, handholds)
``X``  unclimbable surface (the GM's marking: no climbing to or from this square)
``%``  foliage: partial obscurement
``f``  thick fog: heavy obscurement
``d``  dim light
``D``  darkness
``0``-``9``  plain ground at that elevation in yards
====  =================================================================
"""
from __future__ import annotations

from game.rules.battlefield import Battlefield, Light, Obscurement, Obstacle, Terrain

WALL_HEIGHT_YD = 3.0
LOW_WALL_HEIGHT_YD = 1.0


def parse_ascii(picture: str, *, name: str = "ascii") -> Battlefield:
    """Build a Battlefield from an ASCII picture (legend in the module docstring).

    >>> bf = parse_ascii('''
    ... .#.
    ... ~^2
    ... ''')
    >>> (bf.width, bf.height, bf.elevation_at((2, 1)), bf.terrain_at((1, 0)))
    (3, 2, 2.0, <Terrain.IMPASSABLE: 16>)
    """
    rows = [line.strip() for line in picture.strip("\n").splitlines() if line.strip()]
    if not rows:
        raise ValueError("empty ASCII battlefield")
    width = len(rows[0])
    for i, row in enumerate(rows):
        if len(row) != width:
            raise ValueError(f"row {i + 1} has {len(row)} squares, expected {width}")
    bf = Battlefield.blank(width, len(rows), name=name)
    obstacles: list[Obstacle] = []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            square_poly = ((x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1))
            if ch == ".":
                continue
            if ch == "#":
                bf.terrain[y, x] = Terrain.IMPASSABLE
                obstacles.append(
                    Obstacle(len(obstacles) + 1, "wall", square_poly, True, WALL_HEIGHT_YD)
                )
            elif ch == "o":
                bf.terrain[y, x] = Terrain.DIFFICULT
                obstacles.append(
                    Obstacle(
                        len(obstacles) + 1,
                        "low_wall",
                        square_poly,
                        True,
                        LOW_WALL_HEIGHT_YD,
                        blocks_movement=False,
                    )
                )
            elif ch == "^":
                bf.terrain[y, x] = Terrain.DIFFICULT
            elif ch == "=":
                bf.terrain[y, x] = Terrain.TREACHEROUS
            elif ch == "~":
                bf.terrain[y, x] = Terrain.LIQUID
            elif ch == "X":
                bf.terrain[y, x] = Terrain.UNCLIMBABLE
            elif ch == "w":
                bf.terrain[y, x] = Terrain.LIQUID | Terrain.TREACHEROUS
            elif ch == "H":
                bf.terrain[y, x] = Terrain.CLIMBABLE
            elif ch == "%":
                bf.obscurement[y, x] = Obscurement.PARTIAL
            elif ch == "f":
                bf.obscurement[y, x] = Obscurement.HEAVY
            elif ch == "d":
                bf.light[y, x] = Light.DIM
            elif ch == "D":
                bf.light[y, x] = Light.DARK
            elif ch.isdigit():
                bf.elevation[y, x] = float(ch)
            else:
                raise ValueError(f"row {y + 1}, column {x + 1}: unknown square {ch!r}")
    bf.obstacles = tuple(obstacles)
    return bf
