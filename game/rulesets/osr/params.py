"""The OSR ruleset's tunable numbers, read from the ruleset file's ``params`` with defaults.

The text leaves most numbers open; every default below is listed in docs/rules/osr.md and a
GM changes it in config/rulesets/osr.yaml under ``params``.
"""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from game.rules.engine import parse_dice


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
        left alone); a wrong value raises ValueError naming the key (``param_problems``)."""
        params = params or {}
        bad = [(k, what) for k, what in param_problems(params) if k in _NAMES]
        if bad:
            raise ValueError(f"OSR param {bad[0][0]}: {bad[0][1]}")
        values = {k: _clean(k, v) for k, v in params.items() if k in _NAMES}
        return cls(**values)

    def paces_to_squares(self, paces: float) -> int:
        """Paces to whole squares by the ruleset file (one pace a square by default).

        >>> OsrParams().paces_to_squares(6), OsrParams(squares_per_pace=0.5).paces_to_squares(6)
        (6, 3)
        """
        return int(paces * self.squares_per_pace + 1e-9)


#: ruleset params other code reads from the same file (sight: light; geometry: movement, jump,
#: falling): not OSR params, never reported unknown.
SHARED_KEYS = frozenset({"light", "movement", "jump", "falling"})
_NAMES = frozenset(f.name for f in fields(OsrParams))
#: keys an encounter file's params hold (plugin.encounter_param_problems), and a scenario's way
_ENCOUNTER_KEYS = {
    "treacherous": "in a scenario: establish_milieu {treacherous: true}",
    "formations": "in a scenario: form_up, or the creatures' formation data",
    "initiative": "in a scenario: initiative_modifier",
}
_DICE = frozenset({"charge_extra", "morale_dice"})
#: (low, high) for numbers the rules cannot use outside a range (None: open)
_RANGES: dict[str, tuple[float | None, float | None]] = {
    "squares_per_pace": (0.01, 100), "move_paces": (0, 1000), "bow_or_cast_paces": (0, 1000),
    "tight_move_paces": (0, 1000), "flanking_min_angle_deg": (0, 180),
    "high_ground_min_yd": (0, None), "melee_reach_yd": (0, 100), "attack_die": (2, 1000),
    "skill_die": (2, 1000), "retreat_opportunity_margin": (0, None),
    "retreat_complication_margin": (0, None), "backpack_slots": (1, 1000),
    "initiative_die": (2, 1000), "treacherous_die": (2, 1000), "half_hit_points": (0.01, 1),
    "cohesion_loose": (0, None), "cohesion_tight": (0, None), "aoe_factor": (0, 1),
    "surrounded_min_directions": (1, 4),
}


def _clean(key: str, raw: Any) -> Any:
    """A checked value in its field's type (floats for float fields, text for dice)."""
    kind = type(getattr(OsrParams, key))
    if key in _DICE:
        return str(raw).replace(" ", "")
    return float(raw) if kind is float else raw


def _problem(key: str, raw: Any) -> str | None:
    """What is wrong with one OSR param's value, or None."""
    kind = type(getattr(OsrParams, key))
    if key in _DICE:
        if isinstance(raw, bool) or not isinstance(raw, (str, int)):
            return f"expected dice such as 1d6+3, got {raw!r}"
        try:
            parse_dice(str(raw).replace(" ", ""))
        except ValueError:
            return f"expected dice such as 1d6+3, got {raw!r}"
        return None
    if kind is bool:
        return None if isinstance(raw, bool) else f"expected true or false, got {raw!r}"
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        return f"expected a {'whole ' if kind is int else ''}number, got {raw!r}"
    if kind is int and not isinstance(raw, int):
        return f"expected a whole number, got {raw!r}"
    lo, hi = _RANGES.get(key, (None, None))
    if (lo is not None and raw < lo) or (hi is not None and raw > hi):
        span = f"at least {lo:g}" if hi is None else f"between {lo:g} and {hi:g}"
        return f"must be {span}, got {raw!r}"
    return None


def param_problems(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every mistake in a ruleset file's OSR params as (key, what is wrong): wrong types, numbers
    out of range, bad dice, unknown keys (with the closest known one). The I/O edge adds lines.

    >>> param_problems({"move_pace": 4, "light": {}})
    [('move_pace', "unknown OSR param (did you mean 'move_paces'?)")]
    >>> param_problems({"move_paces": "six"})
    [('move_paces', "expected a whole number, got 'six'")]
    """
    out: list[tuple[str, str]] = []
    for key, raw in params.items():
        if key in SHARED_KEYS:
            continue
        if key in _ENCOUNTER_KEYS:
            how = _ENCOUNTER_KEYS[key]
            out.append((str(key), f"is an encounter's param, not the ruleset's ({how})"))
            continue
        if key not in _NAMES:
            close = difflib.get_close_matches(str(key), sorted(_NAMES), n=1)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            out.append((str(key), f"unknown OSR param{hint}"))
            continue
        what = _problem(key, raw)
        if what:
            out.append((key, what))
    return out
