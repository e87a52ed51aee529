"""Frame time of the GM view: 1920x1080, a 200x200 battlefield, 100 tokens, the movement overlay.

Each frame draws the board (tools/make_bench_map.py's 200x200 Tiled map, four tile layers,
grid, elevation), the reachable squares of a Speed-10 creature with rush, a hovered path that
changes every frame (hover previews included) with free attack marks, and 100 tokens (some
afflicted, some riding), while the camera pans.
Reported as p50/p99 in ms and as a ratio to one full-screen blit of a cached 1920x1080
surface (the floor), in the same run. Headless (SDL dummy driver).

    python3 benchmarks/bench_render.py [--frames N]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from game.rules.battlefield import Battlefield  # noqa: E402
from game.ui.camera import Camera  # noqa: E402
from game.ui.loading import open_map  # noqa: E402
from game.ui.render.frame import RenderCaches, draw_frame  # noqa: E402
from game.ui.render.maplayers import MapLayers  # noqa: E402
from game.ui.scene import MovePreview, PathStepMark, Scene, TokenView  # noqa: E402

W, H = 1920, 1080
SIDE = 200
#: Some tokens carry afflictions (one, two, four), a few ride
AFFLICTED: tuple[tuple[str, ...], ...] = (
    (), ("prone",), (), ("grabbed", "frightened"), (), (), ("dazed", "blinded", "injured", "lit"),
)


def real_map(folder: Path) -> tuple[Battlefield, MapLayers]:
    """The generated 200x200 Tiled map (tools/make_bench_map.py), opened as the window does."""
    from tools.make_bench_map import write_map

    return open_map(write_map(folder, side=SIDE))


def setup(folder: Path) -> tuple[Scene, RenderCaches, list[MovePreview]]:
    """The battlefield, its map, 100 tokens and a hover path for every frame."""
    rng = np.random.default_rng(1)
    bf, layers = real_map(folder)
    tokens = []
    for i in range(100):
        sq = (int(rng.integers(0, SIDE - 3)), int(rng.integers(0, SIDE - 3)))
        tokens.append(
            TokenView(
                f"c{i}",
                f"Creature {i}",
                sq,
                space=1 + (i % 7 == 0),
                controller="gm" if i % 2 else "players",
                damage=i % 5,
                health=10,
                afflictions=AFFLICTED[i % len(AFFLICTED)],
                mount_key=f"c{i - 1}" if i % 7 == 1 else "",  # a rider on the Size 2 before
            )
        )
    mover = (100, 100)
    tokens.append(TokenView("hero", "Hero", mover, controller="players"))
    yy, xx = np.mgrid[0:SIDE, 0:SIDE]
    d = np.maximum(abs(xx - mover[0]), abs(yy - mover[1]))
    cc = np.full((SIDE, SIDE), -1, np.int8)
    cc[d <= 20] = 2
    cc[d <= 10] = 1
    cc[d <= 5] = 0
    area = MovePreview("hero", cc, classes=("retreat", "move", "rush"))
    hovers = []
    for i in range(64):
        tx, ty = mover[0] + (i % 17) - 8, mover[1] + (i // 8) - 4
        path = tuple(
            (mover[0] + (tx - mover[0]) * k // 8, mover[1] + (ty - mover[1]) * k // 8)
            for k in range(9)
        )
        marks = (
            PathStepMark(path[3], "free_attack", "Creature 3", "c3"),
            PathStepMark(path[6], "jump", "jump"),
        )
        hovers.append(
            MovePreview(
                "hero",
                cc,
                area.classes,
                path,
                (),
                8.0,
                marks,
                True,
                f"move: 8 yd, 1 free attack ({i})",
            )
        )
    scene = Scene(
        bf, tuple(tokens), overlays=frozenset({"grid", "elevation", "terrain"}), selected_key="hero"
    )
    return scene, RenderCaches.for_battlefield(bf, layers), hovers


def live_hover(scene: Scene, frames: int) -> list[float] | None:
    """Frames whose hover preview is asked of the real SotDL movement query every frame."""
    try:
        from game.io.config import load_definitions
        from game.rules.definitions import Side
        from game.rules.engine import Engine, SeededDice
        from game.rulesets.sotdl import NewCreature, build_ruleset, new_state
        from game.ui.loading import Opened
        from game.ui.session import Session
    except ImportError:
        return None
    defs = load_definitions()
    rs = build_ruleset(defs.rulesets.get("sotdl"), defs)
    bf = scene.battlefield
    sides = (Side("players", "Players", "players"), Side("gm", "GM", "gm"))
    news = [NewCreature("hero", defs.creatures["human_spearman"], "players", (100, 100))]
    for t in scene.tokens[:100]:
        if max(abs(t.square[0] - 100), abs(t.square[1] - 100)) > 2:
            news.append(NewCreature(t.key, defs.creatures["warg"], "gm", t.square))
    eng = Engine(rs, new_state(bf, rs, sides, news), SeededDice(1))
    opened = Opened(Path("bench.yaml"), bf, None, None, None)
    with tempfile.TemporaryDirectory() as tmp:  # the session's journal, thrown away after
        session = Session(opened, build=lambda o, seed=0: eng, journal_path=Path(tmp) / "j.jsonl")
        session.close()
    modes = session.previews.move_modes("hero")
    area = session.previews.move_area("hero", modes)
    times = []
    for i in range(frames):
        target = (100 + (i % 17) - 8, 100 + (i // 17) % 9 - 4)
        t0 = time.perf_counter()
        scene.move = session.previews.move_preview(
            "hero", modes, (), target, safest=False, area=area
        )
        scene.hover_square = target
        times.append(time.perf_counter() - t0)
    return times


def percentile(xs: list[float], p: float) -> float:
    """The p-th percentile (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main() -> int:
    """Measure and print."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=300)
    args = ap.parse_args()
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((W, H))
    with tempfile.TemporaryDirectory() as tmp:
        scene, caches, hovers = setup(Path(tmp))
    cam = Camera(W, H, px_per_yd=32)
    cam.center_on(100, 100)
    # Warm the chunk cache over the panned range (a GM's first pass over the map)
    for i in range(40):
        cam.center_on(100 + (i % 20) * 0.5, 100)
        draw_frame(screen, cam, scene, caches)
    times = []
    for i in range(args.frames):
        cam.center_on(100 + (i % 20) * 0.5, 100)
        scene.move = hovers[i % len(hovers)]
        scene.hover_square = scene.move.path[-1]
        t0 = time.perf_counter()
        draw_frame(screen, cam, scene, caches)
        times.append(time.perf_counter() - t0)
    cached = screen.copy()
    floor = []
    for _ in range(args.frames):
        t0 = time.perf_counter()
        screen.blit(cached, (0, 0))
        floor.append(time.perf_counter() - t0)
    p50, p99 = percentile(times, 50) * 1000, percentile(times, 99) * 1000
    f50 = percentile(floor, 50) * 1000
    print(
        "render 1920x1080, 200x200 battlefield, 101 tokens, movement overlay + hover path, "
        f"{args.frames} frames"
    )
    print(
        f"  frame  p50 {p50:7.2f} ms   p99 {p99:7.2f} ms   "
        f"({1000 / p99:5.0f} fps at p99; 60 fps budget 16.7 ms)"
    )
    print(f"  floor  p50 {f50:7.2f} ms   (one full-screen blit of a cached surface)")
    print(f"  ratio  p50 {p50 / f50:7.1f} x floor   p99 {p99 / f50:7.1f} x floor")
    hover = live_hover(scene, min(args.frames, 150))
    if hover:
        h50, h99 = percentile(hover, 50) * 1000, percentile(hover, 99) * 1000
        print(
            "  live hover query (SotDL path_preview, 100 wargs): "
            f"p50 {h50:6.2f} ms   p99 {h99:6.2f} ms"
        )
        print(
            f"  frame + hover: p50 {p50 + h50:6.2f} ms   p99 {p99 + h99:6.2f} ms (60 fps: 16.7 ms)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
