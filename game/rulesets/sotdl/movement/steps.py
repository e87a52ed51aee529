"""Step checkers: what happens on each step of a SotDL walk (docs/engine.md, "Movement").

Seed SotDL: Free Attack (leaving reach; the rider or the mount, as the attacker chooses),
Prepare (Bobby and the warg: an enemy moving into reach, 1 boon), Balance, Climb, Swim, Jump,
falls, and Grab ("the grabbed affliction also ends if you move or are moved to a position where
you can no longer reach the grabbed target").
"""

from __future__ import annotations

from game.rules.battlefield import Square, Terrain
from game.rules.engine import (
    AfflictionEnded,
    Context,
    CreatureDataSet,
    Event,
    MoveBudgetSet,
    Placed,
    Step,
    WalkState,
    event,
)
from game.rules.engine.derived import creature_index
from game.rules.engine.walk import square_of
from game.rules.geometry.occupancy import can_stand
from game.rules.geometry.reach import within_reach
from game.rules.modifiers import Modifier
from game.rulesets.sotdl.commands import FreeAttack
from game.rulesets.sotdl.common import cannot_act, cannot_move
from game.rulesets.sotdl.falling import fall
from game.rulesets.sotdl.health import afflict
from game.rulesets.sotdl.modifiers import timed
from game.rulesets.sotdl.movement.facts import (
    body_at,
    distance_yd,
    mount_of,
    reach_yd,
    rider_of,
    threats_for,
)
from game.rulesets.sotdl.movement.riding import BodySet, own_body, riders_and_falls
from game.rulesets.sotdl.rolls import challenge_roll
from game.rulesets.sotdl.triggered import (
    fire_prepared,
    free_attack_refusal,
    offer_free_attack,
    prepared_refusal,
)


@event
class Jumped(Event):
    """A creature jumped (Seed SotDL: Jump): ``kind`` is across, up or down; ``length_yd`` the
    yards jumped (horizontal across, vertical up or down); ``result`` ok, challenge (the GM's
    Agility challenge follows) or short (the move ran out mid-jump)."""

    creature: str
    from_square: Square
    square: Square
    kind: str
    length_yd: float
    cost_yd: float
    result: str = "ok"


@event
class FreeAttackProvoked(Event):
    """A mover is about to leave a threatening creature's reach (Seed SotDL: Free Attack); the
    threatening creature's decision follows."""

    attacker: str
    target: str
    square: Square
    leaving_to: Square


def _stop_reason(ctx: Context, cid: str, ws: WalkState) -> str | None:
    """The move ends if the mover is dead, immobilized (Speed 0) or knocked prone."""
    c = ctx.state.creatures[cid]
    why = cannot_move(c) if ws.mode.willing else (None if c.in_fight else c.status)
    if why:
        return why
    if c.has("prone") and not ws.data.get("was_prone"):
        return f"{c.name} is knocked prone"
    return None


