"""Movement and targeting previews for the tools, asked of the ruleset (never computed here),
and cached for the hovered square until the fight changes.

Movement uses the ruleset's registered queries when it has them (``reachable`` and
``path_preview``); until then the ``plan_path`` hook prices a straight line of squares.
Every command still goes to the engine's validate, which has the last word.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np

from game.rules.battlefield import Square
from game.rules.engine import WalkMode, choices_of
from game.ui.command_kinds import (
    fields_of,
    make,
    moves_first,
    other_acts,
    target_value,
    tool_kind,
)
from game.ui.fight import Fight
from game.ui.log_text import sq
from game.ui.routes import through
from game.ui.scene import MovePreview, PathStepMark, TargetPreview

#: the GM's ways over edges, by the square entered (the move commands' ``ways``)
Ways = tuple[tuple[Square, str], ...]

HUGE_BUDGET_YD = 10_000.0
APPROACH_TRIES = 24  # squares in reach of the target tried, cheapest first, for a charge's path
CACHE_SIZE = 256  # hovered squares remembered per fight version (a GM sweeping the map)


class Previews:
    """The previews of one fight; each answer is kept until the fight's version moves on."""

    def __init__(self, fight: Fight) -> None:
        self.fight = fight
        self._version = -1
        self._cache: dict[tuple[Any, ...], Any] = {}

    def _cached(self, key: tuple[Any, ...], make_it: Any) -> Any:
        if self._version != self.fight.version or len(self._cache) > CACHE_SIZE:
            self._cache.clear()
            self._version = self.fight.version
        if key not in self._cache:
            self._cache[key] = make_it()
        return self._cache[key]

    def move_modes(self, mover: str) -> tuple[str, ...]:
        """Movement commands legal for the creature now."""
        return self._cached(("modes", mover), lambda: move_modes(self.fight, mover))  # type: ignore[no-any-return]

    def move_area(self, mover: str, modes: tuple[str, ...]) -> MovePreview | None:
        """Reachable squares by cost class."""
        return self._cached(("area", mover, modes), lambda: move_area(self.fight, mover, modes))  # type: ignore[no-any-return]

    def move_preview(
        self,
        mover: str,
        modes: tuple[str, ...],
        waypoints: tuple[Square, ...],
        square: Square,
        *,
        safest: bool,
        area: MovePreview | None,
        ways: Ways = (),
    ) -> MovePreview | None:
        """The hovered path with its cost and marks (``ways``: the GM's ways over edges)."""
        key = ("path", mover, modes, waypoints, square, safest, id(area), ways)
        return self._cached(  # type: ignore[no-any-return]
            key,
            lambda: move_preview(
                self.fight, mover, modes, waypoints, square, safest=safest, area=area, ways=ways
            ),
        )

    def move_command(
        self,
        mover: str,
        modes: tuple[str, ...],
        waypoints: tuple[Square, ...],
        square: Square,
        *,
        safest: bool,
        area: MovePreview | None,
        ways: Ways = (),
    ) -> tuple[Any | None, str]:
        """The command for a clicked square."""
        p = self.move_preview(mover, modes, waypoints, square, safest=safest, area=area,
                              ways=ways)
        return command_for_path(self.fight, p, area, modes, mover, square, ways)

    def target_preview(
        self, actor: str, action: str, target: str, option: str, values: dict[str, Any] | None
    ) -> TargetPreview:
        """Legal or why not (the very command a click plays), distance, cover lines, boons
        and banes, and the path of a command that moves first (a charge)."""
        key = ("target", actor, action, target, option, tuple(sorted((values or {}).items())))
        plan = self.target_plan(actor, action, target, option, values)
        return self._cached(  # type: ignore[no-any-return]
            key, lambda: target_preview(self.fight, actor, action, target, option, values, plan)
        )

    def target_plan(
        self,
        actor: str,
        action: str,
        target: str,
        option: str,
        values: dict[str, Any] | None = None,
    ) -> tuple[Any | None, MovePreview | None, str]:
        """The command for a clicked target, the path it moves first, or why not (cached)."""
        key = ("plan", actor, action, target, option, tuple(sorted((values or {}).items())))
        return self._cached(  # type: ignore[no-any-return]
            key, lambda: target_plan(self.fight, actor, action, target, option, values)
        )

    def target_command(
        self,
        actor: str,
        action: str,
        target: str,
        option: str,
        values: dict[str, Any] | None = None,
    ) -> tuple[Any | None, str]:
        """The command for a clicked target: the one the hover showed."""
        cmd, _, why = self.target_plan(actor, action, target, option, values)
        return cmd, why

    def path_after(
        self,
        actor: str,
        action: str,
        target: str,
        option: str,
        values: dict[str, Any] | None,
        waypoints: tuple[Square, ...],
        square: Square,
    ) -> tuple[Any | None, MovePreview | None, str]:
        """The command, drawn path and why not for a target command whose path comes after its
        act (a pull), the target picked and ``square`` hovered (cached)."""
        key = ("after", actor, action, target, option,
               tuple(sorted((values or {}).items())), waypoints, square)
        return self._cached(  # type: ignore[no-any-return]
            key, lambda: path_after(self.fight, actor, action, target, option, values,
                                    waypoints, square)
        )


