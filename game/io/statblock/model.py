"""What an import read from a stat block: the creature's fields, its new weapons, and what it
could not read (problems, with line numbers) or kept only as text (traits, special actions)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Problem:
    """A line the import could not read, or numbers that disagree: the GM fixes it."""

    line: int
    what: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.what}"


@dataclass
class ImportedCreature:
    """One creature read from text: fields in docs/config.md's names, weapons it needs defined.

    ``fields`` holds only what the text said (never a default); ``weapons`` maps a new weapon id
    to its fields (attack lines that match no shipped weapon); ``kept`` are lines carried into
    the description because the engine does not play them (traits, special actions, magic).
    """

    id: str
    first_line: int
    fields: dict[str, Any] = field(default_factory=dict)
    weapons: dict[str, dict[str, Any]] = field(default_factory=dict)
    problems: list[Problem] = field(default_factory=list)
    kept: list[str] = field(default_factory=list)

    def problem(self, line: int, what: str) -> None:
        """Record a line the GM must fix."""
        self.problems.append(Problem(line, what))


def slug(text: str) -> str:
    """'Thorn Dart' -> 'thorn_dart' (a config id: lower-case letters, digits and _).

    >>> slug("Hill Giant Thug"), slug("3 Headed Dog")
    ('hill_giant_thug', 'c_3_headed_dog')
    """
    out = re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_") or "creature"
    return out if out[0].isalpha() else f"c_{out}"


def title(text: str) -> str:
    """A name as the GM reads it: 'HILL GIANT THUG' -> 'Hill Giant Thug' (mixed case kept)."""
    text = " ".join(text.split())
    return text.title() if text.isupper() else text
