"""The engine: commands in, events out, decisions in between; undo, redo and replay.

Resolution is a pure function of (state before, command, answers, typed dice, seed): when a
handler needs an answer it has not got, it raises NeedInput; the engine keeps the partial
state for the UI to show, and when the answer comes it re-runs the command from the state
before it with one more answer. So a pause never loses anything and replay is exact.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from game.rules.battlefield import Battlefield
from game.rules.engine.basic import (
    AdvancePhase,
    Answer,
    DecisionAnswered,
    EnterDice,
    GMNote,
    Note,
    PhaseChanged,
    RoundStarted,
)
from game.rules.engine.dice import DiceSource, SeededDice
from game.rules.engine.events import Command, DieRoll, Event
from game.rules.engine.ruleset import Decision, Option, RollContext, Ruleset, Violation
from game.rules.engine.state import EncounterState, replaced
from game.rules.engine.values import value_problems
from game.rules.modifiers import Modifier


class NeedInput(Exception):
    """Raised inside a handler: the engine must stop and ask this decision."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


class Rejected(Exception):
    """Raised inside a handler: the command (or a nested one) is not legal after all."""

    def __init__(self, violations: Iterable[Violation]) -> None:
        self.violations = list(violations)
        super().__init__("; ".join(v.reason for v in self.violations))


def apply_event(state: EncounterState, ev: Event, seeded: int | None = None) -> EncounterState:
    """Apply one event, advancing the seeded dice position by the dice it consumed
    (``seeded``: that number, when the caller has counted them)."""
    new = ev.apply(state)
    n = ev.seeded_dice() if seeded is None else seeded
    if n:
        new = replaced(new, rng_position=new.rng_position + n)
    return new


def replay(initial: EncounterState, events: Iterable[Event]) -> EncounterState:
    """The state after applying a log of events to the initial state (no dice are rolled)."""
    state = initial
    for ev in events:
        state = apply_event(state, ev)
    return state


@dataclass
class CommandRecord:
    """One command as played: the answers and typed dice it needed, and the events it made."""

    command: Command
    state_before: EncounterState
    answers: list[Any] = field(default_factory=list)
    typed: list[int] = field(default_factory=list)
    events: tuple[Event, ...] = ()
    # typed[i] may be used only once this many dice have been drawn in the command: dice typed
    # after a pause must not take the place of seeded dice rolled before it (missing: 0)
    typed_gates: list[int] = field(default_factory=list)


class StackMark:
    """Where a stack (history, redo) stood at a checkpoint, and what has been popped from below
    that height since: a rollback puts back only what changed, so a checkpoint costs the same
    at the tenth command and at the ten-thousandth (no copy of the history per command)."""

    def __init__(self, stack: list[CommandRecord]) -> None:
        self.stack = stack
        self.low = len(stack)  # the lowest the stack has been since the checkpoint
        self.popped: list[CommandRecord] = []  # what stood at low.. at the checkpoint, top first

    def pop(self) -> CommandRecord:
        """Pop the top entry, remembering it if it stood there at the checkpoint."""
        rec = self.stack.pop()
        if len(self.stack) < self.low:
            self.low = len(self.stack)
            self.popped.append(rec)
        return rec

    def clear(self) -> None:
        """Empty the stack, remembering what stood there at the checkpoint."""
        self.popped.extend(reversed(self.stack[: self.low]))
        self.low = 0
        self.stack.clear()

    def restore(self) -> None:
        """Put the stack back as it was at the checkpoint (same list object)."""
        del self.stack[self.low :]
        self.stack.extend(reversed(self.popped))


@dataclass(frozen=True)
class Checkpoint:
    """Everything ``Engine.rollback`` needs to put the engine back (a journal write failed)."""

    state: EncounterState
    history: StackMark
    redo: StackMark
    pending: tuple[CommandRecord, Decision] | None
    drawn: int
    dice: DiceSource
    # (record, answers, typed, typed_gates, events) of every record that may be changed in place
    records: tuple[tuple[CommandRecord, int, int, int, tuple[Event, ...]], ...]


