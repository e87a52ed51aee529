"""A small OSR encounter on an ASCII battlefield, for the plug-in tests."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game.rules.ascii_grid import parse_ascii
from game.rules.definitions import (
    CreatureDef,
    Definitions,
    EncounterDef,
    RulesetDef,
    Side,
    WeaponDef,
)
from game.rules.engine import Engine, SeededDice
from game.rulesets.osr import NewCreature, build_ruleset, new_state

WEAPONS = {
    "sword": WeaponDef("sword", "Sword", "1d8", "melee"),
    "spear": WeaponDef("spear", "Spear", "1d6", "melee", frozenset({"thrown"}), range_yd=5),
    "bow": WeaponDef("bow", "Shortbow", "1d6", "ranged", frozenset({"range", "bow"}), range_yd=20),
    "torch": WeaponDef("torch", "Torch", "1d4", "melee", damage_type="fire"),
    "shock": WeaponDef("shock", "Shock rod", "1d8", "melee", damage_type="lightning"),
    "acid": WeaponDef(
        "acid", "Acid flask", "1d6", "ranged", frozenset({"range"}), range_yd=10, damage_type="acid"
    ),
}


def creature(cid: str, **kw: Any) -> CreatureDef:
    base: dict[str, Any] = dict(
        id=cid, name=cid.title(), size=1, speed=6, defense=10, health=10, weapons=("sword",)
    )
    base.update(kw)
    return CreatureDef(**base)


def engine(
    picture: str,
    roster: list[tuple[str, str, tuple[int, int], CreatureDef]],
    *,
    seed: int = 1,
    params: dict[str, Any] | None = None,
    enc_params: dict[str, Any] | None = None,
    formations: dict[str, str] | None = None,
) -> Engine:
    """Engine on an ASCII map; roster rows are (id, side, square, definition)."""
    bf = parse_ascii(picture)
    rdef = RulesetDef("osr", "OSR", params=MappingProxyType(params or {}))
    defs = Definitions(weapons=MappingProxyType(WEAPONS))
    rs = build_ruleset(rdef, defs)
    sides = (Side("pcs", "Party", "players"), Side("gm", "Foes", "gm"))
    news = [
        NewCreature(cid, d, side, sq, name=cid, formation=(formations or {}).get(cid, ""))
        for cid, side, sq, d in roster
    ]
    enc = EncounterDef("t", "t", "ascii:", "osr", sides, params=MappingProxyType(enc_params or {}))
    return Engine(rs, new_state(bf, rs, sides, news, encounter=enc), SeededDice(seed))
