"""Formations (Seed OSR: Formations): a block of creatures acting as one entity on the grid.

Cohesion is temporary hit points for the whole block; area damage to a member is reduced; a
formation has a facing and moves as a block keeping its shape; tight formations have more
cohesion and move less; a leader's Lead ranks limit the unique members of the retinue (a mob
counts as one); mobs check morale at -1. Moving backwards, or turning so an engaged foe is at
the back, draws free attacks from the engaged foes (Seed OSR: turning one's back in melee).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from game.rules.battlefield import Battlefield, Square, Terrain
from game.rulesets.osr.fighters import Fighter, gap_squares
from game.rulesets.osr.params import OsrParams

FACINGS = ("N", "E", "S", "W")
_VEC = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
LOOSE = "loose"
TIGHT = "tight"


@dataclass(frozen=True)
class Formation:
    """A block on the grid: members with fixed offsets from the anchor square, and a facing."""

    id: str
    side: str
    members: tuple[str, ...]
    offsets: Mapping[str, Square] = field(default_factory=dict)  # member -> (dx, dy) from anchor
    anchor: Square = (0, 0)
    facing: str = "N"
    order: str = LOOSE  # "loose" or "tight"
    mob: bool = False  # untrained group: -1 morale
    leader: str = ""
    name: str = ""

    def squares_of(self, member: str) -> Square:
        """Where a member stands now."""
        dx, dy = self.offsets[member]
        return (self.anchor[0] + dx, self.anchor[1] + dy)

    def positions(self) -> dict[str, Square]:
        """Every member's square."""
        return {m: self.squares_of(m) for m in self.members if m in self.offsets}


def form_up(
    fid: str,
    side: str,
    squares: Mapping[str, Square],
    *,
    facing: str = "N",
    order: str = LOOSE,
    mob: bool = False,
    leader: str = "",
    name: str = "",
) -> Formation:
    """Make a formation from where its members stand now (anchor: the top-left square)."""
    if facing not in FACINGS:
        raise ValueError(f"facing must be one of {', '.join(FACINGS)}, not {facing!r}")
    if order not in (LOOSE, TIGHT):
        raise ValueError(f"order must be loose or tight, not {order!r}")
    ax = min(x for x, _ in squares.values())
    ay = min(y for _, y in squares.values())
    offsets = {m: (x - ax, y - ay) for m, (x, y) in squares.items()}
    return Formation(
        fid, side, tuple(squares), offsets, (ax, ay), facing, order, mob, leader, name or fid
    )


def max_cohesion(f: Formation, p: OsrParams) -> int:
    """Cohesion (temporary HP) per member, more in tight order (our default: 1 loose, 2 tight)."""
    per = p.cohesion_tight if f.order == TIGHT else p.cohesion_loose
    return per * len(f.members)


def absorb(cohesion: int, damage: int) -> tuple[int, int]:
    """Damage eats cohesion first: returns (cohesion left, damage that reaches the member).

    >>> absorb(3, 5), absorb(6, 2)
    ((0, 2), (4, 0))
    """
    taken = min(max(0, cohesion), max(0, damage))
    return cohesion - taken, damage - taken


def area_damage(damage: int, p: OsrParams) -> int:
    """Reduced damage from area attacks for a formation member (our default: half, rounded down)."""
    return int(max(0, damage) * p.aoe_factor)


def move_budget_paces(f: Formation, p: OsrParams) -> int:
    """Tight formations move less (our default 3 paces); loose ones move as usual (6)."""
    return p.tight_move_paces if f.order == TIGHT else p.move_paces


def retinue_violations(
    leader: str,
    lead_ranks: int,
    formations: Iterable[Formation],
    is_mob_member: Callable[[str], bool],
    shown: str = "",
) -> list[str]:
    """Unique members of a leader's retinue are limited by Lead ranks; a mob counts as one
    (``shown``: the leader's name in the reason, its id if not given).

    >>> f = Formation("guard", "gm", ("cap", "a", "b"), leader="cap")
    >>> retinue_violations("cap", 1, [f], lambda n: False)
    ['cap leads 2 unique members with 1 rank in Lead']
    """
    units = 0
    for f in formations:
        if f.leader != leader:
            continue
        if f.mob:
            units += 1
            continue
        units += sum(1 for m in f.members if m != leader and not is_mob_member(m))
    if units > lead_ranks:
        return [
            f"{shown or leader} leads {units} unique members with {lead_ranks} "
            f"rank{'s' if lead_ranks != 1 else ''} in Lead"
        ]
    return []


def rotate_offsets(offsets: Mapping[str, Square], turns: int) -> dict[str, Square]:
    """Rotate a shape a quarter turn clockwise ``turns`` times, renormalised to (0, 0)."""
    out = dict(offsets)
    for _ in range(turns % 4):
        out = {m: (-dy, dx) for m, (dx, dy) in out.items()}
    if out:
        mx = min(x for x, _ in out.values())
        my = min(y for _, y in out.values())
        out = {m: (x - mx, y - my) for m, (x, y) in out.items()}
    return out


