"""`python -m game` does what the `battlemat` command does."""
from __future__ import annotations

import sys

from game.cli import main

sys.exit(main())
