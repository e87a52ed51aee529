"""Write maps/battlemat.tiled-project: Battlemat's custom property types for Tiled 1.8+.

    python3 tools/make_project.py

Generated from game/io/tiled_conventions.py, the table the loader reads, so the drop-down
lists and the defaults a GM sees in Tiled are the ones Battlemat applies (a test checks the
shipped file is what this script writes). Enums: terrain kinds (flags: several at once),
light, obscurement. Classes (Tiled 1.9+ object and tile classes; in 1.8 they are class-typed
properties): every obstacle kind with its height and cover (openings), every zone kind with
what it paints, the creature placement, and a ground tile.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.io.tiled_conventions import (  # noqa: E402
    CREATURE_CLASSES,
    LIGHT_WORDS,
    OBSCUREMENT_WORDS,
    OBSTACLE_KINDS,
    TERRAIN_WORDS,
    ZONE_DEFAULTS,
)

OUT = ROOT / "maps" / "battlemat.tiled-project"
# flags: several may be ticked, none is normal ground; the everyday synonyms stay plain text
TERRAIN = [w for w, f in TERRAIN_WORDS.items() if f.name and w == f.name.lower() and f]
LIGHT = [w for w in LIGHT_WORDS if w != "darkness"]
OBSCUREMENT = [w for w in OBSCUREMENT_WORDS if w != "light"]


def _enum(pid: int, name: str, values: list[str], flags: bool) -> dict[str, Any]:
    return {
        "id": pid,
        "name": name,
        "storageType": "string",
        "type": "enum",
        "values": values,
        "valuesAsFlags": flags,
    }


def _member(name: str, kind: str, value: Any, enum: str | None = None) -> dict[str, Any]:
    m: dict[str, Any] = {"name": name, "type": kind, "value": value}
    if enum:
        m["propertyType"] = enum
    return m


def _square_members(defaults: dict[str, Any]) -> list[dict[str, Any]]:
    """What a zone or ground tile paints: terrain, elevation, light, obscurement, banes."""
    return [
        _member("terrain", "string", defaults.get("terrain", ""), "TerrainKinds"),
        _member("elevation", "float", defaults.get("elevation", 0)),
        _member("light", "string", defaults.get("light", ""), "LightLevel"),
        _member("obscurement", "string", defaults.get("obscurement", ""), "ObscurementLevel"),
        _member("banes", "int", defaults.get("banes", 0)),
    ]


def project() -> dict[str, Any]:
    """The project file's content."""
    types: list[dict[str, Any]] = [
        _enum(1, "TerrainKinds", TERRAIN, True),
        _enum(2, "LightLevel", LIGHT, False),
        _enum(3, "ObscurementLevel", OBSCUREMENT, False),
    ]

    def cls(name: str, members: list[dict[str, Any]], use: list[str], colour: str) -> None:
        types.append(
            {
                "id": len(types) + 1,
                "name": name,
                "type": "class",
                "useAs": use,
                "color": colour,
                "members": members,
            }
        )

    for kind, spec in OBSTACLE_KINDS.items():
        opening = ",".join(f"{lo:g}-{hi:g}" for lo, hi in spec.openings)
        cls(
            kind,
            [
                _member("height", "float", max(spec.height_yd, 0.0)),
                _member("base", "float", 0),
                _member("climbable", "bool", spec.climbable),
                _member("openings", "string", opening),
                _member("blocks_movement", "bool", True),
                _member("blocks_sight", "bool", True),
            ],
            ["object", "property"],
            "#ffa0522d",
        )
    for kind, defaults in ZONE_DEFAULTS.items():
        cls(kind, _square_members(defaults), ["object", "property"], "#ff4682b4")
    for kind in CREATURE_CLASSES:
        cls(
            kind,
            [
                _member("creature", "string", ""),
                _member("side", "string", ""),
                _member("elevation", "float", 0),
            ],
            ["object", "property"],
            "#ffdc143c",
        )
    cls("ground", _square_members({}), ["tile", "layer", "property"], "#ff808080")
    return {
        "automappingRulesFile": "",
        "commands": [],
        "extensionsPath": "extensions",
        "folders": ["."],
        "propertyTypes": types,
    }


def main() -> None:
    """Write the project file."""
    OUT.write_text(json.dumps(project(), indent=4) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
