"""Reach, threatened squares, and the free attacks a path would provoke.

Seed SotDL: Triggered Actions, Free Attack ("when a creature in your reach willingly moves out
of your reach, you can use a triggered action to make an attack against that creature using a
melee weapon you are wielding"); Lunging Attack (+1 yard reach). Reach is measured from the
creature's space (footprint and height), 1 yard by default (``RulesetDef.base_reach_yd``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from game.rules.battlefield import Square
from game.rules.body import Body
from game.rules.geometry.distance import body_distance, distance_grid


def reach_yd(
    *,
    base_yd: float = 1,
    weapon_reach_yd: float = 0,
    natural_reach_yd: float = 0,
    lunging: bool = False,
) -> float:
    """Seed SotDL: reach = base + the weapon's reach property + the creature's own + 1 if lunging.

    >>> reach_yd(), reach_yd(weapon_reach_yd=1, lunging=True)
    (1, 3)
    """
    return base_yd + weapon_reach_yd + natural_reach_yd + (1 if lunging else 0)


@dataclass(frozen=True)
class Threat:
    """A creature that could make a free attack (a melee weapon, its triggered action left).

    The caller decides eligibility; geometry only measures. ``id`` is the creature's name.
    """

    id: str
    body: Body
    reach_yd: float = 1.0


@dataclass(frozen=True)
class FreeAttack:
    """A free attack a move provokes: by whom, before which step, where the mover stands."""

    threat_id: str
    step: int  # the mover is attacked before taking step ``step`` (1-based)
    square: Square  # where the mover stands when attacked

    @property
    def attacker(self) -> str:
        """Who may attack (the threat's id)."""
        return self.threat_id


def within_reach(attacker: Body, target: Body, *, reach: float, rule: str = "chebyshev") -> bool:
    """True if the target's space is within ``reach`` yards of the attacker's space (3D).

    >>> within_reach(Body((0, 0), space=2), Body((3, 0)), reach=1)
    False
    >>> within_reach(Body((0, 0), space=2), Body((2, 2)), reach=1)
    True
    """
    return body_distance(attacker, target, rule=rule) <= reach + 1e-9


def threatened_anchors(
    shape: tuple[int, int],
    *,
    threat: Threat,
    space: int = 1,
    elevation: np.ndarray | None = None,
    height_yd: float = 2.0,
    rule: str = "chebyshev",
    origin: Square = (0, 0),
) -> np.ndarray:
    """Anchors (in a window at ``origin``) where a ``space``-wide body is in the threat's reach.

    >>> m = threatened_anchors((3, 4), threat=Threat("orc", Body((1, 1))))
    >>> m.astype(int).tolist()
    [[1, 1, 1, 0], [1, 1, 1, 0], [1, 1, 1, 0]]
    """
    d = distance_grid(
        shape,
        target=threat.body,
        space=space,
        elevation=elevation,
        height_yd=height_yd,
        rule=rule,
        origin=origin,
    )
    return d <= threat.reach_yd + 1e-9


def free_attacks_along(
    bodies: Sequence[Body],
    *,
    threats: Sequence[Threat],
    rule: str = "chebyshev",
    exempt: Collection[str] = (),
    provokes: bool = True,
    once: bool = True,
) -> list[FreeAttack]:
    """Free attacks a walk through ``bodies`` (start first) provokes, in order.

    Leaving a threat's reach provokes it; entering reach never does. With ``once`` a threat
    is counted once (it attacks, and its triggered action is spent); ``once=False`` lists every
    time the mover leaves its reach (a threat that declines may attack at a later one).
    ``provokes=False`` for retreat, forced movement and teleport; ``exempt``
    lists creatures whose attacks this mover does not trigger (its grabber when escaping, the
    target of its shifting attack or feint).

    >>> path = [Body((1, 0)), Body((2, 0)), Body((3, 0))]
    >>> free_attacks_along(path, threats=[Threat("orc", Body((0, 0)))])
    [FreeAttack(threat_id='orc', step=1, square=(1, 0))]
    >>> free_attacks_along(path, threats=[Threat("orc", Body((0, 0)))], provokes=False)
    []
    """
    if not provokes:
        return []
    out: list[FreeAttack] = []
    spent: set[str] = set()
    if len(bodies) < 2:
        return out
    # a threat farther from every body than its reach (in squares between footprints, which
    # no diagonal rule or height makes shorter) is never left: skip it unmeasured
    bx0 = min(b.square[0] for b in bodies)
    by0 = min(b.square[1] for b in bodies)
    bx1 = max(b.square[0] + b.space - 1 for b in bodies)
    by1 = max(b.square[1] + b.space - 1 for b in bodies)
    live = []
    for t in threats:
        if t.id in exempt:
            continue
        ex, ey = t.body.square
        es = t.body.space
        gap = max(0, ex - bx1, bx0 - (ex + es - 1), ey - by1, by0 - (ey + es - 1))
        if gap <= t.reach_yd + 1e-9:
            live.append(t)
    # each body measured once per threat (a step's "after" is the next step's "before")
    inside = [[within_reach(t.body, b, reach=t.reach_yd, rule=rule) for b in bodies]
              for t in live]
    for i in range(1, len(bodies)):
        for t, ins in zip(live, inside, strict=True):
            if t.id in spent:
                continue
            if ins[i - 1] and not ins[i]:
                if once:
                    spent.add(t.id)
                out.append(FreeAttack(t.id, i, bodies[i - 1].square))
    return out