def turn(f: Formation, facing: str) -> Formation:
    """Turn the block to a new facing, rotating its shape about the same anchor square."""
    if facing not in FACINGS:
        raise ValueError(f"facing must be one of {', '.join(FACINGS)}, not {facing!r}")
    turns = (FACINGS.index(facing) - FACINGS.index(f.facing)) % 4
    return replace(f, offsets=rotate_offsets(f.offsets, turns), facing=facing)


def is_backwards(facing: str, step: Square) -> bool:
    """A step against the facing (any component opposite it) turns the block's back."""
    fx, fy = _VEC[facing]
    return step[0] * fx + step[1] * fy < 0


def behind(f: Formation, who: Fighter) -> bool:
    """True if a creature stands on the formation's rear side (opposite its facing)."""
    pos = f.positions().values()
    xs = [x for x, _ in pos]
    ys = [y for _, y in pos]
    cx, cy = who.body.center_yd()
    fx, fy = _VEC[f.facing]
    mid_x, mid_y = (min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2
    return (cx - mid_x) * fx + (cy - mid_y) * fy < 0


@dataclass(frozen=True)
class BlockStep:
    """One step of a block move: where the anchor goes, its cost, free attacks it draws."""

    anchor: Square
    cost: float
    free_attacks: tuple[tuple[str, str], ...] = ()  # (attacker, member)


@dataclass(frozen=True)
class BlockMove:
    """A checked block move: the steps, the total cost, and why it is not legal (if so)."""

    steps: tuple[BlockStep, ...]
    cost: float
    violations: tuple[str, ...] = ()


def _step_cost(bf: Battlefield, squares: Sequence[Square], difficult_multiplier: int) -> float:
    """A step costs 1, or the difficult multiplier if any member enters difficult ground."""
    hard = Terrain.DIFFICULT | Terrain.TREACHEROUS | Terrain.LIQUID
    return float(difficult_multiplier) if any(bf.terrain_at(s) & hard for s in squares) else 1.0


def plan_block_move(
    bf: Battlefield,
    f: Formation,
    path: Sequence[Square],
    fighters: Sequence[Fighter],
    *,
    budget: float,
    difficult_multiplier: int = 2,
) -> BlockMove:
    """Walk the block's anchor along ``path`` (adjacent squares) keeping the shape.

    Every member's square must be on the map, passable and free of non-members at each step;
    the cost must fit ``budget``. A backwards step while engaged draws free attacks from every
    foe in melee with a member (each foe once per move).
    """
    members = set(f.members)
    others = [o for o in fighters if o.name not in members and o.active]
    blocked = {s: o.shown for o in others for s in o.body.squares()}  # names: the GM reads them
    by_name = {o.name: o for o in fighters}
    steps: list[BlockStep] = []
    total = 0.0
    at = f.anchor
    drawn: set[str] = set()
    for i, nxt in enumerate(path):
        dx, dy = nxt[0] - at[0], nxt[1] - at[1]
        if max(abs(dx), abs(dy)) != 1:
            return BlockMove(
                tuple(steps), total, (f"step {i + 1} to {nxt} is not adjacent to {at}",)
            )
        dest = [(nxt[0] + ox, nxt[1] + oy) for ox, oy in f.offsets.values()]
        for s in dest:
            if not bf.in_bounds(s) or bf.terrain_at(s) & Terrain.IMPASSABLE:
                return BlockMove(
                    tuple(steps), total, (f"step {i + 1}: {s} is blocked for the formation",)
                )
            if s in blocked:
                return BlockMove(
                    tuple(steps), total, (f"step {i + 1}: {blocked[s]} stands in {s}",)
                )
        frees: list[tuple[str, str]] = []
        if is_backwards(f.facing, (dx, dy)):
            for m in f.members:
                me = by_name.get(m)
                if me is None:
                    continue
                mb = me.body.moved_to(f.squares_of(m) if not steps else _shift(f, m, at))
                for o in others:
                    if o.side != f.side and o.name not in drawn and gap_squares(o.body, mb) <= 1:
                        drawn.add(o.name)
                        frees.append((o.name, m))
        cost = _step_cost(bf, dest, difficult_multiplier)
        total += cost
        steps.append(BlockStep(nxt, cost, tuple(frees)))
        at = nxt
    violations: tuple[str, ...] = ()
    if total > budget + 1e-9:
        violations = (f"the formation needs {total:g} paces, it has {budget:g}",)
    return BlockMove(tuple(steps), total, violations)


def _shift(f: Formation, member: str, anchor: Square) -> Square:
    """A member's square if the anchor stood at ``anchor``."""
    ox, oy = f.offsets[member]
    return (anchor[0] + ox, anchor[1] + oy)


def turn_free_attacks(
    f: Formation, new_facing: str, fighters: Sequence[Fighter]
) -> list[tuple[str, str]]:
    """Turning so an engaged foe ends at the back draws its free attack (attacker, member)."""
    turned = turn(f, new_facing)
    members = set(f.members)
    by_name = {o.name: o for o in fighters}
    out: list[tuple[str, str]] = []
    for o in fighters:
        if o.name in members or o.side == f.side or not o.active:
            continue
        for m in f.members:
            me = by_name.get(m)
            if me and gap_squares(o.body, me.body) <= 1 and not behind(f, o) and behind(turned, o):
                out.append((o.name, m))
                break
    return out
