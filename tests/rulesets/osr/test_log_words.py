"""Every OSR event reads as a line of the combat log (the window prints ``describe(names)``)."""

from __future__ import annotations

from game.rulesets.osr.events import __all__ as EVENT_NAMES
from tests.rulesets.osr.test_determinism import play


def test_every_osr_event_has_words_and_names_creatures() -> None:
    from game.rulesets.osr import events

    assert all(hasattr(getattr(events, n), "describe") for n in EVENT_NAMES)
    eng = play(5)
    names = {c.id: c.name.upper() for c in eng.state.creatures.values()}
    lines = [e.describe(names) for e in eng.log() if type(e).__name__.startswith("Osr")]
    assert lines and all(isinstance(t, str) and t for t in lines)
    attack = next(e for e in eng.log() if type(e).__name__ == "OsrAttackRolled")
    assert names[attack.attacker] in attack.describe(names)
