"""Draw the token art shipped with the bundled creatures (config/creatures/art/, CC0, ours).

Deterministic, drawn from code with pygame (a project dependency), four times larger than the
picture and scaled down smoothly so its edges are soft:

    python3 tools/make_token_art.py

A creature file names its picture with ``token:`` (docs/config.md); the window clips it to the
token's disc.
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "config" / "creatures" / "art"
SIZE = 128  # pixels: sharp on a 1920x1080 TV's fitted zoom, cheap to scale down
UP = 4  # drawn this much larger, then scaled down


def _wing(side: int) -> list[tuple[float, float]]:
    """One wing (side -1 left, +1 right) in a 512 canvas: from the shoulder out to its tip,
    then back along a scalloped trailing edge between the finger bones."""
    cx = 256
    pts: list[tuple[float, float]] = [
        (cx + side * 30, 215),
        (cx + side * 120, 150),
        (cx + side * 215, 140),
    ]
    tip = (cx + side * 236, 205)
    pts.append(tip)
    # the trailing edge: fingers' ends and the membrane's scallops between them
    for x, y, sag in ((190, 250, 0), (150, 262, 36), (95, 286, 40), (48, 300, 40)):
        pts.append((cx + side * (x + 14), y + sag))
        pts.append((cx + side * x, y))
    pts.append((cx + side * 26, 300))
    return pts


def giant_bat() -> pygame.Surface:
    """A black bat with spread wings across a pale moon, on a dusk-purple ground (the bat
    drawn smaller than the picture, so the disc it is clipped to keeps its wingtips)."""
    n = 512
    s = pygame.Surface((n, n))
    s.fill((86, 72, 122))
    pygame.draw.circle(s, (232, 226, 196), (256, 256), 170)  # the moon behind it
    pygame.draw.circle(s, (214, 206, 172), (200, 196), 26)  # its craters, faint
    pygame.draw.circle(s, (214, 206, 172), (318, 330), 34)
    bat = pygame.Surface((n, n), pygame.SRCALPHA)
    ink = (22, 18, 30)
    for side in (-1, 1):
        pygame.draw.polygon(bat, ink, _wing(side))
        pygame.draw.polygon(
            bat, ink, [(256 + side * 12, 176), (256 + side * 40, 118), (256 + side * 44, 186)]
        )  # an ear
    pygame.draw.ellipse(bat, ink, pygame.Rect(222, 196, 68, 150))  # the body
    pygame.draw.circle(bat, ink, (256, 196), 38)  # the head
    for side in (-1, 1):
        pygame.draw.circle(bat, (236, 70, 40), (256 + side * 15, 192), 8)  # eyes
    k = 0.84
    small = pygame.transform.smoothscale(bat, (round(n * k), round(n * k)))
    s.blit(small, (round(n * (1 - k) / 2), round(n * (1 - k) / 2) + 20))
    return pygame.transform.smoothscale(s, (SIZE, SIZE))


ART = {"giant_bat.png": giant_bat}


def main() -> None:
    """Write every picture of ART into config/creatures/art/."""
    OUT.mkdir(parents=True, exist_ok=True)
    for name, draw in ART.items():
        pygame.image.save(draw(), str(OUT / name))
        print(f"wrote {OUT / name}")


if __name__ == "__main__":
    main()
