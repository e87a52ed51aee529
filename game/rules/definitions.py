"""Definitions: static, frozen data loaded once from config/ and referred to by id.

No colours or sprites in a stat block (token art is the UI's: config/tokens.yaml, or the picture
a creature file names, kept beside the definitions in ``Definitions.tokens``). game/io/config.py
builds these from YAML and validates them; the rules core only reads them.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from game.rules.battlefield import Square

EMPTY: Mapping[str, Any] = MappingProxyType({})

#: Weapon properties Battlemat understands (SotDL chapter 6 names, plus OSR's "bow").
WEAPON_PROPERTIES = frozenset(
    {
        "finesse",  # attack with Agility instead of Strength
        "thrown",  # melee weapon that can be thrown to range_yd
        "reach",  # +1 yard reach (reach_yd says how much)
        "range",  # ranged weapon, range_yd
        "reload",  # must be reloaded (an action) after each shot
        "cumbersome",  # cannot be used for two-weapon fighting
        "defensive",  # +defense_bonus to Defense while wielded
        "two_handed",  # needs both hands
        "light",  # can be used in the off hand
        "bow",  # OSR: no bows in melee; 1 pace of movement when shooting
        "unarmed",  # a creature's bare hands
        "natural",  # claws, bite: cannot be disarmed
    }
)


@dataclass(frozen=True)
class WeaponDef:
    """A weapon: damage dice and properties (SotDL: Attack with a Melee/Ranged Weapon)."""

    id: str
    name: str
    damage: str  # dice expression, e.g. "1d6", "2d6+1"
    kind: str  # "melee" or "ranged"
    properties: frozenset[str] = frozenset()
    reach_yd: int = 0  # extra reach beyond the creature's own (the reach property)
    range_yd: int = 0  # ranged weapons, and thrown melee weapons
    defense_bonus: int = 0  # the defensive property
    damage_type: str = "physical"  # OSR elemental damage: "lightning", "fire", "acid"
    off_hand_damage: str = ""  # SotDL two-weapon fighting's extra damage (default: damage)
    attack_boons: int = 0  # a stat block's attack line "+3 with 1 boon" (banes: negative)

    def has(self, prop: str) -> bool:
        """True if the weapon has the named property."""
        return prop in self.properties


@dataclass(frozen=True)
class CreatureDef:
    """A creature's stat block (SotDL stats, plus the OSR numbers the house rules need)."""

    id: str
    name: str
    size: float  # SotDL Size: 1/2 -> 0.5, 1, 2, 3 ...
    speed: int  # yards per turn (OSR: paces, converted by the ruleset file)
    defense: int
    health: int
    strength: int = 10
    agility: int = 10
    intellect: int = 10
    will: int = 10
    perception: int = 10
    weapons: tuple[str, ...] = ()  # WeaponDef ids; the first is the main hand
    movement: frozenset[str] = frozenset()  # "fly", "swim", "climb": no difficulty for these
    reach_yd: int = 0  # natural extra reach (a giant's long arms)
    can_be_ridden: bool = False
    physical_body: bool = True  # spirits have none (grab, called shot)
    tags: frozenset[str] = frozenset()  # "undead", "beast", "mob" ... free text
    # OSR house rules (defaults derived from the SotDL numbers when a file leaves them out)
    hit_points: int | None = None  # default: health
    armour_class: int | None = None  # default: defense
    attack_bonus: int = 0
    damage_reduction: int = 0
    morale: int = 7  # 2d6 roll-under target
    dexterity: int | None = None  # default: agility
    lead: int = 0  # ranks in Lead
    bold: bool = False  # flees only on a second failed morale check
    # "athletics": 2, "concentration": 1 ...
    skills: Mapping[str, int] = field(default_factory=lambda: EMPTY)
    paces: int | None = None  # OSR movement a round in paces (default: the ruleset's move_paces, 6)
    description: str = ""

    @property
    def hp(self) -> int:
        """OSR hit points (defaults to Health)."""
        return self.health if self.hit_points is None else self.hit_points

    @property
    def ac(self) -> int:
        """OSR armour class (defaults to Defense)."""
        return self.defense if self.armour_class is None else self.armour_class

    @property
    def dex(self) -> int:
        """OSR Dexterity (defaults to Agility)."""
        return self.agility if self.dexterity is None else self.dexterity

    def modifier(self, attribute: str) -> int:
        """SotDL attribute modifier: score minus 10."""
        return int(getattr(self, attribute)) - 10


