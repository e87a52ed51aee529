"""Write Tiled 1.10 .tmx and .tx files exactly as Tiled does (CSV layers, class attributes).

Used by tools/make_maps.py for the shipped maps and by benchmarks/bench_map_load.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import quoteattr

T = 32  # pixels per tile in every shipped map


def _props(props: dict[str, object], indent: str) -> list[str]:
    if not props:
        return []
    out = [f"{indent}<properties>"]
    for k, v in props.items():
        if isinstance(v, bool):
            out.append(f'{indent} <property name="{k}" type="bool" value="{str(v).lower()}"/>')
        elif isinstance(v, int):
            out.append(f'{indent} <property name="{k}" type="int" value="{v}"/>')
        elif isinstance(v, float):
            out.append(f'{indent} <property name="{k}" type="float" value="{v:g}"/>')
        else:
            out.append(f'{indent} <property name="{k}" value={quoteattr(str(v))}/>')
    out.append(f"{indent}</properties>")
    return out


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
        body = _props(self.props, "   ")
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
        body.append(f"{indent}</data>")
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
        f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" '
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
    lines.extend(_props(props, "  "))
    lines += ["  <ellipse/>", " </object>", "</template>"]
    return "\n".join(lines) + "\n"
