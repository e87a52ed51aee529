"""Tilesets and object templates of a Tiled map, inlined so nothing else reads files.

External tilesets (.tsx) are parsed here with defusedxml and embedded into the map tree with
their image paths made relative to the map (pytmx then never opens an XML file itself, and an
old tileset whose image has no width/height gets them from the image header). Templates (.tx)
are parsed once each and their tile references remapped to the map's gids.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import numpy as np

from game.io.errors import InputError
from game.io.tiled_conventions import unfold_classes
from game.io.tiled_xml import (
    SourceFiles,
    attr_int,
    image_size,
    input_error,
    read_properties,
)

#: A tileset may not declare more tiles than this (a 4096x4096 image of 16-pixel tiles is 65536).
MAX_TILES_PER_TILESET = 65536
#: Tilesets one map may use (real maps use a handful; each costs lookups per tile).
MAX_TILESETS = 1000
#: Flip and rotation flags live in the top four bits of a gid (Tiled 1.9 added the fourth).
GID_MASK = 0x0FFFFFFF


@dataclass
class Tilesets:
    """The map's tilesets, embedded, with per-gid tile properties and the images they need."""

    map_path: Path
    root: Element
    files: SourceFiles = field(default_factory=SourceFiles)  # the disk, or a journal's copy
    tile_props: dict[int, dict[str, Any]] = field(default_factory=dict)
    tile_src: dict[int, tuple[Path, str]] = field(default_factory=dict)  # gid -> (file, where)
    tile_size: dict[int, tuple[int, int]] = field(default_factory=dict)  # image-collection tiles
    ranges: list[tuple[int, int, int, str]] = field(default_factory=list)  # firstgid, tw, th, align

    def size_of(self, gid: int) -> tuple[int, int]:
        """Pixel size of a tile (for tile objects saved without width and height)."""
        if gid in self.tile_size:
            return self.tile_size[gid]
        best = (0, 0)
        for first, tw, th, _ in self.ranges:
            if first <= gid:
                best = (tw, th)
        return best

    def anchor_of(self, gid: int) -> tuple[float, float]:
        """Where a tile object's x, y sits on its image, as fractions (tileset objectalignment)."""
        align = "bottomleft"
        for first, _, _, a in self.ranges:
            if first <= gid:
                align = a
        fx = 0.0 if "left" in align else 1.0 if "right" in align else 0.5
        fy = 0.0 if align.startswith("top") else 1.0 if align.startswith("bottom") else 0.5
        return fx, fy

    images: list[tuple[Path, str]] = field(default_factory=list)  # (file, where) for each image
    by_source: dict[Path, int] = field(default_factory=dict)  # .tsx file -> firstgid
    next_gid: int = 1
    spans: list[tuple[int, int, str]] = field(default_factory=list)  # first gid, last gid, where
    notes: list[str] = field(default_factory=list)  # what loads as in Tiled but looks wrong
    claimed: dict[int, int] = field(default_factory=dict)  # gid -> firstgid its entries came from

    def claim(self, gid: int, firstgid: int) -> bool:
        """May the tileset at ``firstgid`` describe ``gid``? Overlapping ranges resolve as in
        Tiled: the tileset with the highest firstgid not above the gid holds it."""
        if self.claimed.get(gid, 0) > firstgid:
            return False
        self.claimed[gid] = firstgid
        return True

    def settle(self) -> None:
        """Once every tileset is in: drop what a tileset said of gids a later range took."""
        firsts = sorted(a for a, _, _ in self.spans)
        if len(firsts) < 2:
            return
        idx = np.searchsorted(np.array(firsts), list(self.claimed), side="right") - 1
        for (gid, src), i in zip(list(self.claimed.items()), idx.tolist(), strict=True):
            if i >= 0 and firsts[i] != src:
                for d in (self.tile_props, self.tile_src, self.tile_size):
                    d.pop(gid, None)  # type: ignore[attr-defined]
                del self.claimed[gid]

    def unknown_gid(self, gids: Iterable[int]) -> int | None:
        """The first gid (flags cleared, 0 skipped) that no tileset holds, or None."""
        g = np.asarray(list(gids), dtype=np.int64)
        g = g[g != 0]
        if not g.size:
            return None
        spans = sorted(self.spans)
        firsts = np.array([a for a, _, _ in spans], dtype=np.int64)
        lasts = np.array([b for _, b, _ in spans], dtype=np.int64)
        i = np.searchsorted(firsts, g, side="right") - 1  # the highest firstgid not above g
        held = (i >= 0) & (g <= lasts[np.maximum(i, 0)]) if firsts.size else np.zeros(g.size, bool)
        return None if held.all() else int(g[~held][0])

    def held(self) -> str:
        """Which gids the tilesets hold, for messages."""
        if not self.spans:
            return "the map has no tileset"
        return "the map's tilesets hold gids " + ", ".join(
            f"{a}-{b}" for a, b, _ in sorted(self.spans)
        )


