#!/bin/sh
# Run Battlemat or its tests in the project's own virtual environment (.venv), made on first use.
#
#   sh tools/venv.sh app [ARGS...]    install Battlemat, then `python -m game ARGS` (the demo)
#   sh tools/venv.sh test [ARGS...]   install it with the test extra, then `python -m pytest ARGS`
#
# Why: Debian's and Ubuntu's system Python is "externally managed" (PEP 668), so a bare
# `python3 -m pip install` is refused there; a venv is the supported way. A bare image may lack
# python3-venv (no ensurepip): as root (or with sudo) we install it with apt-get, else we say so
# (tests/tools/test_venv_sh.py runs these branches on a faked Debian).
# The install is redone only when pyproject.toml changes (a stamp in the venv remembers it).
set -eu
cd "$(dirname "$0")/.."

what="${1:-}"
case "$what" in
  app) extra=""; shift ;;
  test) extra="[test]"; shift ;;
  *) echo "usage: sh tools/venv.sh app|test [ARGS...]" >&2; exit 2 ;;
esac

PY="${PYTHON:-python3}"
VENV="${BATTLEMAT_VENV:-.venv}"

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"
  elif command -v sudo >/dev/null 2>&1; then sudo "$@"
  else return 1
  fi
}

if [ ! -x "$VENV/bin/python" ]; then
  if ! "$PY" -c "import ensurepip, venv" >/dev/null 2>&1; then
    # Debian splits venv/ensurepip out of the interpreter: python3-venv brings them back
    ver="$("$PY" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
    echo "tools/venv.sh: $PY has no ensurepip; installing python$ver-venv with apt-get" >&2
    if ! { as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq \
           && as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
              "python$ver-venv" >/dev/null; }; then
      echo "tools/venv.sh: cannot install python$ver-venv (need root or sudo):" \
           "run 'sudo apt-get install python3-venv' and try again" >&2
      exit 1
    fi
  fi
  rm -rf "$VENV"
  if ! "$PY" -m venv "$VENV"; then
    rm -rf "$VENV"  # a half-made venv would only fail later, less clearly
    echo "tools/venv.sh: $PY -m venv $VENV failed (above); on Debian or Ubuntu run" \
         "'sudo apt-get install python3-venv' and try again" >&2
    exit 1
  fi
fi

stamp="$VENV/.battlemat-installed"
sum="$(cksum pyproject.toml | cut -d' ' -f1)"
# the test install holds the app's too; a changed pyproject.toml makes every line stale
if ! grep -qxF "$sum$extra" "$stamp" 2>/dev/null && ! grep -qxF "$sum[test]" "$stamp" 2>/dev/null
then
  "$VENV/bin/python" -m pip install -q --disable-pip-version-check -e ".$extra"
  echo "$sum$extra" >>"$stamp"
fi

if [ "$what" = app ]; then
  exec "$VENV/bin/python" -m game "$@"
fi
exec "$VENV/bin/python" -m pytest "$@"
