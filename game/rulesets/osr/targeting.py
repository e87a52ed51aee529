"""The OSR targeting preview (Seed OSR: Common modifiers, Cover): legal or why not, distance,
cover with its lines, every flat modifier with its reason, and the d20 roll that hits.

Mirrors the fields of the SotDL query (game/rulesets/sotdl/targeting.py, ``Targeting``) so the
window shows either: ``legal``, ``violations``, ``distance_yd``, ``band``, ``cover`` (with
``lines``), ``modifiers``, ``target_number``, ``lines()``; OSR adds the armour class, the
attack bonus, the net flat modifier and the unseen / DR-ignored / stray-shot facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.engine import EncounterState, RollContext, Ruleset, Violation
from game.rules.modifiers import Modifier, net_flat
from game.rulesets.osr.combat import plan_attack
from game.rulesets.osr.fighters import gap_squares
from game.rulesets.osr.sightlines import cover_object
from game.rulesets.osr.view import formation_of, hp, max_hp


@dataclass(frozen=True)
class OsrTargeting:
    """What the GM reads when hovering a target under the OSR rules."""

    attacker: str
    target: str
    action: str
    option: str
    legal: bool
    violations: tuple[Violation, ...]
    distance_yd: float
    band: str  # "melee", "missile", "thrown", "out of range", ""
    range_reason: str
    cover: Any  # the sight geometry's Cover (lines for the UI), None in melee
    cover_applies: bool
    obscured: Any
    modifiers: tuple[Modifier, ...]
    net_boons: int  # always 0: OSR rolls use flat modifiers
    target_number: int  # the natural d20 that hits (before natural 1 and 20)
    target_attribute: str
    roll: RollContext | None = None
    weapon: str = ""
    attack_bonus: int = 0
    armour_class: int = 0
    net_flat: int = 0
    unseen: bool = False
    ignore_dr: bool = False
    melee_group: tuple[str, ...] = ()
    charge: Any = None  # action "charge": the path's ChargeOdds against the extra paces' roll

    def lines(self) -> list[str]:
        """What the window's panel prints, one fact a line."""
        out = [
            "legal" if self.legal else "not legal: " + "; ".join(v.reason for v in self.violations)
        ]
        paces = f"{self.distance_yd:g} pace" + ("" if self.distance_yd == 1 else "s")
        out.append(f"{paces}: {self.range_reason or self.band}")
        if self.cover is not None and self.cover_applies:
            out.append(f"cover: {self.cover.describe()}")
        out += [m.describe() for m in self.modifiers]
        if self.unseen:
            out.append("odd rolls miss (unseen)")
        if self.ignore_dr:
            out.append("damage reduction ignored (prone)")
        if self.melee_group:
            out.append("a natural 1 strikes one of: " + ", ".join(self.melee_group))
        if self.charge is not None:
            out.append(self.charge.describe())
        out.append(
            f"d20 {self.attack_bonus:+d} {self.net_flat:+d} vs AC {self.armour_class}: "
            f"need {self.target_number}+ (1 misses, 20 hits and attacks again)"
        )
        return out


