"""Readable YAML out: block mappings, short lists and records in flow style, strings quoted
only when YAML would read them as something else. What the GM reads back in docs/config.md's
layout (``creatures:`` files, encounters); the loader (yaml_lines.py) reads it back exactly."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import yaml

_PLAIN = re.compile(r"^[A-Za-z][A-Za-z0-9 _'.()/-]*$")
_SAFE = re.compile(r"^[A-Za-z0-9._/~][A-Za-z0-9 _'.()/+~-]*$")
_WORDS = frozenset({"yes", "no", "true", "false", "null", "on", "off", "y", "n", "none", "~"})


def scalar(value: Any) -> str:
    """One value as YAML text.

    >>> scalar("Goblin 2"), scalar("yes"), scalar(0.5), scalar(True), scalar("a: b")
    ('Goblin 2', '"yes"', '0.5', 'true', '"a: b"')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else repr(value)
    if isinstance(value, Fraction):
        return f"{value.numerator}/{value.denominator}"
    text = str(value)
    if _PLAIN.match(text) and text.lower() not in _WORDS and not text.endswith(" ") \
            and ": " not in text and " #" not in text:
        return text
    if _SAFE.match(text) and ": " not in text and " #" not in text and _reads_as(text):
        return text  # dice such as 2d6+1, paths such as ../maps/glade.tmx
    return json.dumps(text, ensure_ascii=False)


def flow(value: Any) -> str:
    """A list or mapping on one line: ``[club, dagger]``, ``{creature: goblin, square: [3, 4]}``."""
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{scalar(k)}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return scalar(value)


def block(data: Mapping[str, Any], indent: int = 0, *, flow_lists: bool = True) -> list[str]:
    """A mapping as block YAML lines; nested mappings indent, lists of records one a line."""
    pad = " " * indent
    out: list[str] = []
    for key, value in data.items():
        k = scalar(key)
        if isinstance(value, Mapping) and value:
            out.append(f"{pad}{k}:")
            out.extend(block(value, indent + 2, flow_lists=flow_lists))
        elif isinstance(value, str) and "\n" in value:
            out.append(f"{pad}{k}: |")
            out.extend(f"{pad}  {line}" if line else "" for line in value.rstrip("\n").split("\n"))
        elif isinstance(value, Sequence) and not isinstance(value, str) and value and \
                any(isinstance(v, Mapping) for v in value):
            out.append(f"{pad}{k}:")
            out.extend(f"{pad}  - {flow(v)}" for v in value)
        else:
            out.append(f"{pad}{k}: {flow(value)}")
    return out


def _reads_as(text: str) -> bool:
    """True if YAML reads the plain text back as that very string."""
    try:
        return bool(yaml.safe_load(text) == text)
    except yaml.YAMLError:
        return False
