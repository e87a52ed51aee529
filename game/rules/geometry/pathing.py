"""Movement costs on the yard grid: who may step where, and what each step costs.

Seed SotDL: Move, Balance, Climb, Crawl, Fly, Jump, Swim. One step goes from one anchor (the
top-left square of a footprint) to a neighbouring anchor, or jumps across a gap. Costs:

* the step's length by the diagonal rule, times the worst terrain multiplier of the footprint
  entered: difficult terrain, treacherous surfaces (balance) and liquids (swim) cost
  ``difficult_multiplier`` unless the creature has the ``balance``/``swim`` trait; a prone
  creature crawls (each yard costs ``crawl_multiplier``, i.e. half Speed);
* no corner cutting: a diagonal step is illegal when both squares beside it are blocked
  (a wall or an enemy);
* vertical moves: rises and drops up to ``step_up_yd`` are free; climbing (a climbable square
  at either end, or the ``climb`` trait) adds the vertical yards, doubled unless the creature
  climbs; a jump up (half the Agility modifier in feet, the full modifier after a 2-yard
  run-up on foot) or a jump down (drops under ``safe_drop_yd``) adds the vertical yards once;
  of the ways over an edge the cheaper is taken (a running jump up before a climb, unless
  the creature climbs at no extra cost); deeper drops not climbed are falls;
* jump across: over squares lower than the take-off by more than ``step_up_yd`` (a pit, a
  ditch), up to 2 + Agility modifier yards (at least 1), 2 more after a run-up;
* flyers ignore ground terrain and elevation (they move at their own altitude).

Ruleset knobs come from ``RulesetDef`` (``diagonal_rule``, ``difficult_multiplier``) and its
``params`` (``movement.crawl_fraction``: 0.5, ``movement.step_up_yd``: 0.5 (Battlemat's
choice: a rise this small is a step, not a climb), ``jump.safe_drop_yd``: 5,
``jump.run_up_yd``: 2, ``jump.across_base_yd``: 2 ...): see :class:`MoveRules`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from game.rules.battlefield import Battlefield, Square, Terrain
from game.rules.definitions import RulesetDef
from game.rules.geometry.distance import check_rule, grid_distance, step_length
from game.rules.geometry.occupancy import footprint_reduce

INF = float("inf")


@dataclass(frozen=True)
class Mover:
    """What geometry needs to know about a moving creature."""

    space: int = 1
    height_yd: float = 2.0
    flying: bool = False
    altitude_yd: float = 0.0  # a flyer's feet; walkers stand on the ground
    traits: frozenset[str] = frozenset()  # "climb", "swim", "balance", "fly"
    prone: bool = False
    agility_mod: int = 0
    # yards already moved on foot this turn, before this path (a jump's run-up: swimming and
    # climbing do not count, game.rules.run_up)
    moved_yd: float = 0.0

    def jump_across_yd(self, *, running: bool, rules: MoveRules | None = None) -> int:
        """Seed SotDL: Jump Across: 2 + Agility modifier yards (at least 1), +2 after a run-up."""
        r = rules or MoveRules()
        return max(r.across_min_yd, r.across_base_yd + self.agility_mod) + (
            r.run_up_bonus_yd if running else 0
        )

    def jump_up_ft(self, *, running: bool, rules: MoveRules | None = None) -> int:
        """Seed SotDL: Jump Up: half the Agility modifier in feet (min 1), all after a run-up."""
        r = rules or MoveRules()
        return max(r.up_min_ft, self.agility_mod if running else self.agility_mod // 2)


@dataclass(frozen=True)
class MoveRules:
    """The ruleset numbers movement geometry uses."""

    diagonal_rule: str = "chebyshev"
    difficult_multiplier: float = 2.0
    crawl_multiplier: float = 2.0
    step_up_yd: float = 0.5
    safe_drop_yd: float = 5.0
    run_up_yd: float = 2.0
    across_base_yd: int = 2
    across_min_yd: int = 1
    run_up_bonus_yd: int = 2
    up_min_ft: int = 1

    @classmethod
    def from_ruleset(cls, ruleset: RulesetDef | None) -> MoveRules:
        """Read diagonal_rule, difficult_multiplier, params.movement and params.jump."""
        if ruleset is None:
            return cls()
        mv = dict(ruleset.params.get("movement", {}) or {})
        jp = dict(ruleset.params.get("jump", {}) or {})
        return cls(
            diagonal_rule=check_rule(ruleset.diagonal_rule),
            difficult_multiplier=float(ruleset.difficult_multiplier),
            crawl_multiplier=1.0 / float(mv.get("crawl_fraction", 0.5)),
            step_up_yd=float(mv.get("step_up_yd", 0.5)),
            safe_drop_yd=float(jp.get("safe_drop_yd", 5)),
            run_up_yd=float(jp.get("run_up_yd", 2)),
            across_base_yd=int(jp.get("across_base_yd", 2)),
            across_min_yd=int(jp.get("across_min_yd", 1)),
            run_up_bonus_yd=int(jp.get("run_up_bonus_yd", 2)),
            up_min_ft=int(jp.get("up_min_ft", 1)),
        )


@dataclass(eq=False)
class TerrainCosts:
    """Per-anchor movement data for one kind of mover on one battlefield (cache it per turn)."""

    mover: Mover
    rules: MoveRules
    mult: np.ndarray  # float64 cost multiplier of entering the anchor
    wall: np.ndarray  # bool: the footprint does not fit (impassable, off the grid)
    elev: np.ndarray  # float64 feet elevation at the anchor (highest ground of the footprint)
    climbable: np.ndarray  # bool: a vertical step to or from here may be climbed
    treacherous: np.ndarray  # bool: balance here
    liquid: np.ndarray  # bool: swim here
    gap: np.ndarray = field(init=False)  # bool: a lower or liquid neighbour (jump take-offs)

    def __post_init__(self) -> None:
        e = self.elev
        lower = np.zeros(e.shape, dtype=bool)
        if not self.mover.flying:
            # a take-off has a lower (or liquid: a stream) square in any of the 8 directions,
            # as the jump list looks for them: a diagonal drop alone (half-yard terraces) is
            # one too, so whether a search may jump never hangs on a drop elsewhere in its
            # window
            s = self.rules.step_up_yd
            wet = self.liquid
            h, w = e.shape
            for dy in (-1, 0, 1):
                for dx in (-1, 0, 1):
                    if dx == dy == 0:
                        continue
                    here = (slice(max(0, -dy), h - max(0, dy)), slice(max(0, -dx), w - max(0, dx)))
                    there = (slice(max(0, dy), h - max(0, -dy)), slice(max(0, dx), w - max(0, -dx)))
                    lower[here] |= (e[there] < e[here] - s) | wet[there]
        self.gap = lower

    @property
    def shape(self) -> tuple[int, int]:
        """(rows, cols) of the battlefield."""
        return self.mult.shape  # type: ignore[return-value]


def terrain_costs(bf: Battlefield, *, mover: Mover, rules: MoveRules | None = None) -> TerrainCosts:
    """Per-anchor multipliers, walls and elevations for ``mover`` (Seed SotDL: Move).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> bf = parse_ascii('''
    ... .^~#
    ... ''')
    >>> tc = terrain_costs(bf, mover=Mover())
    >>> tc.mult.tolist(), tc.wall.tolist()
    ([[1.0, 2.0, 2.0, inf]], [[False, False, False, True]])
    >>> terrain_costs(bf, mover=Mover(traits=frozenset({"swim"}), prone=True)).mult.tolist()
    [[2.0, 4.0, 2.0, inf]]
    """
    rules = rules or MoveRules()
    t = bf.terrain
    dm = rules.difficult_multiplier
    wall_sq = (t & Terrain.IMPASSABLE) != 0
    mult_sq = np.ones(t.shape, dtype=np.float64)
    if not mover.flying:
        mult_sq[(t & Terrain.DIFFICULT) != 0] = dm
        if "balance" not in mover.traits:  # rough water (liquid too) is a swim, not a balance
            mult_sq[((t & Terrain.TREACHEROUS) != 0) & ((t & Terrain.LIQUID) == 0)] = dm
        if "swim" not in mover.traits:
            mult_sq[(t & Terrain.LIQUID) != 0] = dm
    s = mover.space
    wall = footprint_reduce(wall_sq, space=s, how="any", fill=True)
    mult = footprint_reduce(mult_sq, space=s, how="max", fill=INF)
    if mover.prone and not mover.flying:
        mult = mult * rules.crawl_multiplier
    mult[wall] = INF
    if mover.flying:
        elev = np.full(t.shape, float(mover.altitude_yd))
    else:
        elev = footprint_reduce(bf.elevation.astype(np.float64), space=s, how="max", fill=0.0)
    # Seed SotDL: Climb: any vertical surface can be climbed (at difficult-terrain cost); the
    # GM's "unclimbable" marking is what stops it ("climbable" handholds change nothing here)
    flags = (
        ~footprint_reduce((t & Terrain.UNCLIMBABLE) != 0, space=s, how="any", fill=False),
        footprint_reduce((t & Terrain.TREACHEROUS) != 0, space=s, how="any", fill=False),
        footprint_reduce((t & Terrain.LIQUID) != 0, space=s, how="any", fill=False),
    )
    if mover.flying:
        flags = tuple(np.zeros(t.shape, dtype=bool) for _ in flags)  # type: ignore[assignment]
    return TerrainCosts(mover, rules, mult, wall, elev, *flags)


@dataclass(frozen=True)
class Step:
    """One step of a path: where it ends, what it cost, and what kind of movement it was.

    ``kind`` is one of walk, difficult, crawl, balance, swim, climb, jump_up, jump_down,
    jump_across, fall. ``cost_yd`` is inf for a fall (a fall is not movement).
    """

    square: Square
    cost_yd: float
    kind: str
    dz_yd: float = 0.0
    length_yd: float = 1.0


def step_cost(
    tc: TerrainCosts,
    a: Square,
    b: Square,
    *,
    blocked: np.ndarray | None = None,
    diagonals_before: int = 0,
    moved_yd: float = 0.0,
    how: str = "",
) -> Step:
    """Cost and kind of one step (or straight jump) from anchor ``a`` to anchor ``b``.

    ``blocked`` marks anchors taken by walls or enemies (for corner cutting);
    ``moved_yd`` is the distance moved on foot before this step this turn (run-up); ``how``
    is the GM's way over an edge (see :data:`WAYS`; "" the cheapest).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> tc = terrain_costs(parse_ascii('''
    ... .^.
    ... 8X.
    ... '''), mover=Mover())
    >>> step_cost(tc, (0, 0), (1, 0)).cost_yd, step_cost(tc, (0, 1), (1, 1)).kind
    (2.0, 'fall')
    >>> step_cost(tc, (0, 1), (1, 0)).kind  # not marked unclimbable: climbed down
    'climb'
    """
    r, m = tc.rules, tc.mover
    (ax, ay), (bx, by) = a, b
    h, w = tc.shape
    if not (0 <= bx < w and 0 <= by < h) or tc.wall[by, bx]:
        return Step(b, INF, "blocked")
    if blocked is not None and blocked[by, bx]:
        return Step(b, INF, "enemy")  # enemies cannot be passed through
    dx, dy = bx - ax, by - ay
    n = max(abs(dx), abs(dy))
    if n == 0:
        return Step(b, 0.0, "walk", length_yd=0.0)
    ux, uy = (dx // n, dy // n)
    if (ux * n, uy * n) != (dx, dy):
        return Step(b, INF, "blocked")  # not a straight line
    dz = float(tc.elev[by, bx] - tc.elev[ay, ax])
    if n > 1:
        return _jump_across(tc, a, b, n, (ux, uy), dz, moved_yd)
    if ux and uy and blocked is not None:
        if _blocked_at(blocked, (ax + ux, ay)) and _blocked_at(blocked, (ax, ay + uy)):
            return Step(b, INF, "corner")
    base = step_length(ux, uy, rule=r.diagonal_rule, diagonals_before=diagonals_before)
    mult = float(tc.mult[by, bx])
    flat_kind = _flat_kind(tc, b)
    if m.flying or abs(dz) <= r.step_up_yd:
        return Step(b, base * mult, flat_kind, dz, base)
    if m.prone:
        return Step(b, INF, "blocked", dz, base)
    if how:
        return _way_over(tc, a, b, base, mult, dz, moved_yd, how)
    # the three ways over an edge (Seed SotDL: Jump, Climb; a jump down too far is a fall), the
    # cheapest first, in the order the search takes them: a jump where it needs no run-up, a
    # running jump up (1 yard a vertical yard) where the climb costs more, a climb where the
    # surface allows it (difficult terrain: 2 yards a vertical yard), else (down) a fall
    climbs = "climb" in m.traits
    can_climb = climbs or (tc.climbable[ay, ax] and tc.climbable[by, bx])
    cm = 1.0 if climbs else r.difficult_multiplier
    if dz > 0:
        if dz * 3 <= m.jump_up_ft(running=False, rules=r) + 1e-9:
            return Step(b, base * mult + dz, "jump_up", dz, base)
        running = moved_yd >= r.run_up_yd
        if (not can_climb or cm > 1.0) and dz * 3 <= m.jump_up_ft(running=running, rules=r) + 1e-9:
            return Step(b, base * mult + dz, "jump_up", dz, base)
        if can_climb:
            return Step(b, base * mult + dz * cm, "climb", dz, base)
        return Step(b, INF, "too_high", dz, base)
    if -dz < r.safe_drop_yd:
        return Step(b, base * mult - dz, "jump_down", dz, base)
    if can_climb:
        return Step(b, base * mult - dz * cm, "climb", dz, base)
    return Step(b, INF, "fall", dz, base)


#: the ways over an edge a GM may choose (Seed SotDL: Climb, Jump; "If you try to jump down
#: beyond this distance, you instead fall"): "fall" is going over without climbing or jumping
WAYS = ("climb", "jump", "fall")


def _way_over(tc: TerrainCosts, a: Square, b: Square, base: float, mult: float, dz: float,
              moved_yd: float, how: str) -> Step:
    """One step over an edge the way the GM chose: a climb (where the surface is not marked
    unclimbable), a jump (up: within the rule, else ``too_high``, the Agility challenge; down:
    safe under ``safe_drop_yd``, a fall from there), or a fall (down only)."""
    r, m = tc.rules, tc.mover
    (ax, ay), (bx, by) = a, b
    if how == "climb":
        climbs = "climb" in m.traits
        if not (climbs or (tc.climbable[ay, ax] and tc.climbable[by, bx])):
            return Step(b, INF, "unclimbable", dz, base)
        return Step(b, base * mult + abs(dz) * (1.0 if climbs else r.difficult_multiplier),
                    "climb", dz, base)
    if how == "fall" or (how == "jump" and -dz >= r.safe_drop_yd):
        return Step(b, INF, "fall", dz, base) if dz < 0 else Step(b, INF, "blocked", dz, base)
    if dz < 0:
        return Step(b, base * mult - dz, "jump_down", dz, base)
    if dz * 3 <= m.jump_up_ft(running=moved_yd >= r.run_up_yd, rules=r) + 1e-9:
        return Step(b, base * mult + dz, "jump_up", dz, base)
    return Step(b, INF, "too_high", dz, base)


def _blocked_at(blocked: np.ndarray, sq: Square) -> bool:
    x, y = sq
    h, w = blocked.shape
    return not (0 <= x < w and 0 <= y < h) or bool(blocked[y, x])


def _flat_kind(tc: TerrainCosts, b: Square) -> str:
    x, y = b
    if tc.mover.prone:
        return "crawl"
    if tc.liquid[y, x]:
        return "swim"
    if tc.treacherous[y, x]:
        return "balance"
    return "difficult" if tc.mult[y, x] > 1 else "walk"


def _jump_across(
    tc: TerrainCosts, a: Square, b: Square, n: int, u: tuple[int, int], dz: float, moved_yd: float
) -> Step:
    """Seed SotDL: Jump Across, over lower squares (a pit) or water, landing level."""
    m, r = tc.mover, tc.rules
    (ax, ay), (ux, uy) = a, u
    e0 = tc.elev[ay, ax]
    for k in range(1, n):
        x, y = ax + ux * k, ay + uy * k
        if tc.wall[y, x] or not (tc.elev[y, x] < e0 - r.step_up_yd or tc.liquid[y, x]):
            return Step(b, INF, "blocked", dz, float(n))
    if m.prone or m.flying or abs(dz) > r.step_up_yd:
        return Step(b, INF, "blocked", dz, float(n))
    if tc.liquid[ay, ax] or tc.liquid[b[1], b[0]]:  # Seed SotDL: Swim: not from or into water
        return Step(b, INF, "blocked", dz, float(n))
    running = moved_yd >= r.run_up_yd
    # the jump's length is the gap crossed (n - 1 squares): 2 yards clear a 2-yard pit
    if n - 1 > m.jump_across_yd(running=running, rules=r):
        return Step(b, INF, "too_far", dz, float(n))
    length = grid_distance(ux * n, uy * n, rule=r.diagonal_rule)
    return Step(b, length, "jump_across", dz, length)