@dataclass(frozen=True)
class RulesetDef:
    """A rules system's tunable numbers (config/rulesets/*.yaml).

    Geometry settings are named fields; everything else a ruleset needs is in ``params``.
    """

    id: str  # "sotdl", "osr"
    name: str
    diagonal_rule: str = "chebyshev"  # "chebyshev" (every diagonal 1), "alternating", "euclidean"
    difficult_multiplier: int = 2
    base_reach_yd: int = 1
    distance_unit: str = "yd"  # what the GM reads distances in ("paces" for the OSR rules)
    # Size -> side of the square space in squares (Size 1/2 and smaller: 1)
    size_to_space: Mapping[float, int] = field(
        default_factory=lambda: MappingProxyType({0.25: 1, 0.5: 1, 1.0: 1, 2.0: 2, 3.0: 3})
    )
    # Size -> height in yards, for cover (a Size 1 human is about 2 yards tall)
    size_to_height_yd: Mapping[float, float] = field(
        default_factory=lambda: MappingProxyType(
            {0.25: 0.5, 0.5: 1.0, 1.0: 2.0, 2.0: 3.5, 3.0: 5.0}
        )
    )
    named_ranges_yd: Mapping[str, int] = field(
        default_factory=lambda: MappingProxyType({"short": 5, "medium": 20, "long": 100})
    )
    params: Mapping[str, Any] = field(default_factory=lambda: EMPTY)

    def space_for(self, size: float) -> int:
        """Side of the square space a creature of this Size takes, in squares."""
        best = 1
        for s, side in sorted(self.size_to_space.items()):
            if size >= s:
                best = side
        return best

    def height_for(self, size: float) -> float:
        """Height in yards of a creature of this Size (interpolated between table rows)."""
        rows = sorted(self.size_to_height_yd.items())
        if size <= rows[0][0]:
            return rows[0][1]
        for (s0, h0), (s1, h1) in zip(rows, rows[1:], strict=False):
            if s0 <= size <= s1:
                return h0 + (h1 - h0) * (size - s0) / (s1 - s0)
        s_last, h_last = rows[-1]
        return h_last * size / s_last


@dataclass(frozen=True)
class Side:
    """One side of the fight and who controls it (SotDL: players act before the GM)."""

    id: str
    name: str
    controller: str  # "players" or "gm"
    # OSR (Seed: Rolling Morale Checks): the creature whose Lead check may replace the side's
    # morale rolls (a creature id in a fight; an encounter file names it), '' = most Lead ranks
    leader: str = ""
    morale: int = 0  # OSR: the morale score the side's creatures roll under (0: each its own)


@dataclass(frozen=True)
class EncounterCreature:
    """One creature in an encounter: definition, side, where it starts."""

    creature_id: str
    side: str
    square: Square | None  # None: take it from the map's placements
    name: str = ""
    elevation_yd: float | None = None
    mounted_on: str = ""  # name of the mount this creature starts riding
    formation: str = ""  # OSR formation id it belongs to
    # what this one creature differs in (set-up's edits, issue 11): stats, condition, art
    changes: Mapping[str, Any] = field(default_factory=lambda: EMPTY)  # speed, defense ...
    damage: int = 0
    afflictions: tuple[str, ...] = ()
    token: str = ""  # token art (a PNG path), else config/tokens.yaml's
    player_character: bool | None = None  # SotDL; None: the players' sides' creatures are


@dataclass(frozen=True)
class EncounterDef:
    """An encounter file: a map, a ruleset, sides and creatures."""

    id: str
    name: str
    map_path: str  # resolved path of the .tmx (or "ascii:" picture for tests)
    ruleset: str
    sides: tuple[Side, ...]
    creatures: tuple[EncounterCreature, ...] = ()
    use_map_placements: bool = True
    surprise_possible: tuple[str, ...] = ()  # side ids that may be surprised
    # ruleset-specific (OSR formations, treacherous, ...)
    params: Mapping[str, Any] = field(default_factory=lambda: EMPTY)
    description: str = ""  # what the GM reads when opening it


@dataclass(frozen=True)
class Definitions:
    """Every definition loaded from config/, by id."""

    creatures: Mapping[str, CreatureDef] = field(default_factory=lambda: EMPTY)
    weapons: Mapping[str, WeaponDef] = field(default_factory=lambda: EMPTY)
    rulesets: Mapping[str, RulesetDef] = field(default_factory=lambda: EMPTY)
    encounters: Mapping[str, EncounterDef] = field(default_factory=lambda: EMPTY)
    problems: tuple[str, ...] = ()  # mistakes in encounter files that were left out
    # creature id -> the token art its file names (an absolute picture path): the window's,
    # never a rule's, so a stat block (and every event that carries one) is the same without it
    tokens: Mapping[str, str] = field(default_factory=lambda: EMPTY)
