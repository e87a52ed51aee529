"""The maps one fight was played on: each battlefield with the snapshot of its files and its
drawing, so the journal can name the map of every command and replay can rebuild it.

The journal names a map by its snapshot's sha256 (game/io/map_snapshot.py); commands on the
map the fight started on name none. This book turns the engine's battlefields into those
names when writing, and the names back into battlefields (built from the journal's copy of
the files) when a fight is read back. No pygame until a drawing is asked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.io.map_snapshot import MapSnapshot
from game.rules.battlefield import Battlefield

if TYPE_CHECKING:
    from game.io.tiled_drawing import MapDrawing
    from game.ui.loading import Opened


class FightMaps:
    """The battlefields a fight stood on, by the sha256 of the files they were built from."""

    def __init__(self, map_path: Path | None) -> None:
        self.map_path = map_path  # None: an ASCII battlefield, never reloaded
        self.snapshots: dict[str, MapSnapshot] = {}
        self._fields: list[tuple[Battlefield, str]] = []  # identity -> sha256 (few maps)
        self._drawings: dict[str, MapDrawing] = {}
        self._layers: dict[str, Any] = {}  # sha256 -> MapLayers, made when first shown
        self.start = ""  # the sha256 of the map the fight started on
        self.disk = ""  # the sha256 of the map as it was last read from disk
        self.written: set[str] = set()  # the maps whose files the journal file holds now

    @classmethod
    def of(cls, opened: Opened) -> FightMaps:
        """The book of a freshly opened encounter or map: its map as read is the start."""
        book = cls(opened.map_path)
        drawing = getattr(opened.tmx, "drawing", None)
        snap = getattr(drawing, "snapshot", None)
        if opened.map_path is not None and snap is not None:
            book.start = book.disk = book.add(opened.battlefield, snap, drawing, opened.tmx)
        return book

    def add(
        self,
        bf: Battlefield,
        snap: MapSnapshot,
        drawing: MapDrawing | None = None,
        layers: Any = None,
    ) -> str:
        """Know a battlefield as built from ``snap``; its sha256."""
        sha = snap.sha256
        self.snapshots[sha] = snap
        if self.sha_of(bf) != sha:
            self._fields.append((bf, sha))
        if drawing is not None:
            self._drawings[sha] = drawing
        if layers is not None:
            self._layers[sha] = layers
        return sha

    def sha_of(self, bf: Battlefield) -> str:
        """The map a battlefield was built from ('' when it is not a known Tiled map)."""
        return next((sha for b, sha in reversed(self._fields) if b is bf), "")

    def known(self, sha: str) -> Battlefield | None:
        """The battlefield already built from these files, if any."""
        return next((b for b, known in self._fields if known == sha), None)

    def tag(self, bf: Battlefield | None) -> str:
        """How a record names the map it was played on: '' for the starting map."""
        sha = self.sha_of(bf) if bf is not None else ""
        return "" if sha == self.start else sha

    def battlefield(self, sha: str) -> Battlefield:
        """The battlefield of a map the journal names ('' the start), built from its copy of
        the files when not known yet; InputError when the copy no longer loads, KeyError when
        the book has no such map."""
        sha = sha or self.start
        known = self.known(sha)
        if known is not None:
            return known
        snap = self.snapshots[sha]
        from game.io.tiled import load_map

        assert self.map_path is not None
        bf, drawing = load_map(self.map_path, snapshot=snap)
        self.add(bf, snap, drawing)
        return bf

    def layers(self, bf: Battlefield) -> Any:
        """The drawing (MapLayers) of a known battlefield, its images loaded now; None if the
        book does not know it (an ASCII battlefield)."""
        sha = self.sha_of(bf)
        if not sha or sha not in self._drawings:
            return None
        if sha not in self._layers:
            from game.ui.loading import layers_of

            self._layers[sha] = layers_of(self._drawings[sha])
        return self._layers[sha]

    def definitions(self, tags: list[str]) -> list[dict[str, Any]]:
        """The ``map_files`` lines the journal needs before lines naming these maps: the
        starting map's first (once any other map is named), then each map not written yet."""
        need = [t for t in dict.fromkeys(tags) if t and t != self.start]
        if not need:
            return []
        out = []
        for sha in [self.start, *need]:
            if sha in self.written or sha not in self.snapshots:
                continue
            entry: dict[str, Any] = {"op": "map_files", **self.snapshots[sha].to_entry()}
            if sha == self.start:
                entry["start"] = True
            out.append(entry)
        return out

    def wrote(self, entries: list[dict[str, Any]]) -> None:
        """These lines are on disk now: their maps need not be written again."""
        for e in entries:
            for sub in e.get("batch", [e]):
                if sub.get("op") == "map_files":
                    self.written.add(str(sub.get("sha256")))

    def restart(self, bf: Battlefield) -> None:
        """A fresh journal for a fight starting on ``bf`` (a restart, an opened save)."""
        self.start = self.sha_of(bf)
        self.written = set()


def map_line(sha: str) -> dict[str, Any]:
    """The journal line of a live reload: the fight goes on on this map."""
    return {"op": "map", "sha256": sha}


__all__ = ["FightMaps", "map_line"]
