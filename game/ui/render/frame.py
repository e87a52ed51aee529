"""One frame of the battlefield view: a free function of (camera, scene), with caches beside it."""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.rules.battlefield import Battlefield
from game.ui.camera import Camera
from game.ui.render.board import Board, Under
from game.ui.render.fog import draw_fog
from game.ui.render.formations import draw_formations
from game.ui.render.maplayers import MapLayers
from game.ui.render.previews import (
    MoveTint,
    draw_hover,
    draw_measure,
    draw_move,
    draw_move_labels,
    draw_reach,
    draw_target,
    draw_target_reasons,
)
from game.ui.render.tokens import TokenArt, draw_token_tooltip, draw_tokens
from game.ui.scene import Scene


@dataclass
class RenderCaches:
    """What frames reuse: the board's chunks, token pictures, the reachable tint."""

    board: Board
    art: TokenArt = field(default_factory=TokenArt)
    move_tint: MoveTint = field(default_factory=MoveTint)

    @classmethod
    def for_battlefield(
        cls, bf: Battlefield, tmx: MapLayers | None = None, art: TokenArt | None = None
    ) -> RenderCaches:
        """Caches for one battlefield (and its Tiled map's layers, when there is one)."""
        return cls(board=Board(bf, tmx), art=art or TokenArt())


def draw_frame(surface: pygame.Surface, cam: Camera, scene: Scene, caches: RenderCaches) -> None:
    """Draw the battlefield view: board, reach, movement, cover lines, tokens, ruler, hover."""
    view = pygame.Rect(cam.view_x_px, cam.view_y_px, cam.view_w_px, cam.view_h_px)
    tint = None
    if not scene.player_view and scene.move is not None and "reach" not in scene.overlays:
        # the move area's tint lies right over the board (the reach overlay would go between):
        # the board keeps the two blended while both stay, so a hover blits one picture
        surf, at = caches.move_tint.placed(scene.move, cam)
        if surf is not None:
            tint = Under(surf, at)
    # the whole view, background and all
    tinted = caches.board.draw(surface, cam, scene.overlays, under=tint)
    clip = surface.get_clip()
    surface.set_clip(view)
    if "reach" in scene.overlays:
        draw_reach(surface, cam, scene)
    if not scene.player_view:
        draw_move(surface, cam, scene, caches.move_tint, tinted=tinted)
        draw_target(surface, cam, scene)
    if scene.formations:
        draw_formations(surface, cam, scene, caches.art.side_colours)
    if scene.player_view:
        draw_fog(surface, cam, scene)  # before the tokens: those in sight stand on its edge
    caches.art.begin_frame()
    draw_tokens(surface, cam, scene, caches.art)
    if not scene.player_view:
        draw_fog(surface, cam, scene)  # the GM's tint over everything, tokens included
        draw_move_labels(surface, cam, scene)
        draw_target_reasons(surface, cam, scene)
        draw_measure(surface, cam, scene)
        draw_hover(surface, cam, scene)
        if scene.hover_px is not None:
            draw_token_tooltip(surface, cam, scene, scene.hover_px)
    surface.set_clip(clip)
