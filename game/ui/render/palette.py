"""Colours and fonts shared by the render layers (one place, so the views agree)."""

from __future__ import annotations

import pygame

BACKGROUND = (24, 26, 30)
GROUND = (118, 112, 92)
GRID = (0, 0, 0, 70)
GRID_MAJOR = (0, 0, 0, 120)

TERRAIN_DIFFICULT = (170, 120, 40, 110)
TERRAIN_TREACHEROUS = (230, 90, 20, 130)
TERRAIN_LIQUID = (40, 110, 220, 110)
TERRAIN_IMPASSABLE = (20, 20, 20, 170)
TERRAIN_CLIMBABLE = (120, 200, 90, 120)

OBSCURE = {1: (60, 150, 60, 80), 2: (200, 200, 210, 130), 3: (0, 0, 0, 200)}
LIGHT = {1: (10, 10, 40, 90), 2: (0, 0, 15, 170)}
FOG_TABLE = (8, 8, 12, 255)  # what the players see of a square in the fog: nothing
FOG_GM = (40, 20, 90, 110)  # the GM's tint over squares the players do not see
OBSTACLE = (240, 240, 240)
OBSTACLE_LOW = (250, 210, 80)

SIDE_COLOURS = {"players": (60, 130, 230), "gm": (210, 50, 50)}
NEUTRAL = (180, 180, 180)
SELECTED = (255, 230, 60)
HIGHLIGHT = (255, 80, 200)
CURRENT_TURN = (90, 230, 120)

MOVE_CLASSES = {
    "move": (60, 200, 90, 90),
    "rush": (240, 200, 40, 90),
    "retreat": (90, 160, 240, 90),
}
MOVE_ALPHA = 90
PATH = (255, 255, 255)
PATH_BAD = (255, 70, 70)
FREE_ATTACK = (255, 50, 50)
MARK = {
    "jump": (120, 220, 255),
    "fall": (255, 120, 0),
    "balance": (255, 200, 0),
    "climb": (160, 255, 160),
    "swim": (80, 160, 255),
    "stop": (255, 60, 60),
}
REACH = (255, 255, 255, 60)
COVER_CLEAR = (80, 230, 120)
COVER_BLOCKED = (240, 60, 60)
TEXT = (245, 245, 245)
TEXT_SHADOW = (0, 0, 0)

_fonts: dict[int, pygame.font.Font] = {}


def font(size_px: int) -> pygame.font.Font:
    """The default font at a pixel size (cached: font objects are slow to make)."""
    size_px = max(6, int(size_px))
    if size_px not in _fonts:
        if not pygame.font.get_init():
            pygame.font.init()
        _fonts[size_px] = pygame.font.Font(None, size_px)
    return _fonts[size_px]


def text_surface(text: str, size_px: int, colour: tuple[int, int, int] = TEXT) -> pygame.Surface:
    """Text with a one-pixel shadow, readable on any map."""
    f = font(size_px)
    fg = f.render(text, True, colour)
    bg = f.render(text, True, TEXT_SHADOW)
    out = pygame.Surface((fg.get_width() + 1, fg.get_height() + 1), pygame.SRCALPHA)
    out.blit(bg, (1, 1))
    out.blit(fg, (0, 0))
    return out


def side_colour(
    controller: str, side: str, custom: dict[str, tuple[int, int, int]] | None = None
) -> tuple[int, int, int]:
    """Ring colour of a side: tokens.yaml's choice, else blue for players and red for the GM."""
    if custom and side in custom:
        return custom[side]
    return SIDE_COLOURS.get(controller, NEUTRAL)
