"""Battlemat's map conventions (docs/maps.md): property values and object classes understood.

Everything a GM may write in Tiled is turned into Battlefield values here, with a one-line
``InputError`` naming the file, the place and the property when a value makes no sense.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from game.io.tiled_xml import input_error
from game.rules.battlefield import Light, Obscurement, Terrain

TERRAIN_WORDS: dict[str, Terrain] = {
    "normal": Terrain.NORMAL,
    "difficult": Terrain.DIFFICULT,
    "treacherous": Terrain.TREACHEROUS,
    "liquid": Terrain.LIQUID,
    "climbable": Terrain.CLIMBABLE,
    "impassable": Terrain.IMPASSABLE,
    "unclimbable": Terrain.UNCLIMBABLE,
    # everyday words for the same things
    "undergrowth": Terrain.DIFFICULT,
    "rubble": Terrain.DIFFICULT,
    "ice": Terrain.TREACHEROUS,
    "beam": Terrain.TREACHEROUS,
    "water": Terrain.LIQUID,
    "rough_water": Terrain.LIQUID | Terrain.TREACHEROUS,
    "ladder": Terrain.CLIMBABLE,
    "solid": Terrain.IMPASSABLE,
}
LIGHT_WORDS = {"bright": Light.BRIGHT, "dim": Light.DIM, "dark": Light.DARK, "darkness": Light.DARK}
OBSCUREMENT_WORDS = {
    "none": Obscurement.NONE,
    "partial": Obscurement.PARTIAL,
    "light": Obscurement.PARTIAL,
    "heavy": Obscurement.HEAVY,
    "total": Obscurement.TOTAL,
}
#: Properties that paint squares (on tiles, tile layers and zone objects).
SQUARE_PROPS = ("terrain", "elevation", "light", "obscurement", "banes")

#: Zone classes and what they do when their properties say nothing else.
ZONE_DEFAULTS: dict[str, dict[str, Any]] = {
    "fog": {"obscurement": "heavy"},
    "mist": {"obscurement": "partial"},
    "foliage": {"obscurement": "partial"},
    "darkness": {"light": "dark"},
    "dim": {"light": "dim"},
    "light": {},
    "obscurement": {},
    "elevation": {},
    "terrain": {},
    "undergrowth": {"terrain": "difficult"},
    "rubble": {"terrain": "difficult"},
    "water": {"terrain": "liquid"},
    "rough_water": {"terrain": "liquid,treacherous"},
    "ice": {"terrain": "treacherous"},
}
#: The property a zone class cannot do without.
ZONE_REQUIRES = {
    "light": "light",
    "obscurement": "obscurement",
    "elevation": "elevation",
    "terrain": "terrain",
}


@dataclass(frozen=True)
class ObstacleKind:
    """Defaults of an obstacle class (its height in yards, and sight openings)."""

    height_yd: float
    climbable: bool = False
    openings: tuple[tuple[float, float], ...] = ()


OBSTACLE_KINDS: dict[str, ObstacleKind] = {
    "wall": ObstacleKind(3.0),
    "low_wall": ObstacleKind(1.0),
    "parapet": ObstacleKind(1.0),
    "fence": ObstacleKind(1.0),
    "pillar": ObstacleKind(3.0),
    "column": ObstacleKind(3.0),
    "tree": ObstacleKind(6.0),
    "arrow_slit": ObstacleKind(3.0, openings=((1.0, 1.75),)),
    "window": ObstacleKind(3.0, openings=((1.0, 2.0),)),
    "door": ObstacleKind(3.0),
    "rock": ObstacleKind(1.0),
    "boulder": ObstacleKind(2.0),
    "statue": ObstacleKind(2.0),
    "crate": ObstacleKind(1.0),
    "barrel": ObstacleKind(1.0),
    "table": ObstacleKind(1.0),
    "cart": ObstacleKind(1.5),
    "obstacle": ObstacleKind(-1.0),  # generic: needs its own height
}
#: An obstacle this low (or lower) is climbed over: difficult, not impassable.
LOW_OBSTACLE_YD = 1.0
CREATURE_CLASSES = ("creature", "placement")
#: What a ground tile or tile layer is (the project's class for SQUARE_PROPS).
GROUND_CLASS = "ground"
#: The name the shipped maps give the class-typed property that holds an object's members.
CLASS_PROPERTY = "battlemat"


def class_names() -> frozenset[str]:
    """Every class the project file declares (tools/make_project.py): obstacle and zone kinds,
    the creature placement, the ground."""
    return frozenset([*OBSTACLE_KINDS, *ZONE_DEFAULTS, *CREATURE_CLASSES, GROUND_CLASS])


def unfold_classes(node: Element, props: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """Tiled 1.8's way to use a class: a custom property whose type is one of Battlemat's
    classes (``<property name="battlemat" type="class" propertytype="wall">`` with the members
    changed from their defaults). Its members become the owner's properties (a plain property
    of the same name wins) and the class names what the owner is: (properties, class or '')."""
    found = node.find("properties")
    if found is None:
        return props, ""
    known = class_names()
    out, cls = dict(props), ""
    for p in found.findall("property"):
        kind = (p.get("propertytype") or "").strip().lower()
        name = p.get("name", "")
        ours = kind in known or (name == CLASS_PROPERTY and not kind)  # Tiled without the
        if p.get("type") != "class" or not ours or not isinstance(out.get(name), dict):
            continue  # project open (its --export-map) writes the members but not the class
        members = out.pop(name)
        out = {**members, **out}
        cls = cls or kind
    return out, cls


def keys(props: dict[str, Any]) -> dict[str, Any]:
    """Property names as Battlemat reads them: case and surrounding spaces do not matter."""
    return {k.strip().lower(): v for k, v in props.items()}


def ignored(props: dict[str, Any]) -> bool:
    """The GM's ``battlemat_ignore`` switch on a layer or object (bool, or the text "true")."""
    value = keys(props).get("battlemat_ignore")
    return value is True or (isinstance(value, str) and value.strip().lower() == "true")


