"""`battlemat render ENCOUNTER|MAP --out FILE.png [--overlay NAME ...] [--as-tiled] [--tile-px N]`:
a picture, no window, drawn by the window's own board and map layers."""

from __future__ import annotations

import os
from pathlib import Path

from game.io.errors import InputError
from game.ui.scene import (
    DEFAULT_OVERLAYS,
    OVERLAYS,
    Scene,
    tokens_from_placements,
    with_unique_labels,
)

MAX_SIDE_PX = 4096  # a render never exceeds this many pixels a side


def _headless() -> None:
    """Use SDL's dummy video driver unless a display was asked for explicitly."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def parse_overlays(names: list[str], where: str = "--overlay") -> frozenset[str]:
    """Overlay names (comma lists allowed; 'all' and 'none' too), checked against OVERLAYS.

    >>> sorted(parse_overlays(["terrain,reach"]))
    ['elevation', 'grid', 'reach', 'terrain']
    """
    chosen = set(DEFAULT_OVERLAYS)
    for raw in names:
        for name in (n.strip().lower() for n in raw.split(",")):
            if not name:
                continue
            if name == "all":
                chosen |= set(OVERLAYS)
            elif name == "none":
                chosen.clear()
            elif name in OVERLAYS:
                chosen.add(name)
            else:
                known = ", ".join(sorted(OVERLAYS))
                raise InputError(
                    where, None, f"unknown overlay {name!r} (known: {known}, all, none)"
                )
    return frozenset(chosen)


def scene_for(opened: object, overlays: frozenset[str]) -> Scene:
    """The starting scene of an opened encounter or map (creatures where they start)."""
    from game.ui.session import initial_state
    from game.ui.view_model import load_token_config, tokens_from_state

    state = initial_state(opened)  # type: ignore[arg-type]
    bf = opened.battlefield  # type: ignore[attr-defined]
    if state is None:
        return Scene(bf, tokens_from_placements(bf), overlays=overlays)
    defs = getattr(opened, "definitions", None)
    art = defs.tokens if defs is not None else None  # the pictures creature files name
    tokens = with_unique_labels(tokens_from_state(state, load_token_config(), definition_art=art))
    return Scene(state.battlefield, tokens, overlays=overlays)


def render_to_file(
    target: Path,
    out: Path,
    *,
    overlays: list[str] | None = None,
    px_per_yd: int = 0,
    as_tiled: bool = False,
    tile_px: int = 0,
) -> None:
    """Render the whole battlefield of an encounter or map into a PNG.

    ``as_tiled``: only what Tiled draws (no grid, tokens or overlays, no background but the
    map's own), ``tile_px`` pixels a tile (the map's tile width by default), the picture
    `tmxrasterizer --tilesize N` makes. ``tile_px`` without it sets the zoom of a board render.
    """
    _headless()
    import pygame

    from game.ui.camera import Camera
    from game.ui.loading import open_target
    from game.ui.render.frame import RenderCaches, draw_frame
    from game.ui.view_model import load_token_config

    chosen = parse_overlays(list(overlays or []))
    out = Path(out)
    if out.parent and not out.parent.exists():
        raise InputError(str(out), None, "folder does not exist")
    if tile_px < 0 or px_per_yd < 0:
        raise InputError("--tile-px", None, "must be a positive number of pixels")
    pygame.display.init()
    pygame.font.init()
    opened = open_target(Path(target))
    bf = opened.battlefield
    layers = opened.tmx
    if as_tiled:
        if layers is None:
            raise InputError(str(target), None, "--as-tiled needs a Tiled map (this is ASCII)")
        d = layers.drawing
        scale = (tile_px or d.tilewidth) / d.tilewidth
        x0, y0, x1, y1 = d.picture_box()  # the map, grown by layer offsets, as Tiled's
        w_px, h_px = (max(1, round(v * scale)) for v in (x1 - x0, y1 - y0))
        if max(w_px, h_px) > 4 * MAX_SIDE_PX:
            raise InputError("--tile-px", None, f"the picture would be {w_px}x{h_px} pixels")
        surface = pygame.Surface((w_px, h_px), pygame.SRCALPHA)
        surface.fill(d.background or (0, 0, 0, 0))
        layers.draw_all(surface, float(x0), float(y0), scale)
        pygame.image.save(surface, str(out))
        return
    if tile_px and layers is not None:
        px_per_yd = max(1, round(tile_px / layers.drawing.yards_per_tile))
    z = px_per_yd or max(4, min(48, MAX_SIDE_PX // max(bf.width, bf.height, 1)))
    w_px, h_px = bf.width * z, bf.height * z
    scene = scene_for(opened, chosen)
    cfg = load_token_config()
    from game.ui.render.tokens import TokenArt

    tiles = layers.tile_picture if layers is not None else None
    caches = RenderCaches.for_battlefield(
        bf, layers, TokenArt(cfg.images, cfg.side_colours, tiles)
    )
    surface = pygame.Surface((w_px, h_px))
    cam = Camera(view_w_px=w_px, view_h_px=h_px, px_per_yd=z)
    draw_frame(surface, cam, scene, caches)
    pygame.image.save(surface, str(out))
