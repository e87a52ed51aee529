"""The plug-in points: a Ruleset holds phases, actions, step checkers, modifier providers,
target checks, after-command hooks and named queries. The engine knows nothing else of a game.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.rules.definitions import Definitions, RulesetDef
from game.rules.engine.events import Command, register_value
from game.rules.modifiers import Modifier

if TYPE_CHECKING:
    from game.rules.engine.engine import Context
    from game.rules.engine.state import EncounterState
    from game.rules.engine.walk import Step, WalkState


@register_value
@dataclass(frozen=True)
class Violation:
    """Why a command is not legal now, in words a GM understands."""

    reason: str
    code: str = ""  # a stable short name for tests and the UI ("out_of_reach", "no_action")

    def __str__(self) -> str:
        return self.reason


@register_value
@dataclass(frozen=True)
class Option:
    """One answer a decision offers."""

    id: str
    label: str


@register_value
@dataclass(frozen=True)
class Decision:
    """A question the engine stops on: a choice among options, or dice to type in.

    ``kind`` is e.g. "free_attack", "prepared_trigger", "dice", "choose_square"; for "dice",
    ``sides`` and ``count`` say what to type. ``asked_of`` is a creature id or "gm".
    """

    id: str
    kind: str
    prompt: str
    options: tuple[Option, ...] = ()
    asked_of: str = "gm"
    default: Any = None
    sides: int = 0
    count: int = 0
    data: tuple[tuple[str, Any], ...] = ()

    def option_ids(self) -> tuple[str, ...]:
        """The ids a valid answer may take."""
        return tuple(o.id for o in self.options)


@register_value
@dataclass(frozen=True)
class RollContext:
    """Who rolls what against whom: the input of every modifier provider.

    ``kind``: "attack" (d20 vs ``target_attribute`` of ``target``), "challenge" (d20 vs a
    fixed number), "luck". ``action`` names the activity ("attack", "grab", "free_attack"),
    ``option`` the attack option ("lunging"), ``resisting`` the creature whose attack a
    challenge roll resists. ``base`` carries the modifiers the action itself imposes.
    """

    roller: str
    kind: str = "attack"
    attribute: str = ""
    target: str = ""
    target_attribute: str = ""
    action: str = ""
    weapon: str = ""
    option: str = ""
    ranged: bool = False
    resisting: str = ""
    tags: frozenset[str] = frozenset()
    base: tuple[Modifier, ...] = ()


Validate = Callable[["EncounterState", Any, "Ruleset"], list[Violation]]
Resolve = Callable[["Context", Any], None]
ModifierProvider = Callable[["EncounterState", RollContext, "Ruleset"], Iterable[Modifier]]
TargetCheck = Callable[["EncounterState", RollContext, "Ruleset"], list[Violation]]
StepChecker = Callable[["Context", "WalkState", "Step"], "str | None"]
AfterCommand = Callable[["Context", Command], None]
PhaseHook = Callable[["Context"], None]


@dataclass(frozen=True)
class Action:
    """A command's handler: ``validate`` returns violations, ``resolve`` emits events."""

    name: str
    command_type: type
    validate: Validate
    resolve: Resolve
    doc: str = ""


MayAct = Callable[["EncounterState", str], "list[Violation]"]


@dataclass(frozen=True)
class Phase:
    """One part of a round. ``on_enter`` may emit events (end-of-round expiry, initiative);
    ``may_act(state, creature)`` says why a creature may not take its turn in it ([]: it may)."""

    name: str
    label: str = ""
    on_enter: PhaseHook | None = None
    on_exit: PhaseHook | None = None
    may_act: MayAct | None = None


def snake_name(cls: type) -> str:
    """'KnockDown' -> 'knock_down': how scenario files name commands.

    >>> snake_name(type("TwoWeaponAttack", (), {}))
    'two_weapon_attack'
    """
    return re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


@dataclass(frozen=True)
class _Checker:
    name: str
    fn: StepChecker
    order: int


