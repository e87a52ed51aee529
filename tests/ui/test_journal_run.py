"""`battlemat export` and `battlemat run FIGHT.jsonl`: run plays every command again through the
rules with its recorded answers and dice, and stops at the first record whose events differ
(issue 14)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from game.cli import main
from game.rules.engine import AdvancePhase, GMNote
from game.rulesets.sotdl.commands import Attack
from game.ui.journal_export import export_journal, run_journal
from game.ui.session import Session
from tests.ui.gm import DEMO
from tests.ui.test_paused_command import _provoke


def _play(j: Path) -> Session:
    """Seeded dice, a question answered, dice typed in by hand, an undo and a redo."""
    s = Session.open(DEMO, journal_path=j)
    assert s.submit(AdvancePhase()) == ""
    assert s.submit(Attack("crossbowman", "warg")) == ""  # seeded dice
    s.manual_dice = True
    _provoke(s)  # the rogue's move: take the free attack? then its dice, typed in
    while s.engine.pending is not None:
        d = s.engine.pending
        s.answer([3] * d.count if d.kind == "dice" else d.options[0].id)
    s.manual_dice = False
    assert s.submit(GMNote("the rogue got away")) == ""
    s.undo()
    s.redo()
    return s


def _events(s: Session) -> list[dict[str, object]]:
    return [e.to_dict() for r in s.engine.history for e in r.events]


def _run(path: Path) -> tuple[int, list[str], str]:
    out, err = io.StringIO(), io.StringIO()
    code = run_journal(path, out, err)
    return code, out.getvalue().splitlines(), err.getvalue()


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, list[dict[str, object]]]:
    """A live journal, its export, and the events the window committed."""
    folder = tmp_path_factory.mktemp("fight")
    j = folder / "j.jsonl"
    s = _play(j)
    typed = [r.typed for r in s.engine.history]
    events = _events(s)
    s.close()
    assert any(typed), "the fight should have dice typed in by hand"
    exported = folder / "fight.jsonl"
    with open(exported, "w", encoding="utf-8") as f:
        assert export_journal(j, f) == 0
    return j, exported, events


def test_run_re_resolves_every_command_and_prints_the_recorded_events(
    played: tuple[Path, Path, list[dict[str, object]]],
) -> None:
    journal, exported, events = played
    for path in (journal, exported):  # the live journal (undo lines and all) and its export
        code, out, err = _run(path)
        assert (code, err) == (0, "")
        assert [json.loads(line) for line in out] == json.loads(json.dumps(events))


def _records(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, lines: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return path


def _dice_event(lines: list[dict[str, object]], typed: bool) -> tuple[int, int, int]:
    """(line, event, die) of the first die of that kind in the export's records."""
    for i, line in enumerate(lines):
        rec = line.get("record")
        if not isinstance(rec, dict):
            continue
        for k, ev in enumerate(rec["events"]):
            for d, die in enumerate(ev.get("dice") or ()):
                if isinstance(die, dict) and die.get("typed") is typed:
                    return i, k, d
    raise AssertionError("no such die")


@pytest.mark.parametrize("typed", [False, True], ids=["seeded-die", "typed-die"])
def test_a_journal_whose_dice_were_changed_stops_at_that_record(
    played: tuple[Path, Path, list[dict[str, object]]], tmp_path: Path, typed: bool
) -> None:
    lines = _records(played[1])
    i, k, d = _dice_event(lines, typed)
    die = lines[i]["record"]["events"][k]["dice"][d]  # type: ignore[index]
    die["value"] = die["value"] % die["sides"] + 1  # another face of the same die
    code, out, err = _run(_write(tmp_path / "tampered.jsonl", lines))
    assert code == 1 and err.count("\n") == 1
    assert err.startswith(f"error: {tmp_path / 'tampered.jsonl'}:record {i}: ")
    assert "re-resolved, event" in err and "dice: recorded" in err
    # every event before that record was printed, none after
    before = sum(len(x["record"]["events"]) for x in lines[1:i])  # type: ignore[index,arg-type]
    assert len(out) == before


