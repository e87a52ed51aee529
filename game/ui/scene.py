"""What one frame shows, as plain values: the renderer is a free function of a Scene.

The app builds a Scene from the encounter (through the engine's queries) and from the tools'
previews; render_file builds one from a map's placements. Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from game.rules.battlefield import Battlefield, Square

#: Overlay names for the keyboard, the menu and `battlemat render --overlay`.
OVERLAYS: dict[str, str] = {
    "grid": "yard grid",
    "terrain": "difficult and treacherous terrain, water, impassable squares",
    "obstacles": "obstacles with their cover heights",
    "obscurement": "obscurement zones (foliage, fog, magical darkness)",
    "light": "dim light and darkness",
    "elevation": "elevation shading and heights",
    "reach": "the reach of every creature",
}
DEFAULT_OVERLAYS = frozenset({"grid", "elevation"})
#: Overlays that depend only on the battlefield: baked into the cached map chunks.
STATIC_OVERLAYS = frozenset({"grid", "terrain", "obstacles", "obscurement", "light", "elevation"})


@dataclass(frozen=True)
class TokenView:
    """One creature as drawn: where, how big, whose, how hurt, afflicted with what."""

    key: str  # the creature's id in the encounter
    name: str
    square: Square
    space: int = 1
    side: str = ""
    controller: str = "gm"  # "players" or "gm": the default ring colour
    elevation_yd: float = 0.0  # feet above the ground of its square (flyers, riders)
    damage: int = 0
    health: int = 1
    afflictions: tuple[str, ...] = ()
    image: str = ""  # path from config/tokens.yaml, or "" for a disc with initials
    mount_key: str = ""  # the creature this one rides
    hidden: bool = False  # hidden from the players: not drawn in the player view
    acted: bool = False
    reach_yd: float = 1.0
    is_current: bool = False  # the creature whose turn it is
    label: str = ""  # letters on the disc when the initials alone would be ambiguous
    tile: int = 0  # its map placement's Tiled tile (a gid of the map), drawn as its art
    show_health: bool = True  # False: the table screen shows no bar (foes' health "none")

    @property
    def initials(self) -> str:
        """Up to two letters: 'Warg 2' -> 'W2', 'Bobby' -> 'BO' (or the disambiguated label)."""
        if self.label:
            return self.label
        words = [w for w in self.name.replace("_", " ").split() if w]
        if not words:
            return "?"
        if len(words) == 1:
            return words[0][:2].upper()
        return (words[0][0] + words[-1][0]).upper()


@dataclass(frozen=True)
class FormationMark:
    """A formation as a block on the map: its members' squares, the way it faces, its cohesion."""

    key: str
    squares: tuple[Square, ...]
    facing: str = ""  # "N", "NE" ... "" when the ruleset gives none
    side: str = ""
    controller: str = "gm"
    label: str = ""  # "tight, cohesion 6"
    legal: bool = True  # False: a previewed block move the engine would refuse (drawn in yellow)


@dataclass(frozen=True)
class PathStepMark:
    """Something that happens at one step of a previewed path (a free attack, a jump, a fall)."""

    square: Square
    kind: str  # "free_attack", "jump", "balance", "climb", "swim", "fall", "stop"
    text: str = ""
    source_key: str = ""  # the threatening creature, highlighted


@dataclass(frozen=True)
class MovePreview:
    """Reachable squares by cost class, and the hovered path with its marks."""

    mover_key: str = ""
    # (height, width) int8: -1 unreachable, else an index into ``classes``
    cost_class: np.ndarray | None = None
    classes: tuple[str, ...] = ("move", "rush", "retreat")
    path: tuple[Square, ...] = ()
    waypoints: tuple[Square, ...] = ()
    cost_yd: float = 0.0
    marks: tuple[PathStepMark, ...] = ()
    legal: bool = True
    note: str = ""  # "7 yards, 1 free attack (Warg)"
    # over an edge: (square entered, the ways it could be crossed, the way taken), the move
    # tool's W key cycles them (Seed SotDL: Climb, Jump)
    edges: tuple[tuple[Square, tuple[str, ...], str], ...] = ()


