"""Benchmark: reachable area and hover path queries on a 200x200 battlefield with 100 creatures.

Run: ``python3 benchmarks/bench_pathing.py [--repeat N]``. Needs the ``bench`` extra (tcod)
for the reference times. Reports each reachable-area query as a ratio to
``tcod.path.dijkstra2d`` on the same cost grid in the same run, twice: against tcod on the
whole 200x200 grid (the same distance field, all of it) and against tcod on the window that
the movement budget can reach (the stricter comparison). The hover query (cheapest path to
the square under the mouse, with the free attacks it provokes) is reported as p50/p99.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.battlefield import Battlefield, Terrain  # noqa: E402
from game.rules.body import Body  # noqa: E402
from game.rules.geometry.pathing import Mover, terrain_costs  # noqa: E402
from game.rules.geometry.pathing_search import reachable  # noqa: E402

SIZE = 200


def battlefield(seed: int = 7) -> tuple[Battlefield, list[Body]]:
    """A 200x200 field: 15% difficult, wall segments, 100 creatures."""
    rng = np.random.default_rng(seed)
    bf = Battlefield.blank(SIZE, SIZE, name="bench")
    bf.terrain[rng.random((SIZE, SIZE)) < 0.15] = Terrain.DIFFICULT
    for _ in range(120):
        x, y = rng.integers(0, SIZE - 10, size=2)
        if rng.random() < 0.5:
            bf.terrain[y, x : x + 8] = Terrain.IMPASSABLE
        else:
            bf.terrain[y : y + 8, x] = Terrain.IMPASSABLE
    bodies: list[Body] = []
    while len(bodies) < 100:
        x, y = (int(v) for v in rng.integers(80, 120, size=2))
        if bf.terrain[y, x] & Terrain.IMPASSABLE or any(b.square == (x, y) for b in bodies):
            continue
        bodies.append(Body((x, y)))
    return bf, bodies


def timed(fn, repeat: int) -> list[float]:  # type: ignore[no-untyped-def]
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def hover(bf: Battlefield, bodies: list[Body], start: tuple[int, int], repeat: int) -> None:
    """The engine's ``path_preview`` query for the hovered square, as the UI calls it."""
    from game.rules.definitions import CreatureDef, Definitions, Side, WeaponDef
    from game.rules.engine import Engine, SeededDice
    from game.rulesets.sotdl import DEFAULT, NewCreature, build_ruleset, new_state

    sword = WeaponDef("sword", "Sword", "1d6", "melee")
    rs = build_ruleset(DEFAULT, Definitions(weapons={"sword": sword}))
    d = CreatureDef("c", "C", 1, 10, 12, 20, weapons=("sword",))
    new = [NewCreature("hero", d, "pcs", start)] + [
        NewCreature(f"c{i}", d, "pcs" if i < 50 else "foes", b.square) for i, b in enumerate(bodies)
    ]
    sides = (Side("pcs", "Heroes", "players"), Side("foes", "Foes", "gm"))
    eng = Engine(rs, new_state(bf, rs, sides, new), SeededDice(1))
    t = time.perf_counter()
    area = eng.query("reachable", "hero", "move")
    cold = time.perf_counter() - t
    targets = sorted(area.squares)
    rng = np.random.default_rng(1)
    samples = []
    n_attacks = 0
    for _ in range(max(300, repeat * 10)):
        sq = targets[int(rng.integers(len(targets)))]
        t = time.perf_counter()
        p = eng.query("path_preview", "hero", sq)
        samples.append(time.perf_counter() - t)
        n_attacks += bool(p.free_attacks)
    samples.sort()
    p50 = samples[len(samples) // 2] * 1e3
    p99 = samples[int(len(samples) * 0.99)] * 1e3
    print(
        f"hover path_preview (path, cost, free attacks, marks): p50 {p50:.3f} ms, p99 {p99:.3f} ms"
        f" (a 60 fps frame is 16.7 ms; {n_attacks}/{len(samples)} paths provoke);"
        f" reachable query on selection {cold * 1e3:.2f} ms"
    )
    t = time.perf_counter()
    eng.query("safest_path", "hero", targets[0])
    safe_cold = time.perf_counter() - t
    safe = []
    for _ in range(max(100, repeat * 3)):
        sq = targets[int(rng.integers(len(targets)))]
        t = time.perf_counter()
        eng.query("safest_path", "hero", sq)
        safe.append(time.perf_counter() - t)
    safe.sort()
    print(
        f"hover safest_path (fewest free attacks, then cost): p50 {safe[len(safe) // 2] * 1e3:.3f}"
        f" ms, p99 {safe[int(len(safe) * 0.99)] * 1e3:.3f} ms; the first call (layered search with"
        f" every threat's reach) {safe_cold * 1e3:.1f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=30)
    args = ap.parse_args(argv)
    try:
        import tcod.path
    except ImportError:
        print("tcod is not installed (pip install '.[bench]'): no reference times")
        tcod = None
    bf, bodies = battlefield()
    start = (100, 100)
    bodies = [b for b in bodies if b.square != start]
    allies, enemies = bodies[:50], bodies[50:]
    tc = terrain_costs(bf, mover=Mover())
    # tcod's cost grid: the same multipliers, walls and enemies as 0 (blocked)
    cost = np.where(np.isfinite(tc.mult), tc.mult, 0).astype(np.int32)
    for b in enemies:
        cost[b.square[1], b.square[0]] = 0

    def tcod_field(window: int | None) -> None:
        c = cost
        if window is not None:
            x, y = start
            c = cost[y - window : y + window + 1, x - window : x + window + 1]
        d = tcod.path.maxarray(c.shape, dtype=np.int32)
        d[c.shape[0] // 2, c.shape[1] // 2] = 0 if window is not None else d[0, 0]
        if window is None:
            d[start[1], start[0]] = 0
        tcod.path.dijkstra2d(d, c, 1, 1, out=d)

    print(f"battlefield {SIZE}x{SIZE}, {len(bodies)} creatures, repeat {args.repeat}")
    for label, budget in (("Speed 10 move", 10), ("rush 20", 20)):
        ours = timed(
            lambda b=budget: reachable(
                tc, start=start, budget_yd=b, allies=allies, enemies=enemies),
            args.repeat,
        )
        med = statistics.median(ours)
        line = f"{label:>14}: reachable+paths {med * 1e3:7.3f} ms"
        if tcod is not None:
            full = statistics.median(timed(lambda: tcod_field(None), args.repeat))
            win = statistics.median(timed(lambda b=budget: tcod_field(b), args.repeat))
            line += (
                f" | tcod dijkstra2d 200x200 {full * 1e3:6.3f} ms, ratio {med / full:5.2f}"
                f" | tcod on the {2 * budget + 1}x{2 * budget + 1} window {win * 1e3:6.3f} ms,"
                f" ratio {med / win:5.2f}"
            )
        print(line)
    hover(bf, bodies, start, args.repeat)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
