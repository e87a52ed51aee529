"""YAML loading that is as safe as ``yaml.safe_load`` and remembers line numbers.

Mappings load as :class:`LineMap` and sequences as :class:`LineList`: plain ``dict``/``list``
subclasses that also know the 1-based line of themselves, of every key and of every value,
so validation can say ``file:line: what is wrong``. Duplicate keys are not silently dropped
(PyYAML keeps the last one): they are collected and reported.

>>> doc = load_yaml_text("a: 1\\nb:\\n  - x\\n  - y\\n", "t.yaml")
>>> doc.data.value_line("b"), doc.data["b"].item_line(1)
(3, 4)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, SequenceNode

from game.io.errors import InputError

#: Config files are small (the shipped ones: 5 kB at most); PyYAML reads ~50 kB a second once
#: validation is counted, so a bigger file is a mistake (or an attack) and is said so.
MAX_FILE_BYTES = 200_000
#: Values a file may hold once its aliases and merge keys are expanded ('billion laughs').
MAX_EXPANDED_VALUES = 1_000_000


class LineMap(dict):  # type: ignore[type-arg]
    """A YAML mapping that remembers the line of itself, its keys and its values."""

    line: int = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_lines: dict[Any, int] = {}
        self.value_lines: dict[Any, int] = {}

    def key_line(self, key: Any) -> int:
        """Line of ``key`` (the mapping's own line if the key is absent)."""
        return self.key_lines.get(key, self.line)

    def value_line(self, key: Any) -> int:
        """Line of the value of ``key`` (the mapping's own line if the key is absent)."""
        return self.value_lines.get(key, self.key_line(key))


class LineList(list):  # type: ignore[type-arg]
    """A YAML sequence that remembers the line of itself and of every item."""

    line: int = 0

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.item_lines: list[int] = []

    def item_line(self, index: int) -> int:
        """Line of item ``index`` (the sequence's own line if out of range)."""
        if 0 <= index < len(self.item_lines):
            return self.item_lines[index]
        return self.line


@dataclass
class YamlDoc:
    """One loaded YAML file: its data, and the duplicate keys found while loading."""

    path: str
    data: Any
    duplicates: list[InputError] = field(default_factory=list)


class LineLoader(yaml.SafeLoader):
    """SafeLoader (no Python tags, no code) that builds LineMap/LineList and finds duplicates."""

    def __init__(self, stream: str, path: str) -> None:
        super().__init__(stream)
        self.path = path
        self.duplicates: list[InputError] = []

    def construct_line_map(self, node: MappingNode) -> Iterator[LineMap]:
        """Build a LineMap; record (do not raise on) duplicate keys."""
        result = LineMap()
        result.line = node.start_mark.line + 1
        yield result
        explicit = {id(k) for k, _ in node.value if k.tag != "tag:yaml.org,2002:merge"}
        self.flatten_mapping(node)  # `<<: *anchor` merge keys come first, then the explicit ones
        merged: set[Any] = set()
        for key_node, value_node in node.value:
            key = self.construct_object(key_node, deep=True)
            key_line = key_node.start_mark.line + 1
            try:
                hash(key)
            except TypeError:  # reported like a duplicate, so the rest of the file is checked
                self.duplicates.append(
                    InputError(self.path, key_line, "a key is a list or a mapping, not a name")
                )
                continue
            from_merge = id(key_node) not in explicit
            if key in merged:  # a merged value: overridden by what follows (as PyYAML does)
                merged.discard(key)
            elif key in result.key_lines:
                self.duplicates.append(
                    InputError(
                        self.path,
                        key_line,
                        one_line(f"duplicate key '{key}' (first at line {result.key_lines[key]})"),
                    )
                )
                continue
            if from_merge:
                merged.add(key)
            result[key] = self.construct_object(value_node, deep=True)
            result.key_lines[key] = key_line
            result.value_lines[key] = value_node.start_mark.line + 1

    def construct_line_list(self, node: SequenceNode) -> Iterator[LineList]:
        """Build a LineList with the line of every item."""
        result = LineList()
        result.line = node.start_mark.line + 1
        yield result
        for item in node.value:
            result.append(self.construct_object(item, deep=True))
            result.item_lines.append(item.start_mark.line + 1)


LineLoader.add_constructor("tag:yaml.org,2002:map", LineLoader.construct_line_map)
LineLoader.add_constructor("tag:yaml.org,2002:seq", LineLoader.construct_line_list)


def one_line(text: str) -> str:
    r"""Text with newlines and other control characters escaped, so a message stays one line.

    >>> one_line("bad\nkey\x00")
    'bad\\nkey\\x00'
    """
    if text.isprintable():
        return text
    return "".join(
        c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text
    )


def _line_of(text: str, index: int) -> int:
    """1-based line of a character index."""
    return text.count("\n", 0, max(0, index)) + 1


def _char_name(ch: object) -> str:
    """U+0001 for a code point or a one-character string."""
    code = ch if isinstance(ch, int) else ord(str(ch)[:1] or "?")
    return f"U+{code:04X}"


def load_yaml_text(text: str, path: str) -> YamlDoc:
    """Parse YAML text safely; raise InputError (one line, with the line number) if malformed."""
    loader: LineLoader | None = None
    try:
        loader = LineLoader(text, path)
        node = loader.get_single_node()
        if node is not None:
            _check_expansion(node, path)
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark is not None else None
        what = exc.problem or exc.context or "malformed YAML"
        if exc.context and exc.problem and "while" not in exc.problem:
            what = f"{exc.problem} ({exc.context})"
        if "'\\t'" in what:
            what += ": indent with spaces, never tabs"
        raise InputError(path, line, f"invalid YAML: {what}") from None
    except yaml.reader.ReaderError as exc:
        raise InputError(
            path,
            _line_of(text, exc.position),
            f"invalid YAML: character {_char_name(exc.character)} is not allowed",
        ) from None
    except yaml.YAMLError as exc:  # any other parser complaint, still one line
        raise InputError(path, None, f"invalid YAML: {str(exc).splitlines()[0]}") from None
    except RecursionError:
        raise InputError(path, None, "invalid YAML: nested too deeply") from None
    finally:
        if loader is not None:
            loader.dispose()
    assert loader is not None
    return YamlDoc(path, data, loader.duplicates)


def _check_expansion(root: Node, path: str) -> None:
    """Refuse aliases that refer to themselves or expand enormously, before anything is built.

    PyYAML shares aliased values, but merge keys (``<<: [*a, *a]``) are copied, and every
    validator walks values: so the size counted is the fully expanded one (in linear time).
    """
    sizes: dict[int, int] = {}
    open_nodes: set[int] = set()

    def size(node: Node) -> int:
        key = id(node)
        if key in sizes:
            return sizes[key]
        if key in open_nodes:
            raise InputError(path, node.start_mark.line + 1, "an alias refers to itself")
        open_nodes.add(key)
        total = 1
        if isinstance(node, SequenceNode):
            total += sum(size(item) for item in node.value)
        elif isinstance(node, MappingNode):
            total += sum(size(k) + size(v) for k, v in node.value)
        open_nodes.discard(key)
        if total > MAX_EXPANDED_VALUES:
            raise InputError(
                path,
                node.start_mark.line + 1,
                f"aliases here expand to more than {MAX_EXPANDED_VALUES} values",
            )
        sizes[key] = total
        return total

    size(root)


def load_yaml_file(path: Path) -> YamlDoc:
    """Read and parse a YAML file; every problem is an InputError naming the file."""
    name = str(path)
    if path.exists() and not path.is_dir() and not path.is_file():
        raise InputError(name, None, "is not a regular file (a pipe or a device?)")
    try:
        with path.open("rb") as fh:
            raw = fh.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise InputError(name, None, "file not found") from None
    except IsADirectoryError:
        raise InputError(name, None, "is a folder, not a YAML file") from None
    except OSError as exc:
        raise InputError(name, None, f"cannot read: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise InputError(
            name, None, f"file is more than {MAX_FILE_BYTES} bytes; config files are capped there"
        )
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise InputError(name, line, "not UTF-8 text (save the file as UTF-8)") from None
    return load_yaml_text(text, name)
