"""Whether an action is legal now for the selected creature, or the first reason it is not:
what greys a button on the action bar and lets a tool open (the engine's validate decides).
"""

from __future__ import annotations

from game.ui import declare
from game.ui.command_kinds import (
    ACTOR_FIELDS,
    DISTANCE_CODES,
    fields_of,
    make,
    moves_first,
    required_fields,
    side_field,
    target_field,
    target_optional,
    target_value,
)
from game.ui.context import FightView

NEAREST_TARGETS = 8


def legality(fight: FightView, selected: str, cmd_type: type, kind: str) -> tuple[bool, str]:
    """Legal now (for some target or path), or the first reason it is not."""
    assert fight.engine is not None
    st = fight.engine.state
    if kind == "formation":
        return formation_legality(fight, selected, cmd_type)
    if kind == "declare":
        return declare.legality(fight, selected, cmd_type)
    if kind in ("global", "global_typed"):
        vs = fight.validate(cmd_type())
        return (not vs, vs[0].reason if vs else "")
    if kind == "side":
        return side_legality(fight, selected, cmd_type)
    if kind == "formation_now":
        f = fight.formation_of(selected)
        if f is None:
            return False, "not in a formation"
        vs = fight.validate(cmd_type(formation=f.key))
        return (not vs, vs[0].reason if vs else "")
    if kind == "target_typed" and required_fields(cmd_type) <= set(ACTOR_FIELDS):
        vs = fight.validate(make(cmd_type, selected))  # every value optional: legal now?
        return (not vs, vs[0].reason if vs else "")
    if kind == "square" and "square" not in required_fields(cmd_type):
        vs = fight.validate(make(cmd_type, selected))  # a rider dismounting: legal now?
        return (not vs, vs[0].reason if vs else "")
    if kind in ("typed", "target_typed", "square", "area", "members"):
        return True, ""  # the typed values decide: the engine checks them when they are given
    if kind == "now":
        vs = fight.validate(make(cmd_type, selected))
        return (not vs, vs[0].reason if vs else "")
    if kind == "path":
        vs = fight.validate(make(cmd_type, selected, path=()))
        vs = [
            v
            for v in vs
            if "path" not in (v.code + v.reason).lower() and "square" not in v.reason.lower()
        ]
        return (not vs, vs[0].reason if vs else "")
    if target_optional(cmd_type):  # legal with no target (Find's Perception challenge)?
        vs = fight.validate(make(cmd_type, selected))
        if not vs:
            return True, ""
    first = ""
    # The nearest few creatures answer "legal for some target" (a 100-creature field stays fast)
    me = st.creatures[selected].square
    others = sorted(
        (c for c in st.creatures.values() if c.id != selected and c.in_fight),
        key=lambda c: max(abs(c.square[0] - me[0]), abs(c.square[1] - me[1])),
    )[:NEAREST_TARGETS]
    for c in others:
        vs = fight.validate(make(cmd_type, selected, **target_value(cmd_type, c.id)))
        if moves_first(cmd_type):  # a charge: out of reach from here is what its path is for
            vs = [v for v in vs if v.code not in DISTANCE_CODES and "path" not in v.code]
        if vs and "guess" in fields_of(cmd_type):  # a hidden creature: attacked at a guess
            guessed = make(cmd_type, selected, **target_value(cmd_type, c.id), guess=c.square)
            if not fight.validate(guessed):
                vs = []  # else the plain attack's reason stands (out of reach, not "no guess")
        if not vs:
            return True, ""
        # Why not for the nearest foe (an attack), or the nearest creature at all (a mount)
        if not first and (st.hostile(selected, c.id) or target_field(cmd_type) != "target"):
            first = f"{c.name}: {vs[0].reason}"
    return False, first or "no creature it could target"


def formation_legality(fight: FightView, selected: str, cmd_type: type) -> tuple[bool, str]:
    """A block command: legal when the selected creature stands in a formation that may act."""
    f = fight.formation_of(selected)
    if f is None:
        return False, "not in a formation"
    req = required_fields(cmd_type) - {"formation"}
    kw = {"path": ()} if "path" in req else {"facing": f.facing or "N"}
    vs = [
        v
        for v in fight.validate(cmd_type(formation=f.key, **kw))
        if not any(w in (v.code + v.reason).lower() for w in ("path", "square", "facing", "step"))
    ]
    return (not vs, vs[0].reason if vs else "")


def side_legality(fight: FightView, selected: str, cmd_type: type) -> tuple[bool, str]:
    """Legal for the selected creature's side (values typed later decide the rest)."""
    field = side_field(cmd_type)
    side = fight.side_of(selected)
    if not side:
        return False, "select a creature of the side"
    if required_fields(cmd_type) != {field}:
        return True, ""
    vs = fight.validate(cmd_type(**{field: side}))
    return (not vs, vs[0].reason if vs else "")
