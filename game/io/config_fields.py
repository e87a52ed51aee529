"""Field-by-field validation of YAML records: every mistake is collected as ``file:line: what``.

A record (a weapon, a creature, a ruleset ...) is a YAML mapping checked against a spec of
:class:`Field` values. Nothing stops at the first mistake: :class:`Report` gathers them all and
the loader raises ``InputErrors`` once the whole file (or folder) has been read.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from game.io.errors import InputError
from game.io.yaml_lines import LineList, LineMap, one_line


class Bad(Exception):
    """A value is wrong; the message says how (the caller adds the file, line and field)."""


@dataclass
class Report:
    """Every mistake found so far, in the order found."""

    errors: list[InputError]
    #: 'kind:id' defined (maybe with mistakes), 'kind:*' if a file of that kind was unreadable
    defined: set[str]

    def __init__(self) -> None:
        self.errors = []
        self.defined = set()

    def add(self, file: str, line: int | str | None, what: str) -> None:
        """Record one mistake (always one line: control characters the GM typed are escaped)."""
        self.errors.append(InputError(file, line, one_line(what)))

    def extend(self, errors: Iterable[InputError]) -> None:
        """Record mistakes found elsewhere (YAML duplicate keys, a map loader)."""
        self.errors.extend(errors)


def is_defined(defined: Iterable[str], kind: str, ident: str) -> bool:
    """True if ``kind:ident`` is defined with mistakes of its own, or a file of that kind could
    not be read at all (``kind:*``): a reference to it is then not reported as a second mistake.

    >>> is_defined({"weapon:sword", "creature:*"}, "creature", "orc")
    True
    """
    names = set(defined)
    return f"{kind}:{ident}" in names or f"{kind}:*" in names


def suggest(word: str, known: Iterable[str]) -> str:
    """' (did you mean 'x'?)' when a known word is close (case aside), else ''.

    >>> suggest("SotDL", ["osr", "sotdl"]), suggest("zzz", ["osr"])
    (" (did you mean 'sotdl'?)", '')
    """
    by_lower = {str(k).lower(): str(k) for k in sorted(known, key=str)}
    match = difflib.get_close_matches(str(word).lower(), list(by_lower), n=1, cutoff=0.6)
    return f" (did you mean '{by_lower[match[0]]}'?)" if match else ""


def describe(value: Any) -> str:
    """How a wrong value reads to a GM: "text 'fast'", 'the number 5.5', 'a list' ..."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return f"{'yes' if value else 'no'} (true/false)"
    if isinstance(value, (int, float)):
        return f"the number {value}"
    if isinstance(value, str):
        return f"text '{value}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__}"


# --- converters: value -> clean value, or raise Bad("must be ...") -------------------------


def as_str(value: Any) -> str:
    """Text (a number is not text here: ids and names must be written as words)."""
    if not isinstance(value, str):
        raise Bad(f"must be text, not {describe(value)}")
    return value.strip()


_ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")


def as_id(value: Any) -> str:
    """An id: lower-case letters, digits and underscores, starting with a letter."""
    text = as_str(value)
    if not _ID_RE.match(text):
        raise Bad(f"must be an id (lower-case letters, digits, _), not '{text}'")
    return text


def as_int(value: Any) -> int:
    """A whole number (5.0 is accepted, 5.5 and '5' are not)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Bad(f"must be a whole number, not {describe(value)}")
    if isinstance(value, float) and not value.is_integer():
        raise Bad(f"must be a whole number, not {value}")
    return int(value)


def as_number(value: Any) -> float:
    """A number, whole or not."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise Bad(f"must be a number, not {describe(value)}")
    if value != value or value in (float("inf"), float("-inf")):
        raise Bad(f"must be a finite number, not {value}")
    return float(value)


def as_bool(value: Any) -> bool:
    """true or false."""
    if not isinstance(value, bool):
        raise Bad(f"must be true or false, not {describe(value)}")
    return value


_FRACTION_RE = re.compile(r"^\s*(\d+)\s*/\s*(\d+)\s*$")


def as_size(value: Any) -> float:
    """SotDL Size: 1/2 (written as text or 0.5), 1, 2, 3 ... between 1/8 and 50."""
    if isinstance(value, str) and _FRACTION_RE.match(value):
        num, den = _FRACTION_RE.match(value).groups()  # type: ignore[union-attr]
        if int(den) == 0:
            raise Bad(f"must be a Size such as 1/2, 1 or 2, not '{value}'")
        size = float(Fraction(int(num), int(den)))
    elif isinstance(value, (int, float)) and not isinstance(value, bool):
        size = float(value)
    else:
        raise Bad(f"must be a Size such as 1/2, 1 or 2, not {describe(value)}")
    if not 0.125 <= size <= 50:
        raise Bad(f"must be a Size between 1/8 and 50, not {value}")
    return size


