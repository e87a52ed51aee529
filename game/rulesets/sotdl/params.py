"""Checks on the SotDL ruleset file's ``params`` (config/rulesets/sotdl.yaml): every key the
plug-in and its movement and sight parts read, with its type and the range the rules can use.

Pure: ``param_problems(params)`` returns (dotted key, what is wrong) pairs and the loader
(game/io/config.py) adds ``file:line``. Without it a quoted ``lands_prone: "false"`` reads as
true and ``help_range_yd: five`` fails only mid-fight.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Any

from game.rules.engine import parse_dice

#: kinds: ("bool",), ("int", lo, hi), ("num", lo, hi), ("dice",) any expression such as 2d6+1,
#: ("die",) a bare NdM (the loader appends to it or reads its count), ("choice", names);
#: lo/hi None: open
_BANES = ("int", 0, 10)  # as the loader's _banes convention (docs/config.md)
_YD = ("num", 0, None)
_FRACTION = ("num", 0.01, 1)
_OBSCURE = ("choice", ("none", "partial", "heavy", "total"))

#: Seed SotDL (the combat chapter) and the DEFAULT choices listed in the shipped file
SCHEMA: dict[str, Any] = {
    "light": {"bright": _OBSCURE, "dim": _OBSCURE, "dark": _OBSCURE},
    "falling": {
        "min_height_yd": _YD,
        "step_yd": ("num", 0.01, None),
        "damage_dice": ("die",),
        "max_damage_dice": ("die",),
        "lands_prone": ("bool",),
    },
    "jump": {
        "safe_drop_yd": _YD,
        "across_base_yd": ("int", 0, 100),
        "across_min_yd": ("int", 0, 100),
        "run_up_yd": _YD,
        "run_up_bonus_yd": ("int", 0, 100),
        "up_min_ft": ("int", 0, 100),
    },
    "movement": {
        "rush_multiplier": ("num", 0.01, 100),
        "retreat_fraction": _FRACTION,
        "crawl_fraction": _FRACTION,
        "crawl_min_yd": _YD,
        "escape_fraction": _FRACTION,
        "step_up_yd": _YD,
    },
    "melee_options": {
        "driving_banes": _BANES,
        "guarded_banes": _BANES,
        "lunging_banes": _BANES,
        "lunging_extra_reach_yd": _YD,
        "shifting_banes": _BANES,
        "unbalancing_banes": _BANES,
    },
    "ranged_options": {
        "called_shot_banes": _BANES,
        "distant_shot_banes": _BANES,
        "distant_shot_range_multiplier": ("num", 1, 100),
        "staggering_shot_banes": _BANES,
    },
    "cover_banes": {"half": _BANES, "three_quarters": _BANES},
    "obscurement_banes": {"partial": _BANES, "heavy": _BANES, "total": _BANES},
    "two_weapons": {"one_target_banes": _BANES, "two_targets_banes": _BANES},
    "mounted": {
        "both_attack_banes": _BANES,
        "thrown_clear_yd": _YD,
        "crushed_damage_dice": ("die",),
    },
    "hidden": {"guess_banes": _BANES, "attack_boons": _BANES},
    "sight": {"prone_height_fraction": ("num", 0, 1), "thrown_distant_shot": ("bool",)},
    "defend_banes": _BANES,
    "prepare_boons": _BANES,
    "charge_banes": _BANES,
    "prone_attack_banes": _BANES,
    "help_range_yd": _YD,
    "attack_object_banes": _BANES,
    "unarmed_disarm_banes": _BANES,
    "unarmed_damage": ("dice",),
    "challenge_target": ("int", 1, 100),
    "minor_activities_fast": ("int", 0, 20),
    "minor_activities_slow": ("int", 0, 20),
    "free_attack_unarmed": ("bool",),
    "damage_while_incapacitated": ("choice", ("dying", "dead")),
    "gm_creatures_die_at_health": ("bool",),
    "fate_dies_at_most": ("int", 1, 20),
    "fate_heals_at_least": ("int", 1, 20),
}
_DIE = re.compile(r"^\d*d\d+$")


def _number_problem(spec: tuple[Any, ...], raw: Any) -> str | None:
    kind, lo, hi = spec
    whole = kind == "int"
    if isinstance(raw, bool) or not isinstance(raw, (int, float)) or (
        whole and not isinstance(raw, int)
    ):
        return f"must be a {'whole ' if whole else ''}number, not {raw!r}"
    if (lo is not None and raw < lo) or (hi is not None and raw > hi):
        span = f"at least {lo:g}" if hi is None else f"between {lo:g} and {hi:g}"
        return f"must be {span}, not {raw!r}"
    return None


def _problem(spec: tuple[Any, ...], raw: Any) -> str | None:
    """What is wrong with one value against its spec, or None."""
    kind = spec[0]
    if kind == "bool":
        if isinstance(raw, bool):
            return None
        quoted = " (write it without quotes)" if str(raw).lower() in ("true", "false") else ""
        return f"must be true or false, not {raw!r}{quoted}"
    if kind in ("int", "num"):
        return _number_problem(spec, raw)
    if kind == "choice":
        if isinstance(raw, str) and raw.lower() in spec[1]:
            return None
        return f"must be one of {', '.join(spec[1])}, not {raw!r}"
    ok = False
    if isinstance(raw, (str, int)) and not isinstance(raw, bool):
        text = str(raw).replace(" ", "")
        ok = bool(_DIE.match(text)) if kind == "die" else _parses(text)
    example = "1d6" if kind == "die" else "1d6+1"
    return None if ok else f"must be dice such as {example}, not {raw!r}"


def _parses(text: str) -> bool:
    try:
        parse_dice(text)
    except ValueError:
        return False
    return True


def _unknown(key: str, known: Mapping[str, Any], where: str) -> str:
    close = difflib.get_close_matches(key, sorted(known), n=1)
    hint = f" (did you mean '{close[0]}'?)" if close else ""
    return f"unknown SotDL param{where}{hint}"


def param_problems(params: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Every mistake in a ruleset file's SotDL params as (dotted key, what is wrong): wrong
    types (a quoted "false" is not false), numbers out of range, bad dice, unknown keys (with
    the closest known one). The I/O edge adds the lines.

    >>> param_problems({"falling": {"lands_prone": "false"}, "help_rang_yd": 5})
    [('falling.lands_prone', "must be true or false, not 'false' (write it without quotes)"), \
('help_rang_yd', "unknown SotDL param (did you mean 'help_range_yd'?)")]
    >>> param_problems({"jump": {"safe_drop_yd": 5}, "defend_banes": 1})
    []
    """
    out: list[tuple[str, str]] = []
    for key, raw in params.items():
        name = str(key)
        spec = SCHEMA.get(name)
        if spec is None:
            out.append((name, _unknown(name, SCHEMA, "")))
        elif isinstance(spec, dict):
            if raw is None:
                continue  # an empty block: every default stands
            if not isinstance(raw, Mapping):
                out.append((name, f"must be a mapping of {', '.join(spec)}, not {raw!r}"))
                continue
            for sub, value in raw.items():
                dotted = f"{name}.{sub}"
                if str(sub) not in spec:
                    out.append((dotted, _unknown(str(sub), spec, f" in {name}")))
                elif (what := _problem(spec[str(sub)], value)) is not None:
                    out.append((dotted, what))
        elif (what := _problem(spec, raw)) is not None:
            out.append((name, what))
    return out
