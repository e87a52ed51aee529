"""The window's state: the fight (engine, commands, undo: game/ui/fight.py), its previews
(game/ui/previews.py) and its memory (the journal and saves: game/ui/session_store.py).

No pygame here. The session builds the three, journals every command the fight commits (it is
the fight's Recorder), and is what the store reads and writes (``engine``, ``seed``, ``paused``
...: the fight's own, forwarded). Tools never see it: they get a ToolContext (game/ui/context.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.io.journal import Journal, journal_path_for
from game.io.saves import SaveHeader
from game.rules.battlefield import Battlefield
from game.ui import session_store
from game.ui.fight import Builder, Fight, Paused
from game.ui.fight_maps import FightMaps
from game.ui.loading import Opened, open_target
from game.ui.players_see import Fog
from game.ui.previews import Previews
from game.ui.session_setup import build_engine
from game.ui.view_model import TokenConfig, load_token_config

if TYPE_CHECKING:
    from game.rules.engine import Command, CommandRecord, EncounterState, Engine


def initial_state(opened: Opened) -> EncounterState | None:
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
        build: Builder = build_engine,
    ) -> None:
        self.opened = opened
        self.token_config = token_config or load_token_config()
        self.fight = Fight(opened, seed=seed, token_config=self.token_config, build=build)
        self.previews = Previews(self.fight)
        self.journal: Journal | None = None
        self.stale_journal = ""  # why the journal on disk must be kept aside before a write
        self.undo_open_point: tuple[Path, int] | None = None  # Ctrl+Z here takes back an open
        self.fight.recorder = self
        self.fog = Fog(opened.battlefield)  # the table screen's fog, journalled with the fight
        self.maps = FightMaps.of(opened)  # the maps this fight is played on (live reload)
        if self.fight.engine is not None:
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

    # -- the fight's state, as the store reads and replaces it ---------------------------------
    @property
    def engine(self) -> Engine | None:
        """The fight's engine (None for a bare map without a ruleset plug-in)."""
        return self.fight.engine

    @engine.setter
    def engine(self, engine: Engine | None) -> None:
        self.fight.engine = engine

    @property
    def seed(self) -> int:
        """The seed of the fight's dice stream."""
        return self.fight.seed

    @seed.setter
    def seed(self, seed: int) -> None:
        self.fight.seed = seed

    @property
    def paused(self) -> Paused | None:
        """The command a question paused, with the answers given so far."""
        return self.fight.paused

    @paused.setter
    def paused(self, paused: Paused | None) -> None:
        self.fight.paused = paused

    @property
    def problem(self) -> str:
        """A one-line note for the status bar (a repaired journal ...)."""
        return self.fight.problem

    @problem.setter
    def problem(self, text: str) -> None:
        self.fight.problem = text

    @property
    def ruleset_override(self) -> str | None:
        """The ruleset picked in the window, when not the file's."""
        return self.fight.ruleset_override

    @ruleset_override.setter
    def ruleset_override(self, ruleset: str | None) -> None:
        self.fight.ruleset_override = ruleset

    @property
    def manual_dice(self) -> bool:
        """True when the GM types in every die."""
        return self.fight.manual_dice

    @manual_dice.setter
    def manual_dice(self, on: bool) -> None:
        self.fight.manual_dice = on

    def use_dice(self, on: bool) -> None:
        """Set the dice mode without journalling it (the journal read back says it)."""
        self.fight.use_dice(on)

    @property
    def battlefield(self) -> Battlefield:
        """The battlefield being fought on."""
        return self.opened.battlefield

    @property
    def tmx(self) -> Any:
        """The Tiled map to draw (None for ASCII battlefields)."""
        return self.opened.tmx

    @property
    def title(self) -> str:
        """Window title."""
        return self.fight.title

    @property
    def version(self) -> int:
        """Moves on whenever the fight changes."""
        return self.fight.version

    def touch(self) -> None:
        """Something changed: panels and tokens are rebuilt on the next frame."""
        self.fight.touch()

    def submit(self, cmd: Command) -> str:
        """Hand a command to the fight (journalled as it commits)."""
        return self.fight.submit(cmd)

    def answer(self, choice: Any) -> str:
        """Answer the fight's pending decision."""
        return self.fight.answer(choice)

    def undo(self, n: int = 1) -> str:
        """Undo ``n`` commands (one journal line); right after an open, a restart or a reload:
        take it back (the fight before returns, game/ui/session_store.py)."""
        if session_store.undoes_open(self):
            return session_store.undo_open(self)
        done = self.fight.undo(n)
        self.show_map()
        return done

    def redo(self, n: int = 1) -> str:
        """Redo ``n`` undone commands (one journal line)."""
        done = self.fight.redo(n)
        self.show_map()
        return done

    def show_map(self) -> None:
        """Show the map the fight stands on: undo or redo across a live reload, or a journal
        read back, may have moved it to another of the maps it was played on."""
        eng = self.engine
        if eng is None or eng.state.battlefield is self.opened.battlefield:
            return
        layers = self.maps.layers(eng.state.battlefield)
        if layers is not None:
            self.opened.battlefield, self.opened.tmx = eng.state.battlefield, layers
            self.touch()

    def build(
        self, *, seed: int, ruleset: str | None = None, battlefield: Battlefield | None = None
    ) -> Engine | None:
        """A fresh engine on the encounter (game/ui/fight.py), on ``battlefield`` if given."""
        return self.fight.build(seed=seed, ruleset=ruleset, battlefield=battlefield)

    def use_ruleset(self, ruleset: str) -> None:
        """Play under this ruleset from now on (a journal or save made under it)."""
        self.fight.use_ruleset(ruleset)

    # -- the fight's Recorder: every change is on disk before the window shows it ------------
    def committed(self, records: list[CommandRecord], paused: Paused | None) -> str:
        """Journal the records the engine just committed and the question paused on."""
        return session_store.committed(self, records, paused)

    def undone(self, undone: int, dropped: bool) -> str:
        """Journal an undo of ``undone`` commands (after dropping a paused one)."""
        return session_store.undone(self, undone, dropped)

    def redone(self, redone: int) -> str:
        """Journal a redo of ``redone`` commands."""
        return session_store.redone(self, redone)

    def dice_changed(self, manual: bool) -> str:
        """Journal the dice mode (it survives reopening)."""
        return session_store.dice_changed(self, manual)

    def fog_changed(self) -> str:
        """Journal the table screen's fog (it survives reopening)."""
        return session_store.fog_changed(self)

    # -- the store: the journal and saves ------------------------------------------------------
    def header(self) -> SaveHeader:
        """What this fight is played on (the save's and the journal's header)."""
        return session_store.header(self)

    def close(self) -> None:
        """Close the journal (every command is on disk already)."""
        if self.journal is not None:
            self.journal.close()

    def save(self, path: Path | None = None) -> str:
        """Write a save (default: in the saves folder, never overwriting one)."""
        return session_store.save(self, path)

    def load(self, path: Path) -> str:
        """Replace the fight with a save's; a bad save leaves the fight as it was."""
        return session_store.load(self, path)

    def restart(self, ruleset: str | None = None) -> str:
        """Start the fight over (the old journal is kept as a backup), under another ruleset."""
        return session_store.restart(self, ruleset)

    def reopen(self) -> str:
        """Load the newest save of this encounter, if there is one."""
        return session_store.reopen(self)

    def saves_dir(self) -> Path:
        """Where Ctrl+S writes and Ctrl+O looks."""
        return session_store.saves_dir(self)


__all__ = ["Session", "initial_state"]
