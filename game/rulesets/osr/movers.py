"""How the movement geometry sees an OSR creature: its Mover, terrain costs, allies and foes.

One place for what the move, the charge and the previews all ask the geometry (paces are
squares, so the geometry's yards are read as paces).
"""
from __future__ import annotations

from game.rules.body import Body
from game.rules.engine import EncounterState, Ruleset
from game.rules.geometry.pathing import Mover, MoveRules, TerrainCosts, terrain_costs


def terrain_for(
    state: EncounterState, rs: Ruleset, cid: str, *, moved_yd: float | None = None
) -> TerrainCosts:
    """Step costs on this battlefield for this creature (its space, traits, prone, run-up)."""
    c = state.creatures[cid]
    mover = Mover(
        space=c.body.space,
        height_yd=c.body.height_yd,
        prone=c.has("prone"),
        traits=frozenset(c.definition.movement),
        agility_mod=c.definition.modifier("agility"),
        moved_yd=c.turn.ran_yd if moved_yd is None else moved_yd,
    )
    rules = MoveRules.from_ruleset(rs.definition)
    return terrain_costs(state.battlefield, mover=mover, rules=rules)


def allies_and_foes(state: EncounterState, cid: str) -> tuple[list[Body], list[Body]]:
    """The bodies a mover may pass (allies still fighting) and may not (foes still fighting)."""
    c = state.creatures[cid]
    allies = [
        o.body for o in state.creatures.values() if o.in_fight and o.side == c.side and o.id != cid
    ]
    foes = [o.body for o in state.creatures.values() if o.in_fight and o.side != c.side]
    return allies, foes
