"""The rules core stays pure: no pygame, pytmx, yaml or file I/O under game/rules, game/rulesets."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_MODULES = {"pygame", "pygame_gui", "pytmx", "yaml", "defusedxml", "os", "pathlib", "io"}
FORBIDDEN_CALLS = {"open"}


def _python_files(*parts: str) -> list[Path]:
    return sorted((ROOT.joinpath(*parts)).rglob("*.py"))


def test_rules_and_rulesets_import_no_ui_or_io() -> None:
    offenders = []
    for path in _python_files("game", "rules") + _python_files("game", "rulesets"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [(node.module or "").split(".")[0]]
            elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                names = [node.func.id] if node.func.id in FORBIDDEN_CALLS else []
            else:
                continue
            for name in names:
                if name in FORBIDDEN_MODULES or name in FORBIDDEN_CALLS:
                    offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: {name}")
    assert offenders == []


def test_rulesets_do_not_import_io_or_ui() -> None:
    offenders = []
    for path in _python_files("game", "rules") + _python_files("game", "rulesets"):
        text = path.read_text(encoding="utf-8")
        for bad in ("game.io", "game.ui", "game.cli"):
            if f"from {bad}" in text or f"import {bad}" in text:
                offenders.append(f"{path.relative_to(ROOT)}: {bad}")
    assert offenders == []
