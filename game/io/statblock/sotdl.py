"""SotDL stat blocks in the standard layout -> creature fields (docs/config.md's names).

The layout: a name line (``DIFFICULTY N`` may end it), ``Size N descriptors``, ``Perception N
(+M); senses``, ``Defense N (armor); Health N``, ``Insanity N; Corruption N``, the four
attributes with their modifiers, ``Speed N; flier``, traits (one paragraph each), then sections
in capitals: ATTACK OPTIONS (attack lines, game/io/statblock/attacks.py), SPECIAL ATTACKS,
SPECIAL ACTIONS, MAGIC, END OF THE ROUND (kept as text). A block may be pasted from a PDF with
its paragraphs broken over several lines; several blocks may follow one another.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from game.io.config_fields import Bad, as_size
from game.io.statblock.attacks import add_attack
from game.io.statblock.model import ImportedCreature, slug, title
from game.rules.definitions import WeaponDef

ATTRIBUTES = ("strength", "agility", "intellect", "will")
SECTIONS = ("ATTACK OPTIONS", "SPECIAL ATTACKS", "SPECIAL ACTIONS", "MAGIC", "END OF THE ROUND",
            "REACTIONS")
#: Words after Speed, or traits, that are special movement (no extra cost for that terrain).
MOVEMENT_WORDS = {"flier": "fly", "flying": "fly", "fly": "fly", "climber": "climb",
                  "swimmer": "swim", "amphibious": "swim"}
_MINUS = str.maketrans({"\u2013": "-", "\u2212": "-", "\u2014": "-"})
_NUM = r"(\d+)"
_MOD = r"\(\s*([+-]\s*\d+)\s*\)"


def _int(text: str) -> int:
    return int(text.replace(" ", ""))


def split_blocks(lines: list[str]) -> list[tuple[int, list[str]]]:
    """Blocks as (first line number, lines): a block starts at the line before a ``Size`` line."""
    starts = []
    for i, line in enumerate(lines):
        if re.match(r"^\s*size\s", line, re.IGNORECASE):
            j = i - 1
            while j >= 0 and not lines[j].strip():
                j -= 1
            if j >= 0:
                starts.append(j)
    blocks = []
    for n, s in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(lines)
        blocks.append((s + 1, lines[s:end]))
    return blocks


def looks_like_sotdl(text: str) -> bool:
    """True if the text has the SotDL layout's Size, Defense and Health lines."""
    return bool(re.search(r"^\s*size\s+\d", text, re.IGNORECASE | re.MULTILINE)
                and re.search(r"\bdefense\s+\d", text, re.IGNORECASE)
                and re.search(r"\bhealth\s+\d", text, re.IGNORECASE))


def parse_sotdl(text: str, weapons: Mapping[str, WeaponDef],
                named_ranges: Mapping[str, int]) -> list[ImportedCreature]:
    """Every stat block in the text; each says what it could not read (never a silent default)."""
    lines = text.translate(_MINUS).replace("\t", " ").splitlines()
    blocks = split_blocks(lines)
    if not blocks:
        bad = ImportedCreature("creature", 1)
        bad.problem(1, "no stat block found: a block starts with its name, then 'Size N ...'")
        return [bad]
    return [_block(first, body, weapons, named_ranges) for first, body in blocks]


def _block(first: int, body: list[str], weapons: Mapping[str, WeaponDef],
           named_ranges: Mapping[str, int]) -> ImportedCreature:
    header = body[0].strip()
    name, difficulty = header, ""
    if m := re.match(r"^(.*?)\s+difficulty\s+(\d+)\s*$", header, re.IGNORECASE):
        name, difficulty = m.group(1), m.group(2)
    out = ImportedCreature(slug(title(name)), first)
    out.fields["name"] = title(name)
    if difficulty:
        out.kept.append(f"Difficulty {difficulty}")
    modifiers: dict[str, int] = {}
    section = ""
    trait: list[str] | None = None  # the paragraph being read (a wrapped line continues it)
    attack: tuple[int, str] | None = None  # an attack line wrapped over several lines
    seen: set[str] = set()
    paras: list[list[str]] = []  # traits and special actions, each one paragraph

    def finish_attack() -> None:
        nonlocal attack
        if attack is not None:
            add_attack(out, attack[0], attack[1], weapons, named_ranges, modifiers)
            attack = None

    for k, raw in enumerate(body[1:], start=first + 1):
        line = " ".join(raw.split())
        if not line:
            trait = None
            continue
        if line.upper() in SECTIONS:
            finish_attack()
            section, trait = line.upper(), None
            continue
        if section == "ATTACK OPTIONS":
            if attack is not None and attack[1].count("(") > attack[1].count(")"):
                attack = (attack[0], attack[1] + " " + line)  # the line was broken mid-bracket
                continue
            finish_attack()
            attack = (k, line)
            continue
        if section:
            if trait is not None and not _starts_paragraph(line):
                trait.append(line)
            else:
                trait = [f"{section.title()}: {line}"]
                paras.append(trait)
            continue
        key = _stat_line(out, k, line, modifiers, seen)
        if key:
            trait = None
            continue
        if trait is not None and not _starts_paragraph(line):
            trait.append(line)
            continue
        trait = [line]
        paras.append(trait)
        _trait_effects(out, line)
    finish_attack()
    out.kept.extend(" ".join(p) for p in paras)  # a wrapped paragraph reads as one
    for need, what in (("size", "Size N ..."), ("perception", "Perception N (+M)"),
                       ("defense", "Defense N"), ("health", "Health N"),
                       ("attributes", "Strength N (+M), Agility N (+M), Intellect N (+M), "
                                      "Will N (+M)"), ("speed", "Speed N")):
        if need not in seen:
            out.problem(first, f"{out.fields['name']}: no '{what}' line")
    return out


