"""Load config/ (rulesets, weapons, creatures, encounters) into frozen Definitions.

YAML is read with a SafeLoader subclass (game/io/yaml_lines.py) and validated once; every
mistake in every file is collected and raised together as ``InputErrors``, one
``file:line: what is wrong`` each. The file formats are in docs/config.md.

    load_definitions(config_dir=None) -> Definitions      # the project's config/ by default
    load_encounter(path, defs) -> EncounterDef            # any encounter file, checked on its map
    encounter_roster(encounter, battlefield)   # creatures with squares, map placements merged
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.io.config_defs import build_creature, build_ruleset, build_weapon, creature_token
from game.io.config_encounter import MapLoader, build_encounter
from game.io.config_fields import Ctx, Report, require_map
from game.io.config_roster import encounter_roster
from game.io.errors import InputError, InputErrors
from game.io.yaml_lines import LineMap, YamlDoc, load_yaml_file
from game.rules.battlefield import Battlefield
from game.rules.definitions import CreatureDef, Definitions, EncounterDef, RulesetDef, WeaponDef

__all__ = [
    "PROJECT_ROOT",
    "DEFAULT_CONFIG_DIR",
    "load_definitions",
    "definitions_for",
    "config_dir_for",
    "load_encounter",
    "encounter_roster",
    "config_files",
    "load_encounter_with_map",
    "default_map_loader",
]

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent
DEFAULT_CONFIG_DIR = PROJECT_ROOT / "config"
YAML_SUFFIXES = (".yaml", ".yml")

_cache: dict[Path, tuple[tuple[Any, ...], Definitions]] = {}


def default_map_loader() -> MapLoader | None:
    """game.io.tiled.load_battlefield, or None while the map loader is not installed."""
    try:
        from game.io.tiled import load_battlefield
    except ImportError:
        return None
    return load_battlefield


def _yaml_in(folder: Path) -> list[Path]:
    """The YAML files of a folder, sorted (none if it does not exist)."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix in YAML_SUFFIXES and p.is_file())


def config_files(config_dir: Path) -> dict[str, list[Path]]:
    """The files load_definitions reads, by kind."""
    return {
        "weapons": [
            p for p in (config_dir / "weapons.yaml", config_dir / "weapons.yml") if p.is_file()
        ]
        + _yaml_in(config_dir / "weapons"),
        "creatures": _yaml_in(config_dir / "creatures"),
        "rulesets": _yaml_in(config_dir / "rulesets"),
        "encounters": _yaml_in(config_dir / "encounters"),
    }


