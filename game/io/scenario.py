"""Headless scenario runs: `battlemat run SCENARIO.yaml [--seed N]` (format: docs/scenarios.md).

A scenario names a map (a .tmx path or an ASCII picture), a ruleset, sides and creatures,
then a list of commands and answers to decisions, with optional typed dice; events come out
as JSON Lines. Bad files get ``file:line: what is wrong``. Set-up: game/io/scenario_setup.py.
"""
from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from game.io.errors import InputError
from game.io.scenario_queries import check_query, run_query
from game.io.scenario_setup import ITEM_KEYS, Scenario, _plain
from game.io.yaml_lines import LineList, LineMap, load_yaml_file
from game.rules.engine import Answer, Command, EncounterState, Event, Ruleset, encode

__all__ = ["Scenario", "play", "run_scenario_file", "summary"]


def _matches(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> bool:
    """Every key of ``expected`` is in ``actual`` with an equal (or recursively matching) value."""
    for k, v in expected.items():
        if k not in actual:
            return False
        a = actual[k]
        if isinstance(v, Mapping) and isinstance(a, Mapping):
            if not _matches(v, a):
                return False
        elif isinstance(v, list) and isinstance(a, list) and v and isinstance(v[0], Mapping):
            if len(v) != len(a) or not all(_matches(x, y) for x, y in zip(v, a, strict=True)):
                return False
        elif v != a:
            return False
    return True


def _differing(expected: Mapping[str, Any], actual: Mapping[str, Any]) -> dict[str, Any]:
    """The actual values of the expected keys that do not match (for a one-line problem)."""
    return {k: actual.get(k, "<missing>") for k, v in expected.items()
            if not _matches({k: v}, actual)}


def parse_item(sc: Scenario, items: Any, n: int
               ) -> tuple[int | None, Mapping[str, Any], str, list[int], Command | None]:
    """One command item checked and built: (line, item, name, dice, command or None)."""
    line = items.item_line(n) if isinstance(items, LineList) else None
    item = items[n]
    if isinstance(item, str):
        item = {item: {}}
    if not isinstance(item, Mapping):
        sc.fail(line, "each command is a mapping like {attack: {...}}")
    keys = [k for k in item if k not in ITEM_KEYS]
    if len(keys) != 1:
        sc.fail(line, "each item names one command (or answer), plus dice:/expect:")
    name = str(keys[0])
    dice = item.get("dice") or []
    if not isinstance(dice, list) or not all(isinstance(v, int) for v in dice):
        sc.fail(line, "dice: a list of whole numbers")
    if name == "query":
        q = item["query"]
        if not isinstance(q, Mapping) or len(q) != 1:
            sc.fail(line, "query: one query by name, like {targeting: {attacker: a, target: b}}")
        qname, args = next(iter(q.items()))
        bad = check_query(str(qname), _plain(args) if args is not None else {},
                          sc.engine.state.creatures)
        if bad:
            sc.fail(line, bad)
        if item.get("expect") is not None and not isinstance(item["expect"], Mapping):
            sc.fail(line, "a query's expect: a mapping of the facts to find in its result")
        return line, item, name, list(dice), None
    cmd = None if name in ("answer", "undo", "redo") else sc.command_from(name, item[name], line)
    return line, item, name, list(dice), cmd


def run_scenario_file(path: Path, *, seed: int | None = None, out: IO[str]) -> int:
    """Run a scenario; print events (and rejections, decisions) as JSON Lines. Exit code:
    0 all went as written, 1 an expectation failed or a command was unexpectedly rejected."""
    import sys

    try:
        doc = load_yaml_file(Path(path))
    except InputError as err:
        raise _bare_command_hint(Path(path), err) from None
    if doc.duplicates:
        raise doc.duplicates[0]
    if not isinstance(doc.data, LineMap):
        raise InputError(str(path), 1, "a scenario is a mapping (map, creatures, commands ...)")
    sc = Scenario(Path(path), doc.data, seed)
    results = play(sc, out)
    problems = results["problems"]
    for line, what in problems:
        print(f"{sc.file}:{line}: {what}", file=sys.stderr)
    return 1 if problems else 0


def summary(state: EncounterState, ruleset: Ruleset | None = None) -> dict[str, Any]:
    """The last line of a run: where everyone is and how they fare (for expect:). How a
    creature fares is the ruleset's ``vitals`` query when it has one (OSR: hit_points,
    hp_left, cohesion), else SotDL's Health."""
    vitals = ruleset.queries.get("vitals") if ruleset is not None else None

    def fares(c: Any) -> dict[str, Any]:
        if vitals is not None:
            return {"damage": c.damage, **vitals(state, ruleset, c.id)}
        return {"damage": c.damage, "health": c.definition.health}

    return {
        "type": "Summary", "round": state.round, "phase": state.phase, "over": state.over,
        "outcome": state.outcome,
        "creatures": {
            c.id: {
                "square": list(c.body.square), "elevation_yd": c.body.elevation_yd,
                **fares(c), "status": c.status,
                "afflictions": sorted({a.name for a in c.afflictions}),
                "turn_taken": c.turn.taken, "triggered_used": c.turn.triggered_used,
                "data": encode(dict(c.data)),
            } for c in state.creatures.values()
        },
        "effects": sorted(state.effects),
    }


def _bare_command_hint(path: Path, err: InputError) -> InputError:
    """`- end_round` then `  expect: ...` is invalid YAML: say how to write it."""
    import re

    if "mapping values are not allowed" not in err.what or not err.where.isdigit():
        return err
    lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
    n = int(err.where) - 1  # the line before the one YAML stopped at
    while 0 < n <= len(lines) and not lines[n - 1].strip():
        n -= 1
    m = re.match(r"^\s*-\s+([a-z_]+)\s*(#.*)?$", lines[n - 1]) if 0 < n <= len(lines) else None
    if m is None:
        return err
    return InputError(err.file, err.where, f"{err.what} (a command with dice:, expect: or "
                      f"note: is written '- {m.group(1)}: {{}}', not '- {m.group(1)}')")


OUTPUT_TYPES = ("Setup", "CommandIssued", "CommandRejected", "DecisionPending",
                "DecisionDefaulted", "Undone", "Redone", "QueryResult", "Summary")


def _unknown_type(expected: Any) -> str:
    """'' or why an expected line can never be found (`type: RolMade`)."""
    import difflib

    from game.rules.engine.events import VALUE_TYPES

    t = expected.get("type") if isinstance(expected, Mapping) else None
    if t is None or t in VALUE_TYPES or t in OUTPUT_TYPES:
        return ""
    near = difflib.get_close_matches(str(t), [*VALUE_TYPES, *OUTPUT_TYPES], 1, 0.7)
    hint = f" (did you mean {near[0]!r}?)" if near else " (docs/scenarios.md lists them)"
    return f"expect: there is no event type {t!r}{hint}"


def _typed_rolled(obj: Any) -> int:
    """How many typed-in dice (``DieRoll`` with ``typed``) the events hold."""
    if isinstance(obj, Mapping):
        here = 1 if obj.get("type") == "DieRoll" and obj.get("typed") else 0
        return here + sum(_typed_rolled(v) for v in obj.values())
    if isinstance(obj, (list, tuple)):
        return sum(_typed_rolled(v) for v in obj)
    return 0


def _emit(out: IO[str], obj: Mapping[str, Any]) -> None:
    out.write(json.dumps(obj, sort_keys=False) + "\n")


def play(sc: Scenario, out: IO[str]) -> dict[str, Any]:
    """Run the scenario's command items; returns {'events': [...dicts], 'problems': [...]}."""
    eng = sc.engine
    items = sc.doc.get("commands") or []
    if not isinstance(items, list):
        sc.fail(sc.doc.value_line("commands"), "commands: a list")
    problems: list[tuple[int | None, str]] = []
    all_events: list[dict[str, Any]] = []  # every printed line, for the file's own expect:
    real_out = out

    class _Tee:
        def write(self, text: str) -> None:
            real_out.write(text)
            all_events.append(json.loads(text))

    out = _Tee()  # type: ignore[assignment]

    def record(events: tuple[Event, ...]) -> list[dict[str, Any]]:
        ds = [e.to_dict() for e in events]
        for d in ds:
            _emit(out, d)
        return ds

    def default_answer(line: int | None) -> None:
        d = eng.pending
        assert d is not None
        if d.kind == "dice":
            sc.fail(line, f"dice needed: {d.prompt} (add dice: or an answer)")
        _emit(out, {"type": "DecisionDefaulted", "decision_id": d.id, "prompt": d.prompt,
                    "choice": d.default})
        settle(eng.answer(d.id, d.default), line, None)

    def settle(outcome: Any, line: int | None, item: Mapping[str, Any] | None) -> None:
        if not outcome.ok:
            codes = [v.code for v in outcome.violations]
            exp = item.get("expect_rejected") if item else None
            _emit(out, {"type": "CommandRejected", "line": line,
                        "violations": [v.reason for v in outcome.violations], "codes": codes})
            if not exp:
                problems.append((line, "rejected: " + "; ".join(v.reason for v in
                                                                 outcome.violations)))
            elif isinstance(exp, str) and exp not in codes and not any(
                    exp in v.reason for v in outcome.violations):
                problems.append((line, f"rejected, but not for {exp!r}: {codes}"))
            return
        if item and item.get("expect_rejected"):
            problems.append((line, "expected this to be rejected, it was not"))
        if outcome.pending is not None:
            d = outcome.pending
            _emit(out, {"type": "DecisionPending", "decision": encode(d)})
            return
        ds = record(outcome.events)
        used = _typed_rolled(ds)
        if used < typed[0]:  # dice: [19, 1, 2, 3] for one d20 and a d6: say so, not silently
            problems.append((line, f"{typed[0]} dice typed in for this command, only {used} "
                                   "rolled (the d20, boon/bane d6s, damage, then later rolls)"))
        typed[0] = 0
        if item and item.get("expect") is not None:
            check(item["expect"], ds, line)

    def check(expect: Any, ds: list[dict[str, Any]], line: int | None) -> None:
        if not isinstance(expect, list):
            sc.fail(line, "expect: a list of event fields to find, in order")
        i = 0
        for e in expect:
            e = _plain(e)
            unknown = _unknown_type(e)
            if unknown:
                problems.append((line, unknown))
                return
            while i < len(ds) and not _matches(e, ds[i]):
                i += 1
            if i >= len(ds):
                problems.append((line, f"expected event not found (in order): {json.dumps(e)}"))
                return
            i += 1

    parsed = [parse_item(sc, items, n) for n in range(len(items))]  # bad files stop here
    _emit(out, {"type": "Setup", "ruleset": sc.ruleset.id, "creatures": {
        c.id: {"name": c.name, "side": c.side, "square": list(c.body.square),
               "definition": c.definition.id} for c in eng.state.creatures.values()}})
    last_line: int | None = None
    typed = [0]  # dice typed in for the command going on (its item's, answers')
    for line, item, name, dice, parsed_cmd in parsed:
        last_line = line
        if name == "answer":
            if eng.pending is None:
                problems.append((line, "answer given, but no question is pending"))
                _emit(out, {"type": "CommandRejected", "line": line,
                            "violations": ["there is no question to answer"]})
                continue
            choice = item["answer"]
            if isinstance(choice, Mapping):
                choice = choice.get("choice")
            d = eng.pending
            if d.kind == "dice" and isinstance(choice, list):
                choice = list(choice)
                typed[0] += len(choice)
            elif d.kind == "dice" and choice is None and dice:
                choice = list(dice)
                typed[0] += len(choice)
            elif d.kind == "dice" and isinstance(choice, int):
                typed[0] += 1
            elif dice and d.kind != "dice":
                eng.type_ahead(dice)  # typed dice for what follows the answer
                typed[0] += len(dice)
            ids = d.option_ids()
            if ids and choice not in ids and (isinstance(choice, bool) or str(choice).lower()
                                              in ("yes", "no", "true", "false")):
                # yes: the first option (take the free attack, fire); no: the last (decline)
                yes = choice is True or str(choice).lower() in ("yes", "true")
                choice = ids[0] if yes else ids[-1]
            settle(eng.submit(Answer(d.id, choice)), line, item)
            continue
        if name == "query":  # pure: asked of the state as it is, a question left pending
            qname, args = next(iter(item["query"].items()))
            args = _plain(args) if args is not None else {}
            result = run_query(eng, str(qname), args)
            _emit(out, {"type": "QueryResult", "line": line, "query": str(qname),
                        "args": args, "result": result})
            exp = item.get("expect")
            if "error" in result:
                problems.append((line, f"query {qname}: {result['error']}"))
            elif exp is not None and not _matches(_plain(exp), result):
                problems.append((line, f"query {qname}: expected {json.dumps(_plain(exp))}, "
                                       f"got {json.dumps(_differing(_plain(exp), result))}"))
            continue
        while eng.pending is not None:
            default_answer(line)
        if name in ("undo", "redo"):
            ok = eng.undo() if name == "undo" else eng.redo()
            _emit(out, {"type": "Undone" if name == "undo" else "Redone", "ok": ok})
            continue
        cmd = parsed_cmd
        assert cmd is not None
        _emit(out, {"type": "CommandIssued", "line": line, "command": cmd.to_dict()})
        typed[0] = len(dice)
        settle(eng.submit(cmd, dice=dice), line, item)
    while eng.pending is not None:
        default_answer(last_line)
    _emit(out, summary(eng.state, sc.ruleset))
    final = sc.doc.get("expect")
    if final is not None:
        check(final, all_events, sc.doc.value_line("expect"))
    return {"events": all_events, "problems": problems}
