"""Every interim piece of the engine's SotDL set-up is replaced by the movement and sight
plug-ins once they are loaded (docs/engine.md: SotDL plug-in points)."""
from __future__ import annotations

from game.rulesets.sotdl import build_ruleset
from game.rulesets.sotdl.commands import Move, Retreat, Rush

INTERIM = ("game.rulesets.sotdl.interim", "game.rulesets.sotdl.triggered")


def test_movement_and_sight_replace_the_interim_pieces() -> None:
    rs = build_ruleset()
    for cls in (Move, Rush, Retreat):
        assert rs.actions[cls].resolve.__module__ not in INTERIM, cls
    for hook in ("plan_path", "forced_path", "reach_yd", "distance_yd", "distance_from"):
        assert rs.hooks[hook].__module__ not in INTERIM, hook
    for name in ("free_attack", "prepared_trigger"):
        chk = rs.before_step.get(name) or rs.after_step.get(name)
        assert chk is not None and chk.fn.__module__ not in INTERIM, name
    assert rs.target_checks["reach_range"].__module__ not in INTERIM
    assert rs.modifier_providers["hidden"].__module__ != "game.rulesets.sotdl.modifiers"


def test_without_plug_ins_the_interim_pieces_work() -> None:
    rs = build_ruleset(plugins=())
    assert rs.actions[Move].resolve.__module__ == "game.rulesets.sotdl.interim"
    assert rs.hooks["plan_path"].__module__ == "game.rulesets.sotdl.interim"
