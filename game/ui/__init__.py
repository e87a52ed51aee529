"""The GM window and the player view: the only package that imports pygame."""

from __future__ import annotations

import os

# pygame prints a banner on import unless told not to; the GM's terminal needs no advert
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
