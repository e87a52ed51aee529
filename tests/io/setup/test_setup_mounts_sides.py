"""Set-up (issue 11): a rider put on its mount, and (OSR) a side's leader and morale; each is
saved in the encounter file, opened again, and refused with a clear reason when it breaks the
rules (the same size and saddle rules the engine's Ride uses; Seed OSR: Rolling Morale Checks).

The map is the bare 12x10 glade with a wall at x 6, y 2-7.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.io.check import check_paths
from game.io.config import load_definitions
from game.io.errors import InputError, InputErrors
from game.io.setup.model import SetUp, open_setup
from game.rulesets.osr.view import leader_for, morale_of

GLADE = Path(__file__).parent / "data" / "glade.tmx"


@pytest.fixture(scope="module")
def defs():
    return load_definitions()


def named(setup: SetUp, name: str) -> str:
    return next(c.id for c in setup.state.creatures.values() if c.name == name)


def mounted(defs) -> tuple[SetUp, str, str]:  # type: ignore[no-untyped-def]
    setup = open_setup(GLADE, defs)
    assert setup.add("human_knight", "players", (2, 4)) == []
    assert setup.add("warhorse", "players", (3, 6)) == []
    assert setup.add("goblin", "foes", (9, 4), count=2) == []
    return setup, named(setup, "Knight"), named(setup, "Warhorse")


def test_a_rider_takes_its_mounts_space_and_goes_where_it_goes(defs) -> None:
    setup, knight, horse = mounted(defs)
    assert setup.mount(knight, horse) == []
    k, h = setup.state.creatures[knight], setup.state.creatures[horse]
    assert k.data["riding"] == horse and h.data["rider"] == knight
    assert k.body.squares() == h.body.squares()  # Seed SotDL Ride: the mount's space
    assert setup.move(horse, (8, 7)) == []  # a set-up move of the mount carries the rider
    assert setup.state.creatures[knight].square == (8, 7)
    before = setup.state
    assert setup.move(knight, (0, 0)) == ["Knight rides Warhorse: move Warhorse, or Get down "
                                          "first"]
    assert setup.edit(knight, side="foes") == ["Knight and Warhorse ride together: Get down "
                                               "first to change a side"]
    assert setup.state is before
    setup.engine.undo()
    setup.engine.undo()  # the move, then the mounting: one undo each
    assert setup.state.creatures[knight].square == (2, 4)
    assert not setup.state.creatures[knight].data.get("riding")


def test_getting_down_stands_beside_the_mount_and_removing_a_mount_leaves_its_rider(defs) -> None:
    setup, knight, horse = mounted(defs)
    setup.mount(knight, horse)
    assert setup.mount(knight, "") == []
    k, h = setup.state.creatures[knight], setup.state.creatures[horse]
    assert not k.data.get("riding") and not h.data.get("rider") and k.body.space == 1
    assert not set(k.body.squares()) & set(h.body.squares())
    assert max(abs(k.square[0] - 3), abs(k.square[1] - 6)) <= 2  # next to the 2x2 horse
    assert setup.mount(knight, "") == ["Knight is not riding"]
    setup.mount(knight, horse)
    assert setup.remove(horse) == []
    k = setup.state.creatures[knight]
    assert k.square == (3, 6) and k.body.space == 1 and not k.data.get("riding")


@pytest.mark.parametrize("rider,mount,why", [
    ("Knight", "Goblin 1", "Goblin 1 cannot be ridden"),
    ("Warhorse", "Knight", "Knight cannot be ridden"),
    ("Knight", "Knight", "Knight cannot ride itself"),
    ("Goblin 2", "Warhorse", "Warhorse is on another side than Goblin 2"),
    ("Knight", "Pony", "Pony (Size 1) is not larger than Knight (Size 1): a mount must be larger "
                       "than its rider"),
])
def test_a_mount_that_breaks_the_riding_rules_is_refused(defs, rider, mount, why) -> None:
    import dataclasses

    setup, _, _ = mounted(defs)
    pony = dataclasses.replace(defs.creatures["riding_horse"], id="pony", name="Pony", size=1)
    from game.rules.engine.setup import AddCreatures

    assert setup.submit(AddCreatures(pony, "players", (0, 0))) == []
    before = setup.state
    (reason,) = setup.mount(named(setup, rider), named(setup, mount))
    assert why in reason, reason
    assert setup.state is before


def test_a_mount_carries_one_rider(defs) -> None:
    setup, knight, horse = mounted(defs)
    assert setup.add("human_guard", "players", (1, 1)) == []
    setup.mount(knight, horse)
    assert setup.mount(named(setup, "Guard"), horse) == [
        "Guard cannot ride Warhorse: Warhorse already carries Knight"]


def test_a_mounted_rider_is_saved_as_mounted_on_and_opens_again_in_the_saddle(defs,
                                                                              tmp_path) -> None:
    glade = tmp_path / "glade.tmx"
    for name in ("glade.tmx", "tiles.png"):
        (tmp_path / name).write_bytes((GLADE.parent / name).read_bytes())
    setup = open_setup(glade, defs)
    setup.add("human_knight", "players", (2, 4))
    setup.add("warhorse", "players", (3, 6))
    setup.add("goblin", "foes", (9, 4))
    setup.mount(named(setup, "Knight"), named(setup, "Warhorse"))
    out = tmp_path / "ride.yaml"
    setup.save(out)
    text = out.read_text()
    assert "{creature: human_knight, side: players, square: [3, 6], mounted_on: Warhorse}" in text
    assert "{creature: warhorse, side: players, name: Warhorse, square: [3, 6]}" in text
    assert check_paths([out], out=io.StringIO(), err=io.StringIO()) == 0
    again = open_setup(out, defs)
    from game.rules.engine.placing import mount_of

    assert mount_of(again.state, named(again, "Knight")) == named(again, "Warhorse")
    assert again.move(named(again, "Warhorse"), (8, 7)) == []  # seated: it goes along
    assert again.state.creatures[named(again, "Knight")].square == (8, 7)


def test_osr_has_no_riding(defs) -> None:
    setup = open_setup(GLADE, defs, ruleset="osr")
    setup.add("osr_soldier", "players", (2, 4))
    setup.add("warhorse", "players", (3, 6))
    assert setup.mount(named(setup, "Soldier"), named(setup, "Warhorse")) == [
        "the osr rules here have no riding"]


def osr_band(defs, path: Path = GLADE) -> SetUp:  # type: ignore[no-untyped-def]
    setup = open_setup(path, defs, ruleset="osr")
    assert setup.add("osr_soldier", "players", (2, 4), count=2) == []
    assert setup.add("osr_chieftain", "foes", (9, 2)) == []
    assert setup.add("osr_sergeant", "foes", (9, 8)) == []  # Lead 3: leads unless the GM says
    assert setup.add("osr_raider", "foes", (9, 5), count=3) == []
    return setup


def test_osr_the_gm_names_a_sides_leader_and_morale(defs) -> None:
    setup = osr_band(defs)
    raider, chief = named(setup, "Raider 1"), named(setup, "Raider chieftain")
    assert leader_for(setup.state, raider).name == "Sergeant"  # the most Lead
    assert setup.side_leader("foes") == "leader Sergeant (Lead 3, most Lead), morale 7-9"
    assert setup.lead_side(chief) == [] and setup.side_morale("foes", 6) == []
    assert leader_for(setup.state, raider).id == chief
    assert morale_of(setup.state, setup.state.creatures[raider]) == 6
    assert setup.side_leader("foes") == ("leader Raider chieftain (Lead 1, chosen), morale 6 "
                                         "(the side's)")
    assert setup.lead_side(chief) == []  # again: back to the most Lead
    assert setup.state.side("foes").leader == ""


def test_osr_a_leader_or_morale_that_breaks_the_rules_is_refused(defs) -> None:
    setup = osr_band(defs)
    before = setup.state
    assert setup.lead_side(named(setup, "Raider 2")) == [
        "Raider 2 has no ranks in Lead: give it Lead first to lead 'Foes'"]
    assert setup.side_morale("foes", 13) == [
        "side 'Foes': morale must be between 2 and 12 (0: each creature's own), not 13"]
    assert setup.state is before
    chief = named(setup, "Raider chieftain")
    setup.lead_side(chief)
    assert setup.edit(chief, lead=0) == [] and setup.state.side("foes").leader == ""
    setup.engine.undo()
    assert setup.edit(chief, side="players") == [] and setup.state.side("foes").leader == ""


def test_osr_leader_and_morale_are_saved_and_open_again(defs, tmp_path) -> None:
    for name in ("glade.tmx", "tiles.png"):
        (tmp_path / name).write_bytes((GLADE.parent / name).read_bytes())
    setup = osr_band(defs, tmp_path / "glade.tmx")
    chief = named(setup, "Raider chieftain")
    setup.lead_side(chief)
    setup.side_morale("foes", 6)
    out = tmp_path / "raid.yaml"
    setup.save(out)
    text = out.read_text()
    assert "    leader: Raider chieftain\n    morale: 6\n" in text, text
    assert check_paths([out], out=io.StringIO(), err=io.StringIO()) == 0
    again = open_setup(out, defs)
    assert again.state.side("foes").leader == named(again, "Raider chieftain")
    assert again.state.side("foes").morale == 6
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("leader: Raider chieftain", "leader: Raider chief"))
    with pytest.raises((InputError, InputErrors)) as err:
        open_setup(bad, defs)
    assert "side 'foes': leader 'Raider chief' names no creature of this encounter (did you " \
           "mean 'Raider chieftain'?)" in str(err.value)
    bad.write_text(text.replace("leader: Raider chieftain", "leader: Raider 1"))
    with pytest.raises((InputError, InputErrors)) as err:
        open_setup(bad, defs)
    assert "leader 'Raider 1' has no ranks in Lead" in str(err.value)


def test_mounts_and_leaders_replay_from_their_events(defs) -> None:
    """The journal keeps each command's events (JSON); riding and sides replay exactly."""
    from game.rules.engine import Event, replay

    setup, knight, horse = mounted(defs)
    setup.mount(knight, horse)
    setup.move(horse, (8, 7))
    setup.mount(knight, "")
    setup.mount(knight, horse)
    setup.remove(horse)
    log = [Event.from_dict(e.to_dict()) for e in setup.engine.log()]
    assert replay(setup.engine.initial, log) == setup.state
    osr = osr_band(defs)
    osr.lead_side(named(osr, "Raider chieftain"))
    osr.side_morale("foes", 6)
    osr.remove(named(osr, "Raider chieftain"))
    log = [Event.from_dict(e.to_dict()) for e in osr.engine.log()]
    assert replay(osr.engine.initial, log) == osr.state
