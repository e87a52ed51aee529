"""End to end (issue 11): the real app under Xvfb on a bare Tiled map, driven by xdotool: search
the bestiary, place four goblins and a knight, rename the knight, save the encounter; then
`battlemat FILE.yaml` opens the saved file in a real window and one round is played (a move,
an attack, every part ended); checked on screenshots, the journals and the saved file (which
`battlemat check` passes).

Uses X displays :60-:69, or those in $BATTLEMAT_E2E_DISPLAYS (this project's helpers share
the machine). Skipped when Xvfb or xdotool is missing, unless BATTLEMAT_REQUIRE_XVFB is set.
"""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from game.io.check import check_paths
from tests.ui import xvfb

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "io" / "setup" / "data"
SIZE = (1400, 900)
MISSING = [t for t in ("Xvfb", "xdotool") if shutil.which(t) is None]
if MISSING and not os.environ.get("BATTLEMAT_REQUIRE_XVFB"):
    pytest.skip(f"needs {' and '.join(MISSING)}", allow_module_level=True)


def _probe(glade: Path, tmp: Path) -> dict[str, tuple[int, int]]:
    """Where the set-up panel's widgets and the map's squares are, in window pixels (the same
    window laid out headless)."""
    from game.ui.app import App
    from game.ui.session import Session

    app = App(Session.open(glade, journal_path=tmp / "probe.jsonl"), size=SIZE)
    app.update(0.0)
    p = app.setup.panel
    at = {name: el.rect.center for name, el in (
        ("search", p.search), ("count", p.count), ("row0", p.bestiary),
        ("name", p.entries["name"]), ("save_path", p.save_path))}
    at["row0"] = (p.bestiary.rect.x + 40, p.bestiary.rect.y + 12)  # the first row
    for intent in ("apply", "save", "start", "side:players", "side:foes"):
        at[intent] = p.buttons_by(intent).rect.center
    for sq in ((9, 4), (7, 6), (8, 5)):
        at[f"sq{sq[0]}_{sq[1]}"] = app.camera.square_center_px(sq)
    app.close()
    return at


class Desktop:
    """Xvfb on one of our displays, and the app on a file in it (one after another)."""

    def __init__(self, tmp: Path) -> None:
        if not xvfb.free_displays("60-69"):
            pytest.skip(f"X displays {xvfb.displays('60-69')} are all taken")
        self.n, self.xvfb = xvfb.start("1600x1000x24", "60-69")
        self.env = dict(os.environ, DISPLAY=f":{self.n}")
        self.tmp = tmp
        self.app: subprocess.Popen[bytes] | None = None
        self.window = ""

    def open(self, path: Path) -> None:
        """``battlemat PATH`` in a real window; returns once it is on the screen."""
        env = dict(self.env, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
                   SDL_VIDEO_WINDOW_POS="0,0", BATTLEMAT_WINDOW=f"{SIZE[0]}x{SIZE[1]}",
                   BATTLEMAT_HOME=str(self.tmp / "home"), BATTLEMAT_AUTOQUIT_S="300")
        self.app = subprocess.Popen([sys.executable, "-m", "game", str(path)], cwd=ROOT,
                                    env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.window = ""
        xvfb.wait(self._find, 60, "the GM window")
        time.sleep(1.5)
        self.xdo("windowfocus", self.window)

    def _find(self) -> bool:
        assert self.app is not None
        assert self.app.poll() is None, self.app.stderr.read().decode()  # type: ignore[union-attr]
        out = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(self.app.pid)],
                             env=self.env, capture_output=True, text=True, timeout=20).stdout
        self.window = out.split()[0] if out.split() else ""
        return bool(self.window)

    def xdo(self, *args: str) -> None:
        subprocess.run(["xdotool", *args], env=self.env, check=True, timeout=20)
        time.sleep(0.5)

    def click(self, pos: tuple[int, int]) -> None:
        self.xdo("mousemove", "--window", self.window, str(pos[0]), str(pos[1]))
        self.xdo("click", "1")

    def type_in(self, pos: tuple[int, int], text: str) -> None:
        """Click a text box, clear it, type."""
        self.click(pos)
        self.xdo("key", "ctrl+a")
        self.xdo("key", "BackSpace")
        self.xdo("type", "--delay", "60", text)

    def screenshot(self, name: str) -> pygame.Surface:
        out = self.tmp / f"{name}.png"
        subprocess.run(["import", "-window", self.window, str(out)], env=self.env, check=True,
                       timeout=30)
        return pygame.image.load(str(out))

    def key(self, name: str) -> None:
        self.xdo("key", "--window", self.window, name)

    def quit_app(self) -> int:
        """Close the window (SIGTERM, as the GM closing it); its exit code."""
        app, self.app = self.app, None
        if app is None:
            return 0
        rc = app.poll()
        if rc is None:
            app.terminate()
            try:
                rc = app.wait(timeout=30)
            except subprocess.TimeoutExpired:
                app.kill()
                rc = -9
        return rc

    def close(self) -> int:
        rc = self.quit_app()
        self.xvfb.terminate()
        self.xvfb.wait(timeout=20)
        return rc


def _commands(home: Path, stem: str) -> list[str]:
    journal = next((home / "journals").glob(f"{stem}-*.jsonl"))
    lines = [json.loads(x) for x in journal.read_text().splitlines()]
    return [e["record"]["command"]["type"] for e in lines if "record" in e]


