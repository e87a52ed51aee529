"""The OSR house rules (seed 001) as a ruleset plug-in: side initiative, milieu, morale, formations.

Pure rules code: it imports game.rules only (tests/test_layers.py). Numbers the text leaves open
come from the ruleset file's ``params`` (config/rulesets/osr.yaml) through ``OsrParams``.
"""

from game.rulesets.osr.params import param_problems
from game.rulesets.osr.plugin import (
    NewCreature,
    build_ruleset,
    encounter_param_problems,
    new_state,
)

# param_problems(params), encounter_param_problems(params, sides, names) -> [(key, what is
# wrong)]: the loader (game/io) reports them as file:line
__all__ = [
    "NewCreature",
    "build_ruleset",
    "encounter_param_problems",
    "new_state",
    "param_problems",
]
