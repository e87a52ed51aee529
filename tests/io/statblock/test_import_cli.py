"""`battlemat import-creature FILE.txt --out CREATURE.yaml` (issue 11)."""

from __future__ import annotations

import shutil
from pathlib import Path

from game.cli import main
from game.io.check import check_paths
from game.io.config import DEFAULT_CONFIG_DIR

DATA = Path(__file__).parent / "data"


def _config(tmp_path: Path) -> Path:
    """A config folder with the shipped weapons and rulesets and no creatures yet."""
    cfg = tmp_path / "config"
    shutil.copytree(DEFAULT_CONFIG_DIR / "rulesets", cfg / "rulesets")
    shutil.copy(DEFAULT_CONFIG_DIR / "weapons.yaml", cfg / "weapons.yaml")
    (cfg / "creatures").mkdir()
    return cfg


def test_import_writes_creatures_and_attacks_that_check_passes(tmp_path, capsys) -> None:
    cfg = _config(tmp_path)
    src = tmp_path / "blocks.txt"
    src.write_text("\n".join(p.read_text() for p in sorted((DATA / "sotdl").glob("*.txt"))))
    out = cfg / "creatures" / "imported.yaml"
    assert main(["import-creature", str(src), "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert f"wrote {out}" in said and f"wrote {cfg / 'weapons' / 'imported.yaml'}" in said
    assert "ash_wyrmling: Ash Wyrmling, Size 2, Speed 10, Defense 16, Health 45" in said
    assert check_paths([cfg], out=open("/dev/null", "w"), err=open("/dev/null", "w")) == 0


def test_import_refuses_to_overwrite_and_names_bad_lines(tmp_path, capsys) -> None:
    cfg = _config(tmp_path)
    out = cfg / "creatures" / "imp.yaml"
    out.write_text("creatures: {}\n")
    src = tmp_path / "imp.txt"
    src.write_text((DATA / "sotdl" / "thorn_imp.txt").read_text())
    assert main(["import-creature", str(src), "--out", str(out)]) == 2
    assert "imp.yaml: already exists" in capsys.readouterr().err
    assert out.read_text() == "creatures: {}\n"
    src.write_text(src.read_text().replace("Speed 12; flier", "Speed twelve"))
    assert main(["import-creature", str(src), "--out", str(cfg / "creatures" / "new.yaml")]) == 1
    err = capsys.readouterr().err
    assert f"error: {src}:7: cannot read 'Speed twelve'" in err and "nothing written" in err
    assert not (cfg / "creatures" / "new.yaml").exists()
