"""The OSR plug-in's set-up: ``build_ruleset``, ``NewCreature``, ``new_state`` (the same calls
the SotDL plug-in publishes, docs/engine.md), and formations read from the encounter file.

Encounter ``params`` the OSR ruleset reads (config/encounters/osr_*.yaml):

* ``treacherous: true``: the Milieu rolls 1d6 each round (on a 1, the GM describes an event);
* ``formations: {id: {facing: S, order: tight, mob: false, leader: Captain}}``: members are the
  creatures whose ``formation:`` names that id (or listed here under ``members``);
* ``initiative: {side: [[reason, +1]]}``: modifiers on a side's first initiative roll.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from game.rules.battlefield import Battlefield
from game.rules.body import Body
from game.rules.definitions import CreatureDef, Definitions, EncounterDef, RulesetDef, Side
from game.rules.engine import CreatureState, EncounterState, Ruleset, frozen_map, setup
from game.rules.engine import NewCreature as BaseNewCreature
from game.rulesets.osr import formation_cmds, menu, previews, rounds, targeting, turns
from game.rulesets.osr.formations import FACINGS, form_up, max_cohesion
from game.rulesets.osr.params import OsrParams
from game.rulesets.osr.phases import PHASES, morale_preview

#: Formation options a member's data may give (scenario files): facing, order, mob, leader.
FORMATION_OPTIONS = ("facing", "order", "mob", "leader")


def build_ruleset(
    definition: RulesetDef | None = None, definitions: Definitions | None = None
) -> Ruleset:
    """The OSR house rules as an engine ruleset (phases, commands, checkers, queries)."""
    defn = definition or RulesetDef("osr", "OSR house rules")
    try:
        rs = Ruleset(defn, definitions)  # type: ignore[call-arg]
    except TypeError:  # an engine without the definitions argument
        rs = Ruleset(defn)
        rs.definitions = definitions or Definitions()  # type: ignore[attr-defined]
    p = OsrParams.from_mapping(defn.params)
    rs.register_hook("osr_params", lambda: p)
    rs.set_phases(PHASES)
    rs.register_query("morale", morale_preview)
    turns.register(rs)
    rounds.register(rs)
    formation_cmds.register(rs)
    targeting.register(rs)
    previews.register(rs)
    menu.register(rs)  # the action bar's groups and labels (game/ui)
    setup.register(rs)  # set-up before the first round: add, edit, place, sides (issue 11)
    return rs


_FORMATION_KEYS = ("facing", "order", "mob", "leader", "members", "name")


def encounter_param_problems(
    params: Mapping[str, Any], sides: Sequence[str], names: Sequence[str]
) -> list[tuple[str, str]]:
    """Mistakes in an OSR encounter's ``params`` as (dotted key, what is wrong): ``treacherous``
    true/false, ``initiative: {side: [[reason, +1]]}``, ``formations: {id: {facing, order, mob,
    leader, members, name}}`` (leader and members by creature name). The loader adds lines.

    >>> encounter_param_problems({"formations": {"w": {"facing": "Q"}}}, ["a"], [])
    [('formations.w.facing', "must be one of N, E, S, W, not 'Q'")]
    """
    out: list[tuple[str, str]] = []
    if "treacherous" in params and not isinstance(params["treacherous"], bool):
        out.append(("treacherous", f"must be true or false, not {params['treacherous']!r}"))
    init = params.get("initiative")
    if init is not None:
        if not isinstance(init, Mapping):
            out.append(("initiative", "must map a side to [[reason, +1 or -1], ...]"))
        else:
            for side, mods in init.items():
                key = f"initiative.{side}"
                if side not in sides:
                    out.append((key, f"unknown side {side!r} (sides: {', '.join(sides)})"))
                ok = isinstance(mods, (list, tuple)) and all(
                    isinstance(m, (list, tuple)) and len(m) == 2 and isinstance(m[0], str)
                    and isinstance(m[1], int) and not isinstance(m[1], bool) for m in mods
                )
                if not ok:
                    out.append((key, "must be a list of [reason, +1 or -1] pairs"))
    forms = params.get("formations")
    if forms is not None and not isinstance(forms, Mapping):
        out.append(("formations", "must map a formation id to {facing, order, mob, leader}"))
        forms = None
    for fid, spec in (forms or {}).items():
        key = f"formations.{fid}"
        if not isinstance(spec, Mapping):
            out.append((key, "must be a mapping of facing, order, mob, leader, members"))
            continue
        for k, v in spec.items():
            where = f"{key}.{k}"
            if k not in _FORMATION_KEYS:
                out.append((where, f"unknown option (options: {', '.join(_FORMATION_KEYS)})"))
            elif k == "facing" and v not in FACINGS:
                out.append((where, f"must be one of {', '.join(FACINGS)}, not {v!r}"))
            elif k == "order" and v not in ("loose", "tight"):
                out.append((where, f"must be loose or tight, not {v!r}"))
            elif k == "mob" and not isinstance(v, bool):
                out.append((where, f"must be true or false, not {v!r}"))
            elif k == "leader" and (not isinstance(v, str) or (names and v not in names)):
                out.append((where, f"no creature called {v!r} in this encounter"))
            elif k == "members" and not (
                isinstance(v, (list, tuple)) and all(not names or m in names for m in v)
            ):
                out.append((where, "must list creatures of this encounter by name"))
    return out


@dataclass(frozen=True)
class NewCreature(BaseNewCreature):
    """One creature to put in the fight: the engine's, plus the ``formation`` it stands in."""

    formation: str = ""


