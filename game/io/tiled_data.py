"""Tile layer data of a Tiled map: CSV, base64 (raw, zlib, gzip, zstd), XML tiles, chunks."""

from __future__ import annotations

import base64
import binascii
import gzip
import warnings
import zlib
from collections.abc import Callable
from pathlib import Path
from xml.etree.ElementTree import Element

import numpy as np

from game.io.tiled_xml import attr_int, input_error


def _decompress(data: bytes, compression: str, limit: int, file: Path, where: str) -> bytes:
    """Inflate layer bytes, never past ``limit`` bytes (no decompression bombs)."""
    try:
        if compression == "zlib":
            d = zlib.decompressobj()
            out = d.decompress(data, limit + 1)
        elif compression == "gzip":
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
            out = d.decompress(data, limit + 1)
        elif compression == "zstd":
            import zstandard

            reader = zstandard.ZstdDecompressor().stream_reader(data)
            out = reader.read(limit + 1)
        else:
            raise input_error(
                file,
                where,
                f"unknown layer compression {compression!r} (Tiled writes zlib, gzip or zstd)",
            )
    except (zlib.error, gzip.BadGzipFile, OSError, ValueError) as err:
        raise input_error(file, where, f"corrupt {compression} layer data: {err}") from None
    except Exception as err:  # zstandard.ZstdError has no stable import path across versions
        if type(err).__name__ == "ZstdError":
            raise input_error(file, where, f"corrupt zstd layer data: {err}") from None
        raise
    if len(out) > limit:
        raise input_error(file, where, "layer data holds more tiles than the layer's size")
    return out


def _fast_csv(text: str, n: int) -> np.ndarray | None:
    """numpy's C parser for well-formed CSV; None (use the careful path) on anything odd."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            arr = np.fromstring(text.strip().rstrip(","), dtype=np.int64, sep=",")
        except (ValueError, DeprecationWarning):
            return None
    if arr.size != n or (arr.size and (arr.min() < 0 or arr.max() > 0xFFFFFFFF)):
        return None
    return arr.astype(np.uint32)


def decode_data(data: Element, width: int, height: int, file: Path, where: str) -> np.ndarray:
    """Decode one <data> or <chunk> into a (height, width) uint32 array of raw gids."""
    n = width * height
    encoding = data.get("encoding")
    compression = data.get("compression")
    text = data.text or ""
    if encoding == "csv":
        arr = _fast_csv(text, n)
        if arr is not None:
            return arr.reshape(height, width)
        parts = text.replace("\n", "").replace("\r", "").strip().rstrip(",").split(",")
        if parts == [""]:
            parts = []
        try:
            arr = np.array(parts).astype(np.int64)
        except ValueError:
            bad = next(p for p in parts if not p.strip().isdigit())
            raise input_error(
                file, where, f"CSV layer data holds {bad.strip()!r}, not a tile id"
            ) from None
        if arr.size and (arr.min() < 0 or arr.max() > 0xFFFFFFFF):
            raise input_error(file, where, "CSV layer data holds a tile id out of range")
        arr = arr.astype(np.uint32)
    elif encoding == "base64":
        try:
            raw = base64.b64decode("".join(text.split()), validate=True)
        except (binascii.Error, ValueError):
            raise input_error(file, where, "base64 layer data is not valid base64") from None
        if compression:
            raw = _decompress(raw, compression, n * 4, file, where)
        if len(raw) % 4:
            raise input_error(file, where, "layer data is not a whole number of 4-byte tile ids")
        arr = np.frombuffer(raw, dtype="<u4").astype(np.uint32)
    elif encoding is None:
        tiles = data.findall("tile")
        try:  # numpy reads a million plain numbers far faster than a Python loop
            big = np.array([t.get("gid", "0") for t in tiles], dtype=np.str_).astype(np.int64)
        except (ValueError, OverflowError):  # something odd: find it, tile by tile
            big = np.array([attr_int(t, "gid", 0, file, where) for t in tiles], dtype=np.int64)
        if big.size and (big.min() < 0 or big.max() > 0xFFFFFFFF):
            raise input_error(file, where, "a <tile> of the layer has a gid out of range")
        arr = big.astype(np.uint32)
    else:
        raise input_error(
            file, where, f"unknown layer encoding {encoding!r} (Tiled writes csv or base64)"
        )
    if arr.size != n:
        raise input_error(
            file, where, f"layer data has {arr.size} tiles, expected {width}x{height}={n}"
        )
    return arr.reshape(height, width)


def decode_chunks(
    data: Element,
    file: Path,
    where: str,
    max_side: int,
    spend: Callable[[int, str], None] | None = None,
) -> dict[tuple[int, int], np.ndarray]:
    """Decode an infinite map's chunks: {(x, y) of the chunk's top-left tile: gids}.

    ``spend(cells, where)`` is told each chunk's size before it is decoded (it raises when a
    map holds more chunk data than any real map: a flood of big zero-filled chunks).
    """
    out: dict[tuple[int, int], np.ndarray] = {}
    loose = data.find("tile") is not None or (data.text or "").strip(" \t\r\n,0")
    if loose and data.find("chunk") is None:
        raise input_error(  # tiles outside chunks would be dropped without a word
            file, where, 'the map says infinite="1" but this layer\'s tiles are not in <chunk>s'
        )
    for ch in data.findall("chunk"):
        cx = attr_int(ch, "x", 0, file, where)
        cy = attr_int(ch, "y", 0, file, where)
        cw = attr_int(ch, "width", 0, file, where)
        chh = attr_int(ch, "height", 0, file, where)
        if not (0 < cw <= max_side and 0 < chh <= max_side):
            raise input_error(
                file, f"{where} chunk {cx},{cy}", f"chunk size {cw}x{chh} is out of range"
            )
        if spend is not None:
            spend(cw * chh, f"{where} chunk {cx},{cy}")
        # chunks inherit the encoding of their <data>
        for attr in ("encoding", "compression"):
            value = data.get(attr)
            if value and ch.get(attr) is None:
                ch.set(attr, value)
        out[(cx, cy)] = decode_data(ch, cw, chh, file, f"{where} chunk {cx},{cy}")
    return out


def to_csv(gids: np.ndarray) -> str:
    """Layer data as Tiled writes CSV: one row a line, comma after every tile but the last."""
    rows = [",".join(map(str, row.tolist())) for row in gids]
    return "\n" + ",\n".join(rows) + "\n"
