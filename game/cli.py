"""`battlemat` and its subcommands.

    battlemat                      open the GM window on the bundled demo encounter
    battlemat ENCOUNTER.yaml|MAP.tmx
    battlemat check PATH...        validate maps and config files, say what was understood
    battlemat run SCENARIO.yaml [--seed N]   play a scripted encounter, print events as JSON Lines
    battlemat render ENCOUNTER|MAP --out FILE.png [--overlay NAME ...] [--as-tiled] [--tile-px N]
    battlemat import-creature FILE.txt --out CREATURE.yaml   stat blocks -> a creature file
    battlemat export ENCOUNTER|JOURNAL [--out FILE.jsonl]   a fight's journal as JSON Lines
    battlemat run FIGHT.jsonl      play a fight's commands again with their recorded dice, check
                                   the events are the recorded ones, print them as JSON Lines
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from game.io.errors import InputError, InputErrors

PROJECT_ROOT = Path(__file__).resolve().parent.parent
DEMO_ENCOUNTER = PROJECT_ROOT / "config" / "encounters" / "demo.yaml"


def _fail(err: Exception) -> int:
    """Print an input error as one line per mistake, never a traceback."""
    for line in str(err).splitlines():
        print(f"error: {line}", file=sys.stderr)
    return 2


def cmd_check(paths: list[str]) -> int:
    """Validate maps (.tmx) and config files (.yaml), printing what was understood."""
    from game.io.check import check_paths

    return check_paths([Path(p) for p in paths], out=sys.stdout, err=sys.stderr)


def cmd_run(scenario: str, seed: int | None) -> int:
    """Play a scenario headless (or a fight's journal again, checking its events) and print
    its events as JSON Lines."""
    if Path(scenario).suffix.lower() == ".jsonl":
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        from game.ui.journal_export import run_journal

        return run_journal(Path(scenario), out=sys.stdout)
    from game.io.scenario import run_scenario_file

    return run_scenario_file(Path(scenario), seed=seed, out=sys.stdout)


def cmd_export(target: str, out: str | None) -> int:
    """Print (or write) a fight's journal as JSON Lines: the played commands, for reading,
    diffing and `battlemat run`."""
    from game.ui.journal_export import export_journal

    if out is None:
        return export_journal(Path(target), sys.stdout)
    import io

    buf = io.StringIO()
    rc = export_journal(Path(target), buf)
    try:
        Path(out).write_text(buf.getvalue(), encoding="utf-8")
    except OSError as err:
        raise InputError(out, None, f"cannot write: {err.strerror or err}") from None
    print(f"wrote {out}")
    return rc


def cmd_render(
    target: str, out: str, overlays: list[str], as_tiled: bool = False, tile_px: int = 0
) -> int:
    """Render an encounter or map to a PNG, headless."""
    from game.ui.render_file import render_to_file

    render_to_file(Path(target), Path(out), overlays=overlays, as_tiled=as_tiled, tile_px=tile_px)
    print(f"wrote {out}")
    return 0


def cmd_open(target: str | None, *, summary_only: bool = False) -> int:
    """Open the GM window on an encounter or map (the demo when none is named)."""
    path = Path(target) if target else DEMO_ENCOUNTER
    if summary_only:
        from game.io.check import summarize_encounter

        print(summarize_encounter(path))
        return 0
    from game.ui.app import run_app

    return run_app(path)


def cmd_import_creature(source: str, out: str, weapons_out: str | None) -> int:
    """Read stat blocks from a text file and write them as a creatures file (docs/config.md)."""
    from game.io.statblock.files import import_file

    return import_file(Path(source), Path(out), Path(weapons_out) if weapons_out else None,
                       stdout=sys.stdout, stderr=sys.stderr)


def build_parser() -> argparse.ArgumentParser:
    """The command line: a subcommand, or a file to open."""
    p = argparse.ArgumentParser(prog="battlemat", description="Tactical combat for GMs.")
    sub = p.add_subparsers(dest="command")
    c = sub.add_parser("check", help="validate maps and config files")
    c.add_argument("paths", nargs="+")
    r = sub.add_parser("run", help="play a scripted scenario or check a fight's journal (.jsonl), "
                       "print events as JSON Lines")
    r.add_argument("scenario")
    r.add_argument("--seed", type=int, default=None)
    rn = sub.add_parser("render", help="render an encounter or map to a PNG")
    rn.add_argument("target")
    rn.add_argument("--out", required=True)
    rn.add_argument("--overlay", action="append", default=[])
    rn.add_argument(
        "--as-tiled", action="store_true", help="only what Tiled draws (as tmxrasterizer does)"
    )
    rn.add_argument("--tile-px", type=int, default=0, help="pixels a tile (default: the map's)")
    ic = sub.add_parser("import-creature",
                        help="read SotDL stat blocks (or OSR creature lines) into a creature file")
    ic.add_argument("source")
    ic.add_argument("--out", required=True, help="the creatures file to write (.yaml)")
    ic.add_argument("--weapons-out", default=None,
                    help="where new attacks go (default: the config's weapons/ folder)")
    e = sub.add_parser("export", help="a fight's journal as JSON Lines (for run, diff)")
    e.add_argument("target", help="an encounter or map (its journal), or a journal file")
    e.add_argument("--out", default=None)
    o = sub.add_parser("open", help="open an encounter or map in the GM window")
    o.add_argument("target", nargs="?")
    o.add_argument("--summary", action="store_true", help="print a summary, open no window")
    return p


def main(argv: list[str] | None = None) -> int:
    """Entry point of `battlemat` and `python -m game`."""
    args_in = list(sys.argv[1:] if argv is None else argv)
    # `battlemat FILE` is `battlemat open FILE`
    if args_in and not args_in[0].startswith("-") and args_in[0] not in {
        "check", "run", "render", "open", "import-creature", "export"
    }:
        args_in.insert(0, "open")
    if not args_in:
        args_in = ["open"]
    args = build_parser().parse_args(args_in)
    try:
        if args.command == "check":
            return cmd_check(args.paths)
        if args.command == "run":
            return cmd_run(args.scenario, args.seed)
        if args.command == "import-creature":
            return cmd_import_creature(args.source, args.out, args.weapons_out)
        if args.command == "render":
            return cmd_render(args.target, args.out, args.overlay, args.as_tiled, args.tile_px)
        if args.command == "export":
            return cmd_export(args.target, args.out)
        return cmd_open(args.target, summary_only=args.summary)
    except (InputError, InputErrors) as err:
        return _fail(err)
    except BrokenPipeError:
        # the reader went away (`battlemat check ... | head`): stop quietly, no traceback
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
