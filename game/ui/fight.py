"""The fight being played in the window: the engine, the commands handed to it, undo and redo,
and what the fight looks like (tokens, formations, the log in words), cached per version.

No pygame and no files here: what is committed is handed to a ``Recorder`` (the session's
journal, game/ui/session.py), so a test or a second window can play without one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from game.rules.battlefield import Battlefield, Square
from game.rules.engine import AdvancePhase, Command, Engine, Event, ManualDice, SeededDice
from game.ui.command_kinds import other_acts
from game.ui.log_text import LogEntry, distance, record_entries
from game.ui.scene import FormationMark, TokenView, tokens_from_placements, with_unique_labels
from game.ui.session_setup import ruleset_ids
from game.ui.view_model import TokenConfig, tokens_from_state

if TYPE_CHECKING:
    from game.rules.engine import CommandRecord, Violation
    from game.rules.engine.engine import Checkpoint
    from game.ui.loading import Opened

#: (opened, seed=, [ruleset=]) -> an Engine on the encounter, or None without a plug-in
Builder = Callable[..., "Engine | None"]

__all__ = ["Fight", "Recorder"]


#: the command a question paused on, and the answers given so far
Paused = tuple[Command, list[Any]]  # the command a question paused, the answers so far


class Recorder(Protocol):
    """Where what the fight does goes (the journal), so that a crash loses nothing: each call
    returns '' once the change is on disk, or one line saying why it is not (the fight then
    rolls the engine back: the change never happened)."""

    def committed(self, records: list[CommandRecord], paused: Paused | None) -> str: ...

    def undone(self, undone: int, dropped: bool) -> str: ...

    def redone(self, redone: int) -> str: ...

    def dice_changed(self, manual: bool) -> str: ...


class Fight:
    """The engine and the commands the GM hands it (the only way the encounter changes)."""

    def __init__(self, opened: Opened, *, seed: int, token_config: TokenConfig, build: Builder):
        self.opened = opened
        self.seed = seed
        self.token_config = token_config
        self._build = build  # tests pass a toy ruleset's
        self.ruleset_override: str | None = None  # picked in the window, not the file's
        self.paused: Paused | None = None  # the command a question paused, answers
        self.engine: Engine | None = build(opened, seed=seed)
        self.version = 0
        self.problem = ""  # a one-line note for the status bar (a repaired journal ...)
        self.recorder: Recorder | None = None
        self._manual = False
        self._tokens_cache: tuple[int, tuple[TokenView, ...]] | None = None
        self._forms_cache: tuple[int, tuple[FormationMark, ...]] | None = None
        self._rulesets_cache: tuple[str, list[str]] | None = None
        self._log: list[LogEntry] = []
        self._log_len: tuple[int, int] = (-1, -1)
        # Each command record's log lines, kept while its events and the names stay the same:
        # after a command only the new record is put in words (10,000 commands: 290 ms a redraw)
        self._record_lines: list[tuple[tuple[Event, ...], list[LogEntry]]] = []
        self._record_names: dict[str, str] = {}

    # -- basics --------------------------------------------------------------------------------
    @property
    def battlefield(self) -> Battlefield:
        """The battlefield being fought on."""
        return self.opened.battlefield

    @property
    def title(self) -> str:
        """Window title."""
        enc = self.opened.encounter
        return getattr(enc, "name", "") or self.opened.path.name

    @property
    def unit(self) -> str:
        """The ruleset's distance unit ("yd", the OSR's "paces"): every distance shown uses it."""
        return self.engine.ruleset.definition.distance_unit if self.engine is not None else "yd"

    def distance(self, v: float) -> str:
        """'7 yards', '1 pace': a distance in the ruleset's unit (game/ui/log_text.py)."""
        return distance(v, self.unit)

    def playing(self) -> Engine:
        """The engine, where only an encounter (not a bare map) gets this far."""
        assert self.engine is not None, "no encounter: a bare map has no engine"
        return self.engine

    def touch(self) -> None:
        """Something changed: panels and tokens are rebuilt on the next frame."""
        self.version += 1

    # -- playing -------------------------------------------------------------------------------
    @property
    def manual_dice(self) -> bool:
        """True when the GM types in every die."""
        return self._manual

    @manual_dice.setter
    def manual_dice(self, on: bool) -> None:
        changed = on != self._manual
        self.use_dice(on)
        failed = self.recorder.dice_changed(on) if changed and self.recorder else ""
        if failed:  # not on disk: the mode stays as it was
            self.use_dice(not on)
            self.problem = failed

    def use_dice(self, on: bool) -> None:
        """Seeded dice, or ask the GM for every die (``manual_dice`` also journals it)."""
        self._manual = on
        if self.engine is not None:
            self.engine.dice = ManualDice() if on else SeededDice(self.seed)

    def _recorded(self, failed: str, cp: Checkpoint, paused: Paused | None) -> str:
        """After telling the recorder: on a failure, put the engine back as it was at ``cp``."""
        if failed:
            self.playing().rollback(cp)
            self.paused = paused
        self.touch()
        return failed

    def submit(self, cmd: Command) -> str:
        """Hand a command to the engine; returns a status line. The journal has it before the
        window shows it; a failed write leaves the fight as it was and says so."""
        if self.engine is None:
            return "This map has no encounter: open an encounter file to play"
        cp, was = self.engine.checkpoint(), self.paused
        before = len(self.engine.history)
        out = self.engine.submit(cmd)
        if not out.ok:
            return "Not now: " + "; ".join(v.reason for v in out.violations)
        self.paused = (cmd, []) if out.pending is not None else None
        if self.recorder is not None:
            done = self.recorder.committed(self.engine.history[before:], self.paused)
            if self._recorded(done, cp, was):
                return done
        self.touch()
        return out.pending.prompt if out.pending is not None else ""

    def validate(self, cmd: Command) -> list[Violation]:
        """Violations of a command now ([] when legal)."""
        return [] if self.engine is None else list(self.engine.validate(cmd))

    def legal_after_advance(self, cmd: Command) -> bool:
        """True if a command refused now is legal once this part of the round ends (SotDL:
        a GM's creature waits for the players), so the window can ask to end the part first."""
        return self.violations_after_advance(cmd) == []

    def violations_after_advance(self, cmd: Command) -> list[Violation] | None:
        """The command's violations once this part of the round has ended (None: it cannot
        end now): tried on the engine and rolled back at once, nothing journalled."""
        if self.engine is None or self.engine.pending is not None or not self.engine.state.round:
            return None
        cp = self.engine.checkpoint()
        try:
            out = self.engine.submit(AdvancePhase())
            if not out.ok or out.pending is not None:
                return None
            return list(self.engine.validate(cmd))
        finally:
            self.engine.rollback(cp)

    def dry_run(self, cmd: Command) -> tuple[Event, ...] | None:
        """The events a command would have now (up to the question it would ask), or None when
        it is refused: tried on the engine and rolled back at once, nothing journalled (the
        dice are a pure function of their position, so nothing is drawn twice)."""
        if self.engine is None or self.engine.pending is not None:
            return None
        cp = self.engine.checkpoint()
        try:
            out = self.engine.submit(cmd)
            return tuple(out.events) if out.ok else None
        finally:
            self.engine.rollback(cp)

    def query(self, name: str, *args: Any, **kw: Any) -> Any:
        """A registered ruleset query (None when the ruleset has none of that name)."""
        if self.engine is None or name not in self.engine.ruleset.queries:
            return None
        return self.engine.query(name, *args, **kw)

    def hook(self, name: str) -> Any:
        """A ruleset hook function (movement planning, reach ...), or None."""
        return None if self.engine is None else self.engine.ruleset.hooks.get(name)

    def answer(self, choice: Any) -> str:
        """Answer the pending decision (journalled with its command, in one step)."""
        if self.engine is None or self.engine.pending is None:
            return "Nothing is being asked"
        cp, was = self.engine.checkpoint(), self.paused
        before = len(self.engine.history)
        out = self.engine.answer(self.engine.pending.id, choice)
        if not out.ok:
            return "; ".join(v.reason for v in out.violations)
        if out.pending is None:
            self.paused = None
        elif self.paused is not None:
            self.paused = (self.paused[0], [*self.paused[1], choice])
        if self.recorder is not None:
            done = self.recorder.committed(self.engine.history[before:], self.paused)
            if self._recorded(done, cp, was):
                return done
        self.touch()
        return out.pending.prompt if out.pending is not None else ""

    def answer_text(self, text: str) -> str:
        """Typed dice ("14" or "3 5") or a typed option for the pending decision."""
        if self.engine is None or self.engine.pending is None:
            return "No dice are being asked for"
        d = self.engine.pending
        if d.kind == "dice":
            try:
                values = [int(v) for v in text.replace(",", " ").split()]
            except ValueError:
                return f"Type numbers from 1 to {d.sides}, e.g. 14"
            return self.answer(values)
        return self.answer(text.strip())

    def undo(self, n: int = 1) -> str:
        """Undo the last ``n`` commands (a paused one is dropped first): one journal line."""
        if self.engine is None:
            return ""
        cp, was = self.engine.checkpoint(), self.paused
        dropped = self.engine.cancel()
        done = 0
        while done < n - dropped and self.engine.undo():
            done += 1
        if not dropped and not done:
            return "Nothing to undo"
        self.paused = None
        if self.recorder is not None:
            failed = self.recorder.undone(done, dropped)
            if self._recorded(failed, cp, was):
                return failed
        self.touch()
        if dropped and not done:
            return "Dropped the unfinished command"
        return "Undone" if done == 1 else f"Undone {done} commands"

    def redo(self, n: int = 1) -> str:
        """Redo the last ``n`` undone commands: one journal line."""
        if self.engine is None or not self.engine.redo_stack or self.engine.pending is not None:
            return "Nothing to redo"
        cp = self.engine.checkpoint()
        done = 0
        while done < n and self.engine.redo_stack:
            top = self.engine.redo_stack[-1]
            if top.state_before is None:  # read back from the journal: it starts from here
                top.state_before = self.engine.state
            if not self.engine.redo():
                break
            done += 1
        if self.recorder is not None:
            failed = self.recorder.redone(done)
            if self._recorded(failed, cp, self.paused):
                return failed
        self.touch()
        return "Redone" if done == 1 else f"Redone {done} commands"

    def build(
        self, *, seed: int, ruleset: str | None = None, battlefield: Battlefield | None = None
    ) -> Engine | None:
        """A fresh engine on the encounter, under ``ruleset`` (else the chosen or the file's),
        on ``battlefield`` (else the map shown: a journal's fight may have started on another)."""
        ruleset = ruleset or self.ruleset_override
        opened = self.opened
        if battlefield is not None:
            opened = replace(opened, battlefield=battlefield)
        if ruleset:
            try:
                return self._build(opened, seed=seed, ruleset=ruleset)
            except TypeError:  # a test's builder that knows one ruleset only
                pass
        return self._build(opened, seed=seed)

    def use_ruleset(self, ruleset: str) -> None:
        """Play under this ruleset from now on (a journal or save made under it)."""
        if self.engine is None or self.engine.ruleset.id == ruleset:
            return
        fresh = self.build(seed=self.seed, ruleset=ruleset)
        if fresh is not None and fresh.ruleset.id == ruleset:
            self.engine = fresh
            self.ruleset_override = ruleset
            self.touch()

    def rulesets(self) -> list[str]:
        """The rulesets this encounter may be played under (config/rulesets/ with a plug-in)."""
        here = self.engine.ruleset.id if self.engine is not None else ""
        if self._rulesets_cache is not None and self._rulesets_cache[0] == here:
            return list(self._rulesets_cache[1])
        defs = self.opened.definitions
        if defs is None:
            try:
                from game.io.config import definitions_for

                defs = definitions_for(self.opened.path)  # the project's, as `check` reads
            except Exception:  # no config: only the running ruleset
                defs = None
        ids = ruleset_ids(defs) if defs is not None else []
        out = ids if here in ids or not here else [here, *ids]
        self._rulesets_cache = (here, out)  # read once: the panels ask on every refresh
        return list(out)

    # -- what the fight looks like -------------------------------------------------------------
    def tokens(self) -> tuple[TokenView, ...]:
        """Tokens for the current state (cached until something changes)."""
        if self._tokens_cache is not None and self._tokens_cache[0] == self.version:
            return self._tokens_cache[1]
        if self.engine is None:
            toks = tokens_from_placements(self.battlefield)
        else:
            toks = with_unique_labels(
                tokens_from_state(
                    self.engine.state,
                    self.token_config,
                    vitals=self.vitals_fn(),
                    definition_art=self.engine.ruleset.definitions.tokens,
                )
            )
            if self.hook("reach_yd") is not None:
                toks = tuple(self._with_reach(t) for t in toks)
        self._tokens_cache = (self.version, toks)
        return toks

    def _with_reach(self, t: TokenView) -> TokenView:
        assert self.engine is not None
        st, rs = self.engine.state, self.engine.ruleset
        c = st.creatures[t.key]
        weapon = c.definition.weapons[0] if c.definition.weapons else ""
        try:
            r = float(rs.hooks["reach_yd"](st, rs, t.key, weapon, ""))
        except Exception:  # a creature with no melee weapon: keep the base reach shown
            return t
        return replace(t, reach_yd=r)

    def vitals_fn(self) -> Callable[[str], Any] | None:
        """The ruleset's ``vitals`` query as a function of a creature id (OSR hit points)."""
        eng = self.engine
        if eng is None or "vitals" not in eng.ruleset.queries:
            return None
        return lambda cid: eng.query("vitals", cid)

    def formations(self) -> tuple[FormationMark, ...]:
        """The ruleset's formations (blocks, facing, cohesion) as map marks; () if it has none."""
        if self._forms_cache is not None and self._forms_cache[0] == self.version:
            return self._forms_cache[1]
        out = []
        st = self.engine.state if self.engine is not None else None
        for f in self.query("formations") or ():
            if not getattr(f, "squares", ()):
                continue
            bits = [str(getattr(f, "order", "") or "")]
            if getattr(f, "mob", False):
                bits.append("mob")
            if getattr(f, "cohesion", None) is not None:
                bits.append(f"cohesion {f.cohesion}")
            controller = "gm"
            if st is not None:
                controller = next(
                    (s.controller for s in st.sides if s.id == getattr(f, "side", "")), "gm"
                )
            name = str(getattr(f, "id", "")).replace("_", " ")
            out.append(
                FormationMark(
                    str(f.id),
                    tuple(tuple(q) for q in f.squares),
                    str(getattr(f, "facing", "") or ""),
                    str(getattr(f, "side", "")),
                    controller,
                    f"{name}: " + ", ".join(b for b in bits if b),
                )
            )
        self._forms_cache = (self.version, tuple(out))
        return self._forms_cache[1]

    def formation_of(self, creature: str) -> FormationMark | None:
        """The formation block the creature stands in (the ruleset's ``formations`` query)."""
        if self.engine is None or creature not in self.engine.state.creatures:
            return None
        sq = self.engine.state.creatures[creature].square
        return next((f for f in self.formations() if sq in f.squares), None)

    def side_of(self, creature: str) -> str:
        """The side a side-level command is for when this creature is selected: its own."""
        if self.engine is None or creature not in self.engine.state.creatures:
            return ""
        return self.engine.state.creatures[creature].side

    def names(self) -> dict[str, str]:
        """Creature id -> name."""
        if self.engine is None:
            return {}
        return {c.id: c.name for c in self.engine.state.creatures.values()}

    def log_entries(self) -> list[LogEntry]:
        """The combat log in words: one entry a line, a move in one line with its steps as
        details, each with the command record it came from (game/ui/log_text.py)."""
        if self.engine is None:
            return [LogEntry("No encounter: this is a bare map.")]
        n = sum(len(rec.events) for rec in self.engine.history)  # an answer adds to a record
        if (n, self.version) != self._log_len:
            self._log, self._log_len = self.entries_of(self.engine.history), (n, self.version)
        return self._log

    def entries_of(self, records: Sequence[CommandRecord]) -> list[LogEntry]:
        """The log these commands make (the history's first k: the log after k commands)."""
        eng = self.playing()
        names = self.names()
        for ph in eng.ruleset.phases:  # '-- Fast turns: GM --', in the ruleset's words
            names[f"phase:{ph.name}"] = ph.label or ph.name.replace("_", " ")
        names["ruleset:"] = eng.ruleset.id  # a turn's kind that only names the rules
        names["unit:"] = self.unit  # distances in the ruleset's unit (yards, paces)
        for side in eng.state.sides:  # "raiders" -> "Raiders" in generic lines
            names.setdefault(side.id, side.name or side.id)
            names[f"side:{side.id}"] = side.name or side.id
        if names != self._record_names:
            self._record_lines, self._record_names = [], names
        known = set(names)
        kept = self._record_lines
        out: list[LogEntry] = []
        for i, rec in enumerate(records):
            if i < len(kept) and kept[i][0] is rec.events:
                out += kept[i][1]
                continue
            lines = record_entries(rec.events, names, known, i)
            del kept[i:]  # an undone or answered record: what follows it is rebuilt too
            kept.append((rec.events, lines))
            out += lines
        return out

    def log_lines(self) -> list[tuple[str, tuple[str, ...]]]:
        """The log's lines in words with their creatures (a line per entry: a move's steps are
        its entry's details)."""
        return [(e.text, e.ids) for e in self.log_entries()]

    def lines_of(self, records: Sequence[CommandRecord]) -> list[tuple[str, tuple[str, ...]]]:
        """The log lines these commands make (the history's first k: the log after k commands)."""
        return [(e.text, e.ids) for e in self.entries_of(records)]

    def measure(self, a: Square, b: Square) -> str:
        """Distance label between two squares by the ruleset's diagonal rule, elevation included."""
        from game.rules.geometry.distance import grid_distance

        rule = self.engine.ruleset.definition.diagonal_rule if self.engine else "chebyshev"
        bf = self.battlefield
        dz = 0.0
        if bf.in_bounds(a) and bf.in_bounds(b):
            dz = bf.elevation_at(b) - bf.elevation_at(a)
        d = grid_distance(b[0] - a[0], b[1] - a[1], dz, rule=rule)
        up = f", {self.distance(abs(dz))} {'up' if dz > 0 else 'down'}" if dz else ""
        return f"{self.distance(d)}{up}"

    def prompt(self) -> tuple[Square | None, str, list[tuple[str, str]], bool] | None:
        """The pending decision as (square of its creature, text, options, wants typing)."""
        if self.engine is None or self.engine.pending is None:
            return None
        d = self.engine.pending
        st = self.engine.state
        who = d.asked_of if d.asked_of in st.creatures else ""
        about = str(dict(d.data).get("creature") or dict(d.data).get("target") or who)
        square = st.creatures[about].square if about in st.creatures else None
        if square is None and st.active and st.active in st.creatures:
            square = st.creatures[st.active].square
        asked = st.creatures[who].name if who else {"players": "Players"}.get(d.asked_of, "GM")
        text = f"<b>{asked}</b>: {d.prompt}"
        options = [(o.id, o.label) for o in d.options]
        return square, text, options, d.kind == "dice" or not options

    def prompt_keys(self) -> frozenset[str]:
        """Creatures the pending decision is about (ringed on the map while it is asked)."""
        if self.engine is None or self.engine.pending is None:
            return frozenset()
        d = self.engine.pending
        st = self.engine.state
        ids = {d.asked_of} | {str(v) for k, v in d.data if k in ("attacker", "target", "creature")}
        return frozenset(i for i in ids if i in st.creatures)

    def attack_options(self) -> list[str]:
        """Attack options the ruleset names (SotDL: lunging, called shot ...), for the menu."""
        if self.engine is None:
            return []
        opts = self.engine.ruleset.param("attack_options", None)
        if opts:
            return [str(o) for o in opts]
        try:
            mod = importlib.import_module(f"game.rulesets.{self.engine.ruleset.id}.attacks")
        except ImportError:
            return []
        out: list[str] = []
        for name in ("MELEE_OPTIONS", "RANGED_OPTIONS"):
            out += [str(o) for o in getattr(mod, name, ())]
        # a charge's knock down or shove instead of its attack (Seed SotDL: Charge)
        return out + [c for c in other_acts(self.engine.ruleset.command_names.values())
                      if c not in out]
