"""tools/venv.sh on a machine whose Python has no venv module's ensurepip (Debian and Ubuntu
without python3-venv): it installs python3.X-venv with apt-get as root, says what to run
otherwise, and never leaves a broken .venv behind.

The machine is faked with small scripts on PATH: ``python3`` behaves as Debian's 3.11 does
without python3.11-venv (``import ensurepip`` fails, ``-m venv`` prints Debian's message and
exits 1) until the fake ``apt-get`` installs the package; the venv it then makes holds a
``python`` that records the pip install and the command run. Only POSIX tools are real."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
REAL = ("sh", "dirname", "cksum", "cut", "grep", "rm", "env", "cat", "mkdir", "chmod", "touch")

FAKE_PYTHON = r"""#!/bin/sh
# Debian's python3.11; ensurepip arrives with python3.11-venv (the fake apt-get's marker)
log="$FAKE/log"
if [ "$1" = "-c" ]; then
  case "$2" in
    *"import ensurepip"*) [ -f "$FAKE/venv-installed" ] || exit 1; exit 0 ;;
    *version_info*) echo "3.11"; exit 0 ;;
  esac
fi
if [ "$1" = "-m" ] && [ "$2" = "venv" ]; then
  if [ ! -f "$FAKE/venv-installed" ]; then
    mkdir -p "$3/bin"  # Debian leaves the half-made folder behind
    echo "The virtual environment was not created successfully because ensurepip is not"
    echo "available.  On Debian/Ubuntu systems, you need to install the python3-venv"
    echo "package using the following command."
    echo ""
    echo "    apt install python3.11-venv"
    exit 1
  fi
  mkdir -p "$3/bin"
  cat > "$3/bin/python" <<'PY'
#!/bin/sh
echo "venv-python $*" >> "$FAKE/log"
PY
  chmod +x "$3/bin/python"
  echo "python3 -m venv $3" >> "$log"
  exit 0
fi
echo "unexpected python3 $*" >> "$log"; exit 3
"""
FAKE_APT = r"""#!/bin/sh
echo "apt-get $*" >> "$FAKE/log"
case "$*" in *"install"*python3.11-venv*) touch "$FAKE/venv-installed" ;; esac
exit 0
"""


def _machine(tmp: Path, *, root: bool, sudo: bool = False) -> tuple[Path, dict[str, str]]:
    """A copy of the project's script and pyproject.toml, and a PATH of fakes."""
    proj = tmp / "proj"
    (proj / "tools").mkdir(parents=True)
    shutil.copy(ROOT / "tools" / "venv.sh", proj / "tools" / "venv.sh")
    shutil.copy(ROOT / "pyproject.toml", proj / "pyproject.toml")
    fake, bin_ = tmp / "fake", tmp / "bin"
    fake.mkdir()
    bin_.mkdir()
    for tool in REAL:
        found = shutil.which(tool)
        assert found, tool
        (bin_ / tool).symlink_to(found)
    scripts = {"python3": FAKE_PYTHON, "apt-get": FAKE_APT,
               "id": f"#!/bin/sh\necho {0 if root else 1000}\n"}
    if sudo:
        scripts["sudo"] = '#!/bin/sh\necho "sudo $1" >> "$FAKE/log"\nexec "$@"\n'
    for name, text in scripts.items():
        (bin_ / name).write_text(text)
        (bin_ / name).chmod(0o755)
    env = {"PATH": str(bin_), "FAKE": str(fake), "HOME": str(tmp)}
    return proj, env


def _run(proj: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["sh", str(proj / "tools" / "venv.sh"), *args], env=env,
                          capture_output=True, text=True, timeout=60)


def _log(env: dict[str, str]) -> list[str]:
    log = Path(env["FAKE"]) / "log"
    return log.read_text().splitlines() if log.exists() else []


@pytest.mark.skipif(os.name != "posix", reason="a POSIX shell script")
def test_without_root_it_says_what_to_install_and_leaves_no_broken_venv(tmp_path: Path) -> None:
    proj, env = _machine(tmp_path, root=False)
    run = _run(proj, env, "test", "-q")
    assert run.returncode == 1
    lines = run.stderr.splitlines()
    assert lines[0] == (
        "tools/venv.sh: python3 has no ensurepip; installing python3.11-venv with apt-get"
    )
    assert lines[-1] == ("tools/venv.sh: cannot install python3.11-venv (need root or sudo): "
                         "run 'sudo apt-get install python3-venv' and try again")
    assert "Traceback" not in run.stderr and not (proj / ".venv").exists()
    assert _log(env) == []  # apt-get was not run, nothing was installed


@pytest.mark.skipif(os.name != "posix", reason="a POSIX shell script")
@pytest.mark.parametrize("how", ["root", "sudo"])
def test_as_root_or_with_sudo_it_installs_python3_venv_then_runs(tmp_path: Path, how: str) -> None:
    proj, env = _machine(tmp_path, root=how == "root", sudo=how == "sudo")
    run = _run(proj, env, "test", "-q", "tests/io")
    assert run.returncode == 0, run.stderr
    venv = proj / ".venv"
    log = [line.replace(str(venv), ".venv") for line in _log(env)]
    apt = [line for line in log if line.startswith("apt-get")]
    assert apt == ["apt-get update -qq", "apt-get install -y -qq python3.11-venv"]
    assert log[-3:] == [
        "python3 -m venv .venv",
        "venv-python -m pip install -q --disable-pip-version-check -e .[test]",
        "venv-python -m pytest -q tests/io",
    ]
    if how == "sudo":
        assert log.count("sudo env") == 2
    again = _run(proj, env, "app", "--help")  # the venv is there now: no apt-get, no pip
    assert again.returncode == 0, again.stderr
    assert _log(env)[len(log):] == ["venv-python -m game --help"]


@pytest.mark.skipif(os.name != "posix", reason="a POSIX shell script")
def test_a_venv_that_fails_anyway_is_one_hint_not_a_half_made_folder(tmp_path: Path) -> None:
    """ensurepip imports but `python3 -m venv` still fails (Ubuntu's split, a full disk)."""
    proj, env = _machine(tmp_path, root=False)
    python = Path(env["PATH"]) / "python3"
    python.write_text(python.read_text().replace(
        '*"import ensurepip"*) [ -f "$FAKE/venv-installed" ] || exit 1; exit 0 ;;',
        '*"import ensurepip"*) exit 0 ;;'))
    run = _run(proj, env, "app")
    assert run.returncode == 1
    assert run.stderr.splitlines()[-1] == (
        "tools/venv.sh: python3 -m venv .venv failed (above); on Debian or Ubuntu run "
        "'sudo apt-get install python3-venv' and try again"
    )
    assert not (proj / ".venv").exists()
