"""Make docs/screenshots/gm-*.png again: the GM window on the bundled encounters, played through
the window's own events under SDL's dummy driver, each picture saved with pygame.image.save.

    PYTHONPATH=. python3 tools/make_screenshots.py [NAME ...]   # every picture, or those named

Deterministic: the encounters' seeds, fixed window sizes, and a journal in a scratch folder
(the GM's own journals are never touched). Look at each picture before committing it.
"""

from __future__ import annotations

import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
import pygame_gui  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.rules.engine import EncounterState  # noqa: E402
from game.ui.app import App  # noqa: E402
from game.ui.session import Session  # noqa: E402

OUT = ROOT / "docs" / "screenshots"
DEMO = ROOT / "config" / "encounters" / "demo.yaml"
OSR_DEMO = ROOT / "config" / "encounters" / "osr_demo.yaml"
WIDE, LAPTOP = (1400, 860), (1366, 768)


def _open(path: Path, size: tuple[int, int], scratch: Path) -> App:
    os.environ["BATTLEMAT_HOME"] = str(scratch)  # table settings, saves: the scratch folder's
    app = App(Session.open(path, journal_path=scratch / f"{path.stem}.jsonl"), size=size)
    _frame(app)
    return app


def _frame(app: App) -> None:
    """What the loop does between inputs: pygame_gui's own events back in, update, draw."""
    for _ in range(3):
        for ev in pygame.event.get():
            app.handle(ev)
        app.update(0.05)
    app.draw()


def _key(app: App, k: int, text: str = "") -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    _frame(app)


def _hover(app: App, square: tuple[int, int]) -> None:
    pos = app.camera.square_center_px(square)
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    _frame(app)


def _click(app: App, square: tuple[int, int]) -> None:
    _hover(app, square)
    pos = app.camera.square_center_px(square)
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    _frame(app)


def _yes_to_every_part(app: App, until: Callable[[], bool], most: int = 12) -> None:
    """N (and yes when it asks) until ``until`` holds; a question on the way: its first option."""
    for _ in range(most):
        if until():
            return
        _key(app, pygame.K_n)
        if app.confirm is not None:
            _key(app, pygame.K_RETURN)
        eng = app.session.engine
        while eng is not None and eng.pending is not None:
            app._intent("answer:" + str(eng.pending.option_ids()[0]))
            _frame(app)
    raise RuntimeError(f"never got there: {app.status}")


def _state(app: App) -> EncounterState:
    eng = app.session.engine
    assert eng is not None, "an encounter with a ruleset plug-in"
    return eng.state


def _square(app: App, who: str) -> tuple[int, int]:
    return _state(app).creatures[who].square


def _start(app: App, who: str) -> None:
    """Its turn panel row, as the GM clicks it (its turn starts, it is selected)."""
    app._intent("turn_start", who)
    app.select_creature(who)
    _frame(app)


def gm_window(scratch: Path) -> App:
    """The Crossbowman in the tower aims at the Ogre brute: cover lines, range, banes."""
    app = _open(DEMO, WIDE, scratch)
    _key(app, pygame.K_n)
    _start(app, "crossbowman")
    app._intent("action:attack")
    _hover(app, _square(app, "ogre_brute"))
    return app


def gm_move(scratch: Path) -> App:
    """The Rogue's reachable squares; the hovered path past the Ogre brute, its free attack."""
    app = _open(DEMO, WIDE, scratch)
    _key(app, pygame.K_n)
    _start(app, "rogue")
    _hover(app, (15, 27))
    return app


def gm_prompt(scratch: Path) -> App:
    """The Rogue goes anyway: the engine asks at the token whether the brute takes its attack."""
    app = gm_move(scratch)
    _click(app, (15, 27))
    return app


def gm_tools(scratch: Path) -> App:
    """The GM tools panel for the selected Rogue, at a laptop's size."""
    app = _open(DEMO, LAPTOP, scratch)
    _key(app, pygame.K_n)
    app.select_creature("rogue")
    app.tools = app.tools[:1]
    _frame(app)
    app._intent("gm_tools")
    _frame(app)
    return app


