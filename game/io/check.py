"""`battlemat check` and `battlemat open --summary`: say what Battlemat understood of a file.

Every mistake is one line ``file:line: what`` on the error stream; bad input never ends in a
traceback. Config files are checked with the rest of the config folder they belong to, so a
creature's weapons and an encounter's creatures are looked up where the game will find them.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, TextIO

from game.io.config import (
    PROJECT_ROOT,
    YAML_SUFFIXES,
    build_definitions,
    config_dir_for,
    config_files,
    default_map_loader,
)
from game.io.config_encounter import build_encounter
from game.io.config_fields import Ctx, Report, suggest
from game.io.config_roster import encounter_roster
from game.io.errors import InputError, InputErrors
from game.io.yaml_lines import LineMap, load_yaml_file
from game.rules.battlefield import Battlefield
from game.rules.definitions import CreatureDef, Definitions, EncounterDef, RulesetDef, WeaponDef

KINDS = ("weapons", "creatures", "rulesets", "encounters")
_RULESET_KEYS = {
    "diagonal_rule",
    "difficult_multiplier",
    "base_reach_yd",
    "size_to_space",
    "size_to_height_yd",
    "named_ranges_yd",
}
_MAP_SUFFIXES = (".tmx", ".tmj")
TILED_SUFFIXES = (".tmx", ".tsx", ".tx", ".tmj", ".tsj", ".tj")  # Tiled's XML and JSON files


def _errors_of(exc: InputError | InputErrors) -> list[InputError]:
    return list(exc.errors) if isinstance(exc, InputErrors) else [exc]


def _print_errors(errors: list[InputError], err: TextIO) -> None:
    for e in errors:
        for line in str(e).splitlines():  # one line per mistake, whatever a message holds
            print(line, file=err)


def detect_kind(path: Path, data: Any) -> str | None:
    """weapons, creatures, rulesets or encounters: from the folder, else from the top-level keys."""
    if path.parent.name in KINDS:
        return path.parent.name
    if path.stem == "weapons":
        return "weapons"
    if isinstance(data, dict):
        if "creatures" in data and "map" not in data:
            return "creatures"
        if "weapons" in data:
            return "weapons"
        if "map" in data or "sides" in data:
            return "encounters"
        if _RULESET_KEYS & set(data):
            return "rulesets"
    return None


def check_paths(paths: list[Path], out: TextIO, err: TextIO) -> int:
    """Check maps and config files (folders are walked); 0 if all is well, 1 otherwise."""
    failed = False
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            failed |= not _check_dir(path, out, err)
        else:
            failed |= not _check_file(path, out, err)
    return 1 if failed else 0


def _check_dir(path: Path, out: TextIO, err: TextIO) -> bool:
    """A config folder is checked as one (cross references); any other folder file by file."""
    if (path / "weapons.yaml").is_file() or (path / "creatures").is_dir():
        return _check_config_dir(path, out, err)
    files = sorted(p for p in path.rglob("*") if p.suffix in _MAP_SUFFIXES + YAML_SUFFIXES)
    if not files:
        print(f"{path}: no maps (.tmx, .tmj) or config files (.yaml) in this folder", file=err)
        return False
    return all([_check_file(p, out, err) for p in files])


def _check_config_dir(path: Path, out: TextIO, err: TextIO) -> bool:
    report = Report()
    defs = build_definitions(
        config_files(path), report, load_map=default_map_loader(), root=path.resolve().parent
    )
    _print_errors(report.errors, err)
    print(
        f"{path}: {len(defs.weapons)} weapons, {len(defs.creatures)} creatures, "
        f"{len(defs.rulesets)} rulesets, {len(defs.encounters)} encounters"
        + (f"; {len(report.errors)} mistakes" if report.errors else ": ok"),
        file=out,
    )
    return not report.errors


def _check_file(path: Path, out: TextIO, err: TextIO) -> bool:
    if not path.exists():
        print(f"{path}: file not found", file=err)
        return False
    if not path.is_file() and path.suffix not in _MAP_SUFFIXES + YAML_SUFFIXES:
        print(f"{path}: not a regular file", file=err)  # their loaders say it for maps and YAML
        return False
    try:
        if path.suffix in _MAP_SUFFIXES:
            text = _check_map(path)
        elif path.suffix in YAML_SUFFIXES:
            text = _check_yaml(path)
        else:
            raise InputError(str(path), None, "not a map (.tmx, .tmj) or a config file (.yaml)")
    except (InputError, InputErrors) as exc:
        _print_errors(_errors_of(exc), err)
        return False
    except Exception as exc:  # a bug of ours, still reported in one line, never a traceback
        print(
            f"{path}: internal error, please report it: {type(exc).__name__}: {exc}".splitlines()[
                0
            ],
            file=err,
        )
        return False
    print(text, file=out)
    return True


def _check_map(path: Path) -> str:
    from game.io.tiled import check_images, describe_battlefield, load_map

    bf, drawing = load_map(path)  # the window's own reading of the map: they cannot disagree
    notes = check_images(drawing)  # an image the window could not load is an error
    _check_placements(path, bf)
    body = describe_battlefield(bf) + "".join(f"\nnote: {n}" for n in notes)
    return f"{path}: ok (map)\n" + _indent(body)


def _check_placements(path: Path, bf: Battlefield) -> None:
    """Creatures placed on a map must exist in the config and fit on the map."""
    from game.io.config import load_definitions

    if not bf.placements:
        return
    try:
        defs = load_definitions(config_dir_for(path))
    except (InputError, InputErrors):  # a broken config is checked on its own
        return
    rs = defs.rulesets.get("sotdl") or next(iter(defs.rulesets.values()), None)
    errors = []
    for p in bf.placements:
        where = p.source.split(": ", 1)[1] if ": " in p.source else ""
        cdef = defs.creatures.get(p.creature_id)
        if cdef is None:
            errors.append(InputError(str(path), where, f"unknown creature '{p.creature_id}'"
                                     f"{suggest(p.creature_id, defs.creatures)}"))
            continue
        space = rs.space_for(cdef.size) if rs is not None else 1
        x, y = p.square
        if not bf.in_bounds((x + space - 1, y + space - 1)):
            errors.append(InputError(str(path), where, f"{cdef.name} at [{x}, {y}] takes "
                                     f"{space}x{space} squares: part of it is off the "
                                     f"{bf.width}x{bf.height} map"))
    if errors:
        raise InputErrors(errors)


def _check_tokens(path: Path, data: Any) -> tuple[int, int]:
    """config/tokens.yaml as the window reads it: pictures that exist, #rrggbb side colours."""
    from game.io.pictures import picture_problem

    if data is None:
        return 0, 0
    if not isinstance(data, LineMap):
        raise InputError(str(path), 1, "expected a mapping with 'images' and 'sides'")
    errors = []
    for key in data:
        if key not in ("images", "sides"):
            errors.append(InputError(str(path), data.key_line(key),
                                     f"unknown key {key!r} (expected images, sides)"))
    images, sides = data.get("images") or {}, data.get("sides") or {}
    for name, value, kind in (("images", images, "picture"), ("sides", sides, "colour")):
        if not isinstance(value, Mapping):
            errors.append(InputError(str(path), data.value_line(name),
                                     f"{name}: a mapping of names to {kind}s"))
    if errors:
        raise InputErrors(errors)
    for key in images:
        line, rel = _line(images, key), Path(str(images[key]))
        problem = picture_problem(rel if rel.is_absolute() else path.resolve().parent.parent / rel)
        if problem:
            errors.append(InputError(str(path), line, f"images.{key}: {problem}"))
    for key in sides:
        text = str(sides[key]).strip()
        hexpart = text[1:] if text.startswith("#") else text
        if len(hexpart) != 6 or any(c not in "0123456789abcdefABCDEF" for c in hexpart):
            errors.append(InputError(str(path), _line(sides, key),
                                     f"sides.{key}: colour {text!r} is not #rrggbb"))
    if errors:
        raise InputErrors(errors)
    return len(images), len(sides)


