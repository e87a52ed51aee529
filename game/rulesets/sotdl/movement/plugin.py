"""Everything SotDL movement plugs into the ruleset: hooks, step checkers, commands, queries.

Listed in ``PLUGINS`` (game/rulesets/sotdl/__init__.py): ``build_ruleset`` calls
:func:`register` after the core, so the pieces here replace the interim ones by name
(docs/engine.md, "SotDL plug-in points").
"""
from __future__ import annotations

from game.rules.engine import Ruleset
from game.rulesets.sotdl.commands import Move, Retreat, Rush
from game.rulesets.sotdl.movement import previews, search, steps
from game.rulesets.sotdl.movement.commands import (
    Sneak,
    Teleport,
    resolve_move,
    resolve_teleport,
    validate_move,
    validate_teleport,
)


def register(rs: Ruleset) -> None:
    """The geometry hooks, the step checkers, the UI's queries, then the commands."""
    search.register(rs)
    steps.register(rs)
    previews.register(rs)
    for cls in (Move, Rush, Retreat, Sneak):
        rs.register_action(cls, validate_move, resolve_move)
    rs.register_action(Teleport, validate_teleport, resolve_teleport)
