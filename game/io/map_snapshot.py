"""A Tiled map's own files as they were when a fight was played on them (the journal keeps them).

A snapshot is the map and every tileset and template it uses, byte for byte, named relative
to the map's folder. The journal embeds one per map a fight was played on (game/io/journal.py,
``map_files`` lines), so replay rebuilds exactly the battlefield each command was played on
however the files on disk changed since, and a journal or its export stays one self-contained
file. Images are not kept: they do not change the rules, and the drawing takes them from disk.
"""

from __future__ import annotations

import base64
import hashlib
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: A snapshot is refused above this (the biggest map Battlemat reads is far below it).
MAX_SNAPSHOT_BYTES = 64 * 1024 * 1024
_HEX64 = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class MapSnapshot:
    """The text files a map was read from: ``files`` maps a path relative to the map's folder
    (POSIX separators) to its bytes; ``path`` is the map file where it was read."""

    path: str
    files: tuple[tuple[str, bytes], ...]  # sorted by name

    @classmethod
    def of(cls, map_path: Path, sources: dict[Path, bytes]) -> MapSnapshot:
        """From what the reader parsed (absolute paths; game/io/tiled_read.py ``doc.sources``)."""
        folder = Path(os.path.abspath(map_path)).parent
        files = {Path(os.path.relpath(p, folder)).as_posix(): data for p, data in sources.items()}
        return cls(os.path.abspath(map_path), tuple(sorted(files.items())))

    @property
    def sha256(self) -> str:
        """Hex SHA-256 over every file's name and bytes: the map's identity in the journal."""
        h = hashlib.sha256()
        for name, data in self.files:
            h.update(name.encode("utf-8") + b"\0" + str(len(data)).encode() + b"\0" + data)
        return h.hexdigest()

    def given(self, map_path: Path | None = None) -> dict[Path, bytes]:
        """The files by absolute path, placed around ``map_path`` (default: where they were
        read), as the reader takes them instead of the disk's."""
        folder = Path(os.path.abspath(map_path or self.path)).parent
        return {Path(os.path.normpath(folder / name)): data for name, data in self.files}

    def to_entry(self) -> dict[str, Any]:
        """The JSON form: text files as text, anything not UTF-8 as base64."""
        files: dict[str, Any] = {}
        for name, data in self.files:
            try:
                files[name] = data.decode("utf-8")
            except UnicodeDecodeError:
                files[name] = {"base64": base64.b64encode(data).decode("ascii")}
        return {"map": self.path, "sha256": self.sha256, "files": files}

    @classmethod
    def from_entry(cls, d: dict[str, Any]) -> MapSnapshot:
        """Rebuild from ``to_entry``; ValueError when malformed or when the bytes do not match
        the hash written with them (the journal line was damaged)."""
        path, sha, raw = d.get("map"), d.get("sha256"), d.get("files")
        if not isinstance(path, str) or not path:
            raise ValueError("'map' of a map_files line must be the map's path")
        if not isinstance(sha, str) or not _HEX64.fullmatch(sha):
            raise ValueError("'sha256' of a map_files line must be 64 hex digits")
        if not isinstance(raw, dict) or not raw:
            raise ValueError("'files' of a map_files line must map file names to their text")
        files: list[tuple[str, bytes]] = []
        total = 0
        for name, value in raw.items():
            if isinstance(value, str):
                data = value.encode("utf-8")
            elif isinstance(value, dict) and isinstance(value.get("base64"), str):
                try:
                    data = base64.b64decode(value["base64"], validate=True)
                except ValueError:
                    what = f"file {name[:60]!r} of a map_files line: not base64"
                    raise ValueError(what) from None
            else:
                raise ValueError(f"file {name[:60]!r} of a map_files line must be text")
            total += len(data)
            if total > MAX_SNAPSHOT_BYTES:
                raise ValueError(f"a map_files line holds more than {MAX_SNAPSHOT_BYTES} bytes")
            files.append((name, data))
        snap = cls(path, tuple(sorted(files)))
        if snap.sha256 != sha:
            raise ValueError("the map's files do not match the sha256 written with them")
        return snap
