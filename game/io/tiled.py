"""Tiled maps in, Battlefields out: the public face of the map loader (docs/maps.md).

    load_battlefield(path)            -> Battlefield      (no images needed)
    load_map(path)                    -> (Battlefield, MapDrawing)  (what the window draws)
    check_images(drawing)             -> notes             (what `battlemat check` adds)
    describe_battlefield(bf)          -> str               (what `battlemat check` prints)
    open_tiled_map(path, image_loader=...) -> pytmx.TiledMap  (a second reader, for tests)

The window, `battlemat render` and `battlemat check` all read through game/io/tiled_read.py
(defusedxml; templates, infinite maps, zstd, class properties, old tilesets), so they cannot
disagree. pytmx is no dependency of the app any more: ``open_tiled_map`` feeds it the same
fixed tree, for the tests that check our fixes open in another reader and for the benchmark.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

import numpy as np

from game.io.errors import InputError
from game.io.map_snapshot import MapSnapshot

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # pytmx imports pygame: no banner
from game.io.tiled_build import build_battlefield, yards_per_tile
from game.io.tiled_drawing import MapDrawing, drawing_of
from game.io.tiled_read import read_tiled
from game.io.tiled_xml import _to_int, input_error
from game.rules.battlefield import Battlefield, Light, Obscurement, Terrain

__all__ = [
    "load_battlefield",
    "load_map",
    "open_tiled_map",
    "describe_battlefield",
    "check_images",
]


def load_battlefield(path: Path, *, snapshot: MapSnapshot | None = None) -> Battlefield:
    """Read a Tiled map into a Battlefield (one square a yard); bad input raises InputError.

    ``snapshot``: the map's text files as a journal kept them, read instead of the disk's.
    """
    given = snapshot.given(Path(path)) if snapshot is not None else None
    try:
        return build_battlefield(read_tiled(Path(path), given=given))
    except InputError:
        raise
    except Exception as err:  # a map we did not foresee: still one line, never a traceback
        raise _unforeseen(path, err) from err


def load_map(
    path: Path, *, snapshot: MapSnapshot | None = None
) -> tuple[Battlefield, MapDrawing]:
    """The battlefield and what Tiled draws of the map, from one reading of its files
    (``snapshot``: a journal's copy of the text files, images from the disk)."""
    given = snapshot.given(Path(path)) if snapshot is not None else None
    try:
        doc = read_tiled(Path(path), given=given)
        return build_battlefield(doc), drawing_of(doc)
    except InputError:
        raise
    except Exception as err:  # as load_battlefield: one line, never a traceback
        raise _unforeseen(path, err) from err


def _unforeseen(path: Path | str, err: Exception) -> InputError:
    first = (str(err).splitlines() or [""])[0]
    return input_error(path, None, f"cannot read this map ({type(err).__name__}: {first})")


_EMPTY_VALUE = {"int": "0", "float": "0", "object": "0", "bool": "false"}


def _pytmx_ready_properties(root: Element) -> dict[str, Any]:
    """Drop class-typed properties where pytmx cannot take them; name the rest's types."""
    import pytmx

    owners_ok = {"object", "objectgroup"}
    types: dict[str, Any] = {}
    for el in root.iter():
        props = el.find("properties")
        if props is None or el.tag == "property":
            continue
        for p in list(props.findall("property")):
            if p.get("value") == "" and p.get("type") in _EMPTY_VALUE:
                p.set("value", _EMPTY_VALUE[p.get("type", "")])  # pytmx: int("") would crash
            if p.get("type", "string") not in pytmx.pytmx.prop_type:
                props.remove(p)  # a type newer than pytmx (Tiled 1.12 lists) would crash it
                continue
            if p.get("type") != "class":
                continue
            if el.tag not in owners_ok or not p.get("propertytype"):
                props.remove(p)
                continue
            for sub in p.iter("property"):
                if sub.get("type") == "class" and sub.get("propertytype"):
                    name = sub.get("propertytype", "")
                    types[name] = pytmx.TiledClassType(name, [])
    for props in root.iter("properties"):  # class members too: pytmx reads them the same way
        for p in list(props.findall("property")):
            ptype = p.get("type", "string")
            if ptype not in pytmx.pytmx.prop_type or (
                ptype == "class" and not p.get("propertytype")
            ):
                props.remove(p)
            elif p.get("value") == "" and ptype in _EMPTY_VALUE:
                p.set("value", _EMPTY_VALUE[ptype])
            elif ptype in ("int", "object") and p.get("value") is not None:
                p.set("value", str(_to_int(p.get("value", "0").strip())))  # "3.0" is 3 (checked)
    return types


def _place(el: Element) -> str:
    """Where an element is, as messages name it: 'object 12', "layer 'Ground'", 'tileset x'."""
    if el.tag == "object":
        return f"object {el.get('id', '?')}"
    if el.tag in ("layer", "objectgroup", "imagelayer", "group"):
        return f"layer {el.get('name', el.get('id', '?'))!r}"
    if el.tag == "tileset":
        return f"tileset {el.get('name', el.get('firstgid', '?'))}"
    return el.tag


def _check_for_pytmx(path: Path, root: Element) -> None:
    """Every attribute pytmx converts must convert: its errors name no place, ours do."""
    import pytmx

    types = pytmx.pytmx.types
    for el in root.iter():
        for name, raw in el.attrib.items():
            conv = types.get(name)
            if conv is None or conv is str:
                continue
            try:
                conv(raw)
            except (ValueError, TypeError, KeyError):
                parents = {child: parent for parent in root.iter() for child in parent}
                owner = el
                while (
                    owner.tag
                    not in (
                        "object",
                        "layer",
                        "objectgroup",
                        "imagelayer",
                        "group",
                        "tileset",
                        "map",
                    )
                    and owner in parents
                ):
                    owner = parents[owner]
                where = _place(owner) + ("" if owner is el else f" <{el.tag}>")
                kind = "true or false" if conv is not int and conv is not float else conv.__name__
                raise input_error(path, where, f"attribute {name}={raw!r} is not {kind}") from None
    for img in root.iter("image"):
        trans = img.get("trans", "").lstrip("#")
        if trans and (len(trans) != 6 or any(c not in "0123456789abcdefABCDEF" for c in trans)):
            where = f"image {img.get('source', '')}"
            raise input_error(path, where, f"trans={img.get('trans')!r} is not a colour (RRGGBB)")


def _reporting(image_loader: Callable[..., Any], map_path: Path) -> Callable[..., Any]:
    """The image loader, with its failures said in one line naming the map and the image."""

    def load(filename: str, colorkey: Any = None, **kwargs: Any) -> Any:
        try:
            tile_of = image_loader(filename, colorkey, **kwargs)
        except InputError:
            raise
        except Exception as err:  # pygame.error, OSError, ValueError ...: any loader's own
            raise input_error(
                filename, None, f"cannot load this image: {err} (an image of {map_path})"
            ) from None

        def tile(rect: Any = None, flags: Any = None) -> Any:
            try:
                return tile_of(rect, flags)
            except Exception as err:
                raise input_error(
                    filename,
                    None,
                    f"tile {tuple(rect) if rect else ''} lies outside this image ({err}): "
                    "check the tileset's tile size, margin and spacing",
                ) from None

        return tile

    return load


def _check_image_sizes(path: Path, root: Element) -> None:
    """A tileset image smaller than the tileset says (replaced since): pytmx would crash."""
    from game.io.tiled_xml import image_size

    for ts in root.iter("tileset"):
        img = ts.find("image")
        if img is None or not img.get("source"):
            continue
        real = image_size(path.parent / img.get("source", ""))
        said = (img.get("width"), img.get("height"))
        if real is None or not all(v and v.isdigit() for v in said):
            continue
        if real[0] < int(said[0] or 0) or real[1] < int(said[1] or 0):
            raise input_error(
                path,
                _place(ts),
                f"image {img.get('source')} is {real[0]}x{real[1]} pixels, smaller than the "
                f"{said[0]}x{said[1]} the tileset says: open the tileset in Tiled and save it",
            )


def open_tiled_map(path: Path, *, image_loader: Callable[..., Any] | None = None) -> Any:
    """A pytmx.TiledMap of the map, patched around pytmx's gaps; images loaded if a loader is given.

    With ``image_loader=pytmx.util_pygame.pygame_image_loader`` the tiles are pygame surfaces.
    pytmx lists group layers flat, so every layer inside a group already carries its effective
    ``offsetx``/``offsety`` (whole pixels), ``opacity`` and ``visible``: do not add the groups'
    again. Infinite maps come out bounded (as load_battlefield sees them), object templates are
    applied, ``obj.type`` holds the Tiled 1.9 class too, and tile collision shapes are dropped.
    """
    import pytmx

    path = Path(path)
    try:
        doc = read_tiled(path, for_pytmx=True)
    except InputError:
        raise
    except Exception as err:  # as in load_battlefield: one line, never a traceback
        raise _unforeseen(path, err) from err
    if image_loader is not None:
        for file, where in doc.images:
            if file.exists() and not file.is_file():  # a pipe would block the window
                raise input_error(path, where, f"{file} is not a regular file")
            if not file.is_file():
                raise input_error(path, where, f"image file not found: {file}")
    _check_for_pytmx(path, doc.root)
    if image_loader is not None:
        _check_image_sizes(path, doc.root)
    custom_types = _pytmx_ready_properties(doc.root)
    tm = pytmx.TiledMap(
        image_loader=(
            _reporting(image_loader, path) if image_loader else pytmx.pytmx.default_image_loader
        ),
        allow_duplicate_names=True,  # Battlemat's "height" property sits beside the attribute
    )
    tm.filename = str(path)
    tm.custom_types.update(custom_types)
    try:
        tm.parse_xml(doc.root)
    except InputError:
        raise
    except Exception as err:  # pytmx and image loaders raise anything; report it in one line
        msg = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise input_error(path, None, f"cannot load the map for drawing: {msg}") from None
    # the scale the battlefield uses, however the GM spelled the property
    tm.properties["yards_per_tile"] = yards_per_tile(doc)
    return tm


def check_images(drawing: MapDrawing) -> list[str]:
    """What the window needs besides the rules (``battlemat check``), from the window's own
    reading of the map: every image it draws there and a picture (else one InputError, as the
    window refuses it); a tile whose rectangle lies outside its image (the window and Tiled
    draw it empty or cut) is a note. Images are only sized from their headers."""
    from game.io.tiled_drawing import ImageLayerDrawing

    rects: dict[Path, list[tuple[int, tuple[int, int, int, int] | None]]] = {}
    for gid, art in sorted(drawing.tiles.items()):
        rects.setdefault(art.image, []).append((gid, art.rect))
    for layer in drawing.layers:
        if isinstance(layer, ImageLayerDrawing):
            rects.setdefault(layer.image, []).append((0, None))
    notes = []
    for image, uses in rects.items():
        size = _picture_size(image, drawing.path)
        if size is None:
            continue
        w, h = size
        outside = [(g, r) for g, r in uses if r and (r[0] + r[2] > w or r[1] + r[3] > h)]
        if outside:
            gid, rect = outside[0]
            notes.append(
                f"{image}: {len(outside)} tile(s) lie outside this {size[0]}x{size[1]} image "
                f"(gid {gid}: {tuple(rect or ())}), drawn empty or cut as in Tiled: check the "
                "tileset's tile size, margin and spacing, or the image"
            )
    return notes


def _picture_size(image: Path, map_path: Path) -> tuple[int, int] | None:
    """An image's size from its header (None: a format whose header we do not size); an
    image the window could not load is one InputError naming the map."""
    from game.io.tiled_xml import image_size

    def refuse(why: str) -> InputError:
        return input_error(image, None, f"cannot load this image: {why} (an image of {map_path})")

    if not image.exists():
        raise refuse("no such file")
    if not image.is_file():  # a pipe would block the window
        raise refuse("it is not a regular file")
    size = image_size(image)
    try:
        with open(image, "rb") as fh:
            head = fh.read(64)
    except OSError as err:
        raise refuse(err.strerror or type(err).__name__) from None
    if size is None and head.lstrip()[:1] in (b"<", b"{"):
        raise refuse("it is a text file (XML or JSON), not a picture")
    if size is None and not _other_picture(head):
        raise refuse("it is not a picture (PNG, GIF, BMP, JPEG, WebP, TIFF or TGA)")
    return size


def _other_picture(head: bytes) -> bool:
    """A picture format pygame reads whose size ``image_size`` does not parse (WebP, TIFF, TGA)."""
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return True
    if head[:4] in (b"II*\x00", b"MM\x00*"):
        return True
    # TGA has no magic: colour-map type 0/1 and an image type Tiled's exporters write
    return len(head) >= 18 and head[1] in (0, 1) and head[2] in (1, 2, 3, 9, 10, 11)


def _fmt(v: float) -> str:
    return f"{v:g}"


def describe_battlefield(bf: Battlefield) -> str:
    """What Battlemat understood of a map, in a few lines a GM can check against Tiled.

    >>> from game.rules.ascii_grid import parse_ascii
    >>> print(describe_battlefield(parse_ascii(".#~\\n^2D")))
    ascii: 3 x 2 squares of 1 yard (yards_per_tile 1)
    terrain (6 squares): 3 normal, 1 difficult, 1 liquid, 1 impassable
    elevation: 0 to 2 yards (levels: 0, 2)
    light: 1 dark
    obscurement: none
    obstacles (1): 1 x wall 3 yd high
    zones: none
    placements: none
    """
    lines = []
    ypt = bf.properties.get("yards_per_tile", 1)
    ypt_text = _fmt(float(ypt)) if isinstance(ypt, (int, float)) else str(ypt)
    lines.append(
        f"{bf.name}: {bf.width} x {bf.height} squares of 1 yard (yards_per_tile {ypt_text})"
    )
    t = bf.terrain
    counts = []
    total = bf.width * bf.height
    names = [
        ("difficult", Terrain.DIFFICULT),
        ("treacherous", Terrain.TREACHEROUS),
        ("liquid", Terrain.LIQUID),
        ("climbable", Terrain.CLIMBABLE),
        ("impassable", Terrain.IMPASSABLE),
        ("unclimbable", Terrain.UNCLIMBABLE),
    ]
    counts.append(f"{int((t == 0).sum())} normal")
    for label, f in names:
        n = int(((t & int(f)) != 0).sum())
        if n:
            counts.append(f"{n} {label}")
    lines.append(f"terrain ({total} squares): " + ", ".join(counts))
    lo, hi = float(bf.elevation.min()), float(bf.elevation.max())
    levels = np.unique(bf.elevation)
    shown = ", ".join(_fmt(float(v)) for v in levels[:12]) + (" ..." if levels.size > 12 else "")
    lines.append(f"elevation: {_fmt(lo)} to {_fmt(hi)} yards (levels: {shown})")
    light = [
        f"{int((bf.light == lv).sum())} {lv.name.lower()}"
        for lv in Light
        if lv != Light.BRIGHT and (bf.light == lv).any()
    ]
    lines.append("light: " + (", ".join(light) if light else "bright everywhere"))
    obsc = [
        f"{int((bf.obscurement == lv).sum())} {lv.name.lower()}"
        for lv in Obscurement
        if lv != Obscurement.NONE and (bf.obscurement == lv).any()
    ]
    lines.append("obscurement: " + (", ".join(obsc) if obsc else "none"))
    banes = bf.surface_banes
    if banes is not None and banes.any():
        lines.append(f"surface banes: {int((banes != 0).sum())} squares (up to {int(banes.max())})")
    if bf.obstacles:
        by: Counter[str] = Counter()
        for ob in bf.obstacles:
            extra = []
            if ob.base_yd:
                extra.append(f"on {_fmt(ob.base_yd)} yd")
            if ob.climbable:
                extra.append("climbable")
            if ob.openings:
                extra.append("openings " + " ".join(f"{_fmt(a)}-{_fmt(b)}" for a, b in ob.openings))
            if not ob.blocks_movement:
                extra.append("crossable")
            by[
                f"{ob.kind} {_fmt(ob.height_yd)} yd high"
                + (f" ({', '.join(extra)})" if extra else "")
            ] += 1
        lines.append(
            f"obstacles ({len(bf.obstacles)}): "
            + "; ".join(f"{n} x {k}" for k, n in sorted(by.items()))
        )
    else:
        lines.append("obstacles: none")
    if bf.zones:
        zc = Counter(z.kind for z in bf.zones)
        lines.append(
            f"zones ({len(bf.zones)}): " + ", ".join(f"{n} {k}" for k, n in sorted(zc.items()))
        )
    else:
        lines.append("zones: none")
    if bf.placements:
        sides: dict[str, list[str]] = {}
        for p in bf.placements:
            at = f"{p.creature_id} at {p.square[0]},{p.square[1]}"
            if p.elevation_yd is not None:
                at += f" ({_fmt(p.elevation_yd)} yd up)"
            sides.setdefault(p.side or "(no side)", []).append(at)
        for side, who in sides.items():
            lines.append(f"placements, {side}: " + ", ".join(who))
    else:
        lines.append("placements: none")
    ignored = bf.properties.get("ignored_objects")
    if isinstance(ignored, dict) and ignored:
        lines.append(
            "objects with no Battlemat meaning (drawn only): "
            + ", ".join(f"{n} {k}" for k, n in sorted(ignored.items()))
        )
    notes = bf.properties.get("notes")
    if isinstance(notes, list):
        lines.extend(f"note: {n}" for n in notes)
    return "\n".join(lines)
