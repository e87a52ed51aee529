"""`battlemat check` on files that are not what they claim (issue 14): a tileset image that is
not a picture, pipes and devices, a map using a broken tileset, config/tokens.yaml."""

from __future__ import annotations

import io
import os
import shutil
from pathlib import Path

import pytest

from game.io.check import check_paths

ROOT = Path(__file__).resolve().parents[2]


def _check(*paths: Path) -> tuple[int, list[str]]:
    out, err = io.StringIO(), io.StringIO()
    rc = check_paths(list(paths), out, err)
    return rc, err.getvalue().splitlines()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "maps", tmp_path / "maps")
    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    return tmp_path


def _point_image_at(project: Path, target: str) -> None:
    tsx = project / "assets" / "terrain.tsx"
    text = tsx.read_text(encoding="utf-8")
    assert 'source="terrain.png"' in text
    tsx.write_text(text.replace('source="terrain.png"', f'source="{target}"'), encoding="utf-8")


def test_a_tileset_image_that_is_not_a_picture_is_refused(project: Path) -> None:
    text = project / "assets" / "notes.png"
    text.write_text("root:x:0:0:root:/root:/bin/bash\n")
    _point_image_at(project, "notes.png")
    rc, err = _check(project / "maps" / "courtyard.tmx")
    assert rc == 1 and len(err) == 1
    assert err[0].startswith(f"{project / 'assets' / 'notes.png'}: cannot load")
    assert "it is not a picture" in err[0]
    assert err[0].endswith(f"(an image of {project / 'maps' / 'courtyard.tmx'})")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
def test_pipes_and_devices_are_not_regular_files(project: Path) -> None:
    fifo = project / "assets" / "pipe.png"
    os.mkfifo(fifo)
    _point_image_at(project, "pipe.png")
    rc, err = _check(project / "maps" / "courtyard.tmx")
    assert rc == 1 and "is not a regular file" in err[0] and "courtyard.tmx" in err[0]
    os.mkfifo(project / "fight.yaml")
    rc, err = _check(project / "fight.yaml", Path(os.devnull))
    assert rc == 1 and len(err) == 2 and all("not a regular file" in e for e in err)


def test_a_broken_tileset_is_named_with_the_map_that_uses_it(project: Path) -> None:
    (project / "assets" / "terrain.tsx").write_text("<tileset")
    rc, err = _check(project / "maps" / "courtyard.tmx")
    assert rc == 1 and len(err) == 1
    assert err[0].startswith(f"{project / 'assets' / 'terrain.tsx'}:1: malformed XML")
    assert err[0].endswith(f"(the tileset of {project / 'maps' / 'courtyard.tmx'})")


def test_tokens_yaml_is_checked(tmp_path: Path) -> None:
    rc, err = _check(ROOT / "config" / "tokens.yaml")
    assert rc == 0 and err == []
    cfg = tmp_path / "config"
    cfg.mkdir()
    (tmp_path / "notes.png").write_text("plain text")
    bad = cfg / "tokens.yaml"
    bad.write_text("images:\n  warg: notes.png\n  ogre: gone.png\nsides:\n  foes: red\n"
                   "colours: {}\n")
    rc, err = _check(bad)
    assert rc == 1
    assert err == [f"{bad}:6: unknown key 'colours' (expected images, sides)"]
    bad.write_text("images:\n  warg: notes.png\n  ogre: gone.png\nsides:\n  foes: red\n")
    rc, err = _check(bad)
    assert [e.split(": ", 1)[0] for e in err] == [f"{bad}:2", f"{bad}:3", f"{bad}:5"]
    assert "not a picture" in err[0] and "no such file" in err[1] and "#rrggbb" in err[2]


def test_check_and_the_window_read_maps_without_pytmx() -> None:
    """One reader: `battlemat check` and the window's map loading never import pytmx."""
    import subprocess
    import sys

    code = (
        "import sys, io; from pathlib import Path; from game.io.check import check_paths; "
        "from game.ui.loading import open_target; "
        "assert check_paths([Path('maps/courtyard.tmx')], io.StringIO(), io.StringIO()) == 0; "
        "open_target(Path('config/encounters/demo.yaml')); "
        "print('pytmx' in sys.modules)"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(ROOT)},
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "False"
