"""Weapons, creatures and rulesets from YAML into the frozen definitions (docs/config.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.io.config_fields import (
    Bad,
    Ctx,
    Field,
    as_bool,
    as_dice,
    as_id,
    as_int,
    as_number,
    as_size,
    as_str,
    freeze_params,
    in_range,
    is_defined,
    one_of,
    read_list,
    read_record,
    require_map,
    suggest,
)
from game.io.pictures import picture_problem
from game.io.yaml_lines import LineMap
from game.rules.definitions import WEAPON_PROPERTIES, CreatureDef, RulesetDef, WeaponDef

DAMAGE_TYPES = frozenset({"physical", "lightning", "fire", "acid"})
MOVEMENT_MODES = frozenset({"fly", "swim", "climb"})
DIAGONAL_RULES = frozenset({"chebyshev", "alternating", "euclidean"})
OBSCUREMENTS = frozenset({"none", "partial", "heavy", "total"})
LIGHT_LEVELS = frozenset({"bright", "dim", "dark"})


def _any(value: Any) -> Any:
    """Accept as is (the caller checks it with line numbers)."""
    return value


def _title(ident: str) -> str:
    """'human_spearman' -> 'Human Spearman'."""
    return ident.replace("_", " ").title()


_BY_ANNOTATION: Mapping[str, Any] = {
    "int": as_int,
    "int | None": as_int,
    "float": as_number,
    "float | None": as_number,
    "bool": as_bool,
    "str": as_str,
}


def with_added_fields(cls: type, spec: dict[str, Field]) -> dict[str, Field]:
    """The spec, plus any field another developer added to the dataclass since (plain types).

    definitions.py grows additively; a new ``int``/``float``/``bool``/``str`` field with a default
    is accepted in YAML at once, type-checked, without a change here.
    """
    out = dict(spec)
    for f in dataclasses.fields(cls):
        conv = _BY_ANNOTATION.get(str(f.type))
        if f.name not in out and f.name != "id" and conv is not None:
            out[f.name] = Field(conv)
    return out


WEAPON_SPEC: Mapping[str, Field] = {
    "name": Field(as_str),
    "damage": Field(as_dice, required=True),
    "kind": Field(one_of({"melee", "ranged"})),
    "properties": Field(_any),
    "reach_yd": Field(in_range(as_int, 0, 10)),
    "range_yd": Field(in_range(as_int, 0, 1000)),
    "defense_bonus": Field(in_range(as_int, 0, 10)),
    "damage_type": Field(one_of(DAMAGE_TYPES)),
    "off_hand_damage": Field(as_dice),
    "attack_boons": Field(in_range(as_int, -5, 5)),
}
WEAPON_SPEC = with_added_fields(WeaponDef, dict(WEAPON_SPEC))
_WEAPON_BUILT = {
    "name",
    "damage",
    "kind",
    "properties",
    "reach_yd",
    "range_yd",
    "defense_bonus",
    "damage_type",
    "off_hand_damage",
}


def build_weapon(ctx: Ctx, wid: str, node: Any, line: int) -> WeaponDef | None:
    """One weapon (SotDL chapter 6 style); None if it had mistakes (they are reported)."""
    label = f"weapon '{wid}'"
    m = require_map(ctx, node, line, label)
    if m is None:
        return None
    v, ok = read_record(ctx, m, WEAPON_SPEC, label, line)
    props: set[str] = set()
    if "properties" in m:

        def prop(value: Any) -> str:
            text = as_str(value)
            if text not in WEAPON_PROPERTIES:
                raise Bad(f"is an unknown property '{text}'{suggest(text, WEAPON_PROPERTIES)}")
            return text

        items, ok_p = read_list(
            ctx, m["properties"], m.value_line("properties"), f"{label}: 'properties'", prop
        )
        props, ok = set(items), ok and ok_p
    ranged = "range" in props
    kind = v.get("kind", "ranged" if ranged else "melee")
    # The properties carry the numbers they need (SotDL: reach, range, thrown, defensive).
    reach = v.get("reach_yd", 1 if "reach" in props else 0)
    defense = v.get("defense_bonus", 1 if "defensive" in props else 0)
    rng = v.get("range_yd", 0)
    rules = (
        (kind == "ranged" and not ranged, "kind", "a ranged weapon needs the 'range' property"),
        (
            kind == "melee" and ranged,
            "kind",
            "a weapon with the 'range' property is ranged, not melee",
        ),
        (
            (ranged or "thrown" in props) and rng <= 0,
            "properties",
            "the 'range' and 'thrown' properties need range_yd (the weapon's range in yards)",
        ),
        (
            rng > 0 and not (ranged or "thrown" in props),
            "range_yd",
            "range_yd needs the 'range' or 'thrown' property",
        ),
        (reach > 0 and "reach" not in props, "reach_yd", "reach_yd needs the 'reach' property"),
        (
            "reach" in props and reach <= 0,
            "reach_yd",
            "the 'reach' property needs reach_yd of 1 or more",
        ),
        (
            defense > 0 and "defensive" not in props,
            "defense_bonus",
            "defense_bonus needs the 'defensive' property",
        ),
        (
            "reload" in props and not ranged,
            "properties",
            "the 'reload' property is for ranged weapons",
        ),
        ("bow" in props and not ranged, "properties", "the 'bow' property is for ranged weapons"),
    )
    fields_ok = ok  # cross-field rules only once every field on its own is right
    for broken, key, what in rules:
        if broken and fields_ok:
            ok = False
            ctx.add(m.key_line(key) if key in m else line, f"{label}: {what}")
    if not ok:
        return None
    return WeaponDef(
        id=wid,
        name=v.get("name", _title(wid)),
        damage=v["damage"],
        kind=kind,
        properties=frozenset(props),
        reach_yd=reach,
        range_yd=rng,
        defense_bonus=defense,
        damage_type=v.get("damage_type", "physical"),
        off_hand_damage=v.get("off_hand_damage", ""),
        **{k: val for k, val in v.items() if k not in _WEAPON_BUILT},
    )


def _attr(lo: int, hi: int) -> Field:
    return Field(in_range(as_int, lo, hi))


CREATURE_SPEC: Mapping[str, Field] = {
    "name": Field(as_str),
    "size": Field(as_size, required=True),
    "speed": Field(in_range(as_int, 0, 100), required=True),
    "defense": Field(in_range(as_int, 0, 30)),  # required, or armour_class (below)
    "health": Field(in_range(as_int, 1, 5000)),  # required, or hit_points
    "strength": _attr(0, 30),
    "agility": _attr(0, 30),
    "intellect": _attr(0, 30),
    "will": _attr(0, 30),
    "perception": _attr(0, 40),
    "weapons": Field(_any),
    "movement": Field(_any),
    "reach_yd": _attr(0, 20),
    "can_be_ridden": Field(as_bool),
    "physical_body": Field(as_bool),
    "tags": Field(_any),
    "hit_points": Field(in_range(as_int, 1, 5000)),
    "armour_class": _attr(-10, 30),
    "attack_bonus": _attr(-10, 30),
    "damage_reduction": _attr(0, 30),
    "morale": _attr(2, 12),
    "dexterity": _attr(0, 30),
    "lead": _attr(0, 10),
    "paces": _attr(0, 100),
    "bold": Field(as_bool),
    "skills": Field(_any),
    "description": Field(as_str),
    "token": Field(as_str),  # token art: the window's (Definitions.tokens), not the stat block's
}
CREATURE_SPEC = with_added_fields(CreatureDef, dict(CREATURE_SPEC))


def build_creature(
    ctx: Ctx,
    cid: str,
    node: Any,
    line: int,
    weapons: Mapping[str, WeaponDef],
    defined: frozenset[str] = frozenset(),
) -> CreatureDef | None:
    """One SotDL stat block (plus OSR numbers); None if it had mistakes (they are reported)."""
    label = f"creature '{cid}'"
    m = require_map(ctx, node, line, label)
    if m is None:
        return None
    v, ok = read_record(ctx, m, CREATURE_SPEC, label, line)
    # An OSR stat block may give only armour_class and hit_points: they stand in for both.
    for key, osr_key in (("defense", "armour_class"), ("health", "hit_points")):
        if key not in m and osr_key not in m:
            ok = False
            ctx.add(line, f"{label}: missing required field '{key}' (or '{osr_key}')")
        elif key not in m and osr_key in v:
            v[key] = max(0, v[osr_key]) if key == "defense" else v[osr_key]
    extra: dict[str, Any] = {}
    if "weapons" in m:

        def weapon(value: Any) -> str:
            wid = as_str(value)
            if wid not in weapons and is_defined(defined, "weapon", wid):  # reported there
                nonlocal ok
                ok = False
            elif wid not in weapons:
                raise Bad(f"is an unknown weapon '{wid}'{suggest(wid, weapons)}")
            return wid

        items, ok_w = read_list(
            ctx, m["weapons"], m.value_line("weapons"), f"{label}: 'weapons'", weapon
        )
        extra["weapons"], ok = tuple(items), ok and ok_w
    if "movement" in m:
        items, ok_m = read_list(
            ctx,
            m["movement"],
            m.value_line("movement"),
            f"{label}: 'movement'",
            one_of(MOVEMENT_MODES),
        )
        extra["movement"], ok = frozenset(items), ok and ok_m
    if "tags" in m:
        items, ok_t = read_list(ctx, m["tags"], m.value_line("tags"), f"{label}: 'tags'", as_str)
        extra["tags"], ok = frozenset(items), ok and ok_t
    if "skills" in m:
        skills = require_map(ctx, m["skills"], m.value_line("skills"), f"{label}: 'skills'")
        ok = ok and skills is not None
        out: dict[str, int] = {}
        for skill, rank in (skills or {}).items():
            try:
                out[as_id(skill)] = in_range(as_int, -5, 20)(rank)
            except Bad as bad:
                ok = False
                ctx.add(skills.value_line(skill), f"{label}: skill '{skill}' {bad}")  # type: ignore[union-attr]
        extra["skills"] = MappingProxyType(out)
    if not ok:
        return None
    fields = {
        k: val
        for k, val in v.items()
        if k not in extra and k not in {"weapons", "movement", "tags", "skills", "token"}
    }
    fields.setdefault("name", _title(cid))
    return CreatureDef(id=cid, **fields, **extra)


def creature_token(ctx: Ctx, cid: str, node: Any) -> str:
    """The token art a creature's file names (``token: art/goblin.png``, relative to that file)
    as an absolute path ('' when it names none). A file that is not a picture to show is
    reported at its line (the file, the creature, what is wrong with the picture) and still
    named, so the window draws the disc with initials and says so."""
    if not isinstance(node, LineMap) or "token" not in node:
        return ""
    line, value = node.value_line("token"), node["token"]
    if not isinstance(value, str):
        return ""  # reported with the other fields ('token' must be text)
    if not value.strip():
        ctx.add(line, f"creature '{cid}': token: a picture file (PNG), not an empty name")
        return ""
    rel = Path(value.strip()).expanduser()
    pic = rel if rel.is_absolute() else (Path(ctx.file).resolve().parent / rel).resolve()
    problem = picture_problem(pic)
    if problem:
        ctx.add(line, f"creature '{cid}': token: {problem}")
    return str(pic)


RULESET_SPEC: Mapping[str, Field] = {
    "id": Field(as_id),
    "name": Field(as_str),
    "diagonal_rule": Field(one_of(DIAGONAL_RULES)),
    "difficult_multiplier": Field(in_range(as_int, 1, 10)),
    "base_reach_yd": Field(in_range(as_int, 0, 10)),
    "distance_unit": Field(as_str),
    "size_to_space": Field(_any),
    "size_to_height_yd": Field(_any),
    "named_ranges_yd": Field(_any),
    "params": Field(_any),
}


def _size_table(
    ctx: Ctx, m: LineMap, key: str, label: str, conv: Any
) -> Mapping[float, Any] | None:
    """A 'Size: number' table such as size_to_space; None if it had mistakes."""
    table = require_map(ctx, m[key], m.value_line(key), f"{label}: '{key}'")
    if table is None:
        return None
    out: dict[float, Any] = {}
    ok = True
    for size, value in table.items():
        try:
            out[as_size(size)] = conv(value)
        except Bad as bad:
            ok = False
            ctx.add(table.key_line(size), f"{label}: '{key}' row {size}: {bad}")
    if ok and not out:
        ctx.add(m.value_line(key), f"{label}: '{key}' must have at least one row")
        return None
    if ok:
        rows = sorted(out.items())
        if any(b[1] < a[1] for a, b in zip(rows, rows[1:], strict=False)):
            ctx.add(m.value_line(key), f"{label}: '{key}' must not shrink as Size grows")
            return None
    return MappingProxyType(dict(sorted(out.items()))) if ok else None


def build_ruleset(ctx: Ctx, stem: str, node: Any) -> RulesetDef | None:
    """One ruleset file: the named geometry numbers, and free-form ``params``."""
    m = require_map(ctx, node, 1, "a ruleset file")
    if m is None:
        return None
    rid = stem
    label = f"ruleset '{rid}'"
    v, ok = read_record(ctx, m, RULESET_SPEC, label, m.line)
    rid = v.get("id", stem)
    extra: dict[str, Any] = {}
    for key, conv in (
        ("size_to_space", in_range(as_int, 1, 50)),
        ("size_to_height_yd", in_range(as_number, 0.01, 100)),
    ):
        if key in m:
            table = _size_table(ctx, m, key, label, conv)
            ok = ok and table is not None
            extra[key] = table
    if "named_ranges_yd" in m:
        ranges = require_map(
            ctx,
            m["named_ranges_yd"],
            m.value_line("named_ranges_yd"),
            f"{label}: 'named_ranges_yd'",
        )
        ok = ok and ranges is not None
        out: dict[str, int] = {}
        for name, yards in (ranges or {}).items():
            try:
                out[as_id(name)] = in_range(as_int, 1, 100_000)(yards)
            except Bad as bad:
                ok = False
                ctx.add(ranges.value_line(name), f"{label}: range '{name}' {bad}")  # type: ignore[union-attr]
        extra["named_ranges_yd"] = MappingProxyType(out)
    if "params" in m:
        before = len(ctx.report.errors)
        extra["params"] = freeze_params(ctx, m["params"], m.value_line("params"), "params")
        light_ok = _check_light(ctx, m, label)  # checked even when other params are wrong
        ok = ok and len(ctx.report.errors) == before and light_ok
    if not ok:
        return None
    fields = {k: val for k, val in v.items() if k not in extra and k != "id"}
    fields.setdefault("name", rid.upper())
    return RulesetDef(id=rid, **fields, **extra)


def _check_light(ctx: Ctx, m: LineMap, label: str) -> bool:
    """params.light maps each light level to the obscurement it gives (SotDL: dim is partial)."""
    params = m["params"]
    light = params.get("light") if isinstance(params, LineMap) else None
    if not isinstance(light, LineMap):
        if light is not None:
            ctx.add(params.value_line("light"), f"{label}: params.light must be a mapping")
            return False
        return True
    ok = True
    for level, obsc in light.items():
        if not isinstance(level, str) or level not in LIGHT_LEVELS:
            ok = False
            ctx.add(
                light.key_line(level),
                f"{label}: params.light: unknown light level '{level}'"
                f"{suggest(str(level), LIGHT_LEVELS)}",
            )
        elif not isinstance(obsc, str) or obsc not in OBSCUREMENTS:
            ok = False
            ctx.add(
                light.value_line(level),
                f"{label}: params.light.{level} must be one of "
                f"{', '.join(sorted(OBSCUREMENTS))}, not {obsc!r}",
            )
    return ok