def _line(m: Any, key: Any) -> int | None:
    return m.value_line(key) if isinstance(m, LineMap) else None


def _indent(text: str) -> str:
    return "\n".join("  " + line for line in text.splitlines())


def _check_yaml(path: Path) -> str:
    doc = load_yaml_file(path)
    if path.name in ("tokens.yaml", "tokens.yml"):  # the UI's token art, not definitions
        n_images, n_sides = _check_tokens(path, doc.data)
        return f"{path}: ok (token art: {n_images} pictures, {n_sides} side colours)"
    if isinstance(doc.data, LineMap) and "commands" in doc.data:
        return _check_scenario(path, doc)
    kind = detect_kind(path, doc.data)
    if kind is None:
        raise InputError(
            str(path),
            1,
            "cannot tell what this file is: expected 'weapons:' or "
            "'creatures:', an encounter ('map:', 'sides:') or ruleset fields",
        )
    cfg = config_dir_for(path)
    files = config_files(cfg)
    me = path.resolve()
    needed = {
        "weapons": ["weapons"],
        "creatures": ["weapons", "creatures"],
        "rulesets": ["rulesets"],
        "encounters": ["weapons", "creatures", "rulesets"],
    }[kind]
    use = {k: ([p for p in files[k] if p.resolve() != me] if k in needed else []) for k in KINDS}
    if kind != "encounters":
        use[kind].append(path)
    report, art = Report(), Report()  # the pictures other files name are theirs to check
    defs = build_definitions(use, report, load_map=None, root=cfg.resolve().parent, art=art)
    bf: Battlefield | None = None
    enc: EncounterDef | None = None
    before = len(report.errors)
    if kind == "encounters":
        enc, bf = build_encounter(
            Ctx(str(path), report), path, doc.data, defs, default_map_loader(),
            cfg.resolve().parent, frozenset(report.defined),
        )
    # what the encounter reported is its own, whatever file it names (its map, even a .png)
    mine = [e for e in report.errors[:before] if _is_about(e, path, kind)]
    mine += report.errors[before:]
    others = len(report.errors) - len(mine)
    mine += [e for e in art.errors if e.file == str(path)]  # the pictures this file names
    if mine:
        if others:
            mine.append(
                InputError(
                    str(cfg),
                    None,
                    f"note: {others} more mistakes in the other "
                    f"config files (battlemat check {cfg})",
                )
            )
        raise InputErrors(mine)
    head = f"{path}: ok ({kind[:-1]})"
    if kind == "encounters":
        assert enc is not None
        return head + "\n" + _indent(describe_encounter(enc, bf, defs))
    lines = [describe_record(kind, defs, rid) for rid in _ids_in(doc.data, kind, path)]
    return head + "\n" + _indent("\n".join(lines))