_DICE_RE = re.compile(r"^(\d*)d(\d+)(?:([+-])(\d+))?$|^(\d+)$")


def as_dice(value: Any) -> str:
    """Dice such as '1d6', 'd8', '2d6+1', '1d6-1' or '3'; returned as '1d8', '2d6+1' (engine form).

    >>> as_dice("d8"), as_dice(" 2D6 + 1 "), as_dice(3)
    ('1d8', '2d6+1', '3')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return str(value)
    match = _DICE_RE.match(re.sub(r"\s+", "", value.lower())) if isinstance(value, str) else None
    if match is None:
        raise Bad(f"must be dice such as 1d6, 2d6+1 or 3, not {describe(value)}")
    count_s, sides_s, sign, bonus, flat = match.groups()
    if flat is not None:
        return str(int(flat))
    count, sides = int(count_s or "1"), int(sides_s)
    if not 1 <= count <= 100 or not 2 <= sides <= 1000:
        raise Bad(f"has an impossible die '{value}' (1 to 100 dice of 2 to 1000 sides)")
    return f"{count}d{sides}" + (f"{sign}{int(bonus)}" if sign else "")


def as_square(value: Any) -> tuple[int, int]:
    """A square [x, y] (x to the right, y down, from 0 at the top-left, as in Tiled)."""
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)
    ):
        raise Bad(f"must be a square [x, y] of two whole numbers, not {_short(value)}")
    return (int(value[0]), int(value[1]))


def _short(value: Any) -> str:
    """A value as the GM wrote it, shortened, for messages."""
    text = repr(value) if not isinstance(value, (list, str)) else str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def one_of(choices: Iterable[str]) -> Callable[[Any], str]:
    """A converter accepting only these words (with a suggestion when one is close)."""
    known = frozenset(choices)

    def conv(value: Any) -> str:
        text = as_str(value)
        if text not in known:
            raise Bad(
                f"must be one of {', '.join(sorted(known))}, not '{text}'{suggest(text, known)}"
            )
        return text

    return conv


def in_range(
    conv: Callable[[Any], Any], lo: float | None, hi: float | None
) -> Callable[[Any], Any]:
    """Wrap a number converter with a range check."""

    def checked(value: Any) -> Any:
        number = conv(value)
        if (lo is not None and number < lo) or (hi is not None and number > hi):
            if hi is None:
                raise Bad(f"must be at least {_num(lo)}, not {_num(number)}")
            if lo is None:
                raise Bad(f"must be at most {_num(hi)}, not {_num(number)}")
            raise Bad(f"must be between {_num(lo)} and {_num(hi)}, not {_num(number)}")
        return number

    return checked


def _num(x: Any) -> str:
    """5.0 -> '5', 0.5 -> '0.5'."""
    return str(int(x)) if isinstance(x, float) and x.is_integer() else str(x)


# --- records ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One field of a record: its converter, and whether it must be there."""

    conv: Callable[[Any], Any]
    required: bool = False


class Ctx:
    """Where we are (file, report) while validating one file."""

    def __init__(self, file: str, report: Report) -> None:
        self.file = file
        self.report = report

    def add(self, line: int | None, what: str) -> None:
        """Record one mistake in this file."""
        self.report.add(self.file, line, what)


def require_map(ctx: Ctx, value: Any, line: int, what: str) -> LineMap | None:
    """The value as a mapping, or None after reporting that it is not one."""
    if isinstance(value, LineMap):
        return value
    ctx.add(line, f"{what} must be a mapping of 'field: value' lines, not {describe(value)}")
    return None


def require_list(ctx: Ctx, value: Any, line: int, what: str) -> LineList | None:
    """The value as a list, or None after reporting that it is not one."""
    if isinstance(value, LineList):
        return value
    ctx.add(line, f"{what} must be a list, not {describe(value)}")
    return None


def read_record(
    ctx: Ctx, node: LineMap, spec: Mapping[str, Field], label: str, line: int
) -> tuple[dict[str, Any], bool]:
    """Check a mapping against a spec; return (clean values, True if it had no mistakes)."""
    ok = True
    values: dict[str, Any] = {}
    for key in node:
        if key not in spec:
            ok = False
            hint = suggest(str(key), spec) or f" (known fields: {', '.join(sorted(spec))})"
            ctx.add(node.key_line(key), f"{label}: unknown field '{key}'{hint}")
            continue
        try:
            values[key] = spec[key].conv(node[key])
        except Bad as bad:
            ok = False
            ctx.add(node.value_line(key), f"{label}: '{key}' {bad}")
    for key, fld in spec.items():
        if fld.required and key not in node:
            ok = False
            ctx.add(line, f"{label}: missing required field '{key}'")
    return values, ok


