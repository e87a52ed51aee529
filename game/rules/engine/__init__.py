"""The generic combat engine: state, events, commands, decisions, dice, phases, walks.

See docs/engine.md. Rulesets (game/rulesets/*) plug in through ``Ruleset``.
"""
from __future__ import annotations

from game.rules.engine.basic import (
    ActionUsed,
    AdvancePhase,
    AfflictionEnded,
    AfflictionGained,
    Answer,
    CombatEnded,
    CombatStarted,
    CreatureDataSet,
    DecisionAnswered,
    EffectEnded,
    EffectExtended,
    EffectStarted,
    EncounterDataSet,
    EnterDice,
    GMNote,
    MinorActivityDone,
    MoveBudgetSet,
    Note,
    PhaseChanged,
    RoundStarted,
    StartCombat,
    StatusChanged,
    TriggeredActionUsed,
    TurnEnded,
    TurnStarted,
)
from game.rules.engine.dice import (
    DiceExpr,
    DiceSource,
    ListDice,
    ManualDice,
    SeededDice,
    parse_dice,
)
from game.rules.engine.engine import (
    CommandRecord,
    Context,
    Engine,
    NeedInput,
    Outcome,
    Rejected,
    advance_phase,
    apply_event,
    replay,
)
from game.rules.engine.events import (
    VALUE_TYPES,
    Command,
    DieRoll,
    Event,
    choices_of,
    command,
    decode,
    encode,
    event,
    one_of,
    register_value,
    walked_after,
    walks_after,
)
from game.rules.engine.ruleset import (
    Action,
    Decision,
    Option,
    Phase,
    RollContext,
    Ruleset,
    Violation,
    snake_name,
)
from game.rules.engine.state import (
    Affliction,
    CreatureState,
    Effect,
    EncounterState,
    NewCreature,
    TurnState,
    frozen_map,
)
from game.rules.engine.walk import (
    MoveStopped,
    Placed,
    Step,
    Stepped,
    WalkMode,
    WalkState,
    walk,
    walked,
)

__all__ = [
    "Action", "ActionUsed", "AdvancePhase", "Affliction", "AfflictionEnded", "AfflictionGained",
    "Answer", "CombatEnded", "CombatStarted", "Command", "CommandRecord", "Context",
    "CreatureDataSet", "CreatureState", "DecisionAnswered", "Decision", "DiceExpr", "DiceSource",
    "DieRoll", "Effect", "EffectEnded", "EffectExtended", "EffectStarted", "EncounterDataSet",
    "EncounterState",
    "Engine", "EnterDice", "Event", "GMNote", "ListDice", "ManualDice", "MinorActivityDone",
    "MoveBudgetSet", "NewCreature",
    "MoveStopped", "NeedInput", "Note", "Option", "Outcome", "Phase", "PhaseChanged", "Placed",
    "Rejected", "RollContext", "RoundStarted", "Ruleset", "SeededDice", "StartCombat",
    "StatusChanged", "Step", "Stepped", "TriggeredActionUsed", "TurnEnded", "TurnStarted",
    "TurnState", "VALUE_TYPES", "Violation", "WalkMode", "WalkState", "advance_phase",
    "apply_event", "command", "decode", "encode", "event", "frozen_map", "parse_dice",
    "register_value", "replay", "snake_name", "walk", "walked", "walked_after", "walks_after",
    "one_of", "choices_of",
]
