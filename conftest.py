"""Root test setup: headless SDL for every test and doctest (game/ doctests are collected too)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

collect_ignore = ["game/__main__.py"]
