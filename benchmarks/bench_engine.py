"""Engine speed: one command validated, resolved and applied on a 100x100 battlefield with 50
creatures (target < 1 ms), and undoing 1,000 commands (target < 1 s).

    python3 benchmarks/bench_engine.py [--commands N]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.battlefield import Battlefield  # noqa: E402
from game.rules.definitions import CreatureDef, Definitions, Side, WeaponDef  # noqa: E402
from game.rules.engine import Answer, Engine, SeededDice  # noqa: E402
from game.rulesets.sotdl import DEFAULT, NewCreature, build_ruleset, new_state  # noqa: E402
from game.rulesets.sotdl import commands as C  # noqa: E402


def setup(seed: int = 1, gap: int = 1) -> Engine:
    """50 creatures in pairs (``gap`` squares apart) across a 100x100 field."""
    rs = build_ruleset(DEFAULT, Definitions(weapons={
        "sword": WeaponDef("sword", "Sword", "1d6+1", "melee")}))
    d = CreatureDef("grunt", "Grunt", 1, 10, 12, 10_000, weapons=("sword",))
    new = []
    for i in range(25):
        x, y = 4 * (i % 5) * 4 + 2, 4 * (i // 5) * 4 + 2
        new.append(NewCreature(f"p{i}", d, "pcs", (x, y)))
        new.append(NewCreature(f"g{i}", d, "foes", (x + gap, y)))
    sides = (Side("pcs", "PCs", "players"), Side("foes", "Foes", "gm"))
    eng = Engine(rs, new_state(Battlefield.blank(100, 100), rs, sides, new), SeededDice(seed))
    eng.submit(C.BeginCombat())
    return eng


def round_commands() -> list[object]:
    """A round's worth of typical commands: every player attacks, then every GM creature."""
    return [C.Attack(f"p{i}", f"g{i}") for i in range(25)] + [
        C.Attack(f"g{i}", f"p{i}") for i in range(25)] + [C.EndRound()]


def bench(n: int) -> dict[str, float]:
    eng = setup()
    times: list[float] = []
    done = 0
    while done < n:
        for cmd in round_commands():
            t0 = time.perf_counter()
            out = eng.submit(cmd)
            while out.pending is not None:
                out = eng.submit(Answer(out.pending.id, out.pending.default))
            times.append(time.perf_counter() - t0)
            assert out.ok, out.violations
            done += 1
    # a move: 5 steps, step checkers against 50 creatures at each step
    mv: list[float] = []
    mv_fa: list[float] = []
    for gap, times_ in ((6, mv), (1, mv_fa)):  # far from the foe; leaving its reach (a question)
        eng2 = setup(gap=gap)
        for i in range(25):
            x, y = eng2.state.creatures[f"p{i}"].square
            path = tuple((x, y + k) for k in range(1, 6))
            t0 = time.perf_counter()
            out = eng2.submit(C.Move(f"p{i}", path))
            while out.pending is not None:
                out = eng2.submit(Answer(out.pending.id, "decline"))
            times_.append(time.perf_counter() - t0)
    history = len(eng.history)
    t0 = time.perf_counter()
    undone = 0
    while undone < 1000 and eng.undo():
        undone += 1
    undo_s = time.perf_counter() - t0
    return {
        "commands": float(len(times)),
        "command_p50_ms": statistics.median(times) * 1000,
        "command_mean_ms": statistics.fmean(times) * 1000,
        "command_p99_ms": sorted(times)[int(len(times) * 0.99) - 1] * 1000,
        "move5_mean_ms": statistics.fmean(mv) * 1000,
        "move5_fa_mean_ms": statistics.fmean(mv_fa) * 1000,
        "history": float(history),
        "undo_count": float(undone),
        "undo_total_s": undo_s,
    }


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--commands", type=int, default=1100)
    args = p.parse_args()
    r = bench(args.commands)
    print(f"engine: 100x100 battlefield, 50 creatures, {int(r['commands'])} commands")
    print(f"  one command (validate+resolve+apply): p50 {r['command_p50_ms']:.3f} ms, "
          f"mean {r['command_mean_ms']:.3f} ms, p99 {r['command_p99_ms']:.3f} ms "
          f"(target < 1 ms)")
    print(f"  a 5-step move with step checkers: mean {r['move5_mean_ms']:.3f} ms")
    print(f"  a 5-step move leaving a foe's reach (paused on a free-attack question, answered): "
          f"mean {r['move5_fa_mean_ms']:.3f} ms")
    print(f"  undo {int(r['undo_count'])} commands: {r['undo_total_s'] * 1000:.2f} ms "
          f"(target < 1000 ms)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
