"""Random commands (legal or not) never crash the engine, the log always replays to the state,
and undo all / redo all round-trip: a cheap soak test of every SotDL action together."""
from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from game.rules.engine import Answer, Command, Engine, replay
from game.rulesets.sotdl import commands as C
from tests.rulesets.sotdl.helpers import make

MAP = "..........\n..^.......\n.....f....\n...#......\n.........."
CAST = {
    "hero": ("pcs", (2, 1), {"weapons": ("sword", "dagger"), "strength": 12}),
    "archer": ("pcs", (0, 3), {"weapons": ("crossbow",)}),
    "foe": ("foes", (3, 1), {"health": 15}),
    "brute": ("foes", (5, 2), {"health": 15, "size": 2, "weapons": ("polearm",)}),
}
OPTIONS = ["", "driving", "guarded", "lunging", "shifting", "unbalancing", "called", "distant",
           "staggering"]


def random_command(r: random.Random, eng: Engine) -> Command:
    """Any SotDL command with random creatures, options and paths."""
    a, b = r.sample(list(CAST), 2)
    x, y = eng.state.creatures[a].square
    path = []
    for _ in range(r.randint(1, 4)):
        x += r.choice((-1, 0, 1))
        y += r.choice((-1, 0, 1))
        path.append((x, y))
    p = tuple(path)
    pool: list[Callable[[], Command]] = [
        lambda: C.Attack(a, b, option=r.choice(OPTIONS)), lambda: C.Move(a, p),
        lambda: C.Rush(a, p), lambda: C.Retreat(a, p), lambda: C.TwoWeaponAttack(a, b),
        lambda: C.Disarm(a, b), lambda: C.Distract(a, b),
        lambda: C.Feint(a, b, r.choice(["boons", "no_free_attacks"])), lambda: C.Grab(a, b),
        lambda: C.KnockDown(a, b), lambda: C.Shove(a, b), lambda: C.Pull(a, b, p),
        lambda: C.Escape(a, path=p),
        lambda: C.Charge(a, b, p, r.randint(-1, 3), r.choice(["attack", "knock_down", "shove"])),
        lambda: C.Defend(a), lambda: C.Help(a, b), lambda: C.Hide(a), lambda: C.Find(a, b),
        lambda: C.Prepare(a, C.Attack(a, ""), "enemy_enters_reach"),
        lambda: C.FirePrepared(a, b), lambda: C.Reload(a), lambda: C.Stabilize(a, b),
        lambda: C.UseItem(a, "x"), lambda: C.MinorActivity(a, "x"), lambda: C.DropProne(a),
        lambda: C.StandUp(a), lambda: C.EndTurn(a), lambda: C.EndRound(),
        lambda: C.StartTurn(a, r.choice(["fast", "slow"])),
        lambda: C.CastUtilitySpell(a, "s", concentration=r.random() < .5, rounds=r.randint(0, 3)),
        lambda: C.Concentrate(a), lambda: C.DealDamage(a, r.randint(1, 8)), lambda: C.Heal(a, 2),
        lambda: C.SpellAttack(a, (b,), "bolt", damage="1d6",
                              affliction=r.choice(["", "dazed", "stunned"]),
                              resist=r.choice(["", "will"])),
        lambda: C.ItemAttack(a, b, "bomb", "1d6", range_yd=5),
        lambda: C.Afflict(a, r.choice(["prone", "grabbed", "dazed", "immobilized"]),
                          r.randint(-1, 2)),
    ]
    return r.choice(pool)()


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("plugins", [True, False], ids=["plug-ins", "interim"])
def test_random_commands_keep_the_invariants(seed: int, plugins: bool) -> None:
    r = random.Random(seed)
    eng = make(MAP, CAST, seed=seed) if plugins else make(MAP, CAST, seed=seed, plugins=())
    eng.strict = True  # a crash in a handler fails the test
    for _ in range(40):
        eng.submit(random_command(r, eng))
        for _ in range(10):
            d = eng.pending
            if d is None:
                break
            ch = [r.randint(1, d.sides)] if d.kind == "dice" else r.choice(d.option_ids())
            eng.submit(Answer(d.id, ch))
        if eng.state.over:
            break
    assert len(eng.history) > 5
    assert replay(eng.initial, eng.log()) == eng.state
    final, n = eng.state, len(eng.history)
    for _ in range(n):
        eng.undo()
    assert eng.state == eng.initial
    for _ in range(n):
        eng.redo()
    assert eng.state == final
