"""End to end: the real app under Xvfb, driven by xdotool, checked on screenshots and the journal.

Starts its own Xvfb on a free display. Skipped only when Xvfb or xdotool is missing and
BATTLEMAT_REQUIRE_XVFB is not set (CI sets it and installs them). Screenshots come from
ImageMagick's ``import`` when present, else from the app itself (SIGUSR1 writes its window;
BATTLEMAT_E2E_SHOT=app forces that).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from tests.ui import xvfb

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "config" / "encounters" / "demo.yaml"
SIZE = (1200, 760)
MISSING = [t for t in ("Xvfb", "xdotool") if shutil.which(t) is None]
if MISSING and not os.environ.get("BATTLEMAT_REQUIRE_XVFB"):
    pytest.skip(
        f"needs {' and '.join(MISSING)} (set BATTLEMAT_REQUIRE_XVFB to make this an error)",
        allow_module_level=True,
    )


DISPLAYS = "97-199"  # the display numbers used unless $BATTLEMAT_E2E_DISPLAYS says


class Desktop:
    """An Xvfb display with the app running on it."""

    def __init__(
        self,
        tmp: Path,
        *,
        screen: str = "1280x800x24",
        size: tuple[int, int] = SIZE,
        extra_env: dict[str, str] | None = None,
    ) -> None:
        self.n, self.xvfb = xvfb.start(screen, DISPLAYS)
        self.env = dict(os.environ, DISPLAY=f":{self.n}")
        self.tmp = tmp
        self.shot_path = tmp / "app-shot.png"
        app_env = dict(
            self.env,
            SDL_VIDEODRIVER="x11",
            SDL_AUDIODRIVER="dummy",
            SDL_VIDEO_WINDOW_POS="0,0",
            BATTLEMAT_WINDOW=f"{size[0]}x{size[1]}",
            BATTLEMAT_HOME=str(tmp / "home"),
            BATTLEMAT_AUTOQUIT_S="120",
            BATTLEMAT_SHOT=str(self.shot_path),
            **(extra_env or {}),
        )
        self.app = subprocess.Popen(
            [sys.executable, "-m", "game", str(DEMO)],
            cwd=ROOT,
            env=app_env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        self.window = ""
        try:
            xvfb.wait(self._find_window, 30, "the GM window")
        except BaseException:
            self.close()
            raise
        time.sleep(1.0)  # a few frames drawn

    def _find_window(self) -> bool:
        assert self.app.poll() is None, self.app.stderr.read().decode()  # type: ignore[union-attr]
        out = subprocess.run(
            ["xdotool", "search", "--onlyvisible", "--pid", str(self.app.pid)],
            env=self.env,
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.split()
        self.window = out[0] if out else ""
        return bool(self.window)

    def xdo(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True, timeout=10)
        time.sleep(0.35)

    def click(self, pos: tuple[int, int]) -> None:
        self.move_to(pos)
        self.xdo("click", "1")

    def move_to(self, pos: tuple[int, int]) -> None:
        """Move the pointer to a point in window pixels, wherever the window stands."""
        self.xdo("mousemove", "--window", self.window, str(pos[0]), str(pos[1]))

    def screenshot(self, name: str) -> pygame.Surface:
        out = self.tmp / f"{name}.png"
        if shutil.which("import") and os.environ.get("BATTLEMAT_E2E_SHOT") != "app":
            subprocess.run(
                ["import", "-window", self.window, str(out)], env=self.env, check=True, timeout=20
            )
        else:
            self.shot_path.unlink(missing_ok=True)
            self.app.send_signal(signal.SIGUSR1)
            xvfb.wait(self.shot_path.exists, 10, "the app's screenshot")
            shutil.copy(self.shot_path, out)
        return pygame.image.load(str(out))

    def app_shot(self, name: str) -> pygame.Surface:
        """What the GM window's own surface holds (SIGUSR1), whatever covers it on screen."""
        out = self.tmp / f"{name}.png"
        self.shot_path.unlink(missing_ok=True)
        self.app.send_signal(signal.SIGUSR1)
        xvfb.wait(self.shot_path.exists, 10, "the app's screenshot")
        shutil.copy(self.shot_path, out)
        table = self.shot_path.with_name(self.shot_path.stem + "-table.png")
        if table.exists():  # the player view's, written just before
            shutil.move(table, out.with_name(out.stem + "-table.png"))
        return pygame.image.load(str(out))

    def query(self, *args: str) -> str:
        """An xdotool question's answer (a window id, a geometry)."""
        return subprocess.run(
            ["xdotool", *args], env=self.env, capture_output=True, text=True, timeout=10
        ).stdout.strip()

    def close(self) -> int:
        rc = self.app.poll()
        if rc is None:
            self.app.send_signal(signal.SIGTERM)
            try:
                rc = self.app.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.app.kill()
                rc = -9
        self.xvfb.terminate()
        self.xvfb.wait(timeout=10)
        return rc


