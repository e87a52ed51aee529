"""The shipped config loads cleanly, exercises the rules, and loads into frozen definitions."""
# ruff: noqa: E501  (expected messages read best as one line each, as a GM sees them)

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from game.io.config import DEFAULT_CONFIG_DIR, config_files, load_definitions
from game.io.errors import InputErrors
from game.rules.definitions import Definitions

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def defs() -> Definitions:
    return load_definitions()


def test_default_config_dir_is_the_projects() -> None:
    assert DEFAULT_CONFIG_DIR == ROOT / "config"
    files = config_files(DEFAULT_CONFIG_DIR)
    assert files["weapons"] == [ROOT / "config" / "weapons.yaml"]
    assert {p.name for p in files["encounters"]} >= {"demo.yaml", "bridge.yaml", "forest.yaml"}


def test_shipped_config_loads(defs: Definitions) -> None:
    assert set(defs.rulesets) >= {"sotdl", "osr"}
    assert len(defs.creatures) >= 12
    assert set(defs.encounters) >= {"demo", "bridge", "forest"}
    for enc in defs.encounters.values():
        assert Path(enc.map_path).is_file()


def test_the_creature_ids_other_developers_use(defs: Definitions) -> None:
    c, w = defs.creatures, defs.weapons
    assert any(w[x].has("reach") and w[x].reach_yd >= 1 for x in c["human_spearman"].weapons)
    assert any(w[x].has("reload") for x in c["human_crossbowman"].weapons)
    assert c["human_rogue"].weapons == ("dagger", "dagger")
    assert w["dagger"].has("finesse") and w["dagger"].has("thrown") and w["dagger"].range_yd > 0
    assert {"human_knight", "human_guard", "bandit_archer"} <= set(c)
    for horse in ("warhorse", "riding_horse"):
        assert c[horse].can_be_ridden and c[horse].size == 2
    assert c["warg"].size == 1 and c["warg"].speed > c["human_guard"].speed
    assert c["ogre_brute"].size >= 2 and c["ogre_brute"].reach_yd >= 1
    assert c["goblin"].size == 0.5
    assert c["giant_bat"].size == 0.5 and "fly" in c["giant_bat"].movement
    assert "swim" in c["river_serpent"].movement
    assert any(w[x].has("bow") for x in c["bandit_archer"].weapons)


def test_weapons_cover_the_properties(defs: Definitions) -> None:
    w = defs.weapons
    assert w["polearm"].has("reach") and w["crossbow"].has("reload")
    assert w["shield"].has("defensive") and w["shield"].defense_bonus == 1
    assert w["greatsword"].has("two_handed") and w["greatsword"].has("cumbersome")
    assert w["javelin"].has("thrown") and w["longbow"].has("bow") and w["claws"].has("natural")
    assert {w[x].damage_type for x in ("lightning_wand", "fire_flask", "acid_flask")} == {
        "lightning",
        "fire",
        "acid",
    }


def test_rulesets_hold_the_tunable_numbers(defs: Definitions) -> None:
    sotdl, osr = defs.rulesets["sotdl"], defs.rulesets["osr"]
    assert sotdl.diagonal_rule == "chebyshev" and sotdl.difficult_multiplier == 2
    assert dict(sotdl.named_ranges_yd) == {"short": 5, "medium": 20, "long": 100}
    assert sotdl.space_for(0.5) == 1 and sotdl.space_for(2) == 2 and sotdl.space_for(3) == 3
    assert sotdl.height_for(1) == 2.0
    assert dict(sotdl.params["light"]) == {"bright": "none", "dim": "partial", "dark": "heavy"}
    assert sotdl.params["falling"]["damage_dice"] == "1d6"
    assert sotdl.params["jump"]["safe_drop_yd"] == 5
    p = osr.params
    assert (p["move_paces"], p["bow_or_cast_paces"], p["charge_extra"]) == (6, 1, "1d6+3")
    assert (
        p["flanking"],
        p["high_ground"],
        p["poor_light"],
        p["darkness"],
        p["prone"],
        p["cover"],
    ) == (2, 2, -2, -4, 2, -2)
    assert (p["morale_dice"], p["mob_morale"]) == ("2d6", -1)


def test_definitions_are_frozen(defs: Definitions) -> None:
    goblin = defs.creatures["goblin"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        goblin.speed = 99  # type: ignore[misc]
    with pytest.raises(TypeError):
        defs.creatures["x"] = goblin  # type: ignore[index]
    with pytest.raises(TypeError):
        defs.rulesets["sotdl"].params["light"]["dim"] = "heavy"  # type: ignore[index]
    assert isinstance(defs.rulesets["sotdl"].params["jump"], type(defs.creatures))
    assert isinstance(defs.encounters["demo"].creatures, tuple)
    assert isinstance(goblin.weapons, tuple) and isinstance(goblin.movement, frozenset)


def test_loads_are_cached_until_a_file_changes(tmp_path: Path) -> None:
    cfg = tmp_path / "config"
    (cfg / "rulesets").mkdir(parents=True)
    (cfg / "weapons.yaml").write_text("weapons:\n  sword: {damage: 1d6}\n")
    (cfg / "rulesets" / "sotdl.yaml").write_text("name: T\n")
    first = load_definitions(cfg)
    assert load_definitions(cfg) is first
    (cfg / "weapons.yaml").write_text("weapons:\n  sword: {damage: 1d8}\n")
    assert load_definitions(cfg).weapons["sword"].damage == "1d8"
    (cfg / "weapons.yaml").write_text("weapons:\n  sword: {damage: lots}\n")
    with pytest.raises(InputErrors):
        load_definitions(cfg)


def test_every_shipped_yaml_file_is_read(defs: Definitions) -> None:
    files = [p for group in config_files(DEFAULT_CONFIG_DIR).values() for p in group]
    shipped = sorted(
        p for p in (ROOT / "config").rglob("*.yaml") if p.name != "tokens.yaml"
    )  # the UI's token art, not definitions
    assert sorted(files) == shipped


def test_fields_added_to_the_definitions_later_are_accepted() -> None:
    from game.io.config_defs import Field, with_added_fields
    from game.io.config_fields import Bad

    @dataclasses.dataclass(frozen=True)
    class Later:
        id: str
        name: str
        stamina: int = 3
        flying_height_yd: float = 0.0
        notes: tuple[str, ...] = ()

    spec = with_added_fields(Later, {"name": Field(str)})
    assert set(spec) == {"name", "stamina", "flying_height_yd"}  # tuple fields need real code
    assert spec["stamina"].conv(5) == 5
    with pytest.raises(Bad):
        spec["stamina"].conv("five")
