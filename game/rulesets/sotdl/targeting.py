"""SotDL targeting: the hover query, and the sight plug-ins every attack roll goes through.

Seed SotDL: Attack with a Melee/Ranged Weapon (reach, thrown range, twice the range), Distant
Shot, Cover & Obscurement, Hide (hidden attackers, guessing), Distract/Feint/Help (short range,
"that can see you"). Registered into the ruleset by ``register`` (docs/engine.md, plug-ins):

* modifier providers ``cover`` (ranged attacks and spells from a distance), ``obscurement``
  (every attack), ``range`` (a distant shot the action did not already count), ``hidden``
  (replaces the interim one: a hidden attacker 1 boon, a guess 3 banes);
* target checks ``reach_range`` (replaces the interim one: 3D reach, thrown range, twice the
  range), ``total_cover`` (no attack or effect), ``can_see`` (distract, feint);
* hooks ``distance_yd`` (3D, unless movement registered its own), ``can_see``;
* query ``targeting``: ``targeting_query.targeting``, what the UI calls on every hover.

The memoized geometry (cover, obscurement, light changes, GM rulings) is targeting_geometry.py.

The attack roll collects its modifiers through ``Ruleset.collect_modifiers`` with the same
RollContext the query builds, so the roll uses exactly the list the GM saw.
"""

from __future__ import annotations

from game.rules.battlefield import Obscurement
from game.rules.engine import EncounterState, RollContext, Ruleset, Violation
from game.rules.geometry.cover import CoverLevel
from game.rules.geometry.distance import body_distance
from game.rules.geometry.ranges import (
    DISTANT,
    LUNGING,
    OUT,
    RANGE,
    REACH,
    RangeCheck,
    melee_range,
    named_range,
    ranged_range,
)
from game.rules.modifiers import Modifier
from game.rulesets.sotdl.targeting_geometry import (
    INVISIBLE,
    clear_caches,
    cover_words,
    creature_cover,
    creature_obscurement,
    effective_battlefield,
    hidden_from,
    prone_factor,
    ruling,
    sight_index,
    sight_param,
)


def cover_applies(roll: RollContext) -> bool:
    """Seed SotDL: cover protects against ranged weapons and spells at a distance, not melee."""
    return roll.kind == "attack" and roll.ranged and "named_range" not in roll.tags


# --- modifier providers ------------------------------------------------------------------------


def cover_modifiers(state: EncounterState, roll: RollContext, rs: Ruleset) -> list[Modifier]:
    """Provider 'cover': half cover 1 bane, three-quarters 2 banes (ranged attacks only)."""
    if not roll.target or roll.target not in state.creatures or not cover_applies(roll):
        return []
    c = creature_cover(state, rs, roll.roller, roll.target)
    table = dict(rs.param("cover_banes", {}) or {})
    n = {
        CoverLevel.HALF: int(table.get("half", 1)),
        CoverLevel.THREE_QUARTERS: int(table.get("three_quarters", 2)),
    }.get(c.level, 0)
    if not n:
        return []
    name = state.creatures[roll.target].name
    return [Modifier(f"{name} has {cover_words(state.battlefield, c)}", boons=-n, source="cover")]


def obscurement_modifiers(state: EncounterState, roll: RollContext, rs: Ruleset) -> list[Modifier]:
    """Provider 'obscurement': partially 1 bane, heavily 2, totally 3 (every attack roll)."""
    if roll.kind != "attack" or not roll.target or roll.target not in state.creatures:
        return []
    if "guess" in roll.tags:
        return []  # guessing already takes 3 banes for not perceiving the target at all
    o = creature_obscurement(state, rs, roll.roller, roll.target)
    if not o.banes:
        return []
    name = state.creatures[roll.target].name
    return [Modifier(f"{name} is {o.reason}", boons=-o.banes, source="obscurement")]


def range_modifiers(state: EncounterState, roll: RollContext, rs: Ruleset) -> list[Modifier]:
    """Provider 'range': a distant shot's bane when the action did not already count it."""
    if roll.kind != "attack" or not roll.ranged or "named_range" in roll.tags:
        return []
    if (
        any(m.source == "option" and "distant" in m.reason for m in roll.base)
        or roll.option == "distant"
    ):
        return []
    chk = range_check(state, rs, roll)
    if chk is not None and chk.band == DISTANT:
        return [Modifier(chk.reason, boons=-chk.banes, source="range")]
    return []


