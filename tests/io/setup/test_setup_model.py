"""Set-up without YAML (issue 11): add, edit, remove, move, sides, start, save, reopen, play.

The map is a bare 12x10 glade with a wall down the middle (x 6, y 2-7) and no creatures.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.io.check import check_paths
from game.io.config import load_definitions
from game.io.errors import InputError, InputErrors
from game.io.setup.model import open_setup
from game.rules.definitions import Side
from game.rules.engine import Event, replay

GLADE = Path(__file__).parent / "data" / "glade.tmx"


@pytest.fixture(scope="module")
def defs():
    return load_definitions()


@pytest.fixture
def setup(defs):
    return open_setup(GLADE, defs)


def names(setup) -> list[str]:
    return sorted(c.name for c in setup.state.creatures.values())


def test_a_bare_map_opens_to_set_up_with_two_sides_and_no_creatures(setup) -> None:
    assert setup.in_setup and not setup.state.creatures
    assert [(s.id, s.controller) for s in setup.state.sides] == [("players", "players"),
                                                                ("foes", "gm")]
    assert setup.problems() == ["there are no creatures on the map: add some from the bestiary"]


def test_four_goblins_fill_free_squares_near_the_drop_point_numbered(setup) -> None:
    assert setup.add("goblin", "foes", (8, 4), count=4) == []
    gobs = sorted(setup.state.creatures.values(), key=lambda c: c.name)
    assert [c.name for c in gobs] == ["Goblin 1", "Goblin 2", "Goblin 3", "Goblin 4"]
    squares = [c.square for c in gobs]
    assert len(set(squares)) == 4 and (8, 4) in squares
    assert all(max(abs(x - 8), abs(y - 4)) <= 1 for x, y in squares)  # the nearest ring
    assert setup.add("goblin", "foes", (9, 8)) == []  # the next one is Goblin 5, not Goblin
    assert "Goblin 5" in names(setup)
    setup.engine.undo()
    setup.engine.undo()
    assert not setup.state.creatures  # one undo takes the four back off


def test_spreading_goes_around_walls_and_other_creatures(setup) -> None:
    setup.add("human_knight", "players", (8, 4))
    assert setup.add("goblin", "foes", (7, 4), count=6) == []
    squares = [c.square for c in setup.state.creatures.values()]
    assert len(set(squares)) == 7  # never two on one square
    assert all(x != 6 or not 2 <= y <= 7 for x, y in squares)  # never on the wall
    near = sorted(max(abs(x - 7), abs(y - 4)) for x, y in squares)
    assert near == [0, 1, 1, 1, 1, 1, 2]  # the knight and 4 free squares of ring 1, then ring 2


@pytest.mark.parametrize("square,why", [
    ((6, 3), "square [6, 3] is a wall (impassable)"),
    ((12, 3), "square [12, 3] is off the map (12 x 10 squares: x 0-11, y 0-9)"),
    ((-1, 0), "is off the map"),
])
def test_a_creature_dropped_on_a_wall_or_off_the_map_is_refused(setup, square, why) -> None:
    before = setup.state
    (reason,) = setup.add("goblin", "foes", square)
    assert why in reason and reason.startswith("cannot put Goblin there")
    assert setup.state is before


def test_two_creatures_on_one_square_and_a_big_one_off_the_edge_are_refused(setup) -> None:
    setup.add("goblin", "foes", (2, 2))
    before = setup.state
    assert setup.add("warg", "foes", (2, 2)) == [
        "cannot put Warg there: square [2, 2] is taken by Goblin"]
    assert setup.add("warhorse", "players", (11, 9)) == [
        "cannot put Warhorse there: square [11, 9] (2x2 space) is off the map "
        "(12 x 10 squares: x 0-11, y 0-9)"]
    assert setup.add("goblin", "foes", (2, 3), count=51) == ["add 1 to 50 creatures at once, "
                                                             "not 51"]
    assert setup.state is before


def test_set_up_moves_go_anywhere_free_and_provoke_nothing(setup) -> None:
    setup.add("human_knight", "players", (2, 2))
    setup.add("ogre_brute", "foes", (3, 3))
    knight = next(c for c in setup.state.creatures.values() if c.name == "Knight")
    ogre = next(c for c in setup.state.creatures.values() if c.name == "Ogre Brute")
    out = setup.engine.submit(__import__("game.rules.engine.setup", fromlist=["x"])
                              .PlaceCreature(knight.id, (10, 8)))
    assert out.ok and [type(e).__name__ for e in out.events] == ["Placed"]  # no free attack
    assert setup.state.creatures[knight.id].square == (10, 8)
    assert setup.move(knight.id, (4, 4)) == ["cannot put Knight there: square [4, 4] is taken "
                                             "by Ogre Brute"]
    assert setup.move(ogre.id, (5, 4)) == ["cannot put Ogre Brute there: square [6, 4] is a "
                                           "wall (impassable)"]  # its 2x2 space
    assert setup.move(knight.id, (0, 0)) == []


def test_the_gm_edits_what_changes_at_the_table(setup) -> None:
    setup.add("goblin", "foes", (2, 2))
    (cid,) = setup.state.creatures
    assert setup.edit(cid, name="Snaggletooth", side="players", health=12, damage=3, speed=8,
                      defense=15, weapons=["spear", "dagger"], afflictions=["prone"],
                      token="assets/tokens/goblin.png", player_character=True) == []
    c = setup.state.creatures[cid]
    assert (c.name, c.side, c.damage, c.definition.health, c.definition.speed) == (
        "Snaggletooth", "players", 3, 12, 8)
    assert c.definition.defense == 15 and c.definition.weapons == ("spear", "dagger")
    assert c.has("prone") and c.data["token"] == "assets/tokens/goblin.png"
    assert c.data["player_character"] is True
    before = setup.state
    assert setup.edit(cid, damage=13) == ["damage must be between 0 and Snaggletooth's Health "
                                          "12, not 13"]
    assert setup.edit(cid, weapons=["laser"]) == ["there is no weapon 'laser' in the weapon list"]
    assert setup.edit(cid, speed=500) == ["Speed must be between 0 and 100, not 500"]
    assert setup.edit(cid, side="pirates") == ["there is no side 'pirates' (sides: players, foes)"]
    assert setup.edit(cid, name="  ") == ["a creature needs a name"]
    assert setup.state is before
    setup.engine.undo()
    assert setup.state.creatures[cid].name == "Goblin"  # the edit is one undo


def test_a_player_character_on_the_gms_side_is_incapacitated_not_killed(setup) -> None:
    from game.rulesets.sotdl.commands import DealDamage

    setup.add("human_guard", "players", (2, 2))
    setup.add("goblin", "foes", (9, 2))
    gob = next(c.id for c in setup.state.creatures.values() if c.name == "Goblin")
    setup.edit(gob, player_character=True)
    assert setup.start() == []
    setup.submit(DealDamage(gob, 50))
    c = setup.state.creatures[gob]
    assert c.in_fight and c.has("incapacitated")


def test_sides_names_players_and_refusals(setup) -> None:
    assert setup.rename_side("foes", "The Bog Goblins") == []
    assert setup.add_side("Wolves") == []
    assert [s.name for s in setup.state.sides] == ["Players", "The Bog Goblins", "Wolves"]
    setup.add("goblin", "foes", (8, 2))
    setup.add("human_guard", "players", (2, 2))
    assert setup.start() == ["side 'Wolves' has no creatures: add some or remove the side"]
    assert setup.remove_side("foes") == ["Goblin is on side 'foes': move it to another side "
                                         "before removing that side"]
    assert setup.players_side("wolves") == []
    assert {s.id: s.controller for s in setup.state.sides}["wolves"] == "players"
    assert setup.set_sides([Side("a", "A", "gm"), Side("a", "B", "gm")]) == [
        "two sides have the same id"]
    assert setup.remove_side("wolves") == []
    assert setup.add_side("Players") == ["there is already a side 'players'"]


def test_start_begins_the_first_round_and_ends_set_up(setup) -> None:
    setup.add("human_guard", "players", (2, 2))
    setup.add("goblin", "foes", (9, 2), count=2)
    assert setup.start() == []
    assert setup.state.round == 1 and not setup.in_setup
    assert setup.add("goblin", "foes", (9, 8)) == [
        "the fight has started: set-up is over (undo back to it to change it)"]
    setup.engine.undo()
    assert setup.in_setup and setup.add("goblin", "foes", (9, 8)) == []


def test_set_up_replays_from_its_events_like_the_fight(setup) -> None:
    """The journal keeps each command's events (JSON); a crash replays them exactly."""
    setup.add("goblin", "foes", (8, 4), count=3)
    setup.add("warhorse", "players", (1, 1))
    cid = next(iter(setup.state.creatures))
    setup.edit(cid, health=11, damage=2, afflictions=["prone"], weapons=["spear"])
    setup.move(cid, (10, 8))
    setup.add_side("Wolves")
    setup.remove(next(c for c in setup.state.creatures if c != cid))
    log = [Event.from_dict(e.to_dict()) for e in setup.engine.log()]
    assert replay(setup.engine.initial, log) == setup.state


