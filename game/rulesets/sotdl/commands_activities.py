"""SotDL commands, part two: the other activities and the GM's hand (see commands.py)."""
from __future__ import annotations

from typing import Any

from game.rules.engine import Command, command

# --- other activities -----------------------------------------------------------------------


@command
class CastUtilitySpell(Command):
    """Seed SotDL: Cast a Utility Spell: an effect lasting ``rounds`` (0: instant)."""

    caster: str
    spell: str
    targets: tuple[str, ...] = ()
    rounds: int = 0
    concentration: bool = False
    description: str = ""
    part_of: str = ""  # "prepared": performed as a triggered action


@command
class Concentrate(Command):
    """Seed SotDL: Concentrate: keep an effect going until the end of the next round."""

    creature: str
    effect: str = ""
    part_of: str = ""  # "prepared": performed as a triggered action


@command
class Defend(Command):
    """Seed SotDL: Defend: attacks against you 1 bane, your resisting challenges 1 boon."""

    creature: str
    part_of: str = ""  # "prepared": performed as a triggered action


@command
class EndEffect(Command):
    """Seed SotDL: End an Effect you created."""

    creature: str
    effect: str
    part_of: str = ""  # "prepared": performed as a triggered action


@command
class Find(Command):
    """Seed SotDL: Find: Perception challenge (object) or Perception vs Agility (creature)."""

    creature: str
    target: str = ""
    object: str = ""
    part_of: str = ""  # "prepared": performed as a triggered action


@command
class TellAllies(Command):
    """Seed SotDL: Find: "no longer hidden from you and any other creature with whom you share
    your knowledge": tell ``allies`` (default: every ally in the fight) where ``target`` is
    (default: every hidden creature the teller has found)."""

    creature: str
    target: str = ""
    allies: tuple[str, ...] = ()


@command
class Help(Command):
    """Seed SotDL: Help: Intellect challenge; the target's next roll this round has 1 boon."""

    creature: str
    target: str
    part_of: str = ""  # "prepared": performed as a triggered action


@command
class Hide(Command):
    """Seed SotDL: Hide: Agility challenge; on a success, hidden."""

    creature: str
    part_of: str = ""  # "prepared": performed as a triggered action


@command
class Prepare(Command):
    """Seed SotDL: Prepare: an activity and its trigger.

    ``trigger`` is "enemy_enters_reach" (the engine fires it on the move) or free text the GM
    fires with FirePrepared. ``activity`` is a command in scenario form, e.g.
    ``{"attack": {"attacker": "bobby", "weapon": "sword"}}``; its target is filled in by the
    trigger when left out.
    """

    creature: str
    activity: Any = None
    trigger: str = "enemy_enters_reach"


@command
class FirePrepared(Command):
    """The GM says a prepared action's trigger happened: perform it as a triggered action."""

    creature: str
    target: str = ""
    effect: str = ""


@command
class UseTriggeredAction(Command):
    """Seed SotDL: Triggered Actions: a talent's or spell's triggered activity (once a round)."""

    creature: str
    description: str = ""


@command
class Reload(Command):
    """Seed SotDL: Reload a weapon with the reload property."""

    creature: str
    weapon: str = ""
    part_of: str = ""  # "prepared": performed as a triggered action


@command
class Stabilize(Command):
    """Seed SotDL: Stabilize: Intellect challenge (1 bane if dying); the target heals 1 damage."""

    creature: str
    target: str
    part_of: str = ""  # "prepared": performed as a triggered action


@command
class UseItem(Command):
    """Seed SotDL: Use an Item (pick a lock, light a torch): an action, described."""

    creature: str
    description: str = ""
    part_of: str = ""  # "prepared": performed as a triggered action


@command
class MinorActivity(Command):
    """Seed SotDL: Minor Activities: one on a fast turn, two on a slow one (``extra``: GM's say)."""

    creature: str
    description: str = ""
    extra: bool = False


@command
class PickUp(Command):
    """A minor activity: pick up a dropped item (a disarmed weapon)."""

    creature: str
    item: str


# --- the GM's hand --------------------------------------------------------------------------


@command
class DealDamage(Command):
    """The GM deals damage (a fall, a trap, a spell outside the rules here)."""

    creature: str
    amount: int
    reason: str = ""


@command
class Heal(Command):
    """The GM heals damage."""

    creature: str
    amount: int
    reason: str = ""


@command
class Afflict(Command):
    """The GM imposes an affliction for ``rounds`` rounds (0: until removed; -1: this round)."""

    creature: str
    affliction: str
    rounds: int = 0
    source: str = ""


@command
class Cure(Command):
    """The GM removes an affliction."""

    creature: str
    affliction: str


@command
class AdjustRoll(Command):
    """The GM overrides: the creature's next attack or challenge roll this round gets ``boons``
    (negative: banes), with the GM's reason shown like any other modifier."""

    creature: str
    boons: int
    reason: str = "the GM's ruling"


@command
class GainInsanity(Command):
    """Insanity (breaks concentration on a failed Will challenge)."""

    creature: str
    amount: int = 1


@command
class Surrender(Command):
    """A creature (or every creature of ``side``) surrenders."""

    creature: str = ""
    side: str = ""


@command
class Flee(Command):
    """A creature flees the battlefield (or every creature of ``side``)."""

    creature: str = ""
    side: str = ""