def new_state(
    battlefield: Battlefield,
    ruleset: Ruleset,
    sides: Sequence[Side],
    creatures: Sequence[Any],
    *,
    encounter: EncounterDef | None = None,
) -> EncounterState:
    """The round-0 state; formations come from ``formation`` (or ``data["formation"]``) and the
    encounter's ``params.formations``; ``params.treacherous`` makes the Milieu roll for peril."""
    defn = ruleset.definition
    out: dict[str, CreatureState] = {}
    members: dict[str, list[str]] = {}
    from_data: dict[str, dict[str, Any]] = {}
    for n in creatures:
        if n.id in out:
            raise ValueError(f"two creatures are called {n.id!r}")
        d: CreatureDef = n.definition
        square = tuple(n.square)
        elev = battlefield.elevation_at(square) if n.elevation_yd is None else float(n.elevation_yd)
        body = Body(square, defn.space_for(d.size), elev, defn.height_for(d.size))
        data = dict(getattr(n, "data", {}) or {})
        fid = getattr(n, "formation", "") or str(data.pop("formation", "") or "")
        if fid:
            members.setdefault(fid, []).append(n.id)
            for key in FORMATION_OPTIONS:  # a scenario's creature data may carry them
                if key in data:
                    from_data.setdefault(fid, {})[key] = data.pop(key)
        out[n.id] = CreatureState(
            n.id, n.name or d.name, d, n.side, body, data=MappingProxyType(data)
        )
    params: Mapping[str, Any] = encounter.params if encounter is not None else {}
    enc_data: dict[str, Any] = {}
    if params.get("treacherous"):
        enc_data["osr_treacherous"] = True
    if params.get("initiative"):
        enc_data["osr_init_mods"] = {
            s: tuple((str(r), int(v)) for r, v in mods) for s, mods in params["initiative"].items()
        }
    spec = {
        fid: {**from_data.get(fid, {}), **dict(v or {})}
        for fid, v in (params.get("formations") or {}).items()
    }
    for fid, opts in from_data.items():
        spec.setdefault(fid, opts)
    forms, cohesion = _formations(out, members, spec, OsrParams.from_mapping(defn.params))
    if forms:
        enc_data["osr_formations"] = forms
        enc_data["osr_cohesion"] = cohesion
    return EncounterState(
        battlefield, defn.id, tuple(sides), frozen_map(out), data=frozen_map(enc_data)
    )


def _formations(
    creatures: Mapping[str, CreatureState],
    members: dict[str, list[str]],
    spec: Mapping[str, Any],
    p: OsrParams,
) -> tuple[dict[str, Any], dict[str, int]]:
    """Formations named in the encounter, formed where their members stand."""
    by_name = {c.name: c.id for c in creatures.values()}
    forms: dict[str, Any] = {}
    cohesion: dict[str, int] = {}
    for fid in sorted(set(members) | set(spec)):
        s = dict(spec.get(fid, {}) or {})
        ids = [by_name.get(m, m) for m in s.get("members", ())] or members.get(fid, [])
        ids = [i for i in ids if i in creatures]
        if not ids:
            continue
        leader = str(s.get("leader", ""))
        f = form_up(
            fid,
            creatures[ids[0]].side,
            {i: creatures[i].body.square for i in ids},
            facing=str(s.get("facing", "N")),
            order=str(s.get("order", "loose")),
            mob=bool(s.get("mob", False)),
            leader=by_name.get(leader, leader),
            name=str(s.get("name", fid)),
        )
        forms[fid] = f
        cohesion[fid] = max_cohesion(f, p)
    return forms, cohesion
