"""Movement and targeting previews for the tools, asked of the ruleset (never computed here).

Movement uses the ruleset's registered queries when it has them (``move_area``/``reachable``
and ``path_preview``); until then the ``plan_path`` hook prices a straight line of squares.
Every command still goes to the engine's validate, which has the last word.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from game.rules.battlefield import Square
from game.ui.scene import MovePreview, PathStepMark, TargetPreview
from game.ui.session_panels import fields_of, make, tool_kind

HUGE_BUDGET_YD = 10_000.0


def line_squares(a: Square, b: Square) -> list[Square]:
    """Squares from a (excluded) to b (included), each next to the last: a drawn line, not a path.

    >>> line_squares((0, 0), (3, 1))
    [(1, 0), (2, 1), (3, 1)]
    """
    out = []
    x, y = a
    n = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    for i in range(1, n + 1):
        out.append((round(a[0] + (b[0] - a[0]) * i / n), round(a[1] + (b[1] - a[1]) * i / n)))
    return [s for j, s in enumerate(out) if j == 0 or s != out[j - 1]]


def move_modes(session: Any, mover: str) -> tuple[str, ...]:
    """The ruleset's path commands legal for this creature now, in the ruleset's order."""
    if session.engine is None or mover not in session.engine.state.creatures:
        return ()
    out = []
    for name, cmd_type in session.engine.ruleset.command_names.items():
        if tool_kind(cmd_type) != "path" or "target" in fields_of(cmd_type):
            continue
        vs = session.validate(make(cmd_type, mover, path=()))
        if not [v for v in vs if "path" not in (v.code + v.reason).lower()]:
            out.append(name)
    return tuple(out)


def _reach_set(session: Any, mover: str, mode: str) -> Any | None:
    """The ruleset's reachable area for one mode: a (h, w) array of costs (inf = cannot stop)."""
    if session.engine is None or "reachable" not in session.engine.ruleset.queries:
        return None
    try:
        res = session.query("reachable", mover, mode=mode)
    except (ValueError, KeyError, TypeError):  # a mode the query does not cover (sneak ...)
        return None
    cost = getattr(res, "cost_yd", None)
    if cost is None and isinstance(res, np.ndarray):
        cost = res
    return None if cost is None else np.asarray(cost, dtype=np.float32)


def move_area(session: Any, mover: str, modes: tuple[str, ...]) -> MovePreview | None:
    """Reachable squares, classed by the cheapest mode that reaches them (innermost first)."""
    bf = session.battlefield
    areas = []
    for m in modes:
        cost = _reach_set(session, mover, m)
        if cost is not None:
            areas.append((m, np.isfinite(cost) & (cost >= 0)))
    if not areas:
        return MovePreview(mover, None, classes=modes)
    areas.sort(key=lambda a: int(a[1].sum()))
    cc = np.full((bf.height, bf.width), -1, np.int8)
    for i, (_, mask) in reversed(list(enumerate(areas))):
        cc[mask[: bf.height, : bf.width]] = i
    return MovePreview(mover, cc, classes=tuple(m for m, _ in areas))


def _mode_for(
    session: Any, area: MovePreview | None, modes: tuple[str, ...], square: Square
) -> str:
    """The first mode (the ruleset's order: move before rush) whose area holds the square."""
    if area is None or area.cost_class is None or not session.battlefield.in_bounds(square):
        return modes[0] if modes else ""
    k = int(area.cost_class[square[1], square[0]])
    if k < 0:
        return modes[0] if modes else ""
    reaching = set(area.classes[k:])
    return next((m for m in modes if m in reaching), area.classes[k])


