"""Seed SotDL: Ride: mount/dismount with the move, shared space, one turn and one action, joint
attacks with 2 banes once a round, the mount's Speed, free attacks on rider or mount, falling off,
falling under the mount and getting free."""

from __future__ import annotations

from game.rules.engine import Answer
from game.rulesets.sotdl.commands import Attack, BeginCombat, KnockDown, Move, StartTurn
from game.rulesets.sotdl.mounts import Dismount, Mount, MountedAttack
from game.rulesets.sotdl.movement.riding import GetFree
from tests.rulesets.sotdl.helpers import check_replay, make, of, ok, rejected

OPEN = "\n".join(["..............."] * 7)
HORSE = {"size": 2, "speed": 12, "can_be_ridden": True, "weapons": ("claws",)}


def mounted(extra=None, rider=None):  # type: ignore[no-untyped-def]
    who = {
        "kara": ("pcs", (0, 0), {"speed": 5, **(rider or {})}),
        "horse": ("pcs", (1, 0), HORSE),
        "lurker": ("foes", (14, 6), {}),
    }
    who.update(extra or {})
    eng = make(OPEN, who)
    ok(eng, BeginCombat())
    return eng


def test_mount_uses_the_move_and_shares_the_space() -> None:
    eng = mounted()
    ok(eng, StartTurn("kara", "slow"))
    ok(eng, Mount("kara", "horse"))
    st = eng.state
    assert st.creatures["kara"].square == st.creatures["horse"].square == (1, 0)
    assert st.creatures["kara"].data["riding"] == "horse"
    assert st.creatures["horse"].turn.taken  # one turn together
    assert rejected(eng, Move("kara", ((5, 0),))) == ["too_far"]  # the move is used


def test_mount_must_be_larger_willing_and_in_reach() -> None:
    eng = mounted(
        {
            "pony": ("pcs", (5, 5), {"size": 1, "can_be_ridden": True}),
            "mule": ("pcs", (6, 3), {"size": 2, "can_be_ridden": False}),
        }
    )
    assert rejected(eng, Mount("kara", "pony")) == ["too_small"]
    assert rejected(eng, Mount("kara", "mule")) == ["unwilling"]
    eng2 = make(
        OPEN,
        {
            "kara": ("pcs", (0, 0), {}),
            "horse": ("pcs", (5, 0), HORSE),
            "lurker": ("foes", (14, 6), {}),
        },
    )
    ok(eng2, BeginCombat())
    assert rejected(eng2, Mount("kara", "horse")) == ["out_of_reach"]


def test_rider_moves_at_the_mounts_speed_and_the_mount_carries_it() -> None:
    # mount in round 1, ride in round 2
    eng = mounted()
    ok(eng, StartTurn("kara", "fast"))
    ok(eng, Mount("kara", "horse"))
    _next_round(eng)
    ok(eng, StartTurn("kara", "fast"))
    evs = ok(eng, Move("kara", ((11, 0),)))
    assert eng.state.creatures["horse"].square == (11, 0)
    assert eng.state.creatures["kara"].square == (11, 0)
    assert {e.creature for e in of(evs, "Stepped")} == {"horse"}
    assert rejected(eng, Move("kara", ((11, 3),))) == ["too_far"]  # 10 of the horse's 12 used
    check_replay(eng)


def _next_round(eng) -> None:  # type: ignore[no-untyped-def]
    from game.rulesets.sotdl.commands import EndRound

    ok(eng, EndRound())


def test_dismount_uses_the_move() -> None:
    eng = mounted()
    ok(eng, StartTurn("kara", "fast"))
    ok(eng, Mount("kara", "horse"))
    _next_round(eng)
    ok(eng, StartTurn("kara", "slow"))
    ok(eng, Dismount("kara", (3, 0)))
    assert eng.state.creatures["kara"].square == (3, 0)
    assert not eng.state.creatures["kara"].data.get("riding")