@dataclass(frozen=True)
class Outcome:
    """What submitting a command did: rejected with violations, paused on a decision, or done."""

    ok: bool
    events: tuple[Event, ...] = ()
    violations: tuple[Violation, ...] = ()
    pending: Decision | None = None


class Context:
    """What a handler sees while resolving: the current state, dice, decisions, emit."""

    def __init__(
        self, ruleset: Ruleset, state: EncounterState, dice: DiceSource, record: CommandRecord,
        number: int,
    ) -> None:
        self.ruleset = ruleset
        self.state = state
        self.dice = dice
        self.events: list[Event] = []
        self._record = record
        self._answer_i = 0
        self._typed_i = 0
        self._undeclared = 0
        self._drawn = 0  # dice drawn so far in this run, typed and seeded
        self._number = number

    # -- events ----------------------------------------------------------------------------
    def emit(self, *events: Event) -> None:
        """Apply events to the state now (later checks see them) and log them."""
        for ev in events:
            n = ev.seeded_dice()
            self._undeclared -= n
            self.state = apply_event(self.state, ev, n)
            self.events.append(ev)

    def note(self, text: str, creature: str = "") -> None:
        """A log line that changes nothing."""
        self.emit(Note(text, creature))

    # -- dice ------------------------------------------------------------------------------
    def roll(self, sides: int, count: int = 1, purpose: str = "", asked_of: str = "gm"
             ) -> tuple[DieRoll, ...]:
        """Roll ``count`` dice: typed-in values first, then the dice source (or ask the GM).

        The dice must then appear in an emitted event's ``dice`` field.
        """
        out: list[DieRoll] = []
        for i in range(count):
            if self._typed_i < len(self._record.typed) and self._typed_ready():
                v = self._record.typed[self._typed_i]
                self._typed_i += 1
                self._drawn += 1
                if not 1 <= v <= sides:
                    why = f"a d{sides} cannot show {v} ({purpose})"
                    raise Rejected([Violation(why, "bad_die")])
                out.append(DieRoll(sides, v, True))
                continue
            pos = self.state.rng_position + self._undeclared
            v2 = self.dice.draw(pos, sides)
            if v2 is None:
                left = count - i
                raise NeedInput(
                    Decision(
                        id=self._next_id(),
                        kind="dice",
                        prompt=f"type in {left}d{sides}: {purpose}",
                        asked_of=asked_of,
                        sides=sides,
                        count=left,
                    )
                )
            self._undeclared += 1
            self._drawn += 1
            out.append(DieRoll(sides, v2, False))
        return tuple(out)

    def _typed_ready(self) -> bool:
        """True if the next typed die may be used now (see CommandRecord.typed_gates)."""
        gates = self._record.typed_gates
        return self._typed_i >= len(gates) or gates[self._typed_i] <= self._drawn

    # -- decisions ---------------------------------------------------------------------------
    def _next_id(self) -> str:
        """The id of the question asked now: the same on every re-run, new for each question."""
        return f"{self._number}.{self._answer_i + self._typed_i + 1}"

    def ask(
        self, kind: str, prompt: str, options: Iterable[tuple[str, str]], *, asked_of: str = "gm",
        default: Any = None, data: tuple[tuple[str, Any], ...] = (),
    ) -> Any:
        """Ask a question; returns the answer, or pauses the engine until it is given."""
        opts = tuple(Option(i, label) for i, label in options)
        decision = Decision(
            id=self._next_id(), kind=kind, prompt=prompt, options=opts,
            asked_of=asked_of, default=opts[0].id if default is None and opts else default,
            data=data,
        )
        if self._answer_i < len(self._record.answers):
            choice = self._record.answers[self._answer_i]
            self._answer_i += 1
            self.emit(DecisionAnswered(decision.id, kind, prompt, choice, asked_of))
            return choice
        raise NeedInput(decision)

    # -- nested commands and rolls -------------------------------------------------------------
    def validate(self, cmd: Command) -> list[Violation]:
        """Violations of a command against the current (mid-resolution) state."""
        return self.ruleset.validate(self.state, cmd)

    def perform(self, cmd: Command) -> None:
        """Validate and resolve a command inside this one (a triggered action, charge's attack)."""
        vs = self.validate(cmd)
        if vs:
            raise Rejected(vs)
        action = self.ruleset.action_for(cmd)
        assert action is not None
        action.resolve(self, cmd)

    def perform_reaction(self, cmd: Command) -> list[Violation]:
        """Perform a reaction inside this command (a free attack, a prepared activity) if it is
        legal now; if not, note why and return the violations: a refused reaction never
        refuses the command that triggered it (the mover's move goes on)."""
        vs = self.validate(cmd)
        if vs:
            self.note(f"{type(cmd).__name__} refused: {vs[0].reason}")
            return vs
        action = self.ruleset.action_for(cmd)
        assert action is not None
        action.resolve(self, cmd)
        return []

    def modifiers(self, roll: RollContext) -> tuple[Modifier, ...]:
        """Every modifier on a roll, with its reason (the ruleset's providers)."""
        return self.ruleset.collect_modifiers(self.state, roll)