def targeting(
    state: EncounterState,
    rs: Ruleset,
    attacker: str,
    target: str,
    action: str = "attack",
    option: str = "",
    weapon: str = "",
    **extra: Any,
) -> OsrTargeting:
    """Query 'targeting' (pure): the same plan the attack command rolls with (``extra``:
    ``thrown=True``, ``gm_modifier``, ``gm_reason``; a charge's ``path``, else the cheapest: its
    attack judged from the path's end, where resolution makes it)."""
    from game.rulesets.osr.commands import OsrAttack, OsrCharge
    from game.rulesets.osr.turns import charge_there

    cmd: Any = None
    there = state
    if action == "charge":
        cmd = OsrCharge(attacker, target, tuple(extra.get("path") or ()), weapon)
        there = charge_there(state, rs, cmd)
    elif action == "attack":
        cmd = OsrAttack(
            attacker,
            target,
            weapon,
            bool(extra.get("thrown", False)),
            int(extra.get("gm_modifier", 0) or 0),
            str(extra.get("gm_reason", "")),
        )
    plan, vs = plan_attack(
        there,
        rs,
        attacker,
        target,
        weapon,
        thrown=bool(extra.get("thrown", False)),
        gm_modifier=int(extra.get("gm_modifier", 0) or 0),
        gm_reason=str(extra.get("gm_reason", "")),
    )
    act = rs.action_for(cmd) if cmd is not None else None
    if plan is not None and act is not None:  # the command's own check: phase, turn ...
        vs = act.validate(state, cmd, rs)
    if plan is None:
        return OsrTargeting(
            attacker,
            target,
            action,
            option,
            False,
            tuple(vs),
            0.0,
            "",
            "",
            None,
            False,
            None,
            (),
            0,
            21,
            "armour class",
        )
    a, t = there.creatures[attacker], there.creatures[target]
    dist = float(gap_squares(a.body, t.body))
    cover = cover_object(
        there.battlefield,
        a.body,
        t.body,
        attacker_prone=a.has("prone"),
        target_prone=t.has("prone"),
    )
    flat = net_flat(plan.modifiers)
    need = plan.armour_class - plan.attack_bonus - flat
    band = ("thrown" if plan.weapon.has("thrown") else "missile") if plan.ranged else "melee"
    if any(v.code == "out_of_range" for v in vs):
        band = "out of range"
    reason = f"{band} with {plan.weapon.name}"
    roll = RollContext(
        attacker,
        "attack",
        target=target,
        target_attribute="armour_class",
        action=action,
        weapon=plan.weapon.id,
        ranged=plan.ranged,
        base=plan.modifiers,
    )
    return OsrTargeting(
        attacker,
        target,
        action,
        option,
        not vs,
        tuple(vs),
        dist,
        band,
        reason,
        cover,
        plan.ranged,
        None,
        plan.modifiers,
        0,
        need,
        "armour class",
        roll,
        plan.weapon.id,
        plan.attack_bonus,
        plan.armour_class,
        flat,
        plan.factors.unseen,
        plan.factors.ignore_dr,
        plan.factors.melee_group,
        _charge_odds(state, rs, cmd) if action == "charge" else None,
    )


def _charge_odds(state: EncounterState, rs: Ruleset, cmd: Any) -> Any:
    """The charge path's odds against the extra paces (None: none in range)."""
    from game.rulesets.osr.turns import charge_odds, charge_route, plan_steps

    path = charge_route(state, rs, cmd)
    if not path:
        return None
    steps, _ = plan_steps(state, rs, cmd.creature, path)
    return charge_odds(state, rs, cmd.creature, sum(s.cost_yd for s in steps))


@dataclass(frozen=True)
class FormationView:
    """A formation as the window draws it: its squares, facing, order and cohesion."""

    id: str
    side: str
    squares: tuple[tuple[int, int], ...]
    facing: str
    order: str
    mob: bool
    leader: str
    cohesion: int


def formations_query(state: EncounterState, rs: Ruleset) -> tuple[FormationView, ...]:
    """Query 'formations': every formation's block (members still fighting) and facing."""
    out = []
    for f in state.data.get("osr_formations", {}).values():
        squares = tuple(
            state.creatures[m].body.square
            for m in f.members
            if m in state.creatures and state.creatures[m].in_fight
        )
        out.append(
            FormationView(
                f.id,
                f.side,
                squares,
                f.facing,
                f.order,
                f.mob,
                f.leader,
                int(state.data.get("osr_cohesion", {}).get(f.id, 0)),
            )
        )
    return tuple(out)


def vitals(state: EncounterState, rs: Ruleset, creature: str) -> dict[str, int]:
    """Query 'vitals': how a creature fares in OSR terms (hit points, not SotDL Health), and
    its formation's cohesion (temporary hit points) when it stands in one."""
    c = state.creatures[creature]
    out = {"hit_points": max_hp(c), "hp_left": hp(c)}
    f = formation_of(state, creature)
    if f is not None:
        out["cohesion"] = int(state.data.get("osr_cohesion", {}).get(f.id, 0))
    return out


def reach_query(state: EncounterState, rs: Ruleset, creature: str, target: str,
                weapon: str = "", option: str = "") -> dict[str, object]:
    """Query 'reach' (Seed OSR: melee, free attacks on turning one's back): the creature's melee
    reach in squares, the gap to the target, whether the target is within it."""
    from game.rulesets.osr.combat import melee_weapon_of
    from game.rulesets.osr.view import params_of

    c, t = state.creatures[creature], state.creatures[target]
    w = melee_weapon_of(state, rs, creature, weapon)
    reach = float(params_of(rs).melee_reach_yd + w.reach_yd + c.definition.reach_yd)
    gap = float(gap_squares(c.body, t.body))
    return {"reach_yd": reach, "distance_yd": gap, "in_reach": gap <= reach + 1e-9,
            "weapon": w.id}


def register(rs: Ruleset) -> None:
    """The ``targeting``, ``reach``, ``formations`` and ``vitals`` queries."""
    rs.register_query("targeting", targeting)
    rs.register_query("reach", reach_query)
    rs.register_query("formations", formations_query)
    rs.register_query("vitals", vitals)
