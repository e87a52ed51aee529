"""Which ways of moving make a jump's run-up (Seed SotDL: Jump: "if you moved at least 2 yards
before making the jump").

The text asks only for 2 yards moved before the jump (not a straight approach). The yards
that count are those moved on foot over the ground: walking, difficult ground, balancing and
earlier jumps. Swimming does not ("a swimmer cannot take a run-up", issue 15), nor climbing
(the creature is on a vertical surface, not running), crawling, flying, falling, or being
moved by others (forced movement, teleport).
"""

from __future__ import annotations

ON_FOOT = frozenset({"walk", "difficult", "balance"})


def runs_up(how: str) -> bool:
    """True if a step moved this way counts towards a jump's run-up (Seed SotDL: Jump).

    >>> [runs_up(k) for k in ("walk", "jump_across_short", "swim", "climb", "crawl")]
    [True, True, False, False, False]
    """
    return how in ON_FOOT or how.startswith("jump_")