def move_modes(fight: Fight, mover: str) -> tuple[str, ...]:
    """The ruleset's path commands legal for this creature now, in the ruleset's order."""
    if fight.engine is None or mover not in fight.engine.state.creatures:
        return ()
    out = []
    for name, cmd_type in fight.engine.ruleset.command_names.items():
        if tool_kind(cmd_type) != "path" or "target" in fields_of(cmd_type):
            continue
        cmd = make(cmd_type, mover, path=())
        if _path_free(fight.validate(cmd)):
            out.append(name)
            continue
        after = fight.violations_after_advance(cmd)
        if after is not None and _path_free(after):  # waits for the part to end: the app asks
            out.append(name)
    return tuple(out)


def _path_free(vs: list[Any]) -> bool:
    """No violation but the path's own (an empty path asks: is this mode open at all?)."""
    return not [v for v in vs if "path" not in (v.code + v.reason).lower()]


def _reach_set(fight: Fight, mover: str, mode: str) -> Any | None:
    """The ruleset's reachable area for one mode: a (h, w) array of costs (inf = cannot stop)."""
    if fight.engine is None or "reachable" not in fight.engine.ruleset.queries:
        return None
    try:
        res = fight.query("reachable", mover, mode=mode)
    except (ValueError, KeyError, TypeError):  # a mode the query does not cover (sneak ...)
        return None
    return _costs_of(res)


def _costs_of(res: Any) -> Any | None:
    """A reachable answer's (h, w) array of costs (inf = cannot stop), or None."""
    cost = getattr(res, "cost_yd", None)
    if cost is None and isinstance(res, np.ndarray):
        cost = res
    return None if cost is None else np.asarray(cost, dtype=np.float32)


def _window_of(res: Any) -> tuple[int, int, Any] | None:
    """A reachable answer's box of costs, (x0, y0, (h, w) costs: inf = cannot stop), or None:
    its ``window`` where it has one, else its full-map array."""
    win = getattr(res, "window", None)
    if win is not None:
        return win  # type: ignore[no-any-return]
    cost = _costs_of(res)
    return None if cost is None else (0, 0, cost)


