"""Scenario query steps (docs/scenarios.md, "Query steps"): what the GM reads before committing,
checked like events. ``- query: {targeting: {attacker: bob, target: orc}}`` asks the ruleset's
query and prints ``{"type": "QueryResult", "query": "targeting", "line": .., "result": {..}}``;
the item's ``expect:`` is a mapping the result must contain (subsets, as for events).

Each step turns the ruleset's answer (a dataclass for the window) into plain facts here, so the
file names the same things for SotDL and OSR.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

from game.rules.engine import Engine, encode

#: query step -> (the fields it takes, the creature-id fields among them)
QUERY_STEPS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "targeting": (("attacker", "target", "action", "option", "weapon", "thrown"),
                  ("attacker", "target")),
    "path": (("creature", "path", "mode", "safest", "ways"), ("creature",)),
    "reach": (("creature", "target", "weapon", "option"), ("creature", "target")),
    "morale": (("creature",), ("creature",)),
    "turn": (("creature",), ("creature",)),
    "area": (("kind", "origin", "size_yd", "toward", "width_yd"), ()),
}


def check_query(name: str, args: Any, creatures: Mapping[str, object]) -> str:
    """'' or what is wrong with a query step (unknown query, field or creature)."""
    if name not in QUERY_STEPS:
        return f"query: no query {name!r} (one of {', '.join(QUERY_STEPS)})"
    if not isinstance(args, Mapping):
        return f"query {name}: fields as a mapping, like {{{QUERY_STEPS[name][0][0]}: id}}"
    fields, ids = QUERY_STEPS[name]
    for k, v in args.items():
        if k not in fields:
            return f"query {name}: unknown field {k!r} (fields: {', '.join(fields)})"
        if k in ids and str(v) not in creatures:
            return f"query {name}: there is no creature {v!r}"
    need = fields[:2] if name in ("targeting", "path", "reach") else \
        fields[:3] if name == "area" else ()
    missing = [k for k in need if k not in args]
    return f"query {name}: {', '.join(missing)} missing" if missing else ""


def run_query(eng: Engine, name: str, args: Mapping[str, Any]) -> dict[str, Any]:
    """The step's plain facts (``{"error": ..}`` when the ruleset has no such query)."""
    fn = _STEPS[name]
    try:
        return fn(eng, dict(args))
    except KeyError as err:
        return {"error": f"the ruleset has no query for this ({err})"}


def _level(obj: Any) -> str:
    """A cover or obscurement level by name: none, half, three_quarters, total, partial, heavy."""
    if obj is None:
        return "none"
    return str(getattr(obj.level, "name", obj.level)).lower()


def _modifier(m: Any) -> dict[str, Any]:
    return {"reason": m.reason, "boons": m.boons, "flat": m.flat, "source": m.source}


def _targeting(eng: Engine, a: dict[str, Any]) -> dict[str, Any]:
    """Seed SotDL: Cover & Obscurement, boons and banes / Seed OSR: common modifiers: legal, the
    distance and range band, cover, obscurement, every boon and bane (or modifier) with its
    reason, and the number the d20 must reach."""
    extra = {k: a[k] for k in ("thrown",) if k in a}
    t = eng.query("targeting", a["attacker"], a["target"], action=a.get("action", "attack"),
                  option=a.get("option", ""), weapon=a.get("weapon", ""), **extra)
    out: dict[str, Any] = {
        "legal": t.legal, "violations": [v.reason for v in t.violations],
        "codes": [v.code for v in t.violations], "distance_yd": t.distance_yd, "band": t.band,
        "range_name": getattr(t, "range_name", ""), "cover": _level(t.cover),
        "cover_applies": t.cover_applies, "obscurement": _level(t.obscured),
        "modifiers": [_modifier(m) for m in t.modifiers],
        "boons": [m.reason for m in t.modifiers if m.boons > 0],
        "banes": [m.reason for m in t.modifiers if m.boons < 0],
        "net_boons": t.net_boons, "target_number": t.target_number,
        "target_attribute": t.target_attribute, "lines": t.lines(),
    }
    for k in ("armour_class", "attack_bonus", "net_flat", "unseen", "ignore_dr"):
        if hasattr(t, k):
            out[k] = getattr(t, k)
    charge = getattr(t, "charge", None)
    if charge is not None:
        out["charge"] = _charge(charge)
    return out