def gm_mount(scratch: Path) -> App:
    """Round 2: the Knight, dismounted last round, picks its warhorse with Mount."""
    app = _open(DEMO, WIDE, scratch)
    _key(app, pygame.K_n)
    _start(app, "knight")
    app._intent("action:dismount")
    app._intent("turn_end")
    _start(app, "warhorse")
    app._intent("turn_end")
    _frame(app)

    def next_round_players() -> bool:
        st = _state(app)
        return st.round > 1 and "players" in st.phase

    _yes_to_every_part(app, next_round_players)
    _start(app, "knight")
    app.tools = app.tools[:1]
    app._intent("action:mount")
    _hover(app, _square(app, "warhorse"))
    return app


def gm_osr(scratch: Path) -> App:
    """OSR: Movement, Missiles, Melee; a raider of the mob clicked, the block's move hovered
    (zoomed in about it, as a GM does to see the blocks)."""
    app = _open(OSR_DEMO, WIDE, scratch)
    _yes_to_every_part(app, lambda: _state(app).phase == "action")
    r3 = _square(app, "raider_3")
    for _ in range(3):
        app.camera.zoom_about(*app.camera.square_center_px(r3), 1)
    _frame(app)
    _click(app, r3)
    _hover(app, (r3[0] - 2, r3[1]))  # two paces west: clear of the chieftain before it
    return app


def gm_osr_terms(scratch: Path) -> App:
    """OSR, the Morale part: the raiders chose to surrender; their terms typed at the chieftain."""
    app = _open(OSR_DEMO, WIDE, scratch)
    app.selected = "raider_chieftain"
    _yes_to_every_part(app, lambda: _state(app).phase == "morale", most=16)
    app.selected = "raider_chieftain"
    app._intent("action:choose_course")
    _frame(app)
    entry = app.panels.prompt_entry
    assert entry is not None, app.status
    app.handle(
        pygame.event.Event(pygame_gui.UI_TEXT_ENTRY_FINISHED, ui_element=entry, text="surrender")
    )
    _frame(app)
    app._intent("action:terms")
    _frame(app)
    entry = app.panels.prompt_entry
    assert entry is not None, app.status
    entry.set_text("mercy_of_sophia garrison")
    _frame(app)
    return app


def gm_end_part(scratch: Path) -> App:
    """The Rogue's turn begun, nothing done; the GM drags the Spearman: asked first, at a
    laptop's size."""
    app = _open(DEMO, LAPTOP, scratch)
    _key(app, pygame.K_n)
    _start(app, "rogue")
    app.tools = app.tools[:1]
    sp = _square(app, "spearman")
    a, b = app.camera.square_center_px(sp), app.camera.square_center_px((sp[0] + 2, sp[1] + 1))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
    app.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    _frame(app)
    assert app.confirm is not None, app.status
    return app


SHOTS: dict[str, Callable[[Path], App]] = {
    "gm-window": gm_window,
    "gm-move": gm_move,
    "gm-prompt": gm_prompt,
    "gm-end-part": gm_end_part,
    "gm-tools": gm_tools,
    "gm-mount": gm_mount,
    "gm-osr": gm_osr,
    "gm-osr-terms": gm_osr_terms,
}


def main(names: list[str]) -> int:
    """Write the pictures named (all of them by default) into docs/screenshots/."""
    pygame.display.init()
    pygame.font.init()
    unknown = [n for n in names if n not in SHOTS]
    if unknown:
        print(f"unknown picture {unknown[0]!r} (one of {', '.join(SHOTS)})", file=sys.stderr)
        return 2
    for name in names or list(SHOTS):
        with tempfile.TemporaryDirectory() as scratch:
            app = SHOTS[name](Path(scratch))
            try:
                for _ in range(200):  # map chunks and token pictures come in frame by frame
                    if not app.caches.board.pending and not app.caches.art.pending:
                        break
                    _frame(app)
                out = OUT / f"{name}.png"
                pygame.image.save(app.screen, str(out))
                print(f"wrote {out}: {app.status}")
            finally:
                app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