def number(value: Any, file: Path | str, where: str, name: str, what: str = "yards") -> float:
    """A property that must be a number (int, float, or a string holding one)."""
    if isinstance(value, bool):
        raise input_error(
            file,
            f"{where} property {name!r}",
            f"must be a number of {what}, got {str(value).lower()}",
        )
    try:
        f = float(value)
    except (TypeError, ValueError):
        raise input_error(
            file, f"{where} property {name!r}", f"must be a number of {what}, got {value!r}"
        ) from None
    if not math.isfinite(f) or abs(f) > 1e6:
        raise input_error(file, f"{where} property {name!r}", f"{value!r} is out of range")
    return f


def integer(value: Any, file: Path | str, where: str, name: str) -> int:
    """A property that must be a whole number."""
    f = number(value, file, where, name, "banes")
    if f != int(f):
        raise input_error(
            file, f"{where} property {name!r}", f"must be a whole number, got {value!r}"
        )
    return int(f)


def flag(value: Any, file: Path | str, where: str, name: str) -> bool:
    """A property that must be true or false."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no"):
        return value.strip().lower() in ("true", "yes")
    raise input_error(file, f"{where} property {name!r}", f"must be true or false, got {value!r}")


def terrain(value: Any, file: Path | str, where: str) -> Terrain:
    """``terrain`` = one word or several joined by commas ("liquid, treacherous")."""
    if not isinstance(value, str):
        raise input_error(file, f"{where} property 'terrain'", f"must be text, got {value!r}")
    out = Terrain.NORMAL
    for word in value.replace("|", ",").split(","):
        w = word.strip().lower().replace(" ", "_")
        if not w:
            continue
        if w not in TERRAIN_WORDS:
            raise input_error(
                file,
                f"{where} property 'terrain'",
                f"unknown terrain {word.strip()!r} (expected one of {', '.join(TERRAIN_WORDS)})",
            )
        out |= TERRAIN_WORDS[w]
    return out


def _word(value: Any, words: dict[str, Any], file: Path | str, where: str, name: str) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and value in words.values():
        return value
    if isinstance(value, str):
        w = value.strip().lower()
        if w in words:
            return words[w]
        if w.isdigit() and int(w) in words.values():
            return int(w)
    raise input_error(
        file,
        f"{where} property {name!r}",
        f"unknown {name} {value!r} (expected one of {', '.join(words)})",
    )


def square_effects(props: dict[str, Any], file: Path | str, where: str) -> dict[str, Any]:
    """The square-painting properties of a tile, layer or zone, checked and converted."""
    out: dict[str, Any] = {}
    props = keys(props)
    if "terrain" in props:
        out["terrain"] = int(terrain(props["terrain"], file, where))
    if "elevation" in props:
        out["elevation"] = number(props["elevation"], file, where, "elevation")
    if "light" in props:
        out["light"] = int(_word(props["light"], LIGHT_WORDS, file, where, "light"))
    if "obscurement" in props:
        out["obscurement"] = int(
            _word(props["obscurement"], OBSCUREMENT_WORDS, file, where, "obscurement")
        )
    if "banes" in props:
        out["banes"] = integer(props["banes"], file, where, "banes")
    return out


def openings(
    props: dict[str, Any], default: tuple[tuple[float, float], ...], file: Path | str, where: str
) -> tuple[tuple[float, float], ...]:
    """``openings`` = "1-1.75" or "1-1.75, 2-2.5" (yards above the base); or none at all."""
    props = keys(props)
    if "openings" not in props and "opening" not in props:
        return default
    name = "openings" if "openings" in props else "opening"
    raw = props[name]
    if not isinstance(raw, str):
        raise input_error(
            file, f"{where} property {name!r}", f"must be text like '1-1.75', got {raw!r}"
        )
    out = []
    for part in raw.split(","):
        if not part.strip():
            continue
        try:
            lo, hi = (float(v) for v in part.split("-"))
        except ValueError:
            raise input_error(
                file,
                f"{where} property {name!r}",
                f"{part.strip()!r} is not bottom-top in yards, e.g. '1-1.75'",
            ) from None
        if not 0 <= lo < hi:
            raise input_error(
                file,
                f"{where} property {name!r}",
                f"{part.strip()!r}: the bottom must be below the top",
            )
        out.append((lo, hi))
    return tuple(out)
