"""SotDL commands: what the GM (or a scenario) asks for. Seed SotDL: Combat Rules.

Creature fields hold creature ids. Paths are tuples of squares (each square entered, in
order). ``part_of`` is set by the engine when a command runs inside another activity
("charge", "prepared", "free"): it then uses no action of its own.
"""
from __future__ import annotations

from game.rules.battlefield import Square
from game.rules.engine import Command, command, one_of, walked_after
from game.rulesets.sotdl.commands_activities import (  # re-exported: see __all__
    AdjustRoll,
    Afflict,
    CastUtilitySpell,
    Concentrate,
    Cure,
    DealDamage,
    Defend,
    EndEffect,
    Find,
    FirePrepared,
    Flee,
    GainInsanity,
    Heal,
    Help,
    Hide,
    MinorActivity,
    PickUp,
    Prepare,
    Reload,
    Stabilize,
    Surrender,
    TellAllies,
    UseItem,
    UseTriggeredAction,
)

# --- the round ------------------------------------------------------------------------------


@command
class Surprise(Command):
    """Seed SotDL: Awareness & Surprise: each creature of the side makes a Perception challenge."""

    side: str


@command
class BeginCombat(Command):
    """Start round 1 (optionally after surprise rolls for the named sides)."""

    surprise: tuple[str, ...] = ()


@command
class StartTurn(Command):
    """Seed SotDL: Anatomy of a Round: take a fast or a slow turn."""

    creature: str
    kind: str = "fast"


@command
class EndTurn(Command):
    """Finish the creature's turn (it takes no other turn this round)."""

    creature: str = ""


@command
class EndRound(Command):
    """Seed SotDL: End of the Round: resolve end-of-round effects, then begin the next round."""


@command
class RollForOrder(Command):
    """Players who cannot agree who goes first each roll a d6; highest goes first."""

    creatures: tuple[str, ...]


# --- movement -------------------------------------------------------------------------------


@command
class Move(Command):
    """Seed SotDL: Move: move up to Speed along a path (interim handler; movement*.py replaces)."""

    creature: str
    path: tuple[Square, ...]
    # the GM's way over an edge, by the square entered: ((square, "climb" | "jump" | "fall"), ...)
    ways: tuple[tuple[Square, str], ...] = ()


@command
class Rush(Command):
    """Seed SotDL: Rush: an action to move up to twice Speed."""

    creature: str
    path: tuple[Square, ...]
    part_of: str = ""  # "prepared": performed as a triggered action
    # the GM's way over an edge, by the square entered: ((square, "climb" | "jump" | "fall"), ...)
    ways: tuple[tuple[Square, str], ...] = ()


@command
class Retreat(Command):
    """Seed SotDL: Retreat: an action to move up to half Speed without triggering free attacks."""

    creature: str
    path: tuple[Square, ...]
    part_of: str = ""  # "prepared": performed as a triggered action
    # the GM's way over an edge, by the square entered: ((square, "climb" | "jump" | "fall"), ...)
    ways: tuple[tuple[Square, str], ...] = ()


@command
class DropProne(Command):
    """Seed SotDL: Crawl: drop prone without using movement."""

    creature: str


@command
class StandUp(Command):
    """Seed SotDL: Crawl: stand up using the move (``use="move"``) or an action."""

    creature: str
    use: str = ""


# --- attacks --------------------------------------------------------------------------------


@command
class Attack(Command):
    """Seed SotDL: Attack with a Melee/Ranged Weapon, with one option; or a worn/carried object.

    ``weapon`` defaults to the creature's first weapon; ``option`` is one of driving, guarded,
    lunging, shifting, unbalancing (melee) or called, distant, staggering (ranged). ``thrown``
    throws a melee weapon with the thrown property. ``object`` names a worn or carried object
    of the target (2 banes). ``guess`` is a square guessed for a hidden target (3 banes).
    """

    attacker: str
    target: str
    weapon: str = ""
    option: str = ""
    thrown: bool = False
    attribute: str = ""
    object: str = ""
    called_effect: str = ""
    guess: Square | None = None
    part_of: str = ""


@command
class TwoWeaponAttack(Command):
    """Seed SotDL: Attack with Two Weapons: one target (2 banes) or two targets (3 banes each)."""

    attacker: str
    target: str
    second_target: str = ""
    main: str = ""
    off: str = ""
    part_of: str = ""


