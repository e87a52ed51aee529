"""Read a Tiled .tmx into plain data (tile layers as numpy gids, objects as outlines in pixels).

The same pass fixes the XML tree so pytmx can parse it: tilesets embedded, templates applied,
infinite maps made bounded, zstd/XML-tile/chunk data rewritten as CSV, group offsets pushed
down to the layers, ``class`` copied to ``type``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import numpy as np

from game.io.tiled_conventions import ignored, unfold_classes
from game.io.tiled_data import decode_chunks, decode_data, to_csv
from game.io.tiled_sources import (
    GID_MASK,
    Templates,
    absolute,
    apply_template,
    embed_tilesets,
)
from game.io.tiled_xml import (
    MAX_COORD,
    MAX_DEPTH,
    SourceFiles,
    attr_float,
    attr_int,
    input_error,
    merge_properties,
    read_properties,
)

#: Largest map side in tiles (and, after resampling, in yards) Battlemat accepts.
MAX_SIDE = 1024
#: Cap on squares times tile layers, so a map cannot ask for gigabytes.
MAX_LAYER_CELLS = 16 * 1024 * 1024
MAX_OBJECTS = 20_000
#: Points in one polygon or polyline, and in all of them (rasterizing costs rows x points).
MAX_SHAPE_POINTS = 10_000
MAX_TOTAL_POINTS = 200_000
ELLIPSE_SIDES = 24


@dataclass
class TileLayer:
    """One tile layer: gids without flip flags, its pixel offset (groups included), properties."""

    name: str
    gids: np.ndarray  # (height, width) uint32
    offset_px: tuple[float, float]
    properties: dict[str, Any]
    visible: bool
    where: str
    raw: np.ndarray | None = None  # the gids with Tiled's flip flags, for drawing


@dataclass
class MapObject:
    """One object, template applied, with its outline in map pixels (offsets and rotation done)."""

    id: int
    name: str
    cls: str  # Tiled 1.9 "class", or the older "type"; lower case
    shape: str  # "rect", "ellipse", "point", "polygon", "polyline", "tile", "text"
    points: tuple[tuple[float, float], ...]
    properties: dict[str, Any]
    layer: str
    where: str
    gid: int = 0


@dataclass
class TiledDoc:
    """What a .tmx says, as plain data, plus its pytmx-ready XML tree."""

    path: Path
    root: Element
    width: int
    height: int
    tilewidth: int
    tileheight: int
    properties: dict[str, Any]
    layers: list[TileLayer] = field(default_factory=list)
    objects: list[MapObject] = field(default_factory=list)
    tile_props: dict[int, dict[str, Any]] = field(default_factory=dict)
    tile_src: dict[int, tuple[Path, str]] = field(default_factory=dict)
    images: list[tuple[Path, str]] = field(default_factory=list)
    infinite: bool = False
    notes: list[str] = field(default_factory=list)  # leniencies: loads as in Tiled, looks wrong
    files: list[Path] = field(default_factory=list)  # the map, its tilesets, templates, images
    sources: dict[Path, bytes] = field(default_factory=dict)  # the text files as read
    shift_px: tuple[float, float] = (0.0, 0.0)  # infinite maps: what moved the first chunk to 0,0


def _rotate(
    points: list[tuple[float, float]], ox: float, oy: float, deg: float
) -> list[tuple[float, float]]:
    """Rotate points about the origin clockwise on screen, as Tiled does, then place them."""
    if not deg:
        return [(ox + x, oy + y) for x, y in points]
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return [(ox + x * c - y * s, oy + x * s + y * c) for x, y in points]


def _class_name(cls: str) -> str:
    """An object class as Battlemat matches it: "Low Wall" and "low-wall" mean low_wall."""
    return "_".join(cls.strip().lower().replace("-", " ").split())


def _read_points(text: str | None, file: Path, where: str) -> list[tuple[float, float]]:
    pts = []
    pairs = (text or "").split()
    if len(pairs) > MAX_SHAPE_POINTS:
        raise input_error(
            file, where, f"shape has {len(pairs)} points, more than {MAX_SHAPE_POINTS}"
        )
    for pair in pairs:
        try:
            x, y = pair.split(",")
            px, py = float(x), float(y)
        except ValueError:
            raise input_error(file, where, f"bad point {pair!r} (expected x,y)") from None
        if not (math.isfinite(px) and math.isfinite(py)) or max(abs(px), abs(py)) > MAX_COORD:
            raise input_error(file, where, f"point {pair!r} is out of range")
        pts.append((px, py))
    if not pts:
        raise input_error(file, where, "shape has no points")
    return pts


class _Reader:
    def __init__(self, path: Path, root: Element, for_pytmx: bool, files: SourceFiles) -> None:
        self.path = path
        self.root = root
        self.for_pytmx = for_pytmx
        self.tilesets = embed_tilesets(path, root, files)
        self.templates = Templates(self.tilesets)
        self.points = 0
        self.chunked: list[tuple[Element, TileLayer, dict[tuple[int, int], np.ndarray]]] = []
        self.layer_cells = 0
        self.ids: dict[int, tuple[str, str]] = {}  # id -> (layer, name) of its first object
        self.notes: list[str] = []
        self.chunk_cells = 0

    def walk(
        self,
        parent: Element,
        doc: TiledDoc,
        off: tuple[float, float],
        visible: bool,
        depth: int = 0,
        opacity: float = 1.0,
        skip: bool = False,
    ) -> None:
        """Visit layers in draw order, groups included (offsets add up, opacities multiply)."""
        if depth > MAX_DEPTH:
            raise input_error(
                self.path,
                f"layer {parent.get('name', '')!r}",
                f"group layers nested more than {MAX_DEPTH} deep",
            )
        for el in list(parent):
            tag = el.tag
            if tag not in ("layer", "objectgroup", "imagelayer", "group"):
                continue
            name = el.get("name", "")
            where = f"layer {name!r}" if name else f"layer {el.get('id', '?')}"
            ox = off[0] + attr_float(el, "offsetx", 0.0, self.path, where)
            oy = off[1] + attr_float(el, "offsety", 0.0, self.path, where)
            vis = visible and el.get("visible", "1") not in ("0", "false")
            alpha = opacity * attr_float(el, "opacity", 1.0, self.path, where)
            if self.for_pytmx and tag != "group":
                # pytmx flattens groups (and reads offsets as ints): give each layer its
                # effective offset, opacity and visibility, groups included
                el.set("offsetx", str(round(ox)))
                el.set("offsety", str(round(oy)))
                if depth:
                    el.set("opacity", f"{alpha:g}")
                    el.set("visible", "1" if vis else "0")
            elif self.for_pytmx:
                for k in ("offsetx", "offsety"):
                    if el.get(k) is not None:
                        el.set(k, str(round(float(el.get(k, "0")))))
            if tag == "group":
                # a group's battlemat_ignore holds for every layer in it (an "Art" group)
                off_rules = skip or ignored(read_properties(el, self.path, where))
                self.walk(el, doc, (ox, oy), vis, depth + 1, alpha, off_rules)
            elif tag == "layer":
                self.tile_layer(el, doc, (ox, oy), vis, name, where, skip)
            elif tag == "objectgroup":
                self.object_layer(el, doc, (ox, oy), name, where, skip)
            elif self.for_pytmx and el.find("image") is None:
                parent.remove(el)  # pytmx cannot take an image layer with no image

    def tile_layer(
        self,
        el: Element,
        doc: TiledDoc,
        off: tuple[float, float],
        vis: bool,
        name: str,
        where: str,
        skip: bool = False,
    ) -> None:
        props, _ = unfold_classes(el, read_properties(el, self.path, where))
        if skip:
            props["battlemat_ignore"] = True  # its group's switch
        data = el.find("data")
        if data is None:
            raise input_error(self.path, where, "tile layer has no <data>")
        layer = TileLayer(name, np.zeros((0, 0), np.uint32), off, props, vis, where)
        if doc.infinite:
            chunks = decode_chunks(data, self.path, where, MAX_SIDE, self.count_chunk_cells)
            self.chunked.append((el, layer, chunks))
        else:
            w = attr_int(el, "width", doc.width, self.path, where)
            h = attr_int(el, "height", doc.height, self.path, where)
            if (w, h) != (doc.width, doc.height):
                raise input_error(
                    self.path, where, f"layer is {w}x{h}, the map is {doc.width}x{doc.height}"
                )
            self.count_cells(w * h, where)
            raw = decode_data(data, w, h, self.path, where)
            layer.gids = raw & np.uint32(GID_MASK)
            layer.raw = raw
            self.check_gids(layer.gids, where)
            if self.for_pytmx and (
                data.get("compression") == "zstd" or data.get("encoding") != "base64"
            ):
                self.set_csv(data, raw)  # pytmx reads neither zstd nor hand-spaced CSV
        doc.layers.append(layer)

    def check_gids(self, gids: np.ndarray, where: str, origin: tuple[int, int] = (0, 0)) -> None:
        """Every painted gid must be a tile of some tileset (Tiled refuses such maps too)."""
        bad = self.tilesets.unknown_gid(np.unique(gids).tolist())
        if bad is not None:
            y, x = (int(v[0]) for v in np.nonzero(gids == bad))
            raise input_error(
                self.path,
                where,
                f"tile gid {bad} at {x + origin[0]},{y + origin[1]} is in no tileset "
                f"({self.tilesets.held()})",
            )

    def count_chunk_cells(self, n: int, where: str) -> None:
        """Infinite maps: chunk data decoded so far, capped like the layers it becomes."""
        self.chunk_cells += n
        if self.chunk_cells > MAX_LAYER_CELLS:
            raise input_error(
                self.path,
                where,
                f"chunks hold more than {MAX_LAYER_CELLS} squares in all; the map is too big",
            )

    def count_cells(self, n: int, where: str) -> None:
        self.layer_cells += n
        if self.layer_cells > MAX_LAYER_CELLS:
            raise input_error(
                self.path,
                where,
                f"tile layers hold more than {MAX_LAYER_CELLS} squares in all; the map is too big",
            )

    @staticmethod
    def set_csv(data: Element, raw: np.ndarray) -> None:
        del data[:]  # all <tile>s at once (removing them one by one is quadratic)
        data.attrib.pop("compression", None)
        data.set("encoding", "csv")
        data.text = to_csv(raw)

    def object_layer(
        self,
        el: Element,
        doc: TiledDoc,
        off: tuple[float, float],
        name: str,
        where: str,
        group_off: bool = False,
    ) -> None:
        # objects of an ignored layer are still read (templates applied): they are drawn
        skip = group_off or ignored(read_properties(el, self.path, where))
        for i, obj in enumerate(el.findall("object")):
            if len(doc.objects) + i >= MAX_OBJECTS:
                raise input_error(self.path, where, f"more than {MAX_OBJECTS} objects")
            one = self.one_object(obj, off, name)  # templates applied for drawing too
            if not skip:
                doc.objects.append(one)

    def one_object(self, obj: Element, off: tuple[float, float], layer: str) -> MapObject:
        oid = attr_int(obj, "id", 0, self.path, "object")
        where = f"object {oid}"
        name = obj.get("name", "")
        if oid and oid in self.ids:  # Tiled loads it; messages naming the id mean the first
            first_layer, first_name = self.ids[oid]
            self.notes.append(
                f"{where}: two objects have id {oid}, {first_name or 'unnamed'!r} on layer "
                f"{first_layer!r} and {name or 'unnamed'!r} on layer {layer!r}; both load, "
                f"and messages about object {oid} mean the first (save the map in Tiled to "
                "renumber)"
            )
        else:
            self.ids[oid] = (layer, name)
        tpl_props: dict[str, Any] = {}
        tsrc = obj.get("template")
        if tsrc:
            tpl = self.templates.get(tsrc, f"{where} template {tsrc}", self.path.parent)
            apply_template(obj, tpl.obj, tpl.gid)
            tpl_props = tpl.properties
        own, typed = unfold_classes(obj, read_properties(obj, self.path, where))
        props = merge_properties(tpl_props, own)
        cls = obj.get("class") or obj.get("type") or typed
        if cls and obj.get("type") is None:
            obj.set("type", cls)  # pytmx (and Tiled 1.8) read "type"
        x = attr_float(obj, "x", 0.0, self.path, where) + off[0]
        y = attr_float(obj, "y", 0.0, self.path, where) + off[1]
        w = attr_float(obj, "width", 0.0, self.path, where)
        h = attr_float(obj, "height", 0.0, self.path, where)
        rot = attr_float(obj, "rotation", 0.0, self.path, where)
        gid = attr_int(obj, "gid", 0, self.path, where) & GID_MASK
        if gid and self.tilesets.unknown_gid([gid]) is not None:
            raise input_error(
                self.path,
                where,
                f"tile gid {gid} is in no tileset ({self.tilesets.held()})",
            )
        if gid:
            tp = self.tilesets.tile_props.get(gid)
            if tp:  # a tile object inherits its tile's properties
                props = {**{k: v for k, v in tp.items() if k != "class"}, **props}
                cls = cls or str(tp.get("class", ""))
            shape = "tile"
            if w == 0 or h == 0:  # before Tiled 0.12 tile objects had no size: the tile's own
                w, h = self.tilesets.size_of(gid)
            fx, fy = self.tilesets.anchor_of(gid)  # bottom-left unless the tileset says
            left, top = -fx * w, -fy * h
            rel = [(left, top), (left + w, top), (left + w, top + h), (left, top + h)]
        elif obj.find("ellipse") is not None:
            shape = "ellipse"
            rel = [
                (
                    w / 2 + w / 2 * math.cos(2 * math.pi * i / ELLIPSE_SIDES),
                    h / 2 + h / 2 * math.sin(2 * math.pi * i / ELLIPSE_SIDES),
                )
                for i in range(ELLIPSE_SIDES)
            ]
        elif obj.find("point") is not None:
            shape, rel = "point", [(0.0, 0.0)]
        elif obj.find("polygon") is not None:
            shape = "polygon"
            rel = _read_points(obj.find("polygon").get("points"), self.path, where)  # type: ignore[union-attr]
        elif obj.find("polyline") is not None:
            shape = "polyline"
            rel = _read_points(obj.find("polyline").get("points"), self.path, where)  # type: ignore[union-attr]
        elif w == 0 and h == 0:
            shape, rel = "point", [(0.0, 0.0)]
        else:
            shape = "text" if obj.find("text") is not None else "rect"
            rel = [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]
        self.points += len(rel) if shape in ("polygon", "polyline") else 0
        if self.points > MAX_TOTAL_POINTS:
            raise input_error(self.path, where, f"objects hold more than {MAX_TOTAL_POINTS} points")
        pts = tuple(_rotate(rel, x, y, rot))
        return MapObject(
            oid, obj.get("name", ""), _class_name(cls), shape, pts, props, layer, where, gid
        )

    def bound_infinite(self, doc: TiledDoc) -> None:
        """Turn an infinite map's chunks into one bounded grid covering every chunk."""
        boxes = [
            (cx, cy, cx + a.shape[1], cy + a.shape[0])
            for _, _, chunks in self.chunked
            for (cx, cy), a in chunks.items()
        ]
        if boxes:
            x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
            x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        else:
            x0, y0, x1, y1 = 0, 0, doc.width, doc.height
        w, h = x1 - x0, y1 - y0
        if w > MAX_SIDE or h > MAX_SIDE:
            raise input_error(
                self.path,
                "map",
                f"infinite map's tiles span {w}x{h} squares, "
                f"more than the {MAX_SIDE}x{MAX_SIDE} cap",
            )
        doc.width, doc.height = w, h
        for el, layer, chunks in self.chunked:
            self.count_cells(w * h, layer.where)
            raw = np.zeros((h, w), np.uint32)
            for (cx, cy), a in chunks.items():
                raw[cy - y0 : cy - y0 + a.shape[0], cx - x0 : cx - x0 + a.shape[1]] = a
            layer.gids = raw & np.uint32(GID_MASK)
            layer.raw = raw
            self.check_gids(layer.gids, layer.where, (x0, y0))
            if self.for_pytmx:
                el.set("width", str(w))
                el.set("height", str(h))
                self.set_csv(el.find("data"), raw)  # type: ignore[arg-type]
        dx, dy = -x0 * doc.tilewidth, -y0 * doc.tileheight
        doc.shift_px = (float(dx), float(dy))
        for o in doc.objects:
            o.points = tuple((px + dx, py + dy) for px, py in o.points)
        if self.for_pytmx:
            self.root.set("infinite", "0")
            self.root.set("width", str(w))
            self.root.set("height", str(h))
            for og in self.root.iter("objectgroup"):
                for obj in og.findall("object"):
                    obj.set("x", str(float(obj.get("x", "0")) + dx))
                    obj.set("y", str(float(obj.get("y", "0")) + dy))


