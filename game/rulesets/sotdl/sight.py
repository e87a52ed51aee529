"""SotDL hiding: who may hide, who stays hidden, light changes, and the sight queries.

Seed SotDL: Hide ("you can attempt to hide when you are not being observed and when you are in
a heavily obscured area or have three-quarters cover or better"; "you remain hidden until the
conditions that let you hide no longer apply ... if the area becomes lit ... if someone moves to
a position where the wall no longer covers you"). Registered by ``register``:

* hook ``can_hide(state, ruleset, creature) -> violations`` (the engine's Hide asks it);
* after-command hook and after-step checker ``hidden_recheck``: after every command and every
  step of every walk, each hidden creature that is no longer concealed from some enemy stops
  being hidden (:func:`hidden_recheck_events`, pure, is what both call);
* command ``change_light`` (GM): light a torch, douse the lanterns; stored as encounter data
  so undo and replay restore it, and read by every obscurement query;
* command ``sight_ruling`` (GM): overrule the geometry's cover or obscurement for a target
  (against one attacker or everyone), with the GM's reason shown on every roll;
* queries ``hide_check`` and ``area_effect`` (what a spell's shape would catch).

"Observers" are the creatures hostile to the hider that are in the fight and can perceive
(not unconscious, not blinded). Concealment from each is geometry (sight_hide.py).
"""

from __future__ import annotations

from typing import Any

from game.rules.battlefield import Light, Obscurement, Square
from game.rules.body import Body
from game.rules.engine import (
    AfflictionEnded,
    Command,
    Context,
    CreatureDataSet,
    EncounterDataSet,
    EncounterState,
    Event,
    Ruleset,
    Violation,
    command,
)
from game.rules.engine.derived import creature_index
from game.rules.geometry.areas import Area, AreaResult, area_effect
from game.rules.geometry.obscurement import obscurement_at
from game.rules.geometry.sight_hide import Concealment, HideCheck, judge
from game.rulesets.sotdl.targeting import (
    INVISIBLE,
    creature_cover,
    creature_obscurement,
    effective_battlefield,
    sight_index,
)

#: Afflictions that keep a creature from observing anyone.
CANNOT_OBSERVE = ("unconscious", "blinded", "dying", "incapacitated")
LIGHT_NAMES = tuple(lv.name.lower() for lv in Light)


@command
class ChangeLight(Command):
    """GM: the light changes over a rectangle of squares (a torch lit, lanterns doused).

    ``area`` is ``[x0, y0, x1, y1]``, corners included; ``light`` is bright, dim or dark.
    """

    area: tuple[int, int, int, int]
    light: str
    reason: str = ""


@command
class SightRuling(Command):
    """GM: overrule the geometry for a target: its cover and/or obscurement against one attacker
    (or everyone, ``attacker: ""``). Empty ``cover`` and ``obscurement`` clear the ruling.

    ``cover``: none, half, three_quarters, total; ``obscurement``: none, partial, heavy, total.
    """

    target: str
    attacker: str = ""
    cover: str = ""
    obscurement: str = ""
    reason: str = ""


COVER_NAMES = ("none", "half", "three_quarters", "total")
OBSCUREMENT_NAMES = ("none", "partial", "heavy", "total")


def _v_ruling(state: EncounterState, cmd: SightRuling, rs: Ruleset) -> list[Violation]:
    out = []
    for cid in (cmd.target, cmd.attacker):
        if cid and cid not in state.creatures:
            out.append(Violation(f"there is no creature {cid!r}", "unknown_creature"))
    if cmd.cover and cmd.cover not in COVER_NAMES:
        out.append(Violation(f"cover is one of {', '.join(COVER_NAMES)}", "bad_cover"))
    if cmd.obscurement and cmd.obscurement not in OBSCUREMENT_NAMES:
        out.append(Violation(f"obscurement is one of {', '.join(OBSCUREMENT_NAMES)}",
                             "bad_obscurement"))
    return out


