"""The targeting query and the sight plug-ins on the attack roll (Seed SotDL: Making Attacks,
Cover & Obscurement, Distant Shot, Lunging Attack, Hide, Distract/Feint)."""

from __future__ import annotations

from game.rulesets.sotdl.commands import Afflict, Attack, BeginCombat, Distract, Feint
from tests.rulesets.sotdl.helpers import make, of, ok, rejected

LOW_WALL = """
..........
..........
....o.....
..........
"""


def eng_on(picture: str, hero_at, foe_at, hero=None, foe=None, **kw):
    eng = make(
        picture, {"hero": ("pcs", hero_at, hero or {}), "foe": ("foes", foe_at, foe or {})}, **kw
    )
    ok(eng, BeginCombat())
    return eng


def reasons(t) -> list[str]:
    return [m.source for m in t.modifiers]


def test_query_reports_everything_for_an_open_shot() -> None:
    eng = eng_on(LOW_WALL, (0, 0), (6, 0), hero={"weapons": ("bow",)})
    t = eng.query("targeting", "hero", "foe")
    assert t.legal and t.violations == ()
    assert t.distance_yd == 6 and t.band == "within range"
    assert t.cover is not None and t.cover.level.name == "NONE" and t.cover_applies
    assert len(t.cover.lines) == 36
    assert t.obscured is not None and t.obscured.reason == "not obscured"
    assert t.modifiers == () and t.net_boons == 0
    assert t.target_number == 12 and t.target_attribute == "defense"
    assert any("target number 12" in line for line in t.lines())


def test_ranged_attack_behind_low_wall_takes_the_cover_bane_with_its_reason() -> None:
    eng = eng_on(LOW_WALL, (0, 2), (5, 2), hero={"weapons": ("bow",)}, foe={"size": 0.5})
    t = eng.query("targeting", "hero", "foe")
    assert t.legal and t.cover.level.name in ("HALF", "THREE_QUARTERS")
    cov = [m for m in t.modifiers if m.source == "cover"]
    assert len(cov) == 1 and cov[0].boons == -t.cover.level.ranged_banes
    assert "cover" in cov[0].reason and "lines blocked" in cov[0].reason


def test_melee_in_reach_ignores_cover() -> None:
    eng = eng_on(LOW_WALL, (3, 2), (5, 2), foe={"size": 0.5}, hero={"weapons": ("polearm",)})
    t = eng.query("targeting", "hero", "foe")
    assert t.legal and not t.cover_applies
    assert "cover" not in reasons(t)


def test_total_cover_makes_any_attack_illegal() -> None:
    eng = eng_on("......\n..#...\n......", (0, 1), (4, 1), hero={"weapons": ("bow",)})
    t = eng.query("targeting", "hero", "foe")
    assert not t.legal and [v.code for v in t.violations] == ["total_cover"]
    assert "total_cover" in rejected(eng, Attack("hero", "foe"))


def test_obscurement_banes_apply_to_melee_too() -> None:
    eng = eng_on("....\n..f.\n....", (1, 1), (2, 1))
    t = eng.query("targeting", "hero", "foe")
    obs = [m for m in t.modifiers if m.source == "obscurement"]
    assert t.legal and len(obs) == 1 and obs[0].boons == -2 and "heavily obscured" in obs[0].reason


def test_darkness_from_the_ruleset_light_table() -> None:
    eng = eng_on("........\n......D.", (0, 1), (6, 1), hero={"weapons": ("bow",)})
    assert eng.query("targeting", "hero", "foe").net_boons == -2
    eng = eng_on(
        "........\n......D.",
        (0, 1),
        (6, 1),
        hero={"weapons": ("bow",)},
        params={"light": {"dark": "partial"}},
    )
    assert eng.query("targeting", "hero", "foe").net_boons == -1


def test_invisible_target_three_banes_and_a_known_location() -> None:
    eng = eng_on("........", (0, 0), (1, 0))
    ok(eng, Afflict("foe", "invisible"))
    t = eng.query("targeting", "hero", "foe")
    assert t.obscured.requires_known_location and t.net_boons == -3


def test_distant_shot_one_bane_and_nothing_beyond_twice_the_range() -> None:
    pic = "." * 24
    eng = eng_on(pic, (0, 0), (15, 0), hero={"weapons": ("bow",)})
    t = eng.query("targeting", "hero", "foe")
    assert t.legal and t.band == "distant shot" and t.net_boons == -1
    assert [m.reason for m in t.modifiers] == ["distant shot"]  # counted once
    eng = eng_on(pic, (0, 0), (21, 0), hero={"weapons": ("bow",)})
    t = eng.query("targeting", "hero", "foe")
    assert not t.legal and t.band == "out of range"
    assert "out_of_range" in rejected(eng, Attack("hero", "foe"))


