"""What the GM set up at the table last time (the player view's display), kept in
$BATTLEMAT_HOME/table.json so the next evening opens the same way.

A missing or damaged file is the defaults (never an error: it holds only conveniences).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path

from game.io.journal import battlemat_home


def prefs_path() -> Path:
    """$BATTLEMAT_HOME/table.json (default ~/.local/share/battlemat/table.json)."""
    return battlemat_home() / "table.json"


@dataclass(frozen=True)
class TablePrefs:
    """The table's set-up: which display the player view opens on (-1: not chosen yet), and
    per encounter file how the players see the foes' health (exact, wounds, none)."""

    player_display: int = -1
    foe_health: dict[str, str] = field(default_factory=dict)

    def with_foe_health(self, encounter: str, mode: str) -> TablePrefs:
        """The same set-up with this encounter's foes' health shown as ``mode``."""
        return replace(self, foe_health={**self.foe_health, encounter: mode})


def load_prefs(path: Path | None = None) -> TablePrefs:
    """The remembered set-up, or the defaults when there is none or it cannot be read."""
    path = path or prefs_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        health = data.get("foe_health") or {}
        return TablePrefs(
            player_display=int(data.get("player_display", -1)),
            foe_health={str(k): str(v) for k, v in dict(health).items()},
        )
    except (OSError, ValueError, TypeError, AttributeError):
        return TablePrefs()


def save_prefs(prefs: TablePrefs, path: Path | None = None) -> None:
    """Remember the set-up (written whole, then renamed into place)."""
    path = path or prefs_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(asdict(prefs)), encoding="utf-8")
    tmp.replace(path)
