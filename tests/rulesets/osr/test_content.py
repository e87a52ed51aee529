"""The bundled OSR content: creature files and the demo encounter (a formation, a leader, a mob)."""

from __future__ import annotations

from pathlib import Path

from game.io.config import encounter_roster, load_definitions, load_encounter
from game.io.tiled import load_battlefield
from game.rules.engine import AdvancePhase, Engine, SeededDice, StartCombat
from game.rulesets.osr import NewCreature, build_ruleset, new_state
from game.rulesets.osr.formations import retinue_violations
from game.rulesets.osr.view import formations

ROOT = Path(__file__).resolve().parents[3]


def demo() -> Engine:
    defs = load_definitions(ROOT / "config")
    enc = load_encounter(ROOT / "config" / "encounters" / "osr_demo.yaml", defs)
    bf = load_battlefield(Path(enc.map_path))
    rs = build_ruleset(defs.rulesets["osr"], defs)
    news = []
    for e in encounter_roster(enc, bf):
        cid = e.name.lower().replace(" ", "_")
        news.append(
            NewCreature(
                cid,
                defs.creatures[e.creature_id],
                e.side,
                e.square,
                name=e.name,
                formation=e.formation,
            )
        )
    return Engine(rs, new_state(bf, rs, enc.sides, news, encounter=enc), SeededDice(3))


def test_osr_creature_files_load_with_their_osr_numbers() -> None:
    defs = load_definitions(ROOT / "config")
    sergeant, raider = defs.creatures["osr_sergeant"], defs.creatures["osr_raider"]
    assert sergeant.lead == 3 and sergeant.hp == 12 and sergeant.ac == 15
    assert "mob" in raider.tags and raider.morale == 7
    assert defs.creatures["osr_chieftain"].lead == 1 and defs.creatures["osr_chieftain"].bold
    assert defs.creatures["osr_ogre"].paces == 8


def test_demo_has_a_formation_a_leader_and_a_mob() -> None:
    eng = demo()
    forms = formations(eng.state)
    wall, rabble = forms["shield_wall"], forms["rabble"]
    assert wall.order == "tight" and wall.leader == "sergeant" and len(wall.members) == 4
    assert rabble.mob and rabble.leader == "raider_chieftain" and len(rabble.members) == 6
    assert eng.state.data["osr_cohesion"]["shield_wall"] == 8
    st = eng.state
    for leader in ("sergeant", "raider_chieftain"):
        ranks = st.creatures[leader].definition.lead
        assert (
            retinue_violations(
                leader, ranks, forms.values(), lambda n: "mob" in st.creatures[n].definition.tags
            )
            == []
        )


def test_demo_plays_a_round() -> None:
    eng = demo()
    assert eng.submit(StartCombat()).ok
    for _ in range(3):
        assert eng.submit(AdvancePhase()).ok
    assert eng.state.phase == "action"
    t = eng.query("targeting", "wall_archer", "raider_3")
    assert any("high ground" in m.reason for m in t.modifiers)  # the wall walk is 3 yards up


def test_ruleset_file_params_are_the_osr_params() -> None:
    from dataclasses import fields

    from game.rulesets.osr.params import OsrParams

    params = load_definitions(ROOT / "config").rulesets["osr"].params
    assert {f.name for f in fields(OsrParams)} <= set(params)
    assert OsrParams.from_mapping(params) == OsrParams()  # the file documents the defaults
