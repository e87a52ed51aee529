"""Movement previews for the GM window under the OSR rules: the squares a creature can reach
with the paces it has left, and the path to a hovered square with the free attacks it draws
(Seed OSR: Movement is usually 6 paces; turning one's back in melee draws free attacks).

Geometry is the movement developer's (game/rules/geometry/pathing*.py, reach.py); this module
only says who the mover, its allies, enemies and threats are under the OSR rules.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from game.rules.battlefield import Square
from game.rules.engine import EncounterState, Ruleset
from game.rulesets.osr.combat import melee_weapon_of
from game.rulesets.osr.turns import (
    ChargeOdds,
    budget_squares,
    charge_most,
    charge_odds,
    plan_steps,
)
from game.rulesets.osr.view import params_of


@dataclass(frozen=True)
class OsrStep:
    """One previewed step: the square, its cost and how it is taken."""

    square: Square
    cost_yd: float
    how: str = "walk"


@dataclass(frozen=True)
class OsrFreeAttack:
    """A free attack the path would draw: who, and where the mover stands when it comes."""

    attacker: str
    square: Square


@dataclass(frozen=True)
class OsrPathPreview:
    """The hovered path: steps, total cost in paces, free attacks, and why it is not legal."""

    creature: str
    steps: tuple[OsrStep, ...]
    cost_yd: float
    budget_yd: float
    free_attacks: tuple[OsrFreeAttack, ...]
    notes: tuple[str, ...] = ()
    charge: ChargeOdds | None = None  # mode "charge": the path against the extra paces' roll
    legal: bool = True  # the path can be walked as drawn (a charge: with the best roll)


def budget_left(state: EncounterState, rs: Ruleset, cid: str) -> float:
    """Squares the creature may still move this turn."""
    c = state.creatures[cid]
    return c.turn.move_budget_yd if c.turn.active else budget_squares(state, rs, cid)


def reachable(state: EncounterState, rs: Ruleset, cid: str, mode: str = "move") -> Any:
    """Query 'reachable': a (rows, cols) array of paces to each square it can stop on (inf: no)."""
    from game.rules.geometry.pathing_search import reachable as search
    from game.rulesets.osr.movers import allies_and_foes, terrain_for

    c = state.creatures[cid]
    allies, enemies = allies_and_foes(state, cid)
    rm = search(
        terrain_for(state, rs, cid),
        start=c.body.square,
        # a charge goes as far as the best roll of its extra paces (Seed OSR: Charge)
        budget_yd=charge_most(state, rs, cid) if mode == "charge" else budget_left(state, rs, cid),
        allies=allies,
        enemies=enemies,
    )
    return np.asarray(rm.cost_grid(), dtype=np.float32)


def path_preview(
    state: EncounterState,
    rs: Ruleset,
    cid: str,
    target: Any,
    mode: str = "move",
    safest: bool = False,
) -> OsrPathPreview:
    """Query 'path_preview': the path through waypoints (or to a square), each step's cost, and
    the foes it turns its back on (each may take a free attack)."""
    if isinstance(target, (list, tuple)) and target and isinstance(target[0], (list, tuple)):
        waypoints = tuple((int(t[0]), int(t[1])) for t in target)
    else:
        waypoints = ((int(target[0]), int(target[1])),)
    steps, vs = plan_steps(state, rs, cid, waypoints)
    budget = budget_left(state, rs, cid)
    out = tuple(OsrStep(tuple(s.square), s.cost_yd, s.how) for s in steps)  # type: ignore[arg-type]
    cost = sum(s.cost_yd for s in steps if math.isfinite(s.cost_yd))
    notes = [v.reason for v in vs]
    odds = None
    if mode == "charge":  # Seed OSR: the charge's extra paces are rolled: show the odds
        odds = charge_odds(state, rs, cid, cost)
        budget = odds.most
        notes.append(odds.describe())
    elif cost > budget + 1e-9:
        notes.append(f"needs {cost:g} paces, has {budget:g}")
    legal = not vs and cost <= budget + 1e-9
    return OsrPathPreview(
        cid, out, cost, budget, tuple(_free_attacks(state, rs, cid, out)), tuple(notes), odds,
        legal,
    )


def _free_attacks(
    state: EncounterState, rs: Ruleset, cid: str, steps: tuple[OsrStep, ...]
) -> list[OsrFreeAttack]:
    """Foes in melee the path leaves (once each, if they still have their triggered action)."""
    from game.rulesets.osr.fighters import gap_squares

    mover = state.creatures[cid]
    p = params_of(rs)
    out: list[OsrFreeAttack] = []
    body = mover.body
    spent: set[str] = set()
    for s in steps:
        nxt = body.moved_to(s.square)
        for o in state.creatures.values():
            if o.id in spent or not o.in_fight or o.side == mover.side or o.turn.triggered_used:
                continue
            w = melee_weapon_of(state, rs, o.id)
            reach = p.melee_reach_yd + w.reach_yd + o.definition.reach_yd
            if w.kind == "melee" and gap_squares(o.body, body) <= reach < gap_squares(o.body, nxt):
                spent.add(o.id)
                out.append(OsrFreeAttack(o.id, body.square))
        body = nxt
    return out


def register(rs: Ruleset) -> None:
    """The movement preview queries the window asks for."""
    rs.register_query("reachable", reachable)
    rs.register_query("path_preview", path_preview)