class Engine:
    """Drives an encounter: submit commands, answer decisions, undo, redo.

    >>> # see docs/engine.md and tests/rules/engine/ for full examples
    """

    def __init__(self, ruleset: Ruleset, state: EncounterState, dice: DiceSource | None = None,
                 *, strict: bool = False) -> None:
        self.ruleset = ruleset
        self.initial = state
        self.dice: DiceSource = dice if dice is not None else SeededDice(0)
        self._state = state
        self.history: list[CommandRecord] = []
        self.redo_stack: list[CommandRecord] = []
        self._pending: tuple[CommandRecord, Decision] | None = None
        self._pending_drawn = 0  # dice the paused command had drawn when it paused
        self._marks: tuple[StackMark, StackMark] | None = None  # the live checkpoint's
        self.on_commit: list[Callable[[CommandRecord], None]] = []
        self.on_undo: list[Callable[[CommandRecord], None]] = []
        #: False: a bug in a handler refuses the command (state untouched) instead of raising
        self.strict = strict

    # -- reading -----------------------------------------------------------------------------
    @property
    def state(self) -> EncounterState:
        """The current state (while a decision is pending: as far as the command got)."""
        return self._state

    def change_battlefield(self, battlefield: Battlefield) -> None:
        """The map was edited during the fight (live reload): the fight goes on on the new one.

        Creatures, turn and history stay; each earlier command keeps the state it was played
        from, so undoing it goes back to the map it was played on.
        """
        self._state = replace(self._state, battlefield=battlefield)

    @property
    def pending(self) -> Decision | None:
        """The question the engine waits on, if any."""
        return self._pending[1] if self._pending else None

    def log(self) -> list[Event]:
        """Every committed event, in order (the save and the journal)."""
        return [ev for rec in self.history for ev in rec.events]

    def validate(self, cmd: Command) -> list[Violation]:
        """Why a command is not legal now ([] when it is). Changes nothing."""
        if isinstance(cmd, (Answer, EnterDice)):
            return self._check_answer(cmd)
        if self._pending:
            d = self._pending[1]
            return [Violation(f"answer the pending question first: {d.prompt}", "pending")]
        bad = value_problems(cmd)  # 999999999d6, 1e8 boons, NaN: refused before any rule runs
        if bad:
            return bad
        if isinstance(cmd, (AdvancePhase, GMNote)) and cmd.__class__ not in self.ruleset.actions:
            return []
        action = self.ruleset.action_for(cmd)
        if action is None:
            what = f"{type(cmd).__name__} is not a {self.ruleset.id} command"
            return [Violation(what, "unknown")]
        return action.validate(self._state, cmd, self.ruleset)

    def query(self, name: str, *args: Any, **kw: Any) -> Any:
        """Run a registered query on the current state (never changes it)."""
        return self.ruleset.queries[name](self._state, self.ruleset, *args, **kw)

    # -- playing -----------------------------------------------------------------------------
    def submit(self, cmd: Command, *, dice: Iterable[int] = ()) -> Outcome:
        """Validate, then resolve a command; ``dice`` are typed-in values used before the source."""
        if isinstance(cmd, Answer):
            return self.answer(cmd.decision_id, cmd.choice)
        if isinstance(cmd, EnterDice):
            return self.answer(cmd.decision_id, list(cmd.values))
        try:
            vs = self.validate(cmd)
        except Exception as err:  # noqa: BLE001 - as in _run
            if self.strict:
                raise
            vs = [Violation(f"the rules engine failed on this command ({type(err).__name__}: "
                            f"{err})", "internal")]
        if vs:
            return Outcome(False, violations=tuple(vs))
        record = CommandRecord(cmd, self._state, typed=list(dice))
        return self._run(record)

    def answer(self, decision_id: str, choice: Any) -> Outcome:
        """Answer the pending decision and go on with the paused command."""
        vs = self._check_answer(Answer(decision_id, choice))
        if vs:
            return Outcome(False, violations=tuple(vs))
        assert self._pending is not None
        record, decision = self._pending
        if decision.kind == "dice":
            vals = [choice] if isinstance(choice, int) else list(choice)
            self._add_typed(record, vals)
        else:
            record.answers.append(choice)
        self._pending = None
        return self._run(record)

    def rerun(self, record: CommandRecord) -> Outcome:
        """Work a recorded command out again from the current state with its answers and typed
        dice (a replay that runs the rules, not only their events: ``battlemat run`` checks a
        journal with it); it commits as ``submit`` does, or pauses if the rules ask more."""
        if self._pending:
            d = self._pending[1]
            return Outcome(False, violations=(Violation(f"answer first: {d.prompt}", "pending"),))
        vs = self.validate(record.command)
        if vs:
            return Outcome(False, violations=tuple(vs))
        again = CommandRecord(record.command, self._state, list(record.answers),
                              list(record.typed), typed_gates=list(record.typed_gates))
        return self._run(again)

    def type_ahead(self, values: Iterable[int]) -> None:
        """Typed dice for the paused command, used after those it already has."""
        if self._pending:
            self._add_typed(self._pending[0], values)

    def _add_typed(self, record: CommandRecord, values: Iterable[int]) -> None:
        """Typed dice for a paused command, usable only after the dice it drew before the pause."""
        record.typed_gates.extend([0] * (len(record.typed) - len(record.typed_gates)))
        for v in values:
            record.typed.append(int(v))
            record.typed_gates.append(self._pending_drawn)

    def cancel(self) -> bool:
        """Drop the paused command altogether (back to the state before it)."""
        if not self._pending:
            return False
        self._state = self._pending[0].state_before
        self._pending = None
        return True

    def undo(self) -> bool:
        """Undo the last command (or drop a paused one): drop its events, re-roll nothing."""
        if self.cancel():
            return True
        if not self.history:
            return False
        rec = self._marks[0].pop() if self._marks else self.history.pop()
        self._state = rec.state_before
        self.redo_stack.append(rec)
        for fn in self.on_undo:
            fn(rec)
        return True

    def redo(self) -> bool:
        """Re-apply the last undone command's events (the same dice)."""
        if not self.redo_stack or self._pending:
            return False
        rec = self._marks[1].pop() if self._marks else self.redo_stack.pop()
        start = self._state
        if rec.state_before is not None and rec.state_before.battlefield is not start.battlefield:
            # it was played on another map (a live reload before it): redone on that one
            start = replace(start, battlefield=rec.state_before.battlefield)
        self._state = replay(start, rec.events)
        self.history.append(rec)
        for fn in self.on_commit:
            fn(rec)
        return True

    def checkpoint(self) -> Checkpoint:
        """The engine as it is now, for ``rollback`` (the session's journal write may fail).

        Only the latest checkpoint can be rolled back to, and only while the history and the
        redo stack change through the engine's own methods (submit, answer, undo, redo).
        """
        live = ([self._pending[0]] if self._pending else []) + self.history[-1:]
        self._marks = (StackMark(self.history), StackMark(self.redo_stack))
        return Checkpoint(
            self._state, *self._marks, self._pending, self._pending_drawn, self.dice,
            tuple((r, len(r.answers), len(r.typed), len(r.typed_gates), r.events) for r in live),
        )

    def rollback(self, cp: Checkpoint) -> None:
        """Put the engine back as it was at ``cp``: the command after it never happened."""
        if self._marks is None or cp.history is not self._marks[0]:
            raise ValueError("only the latest checkpoint can be rolled back to")
        self._state = cp.state
        cp.history.restore()
        cp.redo.restore()
        self._marks = None
        self._pending, self._pending_drawn, self.dice = cp.pending, cp.drawn, cp.dice
        for rec, answers, typed, gates, events in cp.records:
            del rec.answers[answers:], rec.typed[typed:], rec.typed_gates[gates:]
            rec.events = events

    # -- internals ---------------------------------------------------------------------------
    def _check_answer(self, cmd: Answer | EnterDice) -> list[Violation]:
        if not self._pending:
            return [Violation("there is no question to answer", "no_decision")]
        decision = self._pending[1]
        if cmd.decision_id not in (decision.id, "", "pending"):
            return [Violation(f"the pending question is {decision.id}, not {cmd.decision_id}",
                              "wrong_decision")]
        choice = cmd.values if isinstance(cmd, EnterDice) else cmd.choice
        if decision.kind == "dice":
            vals = [choice] if isinstance(choice, int) else list(choice or ())
            n, sides = decision.count, decision.sides
            if not vals or any(not isinstance(v, int) or not 1 <= v <= sides for v in vals):
                what = "a value" if n == 1 else f"up to {n} values"
                return [Violation(f"type in {what} from 1 to {sides}", "bad_die")]
            if len(vals) > decision.count:
                return [Violation(f"only {decision.count} dice were asked for", "bad_die")]
            return []
        if decision.options and choice not in decision.option_ids():
            return [Violation(f"{choice!r} is not one of {', '.join(decision.option_ids())}",
                              "bad_choice")]
        return []

    def _run(self, record: CommandRecord) -> Outcome:
        ctx = Context(self.ruleset, record.state_before, self.dice, record, len(self.history) + 1)
        try:
            self._resolve(ctx, record.command)
            for hook in list(self.ruleset.after_command.values()):
                hook(ctx, record.command)
        except NeedInput as need:
            self._state = ctx.state
            self._pending = (record, need.decision)
            self._pending_drawn = ctx._drawn
            return Outcome(True, events=tuple(ctx.events), pending=need.decision)
        except Rejected as rej:
            self._state = record.state_before
            return Outcome(False, violations=tuple(rej.violations))
        except Exception as err:  # noqa: BLE001 - a rules bug must not take the table down
            if self.strict:
                raise
            self._state = record.state_before
            self._pending = None
            why = f"the rules engine failed on this command ({type(err).__name__}: {err})"
            return Outcome(False, violations=(Violation(why, "internal"),))
        record.events = tuple(ctx.events)
        self._state = ctx.state
        self.history.append(record)
        if self._marks:
            self._marks[1].clear()
        else:
            self.redo_stack.clear()
        for fn in self.on_commit:
            fn(record)
        return Outcome(True, events=record.events)

    def _resolve(self, ctx: Context, cmd: Command) -> None:
        action = self.ruleset.action_for(cmd)
        if action is not None:
            action.resolve(ctx, cmd)
        elif isinstance(cmd, AdvancePhase):
            advance_phase(ctx)
        elif isinstance(cmd, GMNote):
            ctx.note(cmd.text, cmd.creature)
        else:
            raise Rejected([Violation(f"{type(cmd).__name__} has no handler", "unknown")])


def advance_phase(ctx: Context) -> None:
    """The generic phase machine: leave this phase, enter the next (a new round after the last)."""
    rs = ctx.ruleset
    names = [p.name for p in rs.phases]
    st = ctx.state
    if st.phase and st.phase in names:
        cur = rs.phase(st.phase)
        if cur.on_exit:
            cur.on_exit(ctx)
        i = names.index(st.phase) + 1
    else:
        i = len(names)  # before combat: start round 1
    if i < len(names):
        ctx.emit(PhaseChanged(ctx.state.round, names[i], ctx.state.phase))
        nxt = rs.phase(names[i])
    else:
        ctx.emit(RoundStarted(ctx.state.round + 1, names[0]))
        nxt = rs.phase(names[0])
    if nxt.on_enter:
        nxt.on_enter(ctx)
