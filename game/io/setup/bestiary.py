"""The bestiary: every creature definition the config holds (the shipped files and any the GM
adds to config/creatures/), searched by name as the GM types."""

from __future__ import annotations

from collections.abc import Mapping

from game.rules.definitions import CreatureDef


def search(creatures: Mapping[str, CreatureDef], text: str, *, limit: int = 50,
           ruleset: str = "") -> list[CreatureDef]:
    """Creatures whose name, id or tags hold every typed word, best first: names that start
    with the text, then names holding it, then ids and tags; ties by name.

    ``ruleset`` 'osr' puts the OSR files' creatures (``osr_`` ids) first, 'sotdl' last.

    >>> from game.rules.definitions import CreatureDef as C
    >>> cs = {i: C(i, n, 1, 10, 10, 10) for i, n in [("warg", "Warg"), ("goblin", "Goblin"),
    ...       ("goblin_boss", "Goblin Boss"), ("hobgoblin", "Hobgoblin")]}
    >>> [c.id for c in search(cs, "gob")]
    ['goblin', 'goblin_boss', 'hobgoblin']
    """
    words = text.lower().split()
    scored: list[tuple[int, int, str, CreatureDef]] = []
    for c in creatures.values():
        name = c.name.lower()
        hay = " ".join([name, c.id.replace("_", " "), *sorted(c.tags)])
        if not all(w in hay for w in words):
            continue
        rank = 0 if not words or name.startswith(text.lower().strip()) else \
            1 if all(w in name for w in words) else 2
        osr = c.id.startswith("osr_")
        side = 0 if not ruleset or osr == (ruleset == "osr") else 1
        scored.append((side, rank, name, c))
    scored.sort(key=lambda t: t[:3])
    return [c for *_, c in scored[:limit]]
