"""Frames of the real GM window on the generated big map (issue 12): zoom steps, first pans over
new ground, hovering with 100 tokens, and the process's peak memory.

    python3 benchmarks/bench_frames.py [--side 200] [--passes 3] [--size 1920x1080]

The map comes from tools/make_bench_map.py (four tile layers, 500 objects, 100 creatures) and
is opened as ``battlemat MAP`` opens it: the real ``App`` with its panels at 1920x1080
(headless, SDL's dummy driver). A frame is one turn of the window's loop (``App.frame``):
the events, pygame_gui's update when a widget may change, the drawing and the flip.

Rows, each item timed ``--passes`` times on a cold board (a fresh chunk cache, as after
opening: its first frame drawn, then the moment at rest in which the loop renders the overview)
and its minimum kept; p50/p99/max are over the items:

- ``zoom``: every wheel notch from the fitted zoom in to 160 px a yard and back out; an item
  is one notch's frames until no chunk nor token is shown by a stand-in (the first frame and
  the worst one).
- ``pan``: at every zoom of 24 px a yard or less (and 32, the default), eight drags of a quarter
  view onto ground not yet drawn; an item is one drag's frame.
- ``hover``: 120 mouse moves over the view at the fitted zoom (all 100 tokens in view) with a
  creature selected (its move area drawn); an item is one move's frame.
- ``hover every square``: the fight started, a creature on plain ground selected and centred
  at 32 px a yard (the default), the pointer moved to the middle of every square of the view;
  an item is one move's frame (path, cost, free attacks or "out of reach", drawn).
- reference: one full-window blit of a cached 1920x1080 picture and a flip, in the same run.
- memory: the process's peak resident size after all of it (VmHWM; read before the reference,
  whose own 8 MB picture is not the window's), and before the window.

The last line is one summary with each target's verdict (no frame over 16 ms; peak <= 250 MB).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import pygame  # noqa: E402
from make_bench_map import write_map  # noqa: E402

FRAME_TARGET_MS = 16.0
PEAK_TARGET_MB = 250.0


def pct(xs: Sequence[float], p: float) -> float:
    """The p-th percentile (nearest rank)."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))] if s else float("nan")