def _check_scenario(path: Path, doc: Any) -> str:
    """A scenario file (docs/scenarios.md): set it up without running its commands."""
    from game.io.scenario import Scenario, parse_item

    if doc.duplicates:
        raise InputErrors(list(doc.duplicates))
    sc = Scenario(path, doc.data, None)
    commands = doc.data.get("commands")
    n = len(commands) if isinstance(commands, list) else 0
    for i in range(n):  # a misspelt command or field is found here too, as `run` would
        parse_item(sc, commands, i)
    return f"{path}: ok (scenario, {n} commands: run it with `battlemat run {path}`)"


def _is_about(e: InputError, path: Path, kind: str) -> bool:
    """A mistake in this file (or, for an encounter, in the map it uses)."""
    try:
        if Path(e.file).resolve() == path.resolve():
            return True
    except OSError:
        return False
    return kind == "encounters" and Path(e.file).suffix in TILED_SUFFIXES


def _ids_in(data: Any, kind: str, path: Path) -> list[str]:
    """The ids a file defines (a ruleset file: its 'id:', else its name)."""
    if kind == "rulesets":
        return [str(data.get("id") or path.stem)]
    body = data.get(kind) if isinstance(data, dict) else None
    return [str(k) for k in body] if isinstance(body, LineMap) else []


def _size(size: float) -> str:
    return {0.125: "1/8", 0.25: "1/4", 0.5: "1/2"}.get(size, f"{size:g}")


def describe_weapon(w: WeaponDef) -> str:
    """'dagger: Dagger, melee 1d3 physical; finesse, light, thrown (range 5 yd)'."""
    bits = sorted(w.properties)
    extra = []
    if w.range_yd:
        extra.append(f"range {w.range_yd} yd")
    if w.reach_yd:
        extra.append(f"reach +{w.reach_yd} yd")
    if w.defense_bonus:
        extra.append(f"Defense +{w.defense_bonus}")
    props = ", ".join(bits) if bits else "no properties"
    return f"{w.id}: {w.name}, {w.kind} {w.damage} {w.damage_type}; {props}" + (
        f" ({', '.join(extra)})" if extra else ""
    )


