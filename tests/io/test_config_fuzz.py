"""Whatever a config file holds, loading it ends in definitions or in InputErrors, never a crash."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.io.config import load_definitions
from game.io.errors import InputErrors

ROOT = Path(__file__).resolve().parents[2]
FIELDS = ["size", "speed", "defense", "health", "weapons", "movement", "skills", "damage",
          "properties", "range_yd", "reach_yd", "map", "ruleset", "sides", "creatures", "square",
          "side", "creature", "mounted_on", "params", "light", "size_to_space", "kind", "weapons"]
scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
    st.sampled_from(["1d6", "d8", "1/2", "goblin", "sword", "players", "fly", "sotdl", ""]),
    st.text(max_size=8),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.sampled_from(FIELDS), st.text(max_size=5)), inner, max_size=4),
    ),
    max_leaves=12,
)
KINDS = {
    "weapons.yaml": "weapons",
    "creatures/beasts.yaml": "creatures",
    "rulesets/sotdl.yaml": None,
    "encounters/demo.yaml": None,
}


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(target=st.sampled_from(sorted(KINDS)), body=values, whole=st.booleans())
def test_any_content_gives_definitions_or_input_errors(
    target: str, body: object, whole: bool
) -> None:
    tmp = Path(tempfile.mkdtemp())
    try:
        shutil.copytree(ROOT / "config", tmp / "config")
        key = KINDS[target]
        doc = body if whole or key is None else {key: {"thing": body}}
        (tmp / "config" / target).write_text(yaml.safe_dump(doc), encoding="utf-8")
        try:
            load_definitions(tmp / "config")
        except InputErrors as errs:
            assert errs.errors and all(str(e).count("\n") == 0 for e in errs.errors)
    finally:
        shutil.rmtree(tmp)
