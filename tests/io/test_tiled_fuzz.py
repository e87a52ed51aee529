"""Whatever a .tmx holds, loading gives a Battlefield or one InputError line, never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

hypothesis = pytest.importorskip("hypothesis")
from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from game.io.errors import InputError  # noqa: E402
from game.io.tiled import load_battlefield, open_tiled_map  # noqa: E402

DATA = Path(__file__).parent / "data" / "maps"
SEEDS = ["raster.tmx", "templates.tmx", "infinite.tmx", "groups.tmx", "typed_props.tmx"]
NASTY = [
    "",
    "-1",
    "0",
    "1e308",
    "nan",
    "99999999999",
    "x",
    "&#10;",
    "1,2",
    "true",
    "#zz",
    "../../etc/passwd",
    "templates/guard.tx",
    "tiles.tsx",
    "1.5",
    "4294967295",
]


def _mutate(text: str, picks: list[tuple[int, int]]) -> str:
    """Replace some attribute values (every quoted string) with nasty ones."""
    parts = text.split('"')
    for i, j in picks:
        k = 1 + 2 * (i % max(1, len(parts) // 2))
        if k < len(parts):
            parts[k] = NASTY[j % len(NASTY)]
    return '"'.join(parts)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    seed=st.sampled_from(SEEDS),
    picks=st.lists(st.tuples(st.integers(0, 400), st.integers(0, 100)), min_size=1, max_size=4),
    cut=st.one_of(st.none(), st.integers(0, 4000)),
    drop=st.lists(st.integers(0, 120), max_size=3),
    junk=st.sampled_from(["", "0,", "<", "&amp;", "x", "-5", "<tile gid='7'/>"]),
)
def test_mutated_maps_load_or_fail_in_one_line(
    tmp_path: Path,
    seed: str,
    picks: list[tuple[int, int]],
    cut: int | None,
    drop: list[int],
    junk: str,
) -> None:
    folder = tmp_path / "m"
    if not folder.exists():
        shutil.copytree(DATA, folder)
    text = _mutate((DATA / seed).read_text(encoding="utf-8"), picks)
    lines = text.splitlines()
    for i in sorted(set(drop), reverse=True):
        if i < len(lines):
            lines[i] = junk  # a line lost or garbled
    text = "\n".join(lines)
    if cut is not None:
        text = text[:cut]
    path = folder / "fuzz.tmx"
    path.write_text(text, encoding="utf-8")
    for loader in (load_battlefield, open_tiled_map):
        try:
            loader(path)
        except InputError as err:
            assert "\n" not in str(err)
            assert err.file and err.what
            assert not err.what.startswith("cannot read this map (")  # foreseen, and said so
