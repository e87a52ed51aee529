"""The selection's areas at once (``reachable_areas``: move, rush, retreat and charge from one
search where it can) are what each mode's ``reachable`` query answers on its own."""

from __future__ import annotations

import numpy as np

from game.rulesets.sotdl.commands import BeginCombat
from game.rulesets.sotdl.movement import previews
from game.rulesets.sotdl.movement.budgets import mover_and_budget
from tests.rulesets.sotdl.helpers import make, ok

ROWS = ["." * 40 for _ in range(40)]
ROWS[3] = "~" * 40  # a stream only a rush reaches
ROWS[8] = "." * 10 + "~~~" + "." * 27
ROWS[20] = "." * 18 + "~" + "." * 21  # a pond by the hero
ROWS[24] = "." * 14 + "1212333" + "." * 19  # a rise
ROWS[16] = "." * 24 + "####" + "." * 12
MODES = ("move", "rush", "retreat", "charge")


def test_the_areas_at_once_are_each_mode_alone() -> None:
    eng = make("\n".join(ROWS), {
        "hero": ("pcs", (20, 20), {}),
        "fish": ("pcs", (17, 21), {"speed": 8, "movement": frozenset({"swim"})}),
        "slow": ("pcs", (30, 30), {"speed": 4}),
        "orc": ("foes", (23, 18), {}),
    })
    ok(eng, BeginCombat())
    for cid in ("hero", "fish", "slow", "orc"):
        previews._LAST.clear()
        together = eng.query("reachable_areas", cid, modes=MODES)
        assert set(together) == set(MODES)
        for mode in MODES:
            previews._LAST.clear()  # nothing to derive from: the mode's own search
            alone = eng.query("reachable", cid, mode)
            got = together[mode]
            assert got.budget_yd == alone.budget_yd
            assert got.squares == alone.squares, (cid, mode)
            assert np.array_equal(got.cost_yd, alone.cost_yd), (cid, mode)
            # the hovers' paths, from the map the areas left behind and from the mode's own
            walker, budget, wm = mover_and_budget(eng.state, cid, mode)
            previews._LAST.clear()
            own = previews._reach_map(eng.state, eng.ruleset, walker, budget, wm, safest=False)
            previews._LAST.clear()
            eng.query("reachable_areas", cid, modes=MODES)
            kept = previews._reach_map(eng.state, eng.ruleset, walker, budget, wm, safest=False)
            for sq in alone.squares:
                assert kept.path_to(sq) == own.path_to(sq), (cid, mode, sq)


def test_a_mode_that_is_no_path_is_left_out() -> None:
    eng = make("\n".join(ROWS), {"hero": ("pcs", (20, 20), {})})
    assert set(eng.query("reachable_areas", "hero", modes=("move", "sneak", "fly"))) == {
        "move", "sneak"}