def free_attack_checker(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """Seed SotDL: Free Attack: leaving an enemy's reach willingly offers it a free attack,
    before the mover leaves; the move goes on unless the mover is prone, dead or immobilized."""
    mode = ws.mode
    if not mode.provokes_free_attacks or not mode.willing or step.how in ("fall", "teleport"):
        return None
    st, rs = ctx.state, ctx.ruleset
    mover = ws.mover
    rule = rs.definition.diagonal_rule
    here = st.creatures[mover].body
    there = body_at(st, mover, square_of(step.square), step.elevation_yd)
    for t in threats_for(st, rs, mover, mode, near=here):
        if not (
            within_reach(t.body, here, reach=t.reach_yd, rule=rule)
            and not within_reach(t.body, there, reach=t.reach_yd, rule=rule)
        ):
            continue
        a = ctx.state.creatures[t.id]
        rider = rider_of(ctx.state, mover)
        why = f"moving to {tuple(step.square)}"
        targets = [x for x in ((rider, mover) if rider and ctx.state.hostile(t.id, rider)
                               else (mover,))
                   if not free_attack_refusal(ctx.state, rs, t.id, x)]
        if not targets:  # an illegal attack (total cover, a hidden mover) is not offered
            continue
        ctx.emit(FreeAttackProvoked(t.id, mover, here.square, square_of(step.square)))
        if rider and ctx.state.hostile(t.id, rider):
            # Seed SotDL: Ride: the attacking creature chooses whether to attack rider or mount
            m, r = ctx.state.creatures[mover], ctx.state.creatures[rider]
            label = {rider: f"attack the rider, {r.name}", mover: f"attack the mount, {m.name}"}
            choice = ctx.ask(
                "free_attack",
                f"{m.name} carries {r.name} out of {a.name}'s reach ({why}): does {a.name} "
                "take a free attack, and against whom?",
                [(x, label[x]) for x in targets] + [("decline", "let them go")],
                asked_of=t.id,
                data=(("attacker", t.id), ("target", mover), ("rider", rider)),
            )
            if choice in targets:
                ctx.perform_reaction(FreeAttack(t.id, choice))
        else:
            offer_free_attack(ctx, t.id, mover, reason=why)
        why_stop = _stop_reason(ctx, mover, ws)
        if why_stop:
            return why_stop
    return None


def prepared_checker(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """Seed SotDL: Prepare ("the first enemy that moves into his reach"): fires as the mover
    enters the preparer's reach (3D, from its whole space), with 1 boon (the engine's prepare)."""
    st, rs = ctx.state, ctx.ruleset
    mover = ws.mover
    rule = rs.definition.diagonal_rule
    before = body_at(st, mover, ws.from_square, ws.data.get("from_elev"))
    now = st.creatures[mover].body
    movers = [mover] + ([rider_of(st, mover)] if rider_of(st, mover) else [])
    for e in list(st.effects.values()):
        if e.name != "prepared" or e.get("trigger") != "enemy_enters_reach":
            continue
        if e.owner not in ctx.state.creatures or e.id not in ctx.state.effects:
            continue
        who = next((m for m in movers if ctx.state.hostile(e.owner, m)), "")
        if not who:
            continue
        owner = ctx.state.creatures[e.owner]
        if cannot_act(owner) or owner.turn.triggered_used:
            continue
        r = reach_yd(ctx.state, rs, e.owner)
        if within_reach(owner.body, before, reach=r, rule=rule) or not within_reach(
            owner.body, now, reach=r, rule=rule
        ):
            continue
        if prepared_refusal(ctx.state, rs, e.id, who):
            continue  # the activity could not happen (total cover ...): nothing to ask
        name = ctx.state.creatures[who].name
        choice = ctx.ask(
            "prepared_trigger",
            f"{name} moves into {owner.name}'s reach: {owner.name} uses the prepared action?",
            [("fire", "act now"), ("hold", "wait")],
            asked_of=e.owner,
            data=(("effect", e.id), ("trigger_by", who)),
        )
        if choice == "fire":
            fire_prepared(ctx, e.id, who)
            why = _stop_reason(ctx, mover, ws)
            if why:
                return why
    return None


def remember_elevation(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """Before each step: note where the mover stands (falls and triggers measure from there)."""
    c = ctx.state.creatures[ws.mover]
    ws.data.setdefault("was_prone", c.has("prone"))
    ws.data["from_elev"] = c.body.elevation_yd
    ws.data["from_terrain"] = _terrain_of(ctx, ws.mover)
    return None


# the flags as plain ints: an int & an IntFlag member goes through enum's Python code
_LIQUID, _TREACHEROUS = int(Terrain.LIQUID), int(Terrain.TREACHEROUS)


def _terrain_of(ctx: Context, cid: str) -> int:
    bf = ctx.state.battlefield
    flags = 0
    for x, y in ctx.state.creatures[cid].body.squares():
        if bf.in_bounds((x, y)):
            flags |= int(bf.terrain[y, x])
    return flags


def _banes_here(ctx: Context, cid: str) -> int:
    bf = ctx.state.battlefield
    banes = bf.surface_banes
    assert banes is not None  # Battlefield fills it in when built
    return max(
        (
            int(banes[y, x])
            for x, y in ctx.state.creatures[cid].body.squares()
            if bf.in_bounds((x, y))
        ),
        default=0,
    )


def _challenge(ctx: Context, cid: str, attribute: str, label: str, banes: int, action: str):  # type: ignore[no-untyped-def]
    base = (Modifier("the surface", boons=-banes, source="surface"),) if banes else ()
    return challenge_roll(ctx, cid, attribute, label, action=action, base=base)


def _lower_neighbour(ctx: Context, cid: str) -> tuple[tuple[int, int], float] | None:
    """A square next to a precarious perch whose ground is well below it (where a fall lands)."""
    st = ctx.state
    bf = st.battlefield
    c = st.creatures[cid]
    best = None
    x0, y0 = c.body.square
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            sq = (x0 + dx, y0 + dy)
            if (dx, dy) == (0, 0) or not bf.in_bounds(sq):
                continue
            if bf.terrain_at(sq) & Terrain.IMPASSABLE:
                continue
            g = bf.elevation_at(sq)
            if g < c.body.elevation_yd - 1.0 and (best is None or g < best[1]):
                best = (sq, g)
    return best


def _no_progress_square(ctx: Context, ws: WalkState) -> tuple[Square, float]:
    """Seed SotDL: Swim, "On a failure, you make no progress": back where the swim began, or,
    when that square is an ally's (passed through, never stopped on: Move), the last square
    of the walk before it that the mover may stand on."""
    st = ctx.state
    mover = ws.mover
    skip = {mover} | {x for x in (mount_of(st, mover), rider_of(st, mover)) if x}
    others = [o.body for o in st.creatures.values() if o.id not in skip and o.in_fight]
    trail = [ws.start] + [s.square for s in ws.steps[: ws.index]]
    for i, sq in enumerate(reversed(trail)):
        body = body_at(st, mover, sq, ws.data.get("from_elev") if i == 0 else None)
        if can_stand(st.battlefield, body, others=others):
            return sq, body.elevation_yd
    return ws.start, body_at(st, mover, ws.start).elevation_yd


def surface_checker(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """Seed SotDL: Balance (moving onto a treacherous surface), Climb (a slick surface: the
    square's surface banes), Swim (treacherous water; on a failure no progress: the step is
    undone), after the step is taken."""
    st = ctx.state
    mover = ws.mover
    c = st.creatures[mover]
    if ws.mode.kind in ("forced", "driving", "shove", "pulled", "teleport") or not ws.mode.willing:
        return None
    flags = _terrain_of(ctx, mover)
    prev = ws.data.get("from_terrain", 0)
    traits = c.definition.movement
    how = step.how
    if how == "fly":
        return None
    if flags & _LIQUID and flags & _TREACHEROUS and "swim" not in traits:
        if ws.data.get("swim_rolled"):
            return None
        ws.data["swim_rolled"] = True
        r = _challenge(
            ctx, mover, "strength", "swim through rough water", _banes_here(ctx, mover), "swim"
        )
        if r.total <= 0:
            afflict(ctx, mover, timed("sinking", "water", None), "sinks (swim total 0 or less)")
            return f"{c.name} sinks"
        if not r.success:
            back, elev = _no_progress_square(ctx, ws)
            ctx.emit(Placed(mover, back, elev, "no progress swimming"))
            return f"{c.name} makes no progress in the rough water"
        return None
    if (flags & _TREACHEROUS and not flags & _LIQUID
            and not prev & _TREACHEROUS and "balance" not in traits):
        r = _challenge(
            ctx,
            mover,
            "agility",
            "balance on a treacherous surface",
            _banes_here(ctx, mover),
            "balance",
        )
        if r.success:
            return None
        if r.total <= 0:
            low = _lower_neighbour(ctx, mover)
            if low is not None:
                fall(ctx, mover, square=low[0], cause="lost balance on a precarious perch")
            else:
                afflict(ctx, mover, timed("prone", "balance", None), "falls prone (balance)")
        _stop_for_the_turn(ctx, ws, "lost balance")
        return f"{c.name} loses balance and stops"
    if how == "climb" and _banes_here(ctx, mover) > 0 and "climb" not in traits:
        if ws.data.get("climb_rolled"):
            return None
        ws.data["climb_rolled"] = True
        r = _challenge(
            ctx, mover, "strength", "climb a difficult surface", _banes_here(ctx, mover), "climb"
        )
        if r.success:
            return None
        if r.total <= 0:  # falls to the foot of the climb (the lower end of the step)
            bf = ctx.state.battlefield
            foot = min((ws.from_square, square_of(step.square)), key=bf.elevation_at)
            fall(
                ctx,
                mover,
                square=foot,
                from_yd=max(top_of(ctx, mover), float(ws.data.get("from_elev", 0.0))),
                cause="fell while climbing",
            )
        _stop_for_the_turn(ctx, ws, "failed to climb")
        return f"{c.name} fails to climb on"
    return None


def _stop_for_the_turn(ctx: Context, ws: WalkState, why: str) -> None:
    """Seed SotDL: Balance, Climb: "On a failure, you stop moving on that turn": the movement
    left this turn is lost (the walker's; a rider's is set when its mount's walk ends)."""
    ws.data["stopped_for_the_turn"] = True
    c = ctx.state.creatures[ws.mover]
    if c.turn.move_budget_yd > 0:
        ctx.emit(MoveBudgetSet(ws.mover, 0.0, f"{why}: stops moving this turn", move_used=True))


def jump_and_fall_checker(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """Seed SotDL: Jump (announce it; a longer jump asks the GM's Agility challenge; running out
    of movement mid-jump lands prone, or falls over a gap) and falls off ledges."""
    how = step.how
    mover = ws.mover
    c = ctx.state.creatures[mover]
    top = float(ws.data.get("from_elev", c.body.elevation_yd))
    if how == "fall":
        fall(ctx, mover, from_yd=top, cause="went over the edge")
        return f"{c.name} falls"
    if not how.startswith("jump"):
        return None
    kind = how.split("_")[1]
    result = "challenge" if how.endswith("_challenge") else "short" if how.endswith("_short") \
        else "ok"
    dz = abs(c.body.elevation_yd - top)
    length = dz if kind in ("up", "down") else float(max(
        abs(step.square[0] - ws.from_square[0]), abs(step.square[1] - ws.from_square[1])))
    ctx.emit(Jumped(mover, ws.from_square, square_of(step.square), kind, length, step.cost_yd,
                    result))
    if how.endswith("_challenge"):
        up = how.startswith("jump_up")
        label = "jump higher than the rule allows" if up else "jump farther than the rule allows"
        r = _challenge(ctx, mover, "agility", label, 0, "jump")
        if not r.success:
            gap = _line(ws.from_square, step.square)
            if up:  # falls back down where it jumped from
                fall(ctx, mover, square=ws.from_square, from_yd=top, cause="failed jump up")
            elif gap:  # comes down short, into the pit or the stream
                fall(ctx, mover, square=gap[-1], from_yd=top, cause="failed jump across")
            else:
                afflict(ctx, mover, timed("prone", "jump", None), "failed jump: lands prone")
            return f"{c.name}'s jump fails"
    if how.endswith("_short"):
        bf = ctx.state.battlefield
        over_gap = any(bf.elevation_at(s) < top - 1.0 for s in _line(ws.from_square, step.square))
        if over_gap or how.startswith("jump_up"):
            fall(
                ctx,
                mover,
                square=_midway(ws.from_square, step.square, step.cost_yd),
                from_yd=top,
                cause="ran out of movement mid-jump",
            )
        else:
            afflict(ctx, mover, timed("prone", "jump", None), "ran out of movement mid-jump")
        return f"{c.name} runs out of movement mid-jump"
    return None


def top_of(ctx: Context, cid: str) -> float:
    """The creature's feet elevation now."""
    return float(ctx.state.creatures[cid].body.elevation_yd)


def _line(a: tuple[int, int], b: tuple[int, int]) -> list[tuple[int, int]]:
    n = max(abs(b[0] - a[0]), abs(b[1] - a[1]))
    if n <= 1:
        return []
    ux, uy = (b[0] - a[0]) // n, (b[1] - a[1]) // n
    return [(a[0] + ux * k, a[1] + uy * k) for k in range(1, n)]


def _midway(a: tuple[int, int], b: tuple[int, int], yards: float) -> tuple[int, int]:
    """Where a jump that ran out after ``yards`` comes down."""
    line = _line(a, b) + [tuple(b)]  # type: ignore[list-item]
    k = max(0, min(len(line) - 1, int(yards + 1e-9) - 1))
    return line[k]  # type: ignore[return-value]


def grab_checker(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """Seed SotDL: Grab: the grab ends when the grabber moves or is moved out of reach."""
    st, rs = ctx.state, ctx.ruleset
    mover = ws.mover
    for oid in creature_index(st.creatures).afflicted:  # the grabbed are afflicted
        o = st.creatures[oid]
        for a in o.afflictions:
            if a.name != "grabbed" or a.source not in st.creatures:
                continue
            if mover not in (a.source, o.id) or ws.mode.kind in ("pull", "pulled"):
                continue
            if distance_yd(st, rs, a.source, o.id) > reach_yd(st, rs, a.source) + 1e-9:
                g = st.creatures[a.source]
                ctx.emit(
                    AfflictionEnded(
                        o.id, "grabbed", a.source, f"{g.name} can no longer reach {o.name}"
                    )
                )
    return None


def rider_follows(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """Seed SotDL: Ride: the rider shares the mount's space, so it moves with it."""
    rider = rider_of(ctx.state, ws.mover)
    if rider and ctx.state.creatures[rider].has("prone"):
        riders_and_falls(ctx)  # knocked off on the way: lands here, not at the end of the move
        return None
    if rider and mount_of(ctx.state, rider) == ws.mover:
        m = ctx.state.creatures[ws.mover]
        ctx.emit(Placed(rider, m.body.square, m.body.elevation_yd, "rides"))
    return None


def mount_follows(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """Seed SotDL: Ride: when the rider itself is walked (a charge, an escape, a shove), the
    mount under it goes along: rider and mount never drift apart."""
    mount = mount_of(ctx.state, ws.mover)
    if mount:
        r = ctx.state.creatures[ws.mover]
        ctx.emit(Placed(mount, r.body.square, r.body.elevation_yd, "carries its rider"))
    return None


def unseated(ctx: Context, ws: WalkState, step: Step) -> str | None:
    """A rider moved against its will (shoved, driven, pulled) leaves the saddle first."""
    mount = mount_of(ctx.state, ws.mover)
    if mount and not ws.mode.willing:
        r = ctx.state.creatures[ws.mover]
        ctx.emit(
            CreatureDataSet(ws.mover, "riding", ""),
            CreatureDataSet(mount, "rider", ""),
            BodySet(ws.mover, own_body(ctx.state, ctx.ruleset, ws.mover, r.body.square),
                    "pushed out of the saddle"),
        )
    return None


def register(rs: object) -> None:
    """Replace the interim checkers and add the special-movement ones."""
    reg = rs.register_step_checker  # type: ignore[attr-defined]
    reg("unseated", unseated, when="before", order=5)
    reg("remember_elevation", remember_elevation, when="before", order=10)
    reg("free_attack", free_attack_checker, when="before", order=50)
    reg("rider_follows", rider_follows, when="after", order=10)
    reg("mount_follows", mount_follows, when="after", order=11)
    reg("jump_and_fall", jump_and_fall_checker, when="after", order=20)
    reg("surface", surface_checker, when="after", order=30)
    reg("grab_reach", grab_checker, when="after", order=40)
    reg("prepared_trigger", prepared_checker, when="after", order=60)
