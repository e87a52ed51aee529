"""Jump distances and what happens when a jump is longer than the move left.

Seed SotDL: Jump Up or Down, Jump Across. Distances come from :class:`MoveRules` (the ruleset
file's ``params.jump``): across 2 + Agility modifier yards (at least 1), 2 more after moving at
least 2 yards first; up half the Agility modifier in feet (at least 1 foot), the full modifier
after the run-up; down: safe below 5 yards, a fall from there on. Jumped yards come out of the
move; farther than the rule allows, the GM may call for an Agility challenge roll.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.rules.geometry.pathing import MoveRules

FEET_PER_YARD = 3


def jump_across_max_yd(*, agility_mod: int, moved_yd: float, rules: MoveRules | None = None) -> int:
    """Seed SotDL: Jump Across: how many yards a creature can jump horizontally.

    >>> jump_across_max_yd(agility_mod=2, moved_yd=0), jump_across_max_yd(agility_mod=2, moved_yd=2)
    (4, 6)
    >>> jump_across_max_yd(agility_mod=-3, moved_yd=0)
    1
    """
    r = rules or MoveRules()
    run = moved_yd >= r.run_up_yd
    return max(r.across_min_yd, r.across_base_yd + agility_mod) + (r.run_up_bonus_yd if run else 0)


def jump_up_max_ft(*, agility_mod: int, moved_yd: float, rules: MoveRules | None = None) -> int:
    """Seed SotDL: Jump Up: how many feet a creature can jump up.

    >>> jump_up_max_ft(agility_mod=3, moved_yd=0), jump_up_max_ft(agility_mod=3, moved_yd=2)
    (1, 3)
    """
    r = rules or MoveRules()
    run = moved_yd >= r.run_up_yd
    return max(r.up_min_ft, agility_mod if run else agility_mod // 2)


@dataclass(frozen=True)
class JumpPlan:
    """How a jump turns out before any roll.

    ``outcome``: ``landed``; ``challenge`` (longer than the rule allows: the GM may call for an
    Agility challenge roll; on a failure treat it as ``short``); ``landed_prone`` (the move ran
    out mid-jump: the creature lands prone ``landed_yd`` along); ``fell`` (it ran out over a gap,
    or jumped down 5 yards or more: a fall).
    """

    kind: str  # "across", "up", "down"
    length_yd: float  # horizontal yards (across) or vertical yards (up, down)
    max_yd: float  # what the rule allows without a roll
    cost_yd: float  # yards taken from the move
    outcome: str
    landed_yd: float  # how far along the jump the creature comes down

    @property
    def needs_challenge(self) -> bool:
        """True if the GM may call for an Agility challenge roll (Seed SotDL: Jump)."""
        return self.outcome == "challenge"


def plan_jump_across(
    *,
    length_yd: float,
    agility_mod: int,
    moved_yd: float,
    budget_left_yd: float,
    over_gap: bool,
    rules: MoveRules | None = None,
) -> JumpPlan:
    """Seed SotDL: Jump Across, including running out of movement mid-jump.

    >>> def jump(length, left, gap=True):
    ...     return plan_jump_across(length_yd=length, agility_mod=1, moved_yd=0,
    ...                             budget_left_yd=left, over_gap=gap)
    >>> jump(3, 5).outcome
    'landed'
    >>> (jump(3, 2).outcome, jump(3, 2).landed_yd)
    ('fell', 2.0)
    >>> jump(3, 2, gap=False).outcome, jump(5, 9).outcome
    ('landed_prone', 'challenge')
    """
    mx = jump_across_max_yd(agility_mod=agility_mod, moved_yd=moved_yd, rules=rules)
    if budget_left_yd + 1e-9 < length_yd:
        landed = float(math.floor(max(0.0, budget_left_yd) + 1e-9))
        return JumpPlan(
            "across",
            length_yd,
            mx,
            max(0.0, budget_left_yd),
            "fell" if over_gap else "landed_prone",
            landed,
        )
    outcome = "challenge" if length_yd > mx + 1e-9 else "landed"
    return JumpPlan("across", length_yd, mx, length_yd, outcome, length_yd)


def plan_jump_up(
    *,
    height_yd: float,
    agility_mod: int,
    moved_yd: float,
    budget_left_yd: float,
    rules: MoveRules | None = None,
) -> JumpPlan:
    """Seed SotDL: Jump Up: vertical yards come out of the move; running out means a fall.

    >>> plan_jump_up(height_yd=1, agility_mod=2, moved_yd=3, budget_left_yd=5).outcome
    'challenge'
    >>> plan_jump_up(height_yd=1, agility_mod=6, moved_yd=0, budget_left_yd=5).outcome
    'landed'
    """
    mx = jump_up_max_ft(agility_mod=agility_mod, moved_yd=moved_yd, rules=rules) / FEET_PER_YARD
    if budget_left_yd + 1e-9 < height_yd:
        return JumpPlan("up", height_yd, mx, max(0.0, budget_left_yd), "fell", 0.0)
    outcome = "challenge" if height_yd > mx + 1e-9 else "landed"
    return JumpPlan("up", height_yd, mx, height_yd, outcome, height_yd)


def plan_jump_down(
    *, drop_yd: float, budget_left_yd: float, rules: MoveRules | None = None
) -> JumpPlan:
    """Seed SotDL: Jump Down: safe when the surface is less than 5 yards below; else a fall.

    >>> plan_jump_down(drop_yd=4, budget_left_yd=6).outcome
    'landed'
    >>> plan_jump_down(drop_yd=5, budget_left_yd=9).outcome
    'fell'
    >>> plan_jump_down(drop_yd=4, budget_left_yd=3).outcome
    'landed_prone'
    """
    r = rules or MoveRules()
    if drop_yd >= r.safe_drop_yd - 1e-9:
        return JumpPlan("down", drop_yd, r.safe_drop_yd, 0.0, "fell", drop_yd)
    if budget_left_yd + 1e-9 < drop_yd:
        # the rules: "you land prone or fall if you reach your movement limit" (down: prone)
        return JumpPlan(
            "down", drop_yd, r.safe_drop_yd, max(0.0, budget_left_yd), "landed_prone", drop_yd
        )
    return JumpPlan("down", drop_yd, r.safe_drop_yd, drop_yd, "landed", drop_yd)