def hidden_modifiers(state: EncounterState, roll: RollContext, rs: Ruleset) -> list[Modifier]:
    """Provider 'hidden': a hidden attacker 1 boon, a guess 3 banes (Seed SotDL: Hide)."""
    out: list[Modifier] = []
    if roll.kind != "attack":
        return out
    table = dict(rs.param("hidden", {}) or {})
    if (
        roll.target
        and roll.target in state.creatures
        and roll.target_attribute in ("defense", "agility")
        and hidden_from(state, roll.roller, roll.target)
    ):
        out.append(
            Modifier(
                f"{state.creatures[roll.roller].name} is hidden from "
                f"{state.creatures[roll.target].name}",
                boons=int(table.get("attack_boons", 1)),
                source="hidden",
            )
        )
    if "guess" in roll.tags:
        out.append(
            Modifier(
                "guessing a hidden target's location",
                boons=-int(table.get("guess_banes", 3)),
                source="hidden",
            )
        )
    return out


# --- target checks -----------------------------------------------------------------------------


def _tag_range(roll: RollContext) -> float | None:
    for t in roll.tags:
        if t.startswith("range:"):
            return float(t.split(":", 1)[1])
    return None


def range_check(state: EncounterState, rs: Ruleset, roll: RollContext) -> RangeCheck | None:
    """Reach, thrown range, range with distant shot, or a named range, in 3D (None: no range)."""
    if not roll.target or roll.target not in state.creatures or "no_range_check" in roll.tags:
        return None
    a, t = state.creatures[roll.roller], state.creatures[roll.target]
    rule = rs.definition.diagonal_rule
    r = _tag_range(roll)
    if "named_range" in roll.tags and r is not None:
        name = next(
            (k for k, v in rs.definition.named_ranges_yd.items() if float(v) == r), f"{r:g}"
        )
        if roll.action == "help":  # Seed SotDL: Help says "within 5 yards", not a named range
            name = f"{r:g}"
        return named_range(
            a.body, t.body, name=name, ranges_yd=rs.definition.named_ranges_yd, rule=rule
        )
    if r is not None and (roll.ranged or "thrown" in roll.tags):
        thrown = "thrown" in roll.tags and not bool(sight_param(rs, "thrown_distant_shot", False))
        opt = roll.option
        return ranged_range(
            a.body,
            t.body,
            range_yd=r,
            distant_shot=opt in ("", "distant"),
            thrown=thrown,
            distant_multiplier=float(_opt(rs, "distant_shot_range_multiplier", 2)),
            distant_banes=int(_opt(rs, "distant_shot_banes", 1)),
            rule=rule,
        )
    if roll.ranged:
        return None
    lunging = roll.option == "lunging"
    reach = float(rs.hooks["reach_yd"](state, rs, roll.roller, roll.weapon, ""))
    extra = float(dict(rs.param("melee_options", {}) or {}).get("lunging_extra_reach_yd", 1))
    return melee_range(
        a.body, t.body, reach_yd=reach, lunging=lunging, lunging_extra_yd=extra, rule=rule
    )


def _opt(rs: Ruleset, key: str, default: float) -> float:
    return float(dict(rs.param("ranged_options", {}) or {}).get(key, default))


def reach_range_check(state: EncounterState, roll: RollContext, rs: Ruleset) -> list[Violation]:
    """Target check 'reach_range': within reach (lunging +1), thrown range, twice the range."""
    chk = range_check(state, rs, roll)
    if chk is None or chk.legal:
        return []
    name = state.creatures[roll.target].name
    code = "out_of_reach" if chk.reason.startswith("out of reach") else "out_of_range"
    return [Violation(f"{name} is {chk.reason}", code)]


