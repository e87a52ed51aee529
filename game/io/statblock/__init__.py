"""Stat blocks pasted as text -> creature definitions (docs/config.md, issue 11).

    import_text(text, weapons, named_ranges) -> ImportResult   # SotDL blocks or OSR lines
    result.creatures_yaml / result.weapons_yaml / result.problems / result.definitions

Pure parsing: no files (the CLI and the window write the result where the GM says).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from game.io.statblock.model import ImportedCreature, Problem, slug
from game.io.statblock.osr import looks_like_osr, parse_osr
from game.io.statblock.sotdl import looks_like_sotdl, parse_sotdl
from game.io.statblock.write import check_written, creatures_yaml, weapons_yaml
from game.rules.definitions import CreatureDef, WeaponDef

DEFAULT_RANGES: Mapping[str, int] = {"short": 5, "medium": 20, "long": 100}


@dataclass
class ImportResult:
    """What an import made: the YAML to write, the definitions it holds, and what is wrong."""

    system: str  # "sotdl" or "osr"
    creatures: list[ImportedCreature]
    creatures_yaml: str = ""
    weapons_yaml: str = ""
    definitions: dict[str, CreatureDef] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)  # "source:line: what", the GM fixes them

    @property
    def ok(self) -> bool:
        """Nothing to fix: every number the engine uses was read."""
        return not self.problems


def import_text(text: str, weapons: Mapping[str, WeaponDef],
                named_ranges: Mapping[str, int] = DEFAULT_RANGES, *, source: str = "text",
                system: str = "") -> ImportResult:
    """Read SotDL stat blocks (or OSR creature lines) into creature definitions.

    ``weapons`` are the shipped ones an attack line may match; ``named_ranges`` the ruleset's
    short/medium/long range in yards. Nothing is written: the result says what would be.
    """
    system = system or ("sotdl" if looks_like_sotdl(text) else "osr" if looks_like_osr(text)
                        else "sotdl")
    found = parse_sotdl(text, weapons, named_ranges) if system == "sotdl" \
        else parse_osr(text, weapons)
    result = ImportResult(system, found)
    seen: dict[str, int] = {}
    for c in found:
        if c.id in seen:
            c.problem(c.first_line, f"a second creature called '{c.fields.get('name', c.id)}' "
                                    f"(the first is at line {seen[c.id]})")
        seen.setdefault(c.id, c.first_line)
    result.problems = [f"{source}:{p.line}: {p.what}" for c in found for p in c.problems]
    if result.problems:
        return result
    result.creatures_yaml = creatures_yaml(found, source)
    result.weapons_yaml = weapons_yaml(found, source)
    defs, mistakes = check_written(result.creatures_yaml, result.weapons_yaml, weapons, source)
    result.definitions = defs
    result.problems = mistakes  # a bug here, not the GM's: still never written
    return result


__all__ = ["DEFAULT_RANGES", "ImportResult", "ImportedCreature", "Problem", "import_text", "slug"]
