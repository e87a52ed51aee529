"""The set-up model: what the window's set-up panels ask for, as engine commands.

Every step (add, edit, remove, move, sides) is an engine command (game/rules/engine/setup.py),
so it is undone like any command and the journal replays it after a crash; a refused step
returns the engine's reasons and changes nothing. No pygame here.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

from game.io.errors import InputError, InputErrors
from game.io.setup.bestiary import search
from game.io.setup.encounter_file import (
    FileStamp,
    encounter_record,
    encounter_yaml,
    save_encounter,
)
from game.rules.battlefield import Square
from game.rules.definitions import CreatureDef, Definitions, EncounterDef, Side
from game.rules.engine import Command, EncounterState, Engine
from game.rules.engine.setup import (
    AddCreatures,
    EditCreature,
    PlaceCreature,
    RemoveCreature,
    SetMount,
    SetSides,
    setup_problems,
)

#: The start command each ruleset registers (SotDL's BeginCombat, OSR's StartCombat).
START_COMMANDS = ("begin_combat", "start_combat")


class SetUp:
    """Set-up steps on one engine, before its first round; ``save`` writes an encounter file."""

    def __init__(self, engine: Engine, defs: Definitions, *, map_path: Path, name: str,
                 encounter_path: Path | None = None, stamp: FileStamp | None = None,
                 play: Callable[[Command], object] | None = None,
                 source: EncounterDef | None = None) -> None:
        self.engine = engine
        #: the encounter file opened (its description, params, surprise are saved back)
        self.source = source
        #: how a legal command is played (the window's fight journals it; default the engine)
        self.play: Callable[[Command], object] = play or engine.submit
        self.defs = defs
        self.map_path = Path(map_path)
        self.name = name
        self.encounter_path = encounter_path
        #: the encounter file as it was when opened (or last saved): never overwrite a change
        self.stamp = stamp if stamp is not None else (
            FileStamp.of(encounter_path) if encounter_path else None)

    # -- reading -------------------------------------------------------------------------------
    @property
    def state(self) -> EncounterState:
        """The engine's current state."""
        return self.engine.state

    @property
    def in_setup(self) -> bool:
        """True before the first round (set-up steps are legal)."""
        return self.state.round == 0 and not self.state.phase

    def bestiary(self, text: str = "", limit: int = 50) -> list[CreatureDef]:
        """Creature definitions matching the typed text, best first."""
        return search(self.defs.creatures, text, limit=limit, ruleset=self.state.ruleset_id)

    def problems(self) -> list[str]:
        """Why the fight cannot start yet ([] when it can)."""
        return setup_problems(self.state)

    # -- steps ---------------------------------------------------------------------------------
    def submit(self, cmd: Command) -> list[str]:
        """Play one command; the reasons it was refused ([] when it was played)."""
        refused = [v.reason for v in self.engine.validate(cmd)]
        if not refused:
            self.play(cmd)
        return refused

    def add(self, creature_id: str, side: str, square: Square, *, count: int = 1,
            name: str = "", elevation_yd: float | None = None) -> list[str]:
        """Creatures from the bestiary on free squares near ``square`` ("4 goblins")."""
        d = self.defs.creatures.get(creature_id)
        if d is None:
            return [f"there is no creature '{creature_id}' in the bestiary"]
        return self.submit(AddCreatures(d, side, (int(square[0]), int(square[1])), count, name,
                                        elevation_yd))

    def remove(self, creature: str) -> list[str]:
        """Take a creature off the map."""
        return self.submit(RemoveCreature(creature))

    def move(self, creature: str, square: Square, elevation_yd: float | None = None) -> list[str]:
        """Put a creature on another square (not a move: nothing is provoked)."""
        return self.submit(PlaceCreature(creature, (int(square[0]), int(square[1])),
                                         elevation_yd))

    def edit(self, creature: str, *, name: str | None = None, side: str | None = None,
             health: int | None = None, damage: int | None = None, speed: int | None = None,
             defense: int | None = None, morale: int | None = None, lead: int | None = None,
             weapons: Sequence[str] | None = None,
             afflictions: Iterable[str] | None = None, token: str | None = None,
             player_character: bool | None = None) -> list[str]:
        """Change what a GM changes at the table; a None field stays as it is."""
        c = self.state.creatures.get(creature)
        if c is None:
            return [f"there is no creature '{creature}'"]
        stats: dict[str, Any] = {k: v for k, v in (
            ("health", health), ("speed", speed), ("defense", defense), ("morale", morale),
            ("lead", lead)) if v is not None}
        limits = {"health": (1, 5000), "speed": (0, 100), "defense": (0, 30), "morale": (2, 12),
                  "lead": (0, 10)}
        for key, value in stats.items():
            lo, hi = limits[key]
            if not lo <= value <= hi:
                return [f"{key.title()} must be between {lo} and {hi}, not {value}"]
        if weapons is not None:
            unknown = [w for w in weapons if w not in self.defs.weapons]
            if unknown:
                return [f"there is no weapon '{unknown[0]}' in the weapon list"]
            stats["weapons"] = tuple(weapons)
        if name is not None and not name.strip():
            return ["a creature needs a name"]
        d = dataclasses.replace(c.definition, **stats) if stats else None
        data: list[tuple[str, Any]] = []
        if token is not None:
            data.append(("token", token or None))
        if player_character is not None:
            data.append(("player_character", player_character))
        return self.submit(EditCreature(
            creature, (name or "").strip(), side or "", d, damage,
            tuple(afflictions) if afflictions is not None else None, tuple(data)))

    def side_leader(self, side: str) -> str:
        """OSR: the side's leader (the GM's choice, else the most ranks in Lead, as the rules
        pick it) and its morale, in words."""
        members = [c for c in self.state.creatures.values() if c.side == side]
        sd = next((s for s in self.state.sides if s.id == side), None)
        chosen = sd.leader if sd is not None else ""
        leaders = sorted((c for c in members if c.definition.lead > 0),
                         key=lambda c: (c.id != chosen, -c.definition.lead))
        morale = sorted({c.definition.morale for c in members})
        span = f"{morale[0]}" if len(morale) == 1 else f"{morale[0]}-{morale[-1]}" if morale \
            else "-"
        if sd is not None and sd.morale:
            span = f"{sd.morale} (the side's)"
        ldr = leaders[0] if leaders else None
        why = "chosen" if ldr is not None and ldr.id == chosen else "most Lead"
        lead = f"{ldr.name} (Lead {ldr.definition.lead}, {why})" if ldr else "none"
        return f"leader {lead}, morale {span}"

    def lead_side(self, creature: str) -> list[str]:
        """OSR: the creature leads its side (again: the most Lead leads, as before)."""
        c = self.state.creatures.get(creature)
        if c is None:
            return [f"there is no creature '{creature}'"]
        leader = "" if self.state.side(c.side).leader == c.id else c.id
        return self.set_sides(tuple(dataclasses.replace(s, leader=leader) if s.id == c.side
                                    else s for s in self.state.sides))

    def side_morale(self, side: str, morale: int) -> list[str]:
        """OSR: the morale score the side's creatures roll under (0: each its own)."""
        if side not in {s.id for s in self.state.sides}:
            return [f"there is no side '{side}'"]
        return self.set_sides(tuple(dataclasses.replace(s, morale=morale) if s.id == side
                                    else s for s in self.state.sides))

    def mount(self, rider: str, mount: str) -> list[str]:
        """The rider starts the fight on its mount (``mount`` '': on its own feet again)."""
        return self.submit(SetMount(rider, mount))

    def set_sides(self, sides: Sequence[Side]) -> list[str]:
        """The sides of the fight: names, which is the players'."""
        return self.submit(SetSides(tuple(sides)))

    def add_side(self, name: str, controller: str = "gm") -> list[str]:
        """One more side (its id from its name)."""
        from game.io.setup.engine import slug

        sid = slug(name)
        if not name.strip():
            return ["a side needs a name"]
        if sid in {s.id for s in self.state.sides}:
            return [f"there is already a side '{sid}'"]
        return self.set_sides((*self.state.sides, Side(sid, name.strip(), controller)))

    def rename_side(self, side: str, name: str) -> list[str]:
        """A side's name as the GM reads it."""
        if not name.strip():
            return ["a side needs a name"]
        return self.set_sides(tuple(dataclasses.replace(s, name=name.strip()) if s.id == side
                                    else s for s in self.state.sides))

    def players_side(self, side: str) -> list[str]:
        """Which side the players control (the others are the GM's)."""
        if side not in {s.id for s in self.state.sides}:
            return [f"there is no side '{side}'"]
        return self.set_sides(tuple(dataclasses.replace(
            s, controller="players" if s.id == side else "gm") for s in self.state.sides))

    def remove_side(self, side: str) -> list[str]:
        """Drop a side that has no creatures."""
        return self.set_sides(tuple(s for s in self.state.sides if s.id != side))

    def start(self) -> list[str]:
        """Start the fight (the first round begins), or say why it cannot start yet."""
        problems = self.problems()
        if problems:
            return problems
        names = self.engine.ruleset.command_names
        kind = next((names[n] for n in START_COMMANDS if n in names), None)
        if kind is None:
            return [f"the {self.state.ruleset_id} ruleset has no command to start the fight"]
        return self.submit(kind())

    # -- saving --------------------------------------------------------------------------------
    def encounter_text(self, path: Path) -> str:
        """The encounter file the set-up would be saved as (InputError if it cannot be)."""
        src = self.source
        record = encounter_record(
            self._setup_state(), self.defs, map_path=self.map_path, encounter_path=path,
            name=self.name, description=src.description if src else "",
            params=src.params if src else None,
            surprise_possible=src.surprise_possible if src else ())
        return encounter_yaml(record)

    def _setup_state(self) -> EncounterState:
        """The state at the end of set-up: the current one, or the one before the fight began."""
        if self.in_setup:
            return self.state
        for rec in reversed(self.engine.history):
            st = rec.state_before
            if st.round == 0 and not st.phase:
                return st
        return self.engine.initial

    def save(self, path: Path) -> str:
        """Write the set-up as an encounter file; what was saved, or raise InputError(s)."""
        path = Path(path)
        problems = setup_problems(self._setup_state())
        if problems:
            raise InputErrors([InputError(str(path), None, f"not saved: {p}") for p in problems])
        text = self.encounter_text(path)
        opened = self.stamp if (self.encounter_path is not None and
                                Path(path).resolve() == Path(self.encounter_path).resolve()) \
            else FileStamp(False)
        self.stamp = save_encounter(path, text, opened or FileStamp(False), self.defs)
        self.encounter_path = path
        return f"saved {path} ({len(self._setup_state().creatures)} creatures)"


def open_setup(path: Path, defs: Definitions, *, seed: int = 0,
               ruleset: str | None = None) -> SetUp:
    """Set-up on a bare Tiled map (its stamped creatures) or an encounter file; InputError(s)
    for a file that cannot be opened."""
    from game.io.config import load_encounter_with_map
    from game.io.setup.engine import build_engine, encounter_for_map
    from game.io.tiled import load_battlefield

    path = Path(path)
    if path.suffix.lower() == ".tmx":
        bf = load_battlefield(path)
        enc = encounter_for_map(path, bf, ruleset or "sotdl")
        encounter_path = None
    else:
        enc, loaded = load_encounter_with_map(path, defs)
        if loaded is None:
            raise InputError(str(path), None, "its map could not be loaded")
        bf, encounter_path = loaded, path
    engine = build_engine(enc, bf, defs, seed=seed, ruleset=ruleset)
    if engine is None:
        raise InputError(str(path), None, f"no rules plug-in for ruleset '{enc.ruleset}'")
    return SetUp(engine, defs, map_path=Path(enc.map_path), name=enc.name,
                 encounter_path=encounter_path, source=enc if encounter_path else None)
