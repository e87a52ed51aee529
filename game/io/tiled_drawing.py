"""What Tiled draws of a map, as plain data (no pygame): game/ui/render/maplayers.py draws it.

    map_drawing(path) -> MapDrawing

Layers come in Tiled's order (groups flattened) with their effective visibility, opacity,
offset, tint and parallax factor (a group's apply to its children: offsets add, the rest
multiply). Every gid a layer or object uses has a TileArt: its image file, the rectangle of it
(tileset grids, and Tiled 1.9's x/y/width/height on image-collection tiles), the tileset's tile
offset, the tile-object alignment and its animation. Gids keep Tiled's flip flags.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from xml.etree.ElementTree import Element

import numpy as np

from game.io.map_snapshot import MapSnapshot
from game.io.tiled_conventions import CREATURE_CLASSES
from game.io.tiled_read import TiledDoc, read_tiled
from game.io.tiled_sources import GID_MASK, absolute
from game.io.tiled_xml import attr_float, attr_int, input_error

FLIP_H = 0x80000000  # Tiled's gid flags (docs: TMX "Tile Flipping")
FLIP_V = 0x40000000
FLIP_D = 0x20000000  # anti-diagonal: x and y swapped, before the other two
ROTATE_HEX120 = 0x10000000  # hexagonal maps only: ignored (and masked) on orthogonal ones

Rgba = tuple[int, int, int, int]


@dataclass(frozen=True)
class TileArt:
    """One tile's picture: a rectangle of an image file, where it sits, how it animates."""

    image: Path
    rect: tuple[int, int, int, int] | None  # x, y, w, h in the image; None: the whole image
    size: tuple[int, int]  # w, h in pixels as drawn at scale 1
    offset: tuple[int, int]  # the tileset's <tileoffset>
    anchor: tuple[float, float]  # a tile object's x, y on its picture, as fractions
    trans: tuple[int, int, int] | None  # the image's colour key
    frames: tuple[tuple[int, int], ...] = ()  # animation: (gid, duration ms)


@dataclass(frozen=True)
class Look:
    """A layer's effective visibility, opacity, offset, tint and parallax factor."""

    visible: bool = True
    opacity: float = 1.0
    offset: tuple[float, float] = (0.0, 0.0)
    tint: Rgba | None = None
    parallax: tuple[float, float] = (1.0, 1.0)

    def under(self, el: Element, file: Path, where: str) -> Look:
        """This look (a group's) applied to a child layer element's own."""
        tint = _colour(el.get("tintcolor"), file, where)
        if self.tint is not None:
            tint = self.tint if tint is None else _mul(self.tint, tint)
        return Look(
            self.visible and el.get("visible", "1") not in ("0", "false"),
            self.opacity * attr_float(el, "opacity", 1.0, file, where),
            (
                self.offset[0] + attr_float(el, "offsetx", 0.0, file, where),
                self.offset[1] + attr_float(el, "offsety", 0.0, file, where),
            ),
            tint,
            (
                self.parallax[0] * attr_float(el, "parallaxx", 1.0, file, where),
                self.parallax[1] * attr_float(el, "parallaxy", 1.0, file, where),
            ),
        )


@dataclass
class TileLayerDrawing:
    """A tile layer: gids (flip flags kept) on the map grid."""

    name: str
    look: Look
    gids: np.ndarray  # (height, width) uint32


@dataclass(frozen=True)
class TileObject:
    """A tile object: its gid (flags kept), position (its anchor), size and rotation (degrees)."""

    gid: int
    x: float
    y: float
    width: float
    height: float
    rotation: float


@dataclass
class ObjectLayerDrawing:
    """An object layer's visible tile objects (shapes are Battlemat's meaning, not art)."""

    name: str
    look: Look
    objects: list[TileObject]


@dataclass
class ImageLayerDrawing:
    """An image layer: one picture at the layer's offset, repeated along x and/or y."""

    name: str
    look: Look
    image: Path
    trans: tuple[int, int, int] | None
    repeat: tuple[bool, bool]


LayerDrawing = TileLayerDrawing | ObjectLayerDrawing | ImageLayerDrawing