def test_events_removed_added_or_a_command_changed_are_found(
    played: tuple[Path, Path, list[dict[str, object]]], tmp_path: Path
) -> None:
    lines = _records(played[1])
    note = next(i for i, x in enumerate(lines) if "GMNote" in json.dumps(x.get("record", "")))
    cases = {
        "dropped": lambda rec: rec["events"].pop(),
        "added": lambda rec: rec["events"].append(dict(rec["events"][-1])),
        "changed": lambda rec: rec["command"].update(text="something else"),
    }
    for name, change in cases.items():
        copy = json.loads(json.dumps(lines))
        change(copy[note]["record"])
        code, _, err = _run(_write(tmp_path / f"{name}.jsonl", copy))
        assert code == 1 and err.startswith(f"error: {tmp_path / name}.jsonl:record {note}: ")
        assert err.count("\n") == 1, err


def test_a_command_the_rules_refuse_now_is_one_line(
    played: tuple[Path, Path, list[dict[str, object]]], tmp_path: Path
) -> None:
    lines = _records(played[1])
    atk = next(i for i, x in enumerate(lines) if "Attack" in json.dumps(x.get("record", "")))
    lines[atk]["record"]["command"]["target"] = "crossbowman"  # type: ignore[index]
    code, _, err = _run(_write(tmp_path / "refused.jsonl", lines))
    assert code == 1 and f":record {atk}: Attack: " in err and err.count("\n") == 1


def test_the_command_line_says_one_line_and_exits_non_zero(
    played: tuple[Path, Path, list[dict[str, object]]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = _records(played[1])
    i, k, d = _dice_event(lines, False)
    lines[i]["record"]["events"][k]["dice"][d]["sides"] = 7  # type: ignore[index]
    bad = _write(tmp_path / "bad.jsonl", lines)
    assert main(["run", str(bad)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"bad.jsonl:record {i}" in err
    assert main(["run", str(played[1])]) == 0


def test_dice_typed_after_a_pause_are_re_used_at_the_same_roll() -> None:
    """Seeded dice, a question, then a die typed in: the journal keeps the typed values but not
    when they came; the events say which roll was typed, and re-running uses it there."""
    from game.io.saves import SavedRecord
    from game.rules.engine import Answer, CommandRecord, Engine, SeededDice
    from game.ui.journal_export import typed_gates
    from tests.rules.engine.toy import Poke, Poked, toy_ruleset, toy_state

    rs = toy_ruleset()

    def poke_twice(ctx, cmd):  # type: ignore[no-untyped-def]  # noqa: ANN001 - toy handler
        ctx.emit(Poked(cmd.creature, cmd.target, ctx.roll(20, 1, "first")))
        if ctx.ask("again", "poke again?", [("yes", "yes"), ("no", "no")]) == "yes":
            ctx.emit(Poked(cmd.creature, cmd.target, ctx.roll(20, 1, "second")))

    rs.register_action(Poke, lambda s, c, r: [], poke_twice)
    played = Engine(rs, toy_state(), SeededDice(5), strict=True)
    paused = played.submit(Poke("c0", "c1"))
    assert paused.pending is not None
    played.type_ahead([13])
    played.submit(Answer(paused.pending.id, "yes"))
    saved = SavedRecord.of(played.history[-1])
    assert typed_gates(saved) == [1]  # the typed 13 was the second roll

    def rerun(gates: list[int]) -> tuple[object, ...]:
        eng = Engine(rs, toy_state(), SeededDice(5), strict=True)
        rec = CommandRecord(saved.command, eng.state, list(saved.answers), list(saved.typed),
                            typed_gates=gates)
        return eng.rerun(rec).events

    assert rerun(typed_gates(saved)) == saved.events
    assert rerun([]) != saved.events  # without it the 13 would take the seeded first roll