def test_save_reopen_check_and_play_a_round(setup, defs, tmp_path) -> None:
    from game.rulesets.sotdl.commands import EndRound

    setup.add("human_knight", "players", (2, 2))
    setup.add("goblin", "foes", (8, 4), count=4)
    knight = next(c.id for c in setup.state.creatures.values() if c.name == "Knight")
    setup.edit(knight, name="Sir Bors", health=30, damage=4, afflictions=["prone"])
    out = tmp_path / "glade_fight.yaml"
    assert setup.save(out).startswith(f"saved {out} (5 creatures)")
    text = out.read_text()
    assert "{creature: human_knight, side: players, name: Sir Bors, square: [2, 2], health: 30, " \
           "damage: 4, afflictions: [prone]}" in text
    assert "{creature: goblin, side: foes, name: Goblin 1, square: [" in text
    assert check_paths([out], out=io.StringIO(), err=io.StringIO()) == 0
    again = open_setup(out, defs)
    assert sorted(c.name for c in again.state.creatures.values()) == names(setup)
    bors = next(c for c in again.state.creatures.values() if c.name == "Sir Bors")
    assert (bors.definition.health, bors.damage, bors.has("prone")) == (30, 4, True)
    assert again.start() == [] and again.state.round == 1
    assert again.submit(EndRound()) == [] and again.state.round == 2