@command
class ItemAttack(Command):
    """Seed SotDL: Attack with an Item (a bomb, a flask of acid): the item's numbers given here."""

    attacker: str
    target: str
    item: str
    damage: str = ""
    attribute: str = "agility"
    target_attribute: str = "defense"
    range_yd: int = 0
    part_of: str = ""


@command
class SpellAttack(Command):
    """Seed SotDL: Attack with a Spell (abstract): an attack roll per target, damage, affliction.

    With ``resist`` (an attribute) each target makes that challenge roll instead; a failure
    takes the damage and the affliction.
    """

    attacker: str
    targets: tuple[str, ...]
    spell: str
    attribute: str = "will"
    target_attribute: str = "defense"
    damage: str = ""
    affliction: str = ""
    rounds: int = 1
    range_yd: int = 0
    resist: str = ""
    part_of: str = ""


@command
class FreeAttack(Command):
    """Seed SotDL: Free Attack: a triggered melee attack on a creature leaving reach."""

    attacker: str
    target: str
    weapon: str = ""
    option: str = ""


@command
class Disarm(Command):
    """Seed SotDL: Disarm: Strength or Agility vs the higher of the target's; it drops an object."""

    attacker: str
    target: str
    attribute: str = ""
    item: str = ""
    part_of: str = ""


@command
class Distract(Command):
    """Seed SotDL: Distract: Intellect vs Intellect; the target's next roll has 2 banes."""

    attacker: str
    target: str
    part_of: str = ""


@command
class Escape(Command):
    """Seed SotDL: Escape: Strength or Agility vs the grabber's Strength, then move half Speed."""

    creature: str
    attribute: str = ""
    path: tuple[Square, ...] = walked_after(default=())
    part_of: str = ""


@command
class Feint(Command):
    """Seed SotDL: Feint: Agility vs Perception; 2 boons next attack, or no free attacks."""

    attacker: str
    target: str
    benefit: str = "boons"  # "boons" or "no_free_attacks"
    part_of: str = ""


@command
class Grab(Command):
    """Seed SotDL: Grab: Strength or Agility vs Agility; the target is grabbed."""

    attacker: str
    target: str
    attribute: str = ""
    part_of: str = ""


@command
class KnockDown(Command):
    """Seed SotDL: Knock Down: Strength vs Agility, Size banes/boons; the target falls prone."""

    attacker: str
    target: str
    part_of: str = ""


@command
class Pull(Command):
    """Seed SotDL: Pull: Strength vs Strength; move half Speed with the grabbed target
    (``path``: where the puller goes on a success, the target following)."""

    attacker: str
    target: str
    path: tuple[Square, ...] = walked_after(default=())
    part_of: str = ""


@command
class Shove(Command):
    """Seed SotDL: Shove: Strength vs Strength, Size banes/boons; push 1 + Str modifier yards."""

    attacker: str
    target: str
    part_of: str = ""


@command
class Charge(Command):
    """Seed SotDL: Charge: 1 bane until the end of the round, move Speed, one attack on the way.

    ``attack_after`` is how many squares of ``path`` to walk before the attack (-1: all);
    ``attack`` is "attack", "knock_down" or "shove".
    """

    attacker: str
    target: str
    path: tuple[Square, ...] = ()
    attack_after: int = -1
    attack: str = one_of("attack", "knock_down", "shove", default="attack")
    weapon: str = ""
    option: str = ""
    # the GM's way over an edge, by the square entered: ((square, "climb" | "jump" | "fall"), ...)
    ways: tuple[tuple[Square, str], ...] = ()


__all__ = [
    "AdjustRoll",
    "Afflict",
    "Attack",
    "BeginCombat",
    "CastUtilitySpell",
    "Charge",
    "Concentrate",
    "Cure",
    "DealDamage",
    "Defend",
    "Disarm",
    "Distract",
    "DropProne",
    "EndEffect",
    "EndRound",
    "EndTurn",
    "Escape",
    "Feint",
    "Find",
    "FirePrepared",
    "Flee",
    "FreeAttack",
    "GainInsanity",
    "Grab",
    "Heal",
    "Help",
    "TellAllies",
    "Hide",
    "ItemAttack",
    "KnockDown",
    "MinorActivity",
    "Move",
    "PickUp",
    "Prepare",
    "Pull",
    "Reload",
    "Retreat",
    "RollForOrder",
    "Rush",
    "Shove",
    "SpellAttack",
    "Stabilize",
    "StandUp",
    "StartTurn",
    "Surprise",
    "Surrender",
    "TwoWeaponAttack",
    "UseItem",
    "UseTriggeredAction",
]
