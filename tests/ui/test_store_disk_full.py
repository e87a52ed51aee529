"""A real full disk (issue 14): the journal on a tiny tmpfs fills it in the middle of a fight.

The fight is played through the window's keys (headless) in a child process that has its own
mount namespace (``unshare --mount``), so the tiny filesystem is never seen outside it and
vanishes with it. Each refused write must leave the fight as it was and say so in one line;
after space is freed play goes on, and reopening shows every acknowledged command.
Needs root or user namespaces to mount; elsewhere the test is skipped and says why.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SIZE = "192k"  # the whole filesystem: the journal's header and a few dozen commands


def _unshare() -> list[str]:
    root = os.geteuid() == 0
    return ["unshare", "--mount", *([] if root else ["--map-root-user"])]


MOUNT = 'mount -t tmpfs -o size={size} tmpfs "$1" && shift && exec "$@"'


def _mountable(folder: Path) -> str:
    """'' when this machine lets us mount a small tmpfs in a namespace of our own, else why."""
    if shutil.which("unshare") is None:
        return "no `unshare` here (util-linux) to mount a tiny filesystem in"
    probe = subprocess.run(
        [*_unshare(), "sh", "-c", MOUNT.format(size="64k"), "sh", str(folder), "true"],
        capture_output=True, text=True, timeout=60,
    )
    if probe.returncode != 0:
        why = (probe.stderr.strip().splitlines() or ["no message"])[-1]
        return f"cannot mount a tiny tmpfs here (needs root or user namespaces): {why}"
    return ""


def test_a_journal_that_fills_the_disk_mid_fight_loses_and_changes_nothing(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "tiny"
    folder.mkdir()
    why = _mountable(folder)
    if why:
        pytest.skip(why)
    code = f"import sys; sys.path.insert(0, {str(ROOT)!r}); " + (
        "from tests.ui.test_store_disk_full import child; child(sys.argv[1])"
    )
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYTHONPATH=str(ROOT),
               BATTLEMAT_HOME=str(folder / "home"))
    done = subprocess.run(
        [*_unshare(), "sh", "-c", MOUNT.format(size=SIZE), "sh", str(folder),
         sys.executable, "-c", code, str(folder)],
        capture_output=True, text=True, timeout=600, env=env, cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["acknowledged_before"] >= 3  # the fight was under way when the disk filled
    full = os.strerror(errno.ENOSPC)
    assert got["refused"]["command"].endswith("free some space there and play it again")
    for what, said in got["refused"].items():  # each write the full disk refused ...
        assert full in said and "\n" not in said, (what, said)
    assert set(got["refused"]) >= {"command", "save", "restart"}
    assert got["unchanged"] == {k: True for k in got["refused"]}  # ... left the fight as it was
    assert got["journal_untouched"]  # no torn line
    assert got["played_after_freeing"] >= 3
    assert got["reopened"] == got["last_acknowledged"]  # every acknowledged command is there


def child(folder_name: str) -> None:
    """Run inside the namespace, the tiny tmpfs mounted at ``folder_name``; prints one JSON."""
    import pygame

    from game.ui.app import App
    from game.ui.session import Session
    from tests.ui.gm import DEMO
    from tests.ui.test_store_crash import fingerprint

    folder = Path(folder_name)
    journal = folder / "j.jsonl"
    app = App(Session.open(DEMO, journal_path=journal), size=(1400, 860))
    app.update(0.0)
    out: dict[str, Any] = {"refused": {}, "unchanged": {}}
    last = fingerprint(app.session)

    def press(key: int, mod: int = 0) -> str:
        app.status = ""
        app.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        app.update(0.0)
        if app.confirm is not None:  # N with creatures still to act asks first: yes
            app.status = ""
            enter = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="")
            app.handle(enter)
            app.update(0.0)
        return app.status or app.session.problem

    def tried(what: str, key: int, mod: int = 0) -> bool:
        """Press a key that writes; True when the disk took it (then it is acknowledged)."""
        nonlocal last
        eng = app.session.engine
        assert eng is not None
        state, n, data = eng.state, len(eng.history), journal.read_bytes()
        said = press(key, mod)
        if os.strerror(errno.ENOSPC) not in said:
            last = fingerprint(app.session)
            return True
        out["refused"].setdefault(what, said)
        now = app.session.engine
        same = now is eng and now.state is state and len(now.history) == n
        out["unchanged"][what] = out["unchanged"].get(what, True) and same
        out["journal_untouched"] = out.get("journal_untouched", True) and (
            journal.read_bytes() == data
        )
        return False

    for _ in range(3):
        assert tried("command", pygame.K_n)
    out["acknowledged_before"] = len(app.session.engine.history)  # type: ignore[union-attr]
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:  # the rest of the disk, to the last byte
        chunk = 1 << 16
        while chunk:
            try:
                f.write(b"x" * chunk)
            except OSError as err:
                assert err.errno == errno.ENOSPC, err
                chunk //= 2
    # Play on: the journal's last page still takes a line or two, then the disk is full
    for _ in range(200):
        if not tried("command", pygame.K_n):
            break
    assert "command" in out["refused"], "the disk never filled"
    tried("undo", pygame.K_z, pygame.KMOD_CTRL)  # refused or taken: either way consistent
    tried("save", pygame.K_s, pygame.KMOD_CTRL)
    tried("restart", pygame.K_n, pygame.KMOD_CTRL)
    filler.unlink()  # the GM frees space: play goes on
    played = 0
    for _ in range(3):
        played += tried("after", pygame.K_n)
    played += tried("after", pygame.K_z, pygame.KMOD_CTRL)
    out["played_after_freeing"] = played
    out["last_acknowledged"] = last
    app.close()
    again = Session.open(DEMO, journal_path=journal)
    out["reopened"] = fingerprint(again)
    again.close()
    print(json.dumps(out))
