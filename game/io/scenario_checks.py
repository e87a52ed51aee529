"""Scenario checks that give one line instead of a crash mid-run (docs/scenarios.md): command
field types, creatures' starting spaces, likely typos in ``params``."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.rules.battlefield import Battlefield, Terrain


def check_scalar(name: str, field: str, ftype: str, v: Any) -> tuple[Any, str]:
    """(value, '') or (value, what is wrong) for a command field of a plain type
    (`amount: lots` is one line here, not a crash mid-run)."""
    number = isinstance(v, (int, float)) and not isinstance(v, bool)
    if ftype == "int" and not (number and float(v).is_integer()):
        return v, f"{name}: {field} must be a whole number, not {v!r}"
    if ftype in ("float", "float | None") and not (number or v is None):
        return v, f"{name}: {field} must be a number, not {v!r}"
    if ftype == "bool" and not isinstance(v, bool):
        return v, f"{name}: {field} must be true or false, not {v!r}"
    if ftype == "str" and number:
        return str(v), ""  # `damage: 3`, `effect: 1`
    if ftype == "str" and not isinstance(v, str):
        return v, f"{name}: {field} must be text, not {v!r}"
    if ftype == "tuple[str, ...]":
        if isinstance(v, str):
            return (v,), ""  # `targets: orc` for a single one
        if not isinstance(v, tuple) or not all(isinstance(x, str) for x in v):
            return v, f"{name}: {field} must be a list of ids like [a, b], not {v!r}"
    return (int(v) if ftype == "int" else v), ""


def check_space(cid: str, at: tuple[int, int], space: int, c: Mapping[str, Any],
                data: Mapping[str, Any], bf: Battlefield,
                taken: dict[tuple[int, int], tuple[str, str]]) -> str:
    """No creature starts inside a wall or in another's space (a rider, `data: {mount:
    horse}`, shares its mount's); '' when the space is free (``taken`` grows)."""
    mount = str(data.get("mount", ""))
    for dx in range(space):
        for dy in range(space):
            sq = (at[0] + dx, at[1] + dy)
            if c.get("elevation_yd") is None and bf.terrain_at(sq) & Terrain.IMPASSABLE:
                return f"creature {cid}: {list(sq)} is a wall or other impassable square"
            other, other_mount = taken.get(sq, ("", ""))
            if other and mount != other and other_mount != cid:
                return (f"creature {cid}: {list(sq)} is already taken by {other} "
                        "(a rider gives data: {mount: <its mount's id>})")
            taken[sq] = (cid, mount)
    return ""


_NUMBER_SUFFIXES = ("_yd", "_banes", "_boons", "_multiplier", "_fraction", "_at_most",
                    "_at_least", "_target")


def param_mistakes(extra: Mapping[str, Any], base: Mapping[str, Any], prefix: str = ""
                   ) -> list[tuple[str, str]]:
    """Likely typos in a scenario's params: a key close to a known one but not it
    (`help_rang_yd`), a number written as words (`help_range_yd: five`)."""
    import difflib

    out: list[tuple[str, str]] = []
    for key, v in extra.items():
        name = prefix + str(key)
        if key not in base:
            near = difflib.get_close_matches(str(key), [str(k) for k in base], 1, 0.8)
            if near:
                out.append((name, f"unknown key (did you mean {near[0]!r}?)"))
                continue
        number = isinstance(v, (int, float)) and not isinstance(v, bool)
        if str(key).endswith(_NUMBER_SUFFIXES) and not number:
            out.append((name, f"must be a number, not {v!r}"))
        if isinstance(v, Mapping) and isinstance(base.get(key), Mapping):
            out += param_mistakes(v, base[key], name + ".")
    return out
