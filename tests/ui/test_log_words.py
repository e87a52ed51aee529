"""The combat log in plain words, wrapped to the panel, hover still highlights (headless)."""

from __future__ import annotations

import re
from pathlib import Path

from game.rules.engine.walk import Stepped
from game.ui.app import App
from game.ui.log_text import LogEntry, describe, merge_steps
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "config" / "encounters" / "demo.yaml"
NAMES = {"spearman": "Spearman", "warg": "Warg"}


def _event(name: str, **kw):  # type: ignore[no-untyped-def]
    from game.rules.engine.events import Event

    def subclasses(c):  # type: ignore[no-untyped-def]
        for s in c.__subclasses__():
            yield s
            yield from subclasses(s)

    import game.rulesets.sotdl  # noqa: F401  (registers its events)
    from game.rulesets.sotdl import build_ruleset  # noqa: F401

    cls = next(c for c in subclasses(Event) if c.__name__ == name)
    return cls(**kw)


def test_moves_and_jumps_read_as_sentences_with_squares_as_pairs() -> None:
    steps = [
        Stepped("spearman", (10, 4), (11, 5), 0.0, 1.0, "move", "jump_down", True, True),
        Stepped("spearman", (11, 5), (12, 5), 0.0, 1.0, "move", "walk", True, True),
    ]
    text = merge_steps(steps, NAMES)[0][0]
    assert text == "Spearman moves 2 yards from (10, 4) to (12, 5) (jump down)"
    import game.rulesets.sotdl.movement.steps  # noqa: F401

    j = _event(
        "Jumped",
        creature="spearman",
        from_square=(10, 4),
        square=(11, 5),
        kind="down",
        length_yd=3.0,
        cost_yd=1.0,
        result="ok",
    )
    assert describe(j, NAMES) == "Spearman jumps down 3 yards, (10, 4) to (11, 5)"


def test_no_snake_case_or_raw_tuples_in_a_played_log(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Every line of a demo round: no 'jump_down', no '(10,4)', no '[' or '{' of a raw value."""
    s = Session.open(DEMO, journal_path=tmp_path / "j.jsonl")
    try:
        from game.ui.panel_model import do_intent

        do_intent(s.fight, "advance", "", "")
        eng = s.engine
        spear = eng.state.creatures["spearman"]
        area = s.previews.move_area("spearman", s.previews.move_modes("spearman"))
        import numpy as np

        ys, xs = np.nonzero(area.cost_class >= 0)
        far = max(
            zip(xs, ys, strict=True),
            key=lambda q: abs(q[0] - spear.square[0]) + abs(q[1] - spear.square[1]),
        )
        cmd, _ = s.previews.move_command(
            "spearman",
            s.previews.move_modes("spearman"),
            (),
            (int(far[0]), int(far[1])),
            safest=False,
            area=area,
        )
        assert cmd is not None
        s.submit(cmd)
        while s.engine.pending is not None:
            s.answer(s.engine.pending.options[0].id if s.engine.pending.options else "1")
        lines = [t for t, _ in s.fight.log_lines()]
        assert len(lines) >= 3
        for t in lines:
            assert not re.search(r"[a-z]_[a-z]", t), t
            assert not re.search(r"\(\d+,\d+\)", t), t
            assert "[" not in t and "{" not in t, t
    finally:
        s.close()


def test_long_lines_wrap_in_the_panel_and_hover_highlights_every_row(tmp_path) -> None:  # type: ignore[no-untyped-def]
    app = App(Session.open(DEMO, journal_path=tmp_path / "j.jsonl"), size=(1400, 900))
    try:
        app.update(0.0)
        long = "Spearman " + "moves a very long way around the courtyard " * 4
        f = app.session.fight
        f._log = [LogEntry(long, ("spearman",))]
        f._log_len = (len(app.session.engine.log()), f.version)
        app._panel_version = -1
        app.update(0.0)
        app.draw()
        rows = app.panels._log_rows
        assert len(rows) >= 3
        assert " ".join(r.strip() for r, _ in rows) == long.strip()
        font = app.manager.get_theme().get_font_dictionary().find_font(14, "noto_sans")
        width = app.panels.log.get_relative_rect().width
        assert all(font.size(r)[0] < width for r, _ in rows)
        btn = app.panels.log.item_list[-1]["button_element"]
        assert btn is not None
        btn.hovered = True
        assert "spearman" in app.scene().highlighted_keys
    finally:
        app.close()


def test_a_rulesets_own_lines_name_sides_by_name(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from game.ui.panel_model import do_intent

    osr = ROOT / "config" / "encounters" / "osr_demo.yaml"
    s = Session.open(osr, journal_path=tmp_path / "j.jsonl")
    try:
        while s.engine.state.phase != "action":
            do_intent(s.fight, "advance", "", "")
        line = next(t for t, _ in s.fight.log_lines() if t.startswith("Initiative"))
        assert "Raiders" in line and "The garrison" in line and "raiders" not in line
    finally:
        s.close()