@dataclass(frozen=True)
class TargetPreview:
    """A hovered target: legal or why not, lines of cover, and the reasons for the numbers."""

    attacker_key: str
    target_key: str
    legal: bool
    lines: tuple[tuple[tuple[float, float], tuple[float, float], bool], ...] = ()  # a, b, blocked
    text: tuple[str, ...] = ()  # "4 yards, short range", "1 bane: half cover" ...
    at: Square | None = None  # where the reasons are written (the target's square)
    approach: MovePreview | None = None  # the path a command that moves first takes (charge)


@dataclass
class Scene:
    """Everything a frame draws (the renderer reads it, never changes it)."""

    battlefield: Battlefield
    tokens: tuple[TokenView, ...] = ()
    overlays: frozenset[str] = DEFAULT_OVERLAYS
    selected_key: str = ""
    highlighted_keys: frozenset[str] = frozenset()
    hover_square: Square | None = None
    hover_px: tuple[int, int] | None = None  # the cursor over the map (a token's tooltip)
    move: MovePreview | None = None
    target: TargetPreview | None = None
    measure: tuple[Square, Square, str] | None = None  # from, to, label
    player_view: bool = False
    labels: dict[str, str] = field(default_factory=dict)  # key -> text drawn under a token
    formations: tuple[FormationMark, ...] = ()  # blocks that move and face as one (OSR)
    # Squares the players see ((h, w) bool), None for no fog: the table screen blacks out the
    # rest, the GM window tints it (game/ui/players_see.py)
    fog_seen: np.ndarray | None = field(default=None, compare=False)

    def visible_tokens(self) -> tuple[TokenView, ...]:
        """Tokens this view may show (the player view never shows hidden creatures)."""
        if not self.player_view:
            return self.tokens
        return tuple(t for t in self.tokens if not t.hidden)


def with_unique_labels(tokens: tuple[TokenView, ...]) -> tuple[TokenView, ...]:
    """Tokens whose initials collide get letters that tell them apart ('Warg' WG, 'Warhorse' WE).

    >>> [t.initials for t in with_unique_labels((TokenView("a", "Warg", (0, 0)),
    ...                                          TokenView("b", "Warhorse", (1, 0))))]
    ['WG', 'WE']
    """
    from collections import Counter
    from dataclasses import replace

    counts = Counter(t.initials for t in tokens)
    if all(n == 1 for n in counts.values()):
        return tokens
    taken = {k for k, n in counts.items() if n == 1}
    out = []
    for t in tokens:
        if counts[t.initials] == 1:
            out.append(t)
            continue
        letters = "".join(ch for ch in t.name.upper() if ch.isalnum())
        options = [letters[:1] + letters[-1:], letters[:3], letters[:1] + letters[-2:]]
        options += [f"{letters[:1]}{i}" for i in range(1, 100)]
        pick = next(o for o in options if o and o not in taken)
        taken.add(pick)
        out.append(replace(t, label=pick))
    return tuple(out)


def tokens_from_placements(
    bf: Battlefield, *, sizes: dict[str, int] | None = None
) -> tuple[TokenView, ...]:
    """Tokens for a bare map (no encounter yet): one per creature the map stamps."""
    out = []
    counts: dict[str, int] = {}
    for i, p in enumerate(bf.placements):
        counts[p.creature_id] = counts.get(p.creature_id, 0) + 1
        name = p.name or f"{p.creature_id.replace('_', ' ').title()} {counts[p.creature_id]}"
        out.append(
            TokenView(
                key=f"p{i}",
                name=name,
                square=p.square,
                space=(sizes or {}).get(p.creature_id, 1),
                side=p.side,
                controller="players" if p.side in ("players", "party", "pcs") else "gm",
                image=p.token,
                tile=0 if p.token else p.tile,
            )
        )
    return tuple(out)