@dataclass
class MapDrawing:
    """Everything Tiled draws of one orthogonal map, in drawing order."""

    path: Path
    width: int  # tiles
    height: int
    tilewidth: int  # pixels
    tileheight: int
    yards_per_tile: float
    background: Rgba | None
    parallax_origin: tuple[float, float]
    layers: list[LayerDrawing] = field(default_factory=list)
    tiles: dict[int, TileArt] = field(default_factory=dict)  # gid (no flags) -> art
    offsets: list[tuple[float, float]] = field(default_factory=list)  # every visible layer's
    files: list[Path] = field(default_factory=list)  # the map, its tilesets, templates, images
    snapshot: MapSnapshot | None = None  # the map's text files as read (the journal keeps them)

    def picture_box(self) -> tuple[int, int, int, int]:
        """The rectangle (x0, y0, x1, y1 in map pixels) tmxrasterizer draws: the map's own,
        and that rectangle moved by each visible layer's offset."""
        w, h = self.size_px
        xs = [0.0, float(w)] + [ox + v for ox, _ in self.offsets for v in (0, w)]
        ys = [0.0, float(h)] + [oy + v for _, oy in self.offsets for v in (0, h)]
        return (
            math.floor(min(xs)),
            math.floor(min(ys)),
            math.ceil(max(xs)),
            math.ceil(max(ys)),
        )

    @property
    def size_px(self) -> tuple[int, int]:
        """The map's size in pixels at scale 1 (what tmxrasterizer draws)."""
        return self.width * self.tilewidth, self.height * self.tileheight

    def max_tile_px(self) -> tuple[int, int]:
        """The largest tile picture (how far a tile may hang outside its cell)."""
        w = max((t.size[0] + abs(t.offset[0]) for t in self.tiles.values()), default=0)
        h = max((t.size[1] + abs(t.offset[1]) for t in self.tiles.values()), default=0)
        return w, h


def _colour(raw: str | None, file: Path, where: str) -> Rgba | None:
    """Tiled's #RRGGBB or #AARRGGBB as (r, g, b, a)."""
    if not raw:
        return None
    h = raw.strip().lstrip("#")
    try:
        if len(h) == 6:
            return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16), 255
        if len(h) == 8:
            return int(h[2:4], 16), int(h[4:6], 16), int(h[6:8], 16), int(h[0:2], 16)
    except ValueError:
        pass
    raise input_error(file, where, f"colour {raw!r} is not #RRGGBB or #AARRGGBB")


def _mul(a: Rgba, b: Rgba) -> Rgba:
    """Two tints one over the other (Tiled multiplies a group's tint into its layers')."""
    return (
        a[0] * b[0] // 255,
        a[1] * b[1] // 255,
        a[2] * b[2] // 255,
        a[3] * b[3] // 255,
    )


def _trans(img: Element) -> tuple[int, int, int] | None:
    t = (img.get("trans") or "").lstrip("#")
    if len(t) != 6:
        return None
    return int(t[0:2], 16), int(t[2:4], 16), int(t[4:6], 16)


def _tiles_of(ts: Element, map_dir: Path, file: Path) -> dict[int, TileArt]:
    """The TileArt of every tile of one embedded tileset, by gid."""
    where = f"tileset {ts.get('name', '')}"
    first = attr_int(ts, "firstgid", 1, file, where)
    tw = attr_int(ts, "tilewidth", 0, file, where)
    th = attr_int(ts, "tileheight", 0, file, where)
    spacing = attr_int(ts, "spacing", 0, file, where)
    margin = attr_int(ts, "margin", 0, file, where)
    off_el = ts.find("tileoffset")
    offset = (0, 0)
    if off_el is not None:
        offset = (attr_int(off_el, "x", 0, file, where), attr_int(off_el, "y", 0, file, where))
    align = ts.get("objectalignment", "unspecified")
    if align == "unspecified":
        align = "bottomleft"  # orthogonal maps
    anchor = (
        0.0 if "left" in align else 1.0 if "right" in align else 0.5,
        0.0 if align.startswith("top") else 1.0 if align.startswith("bottom") else 0.5,
    )
    out: dict[int, TileArt] = {}
    img = ts.find("image")
    if img is not None and img.get("source"):
        path = absolute(map_dir / img.get("source", ""))
        iw = attr_int(img, "width", 0, file, where)
        ih = attr_int(img, "height", 0, file, where)
        cols = (iw - 2 * margin + spacing) // (tw + spacing) if tw + spacing > 0 else 0
        rows = (ih - 2 * margin + spacing) // (th + spacing) if th + spacing > 0 else 0
        count = attr_int(ts, "tilecount", cols * rows, file, where) or cols * rows
        for tid in range(min(count, cols * rows)):
            cx, cy = tid % cols, tid // cols
            cell = (margin + cx * (tw + spacing), margin + cy * (th + spacing), tw, th)
            out[first + tid] = TileArt(path, cell, (tw, th), offset, anchor, _trans(img))
    for tile in ts.findall("tile"):
        tid = attr_int(tile, "id", 0, file, where)
        timg = tile.find("image")
        base = out.get(first + tid)
        if timg is not None and timg.get("source"):
            path = absolute(map_dir / timg.get("source", ""))
            iw = attr_int(timg, "width", 0, file, where)
            ih = attr_int(timg, "height", 0, file, where)
            rect: tuple[int, int, int, int] | None = None
            if tile.get("width") is not None or tile.get("x") is not None:  # Tiled 1.9
                rx = attr_int(tile, "x", 0, file, where)
                ry = attr_int(tile, "y", 0, file, where)
                rw = attr_int(tile, "width", iw - rx, file, where)
                rh = attr_int(tile, "height", ih - ry, file, where)
                rect, (iw, ih) = (rx, ry, rw, rh), (rw, rh)
            base = TileArt(path, rect, (iw, ih), offset, anchor, _trans(timg))
        if base is None:
            continue
        anim = tile.find("animation")
        if anim is not None:
            frames = tuple(
                (
                    first + attr_int(f, "tileid", 0, file, where),
                    max(1, attr_int(f, "duration", 100, file, where)),
                )
                for f in anim.findall("frame")
            )
            base = TileArt(base.image, base.rect, base.size, offset, anchor, base.trans, frames)
        out[first + tid] = base
    return out


