"""Movement as a walk of steps that triggers can interrupt (Seed SotDL: Move, Free Attack).

``walk`` moves a creature one step at a time. Before each step the ruleset's registered
"before" step checkers run (a free attack as the mover leaves reach, a balance roll on
entering ice); after it the "after" checkers (a prepared trigger as an enemy enters reach, a
fall off a ledge). A checker may emit events, ask a decision (the engine pauses and resumes
exactly here), or return a reason to stop the walk.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from game.rules.battlefield import Square
from game.rules.engine.events import Event, event, register_value
from game.rules.engine.state import EncounterState, replaced
from game.rules.run_up import runs_up

if TYPE_CHECKING:
    from game.rules.engine.engine import Context


def square_of(value: object) -> Square:
    """A square from a tuple or a JSON list ``[x, y]``."""
    seq: Any = value
    return (int(seq[0]), int(seq[1]))


@register_value
@dataclass(frozen=True)
class Step:
    """One step of a path: the square entered, the elevation there, what it costs, and how.

    ``elevation_yd`` None means the ground of that square; ``how`` is "walk", "crawl",
    "climb", "swim", "balance", "jump", "fly", "teleport", "forced" ...
    """

    square: Square
    elevation_yd: float | None = None
    cost_yd: float = 1.0
    how: str = "walk"


@register_value
@dataclass(frozen=True)
class WalkMode:
    """What kind of movement this is, and what it provokes.

    ``kind``: "move", "rush", "retreat", "charge", "escape", "pull", "forced", "teleport",
    "driving", "shove". ``no_free_attacks_from``: creatures whose free attacks it does not
    trigger (shifting attack, feint, escape). ``uses_budget``: forced movement does not.
    """

    kind: str = "move"
    provokes_free_attacks: bool = True
    no_free_attacks_from: frozenset[str] = frozenset()
    uses_budget: bool = True
    willing: bool = True


@dataclass
class WalkState:
    """A walk in progress, as step checkers see it (``data`` is scratch space for checkers)."""

    mover: str
    mode: WalkMode
    steps: tuple[Step, ...]
    start: Square
    index: int = 0
    moved_yd: float = 0.0
    stopped: str = ""
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def from_square(self) -> Square:
        """The square the mover stands on before the current step."""
        return self.steps[self.index - 1].square if self.index else self.start


@event
class Stepped(Event):
    """A creature moved one step (budget spent if ``uses_budget``; moved_yd grows if willing,
    and ran_yd too when the step was on foot: a jump's run-up)."""

    creature: str
    from_square: Square
    square: Square
    elevation_yd: float
    cost_yd: float
    mode: str = "move"
    how: str = "walk"
    uses_budget: bool = True
    willing: bool = True

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        body = c.body.moved_to(square_of(self.square), self.elevation_yd)
        t = c.turn
        ran = t.ran_yd + (self.cost_yd if runs_up(self.how) else 0.0)
        if self.uses_budget:
            t = replaced(t, move_budget_yd=max(0.0, t.move_budget_yd - self.cost_yd),
                         moved_yd=t.moved_yd + self.cost_yd, ran_yd=ran, move_used=True)
        elif self.willing:
            t = replaced(t, moved_yd=t.moved_yd + self.cost_yd, ran_yd=ran)
        return state.with_creature(replaced(c, body=body, turn=t))


@event
class MoveStopped(Event):
    """A walk ended before its last step, and why."""

    creature: str
    square: Square
    reason: str


@event
class Placed(Event):
    """A creature is put on a square without moving through the squares between (teleport, GM)."""

    creature: str
    square: Square
    elevation_yd: float
    reason: str = ""

    def apply(self, state: EncounterState) -> EncounterState:
        c = state.creatures[self.creature]
        return state.update_creature(
            self.creature, body=c.body.moved_to(square_of(self.square), self.elevation_yd)
        )


def walk(ctx: Context, mover: str, steps: tuple[Step, ...], mode: WalkMode) -> WalkState:
    """Walk ``mover`` along ``steps``, running the step checkers; returns how far it got."""
    rs = ctx.ruleset
    ws = WalkState(mover, mode, tuple(steps), ctx.state.creatures[mover].body.square)
    blocked = rs.hooks.get("movement_blocked")
    before = rs.step_checkers("before")
    after = rs.step_checkers("after")
    for i, step in enumerate(ws.steps):
        ws.index = i
        for chk in before:
            reason = chk.fn(ctx, ws, step)
            if reason:
                return _stop(ctx, ws, reason)
        c = ctx.state.creatures[mover]
        why = blocked(ctx.state, mover, mode) if blocked else None
        if not c.in_fight or why:
            return _stop(ctx, ws, why or f"{c.name} is {c.status}")
        elev = (
            step.elevation_yd
            if step.elevation_yd is not None
            else ctx.state.battlefield.elevation_at(step.square)
        )
        ctx.emit(
            Stepped(mover, ws.from_square, square_of(step.square), elev, step.cost_yd, mode.kind,
                    step.how, mode.uses_budget, mode.willing)
        )
        ws.moved_yd += step.cost_yd
        for chk in after:
            reason = chk.fn(ctx, ws, step)
            if reason:
                ws.index = i + 1
                return _stop(ctx, ws, reason, last=i == len(ws.steps) - 1)
    ws.index = len(ws.steps)
    return ws


def walked(state: EncounterState, mover: str, steps: tuple[Step, ...],
           mode: WalkMode) -> EncounterState:
    """The state after ``mover`` walks ``steps`` with no step checker firing (no free attack, no
    fall): where a command that moves first acts from, as its validation and preview judge it."""
    at = state.creatures[mover].body.square
    for step in steps:
        sq = square_of(step.square)
        elev = (step.elevation_yd if step.elevation_yd is not None
                else state.battlefield.elevation_at(sq))
        state = Stepped(mover, at, sq, elev, step.cost_yd, mode.kind, step.how,
                        mode.uses_budget, mode.willing).apply(state)
        at = sq
    return state


def _stop(ctx: Context, ws: WalkState, reason: str, *, last: bool = False) -> WalkState:
    ws.stopped = reason
    if not last:
        ctx.emit(MoveStopped(ws.mover, ctx.state.creatures[ws.mover].body.square, reason))
    return ws
