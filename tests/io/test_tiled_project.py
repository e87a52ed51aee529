"""maps/battlemat.tiled-project: Battlemat's custom property types for Tiled, and maps that use
them (enum-typed values, Tiled 1.9+ classes whose members keep their defaults) load as the
plain form does."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import numpy as np

from game.io.tiled import describe_battlefield, load_battlefield
from game.io.tiled_conventions import OBSTACLE_KINDS, ZONE_DEFAULTS

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ROOT / "maps" / "battlemat.tiled-project"
DATA = Path(__file__).parent / "data" / "maps"


def _generator():
    path = ROOT / "tools" / "make_project.py"
    spec = importlib.util.spec_from_file_location("make_project", path)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_shipped_project_is_what_the_generator_writes() -> None:
    assert json.loads(PROJECT.read_text()) == _generator().project()


def test_project_declares_every_kind_with_battlemats_defaults() -> None:
    types = {t["name"]: t for t in json.loads(PROJECT.read_text())["propertyTypes"]}
    assert types["TerrainKinds"]["valuesAsFlags"] is True
    assert set(types["LightLevel"]["values"]) == {"bright", "dim", "dark"}
    for kind, spec in OBSTACLE_KINDS.items():
        members = {m["name"]: m["value"] for m in types[kind]["members"]}
        assert members["height"] == max(spec.height_yd, 0.0), kind
        assert members["climbable"] == spec.climbable
    for kind, defaults in ZONE_DEFAULTS.items():
        members = {m["name"]: m["value"] for m in types[kind]["members"]}
        for name, value in defaults.items():
            assert members[name] == value, (kind, name)
    assert {m["name"] for m in types["creature"]["members"]} == {"creature", "side", "elevation"}


HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"
 width="6" height="4" tilewidth="16" tileheight="16" infinite="0" nextlayerid="3" nextobjectid="9">
 <tileset firstgid="1" source="tiles.tsx"/>
 <layer id="1" name="Ground" width="6" height="4">
  <data encoding="csv">
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,1
</data>
 </layer>
 <objectgroup id="2" name="Things">
"""
# The same battlefield twice: as a GM types it, and as Tiled with the project writes it (the
# class's members left at their defaults are not written; enum values carry their type)
PLAIN = """
  <object id="1" type="wall" x="0" y="0" width="96" height="16">
   <properties><property name="height" type="float" value="3"/></properties>
  </object>
  <object id="2" type="terrain" x="0" y="32" width="32" height="32">
   <properties><property name="terrain" value="liquid, treacherous"/></properties>
  </object>
  <object id="3" type="light" x="64" y="32" width="32" height="32">
   <properties><property name="light" value="dim"/></properties>
  </object>
  <object id="4" type="fog" x="32" y="16" width="16" height="16"/>
 </objectgroup>
</map>
"""
TYPED = """
  <object id="1" class="wall" x="0" y="0" width="96" height="16"/>
  <object id="2" class="terrain" x="0" y="32" width="32" height="32">
   <properties>
    <property name="terrain" propertytype="TerrainKinds" value="liquid,treacherous"/>
   </properties>
  </object>
  <object id="3" class="light" x="64" y="32" width="32" height="32">
   <properties><property name="light" propertytype="LightLevel" value="dim"/></properties>
  </object>
  <object id="4" class="fog" x="32" y="16" width="16" height="16"/>
 </objectgroup>
</map>
"""


def test_typed_and_plain_forms_give_the_same_battlefield(tmp_path: Path) -> None:
    for name in ("tiles.tsx", "tiles.png"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    (tmp_path / "plain.tmx").write_text(HEAD + PLAIN)
    (tmp_path / "typed.tmx").write_text(HEAD + TYPED)
    a, b = load_battlefield(tmp_path / "plain.tmx"), load_battlefield(tmp_path / "typed.tmx")
    assert describe_battlefield(a).splitlines()[1:] == describe_battlefield(b).splitlines()[1:]
    for name in ("terrain", "light", "obscurement"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert [o.height_yd for o in b.obstacles] == [3.0]


# Tiled 1.8 has no object classes: a class is used as the type of a custom property, whose
# members changed from their defaults are written inside it (the other members are defaults)
CLASS_PROPERTY = """
  <object id="1" x="0" y="0" width="96" height="16">
   <properties>
    <property name="battlemat" type="class" propertytype="wall">
     <properties><property name="height" type="float" value="3"/></properties>
    </property>
   </properties>
  </object>
  <object id="2" x="0" y="32" width="32" height="32">
   <properties>
    <property name="battlemat" type="class" propertytype="terrain">
     <properties>
      <property name="terrain" propertytype="TerrainKinds" value="liquid,treacherous"/>
     </properties>
    </property>
   </properties>
  </object>
  <object id="3" type="light" x="64" y="32" width="32" height="32">
   <properties>
    <property name="battlemat" type="class" propertytype="light">
     <properties><property name="light" propertytype="LightLevel" value="dim"/></properties>
    </property>
   </properties>
  </object>
  <object id="4" x="32" y="16" width="16" height="16">
   <properties><property name="battlemat" type="class" propertytype="fog"/></properties>
  </object>
 </objectgroup>
</map>
"""
TILES_AS_CLASS = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="tiles" tilewidth="16" tileheight="16"
 tilecount="4" columns="4">
 <image source="tiles.png" width="64" height="16"/>
 <tile id="0"><properties>
  <property name="battlemat" type="class" propertytype="ground"><properties>
   <property name="terrain" propertytype="TerrainKinds" value="liquid"/>
  </properties></property>
 </properties></tile>
</tileset>
"""


def test_the_tiled_1_8_class_property_form_reads_as_the_plain_one(tmp_path: Path) -> None:
    for name in ("tiles.tsx", "tiles.png"):
        (tmp_path / name).write_bytes((DATA / name).read_bytes())
    (tmp_path / "plain.tmx").write_text(HEAD + PLAIN)
    (tmp_path / "class.tmx").write_text(HEAD + CLASS_PROPERTY)
    a, b = load_battlefield(tmp_path / "plain.tmx"), load_battlefield(tmp_path / "class.tmx")
    assert describe_battlefield(a).splitlines()[1:] == describe_battlefield(b).splitlines()[1:]
    for name in ("terrain", "light", "obscurement"):
        assert np.array_equal(getattr(a, name), getattr(b, name)), name
    assert [(o.kind, o.height_yd) for o in b.obstacles] == [("wall", 3.0)]
    assert "no Battlemat meaning" not in describe_battlefield(b)


def test_a_tile_whose_class_property_is_ground_paints_its_members(tmp_path: Path) -> None:
    (tmp_path / "tiles.png").write_bytes((DATA / "tiles.png").read_bytes())
    plain = TILES_AS_CLASS.replace(
        '<property name="battlemat" type="class" propertytype="ground"><properties>\n', ""
    ).replace("  </properties></property>\n", "")
    (tmp_path / "tiles.tsx").write_text(TILES_AS_CLASS)
    (tmp_path / "class.tmx").write_text(HEAD + "</objectgroup></map>")
    typed = load_battlefield(tmp_path / "class.tmx")
    (tmp_path / "tiles.tsx").write_text(plain)
    assert 'propertytype="ground"' not in plain and 'value="liquid"' in plain
    untyped = load_battlefield(tmp_path / "class.tmx")
    assert np.array_equal(typed.terrain, untyped.terrain) and typed.terrain.any()