def test_free_attack_on_the_mounts_move_targets_rider_or_mount() -> None:
    eng = mounted({"orc": ("foes", (3, 0), {})})
    ok(eng, StartTurn("kara", "fast"))
    ok(eng, Mount("kara", "horse"))
    _next_round(eng)
    ok(eng, StartTurn("kara", "fast"))
    out = eng.submit(Move("kara", ((1, 4),)))
    assert out.pending is not None and out.pending.kind == "free_attack"
    assert {o.id for o in out.pending.options} == {"kara", "horse", "decline"}
    out = eng.submit(Answer("pending", "horse"), dice=(20, 1))
    rolls = [e for e in eng.log() if type(e).__name__ == "RollMade"]
    assert rolls and rolls[-1].target == "horse"


def test_joint_attack_two_banes_each_once_a_round() -> None:
    eng = mounted({"orc": ("foes", (3, 0), {})})
    ok(eng, StartTurn("kara", "slow"))
    ok(eng, Mount("kara", "horse"))
    evs = ok(eng, MountedAttack("kara", "orc", "orc"))
    rolls = of(evs, "RollMade")
    assert [r.roller for r in rolls] == ["kara", "horse"]
    assert all(r.net_boons == -2 for r in rolls)
    assert eng.state.creatures["horse"].turn.action_used
    _next_round(eng)
    ok(eng, StartTurn("kara", "slow"))
    evs = ok(eng, MountedAttack("kara", mount_target="orc"))
    assert [r.net_boons for r in of(evs, "RollMade")] == [0]


def test_rider_knocked_prone_lands_within_a_yard_away_from_the_source() -> None:
    eng = mounted({"orc": ("foes", (3, 1), {"strength": 18})})
    ok(eng, StartTurn("kara", "fast"))
    ok(eng, Mount("kara", "horse"))
    ok(eng, StartTurn("orc", "fast"))
    evs = ok(eng, KnockDown("orc", "kara"), dice=(20,))
    k = eng.state.creatures["kara"]
    assert k.has("prone") and not k.data.get("riding")
    assert k.square[0] == 0  # the side away from the orc
    assert eng.state.creatures["horse"].square == (1, 0)
    assert of(evs, "BodySet")[-1].body.space == 1


def test_mount_falls_prone_pins_the_rider_who_can_get_free() -> None:
    eng = mounted({"orc": ("foes", (3, 1), {"strength": 18})})
    ok(eng, StartTurn("kara", "fast"))
    ok(eng, Mount("kara", "horse"))
    ok(eng, StartTurn("orc", "fast"))
    # knock down hits (20; 1 bane d6: 1), the rider's Agility challenge fails (1), 1d6+2: 3+2
    evs = ok(eng, KnockDown("orc", "horse"), dice=(20, 1, 1, 3))
    k = eng.state.creatures["kara"]
    assert k.has("prone") and k.has("immobilized") and k.square == (1, 0)
    assert [e.amount for e in of(evs, "DamageTaken") if e.creature == "kara"] == [5]
    _next_round(eng)
    ok(eng, StartTurn("kara", "slow"))
    evs = ok(eng, GetFree("kara", "strength"), dice=(15, 1))  # 1 bane: the horse is Size 2
    assert of(evs, "RollMade")[0].net_boons == -1
    assert not eng.state.creatures["kara"].has("immobilized")
    check_replay(eng)  # BodySet, TurnShared, falls: replay and undo/redo round-trip


def test_attack_alone_from_the_saddle_has_no_banes() -> None:
    eng = mounted({"orc": ("foes", (3, 0), {})})
    ok(eng, StartTurn("kara", "slow"))
    ok(eng, Mount("kara", "horse"))
    evs = ok(eng, Attack("kara", "orc"))
    assert of(evs, "RollMade")[0].net_boons == 0


def test_when_the_rider_cannot_act_the_mount_acts_and_carries_it() -> None:
    from game.rulesets.sotdl.commands import Afflict

    eng = mounted()
    ok(eng, StartTurn("kara", "fast"))
    ok(eng, Mount("kara", "horse"))
    _next_round(eng)
    ok(eng, Afflict("kara", "stunned", 1))
    ok(eng, StartTurn("horse", "fast"))
    ok(eng, Move("horse", ((6, 0),)))
    assert eng.state.creatures["kara"].square == (6, 0)  # still in the saddle


