"""Cover from the battlefield's geometry: how much of a target's body objects hide from an attacker.

Seed SotDL: Cover & Obscurement. Half covered (at least half the body): ranged attacks with 1
bane; three-quarters covered: 2 banes; totally covered: not a target for any attack or effect.

The method (documented for GMs in docs/rules/sotdl.md):

1. The attacker looks from its *best point*: above each corner and the centre of its space, at
   its eye height (``EYE_FRACTIONS``: 0.9 of its height standing tall, 0.7 stooping to an arrow
   slit). Each point is tried and the one that sees most of the target wins, so a creature can
   lean past the corner it stands at or put its eye to a slit. (The stooping points are skipped
   when no opening or raised obstacle is near: a lower eye cannot see more past walls that
   stand from the ground up.)
2. The target's body is a grid of points: ``samples_across`` (default 2 + its space: 3 for a
   human, 4 for a Size 2 ogre) across its footprint in x and y (inset, never on a square's
   edge) times ``height_samples`` heights from its feet to its top (a prone body is
   ``prone_factor`` of its standing height).
3. Each line from the best point to a body point is tested against every obstacle's walls (with
   their heights, bases and openings) and every ledge (sight.py). The covered fraction is the
   share of blocked lines: >= 1/2 half, >= 3/4 three-quarters, all of them total.
4. Openings (arrow slits, windows) let lines through; a line that crosses one face of an
   obstacle inside an opening passes the whole obstacle (embrasures are splayed through a
   wall's thickness). Narrow openings are never missed by the grid: lines aimed through each
   opening near the target are tested too; if every grid line is blocked but one of those is
   clear, the target is seen through the opening and has three-quarters cover, not total.
   A creature seen through an ``arrow_slit`` (the maps' class) standing within a yard of it
   has at least three-quarters cover, however long the slit was drawn.
5. An obstacle standing inside a creature's own space (the low wall it stands on) never covers
   it or blocks its view.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from functools import cached_property

import numpy as np

from game.rules.body import Body
from game.rules.geometry.cover_points import (
    EYE_FRACTIONS,
    NUDGE_YD,
    PRONE_FACTOR,
    aimed_lines,
    behind_slit,
    body_height,
    body_points,
    eye_points,
    footprint_box,
    lower_eyes_useless,
    nudged,
)
from game.rules.geometry.sight import TERRAIN, TERRAIN_OWNER, Box, Point3, SightIndex

__all__ = [
    "EYE_FRACTIONS",
    "NUDGE_YD",
    "PRONE_FACTOR",
    "Cover",
    "CoverLevel",
    "CoverLine",
    "body_height",
    "body_points",
    "cover_between",
    "cover_from_point",
    "cover_from_points",
    "cover_level",
    "eye_points",
    "footprint_box",
    "nudged",
]


class CoverLevel(IntEnum):
    """Seed SotDL: Cover & Obscurement (half, three-quarters, total)."""

    NONE = 0
    HALF = 1
    THREE_QUARTERS = 2
    TOTAL = 3

    @property
    def label(self) -> str:
        """'no cover', 'half cover', 'three-quarters cover', 'total cover'."""
        return ("no cover", "half cover", "three-quarters cover", "total cover")[int(self)]

    @property
    def ranged_banes(self) -> int:
        """Banes on ranged attacks (total cover forbids the attack instead)."""
        return (0, 1, 2, 0)[int(self)]


def cover_level(fraction: float) -> CoverLevel:
    """Level for a covered fraction: >= 1/2 half, >= 3/4 three-quarters, 1 total.

    >>> [cover_level(f).name for f in (0.49, 0.5, 0.75, 0.99, 1.0)]
    ['NONE', 'HALF', 'THREE_QUARTERS', 'THREE_QUARTERS', 'TOTAL']
    """
    if fraction >= 1.0:
        return CoverLevel.TOTAL
    if fraction >= 0.75:
        return CoverLevel.THREE_QUARTERS
    if fraction >= 0.5:
        return CoverLevel.HALF
    return CoverLevel.NONE


@dataclass(frozen=True)
class CoverLine:
    """One sampled line, for the UI to draw: yards (x, y, z) and what stopped it."""

    start: Point3
    end: Point3
    blocked_by: int | str | None  # obstacle id, "terrain", or None (clear)
    through_opening: bool = False  # a line aimed through an arrow slit or window


_CLEAR = -2  # owner code of a clear line in Cover.line_owners


@dataclass(frozen=True)
class Cover:
    """Answer of a cover query: level, covered fraction, and every line tested from the best point.

    The lines are kept as arrays (``line_starts``, ``line_ends``: (N, 3) yards; ``line_owners``:
    obstacle id, -1 for the ground, -2 for clear; ``line_aimed``: aimed through an opening)
    and turned into :class:`CoverLine` values only when :attr:`lines` is read.
    """

    level: CoverLevel
    fraction: float
    origin: Point3  # the attacker's best point
    through_opening: bool = False  # seen only through an opening
    note: str = ""  # a ruling on top of the geometry ("GM: the hedge is thicker than drawn")
    line_starts: np.ndarray = field(
        default_factory=lambda: np.zeros((0, 3)), compare=False, repr=False
    )
    line_ends: np.ndarray = field(
        default_factory=lambda: np.zeros((0, 3)), compare=False, repr=False
    )
    line_owners: np.ndarray = field(
        default_factory=lambda: np.zeros(0, np.int64), compare=False, repr=False
    )
    line_aimed: np.ndarray = field(
        default_factory=lambda: np.zeros(0, bool), compare=False, repr=False
    )

    @cached_property
    def lines(self) -> tuple[CoverLine, ...]:
        """Every line tested from the best point, with what stopped it (for the UI to draw)."""
        out = []
        for s, e, o, aimed in zip(
            self.line_starts.tolist(),
            self.line_ends.tolist(),
            self.line_owners.tolist(),
            self.line_aimed.tolist(),
            strict=False,
        ):
            who: int | str | None = None if o == _CLEAR else (TERRAIN if o == TERRAIN_OWNER else o)
            out.append(CoverLine(tuple(s), tuple(e), who, bool(aimed)))
        return tuple(out)

    @property
    def blockers(self) -> tuple[int | str, ...]:
        """Distinct obstacles (ids, or "terrain") that stop at least one line."""
        seen: dict[int | str, None] = {}
        for ln in self.lines:
            if ln.blocked_by is not None:
                seen[ln.blocked_by] = None
        return tuple(seen)

    def describe(self) -> str:
        """'three-quarters cover (31/36 lines blocked)'."""
        grid = ~self.line_aimed
        n = int(grid.sum())
        k = int((grid & (self.line_owners != _CLEAR)).sum())
        extra = ", seen through an opening" if self.through_opening else ""
        if self.note:
            return f"{self.level.label} ({self.note}; geometry: {k}/{n} lines blocked)"
        return f"{self.level.label} ({k}/{n} lines blocked{extra})"


def cover_from_points(
    index: SightIndex,
    *,
    eyes: np.ndarray,
    eye_box: Box,
    eye_squares: tuple[tuple[int, int], ...],
    target: Body,
    target_prone: bool = False,
    samples_across: int | None = None,
    height_samples: int = 4,
    prone_factor: float = PRONE_FACTOR,
    rows: np.ndarray | None = None,
) -> Cover:
    """Cover of ``target`` from the best of several eye points (the shared core of all queries)."""
    tbox = footprint_box(target)
    if rows is None:
        rows = index.rows_near(eye_box, tbox)
    ignore = index.occupants(eye_squares + target.squares())
    pts = body_points(
        target,
        prone=target_prone,
        samples_across=samples_across,
        height_samples=height_samples,
        prone_factor=prone_factor,
    )
    k, n = len(eyes), len(pts)
    starts = np.repeat(eyes, n, axis=0)
    ends = np.tile(pts, (k, 1))
    boxes = (eye_box, tbox) if eye_box[2] > eye_box[0] else (tbox,)
    gap_rows = index.gap_rows_near(eye_box, tbox)
    hit = index.first_blocker(
        starts, ends, rows=rows, gap_rows=gap_rows, ignore_owners=ignore, ignore_boxes=boxes
    )
    blocked = (hit.row >= 0).reshape(k, n)
    frac = blocked.mean(axis=1)
    best = int(np.argmin(frac))  # ties: the first (a corner before the centre)
    fraction = float(frac[best])
    level = cover_level(fraction)
    through = False
    sel = slice(best * n, (best + 1) * n)
    if level < CoverLevel.THREE_QUARTERS and index.slits and hit.through is not None:
        if behind_slit(index, hit.through[sel][hit.row[sel] < 0], target):
            level, through = CoverLevel.THREE_QUARTERS, True
    l_s, l_e = starts[sel], ends[sel]
    l_o = _owners(index, hit.row[sel])
    l_a = np.zeros(n, dtype=bool)
    if level == CoverLevel.TOTAL:
        z_lo = target.elevation_yd
        z_hi = z_lo + body_height(target, prone=target_prone, prone_factor=prone_factor)
        gaps = index.gaps[gap_rows]
        if len(gaps):
            a_s, a_e = aimed_lines(eyes, gaps, target, z_lo, z_hi)
            if len(a_s):
                ah = index.first_blocker(
                    a_s, a_e, rows=rows, gap_rows=gap_rows, ignore_owners=ignore, ignore_boxes=boxes
                )
                clear = np.flatnonzero(ah.row < 0)
                if len(clear):
                    through = True
                    level = CoverLevel.THREE_QUARTERS
                    eye = a_s[clear[0]]
                    best = int(np.flatnonzero((np.abs(eyes - eye) < 1e-12).all(axis=1))[0])
                    mine = (np.abs(a_s - eye) < 1e-12).all(axis=1)
                    sel = slice(best * n, (best + 1) * n)
                    l_s = np.concatenate([starts[sel], a_s[mine]])
                    l_e = np.concatenate([ends[sel], a_e[mine]])
                    l_o = np.concatenate(
                        [_owners(index, hit.row[sel]), _owners(index, ah.row[mine])]
                    )
                    l_a = np.concatenate(
                        [np.zeros(n, dtype=bool), np.ones(int(mine.sum()), dtype=bool)]
                    )
    return Cover(level, fraction, tuple(eyes[best].tolist()), through, "", l_s, l_e, l_o, l_a)


def _owners(index: SightIndex, rows: np.ndarray) -> np.ndarray:
    """Owner codes of the first blockers (obstacle id, -1 ground, -2 clear)."""
    return (
        np.where(rows >= 0, index.owners[np.maximum(rows, 0)], _CLEAR)
        if len(index.owners)
        else np.full(len(rows), _CLEAR, dtype=np.int64)
    )


def cover_between(
    index: SightIndex,
    *,
    attacker: Body,
    target: Body,
    attacker_prone: bool = False,
    target_prone: bool = False,
    eye_fractions: tuple[float, ...] = EYE_FRACTIONS,
    prone_factor: float = PRONE_FACTOR,
    samples_across: int | None = None,
    height_samples: int = 4,
) -> Cover:
    """Cover the target has against the attacker (Seed SotDL: Cover & Obscurement).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> bf = parse_ascii('''
    ... .....
    ... ..#..
    ... .....
    ... ''')
    >>> idx = SightIndex.build(bf)
    >>> c = cover_between(idx, attacker=Body((0, 0)), target=Body((4, 0)))
    >>> c.level.name, round(c.fraction, 2), c.blockers
    ('NONE', 0.0, ())
    >>> c = cover_between(idx, attacker=Body((0, 1)), target=Body((4, 1)))
    >>> c.level.name, c.blockers, len(c.lines)
    ('TOTAL', (1,), 36)
    """
    abox = footprint_box(attacker)
    tbox = footprint_box(target)
    rows = index.rows_near(abox, tbox)
    if len(eye_fractions) > 1 and lower_eyes_useless(index, rows, abox, tbox, attacker, target):
        eye_fractions = eye_fractions[:1]
    eyes = eye_points(
        attacker, prone=attacker_prone, eye_fractions=eye_fractions, prone_factor=prone_factor
    )
    eyes = nudged(index, eyes, attacker, rows)
    return cover_from_points(
        index,
        eyes=eyes,
        eye_box=abox,
        eye_squares=attacker.squares(),
        target=target,
        target_prone=target_prone,
        samples_across=samples_across,
        height_samples=height_samples,
        prone_factor=prone_factor,
        rows=rows,
    )


def cover_from_point(
    index: SightIndex,
    *,
    origin: Point3,
    target: Body,
    target_prone: bool = False,
    prone_factor: float = PRONE_FACTOR,
    samples_across: int | None = None,
    height_samples: int = 4,
) -> Cover:
    """Cover the target has from a point (an area effect's origin: Seed SotDL: Totally Covered).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> idx = SightIndex.build(parse_ascii('.#.'))
    >>> cover_from_point(idx, origin=(0.5, 0.5, 1.0), target=Body((2, 0))).level.name
    'TOTAL'
    """
    x, y, _ = origin
    return cover_from_points(
        index,
        eyes=np.array([origin], dtype=np.float64),
        eye_box=(x, y, x, y),
        eye_squares=(),
        target=target,
        target_prone=target_prone,
        samples_across=samples_across,
        height_samples=height_samples,
        prone_factor=prone_factor,
    )
