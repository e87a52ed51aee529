"""Scenario set-up: a scenario file's map, ruleset, sides and creatures into an Engine.

Part of `battlemat run` (game/io/scenario.py runs the commands); format in docs/scenarios.md.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NoReturn

from game.io.config_roster import leaders_as_ids
from game.io.errors import InputError
from game.io.scenario_checks import check_scalar, check_space, param_mistakes
from game.io.yaml_lines import LineList, LineMap
from game.rules.ascii_grid import parse_ascii
from game.rules.battlefield import Battlefield
from game.rules.definitions import CreatureDef, Definitions, RulesetDef, Side, WeaponDef
from game.rules.engine import (
    Command,
    Engine,
    ListDice,
    ManualDice,
    Ruleset,
    SeededDice,
)

CREATURE_FIELDS = {f.name for f in dataclasses.fields(CreatureDef)}
WEAPON_FIELDS = {f.name for f in dataclasses.fields(WeaponDef)}
TOP_KEYS = {"name", "description", "ruleset", "seed", "dice", "map", "sides", "weapons",
            "creatures", "commands", "expect", "params", "config", "encounter"}
ITEM_KEYS = {"dice", "expect", "expect_rejected", "note"}
SIDE_KEYS = ("id", "name", "controller", "leader", "morale")  # leader, morale: OSR
RULESETS = ("sotdl", "osr")  # packages under game/rulesets/ with build_ruleset and new_state


class Scenario:
    """A loaded scenario: the engine set up, and the command items still to run."""

    def __init__(self, path: Path, doc: LineMap, seed: int | None) -> None:
        self.path = path
        self.file = str(path)
        self.doc = doc
        for k in doc:
            if k not in TOP_KEYS:
                known = ", ".join(sorted(TOP_KEYS))
                self.fail(doc.key_line(k), f"unknown key {k!r} (known: {known})")
        self.defs = self._definitions()
        self.encounter, enc_bf = self._encounter()
        self.ruleset = self._ruleset()
        bf = enc_bf if enc_bf is not None and "map" not in doc else self._battlefield()
        sides = list(self.encounter.sides) if self.encounter and "sides" not in doc \
            else self._sides()
        state = self._creatures(bf, sides)
        for side in state.sides:  # OSR: a side's leader is one of its own creatures
            ldr = state.creatures.get(side.leader) if side.leader else None
            if side.leader and (ldr is None or ldr.side != side.id):
                self.fail(doc.value_line("sides") if "sides" in doc else
                          doc.value_line("encounter"),
                          f"side {side.id}: leader {side.leader!r} is no creature of that side")
        s = doc.get("seed", 0) if seed is None else seed
        if not isinstance(s, int):
            self.fail(doc.value_line("seed"), "seed must be a whole number")
        mode = doc.get("dice", "seeded")
        dice: Any
        if isinstance(mode, list):
            if not all(isinstance(v, int) and v > 0 for v in mode):
                self.fail(doc.value_line("dice"), "dice: a list of die results (whole numbers)")
            dice = ListDice(tuple(mode), s)
        elif mode in ("seeded", "manual"):
            dice = ManualDice() if mode == "manual" else SeededDice(s)
        else:
            self.fail(doc.value_line("dice"), "dice is 'seeded', 'manual' or a list of results")
        self.engine = Engine(self.ruleset, state, dice)

    def fail(self, line: int | None, what: str) -> NoReturn:
        """Stop with ``file:line: what``."""
        raise InputError(self.file, line, what)

    # -- set-up ------------------------------------------------------------------------------
    def _definitions(self) -> Definitions:
        from game.io.config import definitions_for, load_definitions

        cfg = self.doc.get("config")
        try:  # no config: named: the scenario's project config/, as the window and check read
            return load_definitions(self.path.parent / cfg) if cfg else definitions_for(self.path)
        except Exception as err:  # noqa: BLE001 - config errors are reported, inline defs still work
            if cfg:
                raise
            self._config_error = str(err).splitlines()[0]
            return Definitions()

    def _encounter(self) -> tuple[Any, Battlefield | None]:
        """``encounter: file.yaml``: map, ruleset, sides and creatures from an encounter file."""
        ref = self.doc.get("encounter")
        if ref is None:
            return None, None
        if not isinstance(ref, str):
            self.fail(self.doc.value_line("encounter"), "encounter: a path to an encounter file")
        from game.io.config import load_encounter_with_map

        enc, bf = load_encounter_with_map(self.path.parent / ref, self.defs)
        if bf is None:
            self.fail(self.doc.value_line("encounter"), f"{ref}: its map could not be loaded")
        return enc, bf

    def _roster(self, bf: Battlefield) -> list[tuple[str, CreatureDef, Any, str, dict[str, str]]]:
        """The encounter's creatures with ids as the GM window names them (slug of the name)."""
        import re

        from game.io.config import encounter_roster

        ids: dict[str, int] = {}
        by_name: dict[str, str] = {}
        out: list[tuple[str, CreatureDef, Any, str, dict[str, str]]] = []
        for e in encounter_roster(self.encounter, bf):
            d = self.defs.creatures[e.creature_id]
            name = e.name or d.name
            base = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_") or "creature"
            ids[base] = ids.get(base, 0) + 1
            cid = base if ids[base] == 1 else f"{base}_{ids[base]}"
            if not e.name and ids[base] > 1:
                name = f"{name} {ids[base]}"
            by_name[e.name or name] = cid
            out.append((cid, d, e, name, {}))
        for _cid, _d, e, _n, data in out:
            if e.mounted_on in by_name:
                data["mount"] = by_name[e.mounted_on]
        return out

    def _ruleset(self) -> Ruleset:
        """The ruleset plug-in ``game.rulesets.<id>``, with the scenario's ``params`` on top of
        its ruleset file's (any ruleset: each reads its own keys)."""
        import importlib

        default = self.encounter.ruleset if self.encounter else "sotdl"
        rid = self.doc.get("ruleset", default)
        if rid not in RULESETS:
            self.fail(self.doc.value_line("ruleset"),
                      f"unknown ruleset {rid!r} ({', '.join(RULESETS)})")
        try:
            pkg = importlib.import_module(f"game.rulesets.{rid}")
        except ImportError:
            self.fail(self.doc.value_line("ruleset"), f"the {rid} ruleset is not available")
        base = self.defs.rulesets.get(rid) or getattr(pkg, "DEFAULT", None) \
            or RulesetDef(id=rid, name=rid.upper())
        defn = self._with_params(base)
        try:
            return pkg.build_ruleset(defn, self._weapons_defs(base))  # type: ignore[no-any-return]
        except ValueError as err:  # a param the plug-in cannot use
            self.fail(self.doc.value_line("params") if "params" in self.doc else None, str(err))

    def _with_params(self, base: RulesetDef) -> RulesetDef:
        """The ruleset definition with the scenario's ``params`` merged over the file's."""
        extra = self.doc.get("params")
        if extra is None:
            return base
        if not isinstance(extra, Mapping):
            self.fail(self.doc.value_line("params"), "params must be a mapping")
        merged = dict(base.params)
        merged.update(_plain(extra))
        from game.io.config import param_line, ruleset_param_problems

        problems = ruleset_param_problems(base.id, _plain(extra))
        seen = {key for key, _ in problems}  # one line per mistake: the plug-in's says it best
        mistakes = param_mistakes(_plain(extra), dict(base.params))
        problems += [p for p in mistakes if p[0] not in seen]
        for key, what in problems:
            line = param_line(extra, key) or self.doc.value_line("params")
            self.fail(line, f"params.{key}: {what}")
        return dataclasses.replace(base, params=merged)

    def _weapons_defs(self, base: RulesetDef) -> Definitions:
        weapons = dict(self.defs.weapons)
        raw = self.doc.get("weapons") or {}
        if not isinstance(raw, Mapping):
            self.fail(self.doc.value_line("weapons"), "weapons must be a mapping of id: fields")
        for wid, spec in raw.items():
            line = raw.value_line(wid) if isinstance(raw, LineMap) else None
            if not isinstance(spec, Mapping):
                self.fail(line, f"weapon {wid}: give its fields (damage, kind ...)")
            bad = [k for k in spec if k not in WEAPON_FIELDS]
            if bad:
                self.fail(line, f"weapon {wid}: unknown field {bad[0]!r}")
            kw = _plain(spec)
            from game.io.config_defs import WEAPON_SPEC
            from game.io.config_fields import Bad

            for k in list(kw):  # `range_yd: far` is one line here, not a crash when fired
                if k in WEAPON_SPEC and k != "properties":
                    try:
                        kw[k] = WEAPON_SPEC[k].conv(kw[k])
                    except Bad as bad:
                        self.fail(line, f"weapon {wid}: {k!r} {bad}")
            if isinstance(kw.get("properties"), str):
                kw["properties"] = [kw["properties"]]
            kw.setdefault("name", str(wid))
            kw.setdefault("kind", "ranged" if kw.get("range_yd") and "thrown" not in
                          kw.get("properties", ()) else "melee")
            if "damage" not in kw:
                self.fail(line, f"weapon {wid}: damage is required (e.g. 1d6)")
            kw["damage"] = str(kw["damage"])
            kw["properties"] = frozenset(kw.get("properties", ()))
            try:
                from game.rules.engine import parse_dice

                parse_dice(kw["damage"])
                weapons[str(wid)] = WeaponDef(id=str(wid), **kw)
            except (TypeError, ValueError) as err:
                self.fail(line, f"weapon {wid}: {err}")
        return dataclasses.replace(self.defs, weapons=weapons)

    def _battlefield(self) -> Battlefield:
        m = self.doc.get("map")
        line = self.doc.value_line("map")
        if not isinstance(m, str) or not m.strip():
            self.fail(line, "map: give a .tmx path or an ASCII picture")
        if "\n" not in m.strip() and m.strip().endswith(".tmx"):
            from game.io.tiled import load_battlefield

            return load_battlefield(self.path.parent / m.strip())
        try:
            return parse_ascii(m, name=self.path.stem)
        except ValueError as err:
            self.fail(line, f"map: {err}")
        raise AssertionError

    def _sides(self) -> list[Side]:
        raw = self.doc.get("sides")
        if raw is None:
            return [Side("players", "Players", "players"), Side("gm", "GM", "gm")]
        return self.side_list(raw, self.doc.value_line("sides"))

    def side_list(self, raw: Any, at: int | None) -> list[Side]:
        """A list of {id, name, controller, leader, morale} as sides."""
        if not isinstance(raw, list) or not raw:
            self.fail(at, "sides: a list of {id, controller}")
        out = []
        for i, s in enumerate(raw):
            line = raw.item_line(i) if isinstance(raw, LineList) else at
            if not isinstance(s, Mapping) or "id" not in s:
                self.fail(line, "a side needs an id")
            bad = [k for k in s if k not in SIDE_KEYS]
            if bad:  # `controler: players` would silently make the heroes the GM's
                self.fail(line, f"side {s['id']}: unknown key {bad[0]!r} "
                                f"({', '.join(SIDE_KEYS)})")
            ctrl = s.get("controller", "players" if s["id"] == "players" else "gm")
            if ctrl not in ("players", "gm"):
                self.fail(line, f"side {s['id']}: controller is 'players' or 'gm'")
            morale = s.get("morale", 0)
            if isinstance(morale, bool) or not isinstance(morale, int) or \
                    not (morale == 0 or 2 <= morale <= 12):
                self.fail(line, f"side {s['id']}: morale is a whole number from 2 to 12")
            out.append(Side(str(s["id"]), str(s.get("name", s["id"])), ctrl,
                            str(s.get("leader", "")), morale))
        return out

    def _creatures(self, bf: Battlefield, sides: list[Side]) -> Any:
        import importlib

        # each ruleset package offers NewCreature and new_state (same fields; OSR adds formation)
        pkg = importlib.import_module(f"game.rulesets.{self.ruleset.id}")
        NewCreature, new_state = pkg.NewCreature, pkg.new_state
        extra_fields = {f.name for f in dataclasses.fields(NewCreature)} - {
            "id", "definition", "side", "square", "name", "elevation_yd", "data"}

        raw = self.doc.get("creatures")
        new = []
        if self.encounter is not None:
            roster = self._roster(bf)
            if "sides" not in self.doc:  # the file names its leaders; the fight knows ids
                sides = list(leaders_as_ids(sides, {e.name or name: cid
                                                    for cid, _d, e, name, _ in roster}))
            for cid, d, e, name, data in roster:
                # OSR: the encounter's formations (the entry's formation, params.formations)
                kw = {"formation": e.formation} if getattr(e, "formation", "") and \
                    "formation" in extra_fields else {}
                new.append(NewCreature(cid, d, e.side, e.square, name, e.elevation_yd, data, **kw))
            raw = raw or []
        if not isinstance(raw, list) or not (raw or new):
            self.fail(self.doc.value_line("creatures"), "creatures: a list of creatures")
        side_ids = {s.id for s in sides}
        taken: dict[tuple[int, int], tuple[str, str]] = {}  # square: (creature, its mount)
        for i, c in enumerate(raw):
            line = raw.item_line(i) if isinstance(raw, LineList) else None
            if not isinstance(c, Mapping) or "id" not in c:
                self.fail(line, "a creature needs an id")
            cid = str(c["id"])
            known = {"id", "side", "at", "square", "creature", "stats", "name", "elevation_yd",
                     "data", *extra_fields}
            for k in c:
                if k not in known:
                    hint = (f" (a stat: write it under stats:, like stats: {{{k}: ...}})"
                            if k in CREATURE_FIELDS else f" (known: {', '.join(sorted(known))})")
                    self.fail(line, f"creature {cid}: unknown key {k!r}{hint}")
            if c.get("side") not in side_ids:
                sides_known = ", ".join(sorted(side_ids))
                self.fail(line, f"creature {cid}: side must be one of {sides_known}")
            at = c.get("at", c.get("square"))
            if not (isinstance(at, list) and len(at) == 2 and all(isinstance(v, int) for v in at)):
                self.fail(line, f"creature {cid}: at: [x, y] (whole squares)")
            if not bf.in_bounds((at[0], at[1])):
                self.fail(line, f"creature {cid}: {at} is off the {bf.width}x{bf.height} map")
            d = self.creature_def(c, cid, line)
            space = self.ruleset.definition.space_for(d.size)
            if not bf.in_bounds((at[0] + space - 1, at[1] + space - 1)):
                self.fail(line, f"creature {cid}: a Size {d.size:g} creature takes {space}x{space} "
                          f"squares from {at}, off the {bf.width}x{bf.height} map")
            for w in d.weapons:
                if w not in self.ruleset.definitions.weapons:
                    self.fail(line, f"creature {cid}: unknown weapon {w!r}")
            elev = c.get("elevation_yd")
            if elev is not None and (isinstance(elev, bool) or not isinstance(elev, (int, float))):
                self.fail(line, f"creature {cid}: elevation_yd must be a number, not {elev!r}")
            data = _plain(c.get("data") or {})
            why = check_space(cid, (at[0], at[1]), space, c, data, bf, taken)
            if why:
                self.fail(line, why)
            extra = {k: _plain(c[k]) for k in extra_fields if k in c}
            new.append(NewCreature(cid, d, str(c["side"]), (at[0], at[1]), str(c.get("name", "")),
                                   c.get("elevation_yd"), data, **extra))
        try:
            import inspect

            enc = {"encounter": self.encounter} if self.encounter is not None and \
                "encounter" in inspect.signature(new_state).parameters else {}
            return new_state(bf, self.ruleset, sides, new, **enc)
        except ValueError as err:
            self.fail(self.doc.value_line("creatures"), str(err))

    def creature_def(self, c: Mapping[str, Any], cid: str, line: int | None) -> CreatureDef:
        """A creature entry's definition: ``creature:`` (a definition id) with ``stats:`` on top,
        or a whole inline one."""
        stats = self.stats(c.get("stats") or {}, cid, line)
        return self._creature_def_from(c, stats, c.get("creature"), cid, line)

    def stats(self, raw: Any, cid: str, line: int | None) -> dict[str, Any]:
        """A creature's ``stats:`` checked like the config files' (``size: 1/2``, ``speed: ten``
        is a mistake) and in CreatureDef's types."""
        from game.io.config_defs import CREATURE_SPEC
        from game.io.config_fields import Bad

        stats = _plain(raw)
        if not isinstance(stats, dict):
            self.fail(line, f"creature {cid}: stats: a mapping like {{speed: 8}}")
        bad = [k for k in stats if k not in CREATURE_FIELDS]
        if bad:
            self.fail(line, f"creature {cid}: unknown stat {bad[0]!r}")
        for k in list(stats):  # the config files' checks: `size: 1/2`, `speed: ten` ...
            if k in ("weapons", "movement", "tags", "skills"):
                continue
            try:
                stats[k] = CREATURE_SPEC[k].conv(stats[k])
            except Bad as bad:
                self.fail(line, f"creature {cid}: stat {k!r} {bad}")
        for k in ("weapons", "movement", "tags"):
            if isinstance(stats.get(k), str):
                stats[k] = [stats[k]]  # `weapons: sword` for a list of one
        for k in ("weapons",):
            if k in stats:
                stats[k] = tuple(stats[k])
        for k in ("movement", "tags"):
            if k in stats:
                stats[k] = frozenset(stats[k])
        return stats

    def _creature_def_from(self, c: Mapping[str, Any], stats: dict[str, Any], ref: Any,
                           cid: str, line: int | None) -> CreatureDef:
        if ref:
            base = self.defs.creatures.get(ref)
            if base is None:
                why = getattr(self, "_config_error", "")
                self.fail(line, f"creature {cid}: no definition {ref!r} in config/"
                          + (f" ({why})" if why else ""))
            try:
                return dataclasses.replace(base, **stats)
            except TypeError as err:
                self.fail(line, f"creature {cid}: {err}")
        stats.setdefault("id", cid)
        stats.setdefault("name", str(c.get("name", cid)))
        for need in ("size", "speed", "defense", "health"):
            if need not in stats:
                self.fail(line, f"creature {cid}: stats need {need} (or creature: <definition id>)")
        try:
            return CreatureDef(**stats)
        except TypeError as err:
            self.fail(line, f"creature {cid}: {err}")
        raise AssertionError

    # -- commands ----------------------------------------------------------------------------
    def _check_squares(self, name: str, field: str, value: Any, *, many: bool,
                       line: int | None) -> None:
        """Squares are [x, y] (paths: a list of them)."""
        items = value if many else (value,)
        if not isinstance(items, tuple) or not all(_is_square(v) for v in items):
            what = "a list of squares like [[1, 0], [2, 0]]" if many else "a square like [1, 0]"
            self.fail(line, f"{name}: {field} must be {what}")

    def command_from(self, name: str, args: Any, line: int | None, *, activity: bool = False
                     ) -> Command:
        """Build a command from its scenario form (``attack: {attacker: .., target: ..}``).

        A prepared ``activity`` may leave out its target: the trigger fills it in.
        """
        from game.io.scenario_setup_steps import setup_step

        step = setup_step(self, name, args, line)  # set-up: definitions and sides by their ids
        if step is not None:
            return step
        cls = self.ruleset.command_names.get(name)
        if cls is None:
            from game.rules.engine import AdvancePhase, GMNote

            cls = {"advance_phase": AdvancePhase, "gm_note": GMNote}.get(name)
        if cls is None:
            self.fail(line, f"unknown command {name!r}")
        if args is None:
            args = {}
        if not isinstance(args, Mapping):
            self.fail(line, f"{name}: give its fields as a mapping")
        fields = {f.name: f for f in dataclasses.fields(cls)}
        kw: dict[str, Any] = {}
        # the one creature doing it may be called creature or attacker, whichever the command uses
        alias = {"creature": "attacker", "attacker": "creature", "caster": "creature"}
        for k0, v in args.items():
            k = k0
            if k not in fields and alias.get(k) in fields:
                k = alias[k]
            elif k == "creature" and k not in fields and "caster" in fields:
                k = "caster"
            if k not in fields:
                self.fail(line, f"{name}: unknown field {k!r} (fields: {', '.join(fields)})")
            if k == "activity" and isinstance(v, Mapping) and len(v) == 1:
                (an, aa), = v.items()
                kw[k] = self.command_from(str(an), aa, line, activity=True)
            else:
                kw[k] = _tuplify(_plain(v))
                ftype = str(fields[k].type)
                if "tuple[Square, str]" in ftype:  # ways over edges: [[[x, y], how], ...]
                    if not isinstance(kw[k], tuple) or not all(
                            isinstance(w, tuple) and len(w) == 2 and _is_square(w[0])
                            and isinstance(w[1], str) for w in kw[k]):
                        self.fail(line, f"{name}: {k} must be a list like [[[3, 1], jump]] "
                                        "(a square entered over an edge, then climb, jump or "
                                        "fall)")
                elif "Square" in ftype and kw[k] is not None:
                    self._check_squares(name, k, kw[k], many="tuple[" in ftype, line=line)
                kw[k], why = check_scalar(name, k, ftype, kw[k])
                if why:
                    self.fail(line, why)
        if activity and "target" in fields and "target" not in kw:
            kw["target"] = ""
        try:
            return cls(**kw)
        except TypeError as err:
            missing = [f for f, fd in fields.items() if f not in kw
                       and fd.default is dataclasses.MISSING
                       and fd.default_factory is dataclasses.MISSING]
            what = f"missing {', '.join(missing)}" if missing else str(err)
            self.fail(line, f"{name}: {what}")
        raise AssertionError



def _is_square(v: Any) -> bool:
    """[x, y] whole numbers, or [x, y, altitude] for a flyer's waypoint."""
    return isinstance(v, tuple) and len(v) in (2, 3) and all(
        isinstance(n, int) for n in v[:2]) and all(isinstance(n, (int, float)) for n in v)


def _plain(v: Any) -> Any:
    """LineMap/LineList to plain dicts and lists."""
    if isinstance(v, Mapping):
        return {str(k): _plain(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


def _tuplify(v: Any) -> Any:
    if isinstance(v, list):
        return tuple(_tuplify(x) for x in v)
    return v


