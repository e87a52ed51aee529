"""Imported creatures as the YAML of docs/config.md, checked by the loader's own builders."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from game.io.config_defs import build_creature, build_weapon
from game.io.config_fields import Ctx, Report
from game.io.statblock.model import ImportedCreature
from game.io.yaml_lines import load_yaml_text
from game.io.yaml_write import block
from game.rules.definitions import CreatureDef, WeaponDef

#: The order fields are written in (docs/config.md's table order); others follow.
ORDER = ("name", "size", "speed", "defense", "health", "strength", "agility", "intellect",
         "will", "perception", "weapons", "movement", "reach_yd", "physical_body", "tags",
         "hit_points", "armour_class", "attack_bonus", "damage_reduction", "morale",
         "dexterity", "lead", "paces", "bold", "description")


def _size(value: float) -> Any:
    """Sizes below 1 as the books write them (1/2, 1/4)."""
    return Fraction(value).limit_denominator(8) if value < 1 else value


def creature_record(c: ImportedCreature) -> dict[str, Any]:
    """The creature's fields in writing order, its kept text as the description."""
    fields = dict(c.fields)
    if "size" in fields:
        fields["size"] = _size(float(fields["size"]))
    if c.kept:
        fields["description"] = "\n".join(c.kept) + "\n"
    return {k: fields[k] for k in ORDER if k in fields} | {
        k: v for k, v in fields.items() if k not in ORDER}


def creatures_yaml(creatures: Sequence[ImportedCreature], source: str) -> str:
    """A ``creatures:`` file holding the imported creatures."""
    body = {c.id: creature_record(c) for c in creatures}
    head = f"# Imported by `battlemat import-creature` from {source} (docs/config.md)."
    return "\n".join([head, *block({"creatures": body})]) + "\n"


def weapons_yaml(creatures: Sequence[ImportedCreature], source: str) -> str:
    """A ``weapons:`` file with the attacks that match no shipped weapon ('' if none)."""
    body = {wid: w for c in creatures for wid, w in c.weapons.items()}
    if not body:
        return ""
    head = f"# Attacks of the creatures imported from {source} (docs/config.md)."
    return "\n".join([head, *block({"weapons": body})]) + "\n"


def check_written(creatures_text: str, weapons_text: str, shipped: Mapping[str, WeaponDef],
                  where: str) -> tuple[dict[str, CreatureDef], list[str]]:
    """Read the written YAML back through the config loader's builders: the definitions, or
    its mistakes (an import must never write what `battlemat check` refuses)."""
    report = Report()
    weapons: dict[str, WeaponDef] = dict(shipped)
    if weapons_text:
        doc = load_yaml_text(weapons_text, where + " (weapons)")
        ctx = Ctx(where + " (weapons)", report)
        for wid, node in doc.data["weapons"].items():
            w = build_weapon(ctx, wid, node, doc.data["weapons"].key_line(wid))
            if w is not None:
                weapons[wid] = w
    doc = load_yaml_text(creatures_text, where)
    ctx = Ctx(where, report)
    out: dict[str, CreatureDef] = {}
    for cid, node in doc.data["creatures"].items():
        c = build_creature(ctx, cid, node, doc.data["creatures"].key_line(cid), weapons)
        if c is not None:
            out[cid] = c
    return out, [str(e) for e in report.errors]