def _r_ruling(ctx: Context, cmd: SightRuling) -> None:
    """Record the ruling on the target (undo and replay keep it); the GM's reason is shown."""
    t = ctx.state.creatures[cmd.target]
    kept = tuple(r for r in (t.data.get("sight_rulings", ()) or ()) if r[0] != cmd.attacker)
    if cmd.cover or cmd.obscurement:
        kept += ((cmd.attacker, cmd.cover, cmd.obscurement, cmd.reason),)
    ctx.emit(CreatureDataSet(cmd.target, "sight_rulings", kept or None))


def observers(state: EncounterState, cid: str) -> dict[str, Body]:
    """Enemies in the fight that can perceive: whose eyes a hider must escape."""
    return {
        c.id: c.body
        for c in state.in_fight()
        if c.id != cid and state.hostile(cid, c.id) and not any(c.has(a) for a in CANNOT_OBSERVE)
    }


def _prone(state: EncounterState) -> list[str]:
    return [c.id for c in state.creatures.values() if c.has("prone")]


def hide_status(
    state: EncounterState, rs: Ruleset, cid: str, *, stop_at_first_seen: bool = False
) -> HideCheck:
    """Query 'hide_check': is the creature concealed from every observer, and from whom not.

    A creature heavily obscured where it stands is concealed from everyone (the line to it
    ends in its squares), so no cover is measured then; cover and obscurement are memoized per
    pair of bodies, so a step re-measures only the pairs of the creature that moved.
    """
    c = state.creatures[cid]
    obs = observers(state, cid)
    light = dict(rs.param("light", {}) or {})
    invisible = any(c.has(n) for n in INVISIBLE)
    here = obscurement_at(effective_battlefield(state), c.body, light=light, invisible=invisible)
    if c.data.get("sight_rulings"):
        here = Obscurement.NONE  # the GM ruled on some pair: measure every observer
    per: list[Concealment] = []
    for oid in obs:
        seen = creature_obscurement(state, rs, oid, cid)
        if here >= Obscurement.HEAVY:
            per.append(judge(None, seen, oid))
            continue
        con = judge(creature_cover(state, rs, oid, cid), seen, oid)
        per.append(con)
        if stop_at_first_seen and not con.concealed:
            break
    return HideCheck(all(x.concealed for x in per), tuple(per))


def can_hide(state: EncounterState, rs: Ruleset, cid: str) -> list[Violation]:
    """Hook 'can_hide': heavily obscured or 3/4 covered from every enemy (Seed SotDL: Hide)."""
    if cid not in state.creatures:
        return [Violation(f"there is no creature {cid!r}", "unknown_creature")]
    # one enemy who sees is enough to refuse: measuring all of them (cover and obscurement
    # from each of 50 foes) cost the window ~90 ms each time a creature was selected, and the
    # reason names the first who sees
    check = hide_status(state, rs, cid, stop_at_first_seen=True)
    if check.can_hide:
        return []
    name = state.creatures[cid].name
    seen = ", ".join(
        f"{state.creatures[c.observer].name} ({c.reason})"
        for c in check.per_observer
        if not c.concealed
    )
    return [
        Violation(
            f"{name} is seen by {seen}: hiding needs heavy obscurement or "
            f"three-quarters cover from every enemy",
            "observed",
        )
    ]


def hidden_recheck_events(state: EncounterState, rs: Ruleset) -> list[Event]:
    """Hidden creatures no longer concealed from some enemy stop being hidden (Seed SotDL: Hide).

    Pure: the engine's after-command hook and after-step checker emit what this returns.
    """
    out: list[Event] = []
    cr = state.creatures
    for cid in creature_index(cr).afflicted:  # the hidden are afflicted: most are not
        c = cr[cid]
        if not c.in_fight or not c.has("hidden"):
            continue
        check = hide_status(state, rs, c.id, stop_at_first_seen=True)
        if check.can_hide:
            continue
        seen = [x for x in check.per_observer if not x.concealed]
        who = ", ".join(f"{state.creatures[x.observer].name} ({x.reason})" for x in seen)
        out.append(AfflictionEnded(c.id, "hidden", "", f"seen by {who}"))
    return out


