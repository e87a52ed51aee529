"""Bad maps stop with one line naming the file, the place and the problem; never a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.io.errors import InputError
from game.io.tiled import load_battlefield, open_tiled_map

DATA = Path(__file__).parent / "data" / "maps"

CASES = [
    # (fixture, where, words that must be in the message)
    ("isometric.tmx", "map", ["isometric maps are not supported"]),
    ("staggered.tmx", "map", ["staggered maps are not supported"]),
    ("malformed.tmx", "11", ["malformed XML"]),
    ("billion_laughs.tmx", "", ["entity declarations are not allowed"]),
    ("missing_tileset.tmx", "tileset no_such_tileset.tsx", ["tileset file not found"]),
    (
        "missing_template.tmx",
        "object 7 template templates/no_such_template.tx",
        ["template file not found"],
    ),
    ("json_tileset.tmx", "tileset tiles.tsj", ["tileset file not found", "tiles.tsj"]),
    ("absurd_size.tmx", "map", ["100000x100000", "out of range", "1024"]),
    ("absurd_tileset.tmx", "tileset huge", ["100000000", "65536"]),
    ("wrong_type.tmx", "object 12 property 'height'", ["'tall' is not an int"]),
    (
        "wrong_meaning.tmx",
        "object 9 property 'height'",
        ["must be a number of yards", "'very tall'"],
    ),
]


@pytest.mark.parametrize("loader", [load_battlefield, open_tiled_map], ids=["battlefield", "pytmx"])
@pytest.mark.parametrize(("fixture", "where", "words"), CASES, ids=[c[0] for c in CASES])
def test_bad_map_gives_one_line(loader, fixture: str, where: str, words: list[str]) -> None:
    if loader is open_tiled_map and fixture == "wrong_meaning.tmx":
        pytest.skip("a string 'height' is valid Tiled; only Battlemat's reading of it is wrong")
    path = DATA / fixture
    with pytest.raises(InputError) as info:
        loader(path)
    err = info.value
    message = str(err)
    assert "\n" not in message
    assert err.file == str(path)
    assert err.where == where
    for w in words:
        assert w in err.what
    assert message.startswith(f"{path}:{where}: " if where else f"{path}: ")


def test_missing_image_is_an_error_only_when_images_are_wanted() -> None:
    calls = []

    def loader(filename, colorkey, **kwargs):  # a stand-in for pygame_image_loader
        calls.append(filename)
        return lambda rect=None, flags=None: None

    with pytest.raises(InputError) as info:
        open_tiled_map(DATA / "missing_image.tmx", image_loader=loader)
    assert info.value.where == "tileset gone image no_such_image.png"
    assert info.value.what.startswith("image file not found")
    assert calls == []
    load_battlefield(DATA / "missing_image.tmx")  # geometry needs no images


def test_image_loader_failure_is_one_line(tmp_path: Path) -> None:
    def broken(filename, colorkey, **kwargs):
        raise RuntimeError("unsupported image format\nmore detail")

    with pytest.raises(InputError) as info:
        open_tiled_map(DATA / "enc_zlib.tmx", image_loader=broken)
    assert "unsupported image format" in str(info.value) and "\n" not in str(info.value)


def test_missing_map_file() -> None:
    with pytest.raises(InputError, match="map not found"):
        load_battlefield(DATA / "no_such_map.tmx")


def _write(tmp_path: Path, body: str, attrs: str = 'width="4" height="2"') -> Path:
    p = tmp_path / "m.tmx"
    p.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<map version="1.10" orientation="orthogonal" {attrs} tilewidth="16" tileheight="16">\n'
        f"{body}\n</map>\n",
        encoding="utf-8",
    )
    return p


@pytest.mark.parametrize(
    ("body", "where", "what"),
    [
        (
            '<layer id="1" name="G" width="4" height="2"><data encoding="csv">1,2,3</data></layer>',
            "layer 'G'",
            "layer data has 3 tiles, expected 4x2=8",
        ),
        (
            '<layer id="1" name="G" width="4" height="2">'
            '<data encoding="csv">1,2,x,4,5,6,7,8</data></layer>',
            "layer 'G'",
            "CSV layer data holds 'x', not a tile id",
        ),
        (
            '<layer id="1" name="G" width="4" height="2">'
            '<data encoding="base64" compression="zlib">AAAA</data></layer>',
            "layer 'G'",
            "corrupt zlib layer data",
        ),
        (
            '<layer id="1" name="G" width="4" height="2">'
            '<data encoding="base64" compression="lzma">AAAA</data></layer>',
            "layer 'G'",
            "unknown layer compression 'lzma'",
        ),
        (
            '<objectgroup id="1" name="O">'
            '<object id="3" class="creature" x="0" y="0"/></objectgroup>',
            "object 3",
            "a creature placement needs a 'creature' property",
        ),
        (
            '<objectgroup id="1" name="O"><object id="4" class="fog" x="0" y="0" width="16" '
            'height="16"><properties><property name="obscurement" value="murky"/></properties>'
            "</object></objectgroup>",
            "object 4 property 'obscurement'",
            "unknown obscurement 'murky'",
        ),
        (
            '<objectgroup id="1" name="O"><object id="5" class="terrain" x="0" y="0" width="16" '
            'height="16"><properties><property name="terrain" value="lava"/></properties>'
            "</object></objectgroup>",
            "object 5 property 'terrain'",
            "unknown terrain 'lava'",
        ),
        (
            '<objectgroup id="1" name="O"><object id="6" class="elevation" x="0" y="0" width="16" '
            'height="16"/></objectgroup>',
            "object 6",
            "a 'elevation' zone needs a 'elevation'",
        ),
        (
            '<objectgroup id="1" name="O"><object id="7" class="creature" x="160" y="0">'
            '<properties><property name="creature" value="warg"/></properties><point/></object>'
            "</objectgroup>",
            "object 7",
            "off the 4x2 map",
        ),
        (
            '<objectgroup id="1" name="O"><object id="9" class="wall" x="nan" y="0" width="16" '
            'height="16"/></objectgroup>',
            "object 9",
            "attribute x='nan' is out of range",
        ),
        (
            '<objectgroup id="1" name="O"><object id="2" class="wall" x="0" y="0" width="16" '
            'height="16"><properties><property name="height" type="float" value="inf"/>'
            "</properties></object></objectgroup>",
            "object 2 property 'height'",
            "'inf' is not a finite number",
        ),
        ("<group name='g'>" * 100 + "</group>" * 100, "layer 'g'", "nested more than 64 deep"),
        ('<layer id="1" name="G" width="4" height="2"/>', "layer 'G'", "tile layer has no <data>"),
        (
            '<properties><property name="yards_per_tile" type="bool" value="true"/></properties>',
            "map property 'yards_per_tile'",
            "must be a number of yards, got true",
        ),
        (
            '<objectgroup id="1" name="O"><object id="8" class="arrow_slit" x="0" y="0" width="16" '
            'height="16"><properties><property name="openings" value="high"/></properties>'
            "</object></objectgroup>",
            "object 8 property 'openings'",
            "'high' is not bottom-top",
        ),
    ],
)
def test_bad_values_name_the_place(tmp_path: Path, body: str, where: str, what: str) -> None:
    path = _write(tmp_path, body)
    with pytest.raises(InputError) as info:
        load_battlefield(path)
    assert info.value.where == where
    assert what in info.value.what
    assert "\n" not in str(info.value)


def test_zlib_bomb_is_refused(tmp_path: Path) -> None:
    import base64
    import zlib

    blob = base64.b64encode(zlib.compress(b"\0" * 10_000_000)).decode()
    path = _write(
        tmp_path,
        f'<layer id="1" name="G" width="4" height="2">'
        f'<data encoding="base64" compression="zlib">{blob}</data></layer>',
    )
    with pytest.raises(InputError, match="more tiles than the layer's size"):
        load_battlefield(path)


def test_unreadable_file(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads everything")
    path = _write(tmp_path, "")
    path.chmod(0)
    with pytest.raises(InputError, match="cannot read map"):
        load_battlefield(path)


def test_mistakes_inside_a_tileset_name_the_tileset_file(tmp_path: Path) -> None:
    (tmp_path / "bad.tsx").write_text(
        '<?xml version="1.0"?><tileset name="bad" tilewidth="16" tileheight="16" tilecount="2" '
        'columns="2"><image source="x.png" width="32" height="16"/><tile id="1"><properties>'
        '<property name="terrain" value="lava"/></properties></tile></tileset>',
        encoding="utf-8",
    )
    path = _write(
        tmp_path,
        '<tileset firstgid="1" source="bad.tsx"/><layer id="1" name="G" width="4" height="2">'
        '<data encoding="csv">2,0,0,0,0,0,0,0</data></layer>',
    )
    with pytest.raises(InputError) as info:
        load_battlefield(path)
    assert info.value.file == str(tmp_path / "bad.tsx")
    assert info.value.where == "tileset bad.tsx tile 1 property 'terrain'"
    assert "unknown terrain 'lava'" in info.value.what


def test_entity_tricks_in_a_tileset_or_template_are_refused(tmp_path: Path) -> None:
    bomb = '<?xml version="1.0"?><!DOCTYPE t [<!ENTITY a "aaaa">]><tileset name="&a;"/>'
    (tmp_path / "bomb.tsx").write_text(bomb, encoding="utf-8")
    path = _write(tmp_path, '<tileset firstgid="1" source="bomb.tsx"/>')
    with pytest.raises(InputError, match="entity declarations are not allowed") as info:
        open_tiled_map(path)
    assert info.value.file == str(tmp_path / "bomb.tsx")
    (tmp_path / "bomb.tx").write_text(bomb.replace("tileset", "template"), encoding="utf-8")
    path = _write(
        tmp_path,
        '<objectgroup id="1"><object id="1" template="bomb.tx" x="0" y="0"/></objectgroup>',
    )
    with pytest.raises(InputError, match="entity declarations are not allowed"):
        load_battlefield(path)


def test_json_that_is_no_map_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "m.tmj"
    path.write_text('{"orientation": "orthogonal"}', encoding="utf-8")
    with pytest.raises(InputError, match='not a Tiled map: this JSON file is no Tiled "type"'):
        load_battlefield(path)