def test_the_map_is_written_relative_to_the_encounter_file(setup, tmp_path) -> None:
    setup.add("human_knight", "players", (2, 2))
    setup.add("goblin", "foes", (8, 4))
    import os

    out = tmp_path / "fights" / "glade.yaml"
    setup.save(out)
    rel = os.path.relpath(GLADE.resolve(), out.parent.resolve())
    assert f"map: {rel}\n" in out.read_text()


def test_saving_refuses_a_file_changed_on_disk_and_changes_nothing(setup, defs, tmp_path) -> None:
    setup.add("human_knight", "players", (2, 2))
    setup.add("goblin", "foes", (8, 4))
    out = tmp_path / "fight.yaml"
    setup.save(out)
    again = open_setup(out, defs)
    again.add("goblin", "foes", (9, 8))
    out.write_text(out.read_text() + "# the GM's note, typed in an editor\n")
    changed = out.read_text()
    with pytest.raises(InputError, match="changed on disk since it was opened: not overwritten"):
        again.save(out)
    assert out.read_text() == changed
    other = tmp_path / "taken.yaml"
    other.write_text("# someone else's\n")
    with pytest.raises(InputError, match="already exists: not overwritten"):
        setup.save(other)
    assert again.save(tmp_path / "fight2.yaml").startswith("saved")
    again.add("goblin", "foes", (10, 8))
    assert again.save(tmp_path / "fight2.yaml").startswith("saved")  # its own file: fine


def test_a_set_up_with_an_empty_side_is_not_saved(setup, tmp_path) -> None:
    setup.add("goblin", "foes", (8, 4))
    with pytest.raises(InputErrors, match="side 'Players' has no creatures"):
        setup.save(tmp_path / "x.yaml")
    assert not (tmp_path / "x.yaml").exists()


def test_the_bestiary_searches_by_name(setup) -> None:
    assert [c.id for c in setup.bestiary("gob")][:1] == ["goblin"]
    assert {c.id for c in setup.bestiary("human")} >= {"human_knight", "human_guard"}
    assert setup.bestiary("zzz") == []
    assert setup.add("gobbo", "foes", (1, 1)) == ["there is no creature 'gobbo' in the bestiary"]


def test_osr_sides_leader_and_morale_are_the_creatures_lead_and_morale(defs, tmp_path) -> None:
    """OSR: unless the GM names one, the side's leader is its creature with the most Lead (the
    Lead check may replace the morale roll); set-up edits Lead and morale and the encounter
    file keeps them (a side's own leader and morale: test_setup_mounts_sides.py)."""
    setup = open_setup(GLADE, defs, ruleset="osr")
    assert setup.add("osr_raider", "foes", (9, 4), count=3) == []
    assert setup.add("osr_soldier", "players", (2, 4)) == []
    raider = next(c.id for c in setup.state.creatures.values() if c.name == "Raider 1")
    assert setup.side_leader("foes") == "leader none, morale 7"
    assert setup.edit(raider, name="Big Mag", lead=2, morale=9) == []
    assert setup.side_leader("foes") == "leader Big Mag (Lead 2, most Lead), morale 7-9"
    assert setup.edit(raider, morale=13) == ["Morale must be between 2 and 12, not 13"]
    out = tmp_path / "raid.yaml"
    setup.save(out)
    assert "name: Big Mag, square: [9, 4], morale: 9, lead: 2}" in out.read_text()
    again = open_setup(out, defs)
    assert again.state.ruleset_id == "osr" and again.side_leader("foes") == setup.side_leader(
        "foes")
    assert again.start() == [] and not again.in_setup
