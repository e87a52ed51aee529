"""The movement files type-check (docs ARCHITECTURE: "ruff and mypy clean"): squares are
``tuple[int, int]`` (``walk.square_of``), never ``tuple[int, ...]``. Skipped without mypy."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
FILES = (
    "game/rulesets/sotdl/movement",
    "game/rulesets/sotdl/falling.py",
    "game/rules/geometry/occupancy.py",
    "game/rules/geometry/pathing_search.py",
)


def test_movement_files_type_check(tmp_path: Path) -> None:
    api = pytest.importorskip("mypy.api")
    out, err, code = api.run(
        ["--cache-dir", str(tmp_path / "mypy"), "--config-file", str(ROOT / "pyproject.toml"),
         *(str(ROOT / f) for f in FILES)]
    )
    assert code == 0, out + err