def test_called_shot_beyond_range_is_refused() -> None:
    eng = eng_on("." * 24, (0, 0), (15, 0), hero={"weapons": ("bow",)})
    t = eng.query("targeting", "hero", "foe", option="called")
    assert not t.legal


def test_thrown_weapon_only_within_its_range() -> None:
    eng = eng_on("." * 12, (0, 0), (5, 0), hero={"weapons": ("dagger",)})
    assert eng.query("targeting", "hero", "foe", thrown=True).legal
    eng = eng_on("." * 12, (0, 0), (7, 0), hero={"weapons": ("dagger",)})
    t = eng.query("targeting", "hero", "foe", thrown=True)
    assert not t.legal and "thrown range" in t.violations[0].reason


def test_lunging_reach_band() -> None:
    eng = eng_on("......", (0, 0), (2, 0))
    assert "out_of_reach" in [v.code for v in eng.query("targeting", "hero", "foe").violations]
    t = eng.query("targeting", "hero", "foe", option="lunging")
    assert t.legal and t.band == "lunging reach" and t.net_boons == -1


def test_reach_is_measured_in_3d() -> None:
    eng = eng_on("......\n......", (0, 0), (1, 0), foe={}, hero={})
    assert eng.query("targeting", "hero", "foe").legal
    eng2 = make("......\n......", {"hero": ("pcs", (0, 0), {}), "foe": ("foes", (1, 0), {})})
    st = eng2.state
    foe = st.creatures["foe"]
    high = foe.body.moved_to(foe.body.square, elevation_yd=5.0)
    from dataclasses import replace

    from game.rules.engine import Engine, SeededDice, frozen_map

    cs = dict(st.creatures)
    cs["foe"] = replace(foe, body=high)
    eng3 = Engine(eng2.ruleset, replace(st, creatures=frozen_map(cs)), SeededDice(1))
    ok(eng3, BeginCombat())
    t = eng3.query("targeting", "hero", "foe")
    assert not t.legal and t.distance_yd == 3


def test_the_roll_uses_exactly_the_list_shown() -> None:
    eng = eng_on("..........\n....%.....\n..........", (0, 1), (6, 1), hero={"weapons": ("bow",)})
    ok(eng, Afflict("foe", "prone"))
    t = eng.query("targeting", "hero", "foe")
    assert {"obscurement", "affliction"} <= set(reasons(t))
    ev = ok(eng, Attack("hero", "foe"), dice=(10,) + (1,) * abs(t.net_boons) + (1,))
    roll = of(ev, "RollMade")[0]
    assert roll.modifiers == t.modifiers and roll.net_boons == t.net_boons
    assert roll.target_number == t.target_number


def test_hidden_attacker_one_boon_and_guessing_three_banes() -> None:
    eng = eng_on("ff....\n......", (0, 0), (1, 0))  # both in thick fog
    ok(eng, Afflict("hero", "hidden"))
    assert eng.state.creatures["hero"].has("hidden")
    t = eng.query("targeting", "hero", "foe")
    assert sorted((m.source, m.boons) for m in t.modifiers) == [("hidden", 1), ("obscurement", -2)]
    ok(eng, Afflict("foe", "hidden"))
    t = eng.query("targeting", "hero", "foe", guess=(1, 0))
    assert ("hidden", -3) in [(m.source, m.boons) for m in t.modifiers]
    assert "obscurement" not in reasons(t)
    assert "hidden" in [v.code for v in eng.query("targeting", "hero", "foe").violations]


def test_distract_and_feint_need_short_range_and_a_target_that_sees_you() -> None:
    eng = eng_on("." * 10 + "\n" + "." * 10, (0, 0), (5, 0))
    assert eng.query("targeting", "hero", "foe", action="distract").legal
    t = eng.query("targeting", "hero", "foe", action="feint")
    assert t.legal and t.target_attribute == "perception" and not t.cover_applies
    eng = eng_on("." * 10 + "\n" + "." * 10, (0, 0), (6, 0))
    assert "out_of_range" in rejected(eng, Distract("hero", "foe"))
    eng = eng_on(".....\n..#..\n.....", (0, 1), (4, 1))
    codes = rejected(eng, Feint("hero", "foe"))
    assert "cannot_see" in codes and "total_cover" in codes