def _tile_objects(
    og: Element, file: Path, where: str, shift: tuple[float, float]
) -> list[TileObject]:
    out = []
    for obj in og.findall("object"):
        gid = attr_int(obj, "gid", 0, file, where)
        if not gid & GID_MASK or obj.get("visible", "1") in ("0", "false"):
            continue
        cls = (obj.get("class") or obj.get("type") or "").lower().replace("-", " ")
        if "_".join(cls.split()) in CREATURE_CLASSES:
            continue  # a creature's tile is its token's art, drawn where the creature stands
        out.append(
            TileObject(
                gid,
                attr_float(obj, "x", 0.0, file, where) + shift[0],
                attr_float(obj, "y", 0.0, file, where) + shift[1],
                attr_float(obj, "width", 0.0, file, where),
                attr_float(obj, "height", 0.0, file, where),
                attr_float(obj, "rotation", 0.0, file, where),
            )
        )
    return out


def drawing_of(doc: TiledDoc) -> MapDrawing:
    """The MapDrawing of a read map (its XML tree has tilesets embedded, templates applied)."""
    root, file = doc.root, doc.path
    tiles: dict[int, TileArt] = {}
    tilesets = sorted(root.findall("tileset"), key=lambda t: int(t.get("firstgid", "1")))
    for ts in tilesets:  # the highest firstgid not above a gid holds it, as in Tiled
        first = int(ts.get("firstgid", "1"))
        tiles = {g: t for g, t in tiles.items() if g < first}
        tiles.update(_tiles_of(ts, file.parent, file))
    ypt = doc.properties.get("yards_per_tile", 1)
    drawing = MapDrawing(
        file,
        doc.width,
        doc.height,
        doc.tilewidth,
        doc.tileheight,
        float(ypt) if isinstance(ypt, (int, float)) and ypt > 0 else 1.0,
        _colour(root.get("backgroundcolor"), file, "map"),
        (
            attr_float(root, "parallaxoriginx", 0.0, file, "map"),
            attr_float(root, "parallaxoriginy", 0.0, file, "map"),
        ),
        tiles=tiles,
        files=list(doc.files),
        snapshot=MapSnapshot.of(file, doc.sources),
    )
    tile_layers = iter(doc.layers)  # the reader's tile layers, in this same order

    def walk(parent: Element, look: Look) -> None:
        for el in parent:
            if el.tag not in ("layer", "objectgroup", "imagelayer", "group"):
                continue
            where = f"layer {el.get('name', el.get('id', '?'))!r}"
            mine = look.under(el, file, where)
            if mine.visible and el.tag != "group":
                drawing.offsets.append(mine.offset)
            if el.tag == "layer":
                layer = next(tile_layers)
                if mine.visible and layer.raw is not None:
                    drawing.layers.append(TileLayerDrawing(layer.name, mine, layer.raw))
                continue
            if el.tag == "group":
                walk(el, mine)  # even hidden: its tile layers are the reader's next ones
            elif not mine.visible:
                continue
            elif el.tag == "objectgroup":
                objs = _tile_objects(el, file, where, doc.shift_px)
                if objs:
                    drawing.layers.append(ObjectLayerDrawing(el.get("name", ""), mine, objs))
            else:
                img = el.find("image")
                if img is not None and img.get("source"):
                    shifted = Look(  # infinite maps: image layers move with the objects
                        mine.visible,
                        mine.opacity,
                        (mine.offset[0] + doc.shift_px[0], mine.offset[1] + doc.shift_px[1]),
                        mine.tint,
                        mine.parallax,
                    )
                    drawing.layers.append(
                        ImageLayerDrawing(
                            el.get("name", ""),
                            shifted,
                            absolute(file.parent / img.get("source", "")),
                            _trans(img),
                            (el.get("repeatx") == "1", el.get("repeaty") == "1"),
                        )
                    )

    walk(root, Look())
    return drawing


def map_drawing(path: Path) -> MapDrawing:
    """Read a Tiled map for drawing; bad input raises a one-line InputError."""
    return drawing_of(read_tiled(Path(path)))