def describe_creature(c: CreatureDef) -> str:
    """One line of a stat block, as `battlemat check` prints it."""
    move = f", {'/'.join(sorted(c.movement))}" if c.movement else ""
    bits = [
        f"Size {_size(c.size)}",
        f"Speed {c.speed}{move}",
        f"Defense {c.defense}",
        f"Health {c.health}",
        f"Str {c.strength} Agi {c.agility} Int {c.intellect} Will {c.will} Per {c.perception}",
    ]
    if c.reach_yd:
        bits.append(f"reach +{c.reach_yd} yd")
    if c.can_be_ridden:
        bits.append("rideable")
    if not c.physical_body:
        bits.append("no physical body")
    bits.append("weapons: " + (", ".join(c.weapons) or "none"))
    bits.append(f"OSR: HP {c.hp}, AC {c.ac}, morale {c.morale}")
    return f"{c.id}: {c.name}, " + "; ".join(bits)


def describe_ruleset(r: RulesetDef) -> str:
    """The ruleset's geometry numbers and how many params it has."""
    ranges = ", ".join(f"{k} {v}" for k, v in r.named_ranges_yd.items())
    space = ", ".join(f"{_size(s)}:{n}" for s, n in r.size_to_space.items())
    return (
        f"{r.id}: {r.name}; diagonals {r.diagonal_rule}, "
        f"difficult terrain x{r.difficult_multiplier}, "
        f"base reach {r.base_reach_yd} yd; ranges (yd) {ranges}; Size to space {space}; "
        f"params: {', '.join(r.params) or 'none'}"
    )


def describe_record(kind: str, defs: Definitions, rid: str) -> str:
    """One line for a weapon, creature or ruleset id."""
    if kind == "weapons" and rid in defs.weapons:
        return describe_weapon(defs.weapons[rid])
    if kind == "creatures" and rid in defs.creatures:
        return describe_creature(defs.creatures[rid])
    if kind == "rulesets" and rid in defs.rulesets:
        return describe_ruleset(defs.rulesets[rid])
    return f"{rid}: (not loaded)"


def describe_encounter(enc: EncounterDef, bf: Battlefield | None, defs: Definitions) -> str:
    """The encounter, map, ruleset, sides and creatures with positions."""
    rs = defs.rulesets.get(enc.ruleset)
    lines = [f"encounter: {enc.name} ({enc.id})"]
    if enc.description:
        lines.append(f"  {enc.description}")
    size = f" ({bf.width} x {bf.height} squares)" if bf is not None else ""
    lines.append(f"map: {_rel(enc.map_path)}{size}")
    lines.append(f"ruleset: {rs.name if rs else enc.ruleset} ({enc.ruleset})")
    roster = encounter_roster(enc, bf) if bf is not None else enc.creatures
    lines.append("sides:")
    for s in enc.sides:
        n = sum(1 for e in roster if e.side == s.id)
        who = "the players" if s.controller == "players" else "the GM"
        surprise = ", may be surprised" if s.id in enc.surprise_possible else ""
        lines.append(f"  {s.id} ({s.name}): controlled by {who}, {n} creatures{surprise}")
    lines.append("creatures:")
    if not roster:
        lines.append("  none")
    for e in roster:
        c = defs.creatures.get(e.creature_id)
        cname = c.name if c else e.creature_id
        name = (
            f"{e.name} ({cname})"
            if e.name and e.name.lower() != cname.lower()
            else (e.name or cname)
        )
        where = f"[{e.square[0]}, {e.square[1]}]" if e.square is not None else "from the map"
        bits = [f"  {e.side}: {name} at {where}"]
        if e.elevation_yd is not None:
            bits.append(f"{e.elevation_yd:g} yd up")
        if e.mounted_on:
            bits.append(f"riding {e.mounted_on}")
        if e.formation:
            bits.append(f"formation {e.formation}")
        lines.append(", ".join(bits))
    if not enc.use_map_placements:
        lines.append("(creatures placed on the map are not used: use_map_placements is false)")
    return "\n".join(lines)


def _rel(p: str) -> str:
    """A path relative to the project when it is inside it."""
    if p.startswith("ascii:"):
        return "an ASCII picture"
    try:
        return str(Path(p).resolve().relative_to(PROJECT_ROOT))
    except ValueError:
        return p


def summarize_encounter(path: Path) -> str:
    """What `battlemat open --summary` prints; raises InputError(s) for bad input."""
    path = Path(path)
    if path.suffix in _MAP_SUFFIXES:
        return _check_map(path).split("\n", 1)[1].replace("\n  ", "\n").lstrip()
    if not path.is_file():
        raise InputError(str(path), None, "file not found")
    from game.io.config import load_definitions, load_encounter_with_map

    defs = load_definitions(config_dir_for(path))
    enc, bf = load_encounter_with_map(path, defs)
    return describe_encounter(enc, bf, defs)