def mem_mb(field: str) -> float:
    """A line of /proc/self/status in MB (VmRSS now, VmHWM the peak)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Window:
    """The real App on the map, driven one loop turn at a time."""

    def __init__(self, map_path: Path, size: tuple[int, int], home: Path) -> None:
        from game.ui.app import App
        from game.ui.session import Session

        os.environ["BATTLEMAT_HOME"] = str(home)
        self.app = App(Session.open(map_path, journal_path=home / "j.jsonl"), size=size)
        self.app.input_at = 0.0
        self.clock = pygame.time.Clock()
        self.frame()  # panels built, the first chunks drawn

    def cold(self) -> None:
        """A fresh chunk cache, the fitted zoom: the window as it opened, its first frame
        drawn and the moment at rest after it that the loop gives to rendering ahead of need
        (the overview of the whole map: every later chunk's stand-in)."""
        from game.ui.map_reload import fresh_board

        app = self.app
        app.caches.board = fresh_board(app.session)
        app.camera.fit(app.session.battlefield.width, app.session.battlefield.height)
        app.needs_redraw = True
        self.frame()
        for _ in range(500):
            if not app.caches.board.ahead():
                break
            self.frame()  # no input: the loop renders ahead, draws nothing

    def frame(self, events: Sequence[pygame.event.Event] = ()) -> float:
        """One turn of the window's loop; seconds."""
        app = self.app
        t0 = time.perf_counter()
        app.frame(list(events), self.clock, app.animating())
        return time.perf_counter() - t0

    def settle(self, events: Sequence[pygame.event.Event] = ()) -> tuple[float, float]:
        """A frame with ``events``, then frames with no input until no chunk nor token picture
        is pending: (first, worst) seconds."""
        first = worst = self.frame(events)
        for _ in range(200):
            if not self.app.caches.board.pending and not self.app.caches.art.pending:
                break
            worst = max(worst, self.frame())
        return first, worst

    @property
    def centre(self) -> tuple[int, int]:
        v = self.app.layout.view
        return v.centerx, v.centery


def motion(pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    """The pointer moved to ``pos``."""
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=buttons)


def zoom_items(w: Window) -> list[tuple[float, float]]:
    """One cold sweep: each notch in to the top zoom and back out; (first, worst) per notch."""
    w.cold()
    w.settle()
    cam = w.app.camera
    out: list[tuple[float, float]] = []
    for direction in (1, -1):
        for _ in range(len(cam.levels)):
            before = cam.px_per_yd
            # what App does for a wheel notch over the view (it reads the pointer from SDL,
            # which the dummy driver does not move): zoom about the pointer, then the frame
            cam.zoom_about(*w.centre, direction)
            if cam.px_per_yd == before:
                break
            out.append(w.settle([motion(w.centre)]))
    return out


def pan_items(w: Window, levels: Sequence[int]) -> list[float]:
    """One cold pass: at each zoom, eight quarter-view drags onto new ground; a frame each."""
    out: list[float] = []
    for z in levels:
        w.cold()
        cam = w.app.camera
        cam.set_zoom(z)
        cam.origin_x_yd, cam.origin_y_yd = 2.0, 2.0
        w.app.needs_redraw = True  # the camera moved without input: draw it
        w.settle()
        step = cam.view_w_px // 4
        x, y = w.centre
        w.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=(x, y))])
        for _ in range(8):  # a right-button drag, a quarter view at a time, onto new ground
            w.app._pan_from = (x, y)  # the pointer back at the centre: one long drag
            out.append(w.frame([motion((x - step, y - step // 3), buttons=(0, 0, 1))]))
        w.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=(x, y))])
    return out


def hover_items(w: Window) -> list[float]:
    """One pass: mouse moves over the fitted view with a creature selected."""
    w.cold()
    w.settle()
    app = w.app
    fight = app.session.fight
    tokens = fight.tokens()
    if tokens:
        app.selected = tokens[0].key
    v = app.layout.view
    out = []
    for i in range(120):
        x = v.x + 20 + (i * 37) % max(1, v.width - 40)
        y = v.y + 20 + (i * 53) % max(1, v.height - 40)
        ev = pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0))
        out.append(w.frame([ev]))
    return out


