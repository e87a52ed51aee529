"""The OSR targeting preview (Seed OSR: Common modifiers, Cover): legal or why not, every flat
modifier with its reason, the armour class and the number the d20 must reach.

Placeholder shape until the sight developer's SotDL query (game/rulesets/sotdl/targeting.py)
lands; then this mirrors its fields so the UI can show either.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.engine import EncounterState, Ruleset
from game.rules.modifiers import Modifier, net_flat
from game.rulesets.osr.combat import plan_attack
from game.rulesets.osr.fighters import gap_squares


@dataclass(frozen=True)
class OsrTargeting:
    """What the GM reads when hovering a target under the OSR rules."""

    attacker: str
    target: str
    weapon: str
    legal: bool
    violations: tuple[str, ...]
    modifiers: tuple[Modifier, ...]
    attack_bonus: int
    armour_class: int
    need: int  # the natural d20 roll that hits (before natural 1 / 20)
    distance: int
    ranged: bool
    unseen: bool
    ignore_dr: bool
    melee_group: tuple[str, ...]

    def lines(self) -> list[str]:
        """'+2: flanking ...', one line a reason, then the roll needed."""
        out = [m.describe() for m in self.modifiers]
        out.append(f"d20 {self.attack_bonus:+d} {net_flat(self.modifiers):+d} vs AC {self.armour_class}: need {self.need}+")
        return out


def targeting(state: EncounterState, rs: Ruleset, attacker: str, target: str, weapon: str = "",
              *args: Any, thrown: bool = False, **kw: Any) -> OsrTargeting:
    """The targeting query (pure): the same plan the attack command uses."""
    plan, vs = plan_attack(state, rs, attacker, target, weapon, thrown=thrown)
    if plan is None:
        return OsrTargeting(attacker, target, weapon, False, tuple(v.reason for v in vs), (), 0, 0, 21, 0, False,
                            False, False, ())
    need = plan.armour_class - plan.attack_bonus - net_flat(plan.modifiers)
    dist = gap_squares(state.creatures[attacker].body, state.creatures[target].body)
    return OsrTargeting(attacker, target, plan.weapon.id, not vs, tuple(v.reason for v in vs), plan.modifiers,
                        plan.attack_bonus, plan.armour_class, need, dist, plan.ranged, plan.factors.unseen,
                        plan.factors.ignore_dr, plan.factors.melee_group)


def register(rs: Ruleset) -> None:
    """The ``targeting`` query."""
    rs.register_query("targeting", targeting)
