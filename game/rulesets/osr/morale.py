"""Morale (Seed OSR: Rolling Morale Checks): triggers read from the battlefield, and the check.

Who checks: monsters and retainers (creatures of GM-controlled sides, or tagged "retainer"),
except the "fearless". Triggers are conditions; the plug-in checks on their rising edge, so
each trigger fires once while it holds and again only after it stopped holding.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from game.rules.battlefield import Battlefield, Square, Terrain
from game.rulesets.osr.dice import DieRoller, parse_dice, roll_many
from game.rulesets.osr.fighters import Fighter, direction_of
from game.rulesets.osr.params import OsrParams
from game.rulesets.osr.rolls import SkillCheck, skill_check

FIRST_DEATH = "first_death"
HALF_HP = "half_hp"
OUTNUMBERED = "outnumbered"
SURROUNDED = "surrounded"


@dataclass(frozen=True)
class MoraleTrigger:
    """Why some creatures must check morale now."""

    kind: str
    key: str  # side id or creature/formation name: (kind, key) identifies the condition
    who: tuple[str, ...]
    reason: str


def _around(squares: set[Square]) -> set[Square]:
    """Squares adjacent (8 directions) to a set of squares, not in it."""
    ring = {(x + dx, y + dy) for x, y in squares for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    return ring - squares


def is_surrounded(
    bf: Battlefield,
    group: Sequence[Fighter],
    enemies: Sequence[Fighter],
    occupied: Iterable[Square],
    *,
    min_directions: int = 3,
) -> str:
    """Surrounded (the text is silent; our geometric rule): adjacent active enemies in at least
    ``min_directions`` of N/E/S/W around the group's centre, or adjacent enemies and no free
    square around the group to step into. Returns the reason, or "" when not surrounded.
    """
    squares = {s for f in group for s in f.body.squares()}
    if not squares:
        return ""
    xs = [s[0] for s in squares]
    ys = [s[1] for s in squares]
    centre = ((min(xs) + max(xs) + 1) / 2, (min(ys) + max(ys) + 1) / 2)
    ring = _around(squares)
    close = [e for e in enemies if e.active and any(s in ring for s in e.body.squares())]
    if not close:
        return ""
    dirs = sorted({direction_of(centre, e.body.center_yd()) for e in close})
    if len(dirs) >= min_directions:
        return f"enemies on {len(dirs)} sides ({''.join(dirs)})"
    if not way_out(bf, group, occupied):
        return "enemies adjacent and no free square to step into"
    return ""


def way_out(bf: Battlefield, group: Sequence[Fighter], occupied: Iterable[Square]) -> bool:
    """A free square next to the group to step into: without one a retreat is not "reasonably
    possible" (Seed OSR: Retreat), however many sides the foes stand on."""
    squares = {s for f in group for s in f.body.squares()}
    blocked = set(occupied)
    return any(
        bf.in_bounds(s) and s not in blocked and not bf.terrain_at(s) & Terrain.IMPASSABLE
        for s in _around(squares)
    )