def read_tiled(
    path: Path, *, for_pytmx: bool = False, given: dict[Path, bytes] | None = None
) -> TiledDoc:
    """Read a .tmx or .tmj (orthogonal only) into a TiledDoc; bad input: a one-line InputError.

    ``given``: the map's text files by absolute path (a journal's copy of them), read instead
    of the disk; images are always read from the disk.
    """
    path = Path(path)
    files = SourceFiles(given)
    if path.suffix.lower() in (".png", ".gif", ".jpg", ".jpeg", ".bmp", ".webp", ".tsx", ".tx"):
        raise input_error(path, None, f"a {path.suffix} file is not a Tiled map (.tmx or .tmj)")
    root = files.parse(path, kind="map")
    if root.tag != "map":
        raise input_error(
            path, None, f"not a Tiled map: the root element is <{root.tag}>, not <map>"
        )
    orientation = root.get("orientation", "orthogonal")
    if orientation != "orthogonal":
        raise input_error(
            path,
            "map",
            f"{orientation} maps are not supported; Battlemat reads "
            "orthogonal (square grid) maps only",
        )
    w = attr_int(root, "width", None, path, "map")
    h = attr_int(root, "height", None, path, "map")
    tw = attr_int(root, "tilewidth", None, path, "map")
    th = attr_int(root, "tileheight", None, path, "map")
    infinite = root.get("infinite", "0") == "1"
    if not infinite and not (0 < w <= MAX_SIDE and 0 < h <= MAX_SIDE):
        raise input_error(
            path, "map", f"map size {w}x{h} is out of range (1 to {MAX_SIDE} squares a side)"
        )
    if not (0 < tw <= 4096 and 0 < th <= 4096):
        raise input_error(path, "map", f"tile size {tw}x{th} pixels is out of range (1 to 4096)")
    props = read_properties(root, path, "map")
    reader = _Reader(path, root, for_pytmx, files)
    doc = TiledDoc(path, root, w, h, tw, th, props, infinite=infinite)
    reader.walk(root, doc, (0.0, 0.0), True)
    if infinite:
        reader.bound_infinite(doc)
    doc.notes = reader.tilesets.notes + reader.notes
    doc.tile_props = reader.tilesets.tile_props
    doc.tile_src = reader.tilesets.tile_src
    doc.images = reader.tilesets.images
    for el in root.iter("imagelayer"):
        img = el.find("image")
        if img is not None and img.get("source"):
            doc.images.append(
                (
                    absolute(path.parent / img.get("source", "")),
                    f"image layer {el.get('name', '')!r}",
                )
            )
    doc.files = [  # every file the map is made of, for watching them (game/io/tiled_watch.py)
        absolute(path),
        *reader.tilesets.by_source,
        *reader.templates.cache,
        *dict.fromkeys(f for f, _ in doc.images),
    ]
    doc.sources = dict(files.read)
    return doc