def _reach_sets(fight: Fight, mover: str, modes: tuple[str, ...]
                ) -> dict[str, tuple[int, int, Any]]:
    """The ruleset's reachable area for each of ``modes`` as a box of costs, asked at once where
    the ruleset answers ``reachable_areas`` (one search can serve them all)."""
    res: Any = None
    if fight.engine is not None and "reachable_areas" in fight.engine.ruleset.queries:
        try:
            res = fight.query("reachable_areas", mover, modes=modes)
        except (ValueError, KeyError, TypeError):
            res = None
    if isinstance(res, dict):
        wins = {m: _window_of(res.get(m)) for m in modes}
    else:
        wins = {}
        for m in modes:
            cost = _reach_set(fight, mover, m)
            wins[m] = None if cost is None else (0, 0, cost)
    return {m: w for m, w in wins.items() if w is not None}


def move_area(fight: Fight, mover: str, modes: tuple[str, ...]) -> MovePreview | None:
    """Reachable squares, classed by the cheapest mode that reaches them (innermost first)."""
    bf = fight.battlefield
    areas = [(m, x0, y0, np.isfinite(cost) & (cost >= 0))
             for m, (x0, y0, cost) in _reach_sets(fight, mover, modes).items()]
    if not areas:
        return MovePreview(mover, None, classes=modes)
    areas.sort(key=lambda a: int(a[3].sum()))
    cc = np.full((bf.height, bf.width), -1, np.int8)
    for i, (_, x0, y0, mask) in reversed(list(enumerate(areas))):
        box = cc[y0 : y0 + mask.shape[0], x0 : x0 + mask.shape[1]]
        box[mask[: box.shape[0], : box.shape[1]]] = i
    return MovePreview(mover, cc, classes=tuple(m for m, *_ in areas))


def _mode_for(
    fight: Fight, area: MovePreview | None, modes: tuple[str, ...], square: Square
) -> str:
    """The first mode (the ruleset's order: move before rush) whose area holds the square."""
    if area is None or area.cost_class is None or not fight.battlefield.in_bounds(square):
        return modes[0] if modes else ""
    k = int(area.cost_class[square[1], square[0]])
    if k < 0:
        return modes[0] if modes else ""
    reaching = set(area.classes[k:])
    return next((m for m in modes if m in reaching), area.classes[k])


def _path(
    fight: Fight, mover: str, mode: str, waypoints: tuple[Square, ...], square: Square,
    safest: bool, ways: Ways = (), *, lines: bool = True,
) -> tuple[tuple[Square, ...], float, tuple[PathStepMark, ...], str, tuple[Any, ...]]:
    """Squares, cost, marks, a note and the edges crossed (square, ways, way taken) for a
    hovered square, from the ruleset (``lines``: straight between the waypoints, else the
    ruleset's planner fills the gaps)."""
    assert fight.engine is not None
    st = fight.engine.state
    res = None
    if "path_preview" in fight.engine.ruleset.queries:
        target: Any = square
        if waypoints and not lines:  # a path already planned, then on to the square
            target = (*waypoints, square)
        elif waypoints:  # the GM's drawn route, square by square through the waypoints
            target = tuple(through(st.creatures[mover].square, waypoints, square))
        extra = {"ways": ways} if ways else {}  # only rulesets with ways over edges take them
        try:
            res = fight.query("path_preview", mover, target, mode=mode, safest=safest, **extra)
        except (ValueError, KeyError, TypeError) as err:
            return (), 0.0, (), str(err), ()
    if res is not None:
        found = tuple(tuple(getattr(s, "square", s)) for s in getattr(res, "steps", ()))
        marks = []
        for fa in getattr(res, "free_attacks", ()):
            who = getattr(fa, "attacker", "")
            at = tuple(getattr(fa, "square", square))
            name = st.creatures[who].name if who in st.creatures else who
            marks.append(PathStepMark(at, "free_attack", name, who))  # type: ignore[arg-type]
        for ev in getattr(res, "events", ()):
            marks.append(PathStepMark(tuple(ev.square), ev.kind, ev.text))  # type: ignore[arg-type]
        cost = float(getattr(res, "cost_yd", 0.0))
        edges = tuple((tuple(s.square), tuple(w.how for w in s.ways), s.how)
                      for s in getattr(res, "steps", ()) if getattr(s, "ways", ()))
        return (found, cost, tuple(marks),  # type: ignore[return-value]
                "; ".join(getattr(res, "notes", ()) or ()), edges)
    # Interim: a straight line through the waypoints, priced by the ruleset's plan_path
    squares = through(st.creatures[mover].square, waypoints, square)
    plan = fight.hook("plan_path")
    cost = float(len(squares))
    if plan is not None:
        steps, _ = plan(
            st, fight.engine.ruleset, mover, tuple(squares), WalkMode(kind=mode), HUGE_BUDGET_YD
        )
        if steps:
            cost = float(sum(s.cost_yd for s in steps))
    return tuple(squares), cost, (), "", ()


