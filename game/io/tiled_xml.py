"""Safe XML reading for Tiled files: defusedxml only, typed custom properties, image sizes.

Every failure becomes one ``InputError(file, where, what)`` line, never a traceback.
"""

from __future__ import annotations

import math
import os
import struct
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element, ParseError

import defusedxml.ElementTree as SafeET
from defusedxml import DefusedXmlException

from game.io.errors import InputError

#: Biggest Tiled file we read at all (maps of 1024x1024 CSV squares stay well below this).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: Tiles written one XML element each (Tiled's old XML layer format): one 1024x1024 layer.
MAX_XML_TILES = 1_100_000
#: Deepest nesting of group layers or class properties we follow.
MAX_DEPTH = 64
#: Largest pixel coordinate or size we take (far beyond any 1024-square map).
MAX_COORD = 1e9


def _one_line(text: str) -> str:
    return text.replace("\r", "\\r").replace("\n", "\\n")


def input_error(file: Path | str, where: str | int | None, what: str) -> InputError:
    """An InputError naming a file (a path or a string), on one line whatever the map says."""
    place = None if where is None else _one_line(str(where))
    return InputError(_one_line(str(file)), place, _one_line(what))


def read_file_bytes(path: Path, *, kind: str = "file") -> bytes:
    """The bytes of one Tiled file, refused in one line when it is missing, not a regular file
    or over the size cap."""
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise input_error(path, None, f"{kind} not found") from None
    except OSError as err:
        raise input_error(path, None, f"cannot read {kind}: {err.strerror}") from None
    if path.is_dir():
        raise input_error(path, None, f"is a folder, not a {kind} file")
    if not path.is_file():  # a pipe or a device would block or never end
        raise input_error(path, None, f"is not a regular file, so not a {kind} file")
    if size > MAX_FILE_BYTES:
        raise input_error(path, None, f"{kind} is {size} bytes, more than the {MAX_FILE_BYTES} cap")
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise input_error(path, None, f"cannot read {kind}: {err.strerror}") from None
    if len(data) > MAX_FILE_BYTES:
        raise input_error(path, None, f"{kind} is more than the {MAX_FILE_BYTES} bytes cap")
    return data


def parse_tiled_bytes(data: bytes, path: Path, *, kind: str = "file") -> Element:
    """Parse one Tiled file's bytes into TMX's element tree: XML (.tmx, .tsx, .tx; entities and
    bad XML refused) or JSON (.tmj, .tsj, .tj: game/io/tiled_json.py translates it)."""
    if path.suffix.lower() in (".tmj", ".tsj", ".tj", ".json"):
        from game.io.tiled_json import element_from_json

        return element_from_json(data, path, kind)
    if data.count(b"<tile") > MAX_XML_TILES:  # each costs ~400 bytes parsed: refuse before
        raise input_error(
            path,
            None,
            f"more than {MAX_XML_TILES} <tile> elements: save the map with the CSV or Base64 "
            "tile layer format (Map > Map Properties) instead of XML",
        )
    return parse_xml_bytes(data, path)


def parse_xml_file(path: Path, *, kind: str = "file") -> Element:
    """Parse one Tiled file from disk safely (``read_file_bytes`` then ``parse_tiled_bytes``)."""
    return parse_tiled_bytes(read_file_bytes(path, kind=kind), path, kind=kind)


class SourceFiles:
    """Where a map's own text files (the map, its tilesets and templates) are read from: the
    disk, or the copy of them a fight's journal kept (``given``, by absolute path). Every file
    read is kept in ``read``, so the map's snapshot is exactly what was parsed."""

    def __init__(self, given: dict[Path, bytes] | None = None) -> None:
        self.given = {_key(p): data for p, data in (given or {}).items()}
        self.read: dict[Path, bytes] = {}

    def is_file(self, path: Path) -> bool:
        """Whether the file is there (in the copy, else on disk)."""
        return _key(path) in self.given or path.is_file()

    def parse(self, path: Path, *, kind: str = "file") -> Element:
        """Parse one file (from the copy when it holds it), keeping its bytes."""
        key = _key(path)
        data = self.given[key] if key in self.given else read_file_bytes(path, kind=kind)
        self.read[key] = data
        return parse_tiled_bytes(data, path, kind=kind)


def _key(path: Path) -> Path:
    """A file's absolute path without resolving links (as the map's file list names it)."""
    return Path(os.path.abspath(path))


def parse_xml_bytes(data: bytes, path: Path | str) -> Element:
    """Parse XML bytes with defusedxml; entity declarations and external references refused."""
    try:
        return SafeET.fromstring(data, forbid_dtd=False, forbid_entities=True, forbid_external=True)
    except DefusedXmlException as err:
        raise input_error(
            path, None, f"XML entity declarations are not allowed ({type(err).__name__})"
        ) from None
    except (LookupError, UnicodeError, ValueError) as err:  # e.g. encoding="nonsense"
        raise input_error(path, None, f"malformed XML: {err}") from None
    except ParseError as err:
        line, col = getattr(err, "position", (0, 0))
        msg = str(err).split(":")[0]
        raise input_error(path, line, f"malformed XML: {msg} (column {col + 1})") from None


# --- typed custom properties -------------------------------------------------------------


def _to_bool(value: str) -> bool:
    if value in ("true", "1"):
        return True
    if value in ("false", "0", ""):
        return False
    raise ValueError(f"{value!r} is not a bool (true or false)")


def _to_int(value: str) -> int:
    try:
        return int(value)
    except ValueError:
        pass
    try:  # Tiled writes ints, but a hand-edited file may say "3.0"
        f = float(value)
    except ValueError:
        raise ValueError(f"{value!r} is not an int") from None
    if not math.isfinite(f) or f != int(f):
        raise ValueError(f"{value!r} is not an int")
    return int(f)


