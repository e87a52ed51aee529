"""Forced movement: shoves, driving attacks and pulls move a creature in a straight line.

Seed SotDL: Shove ("move the target 1 yard away from you, plus ..."), Driving Attack ("you and
the target move ... in the same direction"), Pull. The creature moves straight away from the
source one square at a time; a wall, a creature or a rise it cannot step up stops it; moving
over a ledge (a drop of more than ``step_up_yd``) takes it over the edge into a fall.
Forced movement never provokes free attacks (Seed SotDL: Free Attack, "willingly").
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.battlefield import Battlefield, Square
from game.rules.body import Body
from game.rules.geometry.falling import Fall, FallingRule, fall, ground_under
from game.rules.geometry.occupancy import can_stand, overlaps
from game.rules.geometry.pathing import MoveRules


def direction_away(source_yd: tuple[float, float], body: Body) -> tuple[int, int]:
    """The one of 8 grid directions closest to "straight away from" a point (yards).

    >>> direction_away((0.5, 0.5), Body((1, 0))), direction_away((0.5, 0.5), Body((2, 1)))
    ((1, 0), (1, 1))
    >>> direction_away((0.5, 0.5), Body((3, 1)))
    (1, 0)
    """
    cx, cy = body.center_yd()
    vx, vy = cx - source_yd[0], cy - source_yd[1]
    if abs(vx) < 1e-9 and abs(vy) < 1e-9:
        return (0, 0)
    ang = math.atan2(vy, vx)
    octant = round(ang / (math.pi / 4)) % 8
    return [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)][octant]


@dataclass(frozen=True)
class ForcedMove:
    """Where a forced move ends and why it stopped early ('' if it went the full distance)."""

    squares: tuple[Square, ...]  # anchors from the start (included) to the end
    body: Body  # the creature afterwards (on the ground it fell to, if it fell)
    stopped_by: str  # "", "wall", "creature", "ledge" (a rise), "edge" (of the map)
    fall: Fall | None

    @property
    def moved_yd(self) -> int:
        """Squares moved."""
        return len(self.squares) - 1


def forced_move(
    bf: Battlefield,
    *,
    body: Body,
    direction: tuple[int, int],
    distance_yd: int,
    others: Sequence[Body] = (),
    flying: bool = False,
    rules: MoveRules | None = None,
    falling: FallingRule | None = None,
) -> ForcedMove:
    """Move ``body`` up to ``distance_yd`` squares in ``direction``, stopping at obstacles.

    >>> from game.rules.ascii_grid import parse_ascii
    >>> bf = parse_ascii('''
    ... 66660
    ... ...#.
    ... ''')
    >>> forced_move(bf, body=Body((0, 1)), direction=(1, 0), distance_yd=5).stopped_by
    'wall'
    >>> fm = forced_move(bf, body=Body((2, 0), elevation_yd=6.0), direction=(1, 0), distance_yd=3)
    >>> fm.squares, fm.fall.height_yd, fm.fall.damage_dice
    (((2, 0), (3, 0), (4, 0)), 6.0, '3d6')
    """
    r = rules or MoveRules()
    squares = [body.square]
    cur = body
    ux, uy = direction
    for _ in range(max(0, int(distance_yd))):
        nxt_sq = (cur.square[0] + ux, cur.square[1] + uy)
        nxt = cur.moved_to(nxt_sq)
        if not all(bf.in_bounds(s) for s in nxt.squares()):
            return ForcedMove(tuple(squares), cur, "edge", None)
        if not can_stand(bf, nxt):
            return ForcedMove(tuple(squares), cur, "wall", None)
        if flying:
            if any(overlaps(nxt, o) for o in others):
                return ForcedMove(tuple(squares), cur, "creature", None)
            squares.append(nxt_sq)
            cur = nxt
            continue
        ground = ground_under(bf, nxt)
        if ground > cur.elevation_yd + r.step_up_yd:
            return ForcedMove(tuple(squares), cur, "ledge", None)
        landed = nxt.moved_to(nxt_sq, ground)
        if any(overlaps(landed, o) for o in others):
            return ForcedMove(tuple(squares), cur, "creature", None)
        squares.append(nxt_sq)
        if ground < cur.elevation_yd - r.step_up_yd:
            f = fall(bf, body=nxt, from_yd=cur.elevation_yd, rule=falling)
            return ForcedMove(tuple(squares), f.body, "", f)
        cur = landed
    return ForcedMove(tuple(squares), cur, "", None)


def follow_trail(trail: Sequence[Square], *, start: Square) -> list[Square]:
    """Seed SotDL: Pull: the grabbed creature moves along behind the puller, staying in reach.

    Each time the puller steps, the pulled creature steps into the square the puller left.

    >>> follow_trail([(1, 0), (2, 0), (3, 0)], start=(0, 0))
    [(0, 0), (1, 0), (2, 0)]
    """
    return [start] + list(trail[:-1])