@pytest.mark.skipif(shutil.which("import") is None, reason="needs ImageMagick's import")
def test_set_up_a_fight_on_a_bare_map_then_play_a_round_of_it(tmp_path: Path) -> None:
    """Set up on the bare map and save; then `battlemat FILE.yaml` in a real window and one
    round played with the mouse and keys: Sir Bors moves next to Goblin 1 in the players' fast
    turns, Goblin 1 attacks him in the GM's, every part of the round is ended with N (and Enter
    when N asks first, the other goblins not having acted)."""
    for name in ("glade.tmx", "tiles.png"):
        shutil.copy(DATA / name, tmp_path / name)
    glade = tmp_path / "glade.tmx"
    at = _probe(glade, tmp_path)
    saved = tmp_path / "glade_fight.yaml"
    desk = Desktop(tmp_path)
    shots: dict[str, pygame.Surface] = {}
    try:
        desk.open(glade)
        shots["empty"] = desk.screenshot("e2e-setup-empty")
        desk.click(at["side:foes"])
        desk.type_in(at["search"], "gob")
        desk.type_in(at["count"], "4")
        desk.click(at["row0"])
        desk.click(at["sq9_4"])
        desk.xdo("key", "Escape")
        shots["goblins"] = desk.screenshot("e2e-setup-goblins")
        desk.click(at["side:players"])
        desk.type_in(at["search"], "knight")
        desk.type_in(at["count"], "1")
        desk.click(at["row0"])
        desk.click(at["sq7_6"])
        desk.xdo("key", "Escape")
        desk.click(at["sq7_6"])  # select the knight: the editor shows it
        desk.type_in(at["name"], "Sir Bors")
        desk.click(at["apply"])
        desk.type_in(at["save_path"], str(saved))
        desk.click(at["save"])
        shots["ready"] = desk.screenshot("e2e-setup-ready")
        rc_setup = desk.quit_app()

        text = saved.read_text()
        check = subprocess.run([sys.executable, "-m", "game", "check", str(saved)], cwd=ROOT,
                               capture_output=True, text=True, timeout=120)

        desk.open(saved)  # the saved encounter in a real window: round 0
        shots["reopened"] = desk.screenshot("e2e-reopened")
        desk.key("n")  # Start: round 1, the players' fast turns
        desk.click(at["sq7_6"])  # Sir Bors
        desk.key("1")  # Move
        desk.click(at["sq8_5"])
        shots["moved"] = desk.screenshot("e2e-round-moved")
        desk.key("Return")  # his turn ends
        desk.key("n")  # the GM's fast turns
        desk.click(at["sq9_4"])  # Goblin 1
        desk.key("8")  # Attack
        desk.xdo("mousemove", "--window", desk.window, *map(str, at["sq8_5"]))
        shots["aiming"] = desk.screenshot("e2e-round-aiming")
        desk.xdo("click", "1")
        shots["attacked"] = desk.screenshot("e2e-round-attacked")
        desk.key("Return")
        for _ in range(4):  # slow turns (players', GM's), the end of the round: round 2
            ended = _commands(tmp_path / "home", saved.stem).count("AdvancePhase")
            desk.key("n")
            time.sleep(0.5)
            if _commands(tmp_path / "home", saved.stem).count("AdvancePhase") == ended:
                desk.key("Return")  # N asked first (goblins have not acted): yes, end it
        time.sleep(1.0)
        shots["round2"] = desk.screenshot("e2e-round-2")
        rc_play = desk.quit_app()
    finally:
        desk.close()
    assert rc_setup == 0 and rc_play == 0
    assert len({s.get_size() for s in shots.values()}) == 1
    assert text.count("{creature: goblin, side: foes, name: Goblin ") == 4, text
    assert "{creature: human_knight, side: players, name: Sir Bors, square: [7, 6]}" in text
    assert check.returncode == 0, check.stdout + check.stderr
    assert check_paths([saved], out=io.StringIO(), err=io.StringIO()) == 0
    home = tmp_path / "home"
    assert _commands(home, "glade") == ["AddCreatures", "AddCreatures", "EditCreature"]
    played = _commands(home, saved.stem)
    assert played[:2] == ["BeginCombat", "Move"], played
    assert "Attack" in played and played.count("AdvancePhase") >= 4, played
    journal = next((home / "journals").glob(f"{saved.stem}-*.jsonl")).read_text()
    moved = [json.loads(x) for x in journal.splitlines() if '"Move"' in x][0]
    events = [e["type"] for e in moved["record"]["events"]]
    assert "Stepped" in events, events
    records = [json.loads(x)["record"] for x in journal.splitlines() if '"record"' in x]
    phases = [(e["type"], e.get("round"), e.get("phase")) for r in records for e in r["events"]
              if e["type"] in ("RoundStarted", "PhaseChanged")]
    assert phases == [("RoundStarted", 1, "fast_players"), ("PhaseChanged", 1, "fast_gm"),
                      ("PhaseChanged", 1, "slow_players"), ("PhaseChanged", 1, "slow_gm"),
                      ("PhaseChanged", 1, "end_of_round"), ("RoundStarted", 2, "fast_players")]
    attack = next(r for r in records if r["command"]["type"] == "Attack")
    assert attack["command"]["attacker"] == "goblin_1" and attack["command"]["target"] == "sir_bors"