def _to_color(value: str) -> str:
    v = value.strip()
    if v == "":
        return ""
    hexpart = v[1:] if v.startswith("#") else v
    if len(hexpart) not in (6, 8) or any(c not in "0123456789abcdefABCDEF" for c in hexpart):
        raise ValueError(f"{value!r} is not a colour (#RRGGBB or #AARRGGBB)")
    return v


def _convert(ptype: str, raw: str) -> Any:
    if ptype == "int":
        return _to_int(raw if raw != "" else "0")
    if ptype == "float":
        try:
            f = float(raw if raw != "" else "0")
        except ValueError:
            raise ValueError(f"{raw!r} is not a float") from None
        if not math.isfinite(f):
            raise ValueError(f"{raw!r} is not a finite number")
        return f
    if ptype == "bool":
        return _to_bool(raw)
    if ptype == "object":
        try:
            return _to_int(raw if raw != "" else "0")
        except ValueError:
            raise ValueError(f"{raw!r} is not an object id") from None
    if ptype == "color":
        return _to_color(raw)
    # string, file, enums stored as strings, and types newer than this loader: kept as text
    return raw


def read_properties(
    node: Element | None, file: Path | str, where: str, depth: int = 0
) -> dict[str, Any]:
    """Typed custom properties of an element (its ``<properties>``); classes become dicts."""
    out: dict[str, Any] = {}
    if node is None:
        return out
    if depth > MAX_DEPTH:
        raise input_error(file, where, f"class properties nested more than {MAX_DEPTH} deep")
    props = node.find("properties")
    if props is None:
        return out
    for p in props.findall("property"):
        name = p.get("name")
        if name is None:
            raise input_error(file, where, "a property has no name")
        ptype = p.get("type", "string")
        if ptype == "class":
            out[name] = read_properties(p, file, f"{where} property {name!r}", depth + 1)
            continue
        if ptype == "list":  # Tiled 1.12: <item type=... value=.../> children
            out[name] = [_item(i, file, f"{where} property {name!r}") for i in p.findall("item")]
            continue
        raw = p.get("value")
        if raw is None:
            raw = p.text or ""
        try:
            out[name] = _convert(ptype, raw)
        except ValueError as err:
            raise input_error(
                file, f"{where} property {name!r}", f"{err} (declared {ptype})"
            ) from None
    return out


def _item(item: Element, file: Path | str, where: str) -> Any:
    """One value of a list property."""
    itype = item.get("type", "string")
    if itype == "class":
        return read_properties(item, file, where)
    try:
        return _convert(itype, item.get("value") or item.text or "")
    except ValueError as err:
        raise input_error(file, where, f"{err} (declared {itype})") from None


def merge_properties(base: dict[str, Any], own: dict[str, Any]) -> dict[str, Any]:
    """Template properties under the object's own (own wins; nested classes merge member-wise)."""
    out = dict(base)
    for k, v in own.items():
        if isinstance(v, dict) and isinstance(out.get(k), dict):
            out[k] = merge_properties(out[k], v)
        else:
            out[k] = v
    return out


# --- attributes --------------------------------------------------------------------------


def attr_int(node: Element, name: str, default: int | None, file: Path | str, where: str) -> int:
    """An integer attribute, or a one-line InputError saying which and why."""
    raw = node.get(name)
    if raw is None:
        if default is None:
            raise input_error(file, where, f"missing attribute {name!r}")
        return default
    try:
        value = _to_int(raw.strip())
    except ValueError:
        raise input_error(file, where, f"attribute {name}={raw!r} is not an integer") from None
    if abs(value) > 0xFFFFFFFF:  # ids, sizes and gids (flags included) all fit in 32 bits
        raise input_error(file, where, f"attribute {name}={raw!r} is out of range")
    return value


def attr_float(node: Element, name: str, default: float, file: Path | str, where: str) -> float:
    """A number attribute, or a one-line InputError."""
    raw = node.get(name)
    if raw is None:
        return default
    try:
        f = float(raw)
    except ValueError:
        raise input_error(file, where, f"attribute {name}={raw!r} is not a number") from None
    if not math.isfinite(f) or abs(f) > MAX_COORD:
        raise input_error(file, where, f"attribute {name}={raw!r} is out of range")
    return f


# --- image sizes (so old tilesets without width/height still load) -------------------------


def image_size(path: Path) -> tuple[int, int] | None:
    """Width and height of a PNG, GIF, BMP or JPEG from its header; None if unreadable."""
    try:
        with path.open("rb") as fh:
            head = fh.read(64 * 1024)
    except OSError:
        return None
    if head[:8] == b"\x89PNG\r\n\x1a\n" and len(head) >= 24:
        w, h = struct.unpack(">II", head[16:24])
        return int(w), int(h)
    if head[:6] in (b"GIF87a", b"GIF89a"):
        w, h = struct.unpack("<HH", head[6:10])
        return int(w), int(h)
    if head[:2] == b"BM" and len(head) >= 26:
        w, h = struct.unpack("<ii", head[18:26])
        return abs(int(w)), abs(int(h))
    if head[:2] == b"\xff\xd8":
        i = 2
        while i + 9 < len(head):
            if head[i] != 0xFF:
                i += 1
                continue
            marker = head[i + 1]
            seglen = struct.unpack(">H", head[i + 2 : i + 4])[0]
            if marker in (0xC0, 0xC1, 0xC2):
                h, w = struct.unpack(">HH", head[i + 5 : i + 9])
                return int(w), int(h)
            i += 2 + seglen
    return None
