"""Live reload: the GM saves the map in Tiled during a fight and the window takes the new one.

The window polls a MapWatch (game/io/tiled_watch.py) on the map's files about once a second.
A changed map that loads replaces the battlefield and its drawing; the fight goes on (the
creatures where they stand, the turn, the log and the undo history: the engine's state gets
the new battlefield, and each earlier command keeps the state, so the map, it was played on).
A creature now standing on an impassable square or in a wall is named in the status and left
for the GM to move. A map that no longer loads is reported in one line and the old one stays.
The reload is a journal line naming the new map's files (game/ui/fight_maps.py), so reopening
the fight replays every command on the map it was played on.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from game.io.errors import InputError
from game.io.tiled import load_map
from game.io.tiled_watch import MapWatch
from game.rules.battlefield import Battlefield, Terrain
from game.rules.geometry.sight_walls import occupied_squares
from game.ui import session_store
from game.ui.render.board import Board
from game.ui.render.maplayers import MapLayers

if TYPE_CHECKING:
    from game.ui.session import Session

POLL_S = 1.0  # how often the files are looked at


def stuck_creatures(bf: Battlefield, squares: dict[str, tuple[int, int]]) -> list[str]:
    """Names of creatures whose square the battlefield now forbids (impassable, in a wall)."""
    walls = {
        sq for ob in bf.obstacles if ob.blocks_movement for sq in occupied_squares(ob)
    }
    return [
        name
        for name, sq in squares.items()
        if not bf.in_bounds(sq) or bf.terrain_at(sq) & Terrain.IMPASSABLE or sq in walls
    ]


def fresh_board(session: Session) -> Board:
    """The board of the session's battlefield as it is now, for a window (live)."""
    board = Board(session.battlefield, session.opened.tmx)
    board.live = True
    return board


class MapReloader:
    """Watches the session's map and swaps in the new one when it changes on disk."""

    def __init__(self, session: Session) -> None:
        self.session = session
        layers = session.opened.tmx
        files = layers.drawing.files if isinstance(layers, MapLayers) else []
        self.watch = MapWatch(files) if session.opened.map_path is not None else None
        self._next = time.monotonic() + POLL_S

    def poll(self, *, now: float | None = None) -> str | None:
        """Reload if the map changed (at most once a second): the status line, or None."""
        t = time.monotonic() if now is None else now
        if self.watch is None or t < self._next:
            return None
        self._next = t + POLL_S
        if not self.watch.changed():
            return None
        return self.reload()

    def reload(self) -> str:
        """Load the map again and put it under the fight; the status line says how it went."""
        opened = self.session.opened
        assert opened.map_path is not None
        try:
            bf, drawing = load_map(opened.map_path)
            layers = MapLayers(drawing)
        except InputError as err:
            first = str(err).splitlines()[0] if str(err) else "cannot read it"
            return f"Map not reloaded, the old one stays: {first}"
        self.watch = MapWatch(drawing.files)  # it may use other tilesets or templates now
        session = self.session
        book, engine = session.maps, session.engine
        assert drawing.snapshot is not None
        sha = drawing.snapshot.sha256
        bf = book.known(sha) or bf  # the same files as a map played before: that battlefield
        book.add(bf, drawing.snapshot, drawing, layers)  # (a picture may have changed)
        text = f"Map reloaded: {opened.map_path.name}"
        if engine is not None and bf is not engine.state.battlefield:
            was = engine.state.battlefield
            engine.change_battlefield(bf)
            failed = session_store.reloaded(session, was)  # an event in the journal
            if failed:
                return f"Map not reloaded, the old one stays: {failed}"
            here = {
                c.name: c.square for c in engine.state.creatures.values() if c.in_fight
            }
            stuck = stuck_creatures(bf, here)
            if stuck:
                text += "; now inside a wall or off the map: " + ", ".join(stuck)
        book.disk = sha
        opened.battlefield, opened.tmx = bf, layers
        session.touch()
        return text