def absolute(path: Path) -> Path:
    """An absolute path without resolving symlinks (a map folder may be a link)."""
    return Path(os.path.abspath(path))


_IMAGE_SUFFIXES = (".png", ".gif", ".jpg", ".jpeg", ".bmp", ".webp", ".tga")


def _refuse_not_tsx(file: Path, where: str, path: Path) -> None:
    """A tileset source must be a .tsx file: not a folder, not the tileset's image itself."""
    if path.is_dir():
        raise input_error(file, where, f"{path} is a folder, not a tileset file (.tsx)")
    if path.suffix.lower() in _IMAGE_SUFFIXES:
        raise input_error(
            file,
            where,
            "an image is not a tileset: in Tiled, make a tileset from it (New Tileset) "
            "and add that .tsx to the map",
        )


def _rel(path: Path, map_dir: Path) -> str:
    """A path as Tiled and pytmx want it: relative to the map's folder, forward slashes."""
    try:
        return Path(os.path.relpath(path, map_dir)).as_posix()
    except ValueError:  # another drive on Windows
        return path.as_posix()


def _fix_image(
    img: Element,
    base_dir: Path,
    ts: Tilesets,
    where: str,
    tile_w: int,
    tile_h: int,
    fallback: tuple[int, int] | None,
) -> None:
    """Point an <image> at its file relative to the map; fill in a missing width/height."""
    source = img.get("source")
    if not source:
        return
    full = absolute(base_dir / source)
    img.set("source", _rel(full, ts.map_path.parent))
    ts.images.append((full, f"{where} image {source}"))
    if img.get("width") is None or img.get("height") is None:
        size = image_size(full) or fallback or (tile_w, tile_h)
        img.set("width", str(size[0]))
        img.set("height", str(size[1]))


