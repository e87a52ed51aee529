"""The shipped tileset, maps and templates use the project's types (maps/battlemat.tiled-project)
as Tiled 1.8.2 writes them: Battlemat's classes as class-typed properties, its enums typed.

tools/make_maps.py writes them so; re-saved in Tiled 1.8.2 with the project open they came back
byte for byte (docs/maps.md section 7). Tiled's headless --export-map loads no project and
would drop the types, which is why the form is pinned here."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree.ElementTree import Element

import defusedxml.ElementTree as SafeET
import pytest

from game.io.tiled_conventions import class_names

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = sorted(ROOT.glob("maps/*.tmx")) + sorted(ROOT.glob("maps/templates/*.tx")) + [
    ROOT / "assets" / "terrain.tsx"
]
TYPES = {
    t["name"]: t
    for t in json.loads((ROOT / "maps" / "battlemat.tiled-project").read_text())["propertyTypes"]
}
ENUMS = {"terrain": "TerrainKinds", "light": "LightLevel", "obscurement": "ObscurementLevel"}


def _check_enum(p: Element, where: str) -> None:
    if p.get("name") in ENUMS and p.get("type", "string") == "string":
        enum = ENUMS[p.get("name", "")]
        assert p.get("propertytype") == enum, where
        values = p.get("value", "").split(",")
        assert all(v in TYPES[enum]["values"] for v in values), (where, values)


@pytest.mark.parametrize("path", SHIPPED, ids=[p.name for p in SHIPPED])
def test_shipped_files_use_the_project_types(path: Path) -> None:
    root = SafeET.parse(path).getroot()
    if root.tag != "template":
        assert root.get("tiledversion") == "1.8.2"
    for p in root.iter("property"):
        _check_enum(p, f"{path.name}: {p.get('name')}")
    classes = class_names()
    objects = [o for o in root.iter("object") if not o.get("template")]
    for obj in objects:
        cls = (obj.get("type") or "").lower()
        if cls not in classes:
            continue
        typed = [
            p for p in obj.findall("properties/property")
            if p.get("type") == "class" and p.get("propertytype")
        ]
        where = f"{path.name}: object {obj.get('id', '')} {obj.get('name', '')}"
        assert [p.get("propertytype") for p in typed] == [cls], where
        members = {m["name"]: m for m in TYPES[cls]["members"]}
        for m in typed[0].findall("properties/property"):
            assert m.get("name") in members, (where, m.get("name"))
            kind = members[m.get("name", "")]["type"]
            assert m.get("type", "string") == kind, (where, m.get("name"))
        plain = {p.get("name") for p in obj.findall("properties/property")} - {"battlemat"}
        assert not plain & set(members), (where, plain & set(members))
