"""Tiled's JSON formats (.tmj maps, .tsj tilesets, .tj templates) as the XML tree a .tmx gives.

The map loader has one reader, of TMX's element tree; a JSON file is translated into that tree
(the same elements and attributes Tiled writes in TMX), so both formats get the same checks,
messages and battlefield. Shapes of values are checked here, one line naming the place.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, SubElement

from game.io.tiled_xml import input_error

_MAP_ATTRS = (
    "version", "tiledversion", "orientation", "renderorder", "width", "height", "tilewidth",
    "tileheight", "infinite", "nextlayerid", "nextobjectid", "backgroundcolor",
    "parallaxoriginx", "parallaxoriginy", "hexsidelength", "staggeraxis", "staggerindex",
    "compressionlevel", "class",
)  # fmt: skip
_LAYER_ATTRS = (
    "id", "name", "width", "height", "opacity", "visible", "offsetx", "offsety", "tintcolor",
    "parallaxx", "parallaxy", "locked", "class", "repeatx", "repeaty", "color", "draworder",
)  # fmt: skip
_OBJECT_ATTRS = (
    "id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid", "visible",
    "template",
)  # fmt: skip
_TILESET_ATTRS = (
    "firstgid", "source", "name", "tilewidth", "tileheight", "spacing", "margin", "tilecount",
    "columns", "objectalignment", "class", "tilerendersize", "fillmode",
)  # fmt: skip
_TILE_ATTRS = ("id", "type", "class", "probability", "x", "y", "width", "height")


class _Json:
    """Translates one JSON document, naming places in its messages."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, what: str) -> Exception:
        return input_error(self.path, where or None, what)

    def obj(self, value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise self.fail(where, f"expected a JSON object, found {_kind(value)}")
        return value

    def items(self, value: Any, where: str) -> list[Any]:
        if value is None:
            return []
        if not isinstance(value, list):
            raise self.fail(where, f"expected a JSON list, found {_kind(value)}")
        return value

    def attrs(self, el: Element, src: dict[str, Any], names: tuple[str, ...], where: str) -> None:
        for name in names:
            if name in src and src[name] is not None:
                el.set(name, self.scalar(src[name], f"{where} {name}"))

    def scalar(self, value: Any, where: str) -> str:
        """A JSON value as TMX writes it in an attribute (true -> 1, 2.0 -> 2)."""
        if isinstance(value, bool):
            return "1" if value else "0"
        if isinstance(value, int):
            return str(value)
        if isinstance(value, float):
            if not math.isfinite(value):
                raise self.fail(where, f"{value!r} is not a finite number")
            return f"{value:g}" if value != int(value) or abs(value) > 1e15 else str(int(value))
        if isinstance(value, str):
            return value
        raise self.fail(where, f"expected a number or text, found {_kind(value)}")

    def properties(self, el: Element, src: dict[str, Any], where: str) -> None:
        props = self.items(src.get("properties"), f"{where} properties")
        if not props:
            return
        out = SubElement(el, "properties")
        for raw in props:
            p = self.obj(raw, f"{where} property")
            self.property(out, p, where)

    def property(self, parent: Element, p: dict[str, Any], where: str) -> None:
        name = p.get("name")
        ptype = p.get("type", "string")
        node = SubElement(parent, "property")
        if name is not None:
            node.set("name", self.scalar(name, f"{where} property"))
        here = f"{where} property {name!r}"
        node.set("type", self.scalar(ptype, here))
        if p.get("propertytype"):
            node.set("propertytype", self.scalar(p["propertytype"], here))
        value = p.get("value")
        if ptype == "class":
            members = self.obj(value if value is not None else {}, here)
            inner = SubElement(node, "properties")
            for k, v in members.items():
                self.member(inner, str(k), v, here)
        elif value is not None:
            text = self.scalar(value, here)
            if ptype == "bool":
                text = "true" if value is True or text == "1" else "false" if text == "0" else text
            node.set("value", text)

    def member(self, parent: Element, name: str, value: Any, where: str) -> None:
        """A class member: JSON gives its value only, its type follows from the value."""
        if isinstance(value, dict):
            node = SubElement(parent, "property", {"name": name, "type": "class"})
            inner = SubElement(node, "properties")
            for k, v in value.items():
                self.member(inner, str(k), v, f"{where} property {name!r}")
            return
        ptype = (
            "bool"
            if isinstance(value, bool)
            else "int"
            if isinstance(value, int)
            else "float"
            if isinstance(value, float)
            else "string"
        )
        text = self.scalar(value, f"{where} property {name!r}")
        if ptype == "bool":
            text = "true" if value else "false"
        SubElement(parent, "property", {"name": name, "type": ptype, "value": text})

    def image(self, el: Element, src: dict[str, Any], key: str, where: str) -> None:
        if not src.get(key):
            return
        img = SubElement(el, "image", {"source": self.scalar(src[key], where)})
        for jk, xk in (("imagewidth", "width"), ("imageheight", "height")):
            if src.get(jk) is not None:
                img.set(xk, self.scalar(src[jk], where))
        if src.get("transparentcolor"):
            img.set("trans", self.scalar(src["transparentcolor"], where))

    # -- maps ----------------------------------------------------------------------------

    def map(self, src: dict[str, Any]) -> Element:
        root = Element("map")
        self.attrs(root, src, _MAP_ATTRS, "map")
        if "infinite" in src:
            root.set("infinite", "1" if src["infinite"] else "0")
        self.properties(root, src, "map")
        for raw in self.items(src.get("tilesets"), "map tilesets"):
            self.tileset(root, self.obj(raw, "tileset"))
        self.layers(root, src, "map")
        return root

    def layers(self, parent: Element, src: dict[str, Any], where: str) -> None:
        for raw in self.items(src.get("layers"), f"{where} layers"):
            lay = self.obj(raw, "layer")
            kind = lay.get("type")
            here = f"layer {lay.get('name', lay.get('id', '?'))!r}"
            tag = {
                "tilelayer": "layer",
                "objectgroup": "objectgroup",
                "imagelayer": "imagelayer",
                "group": "group",
            }.get(str(kind))
            if tag is None:
                raise self.fail(here, f"unknown layer type {kind!r}")
            el = SubElement(parent, tag)
            self.attrs(el, lay, _LAYER_ATTRS, here)
            self.properties(el, lay, here)
            if tag == "layer":
                self.tile_data(el, lay, here)
            elif tag == "objectgroup":
                for o in self.items(lay.get("objects"), f"{here} objects"):
                    self.object(el, self.obj(o, f"{here} object"), here)
            elif tag == "imagelayer":
                self.image(el, lay, "image", here)
            else:
                self.layers(el, lay, here)

    def tile_data(self, el: Element, lay: dict[str, Any], where: str) -> None:
        data = SubElement(el, "data")
        encoding = lay.get("encoding", "csv")
        if lay.get("compression"):
            data.set("compression", self.scalar(lay["compression"], where))
        if "chunks" in lay:
            data.set("encoding", "base64" if encoding == "base64" else "csv")
            for raw in self.items(lay["chunks"], f"{where} chunks"):
                ch = self.obj(raw, f"{where} chunk")
                node = SubElement(data, "chunk")
                self.attrs(node, ch, ("x", "y", "width", "height"), f"{where} chunk")
                node.text = self.cells(ch.get("data"), encoding, f"{where} chunk")
            return
        data.set("encoding", "base64" if encoding == "base64" else "csv")
        data.text = self.cells(lay.get("data"), encoding, where)

    def cells(self, value: Any, encoding: str, where: str) -> str:
        if encoding == "base64":
            if not isinstance(value, str):
                raise self.fail(where, f"base64 layer data must be text, found {_kind(value)}")
            return value
        cells = self.items(value, f"{where} data")
        if not all(isinstance(c, int) and not isinstance(c, bool) for c in cells):
            bad = next(c for c in cells if not isinstance(c, int) or isinstance(c, bool))
            raise self.fail(where, f"layer data holds {bad!r}, not a tile id")
        return ",".join(str(c) for c in cells)

    def object(self, parent: Element, o: dict[str, Any], where: str) -> None:
        el = SubElement(parent, "object")
        here = f"object {o.get('id', '?')}"
        self.attrs(el, o, _OBJECT_ATTRS, here)
        if el.get("type") == "":
            del el.attrib["type"]
        self.properties(el, o, here)
        if o.get("ellipse"):
            SubElement(el, "ellipse")
        if o.get("point"):
            SubElement(el, "point")
        for shape in ("polygon", "polyline"):
            if shape in o:
                pts = self.items(o[shape], f"{here} {shape}")
                text = " ".join(
                    f"{self.scalar(p.get('x'), here)},{self.scalar(p.get('y'), here)}"
                    for p in (self.obj(v, f"{here} {shape}") for v in pts)
                )
                SubElement(el, shape, {"points": text})
        if isinstance(o.get("text"), dict):
            t = SubElement(el, "text")
            t.text = str(o["text"].get("text", ""))

    # -- tilesets and templates -------------------------------------------------------------

    def tileset(self, parent: Element | None, src: dict[str, Any]) -> Element:
        el = Element("tileset") if parent is None else SubElement(parent, "tileset")
        where = f"tileset {src.get('name', src.get('source', ''))}".strip()
        self.attrs(el, src, _TILESET_ATTRS, where)
        off = src.get("tileoffset")
        if isinstance(off, dict):
            SubElement(el, "tileoffset", {k: self.scalar(off.get(k, 0), where) for k in "xy"})
        self.properties(el, src, where)
        self.image(el, src, "image", where)
        for raw in self.items(src.get("tiles"), f"{where} tiles"):
            t = self.obj(raw, f"{where} tile")
            tile = SubElement(el, "tile")
            here = f"{where} tile {t.get('id', '?')}"
            self.attrs(tile, t, _TILE_ATTRS, here)
            self.properties(tile, t, here)
            self.image(tile, t, "image", here)
            frames = self.items(t.get("animation"), f"{here} animation")
            if frames:
                anim = SubElement(tile, "animation")
                for f in frames:
                    fr = self.obj(f, f"{here} animation")
                    SubElement(anim, "frame", {k: self.scalar(fr.get(k, 0), here)
                                               for k in ("tileid", "duration")})  # fmt: skip
        return el

    def template(self, src: dict[str, Any]) -> Element:
        root = Element("template")
        if src.get("tileset") is not None:
            self.tileset(root, self.obj(src["tileset"], "template tileset"))
        self.object(root, self.obj(src.get("object"), "template object"), "template")
        return root


def _kind(value: Any) -> str:
    return {
        dict: "an object",
        list: "a list",
        str: "text",
        bool: "true/false",
        type(None): "null",
    }.get(type(value), "a number")


def element_from_json(data: bytes, path: Path, kind: str) -> Element:
    """A Tiled JSON file (``kind``: map, tileset or template) as the tree its TMX twin gives."""
    try:
        doc = json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as err:
        raise input_error(path, None, f"not UTF-8 text: {err.reason}") from None
    except json.JSONDecodeError as err:
        what = f"malformed JSON: {err.msg} (column {err.colno})"
        raise input_error(path, err.lineno, what) from None
    except RecursionError:
        raise input_error(path, None, "malformed JSON: nested too deep") from None
    j = _Json(path)
    top = j.obj(doc, "")
    found = top.get("type")
    if kind == "map" and found == "map":
        return j.map(top)
    if kind == "tileset" and found in ("tileset", None):
        return j.tileset(None, top)
    if kind == "template" and found == "template":
        return j.template(top)
    said = f"a {found}" if isinstance(found, str) else "no Tiled \"type\""
    raise input_error(path, None, f"not a Tiled {kind}: this JSON file is {said}")
