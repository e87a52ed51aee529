"""A second window on the same fight (it writes no journal) still knows where saves go."""

from __future__ import annotations

from pathlib import Path

from game.ui.session import Session
from game.ui.session_store import saves_dir

DEMO = Path(__file__).resolve().parents[2] / "config" / "encounters" / "demo.yaml"


def test_saves_dir_without_a_journal(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("BATTLEMAT_HOME", str(tmp_path))
    first = Session.open(DEMO)
    try:
        held = first.journal
        first.journal = None  # as in a second window: another process holds the journal
        assert saves_dir(first) == tmp_path / "saves"
        first.journal = held
        assert saves_dir(first) == tmp_path / "saves"
    finally:
        first.close()
