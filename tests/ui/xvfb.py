"""An Xvfb display for the end-to-end tests, started on a free number and ready when this
returns: its socket accepts a connection (the socket file alone appears before the server
listens, and a loaded machine showed the app then failing with "x11 not available")."""

from __future__ import annotations

import os
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path


def displays(default: str) -> list[int]:
    """The display numbers the tests may use: $BATTLEMAT_E2E_DISPLAYS ("38-40" or "38,39,40"),
    else ``default``."""
    out: list[int] = []
    for part in os.environ.get("BATTLEMAT_E2E_DISPLAYS", default).split(","):
        lo, _, hi = part.strip().partition("-")
        out += list(range(int(lo), int(hi or lo) + 1))
    return out


def free_displays(default: str) -> list[int]:
    """The numbers in :func:`displays` no X server holds (no socket, no lock file)."""
    return [n for n in displays(default) if not Path(f"/tmp/.X11-unix/X{n}").exists()
            and not Path(f"/tmp/.X{n}-lock").exists()]


def wait(cond: Callable[[], object], timeout: float, what: str) -> None:
    """Poll ``cond`` until it is true; fail the test naming ``what`` after ``timeout`` s."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")


def _accepts(n: int) -> bool:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        try:
            s.connect(f"/tmp/.X11-unix/X{n}")
        except OSError:
            return False
    return True


def start(screen: str, default: str, timeout: float = 30.0) -> tuple[int, subprocess.Popen[bytes]]:
    """Xvfb on the first free display that starts (another may take a number between the
    look and the start): (its number, the server)."""
    for n in free_displays(default)[:3]:
        proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", screen, "-nolisten", "tcp"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        end = time.monotonic() + timeout
        while time.monotonic() < end and proc.poll() is None:
            if _accepts(n):
                return n, proc
            time.sleep(0.1)
        proc.kill()
        proc.wait(timeout=20)
    raise AssertionError(f"no Xvfb started on the displays {displays(default)}")