def _fingerprint(paths: Iterable[Path]) -> tuple[Any, ...]:
    """What has to stay the same for a cached load to still be right."""
    out: list[tuple[str, int | None, int | None]] = []
    for p in paths:
        try:
            st = p.stat()
            out.append((str(p), st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((str(p), None, None))
    return tuple(out)


def _read(report: Report, path: Path) -> YamlDoc | None:
    """Parse one file; a malformed one is one error line and is then skipped."""
    try:
        doc = load_yaml_file(path)
    except InputError as err:
        report.extend([err])
        return None
    report.extend(doc.duplicates)
    if doc.data is None:
        report.add(str(path), None, "file is empty")
        return None
    return doc


def _top(ctx: Ctx, doc: YamlDoc, key: str) -> Any:
    """The mapping under a file's single top-level key (``weapons:`` or ``creatures:``)."""
    m = require_map(ctx, doc.data, 1, "the file")
    if m is None:
        return None
    for other in m:
        if other != key:
            ctx.add(
                m.key_line(other),
                f"unknown top-level key '{other}' (a {key} file holds only '{key}:')",
            )
    if key not in m:
        ctx.add(1, f"missing top-level key '{key}:'")
        return None
    return require_map(ctx, m[key], m.value_line(key), f"'{key}'")


def _collect(
    report: Report,
    files: list[Path],
    key: str,
    build: Callable[[Ctx, str, Any, int], Any],
    seen: dict[str, str],
) -> dict[str, Any]:
    """Read every ``key:`` mapping of id -> record from files; ids must be unique across files."""
    from game.io.config_fields import Bad, as_id

    out: dict[str, Any] = {}
    for path in files:
        doc = _read(report, path)
        if doc is None:
            report.defined.add(f"{key[:-1]}:*")  # its ids are unknown: do not report them missing
            continue
        ctx = Ctx(str(path), report)
        records = _top(ctx, doc, key)
        for rid, body in (records or {}).items():
            line = records.key_line(rid)
            try:
                rid = as_id(rid)
            except Bad as bad:
                ctx.add(line, f"{key[:-1]} id {bad}")
                continue
            if rid in seen:
                ctx.add(line, f"duplicate {key[:-1]} id '{rid}' (also defined at {seen[rid]})")
                continue
            seen[rid] = f"{path}:{line}"
            report.defined.add(f"{key[:-1]}:{rid}")
            made = build(ctx, rid, body, line)
            if made is not None:
                out[rid] = made
    return out


def _load_rulesets(report: Report, files: list[Path]) -> dict[str, RulesetDef]:
    """One ruleset per file; ids (the file name unless 'id:' says otherwise) must be unique."""
    out: dict[str, RulesetDef] = {}
    where: dict[str, str] = {}
    for path in files:
        doc = _read(report, path)
        if doc is None:
            report.defined.add("ruleset:*")
            continue
        ctx = Ctx(str(path), report)
        before = len(report.errors)
        rs = build_ruleset(ctx, path.stem, doc.data)
        report.defined.add(f"ruleset:{rs.id if rs else path.stem}")
        if rs is None:
            # the plug-in's mistakes too, at lines not already reported: one pass finds them all
            taken = {e.where for e in report.errors[before:] if e.file == str(path)}
            _plugin_params_ok(ctx, _raw_ruleset(path.stem, doc.data), doc.data, taken)
            continue
        if not _plugin_params_ok(ctx, rs, doc.data):
            continue
        if rs.id in out:
            ctx.add(1, f"duplicate ruleset id '{rs.id}' (also defined in {where[rs.id]})")
            continue
        out[rs.id], where[rs.id] = rs, str(path)
    return out


def plugin_hook(ruleset_id: str, name: str) -> Callable[..., Any] | None:
    """A function the ruleset plug-in ``game.rulesets.<id>`` offers (``param_problems`` ...),
    or None: the rules code stays free of files, the loader adds the lines."""
    import importlib
    import importlib.util

    module = f"game.rulesets.{ruleset_id}"
    if not ruleset_id.isidentifier() or importlib.util.find_spec(module) is None:
        return None
    fn = getattr(importlib.import_module(module), name, None)
    return fn if callable(fn) else None


def ruleset_param_problems(ruleset_id: str, params: Any) -> list[tuple[str, str]]:
    """(key, what is wrong) for a ruleset's params, from its plug-in's ``param_problems``."""
    check = plugin_hook(ruleset_id, "param_problems")
    return list(check(params)) if check is not None else []


def _plugin_params_ok(
    ctx: Ctx, rs: RulesetDef, data: Any, taken: set[str] | None = None
) -> bool:
    """Report the plug-in's param mistakes at their keys' lines (``file:line: what``), but for
    lines in ``taken`` (the loader's own checks already said what is wrong there)."""
    problems = ruleset_param_problems(rs.id, rs.params)
    node = data.get("params") if hasattr(data, "get") else None
    for key, what in problems:
        line = param_line(node, key)
        if line is None and isinstance(data, LineMap) and "params" in data:
            line = data.key_line("params")
        if taken is None or str(line or "") not in taken:
            ctx.add(line, f"ruleset '{rs.id}': params.{key}: {what}")
    return not problems


def _raw_ruleset(stem: str, data: Any) -> RulesetDef:
    """A ruleset file that did not load, as far as its plug-in's params check needs."""
    rid = data.get("id", stem) if isinstance(data, LineMap) else stem
    params = data.get("params") if isinstance(data, LineMap) else None
    return RulesetDef(id=str(rid), name=str(rid),
                      params=params if isinstance(params, LineMap) else {})


def param_line(node: Any, dotted: str) -> int | None:
    """The line of a param's value, following a dotted key (``falling.lands_prone``) into
    nested blocks as far as they go (None when the top key has no line)."""
    line: int | None = None
    for part in dotted.split("."):
        if not isinstance(node, LineMap) or part not in node:
            break
        line, node = node.value_line(part), node[part]
    return line


def _freeze(defs: dict[str, Any]) -> MappingProxyType[str, Any]:
    return MappingProxyType(dict(defs))


def build_definitions(
    files: dict[str, list[Path]],
    report: Report,
    *,
    load_map: MapLoader | None,
    root: Path,
    art: Report | None = None,
) -> Definitions:
    """Read every file of every kind, collecting mistakes in ``report`` (token art's in
    ``art`` when given: a missing picture is no reason to refuse the fight)."""
    weapon_ids: dict[str, str] = {}
    weapons: dict[str, WeaponDef] = _collect(
        report, files["weapons"], "weapons", build_weapon, weapon_ids
    )
    creature_ids: dict[str, str] = {}
    weapons_defined = frozenset(report.defined)  # once: a copy per creature was quadratic
    tokens: dict[str, str] = {}  # the token art creature files name (the window's)

    def creature(ctx: Ctx, cid: str, body: Any, line: int) -> CreatureDef | None:
        made = build_creature(ctx, cid, body, line, weapons, weapons_defined)
        picture = creature_token(ctx if art is None else Ctx(ctx.file, art), cid, body)
        if made is not None and picture:
            tokens[cid] = picture
        return made

    creatures: dict[str, CreatureDef] = _collect(
        report, files["creatures"], "creatures", creature, creature_ids
    )
    rulesets = _load_rulesets(report, files["rulesets"])
    defined = frozenset(report.defined)
    defs = Definitions(
        creatures=_freeze(creatures), weapons=_freeze(weapons), rulesets=_freeze(rulesets)
    )
    encounters: dict[str, EncounterDef] = {}
    where: dict[str, str] = {}
    for path in files["encounters"]:
        doc = _read(report, path)
        if doc is None:
            continue
        ctx = Ctx(str(path), report)
        errors_before = len(report.errors)
        enc, _ = build_encounter(ctx, path, doc.data, defs, load_map, root, defined)
        if enc is None or len(report.errors) > errors_before:
            continue  # an encounter with mistakes is never handed out half-checked
        if enc.id in encounters:
            ctx.add(1, f"duplicate encounter id '{enc.id}' (also defined in {where[enc.id]})")
            continue
        encounters[enc.id], where[enc.id] = enc, str(path)
    return Definitions(
        creatures=defs.creatures,
        weapons=defs.weapons,
        rulesets=defs.rulesets,
        encounters=_freeze(encounters),
        tokens=_freeze(tokens),
    )


def load_definitions(config_dir: Path | None = None) -> Definitions:
    """Every definition under config_dir (default: the project's config/); raises InputErrors.

    Loads are cached while no file changes (definitions are frozen, so sharing is safe).
    """
    config_dir = Path(config_dir) if config_dir is not None else DEFAULT_CONFIG_DIR
    if not config_dir.is_dir():
        raise InputErrors([InputError(str(config_dir), None, "config folder not found")])
    key = config_dir.resolve()
    files = config_files(config_dir)
    all_files = [p for group in files.values() for p in group]
    cached = _cache.get(key)
    if cached is not None and cached[0] == _fingerprint(all_files + _map_files(cached[1])):
        return cached[1]
    report, art = Report(), Report()
    defs = build_definitions(
        files, report, load_map=default_map_loader(), root=PROJECT_ROOT, art=art
    )
    if report.errors:
        defs = _without_broken_encounters(defs, report.errors, files["encounters"])
    if art.errors:  # `check` says these; the window draws those tokens with initials
        defs = replace(defs, problems=defs.problems + tuple(str(e) for e in art.errors))
    _cache[key] = (_fingerprint(all_files + _map_files(defs)), defs)
    return defs


def _without_broken_encounters(
    defs: Definitions, errors: list[InputError], encounter_files: list[Path]
) -> Definitions:
    """The definitions with their broken encounters left out, or raise InputErrors.

    A broken creature, weapon or ruleset file stops loading (everything may depend on it), but
    one broken encounter file must not stop the GM from opening the others: build_definitions
    already left it out, and its mistakes are kept in ``Definitions.problems`` (opening that
    encounter reports them in full).
    """
    encounter_paths = {str(p) for p in encounter_files}
    if any(e.file not in encounter_paths for e in errors):
        raise InputErrors(errors)
    return replace(defs, problems=tuple(str(e) for e in errors))


def _map_files(defs: Definitions) -> list[Path]:
    """The map files the encounters use (a changed map invalidates the cache)."""
    return [
        Path(e.map_path) for e in defs.encounters.values() if not e.map_path.startswith("ascii:")
    ]


def config_dir_for(path: Path) -> Path:
    """The config folder a file belongs to: the 'config' folder it is in, or one beside a folder
    above it (a map in maps/ of a project), else the bundled one."""
    from game.io.config_encounter import find_project_root

    root = find_project_root(path)
    if root is not None and (root / "config").is_dir():
        return root / "config"
    for parent in list(Path(path).resolve().parents)[:4]:
        if (parent / "config" / "creatures").is_dir():
            return parent / "config"
    return DEFAULT_CONFIG_DIR


def definitions_for(path: Path) -> Definitions:
    """The definitions a file is read with, the same for the window, `check`, `run` and `render`:
    its project's own config/ (creatures, weapons), else the bundled one; raises InputErrors."""
    return load_definitions(config_dir_for(Path(path)))


def load_encounter_with_map(
    path: Path, defs: Definitions
) -> tuple[EncounterDef, Battlefield | None]:
    """An encounter file and its loaded battlefield (None while no map loader is installed)."""
    report = Report()
    path = Path(path)
    doc = _read(report, path)
    enc, bf = (None, None)
    if doc is not None:
        enc, bf = build_encounter(
            Ctx(str(path), report), path, doc.data, defs, default_map_loader(), PROJECT_ROOT
        )
    if report.errors or enc is None:
        raise InputErrors(report.errors or [InputError(str(path), None, "not an encounter")])
    return enc, bf


def load_encounter(path: Path, defs: Definitions) -> EncounterDef:
    """One encounter file, validated against the definitions and its map; raises InputErrors."""
    return load_encounter_with_map(path, defs)[0]