class Ruleset:
    """A rules system plugged into the engine; build one with the ruleset's ``build_ruleset``.

    Every registry is keyed by name: registering the same name again replaces the entry
    (how the movement and sight developers replace the engine's interim versions).
    """

    def __init__(self, definition: RulesetDef, definitions: Definitions | None = None) -> None:
        self.definition = definition
        #: every loaded definition (weapons by id ...), frozen; empty when none were given
        self.definitions = definitions if definitions is not None else Definitions()
        self.id = definition.id
        self.phases: list[Phase] = []
        self.actions: dict[type, Action] = {}
        self.command_names: dict[str, type] = {}
        self.before_step: dict[str, _Checker] = {}
        self.after_step: dict[str, _Checker] = {}
        self.modifier_providers: dict[str, ModifierProvider] = {}
        self.target_checks: dict[str, TargetCheck] = {}
        self.after_command: dict[str, AfterCommand] = {}
        self.queries: dict[str, Callable[..., Any]] = {}
        self.hooks: dict[str, Callable[..., Any]] = {}
        self.first_phase_of_round: str = ""

    # -- parameters ------------------------------------------------------------------------
    def param(self, key: str, default: Any) -> Any:
        """A number the rules text leaves open, from the ruleset file's ``params`` (or default).

        Dotted keys reach into nested mappings: ``param("melee_options.driving_banes", 1)``.
        """
        cur: Any = self.definition.params
        for part in key.split("."):
            if not hasattr(cur, "get") or part not in cur:
                return default
            cur = cur[part]
        return cur

    # -- registration ----------------------------------------------------------------------
    def set_phases(self, phases: Iterable[Phase]) -> None:
        """The round's phases in order; the first is where each round starts."""
        self.phases = list(phases)
        self.first_phase_of_round = self.phases[0].name if self.phases else ""

    def phase(self, name: str) -> Phase:
        """A phase by name."""
        for p in self.phases:
            if p.name == name:
                return p
        raise KeyError(name)

    def register_action(
        self, command_type: type, validate: Validate, resolve: Resolve, *, name: str = "",
        doc: str = ""
    ) -> None:
        """Handle a command type (replaces an earlier handler of the same type)."""
        nm = name or snake_name(command_type)
        self.actions[command_type] = Action(nm, command_type, validate, resolve, doc)
        self.command_names[nm] = command_type

    def register_step_checker(
        self, name: str, fn: StepChecker, *, when: str = "before", order: int = 100
    ) -> None:
        """Run ``fn(ctx, walk, step)`` before (or after) each step of every walk.

        Return None to go on, or a short reason string to stop the walk there. ``fn`` may emit
        events and ask decisions through ``ctx``. Lower ``order`` runs first.
        """
        table = self.before_step if when == "before" else self.after_step
        table[name] = _Checker(name, fn, order)

    def unregister_step_checker(self, name: str) -> None:
        """Remove a step checker (before or after) by name."""
        self.before_step.pop(name, None)
        self.after_step.pop(name, None)

    def step_checkers(self, when: str) -> list[_Checker]:
        """Checkers in run order."""
        table = self.before_step if when == "before" else self.after_step
        return sorted(table.values(), key=lambda c: (c.order, c.name))

    def register_modifier_provider(self, name: str, fn: ModifierProvider) -> None:
        """Add boons/banes (or flat modifiers) to rolls: ``fn(state, roll, ruleset)``."""
        self.modifier_providers[name] = fn

    def register_target_check(self, name: str, fn: TargetCheck) -> None:
        """Add a legality check for targeting: ``fn(state, roll, ruleset) -> violations``."""
        self.target_checks[name] = fn

    def register_after_command(self, name: str, fn: AfterCommand) -> None:
        """Run ``fn(ctx, command)`` after every resolved command (re-check hidden, end combat)."""
        self.after_command[name] = fn

    def register_query(self, name: str, fn: Callable[..., Any]) -> None:
        """A pure function the UI calls for previews (``reachable``, ``targeting`` ...)."""
        self.queries[name] = fn

    def register_hook(self, name: str, fn: Callable[..., Any]) -> None:
        """A named ruleset hook (``reach_yd``, ``can_hide`` ...); see docs/engine.md."""
        self.hooks[name] = fn

    # -- use -------------------------------------------------------------------------------
    def collect_modifiers(self, state: EncounterState, roll: RollContext) -> tuple[Modifier, ...]:
        """Every modifier on a roll, with its reason: the action's own, then each provider's."""
        mods: list[Modifier] = list(roll.base)
        for fn in self.modifier_providers.values():
            mods.extend(fn(state, roll, self))
        return tuple(mods)

    def check_target(self, state: EncounterState, roll: RollContext) -> list[Violation]:
        """Violations from every registered target check."""
        out: list[Violation] = []
        for fn in self.target_checks.values():
            out.extend(fn(state, roll, self))
        return out

    def may_act(self, state: EncounterState, cid: str) -> list[Violation]:
        """Why a creature may not take a turn in the current phase ([]: it may)."""
        try:
            phase = self.phase(state.phase)
        except KeyError:
            return [Violation("no phase is going on", "phase")]
        return phase.may_act(state, cid) if phase.may_act else []

    def who_may_act(self, state: EncounterState) -> list[str]:
        """Creatures that may take a turn in the current phase, in set-up order."""
        return [cid for cid, c in state.creatures.items() if c.in_fight
                and not self.may_act(state, cid)]

    def action_for(self, cmd: Command) -> Action | None:
        """The handler of a command, or None."""
        return self.actions.get(type(cmd))

    def validate(self, state: EncounterState, cmd: Command) -> list[Violation]:
        """Violations of a command against any state (a hypothetical one, for previews)."""
        action = self.action_for(cmd)
        if action is None:
            return [Violation(f"{type(cmd).__name__} is not a {self.id} command", "unknown")]
        return action.validate(state, cmd, self)