def square_items(w: Window, zoom: int = 32) -> list[float]:
    """One pass: a creature selected and centred at ``zoom`` px a yard (the default), the
    pointer moved to the middle of every square of the view in turn; a frame each (the
    move tool's hover: path, cost, free attacks or "out of reach", drawn)."""
    w.cold()
    app = w.app
    if app.setup is not None and app.setup.active:
        app.setup.do("start")  # the set-up panel's Start fight: the move tool needs a fight
        w.frame()
    tokens = app.session.fight.tokens()
    if not tokens:
        return []
    bf = app.session.battlefield
    # a creature on plain level ground (its move area drawn, not a swimmer's few squares)
    tok = next((t for t in tokens if bf.terrain[t.square[1], t.square[0]] == 0
                and bf.elevation[t.square[1], t.square[0]] == 0), tokens[0])
    cam = app.camera
    cam.set_zoom(zoom)
    sx, sy = tok.square
    cam.center_on(sx + 0.5, sy + 0.5)
    app.needs_redraw = True
    w.settle()
    at = tuple(int(v) for v in cam.yd_to_px(sx + 0.5, sy + 0.5))
    w.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at)])  # the GM's click
    w.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at)])  # on the token
    w.settle()
    v = app.layout.view
    out = []
    for y in range(v.y + zoom // 2, v.bottom, zoom):
        for x in range(v.x + zoom // 2, v.right, zoom):
            out.append(w.frame([motion((x, y))]))
    return out


def per_item_min(passes: int, one_pass: Callable[[], list]) -> list:
    """Run ``one_pass`` ``passes`` times; keep each item's minimum (tuples element-wise)."""
    best: list = []
    for _ in range(passes):
        got = one_pass()
        if not best:
            best = list(got)
            continue
        for i, v in enumerate(got[: len(best)]):
            best[i] = tuple(map(min, best[i], v)) if isinstance(v, tuple) else min(best[i], v)
    return best


def blit_reference(size: tuple[int, int], n: int = 60) -> list[float]:
    """One full-window blit of a cached picture and a flip, ``n`` times; seconds each."""
    screen = pygame.display.get_surface()
    assert screen is not None
    pic = pygame.Surface(size, 0, screen)
    pic.fill((40, 90, 50))
    out = []
    for _ in range(n):
        t0 = time.perf_counter()
        screen.blit(pic, (0, 0))
        pygame.display.flip()
        out.append(time.perf_counter() - t0)
    return out


def row(name: str, secs: Sequence[float], ref_ms: float) -> float:
    """Print one row in ms with its ratio to the reference; return its max in ms."""
    ms = [s * 1000 for s in secs]
    print(
        f"  {name:28s} n={len(ms):4d}  min {min(ms):7.2f}  p50 {pct(ms, 50):7.2f}  "
        f"p99 {pct(ms, 99):7.2f}  max {max(ms):7.2f} ms   p50 = {pct(ms, 50) / ref_ms:6.1f}x blit"
    )
    return max(ms)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--side", type=int, default=200)
    ap.add_argument("--passes", type=int, default=3)
    ap.add_argument("--size", default="1920x1080")
    args = ap.parse_args(argv)
    size = tuple(int(v) for v in args.size.lower().split("x"))
    assert len(size) == 2
    before_mb = mem_mb("VmRSS")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = write_map(folder / "map", side=args.side)
        w = Window(path, (size[0], size[1]), folder)
        opened_mb = mem_mb("VmRSS")
        zooms = per_item_min(args.passes, lambda: zoom_items(w))
        levels = [z for z in w.app.camera.levels if z <= 24 and z >= w.app.camera.min_px_per_yd]
        pans = per_item_min(args.passes, lambda: pan_items(w, levels + [32]))
        hovers = per_item_min(args.passes, lambda: hover_items(w))
        squares = per_item_min(args.passes, lambda: square_items(w))
        peak_mb = mem_mb("VmHWM")  # the window's: before the reference's own picture
        now_mb = mem_mb("VmRSS")
        ref = per_item_min(args.passes, lambda: blit_reference((size[0], size[1])))
        n_tokens = len(w.app.session.fight.tokens())
        w.app.close()
    ref_ms = pct(ref, 50) * 1000
    print(
        f"GM window frames, generated {args.side}x{args.side} map, {n_tokens} tokens, "
        f"{size[0]}x{size[1]}, per-item min over {args.passes} cold passes"
    )
    print(f"  {'reference: full blit + flip':28s} p50 {ref_ms:.3f} ms")
    worst = row("zoom notch, first frame", [f for f, _ in zooms], ref_ms)
    worst = max(worst, row("zoom notch, worst frame", [m for _, m in zooms], ref_ms))
    worst = max(worst, row(f"first pan, zoom {levels[0]}-24,32", pans, ref_ms))
    hover_worst = row("hover, 100 tokens, fitted", hovers, ref_ms)
    hover_worst = max(hover_worst, row("hover every square, 32 px", squares, ref_ms))
    print(
        f"  memory: {before_mb:.0f} MB before the window, {opened_mb:.0f} MB opened, "
        f"{now_mb:.0f} MB after, peak {peak_mb:.0f} MB"
    )
    frames_ok = max(worst, hover_worst) <= FRAME_TARGET_MS
    print(
        f"SUMMARY frames: worst {max(worst, hover_worst):.1f} ms (target <= {FRAME_TARGET_MS:g}) "
        f"{'OK' if frames_ok else 'MISS'}; peak memory {peak_mb:.0f} MB "
        f"(target <= {PEAK_TARGET_MB:g}) {'OK' if peak_mb <= PEAK_TARGET_MB else 'MISS'}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