def _layout(tmp: Path) -> tuple[tuple[int, int], tuple[int, int], tuple[int, int]]:
    """Where the spearman stands and where it will go, in window pixels (same layout, headless)."""
    from game.ui.app import App
    from game.ui.session import Session

    s = Session.open(DEMO, journal_path=tmp / "probe.jsonl")
    app = App(s, size=SIZE)
    start = s.engine.state.creatures["spearman"].square
    area = s.previews.move_area("spearman", s.previews.move_modes("spearman"))
    k = area.classes.index("move")
    ys, xs = (area.cost_class == k).nonzero()
    dest = sorted(
        (int(x), int(y))
        for x, y in zip(xs, ys, strict=True)
        if 2 <= max(abs(int(x) - start[0]), abs(int(y) - start[1])) <= 3
    )[0]
    px = app.camera.px_per_yd
    app.close()
    return app.camera.square_center_px(start), app.camera.square_center_px(dest), (px, 0)


def _region_differs(a: pygame.Surface, b: pygame.Surface, centre: tuple[int, int], r: int) -> bool:
    diffs = 0
    for dx in range(-r, r + 1, 2):
        for dy in range(-r, r + 1, 2):
            p = (centre[0] + dx, centre[1] + dy)
            if a.get_at(p)[:3] != b.get_at(p)[:3]:
                diffs += 1
    return diffs > 3


def test_click_token_and_square_moves_it_on_screen_and_in_the_journal(tmp_path: Path) -> None:
    start_px, dest_px, (sq_px, _) = _layout(tmp_path)
    desk = Desktop(tmp_path)
    try:
        desk.xdo("windowfocus", desk.window)
        desk.xdo("key", "n")  # start the fight
        desk.click(start_px)  # select the spearman
        desk.xdo("key", "space")  # its turn, in the current part of the round
        before = desk.screenshot("before")
        desk.click(start_px)  # its reachable squares show
        desk.move_to(dest_px)
        hover = desk.screenshot("hover")
        desk.xdo("click", "1")  # move there
        time.sleep(0.5)
        after = desk.screenshot("after")
    finally:
        rc = desk.close()
    r = max(3, sq_px // 3)
    assert _region_differs(before, hover, dest_px, r)  # reachable squares and the path drawn
    assert _region_differs(before, after, dest_px, r)  # the token is there now
    assert _region_differs(before, after, start_px, r)  # and gone from where it stood
    assert rc == 0  # SIGTERM ends the app cleanly
    journal = next((tmp_path / "home" / "journals").glob("demo-*.jsonl"))
    lines = [json.loads(x) for x in journal.read_text().splitlines()]
    commands = [e["record"]["command"]["type"] for e in lines if "record" in e]
    assert commands[-1] == "Move" and "StartTurn" in commands  # autosaved, command by command
