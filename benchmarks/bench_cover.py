"""Cover and obscurement between every pair of 50 creatures among 500 obstacles on 200x200.

Issue 5: "cover and obscurement between every pair of 50 creatures among 500 obstacles on a
200x200 battlefield, and the single targeting query reported as p50 and p99, small enough for
every mouse move at 60 frames a second; compare against a straightforward shapely reference
computed in the same run."

The reference tests the very same sample lines (same eye points, same body points) with shapely:
each line is intersected with each obstacle's 2D shape (polygon or polyline) found by an STRtree,
the height along the inside piece is compared with the obstacle's solid bands, and the ground is
checked by stepping along the line every 0.05 yards. It runs on a subset of pairs (it is slow)
and the ratio is per pair. Run: ``python3 benchmarks/bench_cover.py [--pairs-ref N] [--seed S]``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.rules.battlefield import Battlefield, Obstacle  # noqa: E402
from game.rules.body import Body  # noqa: E402
from game.rules.geometry.cover import (  # noqa: E402
    body_points,
    cover_between,
    cover_level,
    eye_points,
    footprint_box,
    nudged,
)
from game.rules.geometry.obscurement import obscurement_between  # noqa: E402
from game.rules.geometry.sight import SightIndex  # noqa: E402

SIZE = 200
N_OBSTACLES = 500
N_CREATURES = 50


def make_battlefield(rng: np.random.Generator) -> Battlefield:
    """200x200: pillars, houses, low walls, thin walls (some with arrow slits), hills, fog, dark."""
    bf = Battlefield.blank(SIZE, SIZE, name="bench")
    obstacles = []
    for i in range(N_OBSTACLES):
        x, y = rng.uniform(2, SIZE - 8, size=2)
        kind = rng.integers(0, 4)
        if kind == 0:  # pillar / house
            w, h = rng.uniform(0.6, 6, size=2)
            pts = ((x, y), (x + w, y), (x + w, y + h), (x, y + h))
            obstacles.append(Obstacle(i + 1, "house", pts, True, float(rng.uniform(2, 6))))
        elif kind == 1:  # low wall
            w = rng.uniform(1, 6)
            pts = ((x, y), (x + w, y), (x + w, y + 1), (x, y + 1))
            obstacles.append(Obstacle(i + 1, "low_wall", pts, True, 1.0, blocks_movement=False))
        elif kind == 2:  # thin wall with an arrow slit
            ang = rng.uniform(0, np.pi)
            ln = rng.uniform(2, 8)
            pts = ((x, y), (x + ln * np.cos(ang), y + ln * np.sin(ang)))
            obstacles.append(Obstacle(i + 1, "wall", pts, False, 3.0, openings=((1.4, 1.8),)))
        else:  # fence polyline
            pts = tuple((x + k * 1.5, y + float(rng.uniform(-1, 1))) for k in range(4))
            obstacles.append(Obstacle(i + 1, "fence", pts, False, 1.2))
    bf.obstacles = tuple(obstacles)
    for _ in range(12):  # hills and ledges
        x, y = rng.integers(0, SIZE - 12, size=2)
        w, h = rng.integers(3, 12, size=2)
        bf.elevation[y : y + h, x : x + w] = float(rng.integers(1, 4))
    for _ in range(20):  # fog and foliage
        x, y = rng.integers(0, SIZE - 10, size=2)
        bf.obscurement[y : y + 6, x : x + 6] = int(rng.integers(1, 3))
    bf.light[150:, :] = 1
    bf.light[190:, 190:] = 2
    return bf


def place_creatures(bf: Battlefield, rng: np.random.Generator) -> list[Body]:
    bodies = []
    while len(bodies) < N_CREATURES:
        x, y = (int(v) for v in rng.integers(0, SIZE - 3, size=2))
        space = 2 if len(bodies) % 10 == 0 else 1
        bodies.append(
            Body(
                (x, y),
                space=space,
                elevation_yd=float(bf.elevation[y, x]),
                height_yd=3.5 if space == 2 else 2.0,
            )
        )
    return bodies


def reference_fraction(bf: Battlefield, idx: SightIndex, a: Body, t: Body, geoms, tree) -> float:
    """Shapely reference of cover_between: same lines, straightforward shapely intersections."""
    import shapely
    from shapely.geometry import LineString, box

    eyes = nudged(idx, eye_points(a), a, idx.rows_near(footprint_box(a), footprint_box(t)))
    pts = body_points(t)
    ignore = idx.occupants(a.squares() + t.squares())
    holes = shapely.union(
        box(*footprint_box(a)).buffer(-1e-6), box(*footprint_box(t)).buffer(-1e-6)
    )
    best = 1.0
    elev = bf.elevation
    for e in eyes:
        blocked = 0
        for p in pts:
            line = LineString([tuple(e[:2]), tuple(p[:2])])
            length = line.length
            hit = False
            for j in tree.query(line, predicate="intersects"):
                ob, geom = geoms[j]
                if ob.id in ignore:
                    continue
                inside = line.intersection(geom).difference(holes)
                if inside.is_empty:
                    continue
                for part in getattr(inside, "geoms", [inside]):
                    ts = [line.project(shapely.Point(c)) / length for c in part.coords]
                    ts = [tt for tt in ts if 1e-6 / length < tt < 1 - 1e-6 / length]
                    if not ts:
                        continue
                    zs = [e[2] + tt * (p[2] - e[2]) for tt in ts]
                    z0, z1 = min(zs), max(zs)
                    bands = [(ob.base_yd, ob.top_yd)]
                    for lo, hi in ob.openings:
                        lo, hi = ob.base_yd + lo, ob.base_yd + hi
                        bands = [
                            bb
                            for b0, b1 in bands
                            for bb in ((b0, min(b1, lo)), (max(b0, hi), b1))
                            if bb[1] > bb[0]
                        ]
                    if any(z1 > b0 and z0 < b1 for b0, b1 in bands):
                        hit = True
                        break
                if hit:
                    break
            if not hit:  # the ground, stepped every 0.05 yards outside both spaces
                n = max(2, int(length / 0.05))
                ts = np.linspace(0, 1, n)[1:-1]
                xs = e[0] + ts * (p[0] - e[0])
                ys = e[1] + ts * (p[1] - e[1])
                zs = e[2] + ts * (p[2] - e[2])
                ok = np.ones(len(ts), dtype=bool)
                for bx0, by0, bx1, by1 in (footprint_box(a), footprint_box(t)):
                    ok &= ~((xs > bx0) & (xs < bx1) & (ys > by0) & (ys < by1))
                gx = np.clip(xs.astype(int), 0, SIZE - 1)
                gy = np.clip(ys.astype(int), 0, SIZE - 1)
                hit = bool((ok & (zs < elev[gy, gx])).any())
            blocked += hit
        best = min(best, blocked / len(pts))
    return best


def engine_query_times(
    bf: Battlefield, bodies: list[Body], rng: np.random.Generator, n: int
) -> tuple[float, float]:
    """p50/p99 (ms) of the full SotDL hover query, caches cleared before each (a new target)."""
    from game.rules.definitions import CreatureDef, Definitions, Side, WeaponDef
    from game.rules.engine import Engine, SeededDice
    from game.rulesets.sotdl import NewCreature, build_ruleset, new_state
    from game.rulesets.sotdl.targeting import clear_caches

    bow = WeaponDef("bow", "Bow", "1d6", "ranged", frozenset({"range"}), range_yd=60)
    rs = build_ruleset(None, Definitions(weapons={"bow": bow}))
    sides = (Side("a", "A", "players"), Side("b", "B", "gm"))
    cdef = CreatureDef("archer", "Archer", 1, 10, 12, 10, weapons=("bow",))
    big = CreatureDef("ogre", "Ogre", 2, 10, 12, 30, weapons=("bow",))
    new = [
        NewCreature(f"c{i}", big if b.space == 2 else cdef, "ab"[i % 2], b.square)
        for i, b in enumerate(bodies)
    ]
    eng = Engine(rs, new_state(bf, rs, sides, new), SeededDice(1))
    eng.query("targeting", "c0", "c1")  # build the wall index once, as the first hover does
    times = []
    for _ in range(n):
        i = int(rng.integers(0, len(bodies) // 2)) * 2
        j = int(rng.integers(0, len(bodies) // 2)) * 2 + 1
        clear_caches()
        t0 = time.perf_counter()
        eng.query("targeting", f"c{i}", f"c{j}")
        times.append(time.perf_counter() - t0)
    times.sort()
    return statistics.median(times) * 1000, times[
        min(len(times) - 1, int(len(times) * 0.99))
    ] * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument(
        "--pairs-ref", type=int, default=60, help="pairs the slow shapely reference checks"
    )
    ap.add_argument("--queries", type=int, default=400, help="single targeting queries timed")
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    bf = make_battlefield(rng)
    bodies = place_creatures(bf, rng)

    t0 = time.perf_counter()
    idx = SightIndex.build(bf)
    t_build = time.perf_counter() - t0
    pairs = [(i, j) for i in range(N_CREATURES) for j in range(N_CREATURES) if i < j]

    t0 = time.perf_counter()
    fractions = {}
    levels = {}
    for i, j in pairs:
        c = cover_between(idx, attacker=bodies[i], target=bodies[j])
        obscurement_between(bf, attacker=bodies[i], target=bodies[j])
        fractions[(i, j)] = c.fraction
        levels[(i, j)] = c.level
    t_all = time.perf_counter() - t0

    # the single hover query: cover + obscurement for one random pair
    times = []
    for _ in range(args.queries):
        i, j = pairs[int(rng.integers(len(pairs)))]
        q0 = time.perf_counter()
        cover_between(idx, attacker=bodies[i], target=bodies[j])
        obscurement_between(bf, attacker=bodies[i], target=bodies[j])
        times.append(time.perf_counter() - q0)
    times.sort()
    p50 = statistics.median(times) * 1000
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))] * 1000

    print(
        f"battlefield {SIZE}x{SIZE}, {N_OBSTACLES} obstacles "
        f"({len(idx.owners)} walls incl. ledges), "
        f"{N_CREATURES} creatures, {len(pairs)} pairs"
    )
    print(f"index build: {t_build * 1000:.1f} ms")
    print(
        f"all pairs, cover + obscurement: {t_all:.3f} s ({t_all / len(pairs) * 1000:.3f} ms a pair)"
    )
    print(
        f"single targeting geometry query: p50 {p50:.3f} ms, p99 {p99:.3f} ms "
        f"(60 fps frame: 16.7 ms)"
    )
    e50, e99 = engine_query_times(bf, bodies, rng, args.queries // 2)
    print(
        f"engine targeting query (legality, range, cover, obscurement, every modifier, cold): "
        f"p50 {e50:.3f} ms, p99 {e99:.3f} ms"
    )
    covered = {lv.name: sum(1 for v in levels.values() if v == lv) for lv in set(levels.values())}
    print(f"levels: {covered}")

    try:
        from shapely import STRtree
        from shapely.geometry import LineString, Polygon
    except ImportError:
        print("shapely not installed (pip install -e '.[bench]'): no reference comparison")
        return 0
    geoms = []
    for ob in bf.obstacles:
        g = Polygon(ob.points) if ob.closed else LineString(ob.points)
        geoms.append((ob, g))
    tree = STRtree([g for _, g in geoms])
    sub = [
        pairs[int(k)]
        for k in rng.choice(len(pairs), size=min(args.pairs_ref, len(pairs)), replace=False)
    ]
    t0 = time.perf_counter()
    ref = {p: reference_fraction(bf, idx, bodies[p[0]], bodies[p[1]], geoms, tree) for p in sub}
    t_ref = (time.perf_counter() - t0) / len(sub)
    t0 = time.perf_counter()
    for i, j in sub:
        cover_between(idx, attacker=bodies[i], target=bodies[j])
    t_ours = (time.perf_counter() - t0) / len(sub)
    same_level = sum(
        1
        for p in sub
        if cover_level(ref[p]) == cover_level(fractions[p])
        or (ref[p] >= 1.0 and levels[p].name == "THREE_QUARTERS")
    )
    worst = max(abs(ref[p] - fractions[p]) for p in sub)
    print(
        f"shapely reference on {len(sub)} pairs: {t_ref * 1000:.1f} ms a pair vs ours "
        f"{t_ours * 1000:.3f} ms a pair: {t_ref / t_ours:.0f}x faster"
    )
    print(
        f"agreement: same level on {same_level}/{len(sub)} pairs, "
        f"largest fraction difference {worst:.3f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
