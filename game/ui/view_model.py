"""From the encounter's state to what the view draws: TokenViews, and token art settings.

Reads the engine's EncounterState (never changes it). Token art and side colours come from
config/tokens.yaml, the UI's own file, and the pictures creature files name (``token:``, kept
beside the definitions: a stat block carries no colours or sprites).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from game.io.errors import InputError
from game.ui.scene import TokenView

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent
TOKENS_FILE = PROJECT_ROOT / "config" / "tokens.yaml"


@dataclass(frozen=True)
class TokenConfig:
    """Token art by creature id (or name), and ring colours by side id."""

    images: dict[str, str] = field(default_factory=dict)
    side_colours: dict[str, tuple[int, int, int]] = field(default_factory=dict)


def _colour(value: Any, file: Path, where: str) -> tuple[int, int, int]:
    text = str(value).strip().lstrip("#")
    if len(text) != 6:
        raise InputError(str(file), where, f"colour {value!r} is not #rrggbb")
    try:
        return (int(text[0:2], 16), int(text[2:4], 16), int(text[4:6], 16))
    except ValueError:
        raise InputError(str(file), where, f"colour {value!r} is not #rrggbb") from None


def load_token_config(path: Path = TOKENS_FILE) -> TokenConfig:
    """Read config/tokens.yaml (missing file: discs with initials, default colours)."""
    if not path.is_file():
        return TokenConfig()
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as err:
        line = getattr(getattr(err, "problem_mark", None), "line", None)
        raise InputError(str(path), None if line is None else line + 1, "not valid YAML") from None
    if not isinstance(data, dict):
        raise InputError(str(path), 1, "expected a mapping with 'images' and 'sides'")
    images = {}
    for key, rel in (data.get("images") or {}).items():
        p = Path(str(rel))
        images[str(key)] = str(p if p.is_absolute() else path.parent.parent / p)
    sides = {str(k): _colour(v, path, f"sides.{k}") for k, v in (data.get("sides") or {}).items()}
    return TokenConfig(images, sides)


def _mount_of(c: Any) -> str:
    """The creature this one rides, if the state says so."""
    data = getattr(c, "data", {}) or {}
    for key in ("mount", "mounted_on", "riding"):
        if data.get(key):
            return str(data[key])
    return ""


def max_damage(c: Any, vitals: Any = None) -> int:
    """What the damage bar counts against: the ruleset's own measure when it has a ``vitals``
    query (OSR hit points), else the definition's Health (SotDL)."""
    if vitals is not None:
        try:
            v = vitals(c.id)
        except (KeyError, TypeError, ValueError):
            v = None
        if isinstance(v, dict) and v.get("hit_points") is not None:
            return int(v["hit_points"])
    return int(c.definition.health)


def tokens_from_state(
    state: Any,
    cfg: TokenConfig,
    *,
    hidden_from_players: set[str] | None = None,
    vitals: Any = None,
    definition_art: Mapping[str, str] | None = None,
) -> tuple[TokenView, ...]:
    """One TokenView per creature still on the battlefield (``vitals(id)``: the ruleset's query;
    ``definition_art``: the picture each creature file names, by definition id)."""
    placed_art = placement_art(state.battlefield)
    out = []
    for c in state.creatures.values():
        if c.status in ("removed", "fled"):
            continue
        d = c.definition
        affl = tuple(dict.fromkeys(a.name for a in c.afflictions))
        if c.status == "dead" and "dead" not in affl:
            affl = affl + ("dead",)
        controller = "gm"
        try:
            controller = state.controller(c.id)
        except KeyError:
            pass
        # its own picture first, then tokens.yaml's for it, the map's, tokens.yaml's for its
        # kind, its creature file's (the table's choices before the definition's default)
        image = _own_token(c.data.get("token")) or cfg.images.get(c.id) or \
            cfg.images.get(c.name) or ""
        tile = 0
        if not image:
            image, tile = placed_art.get(c.name) or placed_art.get(d.id) or ("", 0)
        if not (image or tile):
            image = cfg.images.get(d.id, "") or (definition_art or {}).get(d.id, "")
        out.append(
            TokenView(
                key=c.id,
                name=c.name,
                square=c.body.square,
                space=c.body.space,
                side=c.side,
                controller=controller,
                elevation_yd=max(
                    0.0, c.body.elevation_yd - state.battlefield.elevation_at(c.body.square)
                ),
                damage=c.damage,
                health=max_damage(c, vitals),
                afflictions=affl,
                image=image,
                tile=tile,
                mount_key=_mount_of(c),
                hidden=c.has("hidden") or c.id in (hidden_from_players or set()),
                acted=c.turn.taken and not c.turn.active,
                reach_yd=1 + d.reach_yd,
                is_current=state.active == c.id,
            )
        )
    return tuple(out)


def placement_art(bf: Any) -> dict[str, tuple[str, int]]:
    """The pictures the map gives its creatures (a placement's ``token`` file or Tiled tile),
    by placement name and by creature definition id (the template's: one per definition)."""
    out: dict[str, tuple[str, int]] = {}
    for p in getattr(bf, "placements", ()):
        if not (p.token or p.tile):
            continue
        art = (p.token, 0) if p.token else ("", p.tile)
        if p.name:
            out.setdefault(p.name, art)
        out.setdefault(p.creature_id, art)
    return out


def _own_token(path: object) -> str:
    """A creature's own token art (set-up's editor, an encounter entry's ``token``): a path
    relative to the project folder, or absolute; '' when it has none."""
    if not isinstance(path, str) or not path:
        return ""
    p = Path(path)
    return str(p if p.is_absolute() else PROJECT_ROOT / p)