def move_preview(
    fight: Fight,
    mover: str,
    modes: tuple[str, ...],
    waypoints: tuple[Square, ...],
    square: Square,
    *,
    safest: bool,
    area: MovePreview | None,
    ways: Ways = (),
) -> MovePreview | None:
    """The hovered path: squares, cost in yards, free attacks and jumps marked, legal or why;
    ``ways``: the GM's ways over edges, by the square entered."""
    if fight.engine is None or not modes or not fight.battlefield.in_bounds(square):
        return area
    mover_sq = fight.engine.state.creatures[mover].square
    if square == mover_sq and not waypoints:
        return area
    mode = _mode_for(fight, area, modes, square)
    squares, cost, marks, note, edges = _path(fight, mover, mode, waypoints, square, safest,
                                              ways)
    cmd_type = fight.engine.ruleset.command_names[mode]
    # no path (out of this turn's reach, said in the note): nothing to validate
    vs = fight.validate(_path_command(cmd_type, mover, squares, ways)) \
        if squares or not note else []
    fa = sum(1 for m in marks if m.kind == "free_attack")
    label = f"{mode.replace('_', ' ')}: {fight.distance(cost)}"  # yards, or the OSR's paces
    if fa:
        who = ", ".join(m.text for m in marks if m.kind == "free_attack")
        label += f", {fa} free attack{'s' if fa > 1 else ''} ({who})"
    here = next((e for e in edges if e[0] == square), None)
    if here is not None:  # the hovered square is over an edge: say how, and that Tab changes it
        label += f", {here[2].replace('_', ' ')} (Tab: {' / '.join(here[1])})"
    if safest:
        label += " [safest]"
    if vs:
        label += f" - {vs[0].reason}"
    elif note:
        label += f" - {note}"
    base = area or MovePreview(mover, None, classes=modes)
    return MovePreview(
        mover,
        base.cost_class,
        base.classes,
        (mover_sq,) + squares,
        waypoints,
        cost,
        marks,
        not vs,
        label,
        edges,
    ) if squares or not note else MovePreview(
        mover, base.cost_class, base.classes, (mover_sq,), waypoints, cost, marks, False, label)


def command_for_path(
    fight: Fight,
    p: MovePreview | None,
    area: MovePreview | None,
    modes: tuple[str, ...],
    mover: str,
    square: Square,
    ways: Ways = (),
) -> tuple[Any | None, str]:
    """The command for clicking a square whose preview is ``p`` (None and why when it cannot be)."""
    if p is not None and len(p.path) < 2 and not p.legal and " - " in p.note:
        return None, "Not there: " + p.note.split(" - ", 1)[1]  # out of reach: how far
    if fight.engine is None or p is None or len(p.path) < 2:
        return None, "Click a square to move to"
    mode = _mode_for(fight, area, modes, square)
    cmd = _path_command(fight.engine.ruleset.command_names[mode], mover, tuple(p.path[1:]), ways)
    vs = fight.validate(cmd)
    if vs and not fight.legal_after_advance(cmd):  # else the app asks to end the part first
        return None, "Not there: " + vs[0].reason
    return cmd, ""


