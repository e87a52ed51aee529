"""OSR creature lines -> creature fields (docs/config.md's OSR names).

The OSR house rules (the seed text) name the numbers a creature needs (hit points, armour class,
damage reduction, Dexterity for order, a to-hit bonus, movement in paces, morale, ranks in Lead,
bold or hardy creatures, mobs) but print no stat-block layout. Battlemat reads one line per
creature, its own layout, documented in docs/config.md:

    Raider chieftain: Size 1, HP 14, AC 13, DR 1, Dex 11, +3 to hit, Move 6, Morale 9, Lead 1,
        bold; axe, shortbow

(one line, or continued on lines that start with a space). Weapons after the ``;`` are shipped
weapon ids, or ``name (1d6)`` for a natural weapon of its own.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from game.io.config_fields import Bad, as_dice, as_size
from game.io.statblock.attacks import NATURAL_WORDS
from game.io.statblock.model import ImportedCreature, slug, title
from game.rules.definitions import WeaponDef

#: word in the line -> (field, lowest, highest)
NUMBERS: Mapping[str, tuple[str, int, int]] = {
    "hp": ("hit_points", 1, 5000), "hit points": ("hit_points", 1, 5000),
    "ac": ("armour_class", -10, 30), "armour class": ("armour_class", -10, 30),
    "armor class": ("armour_class", -10, 30), "dr": ("damage_reduction", 0, 30),
    "dex": ("dexterity", 0, 30), "dexterity": ("dexterity", 0, 30),
    "move": ("paces", 0, 100), "morale": ("morale", 2, 12), "ml": ("morale", 2, 12),
    "lead": ("lead", 0, 10), "str": ("strength", 0, 30), "strength": ("strength", 0, 30),
}
REQUIRED = ("size", "hit_points", "armour_class", "paces", "morale")
_LINE = re.compile(r"^(?P<name>[^:;]+):\s*(?P<stats>[^;]*)(?:;\s*(?P<weapons>.*))?$")
_WEAPON = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<dmg>[^()]+)\)$")


def looks_like_osr(text: str) -> bool:
    """True if some line reads 'Name: ... HP n ...' (the OSR creature line)."""
    return bool(re.search(r"^[^:\n]+:.*\b(hp|hit points)\s+\d", text,
                          re.IGNORECASE | re.MULTILINE))


def parse_osr(text: str, weapons: Mapping[str, WeaponDef]) -> list[ImportedCreature]:
    """Every creature line in the text (a line starting with a space continues the one above)."""
    joined: list[tuple[int, str]] = []
    for k, raw in enumerate(text.replace("\t", " ").splitlines(), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if raw[0] == " " and joined:
            joined[-1] = (joined[-1][0], joined[-1][1] + " " + raw.strip())
        else:
            joined.append((k, raw.strip()))
    out = [_line(k, line, weapons) for k, line in joined]
    if not out:
        bad = ImportedCreature("creature", 1)
        bad.problem(1, "no creature line found (Name: Size 1, HP 4, AC 11, Move 6, Morale 7; club)")
        out.append(bad)
    return out


def _line(k: int, line: str, weapons: Mapping[str, WeaponDef]) -> ImportedCreature:
    m = _LINE.match(line.replace("\u2013", "-").replace("\u2212", "-"))
    if m is None:
        bad = ImportedCreature("creature", k)
        bad.problem(k, f"not a creature line 'Name: HP 4, AC 11, ...; weapons': '{line[:60]}'")
        return bad
    name = title(m["name"].strip())
    out = ImportedCreature(slug(name), k)
    out.fields["name"] = name
    for part in (p.strip() for p in m["stats"].split(",") if p.strip()):
        _stat(out, k, part)
    for need in REQUIRED:
        if need not in out.fields:
            out.problem(k, f"{name}: no {need.replace('_', ' ')} "
                           "(Size N, HP N, AC N, Move N, Morale N)")
    if "paces" in out.fields:
        out.fields["speed"] = out.fields["paces"]  # docs/config.md: OSR Speed is in paces
    for part in (p.strip() for p in (m["weapons"] or "").split(",") if p.strip()):
        _weapon(out, k, part, weapons)
    return out


def _stat(out: ImportedCreature, k: int, part: str) -> None:
    low = part.lower()
    if low in ("bold", "hardy"):
        out.fields["bold"] = True
    elif low == "mob":
        out.fields.setdefault("tags", []).append("mob")
    elif m := re.match(r"^size\s+(\d+(?:\.\d+)?|\d+/\d+)$", low):
        try:
            text = m.group(1)
            out.fields["size"] = as_size(text if "/" in text else float(text))
        except Bad as bad:
            out.problem(k, f"Size {bad}")
    elif m := re.match(r"^([+-]\d+)\s+to\s+hit$", low):
        out.fields["attack_bonus"] = int(m.group(1))
    elif m := re.match(r"^([a-z ]+?)\s+(-?\d+)$", low):
        word, value = m.group(1), int(m.group(2))
        if word not in NUMBERS:
            out.problem(k, f"unknown number '{part}' (known: HP, AC, DR, Dex, Str, Move, Morale,"
                           " Lead, +N to hit, Size, bold, mob)")
            return
        key, lo, hi = NUMBERS[word]
        if not lo <= value <= hi:
            out.problem(k, f"{part}: must be between {lo} and {hi}")
            return
        out.fields[key] = value
    else:
        out.problem(k, f"cannot read '{part}' (a word and a number: AC 13)")


def _weapon(out: ImportedCreature, k: int, part: str, weapons: Mapping[str, WeaponDef]) -> None:
    if m := _WEAPON.match(part):
        try:
            dice = as_dice(m["dmg"])
        except Bad as bad:
            out.problem(k, f"{part}: the damage {bad}")
            return
        wid = f"{out.id}_{slug(m['name'])}"
        props = ["natural"] if set(m["name"].lower().split()) & NATURAL_WORDS else []
        wname = m["name"].strip()
        out.weapons[wid] = {"name": wname[0].upper() + wname[1:], "damage": dice,
                            **({"properties": props} if props else {})}
    else:
        wid = slug(part)
        if wid not in weapons:
            close = [w for w in weapons if w.startswith(wid[:3])]
            hint = f" (did you mean {', '.join(close[:3])}?)" if close else ""
            out.problem(k, f"unknown weapon '{part}'{hint}; write 'name (1d6)' for a new one")
            return
    out.fields.setdefault("weapons", []).append(wid)