def recheck_after_command(ctx: Context, cmd: Command) -> None:
    """After-command hook 'hidden_recheck': moves, light changes and revealing acts."""
    for ev in hidden_recheck_events(ctx.state, ctx.ruleset):
        ctx.emit(ev)


def recheck_after_step(ctx: Context, walk_state: Any, step: Any) -> str | None:
    """After-step checker 'hidden_recheck': a hider crossing open ground, or an enemy walking
    round the wall, ends the hiding at that step. Never stops the walk."""
    for ev in hidden_recheck_events(ctx.state, ctx.ruleset):
        ctx.emit(ev)
    return None


def _v_light(state: EncounterState, cmd: ChangeLight, rs: Ruleset) -> list[Violation]:
    if str(cmd.light).lower() not in LIGHT_NAMES:
        return [
            Violation(f"light is one of {', '.join(LIGHT_NAMES)}, not {cmd.light!r}", "bad_light")
        ]
    area = tuple(cmd.area or ())
    if len(area) != 4 or not all(isinstance(v, int) for v in area):
        return [Violation("area is [x0, y0, x1, y1] in whole squares", "bad_area")]
    bf = state.battlefield
    x0, y0, x1, y1 = area
    if not (bf.in_bounds((x0, y0)) and bf.in_bounds((x1, y1))) or x1 < x0 or y1 < y0:
        return [
            Violation(
                f"area {list(area)} is not a rectangle on the {bf.width}x{bf.height} map",
                "bad_area",
            )
        ]
    return []


def _r_light(ctx: Context, cmd: ChangeLight) -> None:
    """GM: record the change; every later obscurement query reads it."""
    changes = tuple(ctx.state.data.get("light_changes", ()) or ())
    level = int(Light[str(cmd.light).upper()])
    ctx.emit(EncounterDataSet("light_changes", changes + ((tuple(cmd.area), level),)))
    if cmd.reason:
        ctx.note(cmd.reason)


def area_query(
    state: EncounterState,
    rs: Ruleset,
    kind: str,
    origin: tuple[float, float, float],
    size_yd: float,
    toward: tuple[float, float, float] | None = None,
    width_yd: float = 1.0,
) -> AreaResult:
    """Query 'area_effect': the squares and creatures a sphere, cube, cone or line covers."""
    ox, oy, oz = (float(v) for v in origin)
    aim = None if not toward else (float(toward[0]), float(toward[1]), float(toward[2]))
    area = Area(kind, (ox, oy, oz), float(size_yd), aim, float(width_yd))
    bodies = {c.id: c.body for c in state.in_fight()}
    return area_effect(
        state.battlefield,
        area,
        creatures=bodies,
        index=sight_index(state.battlefield),
        prone=_prone(state),
    )


def squares_of(state: EncounterState, cid: str) -> tuple[Square, ...]:
    """The squares a creature occupies (for guesses at hidden creatures)."""
    return state.creatures[cid].body.squares()


def register(rs: Ruleset) -> None:
    """Plug hiding into the SotDL ruleset (docs/engine.md: SotDL plug-in points)."""
    rs.register_hook("can_hide", can_hide)
    rs.register_after_command("hidden_recheck", recheck_after_command)
    rs.register_step_checker("hidden_recheck", recheck_after_step, when="after", order=900)
    rs.register_action(ChangeLight, _v_light, _r_light, name="change_light")
    rs.register_action(SightRuling, _v_ruling, _r_ruling, name="sight_ruling")
    rs.register_query("hide_check", hide_status)
    rs.register_query("area_effect", area_query)