def _path(
    session: Any, mover: str, mode: str, waypoints: tuple[Square, ...], square: Square, safest: bool
) -> tuple[tuple[Square, ...], float, tuple[PathStepMark, ...], str]:
    """Squares, cost, marks and a note for a hovered square, from the ruleset."""
    st = session.engine.state
    res = None
    if "path_preview" in session.engine.ruleset.queries:
        target: Any = square
        if waypoints:  # the GM's drawn route, square by square through the waypoints
            drawn: list[Square] = []
            cur = st.creatures[mover].square
            for p in waypoints + (square,):
                drawn += line_squares(cur, p)
                cur = p
            target = tuple(drawn)
        try:
            res = session.query("path_preview", mover, target, mode=mode, safest=safest)
        except (ValueError, KeyError, TypeError) as err:
            return (), 0.0, (), str(err)
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
        return found, cost, tuple(marks), "; ".join(getattr(res, "notes", ()) or ())  # type: ignore[return-value]
    # Interim: a straight line through the waypoints, priced by the ruleset's plan_path
    c = st.creatures[mover]
    squares: list[Square] = []
    cur = c.square
    for p in (*waypoints, square):
        squares += line_squares(cur, p)
        cur = p
    plan = session.hook("plan_path")
    cost = float(len(squares))
    if plan is not None:
        from game.rules.engine import WalkMode

        steps, _ = plan(
            st, session.engine.ruleset, mover, tuple(squares), WalkMode(kind=mode), HUGE_BUDGET_YD
        )
        if steps:
            cost = float(sum(s.cost_yd for s in steps))
    return tuple(squares), cost, (), ""


def move_preview(
    session: Any,
    mover: str,
    modes: tuple[str, ...],
    waypoints: tuple[Square, ...],
    square: Square,
    *,
    safest: bool,
    area: MovePreview | None,
) -> MovePreview | None:
    """The hovered path: squares, cost in yards, free attacks and jumps marked, legal or why."""
    if session.engine is None or not modes or not session.battlefield.in_bounds(square):
        return area
    mover_sq = session.engine.state.creatures[mover].square
    if square == mover_sq and not waypoints:
        return area
    mode = _mode_for(session, area, modes, square)
    squares, cost, marks, note = _path(session, mover, mode, waypoints, square, safest)
    cmd_type = session.engine.ruleset.command_names[mode]
    vs = session.validate(make(cmd_type, mover, path=squares))
    fa = sum(1 for m in marks if m.kind == "free_attack")
    unit = session.engine.ruleset.definition.distance_unit  # "yd", or the OSR's "paces"
    label = f"{mode.replace('_', ' ')}: {cost:g} {unit}"
    if fa:
        who = ", ".join(m.text for m in marks if m.kind == "free_attack")
        label += f", {fa} free attack{'s' if fa > 1 else ''} ({who})"
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
    )


def move_command(
    session: Any,
    mover: str,
    modes: tuple[str, ...],
    waypoints: tuple[Square, ...],
    square: Square,
    *,
    safest: bool,
    area: MovePreview | None,
) -> tuple[Any | None, str]:
    """The command for clicking a square (None and the reason when it cannot be)."""
    p = move_preview(session, mover, modes, waypoints, square, safest=safest, area=area)
    if p is None or len(p.path) < 2:
        return None, "Click a square to move to"
    mode = _mode_for(session, area, modes, square)
    cmd = make(session.engine.ruleset.command_names[mode], mover, path=tuple(p.path[1:]))
    vs = session.validate(cmd)
    if vs:
        return None, "Not there: " + vs[0].reason
    return cmd, ""


def target_command(
    session: Any,
    actor: str,
    action: str,
    target: str,
    option: str,
    values: dict[str, Any] | None = None,
) -> tuple[Any | None, str]:
    """The command for clicking a target (with values typed before, if any)."""
    from game.ui.session_panels import target_value

    cmd_type = session.engine.ruleset.command_names[action]
    kw: dict[str, Any] = {**(values or {}), **target_value(cmd_type, target)}
    if option and "option" in fields_of(cmd_type):
        kw["option"] = option
    cmd = make(cmd_type, actor, **kw)
    vs = session.validate(cmd)
    if vs:
        return None, "Not legal: " + vs[0].reason
    return cmd, ""


def target_preview(
    session: Any,
    actor: str,
    action: str,
    target: str,
    option: str,
    values: dict[str, Any] | None = None,
) -> TargetPreview:
    """Legal or why not, distance and range band, cover lines, obscurement, boons and banes."""
    st = session.engine.state
    res = None
    if "targeting" in session.engine.ruleset.queries:
        try:
            res = session.query("targeting", actor, target, action=action, option=option)
        except (TypeError, KeyError, ValueError):  # an action the query does not know: say so below
            res = None
    if res is None:
        cmd, why = target_command(session, actor, action, target, option, values)
        text = [f"{st.creatures[target].name}: " + ("legal" if cmd is not None else why)]
        dist_fn = session.hook("distance_yd")
        if dist_fn is not None:
            text.append(f"{float(dist_fn(st, session.engine.ruleset, actor, target)):g} yards")
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
