"""The OSR ruleset's commands (class names start with Osr; scenario keys drop the prefix)."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.battlefield import Square
from game.rules.engine import Command, command, register_value


@register_value
@dataclass(frozen=True)
class SwiftAct:
    """One participant's swift act before battle (Seed OSR: Seize the Initiative).

    ``act``: "strike" (a weapon in hand, at ``target``), "position" (+1 to the side's first
    initiative), "spell", "parley", or anything else (the GM narrates).
    """

    creature: str
    act: str
    skill: str = ""
    difficulty: int = 0  # 0: the ruleset's default difficulty
    target: str = ""
    text: str = ""


@command
class OsrSeizeInitiative(Command):
    """Every declared swift act, resolved at once in order of Dexterity."""

    acts: tuple[SwiftAct, ...] = ()


@command
class OsrMove(Command):
    """Move along squares (each one to enter, or waypoints the path is filled between)."""

    creature: str
    path: tuple[Square, ...]


@command
class OsrAttack(Command):
    """Attack with a weapon (melee, missile, or ``thrown``); the GM may add a flat modifier."""

    creature: str
    target: str
    weapon: str = ""
    thrown: bool = False
    gm_modifier: int = 0
    gm_reason: str = ""


@command
class OsrCharge(Command):
    """Charge: 1d6 + 3 more paces of movement, then a melee attack (Seed OSR). Without a path,
    the cheapest one to a square in reach of the target."""

    creature: str
    target: str
    path: tuple[Square, ...] = ()
    weapon: str = ""


@command
class OsrEstablishMilieu(Command):
    """The GM establishes the environment: a treacherous battlefield rolls 1d6 each Milieu."""

    treacherous: bool = False
    note: str = ""


@command
class OsrSummonPower(Command):
    """In the Milieu a caster declares the Soul Points it will use this round."""

    creature: str
    soul_points: int = 1


@command
class OsrCastSpell(Command):
    """Complete a spell in Movement, Missiles, Melee; optional damage to targets (``area``: an
    area effect, reduced against formations)."""

    creature: str
    spell: str = "a spell"
    targets: tuple[str, ...] = ()
    damage: str = ""
    damage_type: str = "physical"
    area: bool = False


@command
class OsrDisrupt(Command):
    """The GM rules a caster disrupted: Concentration or the Soul Points are wasted."""

    creature: str
    reason: str = "disrupted"


@command
class OsrEndTurn(Command):
    """A creature is done for this round."""

    creature: str


@command
class OsrDeclareRetreat(Command):
    """Declare that next round the creature retreats; ``plan``: a retreat in good order's plan."""

    creature: str
    plan: str = ""


@command
class OsrChooseCourse(Command):
    """In the Morale phase a side continues, retreats, or surrenders."""

    side: str
    course: str


@command
class OsrTerms(Command):
    """Terms of peace offered and (not) accepted: white_peace, mercy_of_sophia, total_surrender."""

    terms: str
    losing_side: str
    other_side: str = ""
    accepted: bool = True


@command
class OsrInitiativeModifier(Command):
    """The GM's +1 (advantageous position) or -1 (roused from sleep) on a side's next initiative."""

    side: str
    value: int
    reason: str


@command
class OsrSetCondition(Command):
    """The GM sets or ends a condition: burning N, in acid (damage dice a round), prone,
    invisible, hidden, lit (carries a light)."""

    creature: str
    condition: str
    level: int = 1
    dice: str = "1d6"
    remove: bool = False


@command
class OsrFormUp(Command):
    """Make a formation of adjacent creatures of one side (a leader's retinue, or a mob)."""

    formation: str
    members: tuple[str, ...]
    facing: str = "N"
    order: str = "loose"
    mob: bool = False
    leader: str = ""


@command
class OsrMoveFormation(Command):
    """Move a formation as a block: the anchor (top-left) square's path, keeping the shape."""

    formation: str
    path: tuple[Square, ...]


@command
class OsrTurnFormation(Command):
    """Turn a formation to face N, E, S or W (its shape rotates about the anchor)."""

    formation: str
    facing: str


@command
class OsrBreakFormation(Command):
    """The formation dissolves; its members fight alone."""

    formation: str