def read_list(
    ctx: Ctx, node: Any, line: int, label: str, conv: Callable[[Any], Any]
) -> tuple[list[Any], bool]:
    """Convert every item of a list (a single value counts as a list of one)."""
    if isinstance(node, str) and "," in node:  # `weapons: sword, axe` is one word to YAML
        ctx.add(line, f"{label}: write a list as [a, b] or one '- a' line each, not text '{node}'")
        return [], False
    if not isinstance(node, LineList):
        node_list = LineList([node])
        node_list.line = line
        node_list.item_lines = [line]
        node = node_list
    out, ok = [], True
    for i, item in enumerate(node):
        try:
            out.append(conv(item))
        except Bad as bad:
            ok = False
            ctx.add(node.item_line(i), f"{label} item {i + 1} {bad}")
    return out, ok


# --- free-form params (rulesets and encounters) ------------------------------------------------

#: Naming conventions checked inside free-form ``params`` (see docs/config.md).
_SUFFIX_RULES: tuple[tuple[str, Callable[[Any], Any]], ...] = (
    ("_yd", lambda v: v if in_range(as_number, 0, None)(v) is not None else v),
    ("_paces", lambda v: v if in_range(as_number, 0, None)(v) is not None else v),
    ("_dice", as_dice),
    ("_banes", in_range(as_int, 0, 10)),
    ("_boons", in_range(as_int, 0, 10)),
    ("_multiplier", in_range(as_number, 0, None)),
    ("_fraction", in_range(as_number, 0, 1)),
)
_PARAM_BUDGET = 20_000  # values; aliases can make a small file expand enormously


def freeze_params(ctx: Ctx, node: Any, line: int, label: str) -> Mapping[str, Any]:
    """Check and freeze a free-form params mapping (read-only mappings, tuples for lists)."""
    m = require_map(ctx, node, line, label)
    if m is None:
        return MappingProxyType({})
    budget = [_PARAM_BUDGET]
    try:
        return _freeze_map(ctx, m, label, budget)
    except Bad as bad:
        ctx.add(line, f"{label}: {bad}")
        return MappingProxyType({})


def _freeze(ctx: Ctx, value: Any, line: int, path: str, budget: list[int]) -> Any:
    budget[0] -= 1
    if budget[0] < 0:
        raise Bad(f"is too large (more than {_PARAM_BUDGET} values, or aliases that repeat)")
    if isinstance(value, LineMap):
        return _freeze_map(ctx, value, path, budget)
    if isinstance(value, LineList):
        return tuple(
            _freeze(ctx, v, value.item_line(i), f"{path}[{i + 1}]", budget)
            for i, v in enumerate(value)
        )
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    raise Bad(
        f"{path} must be text, a number, true/false, a list or a mapping, not {describe(value)}"
    )


def _rule(key: Any) -> tuple[str, Callable[[Any], Any]] | None:
    """The naming convention a params key follows, if any."""
    if isinstance(key, str):
        for suffix, conv in _SUFFIX_RULES:
            if key.endswith(suffix):
                return suffix, conv
    return None


def _freeze_map(
    ctx: Ctx,
    m: LineMap,
    path: str,
    budget: list[int],
    inherited: tuple[str, Callable[[Any], Any]] | None = None,
) -> Mapping[str, Any]:
    """Freeze a mapping; a key's naming convention also holds for the values of a mapping under
    it (``cover_banes: {half: 1}`` holds banes), unless their own names say otherwise."""
    out: dict[Any, Any] = {}  # keys are text or numbers (checked below)
    for key, value in m.items():
        sub = f"{path}.{key}"
        if not isinstance(key, (str, int, float)) or isinstance(key, bool):
            ctx.add(m.key_line(key), f"{path}: key {describe(key)} must be text or a number")
            continue
        rule = _rule(key) or inherited
        if isinstance(value, LineMap):
            budget[0] -= 1
            if budget[0] < 0:
                raise Bad(
                    f"is too large (more than {_PARAM_BUDGET} values, or aliases that repeat)"
                )
            out[key] = _freeze_map(ctx, value, sub, budget, rule)
            continue
        value = _freeze(ctx, value, m.value_line(key), sub, budget)
        if rule is not None and not isinstance(value, Mapping):
            suffix, conv = rule
            try:
                value = conv(value)
            except Bad as bad:
                ctx.add(m.value_line(key), f"{sub} {bad} (names ending in {suffix} hold that)")
        out[key] = value
    return MappingProxyType(out)