def _charge(odds: Any) -> dict[str, Any]:
    """Seed OSR: a charge's path against its rolled extra paces."""
    return {"cost_yd": odds.cost, "need": odds.need, "chance": str(odds.chance),
            "most_yd": odds.most, "text": odds.describe()}


def _squares(path: Any) -> Any:
    """A square [x, y], or a list of waypoints [[x, y], ...], as the query takes it."""
    if isinstance(path, (list, tuple)) and path and isinstance(path[0], (list, tuple)):
        return [tuple(int(v) if float(v).is_integer() else float(v) for v in p) for p in path]
    return tuple(int(v) for v in path)


def _path(eng: Engine, a: dict[str, Any]) -> dict[str, Any]:
    """The movement preview: the path, each step's cost and how (over an edge, the ways it
    could be crossed), the cost, the budget and what is left, the free attacks it draws, its
    jumps and falls, legal or why not; ``ways`` chooses the way over an edge, as Move's."""
    extra = {"ways": tuple((tuple(sq), how) for sq, how in a["ways"])} if a.get("ways") else {}
    p = eng.query("path_preview", a["creature"], _squares(a["path"]),
                  mode=a.get("mode", "move"), safest=bool(a.get("safest", False)), **extra)
    steps = []
    for s in p.steps:
        step = {"square": list(s.square), "cost_yd": s.cost_yd, "how": s.how}
        if hasattr(s, "marks"):
            step["marks"] = list(s.marks)
        if getattr(s, "ways", ()):  # over an edge: the ways the GM may choose
            step["ways"] = [{"how": w.how, "cost_yd": w.cost_yd, "text": w.text} for w in s.ways]
        steps.append(step)
    marks = [m for s in p.steps for m in getattr(s, "marks", ())]
    notes = list(p.notes)
    legal = p.legal if hasattr(p, "legal") else not notes
    cost = p.cost_yd if math.isfinite(p.cost_yd) else None
    out: dict[str, Any] = {
        "legal": legal, "notes": notes, "squares": [list(s.square) for s in p.steps],
        "steps": steps, "cost_yd": cost, "budget_yd": p.budget_yd,
        "budget_left_yd": None if cost is None else p.budget_yd - cost,
        "free_attacks": [f.attacker for f in p.free_attacks],
        "jumps": [m for m in marks if m.startswith("jump")],
        "falls": [m for m in marks if m.startswith("fall")],
        "climbs": [m for m in marks if "climb" in m],
    }
    charge = getattr(p, "charge", None)
    if charge is not None:
        out["charge"] = _charge(charge)
    return out


def _reach(eng: Engine, a: dict[str, Any]) -> dict[str, Any]:
    """Reach: how far the creature reaches (its weapon, a lunge), how far the target is."""
    r = eng.query("reach", a["creature"], a["target"], weapon=a.get("weapon", ""),
                  option=a.get("option", ""))
    return dict(encode(r))


def _morale(eng: Engine, a: dict[str, Any]) -> dict[str, Any]:
    """Seed OSR: Morale: whether a check is due now and why, its modifiers and its target."""
    return dict(encode(eng.query("morale", a["creature"])))


def _turn(eng: Engine, a: dict[str, Any]) -> dict[str, Any]:
    """The turn panel: who may act now, and what this creature may do or why not."""
    out: dict[str, Any] = {"active": eng.state.active, "phase": eng.state.phase,
                           "round": eng.state.round}
    try:
        out["who_may_act"] = list(eng.query("who_may_act"))
    except KeyError:
        pass
    if "creature" in a:
        out.update(encode(eng.query("turn_status", a["creature"])))
    return out


def _area(eng: Engine, a: dict[str, Any]) -> dict[str, Any]:
    """An area effect (sphere, cube, cone, line) from ``origin`` [x, y, z] yards: the squares it
    covers, the creatures it catches, and those total cover from the origin spares (and why)."""
    toward = a.get("toward")
    r = eng.query("area_effect", a["kind"], tuple(a["origin"]), float(a["size_yd"]),
                  toward=tuple(toward) if toward else None, width_yd=float(a.get("width_yd", 1)))
    return {"squares": [list(q) for q in r.square_list()], "creatures": list(r.creatures),
            "shielded": dict(r.shielded)}


_STEPS: dict[str, Callable[[Engine, dict[str, Any]], dict[str, Any]]] = {
    "targeting": _targeting, "path": _path, "reach": _reach, "morale": _morale, "turn": _turn,
    "area": _area,
}
