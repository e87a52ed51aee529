"""Routes the GM draws on the grid: a straight line of squares, and one through waypoints."""

from __future__ import annotations

from game.rules.battlefield import Square


def line_squares(a: Square, b: Square) -> list[Square]:
    """Squares from a (excluded) to b (included), each next to the last: a drawn line, not a path.

    >>> line_squares((0, 0), (3, 1))
    [(1, 0), (2, 1), (3, 1)]
    """
    out = []
    n = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    for i in range(1, n + 1):
        out.append((round(a[0] + (b[0] - a[0]) * i / n), round(a[1] + (b[1] - a[1]) * i / n)))
    return [s for j, s in enumerate(out) if j == 0 or s != out[j - 1]]


def through(start: Square, waypoints: tuple[Square, ...], end: Square) -> list[Square]:
    """The drawn route from ``start`` (excluded) through each waypoint to ``end``.

    >>> through((0, 0), ((2, 0),), (2, 2))
    [(1, 0), (2, 0), (2, 1), (2, 2)]
    """
    squares: list[Square] = []
    cur = start
    for p in (*waypoints, end):
        squares += line_squares(cur, p)
        cur = p
    return squares
