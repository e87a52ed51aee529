"""`battlemat import-creature`: a text file of stat blocks -> a creatures file (and its attacks).

Nothing is written unless every line was read: the GM gets ``file:line: what`` for each one to
fix. Existing files are never overwritten.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from game.io.errors import InputError, InputErrors
from game.io.statblock import ImportResult, import_text
from game.rules.definitions import Definitions

MAX_BYTES = 200_000  # docs/config.md: a config file is at most 200 kB


def weapons_path_for(out: Path) -> Path:
    """Where new attacks go: config/weapons/<name>.yaml beside config/creatures/, else
    <name>_weapons.yaml next to the creatures file."""
    if out.parent.name == "creatures":
        return out.parent.parent / "weapons" / out.name
    return out.with_name(f"{out.stem}_weapons{out.suffix or '.yaml'}")


def read_text(source: Path) -> str:
    """The stat block file's text, or one InputError saying why not."""
    try:
        data = source.read_bytes()
    except OSError as err:
        raise InputError(str(source), None, f"cannot read: {err.strerror or err}") from None
    if len(data) > MAX_BYTES:
        raise InputError(str(source), None, f"{len(data)} bytes: at most {MAX_BYTES}")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise InputError(str(source), None, f"not UTF-8 text (byte {err.start})") from None


def import_with(text: str, defs: Definitions, source: str, ruleset: str = "sotdl") -> ImportResult:
    """import_text with the config's weapons and the ruleset's named ranges."""
    rdef = defs.rulesets.get(ruleset)
    ranges = dict(rdef.named_ranges_yd) if rdef is not None else {}
    return import_text(text, defs.weapons, ranges or {"short": 5, "medium": 20, "long": 100},
                       source=source)


def write_result(result: ImportResult, out: Path, weapons_out: Path | None) -> list[Path]:
    """Write the creatures (and new weapons) files; refuses existing files (InputErrors)."""
    targets = [(out, result.creatures_yaml)]
    if result.weapons_yaml:
        targets.append((weapons_out or weapons_path_for(out), result.weapons_yaml))
    taken = [InputError(str(p), None, "already exists: choose another --out (nothing written)")
             for p, _ in targets if p.exists()]
    if taken:
        raise InputErrors(taken)
    for path, text in targets:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return [p for p, _ in targets]


def import_file(source: Path, out: Path, weapons_out: Path | None, *, stdout: TextIO,
                stderr: TextIO) -> int:
    """The CLI: 0 and the files written, or 1 and every line to fix."""
    from game.io.config import load_definitions

    text = read_text(source)
    result = import_with(text, load_definitions(), str(source))
    if not result.ok:
        for line in result.problems:
            print(f"error: {line}", file=stderr)
        print(f"nothing written: fix the {len(result.problems)} line(s) above", file=stderr)
        return 1
    for path in write_result(result, out, weapons_out):
        print(f"wrote {path}", file=stdout)
    for cid, c in result.definitions.items():
        print(f"  {cid}: {c.name}, Size {c.size:g}, Speed {c.speed}, Defense {c.defense}, "
              f"Health {c.health}, weapons {', '.join(c.weapons) or 'none'}", file=stdout)
    return 0
