"""Things in a map that load but are probably mistakes: for `battlemat check` to point at.

Each note is one line naming the place, like an error, but loading goes on.
"""

from __future__ import annotations

import difflib
from typing import Any

from game.io.tiled_conventions import CREATURE_CLASSES, OBSTACLE_KINDS, ZONE_DEFAULTS, keys
from game.rules.battlefield import Battlefield, Terrain

ZONE_PROPS = ("terrain", "elevation", "light", "obscurement", "banes")
OBSTACLE_PROPS = (
    "height",
    "base",
    "climbable",
    "openings",
    "opening",
    "blocks_movement",
    "blocks_sight",
)
CREATURE_PROPS = ("creature", "side", "elevation")
COMMON_PROPS = ("battlemat_ignore",)
KNOWN_CLASSES = tuple(ZONE_DEFAULTS) + tuple(OBSTACLE_KINDS) + CREATURE_CLASSES


def _close(word: str, choices: tuple[str, ...]) -> str | None:
    found = difflib.get_close_matches(word, choices, n=1, cutoff=0.75)
    return found[0] if found else None


def class_note(where: str, cls: str) -> str | None:
    """A class Battlemat does not know but that looks like one it does ("lowwall")."""
    if not cls or cls in KNOWN_CLASSES:
        return None
    guess = _close(cls, KNOWN_CLASSES)
    if guess is None:
        return None
    return f"{where}: class {cls!r} means nothing to Battlemat (did you mean {guess!r}?)"


def property_notes(where: str, cls: str, props: dict[str, Any]) -> list[str]:
    """Property names that look like misspelt Battlemat properties ("heigth")."""
    known: tuple[str, ...]
    if cls in ZONE_DEFAULTS:
        known = ZONE_PROPS
    elif cls in OBSTACLE_KINDS:
        known = OBSTACLE_PROPS
    elif cls in CREATURE_CLASSES:
        known = CREATURE_PROPS
    else:
        return []
    known = known + COMMON_PROPS
    notes = []
    for name in keys(props):
        if name in known:
            continue
        guess = _close(name, known)
        if guess is not None:
            notes.append(
                f"{where}: property {name!r} means nothing to a {cls!r} (did you mean {guess!r}?)"
            )
    return notes


def placement_notes(bf: Battlefield) -> list[str]:
    """Creatures standing where nobody can stand."""
    notes = []
    for p in bf.placements:
        if bf.terrain_at(p.square) & Terrain.IMPASSABLE:
            where = p.source.split(": ", 1)[-1] if p.source else p.creature_id
            notes.append(
                f"{where}: {p.creature_id} stands on an impassable square "
                f"{p.square[0]},{p.square[1]}"
            )
    return notes
