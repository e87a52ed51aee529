"""SotDL attack lines: ``Claws (melee; reach +1) +3 with 1 boon (1d6 plus Grab)`` -> a weapon.

An attack line names the attack, how it reaches (melee, reach, a named range, thrown), the
attack roll's modifier and boons or banes, and the damage. The modifier must be the attribute
the engine rolls with (Strength, or Agility for a finesse or ranged attack, SotDL: Attack with a
Melee/Ranged Weapon); a line that says otherwise is a problem, never silently changed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.io.config_fields import Bad, as_dice
from game.io.statblock.model import ImportedCreature, slug
from game.rules.definitions import WeaponDef

#: Attack names that are a body's own weapons (they get the ``natural`` property).
NATURAL_WORDS = frozenset({
    "bite", "claw", "claws", "fang", "fangs", "talon", "talons", "tail", "tusk", "tusks",
    "horn", "horns", "gore", "hoof", "hooves", "sting", "stinger", "slam", "fist", "fists",
    "tentacle", "tentacles", "pincer", "pincers", "beak", "wing", "wings", "stomp", "touch",
    "shock", "headbutt", "kick", "trample", "antlers", "mandibles",
})

_LINE = re.compile(
    r"^(?P<name>[^()]+?)\s*\((?P<how>[^()]*)\)\s*(?P<mod>[+\-\u2013\u2212]\s*\d+)"
    r"(?:\s+with\s+(?P<n>\d+)\s+(?P<bb>boons?|banes?))?\s*\((?P<dmg>[^()]*)\)\s*$",
    re.IGNORECASE,
)
_RANGE = re.compile(r"^(?:(?P<named>short|medium|long)\s+range|range\s+(?P<yd>\d+)(?:\s*yards?)?)$")
_REACH = re.compile(r"^reach\s*\+\s*(\d+)$")
_DAMAGE = re.compile(
    r"^(?P<dice>\d*d\d+(?:\s*[+-]\s*\d+)?|\d+)(?:\s+(?:plus|and)\s+(?P<extra>.+))?$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Attack:
    """One attack line, read: what the weapon is and the roll the stat block says it makes."""

    name: str
    kind: str  # melee or ranged
    properties: frozenset[str]
    reach_yd: int
    range_yd: int
    modifier: int
    boons: int  # banes are negative
    damage: str
    extra: str  # "plus Grab ...": kept as text


def read_attack(text: str, named_ranges: Mapping[str, int]) -> Attack | str:
    """An attack line read, or what is wrong with it (one sentence)."""
    m = _LINE.match(" ".join(text.split()))
    if m is None:
        return ("not an attack line: expected 'Name (melee or range) +N [with N boons] (damage)',"
                f" got '{_short(text)}'")
    name = m["name"].strip()
    props: set[str] = set()
    kind, reach, rng = "melee", 0, 0
    parts = [p.strip().lower() for p in re.split(r"[;,]", m["how"]) if p.strip()]
    if not parts:
        return f"{name}: say how it attacks inside the brackets (melee, short range ...)"
    head, rest = parts[0], parts[1:]
    if " or " in head:  # "melee or short range": a thrown melee weapon
        first, second = (s.strip() for s in head.split(" or ", 1))
        if first != "melee":
            return f"{name}: '{head}' is not 'melee or <range>'"
        head, rest = first, [second, *rest]
        props.add("thrown")
    if head == "melee":
        kind = "melee"
    elif _RANGE.match(head):
        kind = "ranged"
        props.add("range")
        rest = [head, *rest]
    else:
        return f"{name}: '{head}' is neither melee nor a range (short, medium, long, range 20)"
    for part in rest:
        if r := _REACH.match(part):
            reach = int(r.group(1))
            props.add("reach")
        elif r := _RANGE.match(part):
            rng = int(r["yd"]) if r["yd"] else named_ranges.get(r["named"], 0)
            if rng <= 0:
                return f"{name}: the ruleset names no '{r['named']} range'"
        else:
            return f"{name}: cannot read '{part}' (reach +N, short/medium/long range, range N)"
    if ("range" in props or "thrown" in props) and rng <= 0:
        return f"{name}: a thrown or ranged attack needs its range"
    mod = int(re.sub(r"[\s\u2013\u2212]", lambda x: "-" if x.group() != " " else "", m["mod"]))
    boons = int(m["n"] or 0) * (-1 if (m["bb"] or "").lower().startswith("bane") else 1)
    d = _DAMAGE.match(m["dmg"].strip())
    if d is None:
        return f"{name}: cannot read the damage '{m['dmg'].strip()}' (dice such as 1d6+2 first)"
    try:
        dice = as_dice(d["dice"])
    except Bad as bad:
        return f"{name}: the damage {bad}"
    if set(name.lower().split()) & NATURAL_WORDS:
        props.add("natural")
    return Attack(name, kind, frozenset(props), reach, rng, mod, boons, dice, d["extra"] or "")


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= 60 else text[:57] + "..."


def attack_attribute(attack: Attack, modifiers: Mapping[str, int]) -> tuple[str, str]:
    """(properties to add, problem): the attribute whose modifier is the line's ``+N``.

    Seed SotDL: a melee attack rolls Strength (Agility with a finesse weapon), a ranged one
    Agility; a melee line whose +N is Agility's and not Strength's is a finesse attack.
    """
    strength, agility = modifiers.get("strength"), modifiers.get("agility")
    if strength is None or agility is None:
        return "", ""  # the attribute line's own problem already says so
    if attack.kind == "ranged":
        if attack.modifier != agility:
            return "", (f"{attack.name}: +{attack.modifier} is not the Agility modifier "
                        f"({agility:+d}) a ranged attack rolls with").replace("+-", "-")
        return "", ""
    if attack.modifier == strength:
        return "", ""
    if attack.modifier == agility:
        return "finesse", ""
    return "", (f"{attack.name}: {attack.modifier:+d} is neither the Strength ({strength:+d}) nor "
                f"the Agility ({agility:+d}) modifier the attack rolls with")


def weapon_fields(attack: Attack, properties: frozenset[str]) -> dict[str, Any]:
    """The weapon's fields in docs/config.md's names (only those that differ from a default)."""
    out: dict[str, Any] = {"name": attack.name, "damage": attack.damage}
    if properties:
        out["properties"] = sorted(properties)
    if attack.reach_yd:
        out["reach_yd"] = attack.reach_yd
    if attack.range_yd:
        out["range_yd"] = attack.range_yd
    if attack.boons:
        out["attack_boons"] = attack.boons
    return out


def same_weapon(w: WeaponDef, attack: Attack, properties: frozenset[str]) -> bool:
    """A shipped weapon plays exactly as the attack line (name, damage, reach, range, boons)."""
    return (
        w.name.lower() == attack.name.lower()
        and w.damage == attack.damage
        and w.kind == attack.kind
        and w.reach_yd == attack.reach_yd
        and w.range_yd == attack.range_yd
        and getattr(w, "attack_boons", 0) == attack.boons
        and properties <= w.properties
        and ("finesse" in w.properties) == ("finesse" in properties)
    )


def add_attack(out: ImportedCreature, line: int, text: str, weapons: Mapping[str, WeaponDef],
               named_ranges: Mapping[str, int], modifiers: Mapping[str, int]) -> None:
    """Read one attack line into the creature: a shipped weapon's id, or a new weapon."""
    read = read_attack(text, named_ranges)
    if isinstance(read, str):
        out.problem(line, read)
        return
    extra, problem = attack_attribute(read, modifiers)
    if problem:
        out.problem(line, problem)
        return
    props = read.properties | ({extra} if extra else set())
    if read.extra:
        out.kept.append(f"{read.name}: plus {read.extra}")
    wid = next((wid for wid, w in weapons.items() if same_weapon(w, read, props)), "")
    if not wid:
        wid = f"{out.id}_{slug(read.name)}"
        fields = weapon_fields(read, props)
        if wid in out.weapons and out.weapons[wid] != fields:
            out.problem(line, f"{read.name}: a second, different attack of that name")
            return
        out.weapons[wid] = fields
    out.fields.setdefault("weapons", []).append(wid)