def test_defend_and_options_come_from_the_engine_providers() -> None:
    eng = eng_on("......", (0, 0), (1, 0))
    ok(eng, Afflict("foe", "defended"))
    t = eng.query("targeting", "hero", "foe", option="guarded")
    srcs = [(m.source, m.boons) for m in t.modifiers]
    assert ("option", -1) in srcs and ("affliction", -1) in srcs and t.net_boons == -2


def test_unknown_action_is_an_error() -> None:
    eng = eng_on("...", (0, 0), (1, 0))
    try:
        eng.query("targeting", "hero", "foe", action="juggle")
    except KeyError as err:
        assert "juggle" in str(err)
    else:
        raise AssertionError("no error")


def test_area_effect_query_spares_the_totally_covered() -> None:
    eng = eng_on(".......\n...#...\n.......", (0, 1), (4, 1))
    r = eng.query("area_effect", "sphere", (1.5, 1.5, 1.0), 4.0)
    assert r.creatures == ("hero",) and set(r.shielded) == {"foe"}
    cone = eng.query("area_effect", "cone", (1.0, 1.5, 1.0), 6.0, toward=(7.0, 1.5, 1.0))
    assert cone.squares[1, 2] and not cone.squares[1, 0]


def test_help_and_find_previews() -> None:
    eng = make("........\n.......f", {"hero": ("pcs", (0, 0), {}), "ally": ("pcs", (5, 0), {}),
                                      "far": ("pcs", (7, 0), {}), "foe": ("foes", (7, 1), {})})
    ok(eng, BeginCombat())
    t = eng.query("targeting", "hero", "ally", action="help")
    assert t.legal and t.target_attribute == "challenge" and t.target_number == 10
    assert t.band == "within" and "5 yards" in t.range_reason
    assert not eng.query("targeting", "hero", "far", action="help").legal
    ok(eng, Afflict("foe", "hidden"))
    t = eng.query("targeting", "hero", "foe", action="find")
    assert t.legal and t.target_attribute == "agility"


def test_mounted_joint_attack_preview_shows_the_two_banes() -> None:
    from game.rulesets.sotdl.commands import StartTurn
    from game.rulesets.sotdl.mounts import Mount

    horse = {"size": 2, "speed": 12, "can_be_ridden": True, "weapons": ("claws",)}
    eng = make("\n".join(["........"] * 4), {"kara": ("pcs", (0, 0), {}),
                                              "horse": ("pcs", (1, 0), horse),
                                              "orc": ("foes", (3, 0), {})})
    ok(eng, BeginCombat())
    ok(eng, StartTurn("kara", "slow"))
    ok(eng, Mount("kara", "horse"))
    alone = eng.query("targeting", "kara", "orc", action="mounted_attack")
    assert alone.legal and alone.net_boons == 0
    both = eng.query("targeting", "kara", "orc", action="mounted_attack", mount_target="orc")
    assert both.net_boons == -2 and "action" in reasons(both)


def test_the_gm_overrules_cover_and_obscurement_with_a_reason() -> None:
    from game.rulesets.sotdl.sight import SightRuling

    eng = eng_on(LOW_WALL, (0, 0), (6, 0), hero={"weapons": ("bow",)})
    ok(eng, SightRuling("foe", cover="half", reason="the hedge is thicker than drawn"))
    t = eng.query("targeting", "hero", "foe")
    cov = [m for m in t.modifiers if m.source == "cover"]
    assert cov[0].boons == -1 and "GM: the hedge is thicker than drawn" in cov[0].reason
    ok(eng, SightRuling("foe", attacker="hero", obscurement="heavy", reason="smoke"))
    t = eng.query("targeting", "hero", "foe")
    assert t.net_boons == -2 and "cover" not in reasons(t)  # the pair's ruling wins
    assert "heavily obscured (GM: smoke)" in t.modifiers[0].reason
    ok(eng, SightRuling("foe", attacker="hero"))
    ok(eng, SightRuling("foe"))
    assert eng.query("targeting", "hero", "foe").modifiers == ()
    assert "bad_cover" in rejected(eng, SightRuling("foe", cover="lots"))


def test_named_range_band_of_the_distance() -> None:
    eng = eng_on("." * 30, (0, 0), (25, 0), hero={"weapons": ("bow",)})
    t = eng.query("targeting", "hero", "foe")
    assert t.range_name == "long" and "(long range)" in t.lines()[1]
    eng = eng_on("." * 30, (0, 0), (3, 0), hero={"weapons": ("bow",)})
    assert eng.query("targeting", "hero", "foe").range_name == "short"