def _path_command(cmd_type: Any, mover: str, path: tuple[Square, ...], ways: Ways) -> Any:
    """The path command, with the GM's ways over the edges it crosses (those on the path)."""
    on = set(path)
    mine = tuple((sq, how) for sq, how in ways if sq in on)
    if mine and "ways" in fields_of(cmd_type):
        return make(cmd_type, mover, path=path, ways=mine)
    return make(cmd_type, mover, path=path)


def move_command(
    fight: Fight,
    mover: str,
    modes: tuple[str, ...],
    waypoints: tuple[Square, ...],
    square: Square,
    *,
    safest: bool,
    area: MovePreview | None,
    ways: Ways = (),
) -> tuple[Any | None, str]:
    """The command for clicking a square (None and the reason when it cannot be)."""
    p = move_preview(fight, mover, modes, waypoints, square, safest=safest, area=area, ways=ways)
    return command_for_path(fight, p, area, modes, mover, square, ways)


def _gap(a: Square, a_size: int, b: Square, b_size: int) -> int:
    """Squares between two footprints (0: side by side), the Chebyshev way.

    >>> _gap((0, 0), 1, (1, 0), 1), _gap((0, 0), 1, (3, 1), 2), _gap((0, 0), 2, (1, 1), 1)
    (0, 2, 0)
    """
    dx = max(b[0] - (a[0] + a_size), a[0] - (b[0] + b_size), 0)
    dy = max(b[1] - (a[1] + a_size), a[1] - (b[1] + b_size), 0)
    return max(dx, dy)


def approach(
    fight: Fight, actor: str, action: str, target: str, kw: dict[str, Any]
) -> tuple[Any | None, MovePreview | None, str]:
    """The command a click on the target plays when it moves first (a charge), the path it
    takes drawn as a move preview, or None and why: the cheapest square the ruleset's
    ``reachable`` query gives for the command's mode from which the engine's validation
    accepts the command with that path (the ``path_preview`` query's squares). Played as
    shown, so what the hover says legal is what the engine resolves."""
    assert fight.engine is not None
    st = fight.engine.state
    cmd_type = fight.engine.ruleset.command_names[action]
    reach = fight.query("reach", actor, target) if target in st.creatures else None
    reach = reach if isinstance(reach, dict) else {}
    if reach.get("in_reach"):  # already in reach: played where it stands, or why not
        cmd = make(cmd_type, actor, **kw)
        vs = fight.validate(cmd)
        return (None, None, vs[0].reason) if vs else (cmd, None, "")
    cost = _reach_set(fight, actor, action)
    toks = {t.key: t for t in fight.tokens()}
    me, them = toks.get(actor), toks.get(target)
    if cost is None or me is None or them is None:
        return None, None, f"{action.replace('_', ' ')}: no path to {st.creatures[target].name}"
    size = toks[me.mount_key].space if me.mount_key in toks else me.space
    start = toks[me.mount_key].square if me.mount_key in toks else me.square
    near = int(float(reach.get("reach_yd", 1.0))) + 1  # a reach weapon strikes from further
    # Nearest the target first (a square beside it is in any melee reach), cheapest among those
    spots = sorted(
        (_gap((x, y), size, them.square, them.space), float(cost[y, x]), (x, y))
        for y, x in zip(*np.nonzero(np.isfinite(cost) & (cost >= 0)), strict=True)
        if _gap((int(x), int(y)), size, them.square, them.space) <= near
        and (int(x), int(y)) != start
    )
    why = ""
    for _, _, (x, y) in spots[:APPROACH_TRIES]:
        square = (int(x), int(y))
        squares, yd, marks, note, _ = _path(fight, actor, action, (), square, False)
        if not squares:
            why = why or note
            continue
        cmd = make(cmd_type, actor, **kw, path=squares)
        vs = fight.validate(cmd)
        if vs:
            why = why or vs[0].reason  # the nearest square's reason
            continue
        fa = sum(1 for m in marks if m.kind == "free_attack")
        label = f"{action.replace('_', ' ')}: {fight.distance(yd)}"
        if fa:
            who = ", ".join(m.text for m in marks if m.kind == "free_attack")
            label += f", {fa} free attack{'s' if fa > 1 else ''} ({who})"
        path = MovePreview(actor, None, (action,), (start, *squares), (), yd, marks, True, label)
        return cmd, path, ""
    name = st.creatures[target].name
    nowhere = f"no square in reach of {name} that a {action.replace('_', ' ')} gets to"
    return None, None, f"{nowhere} ({why})" if why else nowhere