def _starts_paragraph(line: str) -> bool:
    """A trait or special action starts with a capitalised name ('Drag Under When ...')."""
    words = line.split()
    return len(words) >= 2 and words[0][0].isupper() and words[1][0].isupper()


def _trait_effects(out: ImportedCreature, line: str) -> None:
    """Traits the engine plays: Flier, Climber, Swimmer (movement), Spirit (no physical body)."""
    word = line.split()[0].lower().strip(".:")
    if word in MOVEMENT_WORDS:
        _add_movement(out, MOVEMENT_WORDS[word])
    if word == "spirit":
        out.fields["physical_body"] = False


def _add_movement(out: ImportedCreature, mode: str) -> None:
    modes = out.fields.setdefault("movement", [])
    if mode not in modes:
        modes.append(mode)


def _stat_line(out: ImportedCreature, k: int, line: str, modifiers: dict[str, int],
               seen: set[str]) -> str:
    """Read a stat line (Size, Perception, Defense/Health, Insanity, attributes, Speed); '' if it
    is none of them."""
    low = line.lower()
    if low.startswith("size "):
        m = re.match(r"^size\s+(\d+\s*/\s*\d+|\d+(?:\.\d+)?)\s*(.*)$", line, re.IGNORECASE)
        seen.add("size")
        if m is None:
            out.problem(k, f"cannot read the Size in '{line}' (Size 1/2, Size 2 ...)")
            return "size"
        try:
            text = m.group(1).replace(" ", "")
            out.fields["size"] = as_size(text if "/" in text else float(text))
        except Bad as bad:
            out.problem(k, f"Size {bad}")
        tags = [t.strip().lower() for t in re.split(r"[,;]", m.group(2)) if t.strip()]
        if tags:
            out.fields["tags"] = [" ".join(t.split()) for t in tags]
        if "spirit" in tags:
            out.fields["physical_body"] = False
        return "size"
    if low.startswith("perception"):
        seen.add("perception")
        m = re.match(rf"^perception\s+{_NUM}\s*{_MOD}\s*(?:;\s*(.*))?$", line, re.IGNORECASE)
        if m is None:
            out.problem(k, f"cannot read '{line}' (Perception N (+M); senses)")
            return "perception"
        _score(out, k, "perception", m.group(1), m.group(2), 0, 40)
        if m.group(3):
            out.kept.append(f"Senses: {m.group(3)}")
        return "perception"
    if low.startswith("defense") or low.startswith("health"):
        for part in (p.strip() for p in line.split(";")):
            if m := re.match(rf"^defense\s+{_NUM}\s*(?:\(([^)]*)\))?$", part, re.IGNORECASE):
                seen.add("defense")
                _number(out, k, "defense", m.group(1), 0, 30)
                if m.group(2):
                    out.kept.append(f"Armor: {m.group(2)}")
            elif m := re.match(rf"^health\s+{_NUM}$", part, re.IGNORECASE):
                seen.add("health")
                _number(out, k, "health", m.group(1), 1, 5000)
            else:
                out.problem(k, f"cannot read '{part}' (Defense N (armor); Health N)")
        return "defense"
    if low.startswith("insanity") or low.startswith("corruption"):
        for part in (p.strip() for p in line.split(";")):
            if not re.match(rf"^(insanity|corruption)\s+{_NUM}$", part, re.IGNORECASE):
                out.problem(k, f"cannot read '{part}' (Insanity N; Corruption N)")
        out.kept.append(line)  # the engine plays neither: kept for the GM
        return "insanity"
    if low.startswith("strength"):
        seen.add("attributes")
        parts = [p.strip() for p in re.split(r"[,;]", line) if p.strip()]
        got = set()
        for part in parts:
            m = re.match(rf"^(strength|agility|intellect|will)\s+{_NUM}\s*{_MOD}$", part,
                         re.IGNORECASE)
            if m is None:
                out.problem(k, f"cannot read '{part}' (an attribute: Strength 11 (+1))")
                continue
            attr = m.group(1).lower()
            got.add(attr)
            if _score(out, k, attr, m.group(2), m.group(3), 0, 30):
                modifiers[attr] = int(out.fields[attr]) - 10
        for attr in ATTRIBUTES:
            if attr not in got:
                out.problem(k, f"no {attr.title()} on the attribute line")
        return "attributes"
    if low.startswith("speed"):
        seen.add("speed")
        m = re.match(rf"^speed\s+{_NUM}\s*(?:[;,]\s*(.*))?$", line, re.IGNORECASE)
        if m is None:
            out.problem(k, f"cannot read '{line}' (Speed N; flier)")
            return "speed"
        _number(out, k, "speed", m.group(1), 0, 100)
        for word in (w.strip().lower() for w in re.split(r"[,;]", m.group(2) or "") if w.strip()):
            if word in MOVEMENT_WORDS:
                _add_movement(out, MOVEMENT_WORDS[word])
            else:
                out.kept.append(f"Speed: {word}")
        return "speed"
    return ""


def _number(out: ImportedCreature, k: int, key: str, text: str, lo: int, hi: int) -> bool:
    value = int(text)
    if not lo <= value <= hi:
        out.problem(k, f"{key.title()} {value} is out of range ({lo}-{hi})")
        return False
    out.fields[key] = value
    return True


def _score(out: ImportedCreature, k: int, key: str, score: str, mod: str, lo: int,
           hi: int) -> bool:
    """A score and its modifier (SotDL: modifier = score - 10); they must agree."""
    if not _number(out, k, key, score, lo, hi):
        return False
    want = int(score) - 10
    if _int(mod) != want:
        out.problem(k, f"{key.title()} {score} has modifier {want:+d}, "
                       f"the line says {_int(mod):+d}")
        return False
    return True
