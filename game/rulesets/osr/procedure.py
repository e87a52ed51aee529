"""The round's pure steps (Seed OSR: Combat): seize order, side initiative, milieu peril,
concentration, retreat outcomes and the terms of surrender.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.rulesets.osr.dice import DieRoller
from game.rulesets.osr.params import OsrParams
from game.rulesets.osr.rolls import SkillCheck, skill_check

#: Terms of peace under Sophia (Seed OSR: Surrender), with what each side agrees to.
SURRENDER_TERMS: Mapping[str, str] = {
    "white_peace": "White Peace: both sides take their dead and wounded and part ways; "
    "truce of at least one day",
    "mercy_of_sophia": "mercy of Sophia: the losers keep their weapons and freedom, hand over "
    "all possessions of value and swear to end hostility for at least a season",
    "total_surrender": "total surrender: the losers put down all arms and are captured "
    "(turned loose or ransomed), swearing to end hostility for at least a year",
    "no_quarter": "no quarter: terms refused; the fight goes on "
    "(Sophia frowns on flagrant disregard)",
}


def seize_order(declared: Sequence[tuple[str, int]]) -> list[str]:
    """Order swift acts by Dexterity, highest first; ties keep declaration order.

    Seed OSR: "In opposed circumstances where order is important, resolve these in order of
    Dexterity."

    >>> seize_order([("ann", 12), ("bo", 15), ("cy", 12)])
    ['bo', 'ann', 'cy']
    """
    ranked = sorted(enumerate(declared), key=lambda item: (-item[1][1], item[0]))
    return [name for _, (name, _) in ranked]


@dataclass(frozen=True)
class SideRoll:
    """One side's initiative d6 and its modifiers with reasons."""

    side: str
    natural: int
    modifiers: tuple[tuple[str, int], ...] = ()

    @property
    def total(self) -> int:
        """The d6 plus every modifier."""
        return self.natural + sum(v for _, v in self.modifiers)


@dataclass(frozen=True)
class Initiative:
    """Who acts first this round: the order of sides, or all at once on a tie."""

    rolls: tuple[SideRoll, ...]
    order: tuple[tuple[str, ...], ...]  # groups acting in turn; a group of several acts at once

    @property
    def simultaneous(self) -> bool:
        """True when some sides tied and act at the same time."""
        return any(len(g) > 1 for g in self.order)


def roll_initiative(
    roll: DieRoller,
    sides: Sequence[str],
    modifiers: Mapping[str, Sequence[tuple[str, int]]],
    p: OsrParams,
) -> Initiative:
    """Each side rolls 1d6 (+1 advantageous position, -1 roused from sleep); highest acts first,
    ties act simultaneously (Seed OSR: Roll Initiative).

    >>> from game.rulesets.osr.dice import fixed_roller
    >>> roll_initiative(fixed_roller([3, 3]), ["a", "b"], {}, OsrParams()).order
    (('a', 'b'),)
    """
    rolls = tuple(SideRoll(s, roll(p.initiative_die), tuple(modifiers.get(s, ()))) for s in sides)
    totals = sorted({r.total for r in rolls}, reverse=True)
    order = tuple(tuple(r.side for r in rolls if r.total == t) for t in totals)
    return Initiative(rolls, order)


@dataclass(frozen=True)
class PerilRoll:
    """A treacherous battlefield's 1d6 in the Milieu: on a 1 the battle becomes more interesting."""

    natural: int

    @property
    def event(self) -> bool:
        """True on a 1: the GM describes what happens."""
        return self.natural == 1


def roll_peril(roll: DieRoller, p: OsrParams) -> PerilRoll:
    """Roll the treacherous battlefield's die (Seed OSR: Milieu)."""
    return PerilRoll(roll(p.treacherous_die))


def concentration_check(
    roll: DieRoller, ranks: int, p: OsrParams, *, difficulty: int | None = None
) -> SkillCheck:
    """A caster hurt or disrupted before the spell completes rolls Concentration; failure
    wastes the declared Soul Points (Seed OSR: Milieu, Magic)."""
    return skill_check(
        roll,
        "concentration",
        ranks,
        p.concentration_difficulty if difficulty is None else difficulty,
        die=p.skill_die,
    )


RETREAT_OUTCOMES: Mapping[str, str] = {
    "success": "retreats from battle (the conflict may become a chase)",
    "failure": "may move as normal but otherwise forfeits the turn",
    "complication": "retreats, but loses the item in backpack slot {slot}",
    "opportunity": "retreats, and a useful avenue of retreat presents itself",
}


@dataclass(frozen=True)
class RetreatResult:
    """A retreat attempt: the Athletics check (or the GM's ruling for a plan) and its outcome."""

    who: str
    outcome: str  # a key of RETREAT_OUTCOMES
    check: SkillCheck | None = None
    slot: int = 0  # complication: the backpack slot whose item is lost (1d20)
    ruling: str = ""  # the GM's words when a plan replaced the roll

    def describe(self) -> str:
        """What happened, in the log's words."""
        text = RETREAT_OUTCOMES[self.outcome].format(slot=self.slot)
        head = (
            self.check.describe() + ": "
            if self.check
            else (self.ruling + ": " if self.ruling else "")
        )
        if self.outcome in ("complication", "opportunity"):  # not a bare success or failure
            head += f"{self.outcome}: "
        return f"{self.who} {head}{text}"


def retreat_outcome(check: SkillCheck, p: OsrParams) -> str:
    """Map an Athletics check to the four outcomes (our default; the text gives no thresholds):
    natural 20 or beating the difficulty by the opportunity margin: opportunity; success:
    success; missing by at most the complication margin: complication; else failure.

    >>> c = SkillCheck("athletics", 8, 0, 0, 10); retreat_outcome(c, OsrParams())
    'complication'
    """
    if check.natural == p.skill_die or check.margin >= p.retreat_opportunity_margin:
        return "opportunity"
    if check.success:
        return "success"
    if check.margin >= -p.retreat_complication_margin:
        return "complication"
    return "failure"


def resolve_retreat(
    roll: DieRoller,
    who: str,
    athletics: int,
    p: OsrParams,
    *,
    difficulty: int | None = None,
    modifier: int = 0,
    ruling: str = "",
    outcome: str = "",
) -> RetreatResult:
    """Resolve a declared retreat: the GM's ruling for a plan (``outcome`` given), or an
    Athletics check; a complication rolls 1d20 for the backpack slot lost."""
    check = None
    if not outcome:
        check = skill_check(
            roll,
            "athletics",
            athletics,
            p.athletics_difficulty if difficulty is None else difficulty,
            modifier=modifier,
            die=p.skill_die,
        )
        outcome = retreat_outcome(check, p)
    if outcome not in RETREAT_OUTCOMES:
        raise ValueError(
            f"unknown retreat outcome {outcome!r}: one of {', '.join(RETREAT_OUTCOMES)}"
        )
    slot = roll(p.backpack_slots) if outcome == "complication" else 0
    return RetreatResult(who, outcome, check, slot, ruling)
