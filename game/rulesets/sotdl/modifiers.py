"""SotDL modifier providers: afflictions and lasting effects on a roll (Seed SotDL: boons, banes).

Action-specific boons and banes (options, two weapons, worn objects, Size, prepared) are the
action's own ``RollContext.base``; cover, obscurement, range and hiding come from the sight
plug-in (an interim ``hidden`` provider is registered here until targeting.py replaces it).
"""
from __future__ import annotations

from collections.abc import Iterator

from game.rules.engine import Affliction, EncounterState, RollContext, Ruleset
from game.rules.modifiers import Modifier

#: (creature, affliction name, source) of one-use modifiers a roll consumes.
Consumed = tuple[str, str, str]


def _roller_mods(state: EncounterState, roll: RollContext, rs: Ruleset
                 ) -> Iterator[tuple[Modifier, Consumed | None]]:
    c = state.creatures[roll.roller]
    attack = roll.kind == "attack"
    for a in c.afflictions:
        n = a.name
        if n == "prone" and attack:
            yield Modifier("prone attacker", boons=-int(rs.param("prone_attack_banes", 1)),
                           source="affliction"), None
        elif n == "grabbed" and attack:
            yield Modifier("grabbed attacker", boons=-1, source="affliction"), None
        elif n == "charging" and roll.kind in ("attack", "challenge"):
            yield Modifier("charging", boons=-int(rs.param("charge_banes", 1)),
                           source="affliction"), None
        elif n == "distracted" and roll.kind in ("attack", "challenge"):
            yield (Modifier("distracted", boons=-2, source="effect"),
                   (c.id, n, a.source))
        elif n == "helped" and roll.kind in ("attack", "challenge"):
            yield Modifier("helped", boons=1, source="effect"), (c.id, n, a.source)
        elif (n == "feint" and attack and a.source == roll.target
              and roll.target_attribute in ("defense", "agility")):
            yield Modifier("feint", boons=2, source="effect"), (c.id, n, a.source)
        elif n == "defended" and roll.kind == "challenge" and roll.resisting:
            yield Modifier("defending", boons=1, source="affliction"), None
        elif n == "stunned" and roll.kind == "challenge":
            yield Modifier("stunned", boons=-1, source="affliction"), None
        elif n == "gm_adjust" and roll.kind in ("attack", "challenge"):
            yield (Modifier(str(a.get("reason", "the GM's ruling")), boons=int(a.get("boons", 0)),
                            source="gm"), (c.id, n, a.source))


def _target_mods(state: EncounterState, roll: RollContext, rs: Ruleset
                 ) -> Iterator[tuple[Modifier, Consumed | None]]:
    if roll.kind != "attack" or not roll.target or roll.target not in state.creatures:
        return
    t = state.creatures[roll.target]
    for a in t.afflictions:
        n = a.name
        if n == "defended":
            yield Modifier(f"{t.name} is defending", boons=-int(rs.param("defend_banes", 1)),
                           source="affliction"), None
        elif n == "guarded" and roll.target_attribute == "defense":
            yield (Modifier(f"{t.name}'s guarded attack", boons=-1, source="effect"),
                   (t.id, n, a.source))
        elif n == "prone":
            d = rs.hooks["distance_yd"](state, rs, roll.roller, roll.target)
            if d <= 1:
                yield Modifier(f"{t.name} is prone, attacker within 1 yard", boons=1,
                               source="affliction"), None
            else:
                yield Modifier(f"{t.name} is prone, attacker farther than 1 yard", boons=-1,
                               source="affliction"), None
        elif n in ("grabbed", "immobilized", "stunned", "unconscious"):
            yield Modifier(f"{t.name} is {n}", boons=1, source="affliction"), None


def affliction_modifiers(state: EncounterState, roll: RollContext, rs: Ruleset
                         ) -> list[Modifier]:
    """Provider 'afflictions': boons and banes from the roller's and the target's afflictions."""
    return [m for m, _ in _roller_mods(state, roll, rs)] + [
        m for m, _ in _target_mods(state, roll, rs)
    ]


def consumed_by(state: EncounterState, roll: RollContext, rs: Ruleset) -> list[Consumed]:
    """One-use afflictions this roll uses up (distracted, helped, feint, guarded)."""
    out = [x for _, x in _roller_mods(state, roll, rs) if x]
    out += [x for _, x in _target_mods(state, roll, rs) if x]
    return out


def hidden_modifiers(state: EncounterState, roll: RollContext, rs: Ruleset) -> list[Modifier]:
    """INTERIM provider 'hidden' (targeting.py replaces): hidden attacker 1 boon, guess 3 banes."""
    out: list[Modifier] = []
    if roll.kind != "attack":
        return out
    if state.creatures[roll.roller].has("hidden") and roll.target_attribute in ("defense",
                                                                                 "agility"):
        out.append(Modifier("attacker is hidden", boons=int(rs.param("hidden.attack_boons", 1)),
                            source="hidden"))
    if "guess" in roll.tags:
        out.append(Modifier("guessing a hidden target's location",
                            boons=-int(rs.param("hidden.guess_banes", 3)), source="hidden"))
    return out


def register(rs: Ruleset) -> None:
    """Register the SotDL providers."""
    rs.register_modifier_provider("afflictions", affliction_modifiers)
    rs.register_modifier_provider("hidden", hidden_modifiers)


def timed(name: str, source: str, expires_round: int | None, **data: object) -> Affliction:
    """An Affliction value with sorted extra facts."""
    return Affliction(name, source, expires_round, tuple(sorted(data.items())))