def target_command(
    fight: Fight,
    actor: str,
    action: str,
    target: str,
    option: str,
    values: dict[str, Any] | None = None,
) -> tuple[Any | None, str]:
    """The command for clicking a target (with values typed before, if any); one that moves
    first (a charge) takes the path of ``approach``."""
    cmd, _, why = target_plan(fight, actor, action, target, option, values)
    return cmd, why


def target_plan(
    fight: Fight,
    actor: str,
    action: str,
    target: str,
    option: str,
    values: dict[str, Any] | None = None,
) -> tuple[Any | None, MovePreview | None, str]:
    """The command for clicking a target, the path it moves first (or None), or why not."""
    assert fight.engine is not None
    cmd_type = fight.engine.ruleset.command_names[action]
    kw: dict[str, Any] = {**(values or {}), **target_value(cmd_type, target)}
    field, acts = choices_of(cmd_type)
    if option and option in acts:
        kw[field] = option  # a charge's knock down or shove, from the option menu
    elif option and "option" in fields_of(cmd_type) and option not in other_acts(
        fight.engine.ruleset.command_names.values()
    ):
        kw["option"] = option  # a weapon's option; a charge's knock down is no attack's
    if moves_first(cmd_type) and "path" not in kw:
        cmd, path, why = approach(fight, actor, action, target, kw)
        return cmd, path, "" if cmd is not None else "Not legal: " + why
    cmd = make(cmd_type, actor, **kw)
    vs = fight.validate(cmd)
    if vs:
        return None, None, "Not legal: " + vs[0].reason
    return cmd, None, ""


def path_after(
    fight: Fight,
    actor: str,
    action: str,
    target: str,
    option: str,
    values: dict[str, Any] | None,
    waypoints: tuple[Square, ...],
    square: Square,
) -> tuple[Any | None, MovePreview | None, str]:
    """A target command whose ``path`` is walked after its act (``walks_after``: a pull), with
    its path to ``square`` through ``waypoints``: the ruleset's ``path_preview`` for the
    command's mode, drawn over its ``reachable`` area, legal if ``Engine.validate`` accepts the
    command with that path. The actor's own square: the act with no path. A command that moves
    first and may carry on after its act (a charge's ``attack_after``) goes on from the end of
    the path ``approach`` gives it, its act made there."""
    assert fight.engine is not None
    base, _, why = target_plan(fight, actor, action, target, option, values)
    if base is None:
        return None, None, why
    area = move_area(fight, actor, (action,)) or MovePreview(actor, None, classes=(action,))
    start = fight.engine.state.creatures[actor].square
    before = tuple(base.path) if moves_first(type(base)) else ()  # a charge's, to its attack
    if square == (before[-1] if before else start) and not waypoints:
        return base, area, ""
    if before and not waypoints:  # on from the attack's square, the planner's cheapest way
        squares, yd, marks, note, _ = _path(fight, actor, action, before, square, False,
                                            lines=False)
    else:
        squares, yd, marks, note, _ = _path(fight, actor, action, before + waypoints, square,
                                            False)
    label = f"{action.replace('_', ' ')}: {fight.distance(yd)}"
    fa = [m.text for m in marks if m.kind == "free_attack"]
    if fa:
        label += f", {len(fa)} free attack{'s' if len(fa) > 1 else ''} ({', '.join(fa)})"
    if not squares:
        why = f"Not there: {note}" if note else "Click a square to move to"
        return None, replace(area, path=(start,), waypoints=waypoints, legal=False,
                             note=f"{label} - {note}" if note else label), why
    cmd = replace(base, path=squares, **({"attack_after": len(before)} if before else {}))
    vs = fight.validate(cmd)
    if before:  # where the attack is made (``attack_after``), ringed as a waypoint and said
        label += f", attacks at {sq(before[-1])}"
    drawn = replace(area, path=(start, *squares), waypoints=before[-1:] + waypoints, cost_yd=yd,
                    marks=marks, legal=not vs,
                    note=f"{label} - {vs[0].reason}" if vs else label)
    return (None, drawn, "Not there: " + vs[0].reason) if vs else (cmd, drawn, "")