def morale_conditions(
    bf: Battlefield,
    fighters: Sequence[Fighter],
    *,
    subjects: frozenset[str],
    hit_points: Mapping[str, tuple[int, int]],
    dead_by_side: Mapping[str, int],
    p: OsrParams,
) -> dict[tuple[str, str], MoraleTrigger]:
    """Every morale trigger that holds now, keyed by (kind, side/creature/formation).

    ``hit_points`` maps a name to (current, maximum); ``dead_by_side`` counts the killed.
    """
    out: dict[tuple[str, str], MoraleTrigger] = {}
    active = [f for f in fighters if f.active]
    sides = sorted({f.side for f in fighters})
    for side in sides:
        mine = [f for f in active if f.side == side]
        checkers = tuple(f.name for f in mine if f.name in subjects)
        if not checkers:
            continue
        if dead_by_side.get(side, 0) >= 1:
            out[(FIRST_DEATH, side)] = MoraleTrigger(
                FIRST_DEATH, side, checkers, f"the first of their number ({side}) has been killed"
            )
        foes = [f for f in active if f.side != side]
        if len(foes) > len(mine):
            out[(OUTNUMBERED, side)] = MoraleTrigger(
                OUTNUMBERED, side, checkers, f"outnumbered {len(foes)} to {len(mine)}"
            )
    occupied = [s for f in active for s in f.body.squares()]
    groups: dict[str, list[Fighter]] = {}
    for f in active:
        if f.name in subjects:
            groups.setdefault(f.formation or f.name, []).append(f)
    for key, group in sorted(groups.items()):
        foes = [f for f in active if f.side != group[0].side]
        why = is_surrounded(bf, group, foes, occupied, min_directions=p.surrounded_min_directions)
        if why:
            # names, not ids: the GM reads the reason (a formation by a member's name)
            who = f"{group[0].shown}'s formation" if group[0].formation else group[0].shown
            out[(SURROUNDED, key)] = MoraleTrigger(
                SURROUNDED, key, tuple(f.name for f in group), f"{who} surrounded: {why}"
            )
    for f in active:
        if f.name not in subjects or f.name not in hit_points:
            continue
        cur, mx = hit_points[f.name]
        if mx > 0 and cur <= mx * p.half_hit_points:
            out[(HALF_HP, f.name)] = MoraleTrigger(
                HALF_HP, f.name, (f.name,), f"{f.shown} at {cur}/{mx} hit points"
            )
    return out


def rising(
    now: Mapping[tuple[str, str], MoraleTrigger], before: Iterable[tuple[str, str]]
) -> list[MoraleTrigger]:
    """Triggers that hold now and did not hold before, in a stable order."""
    seen = set(before)
    return [t for k, t in sorted(now.items()) if k not in seen]


@dataclass(frozen=True)
class MoraleResult:
    """One creature's morale check and what follows: stands, wavers (bold) or flees."""

    who: str
    method: str  # "morale" (2d6 under morale) or "lead" (the leader's Lead check)
    faces: tuple[int, ...]
    target: int  # morale score (after the mob penalty), or the Lead difficulty
    total: int
    success: bool
    failures: int  # failed morale checks so far, this one included
    outcome: str  # "stands", "wavers" (bold, first failure), "flees"
    leader: str = ""
    reason: str = ""


def morale_check(
    roll: DieRoller,
    who: str,
    *,
    morale: int,
    mob: bool,
    bold: bool,
    failures_before: int,
    p: OsrParams,
    leader: str = "",
    lead_ranks: int = 0,
    reason: str = "",
) -> MoraleResult:
    """Roll morale: 2d6 at most morale (mobs -1), or the leader's Lead check instead.

    Failure flees; a bold creature flees only on its second failure (Seed OSR).

    >>> from game.rulesets.osr.dice import fixed_roller
    >>> r = morale_check(fixed_roller([6, 2]), "orc", morale=7, mob=True, bold=False,
    ...                  failures_before=0, p=OsrParams())
    >>> r.outcome
    'flees'
    """
    mob_mod = p.mob_morale if mob else 0
    faces: tuple[int, ...]
    if leader:
        chk: SkillCheck = skill_check(
            roll, "lead", lead_ranks, p.lead_difficulty, modifier=mob_mod, die=p.skill_die
        )
        faces, target, total, ok, method = (
            (chk.natural,),
            p.lead_difficulty,
            chk.total,
            chk.success,
            "lead",
        )
    else:
        dice = parse_dice(p.morale_dice)
        faces = tuple(roll_many(roll, dice.count, dice.sides))
        target = morale + mob_mod
        total = sum(faces) + dice.bonus
        ok, method = total <= target, "morale"
    failures = failures_before + (0 if ok else 1)
    if ok:
        outcome = "stands"
    elif bold and failures < 2:
        outcome = "wavers"
    else:
        outcome = "flees"
    return MoraleResult(who, method, faces, target, total, ok, failures, outcome, leader, reason)
