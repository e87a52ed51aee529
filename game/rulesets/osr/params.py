"""The OSR ruleset's tunable numbers, read from the ruleset file's ``params`` with defaults.

The text leaves most numbers open; every default below is listed in docs/rules/osr.md and a
GM changes it in config/rulesets/osr.yaml under ``params``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class OsrParams:
    """Numbers the OSR text leaves to the GM (defaults documented in docs/rules/osr.md)."""

    # Units (Seed OSR: "Movement is usually 6 paces")
    squares_per_pace: float = 1.0
    move_paces: int = 6
    bow_or_cast_paces: int = 1
    charge_extra: str = "1d6+3"
    tight_move_paces: int = 3  # tight formation: limited movement
    # Common modifiers (Seed OSR: Advanced Combat Rules)
    flanking: int = 2
    flanking_min_angle_deg: float = 135.0  # attacker-target-ally angle that counts as "far side"
    high_ground: int = 2
    high_ground_min_yd: float = 1.0  # feet at least this much higher than the target's
    poor_light: int = -2
    darkness: int = -4
    heavy_obscurement: int = -2  # fog: treated like poor light (text silent)
    prone: int = 2
    cover: int = -2
    melee_reach_yd: int = 1  # "in melee": an enemy within this many squares
    # Rolls
    attack_die: int = 20
    skill_die: int = 20
    default_difficulty: int = 10  # skill checks when the GM sets none
    lead_difficulty: int = 10
    concentration_difficulty: int = 10
    athletics_difficulty: int = 10
    retreat_opportunity_margin: int = 5  # beat the difficulty by this much (or natural 20)
    retreat_complication_margin: int = 3  # miss by at most this much: escape, but lose an item
    backpack_slots: int = 20
    initiative_die: int = 6
    treacherous_die: int = 6
    morale_dice: str = "2d6"  # roll under or equal to morale to stand
    mob_morale: int = -1
    lead_replaces_morale: bool = (
        True  # a leader present rolls Lead instead (the GM may turn it off)
    )
    half_hit_points: float = 0.5
    # Formations
    cohesion_loose: int = 1  # temporary HP per member
    cohesion_tight: int = 2
    aoe_factor: float = 0.5  # area damage to a formation member is multiplied by this
    surrounded_min_directions: int = 3  # enemies adjacent in this many of N/E/S/W

    @classmethod
    def from_mapping(cls, params: Mapping[str, Any] | None) -> OsrParams:
        """Build from a ruleset file's params (keys other modules read, like ``light``, are
        left alone); a value of the wrong type raises ValueError naming the key."""
        params = params or {}
        names = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, raw in params.items():
            if key not in names:
                continue
            default = getattr(cls, key)
            kind = type(default)
            if kind is bool:
                if not isinstance(raw, bool):
                    raise ValueError(f"OSR param {key}: expected true or false, got {raw!r}")
                values[key] = raw
            elif kind is float and isinstance(raw, (int, float)) and not isinstance(raw, bool):
                values[key] = float(raw)
            elif isinstance(raw, kind) and not isinstance(raw, bool):
                values[key] = raw
            else:
                raise ValueError(f"OSR param {key}: expected {kind.__name__}, got {raw!r}")
        return cls(**values)

    def paces_to_squares(self, paces: float) -> int:
        """Paces to whole squares by the ruleset file (one pace a square by default).

        >>> OsrParams().paces_to_squares(6), OsrParams(squares_per_pace=0.5).paces_to_squares(6)
        (6, 3)
        """
        return int(paces * self.squares_per_pace + 1e-9)