def target_preview(
    fight: Fight,
    actor: str,
    action: str,
    target: str,
    option: str,
    values: dict[str, Any] | None = None,
    plan: tuple[Any | None, MovePreview | None, str] | None = None,
) -> TargetPreview:
    """Legal or why not, distance and range band, cover lines, obscurement, boons and banes.
    Legal means the command a click plays passes the engine's validation (``target_plan``),
    whatever the ``targeting`` query's own verdict; a charge's path is drawn and priced."""
    plan = plan or target_plan(fight, actor, action, target, option, values)
    tp = _target_odds(fight, actor, action, target, option, values, plan)
    cmd, path, why = plan
    name = fight.playing().state.creatures[target].name
    text = list(tp.text)
    if tp.legal != (cmd is not None) or cmd is None:
        head = "legal" if cmd is not None else why.removeprefix("Not legal: ")
        text[:1] = [f"{name}: {head}"]
    if path is not None:  # the odds below are judged from the path's end (the query's)
        text = [text[0], f"{path.note} from {sq(path.path[0])} to {sq(path.path[-1])}"] + text[1:]
    return replace(tp, legal=cmd is not None, text=tuple(text), approach=path)


def _target_odds(
    fight: Fight,
    actor: str,
    action: str,
    target: str,
    option: str,
    values: dict[str, Any] | None,
    plan: tuple[Any | None, MovePreview | None, str],
) -> TargetPreview:
    """What the ruleset's ``targeting`` query says of the target: from where the actor stands,
    or for a command that moves first (a charge) from the end of the path it takes."""
    assert fight.engine is not None
    st = fight.engine.state
    res = None
    cmd, path, _ = plan
    moved = {"path": tuple(cmd.path)} if cmd is not None and path is not None else {}
    if values and "guess" in values:  # a hidden target's guessed square (3 banes)
        moved["guess"] = values["guess"]
    if "targeting" in fight.engine.ruleset.queries:
        try:
            res = fight.query("targeting", actor, target, action=action, option=option, **moved)
        except (TypeError, KeyError, ValueError):  # an action the query does not know: say so below
            res = None
    if res is None:
        cmd, _, why = plan
        text = [f"{st.creatures[target].name}: " + ("legal" if cmd is not None else why)]
        dist_fn = fight.hook("distance_yd")
        if dist_fn is not None:
            text.append(fight.distance(float(dist_fn(st, fight.engine.ruleset, actor, target))))
        return TargetPreview(
            actor, target, cmd is not None, (), tuple(text), st.creatures[target].square
        )
    if hasattr(res, "lines") and callable(res.lines):
        text = list(res.lines())
    else:
        text = ["legal" if res.legal else "not legal"]
    text[0] = f"{st.creatures[target].name}: {text[0]}"
    lines: tuple = ()
    cover = getattr(res, "cover", None)
    if cover is not None:
        lines = tuple(
            ((ln.start[0], ln.start[1]), (ln.end[0], ln.end[1]), ln.blocked_by is not None)
            for ln in cover.lines
        )
    return TargetPreview(
        actor, target, bool(res.legal), lines, tuple(text), st.creatures[target].square
    )
