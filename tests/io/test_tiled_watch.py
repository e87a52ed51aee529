"""A map's files are watched: an edit to the map, a tileset, a template or an image is seen
once; a map that no longer loads says so in one line (the caller keeps the old one)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from game.io.errors import InputError
from game.io.tiled import load_map
from game.io.tiled_watch import MapWatch

DATA = Path(__file__).parent / "data" / "maps"


def _bump(path: Path, text: str | None = None) -> None:
    """Change a file as an editor saving it does (a later modification time)."""
    if text is not None:
        path.write_text(text)
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns + 2_000_000_000))


def test_the_map_its_tileset_template_and_image_are_watched(tmp_path: Path) -> None:
    shutil.copytree(DATA, tmp_path / "maps")
    m = tmp_path / "maps" / "templates.tmx"
    bf, drawing = load_map(m)
    names = {f.name for f in drawing.files}
    assert {"templates.tmx", "tiles.tsx", "tiles.png"} <= names
    assert any(f.suffix == ".tx" for f in drawing.files)
    watch = MapWatch(drawing.files)
    assert not watch.changed()
    for f in drawing.files:
        _bump(f)
        assert watch.changed(), f.name
        assert not watch.changed(), f.name


def test_an_edited_map_reloads_with_the_edit_and_a_broken_one_is_one_line(
    tmp_path: Path,
) -> None:
    shutil.copytree(DATA, tmp_path / "maps")
    m = tmp_path / "maps" / "enc_csv.tmx"
    before, drawing = load_map(m)
    watch = MapWatch(drawing.files)
    text = m.read_text()
    _bump(m, text.replace("</map>", "<objectgroup id=\"99\" name=\"New\">"
                          "<object id=\"99\" type=\"wall\" x=\"0\" y=\"0\" width=\"32\" "
                          "height=\"16\"/></objectgroup></map>"))
    assert watch.changed()
    after, _ = load_map(m)
    assert len(after.obstacles) == len(before.obstacles) + 1
    _bump(m, text.replace("</map>", "<oops"))
    assert watch.changed()
    with pytest.raises(InputError) as info:
        load_map(m)
    assert "\n" not in str(info.value) and "malformed XML" in str(info.value)
