"""Open what the GM names (an encounter or a bare map) for the window and for headless renders.

Only calls the io layer's loaders and the engine's constructor; bad input surfaces as the io
layer's one-line InputError.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame

from game.io.errors import InputError
from game.rules.battlefield import Battlefield


@dataclass
class Opened:
    """A battlefield with its Tiled map, and the encounter definition when there is one."""

    path: Path
    battlefield: Battlefield
    tmx: Any | None
    encounter: Any | None = None  # EncounterDef
    definitions: Any | None = None  # Definitions
    map_path: Path | None = None


def _image_loader() -> Any:
    """pytmx's pygame image loader (it needs a display for convert(): make a hidden 1x1 one)."""
    from pytmx.util_pygame import pygame_image_loader

    if not pygame.display.get_init():
        pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1), pygame.HIDDEN)
    return pygame_image_loader


def document_layers(map_path: Path) -> list[tuple[int, bool, float]]:
    """(layer id, visible, opacity) of every tile and image layer in Tiled's drawing order.

    pytmx lists all tile layers before all image layers and ignores group visibility and
    opacity; the drawing order and the effective values come from the map's own XML (read by
    game.io.tiled's reader).
    """
    from game.io.tiled_read import read_tiled

    root = read_tiled(map_path, for_pytmx=True).root
    out: list[tuple[int, bool, float]] = []

    def walk(node: Any, visible: bool, opacity: float) -> None:
        for el in list(node):
            if el.tag not in ("layer", "imagelayer", "group", "objectgroup"):
                continue
            vis = visible and el.get("visible", "1") not in ("0", "false")
            op = opacity * float(el.get("opacity", "1") or 1)
            if el.tag == "group":
                walk(el, vis, op)
            elif el.tag in ("layer", "imagelayer") and el.get("id") is not None:
                out.append((int(el.get("id")), vis, op))

    walk(root, True, 1.0)
    return out


def open_map(map_path: Path) -> tuple[Battlefield, Any | None]:
    """The battlefield and its drawable Tiled map (with Tiled's layer order attached)."""
    from game.io.tiled import load_battlefield, open_tiled_map

    bf = load_battlefield(map_path)
    tmx = open_tiled_map(map_path, image_loader=_image_loader())
    tmx.battlemat_layers = document_layers(map_path)
    return bf, tmx


def open_target(path: Path) -> Opened:
    """Open an encounter file (.yaml) or a bare Tiled map (.tmx)."""
    path = Path(path)
    if not path.exists():
        raise InputError(str(path), None, "no such file")
    suffix = path.suffix.lower()
    if suffix == ".tmx":
        bf, tmx = open_map(path)
        return Opened(path, bf, tmx, map_path=path)
    if suffix in (".yaml", ".yml"):
        from game.io.config import load_definitions, load_encounter

        defs = load_definitions()
        enc = load_encounter(path, defs)
        map_path = Path(enc.map_path)
        if str(enc.map_path).startswith("ascii:"):
            from game.rules.ascii_grid import parse_ascii

            return Opened(path, parse_ascii(enc.map_path[len("ascii:") :]), None, enc, defs)
        bf, tmx = open_map(map_path)
        return Opened(path, bf, tmx, enc, defs, map_path)
    raise InputError(str(path), None, "expected an encounter (.yaml) or a Tiled map (.tmx)")
