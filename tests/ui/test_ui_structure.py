"""The UI's own structure (issue 10): imports go one way, tools see only their context.

tools -> context -> collaborators (fight, previews, session's store) -> io/rules: no module of
game/ui imports another in a circle (TYPE_CHECKING imports aside), and no tool imports the
session, the fight, the previews or the window.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "game" / "ui"
#: What a tool may import of game/ui: its context and the plain values and readers below it
TOOL_MAY_IMPORT = {
    "game.ui.context",
    "game.ui.command_kinds",
    "game.ui.legality",
    "game.ui.routes",
    "game.ui.scene",
    "game.ui.players_see",  # the fog tool paints the table screen's fog (a view setting)
}


def _module(p: Path) -> str:
    parts = p.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(p: Path) -> set[str]:
    """game.ui modules imported at run time (not under ``if TYPE_CHECKING``)."""
    tree = ast.parse(p.read_text(encoding="utf-8"))
    typing_only = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            typing_only.update(id(n) for n in ast.walk(node))
    out = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("game.ui"):
            out.add(node.module)
            if node.module == "game.ui":  # from game.ui import intents
                out.update(f"game.ui.{a.name}" for a in node.names)
    return out


def _graph() -> dict[str, set[str]]:
    return {_module(p): _imports(p) for p in UI.rglob("*.py")}


def test_no_module_of_game_ui_imports_another_in_a_circle() -> None:
    graph = _graph()
    cycles = []

    def walk(node: str, path: list[str]) -> None:
        for nxt in sorted(graph.get(node, ())):
            if nxt in path:
                cycles.append(" -> ".join(path[path.index(nxt) :] + [nxt]))
            elif nxt not in done:
                walk(nxt, path + [nxt])
        done.add(node)

    done: set[str] = set()
    for start in sorted(graph):
        walk(start, [start])
    assert not cycles, cycles


def test_tools_import_only_their_context_and_the_plain_readers() -> None:
    graph = _graph()
    bad = {
        mod: sorted(
            m for m in deps if m not in TOOL_MAY_IMPORT and not m.startswith("game.ui.tools")
        )
        for mod, deps in graph.items()
        if mod.startswith("game.ui.tools")
    }
    assert not {k: v for k, v in bad.items() if v}


def test_no_untyped_session_is_passed_around() -> None:
    found = [
        f"{p.relative_to(ROOT)}:{i}"
        for p in UI.rglob("*.py")
        for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
        if "session: Any" in line or "session: object" in line
    ]
    assert not found
