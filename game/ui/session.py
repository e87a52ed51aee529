"""The open encounter as the window sees it: the engine, the journal, and what tools may call.

No pygame here. Tools ask the session for queries and hand it commands; only the engine
changes the encounter, and every command is appended to the journal as it is committed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.io.journal import Journal, journal_path_for
from game.io.saves import SavedRecord, SaveHeader
from game.ui import session_moves, session_store
from game.ui.loading import Opened, open_target
from game.ui.log_text import merge_steps
from game.ui.panels import ActionButton, PanelModel
from game.ui.scene import FormationMark, TokenView, tokens_from_placements, with_unique_labels
from game.ui.session_setup import build_engine
from game.ui.view_model import TokenConfig, load_token_config, tokens_from_state


def initial_state(opened: Opened) -> Any | None:
    """The encounter's starting state (None when the ruleset plug-in is not there)."""
    built = build_engine(opened, seed=0)
    return None if built is None else built.state


class Session:
    """An encounter being played in the window (or just a map being looked at)."""

    def __init__(
        self,
        opened: Opened,
        *,
        seed: int = 0,
        journal_path: Path | None = None,
        token_config: TokenConfig | None = None,
        build: Any = build_engine,
    ) -> None:
        self.opened = opened
        self.seed = seed
        self.token_config = token_config or load_token_config()
        self._build = build  # (opened, seed=) -> Engine | None; tests pass a toy ruleset's
        self.ruleset_override: str | None = None  # picked in the window, not the file's
        self.paused: tuple[Any, list[Any]] | None = None  # the command a question paused, answers
        self.engine = build(opened, seed=seed)
        self.version = 0
        self.problem = ""  # a one-line note for the status bar (a repaired journal ...)
        self._manual = False
        self._tokens_cache: tuple[int, tuple[TokenView, ...]] | None = None
        self._forms_cache: tuple[int, tuple[FormationMark, ...]] | None = None
        self._log: list[tuple[str, tuple[str, ...]]] = []
        self._log_len = -1
        self.journal: Journal | None = None
        if self.engine is not None:
            self.journal = Journal(journal_path or journal_path_for(opened.path))
            held = self.journal.acquire()
            session_store.resume(self, write=not held)
            if held:  # another window writes this journal: this one plays without saving
                self.journal = None
                self.problem = held + ": this window does not autosave"

    @classmethod
    def open(cls, path: Path, **kw: Any) -> Session:
        """Open an encounter file or a map (raises InputError on bad input)."""
        return cls(open_target(path), **kw)

    # -- basics --------------------------------------------------------------------------------
    @property
    def battlefield(self) -> Any:
        """The battlefield being fought on."""
        return self.opened.battlefield

    @property
    def tmx(self) -> Any:
        """The Tiled map to draw (None for ASCII battlefields)."""
        return self.opened.tmx

    @property
    def title(self) -> str:
        """Window title."""
        enc = self.opened.encounter
        return getattr(enc, "name", "") or self.opened.path.name

    @property
    def state(self) -> Any | None:
        """The engine's current state (None for a bare map without a ruleset plug-in)."""
        return None if self.engine is None else self.engine.state

    def touch(self) -> None:
        """Something changed: panels and tokens are rebuilt on the next frame."""
        self.version += 1

    # -- the journal ---------------------------------------------------------------------------
    def header(self) -> SaveHeader:
        """What this fight is played on (the save's and the journal's header)."""
        return session_store.header(self)

    def close(self) -> None:
        """Close the journal (every command is on disk already)."""
        if self.journal is not None:
            self.journal.close()

    # -- playing -------------------------------------------------------------------------------
    @property
    def manual_dice(self) -> bool:
        """True when the GM types in every die."""
        return self._manual

    @manual_dice.setter
    def manual_dice(self, on: bool) -> None:
        from game.rules.engine import ManualDice, SeededDice

        self._manual = on
        if self.engine is not None:
            self.engine.dice = ManualDice() if on else SeededDice(self.seed)

    def _committed(self, before: int) -> None:
        """Journal the records the engine committed since ``before``."""
        assert self.engine is not None
        if self.journal is not None:
            for rec in self.engine.history[before:]:
                self.journal.record(SavedRecord.of(rec))
        self.touch()

    def submit(self, cmd: Any) -> str:
        """Hand a command to the engine; returns a status line."""
        if self.engine is None:
            return "This map has no encounter: open an encounter file to play"
        before = len(self.engine.history)
        out = self.engine.submit(cmd)
        self._committed(before)
        if out.ok:
            self.paused = (cmd, []) if out.pending is not None else None
            session_store.remember_pending(self)
        if not out.ok:
            return "Not now: " + "; ".join(v.reason for v in out.violations)
        if out.pending is not None:
            return out.pending.prompt
        return ""

    def validate(self, cmd: Any) -> list[Any]:
        """Violations of a command now ([] when legal)."""
        return [] if self.engine is None else list(self.engine.validate(cmd))

    def query(self, name: str, *args: Any, **kw: Any) -> Any:
        """A registered ruleset query (None when the ruleset has none of that name)."""
        if self.engine is None or name not in self.engine.ruleset.queries:
            return None
        return self.engine.query(name, *args, **kw)

    def hook(self, name: str) -> Any:
        """A ruleset hook function (movement planning, reach ...), or None."""
        if self.engine is None:
            return None
        return self.engine.ruleset.hooks.get(name)

    def answer(self, choice: Any) -> str:
        """Answer the pending decision."""
        if self.engine is None or self.engine.pending is None:
            return "Nothing is being asked"
        before = len(self.engine.history)
        out = self.engine.answer(self.engine.pending.id, choice)
        self._committed(before)
        if out.ok:
            if out.pending is None:
                self.paused = None
            elif self.paused is not None:
                self.paused[1].append(choice)
            session_store.remember_pending(self)
        if not out.ok:
            return "; ".join(v.reason for v in out.violations)
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

    def undo(self) -> str:
        """Undo the last command (or drop a paused one)."""
        if self.engine is None:
            return ""
        paused = self.engine.pending is not None
        if not self.engine.undo():
            return "Nothing to undo"
        if paused:
            self.paused = None
            session_store.remember_pending(self)
        if not paused and self.journal is not None:
            self.journal.undo()
        self.touch()
        return "Undone" if not paused else "Dropped the unfinished command"

    def redo(self) -> str:
        """Redo the last undone command."""
        if self.engine is None or not self.engine.redo_stack:
            return "Nothing to redo"
        top = self.engine.redo_stack[-1]
        if top.state_before is None:  # read back from the journal: it starts from here
            top.state_before = self.engine.state
        if not self.engine.redo():
            return "Nothing to redo"
        if self.journal is not None:
            self.journal.redo()
        self.touch()
        return "Redone"

    def save(self, path: Path | None = None) -> str:
        """Write a save next to the encounter (or to ``path``)."""
        return session_store.save(self, path)

    def load(self, path: Path) -> str:
        """Replace the fight with a save's; a bad save leaves the fight as it was."""
        return session_store.load(self, path)

    def restart(self, ruleset: str | None = None) -> str:
        """Start the fight over (the old journal is kept as a backup), under another ruleset."""
        return session_store.restart(self, ruleset)

    def build(self, *, seed: int, ruleset: str | None = None) -> Any | None:
        """A fresh engine on the encounter, under ``ruleset`` (else the chosen or the file's)."""
        ruleset = ruleset or self.ruleset_override
        if ruleset:
            try:
                return self._build(self.opened, seed=seed, ruleset=ruleset)
            except TypeError:  # a test's builder that knows one ruleset only
                pass
        return self._build(self.opened, seed=seed)

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
        from game.ui.session_setup import ruleset_ids

        here = self.engine.ruleset.id if self.engine is not None else ""
        cached = getattr(self, "_rulesets_cache", None)
        if cached is not None and cached[0] == here:
            return list(cached[1])
        defs = self.opened.definitions
        if defs is None:
            try:
                from game.io.config import load_definitions

                defs = load_definitions()
            except Exception:  # no config: only the running ruleset
                defs = None
        ids = ruleset_ids(defs) if defs is not None else []
        out = ids if here in ids or not here else [here, *ids]
        self._rulesets_cache = (here, out)  # read once: the panels ask on every refresh
        return list(out)

    def reopen(self) -> str:
        """Load the save next to the encounter, if there is one."""
        return session_store.reopen(self)

    # -- what the view shows -------------------------------------------------------------------
    def tokens(self, *, player_view: bool = False) -> tuple[TokenView, ...]:
        """Tokens for the current state (cached until something changes)."""
        if self._tokens_cache is not None and self._tokens_cache[0] == self.version:
            return self._tokens_cache[1]
        if self.engine is None:
            toks = tokens_from_placements(self.battlefield)
        else:
            reach = self.hook("reach_yd")
            toks = with_unique_labels(
                tokens_from_state(self.engine.state, self.token_config, vitals=self.vitals_fn())
            )
            if reach is not None:
                toks = tuple(_with_reach(t, self, reach) for t in toks)
        self._tokens_cache = (self.version, toks)
        return toks

    def vitals_fn(self) -> Any:
        """The ruleset's ``vitals`` query as a function of a creature id (OSR hit points)."""
        if self.engine is None or "vitals" not in self.engine.ruleset.queries:
            return None
        return lambda cid: self.engine.query("vitals", cid)  # type: ignore[union-attr]

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

    def names(self) -> dict[str, str]:
        """Creature id -> name."""
        if self.engine is None:
            return {}
        return {c.id: c.name for c in self.engine.state.creatures.values()}

    def log_lines(self) -> list[tuple[str, tuple[str, ...]]]:
        """The combat log in words, with the creatures of each line."""
        if self.engine is None:
            return [("No encounter: this is a bare map.", ())]
        events = self.engine.log()
        if len(events) != self._log_len:
            names = self.names()
            for ph in self.engine.ruleset.phases:  # '-- Fast turns: GM --', in the ruleset's words
                names[f"phase:{ph.name}"] = ph.label or ph.name.replace("_", " ")
            names["ruleset:"] = self.engine.ruleset.id  # a turn's kind that only names the rules
            for side in self.engine.state.sides:  # "raiders" -> "Raiders" in generic lines
                names.setdefault(side.id, side.name or side.id)
                names[f"side:{side.id}"] = side.name or side.id
            self._log, self._log_len = merge_steps(events, names), len(events)
        return self._log

    def measure(self, a: tuple[int, int], b: tuple[int, int]) -> str:
        """Distance label between two squares by the ruleset's diagonal rule, elevation included."""
        from game.rules.geometry.distance import grid_distance

        rule = self.engine.ruleset.definition.diagonal_rule if self.engine else "chebyshev"
        bf = self.battlefield
        dz = 0.0
        if bf.in_bounds(a) and bf.in_bounds(b):
            dz = bf.elevation_at(b) - bf.elevation_at(a)
        d = grid_distance(b[0] - a[0], b[1] - a[1], dz, rule=rule)
        up = f", {dz:+g} yd up" if dz else ""
        return f"{d:g} yards{up}"

    def panel_model(self, selected: str) -> PanelModel:
        """What the panels show now."""
        from game.ui.session_panels import panel_model

        return panel_model(self, selected)

    def prompt(self) -> tuple[Any, str, list[tuple[str, str]], bool] | None:
        """The pending decision as (square of its creature, text, options, wants typing)."""
        if self.engine is None or self.engine.pending is None:
            return None
        d = self.engine.pending
        st = self.engine.state
        who = d.asked_of if d.asked_of in st.creatures else ""
        about = dict(d.data).get("creature") or dict(d.data).get("target") or who
        square = st.creatures[about].square if about in st.creatures else None
        if square is None and st.active in st.creatures:
            square = st.creatures[st.active].square
        asked = st.creatures[who].name if who else {"players": "Players"}.get(d.asked_of, "GM")
        text = f"<b>{asked}</b>: {d.prompt}"
        options = [(o.id, o.label) for o in d.options]
        return square, text, options, d.kind == "dice" or not options

    def attack_options(self) -> list[str]:
        """Attack options the ruleset names (SotDL: lunging, called shot ...), for the menu."""
        if self.engine is None:
            return []
        opts = self.engine.ruleset.param("attack_options", None)
        if opts:
            return [str(o) for o in opts]
        import importlib

        try:
            mod = importlib.import_module(f"game.rulesets.{self.engine.ruleset.id}.attacks")
        except ImportError:
            return []
        out: list[str] = []
        for name in ("MELEE_OPTIONS", "RANGED_OPTIONS"):
            out += [str(o) for o in getattr(mod, name, ())]
        return out

    # -- previews for the tools (game/ui/session_moves.py asks the ruleset) --------------------
    def move_modes(self, mover: str) -> tuple[str, ...]:
        """Movement commands legal for the creature now."""
        return session_moves.move_modes(self, mover)

    def move_area(self, mover: str, modes: tuple[str, ...]) -> Any:
        """Reachable squares by cost class."""
        return session_moves.move_area(self, mover, modes)

    def move_preview(self, *args: Any, **kw: Any) -> Any:
        """The hovered path with its cost and marks."""
        return session_moves.move_preview(self, *args, **kw)

    def move_command(self, *args: Any, **kw: Any) -> tuple[Any, str]:
        """The command for a clicked square."""
        return session_moves.move_command(self, *args, **kw)

    def target_preview(self, *args: Any) -> Any:
        """Legal or why not, distance, cover lines, boons and banes."""
        return session_moves.target_preview(self, *args)

    def target_command(self, *args: Any) -> tuple[Any, str]:
        """The command for a clicked target."""
        return session_moves.target_command(self, *args)

    def prompt_keys(self) -> frozenset[str]:
        """Creatures the pending decision is about (ringed on the map while it is asked)."""
        if self.engine is None or self.engine.pending is None:
            return frozenset()
        d = self.engine.pending
        st = self.engine.state
        ids = {d.asked_of} | {str(v) for k, v in d.data if k in ("attacker", "target", "creature")}
        return frozenset(i for i in ids if i in st.creatures)

    def intent(self, name: str, arg: str, *, selected: str, app: Any = None) -> str:
        """A button or key the ruleset handles (start turn, end turn, next part, an action)."""
        from game.ui.session_panels import do_intent

        return do_intent(self, name, arg, selected)


def _with_reach(t: TokenView, session: Session, reach: Any) -> TokenView:
    from dataclasses import replace

    st = session.engine.state  # type: ignore[union-attr]
    c = st.creatures[t.key]
    weapon = c.definition.weapons[0] if c.definition.weapons else ""
    try:
        r = float(reach(st, session.engine.ruleset, t.key, weapon, ""))  # type: ignore[union-attr]
    except Exception:  # a creature with no melee weapon: keep the base reach shown
        return t
    return replace(t, reach_yd=r)


__all__ = ["Session", "initial_state", "ActionButton"]
