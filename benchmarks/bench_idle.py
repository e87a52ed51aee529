"""Idle CPU of the GM window (issue 10): the real App loop on the demo encounter, at rest and
while the mouse hovers the map, as process CPU time over wall time.

At rest (no input, no animation) the window redraws nothing and waits for events, so its CPU
share is what the event wait costs; the reference in the same run is the same loop while a
mouse motion arrives every frame (each one redraws hover previews). Each pass runs the loop
for ``--seconds``; reported per kind: min over passes, p50 and p99 of the CPU share, and the
ratio idle / hovering. Headless (SDL dummy driver), one process.

    python3 benchmarks/bench_idle.py [--passes N] [--seconds S]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from game.ui.app import SETTLE_S, App  # noqa: E402
from game.ui.session import Session  # noqa: E402

DEMO = ROOT / "config" / "encounters" / "demo.yaml"


def _share(app: App, seconds: float, hover: bool) -> float:
    """CPU time over wall time of ``app.run`` for ``seconds`` (hovering: a motion a frame)."""
    stop = threading.Event()

    def feed() -> None:  # another thread posts the events a hovering mouse sends
        v = app.layout.view
        i = 0
        while not stop.is_set():
            x = v.x + 40 + (i * 7) % max(1, v.width - 80)
            pos = (x, v.centery)
            pygame.event.post(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(7, 0), buttons=(0, 0, 0))
            )
            i += 1
            time.sleep(1 / 60)

    feeder = threading.Thread(target=feed, daemon=True)
    app.running = True
    if hover:
        feeder.start()
    else:  # the last input's settling (hover colours, tooltips) is not rest yet
        app.run(autoquit_s=SETTLE_S + 0.3, close=False)
        app.running = True
    wall0, cpu0 = time.perf_counter(), time.process_time()
    app.run(autoquit_s=seconds, close=False)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    stop.set()
    if hover:
        feeder.join()
    return cpu / wall


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--passes", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=3.0)
    args = ap.parse_args()
    pygame.display.init()
    pygame.font.init()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["BATTLEMAT_HOME"] = tmp
        app = App(Session.open(DEMO, journal_path=Path(tmp) / "j.jsonl"), size=(1366, 768))
        app.run(autoquit_s=1.0, close=False)  # first frames: chunks rendered, panels built
        rows = {"idle": [], "hovering": []}
        for _ in range(args.passes):
            rows["idle"].append(_share(app, args.seconds, hover=False))
            rows["hovering"].append(_share(app, args.seconds, hover=True))
        app.close()
    print(f"GM window loop, demo encounter, 1366x768, {args.passes} passes of {args.seconds:g} s")
    for kind, vals in rows.items():
        a = np.array(vals) * 100
        print(
            f"  {kind:9s} CPU of one core: min {a.min():5.2f} %  p50 {np.percentile(a, 50):5.2f} %"
            f"  p99 {np.percentile(a, 99):5.2f} %"
        )
    ratio = min(rows["idle"]) / max(1e-9, min(rows["hovering"]))
    print(f"  idle / hovering (min over passes): {ratio:.3f}")


if __name__ == "__main__":
    main()