def test_when_the_mount_cannot_act_the_rider_acts_alone() -> None:
    from game.rulesets.sotdl.commands import Afflict

    eng = mounted()
    ok(eng, StartTurn("kara", "fast"))
    ok(eng, Mount("kara", "horse"))
    _next_round(eng)
    ok(eng, Afflict("horse", "stunned", 1))
    assert rejected(eng, Move("kara", ((6, 0),))) == ["mount_cannot_move"]
    ok(eng, StartTurn("kara", "slow"))
    ok(eng, Dismount("kara", (0, 0)))


def test_reachable_query_for_the_ui() -> None:
    eng = mounted()
    r = eng.query("reachable", "kara", "sneak")
    assert r.cost_yd.shape == (7, 15) and r.squares[(0, 0)] == 0
    assert eng.query("reachable", "kara", "fly_to_the_moon") is None


def test_an_encounter_can_start_with_the_rider_in_the_saddle() -> None:
    from game.rules.engine import Engine, SeededDice
    from game.rulesets.sotdl import NewCreature, new_state
    from tests.rulesets.sotdl.helpers import SIDES, creature

    eng0 = mounted()
    rs = eng0.ruleset
    new = [
        NewCreature("kara", creature("kara", speed=5), "pcs", (1, 0), data={"mount": "horse"}),
        NewCreature("horse", creature("horse", **HORSE), "pcs", (1, 0)),
        NewCreature("orc", creature("orc"), "foes", (12, 5)),
    ]
    eng = Engine(rs, new_state(eng0.state.battlefield, rs, SIDES, new), SeededDice(1))
    ok(eng, BeginCombat())
    k = eng.state.creatures["kara"]
    assert k.data["riding"] == "horse" and k.body.space == 2
    assert eng.state.creatures["horse"].data["rider"] == "kara"
    ok(eng, Move("kara", ((8, 0),)))
    assert eng.state.creatures["kara"].square == eng.state.creatures["horse"].square == (8, 0)


def test_a_mounted_charge_keeps_rider_and_mount_together() -> None:
    from game.rulesets.sotdl.commands import Charge

    eng = mounted({"orc": ("foes", (8, 0), {})})
    ok(eng, StartTurn("kara", "fast"))
    ok(eng, Mount("kara", "horse"))
    _next_round(eng)
    ok(eng, StartTurn("kara", "slow"))
    ok(eng, Charge("kara", "orc", ((6, 0),)), dice=(1,))  # 5 yards: Kara's own Speed
    st = eng.state
    assert st.creatures["kara"].square == st.creatures["horse"].square == (6, 0)
    eng = mounted({"orc": ("foes", (12, 0), {})})
    ok(eng, StartTurn("kara", "fast"))
    ok(eng, Mount("kara", "horse"))
    _next_round(eng)
    ok(eng, StartTurn("kara", "slow"))
    ok(eng, Charge("kara", "orc", ((10, 0),)), dice=(1,))  # 9 yards: the horse's Speed 12
    assert eng.state.creatures["horse"].square == (10, 0)


def test_a_shoved_rider_leaves_the_saddle_and_the_mount_stays() -> None:
    from game.rulesets.sotdl.commands import Shove

    eng = mounted({"orc": ("foes", (3, 0), {"strength": 16})})
    ok(eng, StartTurn("kara", "fast"))
    ok(eng, Mount("kara", "horse"))
    ok(eng, StartTurn("orc", "fast"))
    ok(eng, Shove("orc", "kara"), dice=(20,))
    st = eng.state
    assert st.creatures["horse"].square == (1, 0) and not st.creatures["kara"].data.get("riding")
    assert st.creatures["kara"].body.space == 1 and st.creatures["kara"].square[0] < 1
