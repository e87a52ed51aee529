"""Open what the GM names (an encounter or a bare map) for the window and for headless renders.

Only calls the io layer's loaders and the engine's constructor; bad input surfaces as the io
layer's one-line InputError.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from game.io.errors import InputError
from game.io.tiled_drawing import MapDrawing
from game.rules.battlefield import Battlefield
from game.rules.definitions import Definitions, EncounterDef
from game.ui.render.maplayers import MapLayers


@dataclass
class Opened:
    """A battlefield with its Tiled map, and the encounter definition when there is one."""

    path: Path
    battlefield: Battlefield
    tmx: MapLayers | None  # the Tiled map's drawing (None for an ASCII battlefield)
    encounter: EncounterDef | None = None
    definitions: Definitions | None = None
    map_path: Path | None = None


def _display() -> None:
    """A hidden 1x1 display, so map images convert to the screen's format when loaded."""
    if not pygame.display.get_init():
        pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1), pygame.HIDDEN)


def layers_of(drawing: MapDrawing) -> MapLayers:
    """A Tiled map's drawing, ready to draw (every image loaded now)."""
    _display()
    return MapLayers(drawing)


def open_map(map_path: Path) -> tuple[Battlefield, MapLayers]:
    """The battlefield and its Tiled map, ready to draw (every image loaded now)."""
    from game.io.tiled import load_map

    bf, drawing = load_map(map_path)
    return bf, layers_of(drawing)


def open_target(path: Path) -> Opened:
    """Open an encounter file (.yaml) or a bare Tiled map (.tmx)."""
    path = Path(path)
    if not path.exists():
        raise InputError(str(path), None, "no such file")
    suffix = path.suffix.lower()
    if suffix in (".tmx", ".tmj"):
        bf, tmx = open_map(path)
        return Opened(path, bf, tmx, map_path=path)
    if suffix in (".yaml", ".yml"):
        from game.io.config import definitions_for, load_encounter

        defs = definitions_for(path)  # the encounter's project config/, as `battlemat check`
        enc = load_encounter(path, defs)
        map_path = Path(enc.map_path)
        if str(enc.map_path).startswith("ascii:"):
            from game.rules.ascii_grid import parse_ascii

            return Opened(path, parse_ascii(enc.map_path[len("ascii:") :]), None, enc, defs)
        bf, tmx = open_map(map_path)
        return Opened(path, bf, tmx, enc, defs, map_path)
    raise InputError(str(path), None, "expected an encounter (.yaml) or a Tiled map (.tmx)")
