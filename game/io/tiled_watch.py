"""Has a map changed on disk? The files it is made of (the map, its tilesets, templates and
images: MapDrawing.files) and the stamp each had when last looked at.

The window asks once a second or so; Tiled saves by writing a new file and renaming it over
the old one, so a stamp (modification time, size) changes once per save and never half-way.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

Stamp = tuple[int, int] | None  # (mtime in ns, size); None: the file is not there


def _stamp(path: Path) -> Stamp:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


class MapWatch:
    """Watches a map's files; ``changed()`` is true once after each change.

    >>> import tempfile
    >>> d = Path(tempfile.mkdtemp()); m = d / "m.tmx"; _ = m.write_text("<map/>")
    >>> w = MapWatch([m]); w.changed()
    False
    >>> _ = m.write_text("<map width='2'/>"); (w.changed(), w.changed())
    (True, False)
    """

    def __init__(self, files: Iterable[Path]) -> None:
        self.files = list(dict.fromkeys(Path(f) for f in files))
        self._stamps = [_stamp(f) for f in self.files]

    def changed(self) -> bool:
        """True if any file changed, appeared or went since the last call (or since made)."""
        now = [_stamp(f) for f in self.files]
        if now == self._stamps:
            return False
        self._stamps = now
        return True

    def watch(self, files: Iterable[Path]) -> None:
        """Watch these files from now on (a reloaded map may use other tilesets)."""
        self.files = list(dict.fromkeys(Path(f) for f in files))
        self._stamps = [_stamp(f) for f in self.files]