def total_cover_check(state: EncounterState, roll: RollContext, rs: Ruleset) -> list[Violation]:
    """Target check 'total_cover': a totally covered creature is no target for anything."""
    if not roll.target or roll.target not in state.creatures or roll.target == roll.roller:
        return []
    if "guess" in roll.tags:
        return []  # a guess aims at a square, not at a creature seen
    c = creature_cover(state, rs, roll.roller, roll.target)
    if c.level != CoverLevel.TOTAL:
        return []
    name = state.creatures[roll.target].name
    return [
        Violation(
            f"{name} has {cover_words(state.battlefield, c)} from "
            f"{state.creatures[roll.roller].name}",
            "total_cover",
        )
    ]


def can_see(state: EncounterState, rs: Ruleset, viewer: str, seen: str) -> str | None:
    """Hook 'can_see': why ``viewer`` cannot see ``seen`` (None: it can). Total cover, totally
    obscured, or hidden from it; unconscious creatures see nothing."""
    v, s = state.creatures[viewer], state.creatures[seen]
    if v.has("unconscious") or v.has("blinded"):
        return f"{v.name} cannot see"
    if hidden_from(state, seen, viewer):
        return f"{s.name} is hidden from {v.name}"
    if creature_cover(state, rs, viewer, seen).level == CoverLevel.TOTAL:
        return f"{s.name} has total cover from {v.name}"
    if creature_obscurement(state, rs, viewer, seen).level >= Obscurement.TOTAL:
        return f"{s.name} is totally obscured from {v.name}"
    return None


def can_see_check(state: EncounterState, roll: RollContext, rs: Ruleset) -> list[Violation]:
    """Target check 'can_see': distract and feint need a target that can see you (Seed SotDL)."""
    if roll.action not in ("distract", "feint") or roll.target not in state.creatures:
        return []
    why = can_see(state, rs, roll.target, roll.roller)
    return (
        [Violation(f"{why}: {roll.action} needs a target that can see you", "cannot_see")]
        if why
        else []
    )


def distance_yd(state: EncounterState, rs: Ruleset, a: str, b: str) -> float:
    """Hook 'distance_yd': yards between two creatures' spaces in 3D (the ruleset's diagonals)."""
    return body_distance(
        state.creatures[a].body, state.creatures[b].body, rule=rs.definition.diagonal_rule
    )


def register(rs: Ruleset) -> None:
    """Plug the sight geometry into the SotDL ruleset (docs/engine.md: SotDL plug-in points)."""
    rs.register_modifier_provider("cover", cover_modifiers)
    rs.register_modifier_provider("obscurement", obscurement_modifiers)
    rs.register_modifier_provider("range", range_modifiers)
    rs.register_modifier_provider("hidden", hidden_modifiers)
    rs.register_target_check("reach_range", reach_range_check)
    rs.register_target_check("total_cover", total_cover_check)
    rs.register_target_check("can_see", can_see_check)
    current = rs.hooks.get("distance_yd")
    if current is None or getattr(current, "__module__", "").endswith(".interim"):
        rs.register_hook("distance_yd", distance_yd)
    rs.register_hook("can_see", can_see)
    from game.rulesets.sotdl.targeting_query import targeting

    rs.register_query("targeting", targeting)
    rs.register_query("reach", reach_query)


def reach_query(state: EncounterState, rs: Ruleset, creature: str, target: str,
                weapon: str = "", option: str = "") -> dict[str, object]:
    """Query 'reach' (Seed SotDL: melee within reach, lunging +1 yard; free attacks leave it):
    the creature's reach, the target's distance in 3D, whether the target is within it."""
    reach = float(rs.hooks["reach_yd"](state, rs, creature, weapon, option))
    dist = float(rs.hooks["distance_yd"](state, rs, creature, target))
    return {"reach_yd": reach, "distance_yd": dist, "in_reach": dist <= reach + 1e-9}


__all__ = [
    "INVISIBLE",
    "clear_caches",
    "cover_words",
    "prone_factor",
    "ruling",
    "sight_param",
    "DISTANT",
    "LUNGING",
    "OUT",
    "RANGE",
    "REACH",
    "can_see",
    "cover_applies",
    "effective_battlefield",
    "creature_cover",
    "creature_obscurement",
    "hidden_from",
    "range_check",
    "register",
    "sight_index",
]
