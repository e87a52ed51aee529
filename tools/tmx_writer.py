"""Write .tmx and .tx files exactly as Tiled 1.8.2 saves them with maps/battlemat.tiled-project
open (CSV layers; properties sorted by name; Battlemat's classes as class-typed properties and
its enums typed; a re-save in Tiled changes nothing: docs/maps.md section 7).

Used by tools/make_maps.py for the shipped maps and by benchmarks/bench_map_load.py.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

T = 32  # pixels per tile in every shipped map


PROJECT = Path(__file__).resolve().parent.parent / "maps" / "battlemat.tiled-project"
#: Battlemat's property types as the project declares them (tools/make_project.py writes it)
TYPES: dict[str, dict[str, Any]] = {
    t["name"]: t for t in json.loads(PROJECT.read_text(encoding="utf-8"))["propertyTypes"]
}
#: Plain properties whose words are one of the project's enums
ENUM_OF = {"terrain": "TerrainKinds", "light": "LightLevel", "obscurement": "ObscurementLevel"}
#: The name of the property that carries an object's class in Tiled 1.8 (class-typed)
CLASS_PROPERTY = "battlemat"


def _prop(name: str, v: object, indent: str, ptype: str = "", enum: str = "") -> str:
    """One <property>, as Tiled writes it (enum values: flags joined by commas)."""
    if enum:  # flags in the enum's order, as Tiled writes them
        given = {w.strip() for w in str(v).split(",")}
        words = ",".join(w for w in TYPES[enum]["values"] if w in given)
        assert len(words.split(",")) == len(given), f"{v!r} is not all {enum}"
        return f'{indent}<property name="{name}" propertytype="{enum}" value={quoteattr(words)}/>'
    ptype = ptype or (
        "bool" if isinstance(v, bool) else "int" if isinstance(v, int)
        else "float" if isinstance(v, float) else "string"
    )
    if ptype == "bool":
        value = str(bool(v)).lower()
    elif ptype == "float":
        value = f"{float(v):g}"  # type: ignore[arg-type]
    elif ptype == "int":
        value = str(int(v))  # type: ignore[call-overload]
    else:
        return f"{indent}<property name=\"{name}\" value={quoteattr(str(v))}/>"
    return f'{indent}<property name="{name}" type="{ptype}" value="{value}"/>'


def _props(props: dict[str, object], indent: str, cls: str = "") -> list[str]:
    """An element's <properties>: Battlemat's class (when ``cls`` is one) as a class-typed
    property holding the members given (Tiled 1.8's form; the rest are the class's
    defaults), the words of an enum typed with it, anything else plain."""
    kind = TYPES.get(cls, {})
    members = {m["name"]: m for m in kind.get("members", [])} if kind.get("type") == "class" else {}
    lines = [
        _prop(k, v, indent + " ", enum=ENUM_OF.get(k, "") if isinstance(v, str) else "")
        for k, v in sorted(props.items())
        if k not in members
    ]
    if members:
        inner = [
            _prop(k, v, indent + "   ", members[k]["type"], members[k].get("propertyType", ""))
            for k, v in sorted(props.items())
            if k in members
        ]
        head = f'{indent} <property name="{CLASS_PROPERTY}" type="class" propertytype="{cls}"'
        if inner:
            lines += [head + ">", f"{indent}  <properties>", *inner, f"{indent}  </properties>",
                      f"{indent} </property>"]
        else:
            lines.append(head + "/>")
    if not lines:
        return []
    return [f"{indent}<properties>", *lines, f"{indent}</properties>"]


@dataclass
class Obj:
    """One object, in squares (converted to pixels on writing)."""

    cls: str
    x: float
    y: float
    w: float = 0.0
    h: float = 0.0
    name: str = ""
    shape: str = "rect"  # rect, ellipse, point, polygon, polyline
    points: list[tuple[float, float]] = field(default_factory=list)  # relative, squares
    props: dict[str, object] = field(default_factory=dict)
    template: str = ""

    def xml(self, oid: int) -> list[str]:
        """The <object> element lines."""
        a = [f'id="{oid}"']
        if self.template:
            a.append(f'template="{self.template}"')
        if self.name:
            a.append(f"name={quoteattr(self.name)}")
        if self.cls and not self.template:
            a.append(f'type="{self.cls}"')  # Tiled 1.10+ saves an object's class as "type"
        a.append(f'x="{self.x * T:g}" y="{self.y * T:g}"')
        if self.shape in ("rect", "ellipse") and not self.template:
            a.append(f'width="{self.w * T:g}" height="{self.h * T:g}"')
        body = _props(self.props, "   ", "" if self.template else self.cls)
        if self.shape == "ellipse" and not self.template:
            body.append("   <ellipse/>")
        elif self.shape == "point":
            body.append("   <point/>")
        elif self.shape in ("polygon", "polyline"):
            pts = " ".join(f"{px * T:g},{py * T:g}" for px, py in self.points)
            body.append(f'   <{self.shape} points="{pts}"/>')
        if not body:
            return [f"  <object {' '.join(a)}/>"]
        return [f"  <object {' '.join(a)}>", *body, "  </object>"]


@dataclass
class TileLayerSpec:
    """A tile layer: name, rows of gids, layer properties."""

    name: str
    rows: list[list[int]]
    props: dict[str, object] = field(default_factory=dict)


@dataclass
class Group:
    """A group layer holding tile layers (Tiled 1.0+)."""

    name: str
    layers: list[TileLayerSpec]
    offset: tuple[int, int] = (0, 0)


def write_tmx(
    width: int,
    height: int,
    tileset_source: str,
    props: dict[str, object],
    layers: list[TileLayerSpec | Group],
    object_layers: list[tuple[str, list[Obj]]],
) -> str:
    """A complete Tiled 1.10 map, CSV-encoded, with an external tileset."""
    lid = 0
    oid = 0
    body: list[str] = []

    def tile_layer(spec: TileLayerSpec, indent: str) -> None:
        nonlocal lid
        lid += 1
        body.append(
            f'{indent}<layer id="{lid}" name="{spec.name}" width="{width}" height="{height}">'
        )
        body.extend(_props(spec.props, indent + " "))
        body.append(f'{indent} <data encoding="csv">')
        body.append(",\n".join(",".join(str(g) for g in row) for row in spec.rows))
        body.append("</data>")  # Tiled writes it at the start of the line
        body.append(f"{indent}</layer>")

    for item in layers:
        if isinstance(item, Group):
            lid += 1
            off = (
                f' offsetx="{item.offset[0]}" offsety="{item.offset[1]}"'
                if any(item.offset)
                else ""
            )
            body.append(f' <group id="{lid}" name="{item.name}"{off}>')
            for spec in item.layers:
                tile_layer(spec, "  ")
            body.append(" </group>")
        else:
            tile_layer(item, " ")
    for name, objs in object_layers:
        lid += 1
        body.append(f' <objectgroup id="{lid}" name="{name}">')
        for o in objs:
            oid += 1
            body.extend(o.xml(oid))
        body.append(" </objectgroup>")
    head = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" '
        f'renderorder="right-down" width="{width}" height="{height}" tilewidth="{T}" '
        f'tileheight="{T}" infinite="0" nextlayerid="{lid + 1}" nextobjectid="{oid + 1}">',
        *_props(props, " "),
        f' <tileset firstgid="1" source="{tileset_source}"/>',
    ]
    return "\n".join(head + body + ["</map>"]) + "\n"


def write_template(name: str, cls: str, size: int, props: dict[str, object]) -> str:
    """An object template (.tx): an ellipse token of size x size squares."""
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        "<template>",
        f' <object name={quoteattr(name)} type="{cls}" width="{size * T}" height="{size * T}">',
    ]
    lines.extend(_props(props, "  ", cls))
    lines += ["  <ellipse/>", " </object>", "</template>"]
    return "\n".join(lines) + "\n"
