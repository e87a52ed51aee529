"""Picture files the window draws (token art): is this a picture Battlemat can show?

Headers only (no pygame here): ``battlemat check`` and the loaders say what is wrong with a
file in one line before the window ever opens it.
"""

from __future__ import annotations

from pathlib import Path

from game.io.tiled_xml import image_size


def picture_problem(pic: Path) -> str:
    """What is wrong with a picture file ('' when it is a PNG, GIF, BMP or JPEG to show)."""
    if not pic.exists():
        return f"no such file {pic}"
    if not pic.is_file():
        return f"{pic} is not a regular file"
    if image_size(pic) is None:
        return f"{pic} is not a picture (PNG, GIF, BMP or JPEG) or cannot be read"
    return ""
