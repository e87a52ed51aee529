"""A creature's body as geometry sees it: a square footprint at an elevation, with a height."""
from __future__ import annotations

from dataclasses import dataclass

from game.rules.battlefield import Square


@dataclass(frozen=True)
class Body:
    """Where a creature is and how much room it takes; geometry needs nothing else.

    ``square`` is the top-left square of a ``space`` x ``space`` footprint. ``elevation_yd``
    is the height of the creature's feet (ground, ledge, or in the air for a flyer).

    >>> Body((2, 3), space=2, elevation_yd=0.0, height_yd=3.5).squares()
    ((2, 3), (3, 3), (2, 4), (3, 4))
    """

    square: Square
    space: int = 1
    elevation_yd: float = 0.0
    height_yd: float = 2.0

    def squares(self) -> tuple[Square, ...]:
        """Every square of the footprint, row by row."""
        x0, y0 = self.square
        return tuple((x0 + dx, y0 + dy) for dy in range(self.space) for dx in range(self.space))

    def center_yd(self) -> tuple[float, float]:
        """Centre of the footprint in yards."""
        x0, y0 = self.square
        return (x0 + self.space / 2, y0 + self.space / 2)

    def moved_to(self, square: Square, elevation_yd: float | None = None) -> Body:
        """The same body at another square (and elevation)."""
        return Body(
            square,
            self.space,
            self.elevation_yd if elevation_yd is None else elevation_yd,
            self.height_yd,
        )
