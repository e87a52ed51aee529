"""The window's move area (the cost classes a selection shades) is what each mode's own
``reachable`` area says, whether the ruleset answers all the modes at once in boxes
(``reachable_areas``: SotDL) or one full-map array per mode (OSR)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from game.rulesets.sotdl.movement import previews as sotdl_previews
from game.ui import previews as P
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]


def _per_mode(fight, mover, modes):  # type: ignore[no-untyped-def]
    """The classes as the window made them from one full-map array per mode."""
    areas = []
    for m in modes:
        sotdl_previews._LAST.clear()  # each mode's own search
        res = fight.query("reachable", mover, mode=m)
        cost = getattr(res, "cost_yd", res)
        if cost is not None:
            areas.append((m, np.isfinite(cost) & (cost >= 0)))
    areas.sort(key=lambda a: int(a[1].sum()))
    cc = np.full(fight.battlefield.terrain.shape, -1, np.int8)
    for i, (_, mask) in reversed(list(enumerate(areas))):
        cc[mask] = i
    return cc, tuple(m for m, _ in areas)


@pytest.mark.parametrize("encounter", ["demo.yaml", "bridge.yaml", "forest.yaml", "osr_demo.yaml"])
def test_the_move_area_is_each_modes_own_area(tmp_path, encounter) -> None:  # type: ignore[no-untyped-def]
    s = Session.open(ROOT / "config" / "encounters" / encounter, journal_path=tmp_path / "j.jsonl")
    try:
        fight = s.fight
        assert fight.engine is not None
        seen = 0
        for cid in fight.engine.state.creatures:
            modes = P.move_modes(fight, cid) or ("move",)
            sotdl_previews._LAST.clear()
            area = P.move_area(fight, cid, modes)
            cc, classes = _per_mode(fight, cid, modes)
            assert area is not None and area.cost_class is not None
            assert area.classes == classes, cid
            assert np.array_equal(area.cost_class, cc), cid
            seen += int((cc >= 0).sum() > 1)
        assert seen  # some creature could go somewhere
    finally:
        s.close()