def _embed(ts: Tilesets, node: Element, tsx_root: Element | None, tsx_path: Path | None) -> Element:
    """Build the embedded <tileset> element (a copy of the .tsx content with the map's firstgid)."""
    where = f"tileset {node.get('source') or node.get('name') or ''}".strip()
    file = tsx_path or ts.map_path
    firstgid = attr_int(node, "firstgid", 1, ts.map_path, where)
    if not 1 <= firstgid <= GID_MASK:
        raise input_error(
            ts.map_path, where, f"firstgid {firstgid} is out of range (Tiled starts at 1)"
        )
    src = tsx_root if tsx_root is not None else node
    out = copy.deepcopy(src)
    out.attrib.pop("source", None)
    for k in ("version", "tiledversion"):
        out.attrib.pop(k, None)
    out.set("firstgid", str(firstgid))
    base_dir = (tsx_path or ts.map_path).parent
    tw = attr_int(out, "tilewidth", 0, file, where)
    th = attr_int(out, "tileheight", 0, file, where)
    tilecount = attr_int(out, "tilecount", 0, file, where)
    columns = attr_int(out, "columns", 0, file, where)
    if tw <= 0 or th <= 0 or tw > 4096 or th > 4096:
        raise input_error(file, where, f"tile size {tw}x{th} pixels is out of range (1 to 4096)")
    if tilecount < 0 or columns < 0:
        raise input_error(file, where, f"tilecount {tilecount} or columns {columns} is negative")
    if tilecount > MAX_TILES_PER_TILESET:
        raise input_error(
            file,
            where,
            f"tilecount {tilecount} is more than the "
            f"{MAX_TILES_PER_TILESET} tiles a tileset may have",
        )
    fallback = None
    if columns and tilecount and tw and th:
        fallback = (columns * tw, -(-tilecount // columns) * th)
    img = out.find("image")
    if img is not None:
        _fix_image(img, base_dir, ts, where, tw, th, fallback)
        w = attr_int(img, "width", 0, file, where)
        h = attr_int(img, "height", 0, file, where)
        if tw > 0 and th > 0 and (w // tw) * (h // th) > MAX_TILES_PER_TILESET:
            raise input_error(
                file,
                where,
                f"image of {w}x{h} pixels in {tw}x{th} tiles is more "
                f"than {MAX_TILES_PER_TILESET} tiles",
            )
        if not tilecount and tw > 0 and th > 0:
            tilecount = (w // tw) * (h // th)
    last_id = tilecount - 1
    for tile in out.findall("tile"):
        tid = attr_int(tile, "id", None, file, f"{where} tile")
        if not 0 <= tid < MAX_TILES_PER_TILESET * 64:
            raise input_error(file, f"{where} tile {tid}", "tile id is out of range")
        last_id = max(last_id, tid)
        twhere = f"{where} tile {tid}"
        timg = tile.find("image")
        if not ts.claim(firstgid + tid, firstgid):
            continue  # a tileset with a higher firstgid holds this gid (Tiled's rule)
        if timg is not None:
            _fix_image(timg, base_dir, ts, twhere, tw, th, None)
            ts.tile_size[firstgid + tid] = (
                attr_int(timg, "width", tw, file, twhere),
                attr_int(timg, "height", th, file, twhere),
            )
        # tile collision shapes would show up as map layers in pytmx (.//objectgroup)
        for og in tile.findall("objectgroup"):
            tile.remove(og)
        props, typed = unfold_classes(tile, read_properties(tile, file, twhere))
        cls = tile.get("class") or tile.get("type") or typed
        if cls:
            props.setdefault("class", cls)
        if props:
            ts.tile_props[firstgid + tid] = props
            ts.tile_src[firstgid + tid] = (file, twhere)
    last_gid = firstgid + max(last_id, 0)
    for first, last, other in ts.spans:
        if first <= last_gid and firstgid <= last and last_id >= 0:
            ts.notes.append(  # Tiled loads it; pytmx too
                f"{where}: gids {firstgid}-{last_gid} overlap {other} (gids {first}-{last}); "
                "as in Tiled, each gid belongs to the tileset with the highest firstgid not "
                "above it (save the map in Tiled to renumber)"
            )
    if last_id >= 0:
        ts.spans.append((firstgid, last_gid, where))
    ts.next_gid = max(ts.next_gid, last_gid + 1)
    align = out.get("objectalignment", "unspecified")
    ts.ranges.append((firstgid, tw, th, "bottomleft" if align == "unspecified" else align))
    ts.ranges.sort()
    return out


def embed_tilesets(map_path: Path, root: Element, files: SourceFiles) -> Tilesets:
    """Replace every <tileset source=...> of the map by its content; collect tile properties."""
    ts = Tilesets(map_path=map_path, root=root, files=files)
    if len(root.findall("tileset")) > MAX_TILESETS:
        raise input_error(map_path, "map", f"more than {MAX_TILESETS} tilesets")
    for i, node in enumerate(list(root)):
        if node.tag != "tileset":
            continue
        source = node.get("source")
        if source:
            tsx_path = absolute(map_path.parent / source)
            _refuse_not_tsx(map_path, f"tileset {source}", tsx_path)
            if not files.is_file(tsx_path):
                raise input_error(
                    map_path, f"tileset {source}", f"tileset file not found: {tsx_path}"
                )
            try:  # a broken tileset is named with the map that uses it
                tsx_root = files.parse(tsx_path, kind="tileset")
                if tsx_root.tag != "tileset":
                    raise input_error(
                        tsx_path, None, f"expected a <tileset>, found <{tsx_root.tag}>"
                    )
                new = _embed(ts, node, tsx_root, tsx_path)
            except InputError as err:
                if err.file == str(map_path):
                    raise
                used = f" (the tileset of {map_path})"
                raise InputError(err.file, err.where, err.what + used) from None
            ts.by_source[tsx_path] = int(new.get("firstgid", "1"))
        else:
            new = _embed(ts, node, None, None)
        root.remove(node)
        root.insert(i, new)
    ts.settle()
    return ts


@dataclass
class Template:
    """One parsed .tx file: its object element, properties, and its gid in the map's gid space."""

    obj: Element
    properties: dict[str, Any]
    gid: int | None  # map gid with flip flags, or None for a shape template


class Templates:
    """Loads each template file once and remaps its tile to the map's tilesets."""

    def __init__(self, tilesets: Tilesets) -> None:
        self.ts = tilesets
        self.cache: dict[Path, Template] = {}

    def get(self, source: str, where: str, base_dir: Path) -> Template:
        """The template named by an object's ``template`` attribute (relative to base_dir)."""
        path = absolute(base_dir / source)
        if path in self.cache:
            return self.cache[path]
        map_path = self.ts.map_path
        if not self.ts.files.is_file(path):
            raise input_error(map_path, where, f"template file not found: {path}")
        root = self.ts.files.parse(path, kind="template")
        obj = root.find("object")
        if root.tag != "template" or obj is None:
            raise input_error(path, None, "expected a <template> with an <object>")
        if obj.get("template"):
            raise input_error(
                path,
                "template object",
                f"uses another template ({obj.get('template')}): Tiled templates do not nest",
            )
        props, typed = unfold_classes(obj, read_properties(obj, path, "template object"))
        if typed and not (obj.get("class") or obj.get("type")):
            obj.set("type", typed)  # placed objects take the template's class (apply_template)
        gid: int | None = None
        if obj.get("gid") is not None:
            raw = attr_int(obj, "gid", 0, path, "template object")
            tsn = root.find("tileset")
            if tsn is None:
                raise input_error(path, "template object", "has a gid but no tileset")
            tfirst = attr_int(tsn, "firstgid", 1, path, "template tileset")
            gid = self._map_gid(path, tsn, raw, tfirst)
        tpl = Template(obj, props, gid)
        self.cache[path] = tpl
        return tpl

    def _map_gid(self, tx_path: Path, tsn: Element, raw: int, tfirst: int) -> int:
        """Translate a template's gid to the map's gid space, adding its tileset if needed."""
        flags = raw & ~GID_MASK & 0xFFFFFFFF
        local = (raw & GID_MASK) - tfirst
        source = tsn.get("source")
        if source:
            tsx = absolute(tx_path.parent / source)
            _refuse_not_tsx(tx_path, f"tileset {source}", tsx)
            if tsx not in self.ts.by_source:
                node = Element("tileset", {"firstgid": str(self.ts.next_gid), "source": source})
                if not self.ts.files.is_file(tsx):
                    raise input_error(
                        tx_path, f"tileset {source}", f"tileset file not found: {tsx}"
                    )
                new = _embed(self.ts, node, self.ts.files.parse(tsx, kind="tileset"), tsx)
                self._append(new)
                self.ts.by_source[tsx] = int(new.get("firstgid", "1"))
            first = self.ts.by_source[tsx]
        else:
            node = copy.deepcopy(tsn)
            node.set("firstgid", str(self.ts.next_gid))
            new = _embed(self.ts, node, None, None)
            self._append(new)
            first = int(new.get("firstgid", "1"))
        return (first + local) | flags

    def _append(self, tileset: Element) -> None:
        """Insert a tileset after the map's last tileset (Tiled's element order)."""
        root = self.ts.root
        idx = 0
        for i, child in enumerate(list(root)):
            if child.tag in ("tileset", "properties", "editorsettings"):
                idx = i + 1
        root.insert(idx, tileset)


SHAPE_TAGS = ("ellipse", "point", "polygon", "polyline", "text")


def apply_template(obj: Element, tpl: Element, gid: int | None) -> None:
    """Give the placed object its template's attributes, shape and properties (its own win)."""
    for k in ("name", "type", "class", "width", "height", "rotation", "visible"):
        if obj.get(k) is None and tpl.get(k) is not None:
            obj.set(k, tpl.get(k, ""))
    if obj.get("gid") is None and gid is not None:
        obj.set("gid", str(gid))
    if not any(obj.find(t) is not None for t in SHAPE_TAGS):
        for t in SHAPE_TAGS:
            child = tpl.find(t)
            if child is not None:
                obj.append(copy.deepcopy(child))
    tprops = tpl.find("properties")
    if tprops is not None:
        mine = obj.find("properties")
        merged = Element("properties")
        names = set()
        if mine is not None:
            names = {p.get("name") for p in mine.findall("property")}
        for p in tprops.findall("property"):
            if p.get("name") not in names:
                merged.append(copy.deepcopy(p))
        if mine is not None:
            for p in mine.findall("property"):
                merged.append(p)
            obj.remove(mine)
        obj.insert(0, merged)
