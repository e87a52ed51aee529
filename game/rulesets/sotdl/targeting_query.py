"""The targeting query the UI calls on every hover (Seed SotDL: Making Attacks, Cover &
Obscurement): legal or why not, distance and range band, cover and obscurement with their lines,
every boon and bane with its reason, and the target number. Registered as the ruleset query
``targeting`` by targeting.register; the attack roll collects the very same modifiers.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from game.rules.engine import EncounterState, RollContext, Ruleset, Violation
from game.rules.geometry.cover import Cover
from game.rules.geometry.obscurement import Obscured
from game.rules.geometry.ranges import range_band
from game.rules.modifiers import Modifier, net_boons
from game.rulesets.sotdl.commands import Charge
from game.rulesets.sotdl.stunts import charge_attack
from game.rulesets.sotdl.targeting import (
    cover_applies,
    cover_words,
    creature_cover,
    creature_obscurement,
    distance_yd,
    range_check,
)


@dataclass(frozen=True)
class Targeting:
    """Everything the GM reads when hovering a target: legality, geometry, every boon and bane."""

    attacker: str
    target: str
    action: str
    option: str
    legal: bool
    violations: tuple[Violation, ...]
    distance_yd: float
    band: str  # reach, lunging reach, within range, distant shot, within, out of range, ""
    range_reason: str
    cover: Cover | None
    cover_applies: bool
    obscured: Obscured | None
    modifiers: tuple[Modifier, ...]
    net_boons: int
    target_number: int
    target_attribute: str
    roll: RollContext | None = None
    cover_text: str = ""  # the cover in words, naming what gives it
    range_name: str = ""  # the named range the distance falls in: short, medium, long, extreme

    def lines(self) -> list[str]:
        """What the UI's panel prints, one fact a line."""
        out = [
            "legal" if self.legal else "not legal: " + "; ".join(v.reason for v in self.violations)
        ]
        yd = f"{self.distance_yd:g} yard" + ("" if self.distance_yd == 1 else "s")
        where = self.range_reason or f"{yd} away"
        out.append(where + (f" ({self.range_name} range)" if self.range_name else ""))
        if self.cover is not None:
            out.append(
                f"cover: {self.cover_text or self.cover.describe()}"
                + ("" if self.cover_applies or self.cover.level == 0 else " (no bane: not ranged)")
            )
        if self.obscured is not None:
            out.append(f"sight: {self.obscured.reason}")
        out += [m.describe() for m in self.modifiers]
        n = abs(self.net_boons)
        word = ("boon" if self.net_boons >= 0 else "bane") + ("" if n == 1 else "s")
        out.append(f"net: {n} {word}; target number {self.target_number} ({self.target_attribute})")
        return out


def _command(rs: Ruleset, action: str, **kw: Any) -> Any:
    """Build the action's command from keyword arguments it knows (the others are dropped).

    ``attacker`` fills a ``creature`` field (find, help, mounted_attack name the actor so).
    """
    cls = rs.command_names.get(action)
    if cls is None:
        raise KeyError(f"unknown action {action!r}")
    names = {f.name for f in fields(cls)}
    if "attacker" not in names and "creature" in names:
        kw["creature"] = kw.pop("attacker", None)
    return cls(**{k: v for k, v in kw.items() if k in names and v is not None})


def _preview_state(state: EncounterState, cmd: Any) -> EncounterState:
    """The state the roll will see: a joint mounted attack marks rider and mount as attacking
    together (the mounts plug-in's bane reads that), as its resolution will."""
    from game.rulesets.sotdl.mounts import MountedAttack
    from game.rulesets.sotdl.movement.facts import mount_of

    if isinstance(cmd, MountedAttack) and cmd.target and cmd.mount_target:
        mount = mount_of(state, cmd.creature)
        for cid in (cmd.creature, mount):
            if cid in state.creatures:
                c = state.creatures[cid]
                state = state.with_creature(c.with_data(both_attacking=True))
    return state


def _where_made(state: EncounterState, rs: Ruleset, cmd: Any) -> tuple[EncounterState, Any]:
    """A charge's attack and the state it is made in (Seed SotDL: Charge: move, then attack):
    every boon and bane, the range, cover and obscurement are judged from the square the
    charge's ``path`` takes it to, as resolution meets them; any other command, as it is."""
    if not isinstance(cmd, Charge) or cmd.attacker not in state.creatures \
            or cmd.target not in state.creatures:
        return state, cmd
    there, att, _ = charge_attack(state, rs, cmd)
    return there, att


def roll_for(state: EncounterState, rs: Ruleset, cmd: Any) -> RollContext | None:
    """The RollContext the action will roll with (the engine's own builders), or None."""
    from game.rulesets.sotdl import attacks, stunts
    from game.rulesets.sotdl.commands import Attack, TwoWeaponAttack

    try:
        if isinstance(cmd, Attack):
            return attacks._v_weapon_attack(state, cmd, rs, cmd.part_of)[1]
        if isinstance(cmd, TwoWeaponAttack):
            _, main, _ = attacks._two(state, rs, cmd)
            if main is None:
                return None
            n = -3 if cmd.second_target else -2
            tm = Modifier(
                "two-weapon attack" + (", two targets" if cmd.second_target else ""),
                boons=n,
                source="two_weapons",
            )
            return attacks.weapon_roll(state, rs, cmd.attacker, cmd.target, main, "", extra=(tm,))
        if isinstance(cmd, stunts.Stunt.__args__):  # type: ignore[attr-defined]
            return stunts.stunt_roll(state, rs, cmd)
        name = type(cmd).__name__
        if name == "MountedAttack":
            from game.rulesets.sotdl.movement.facts import mount_of

            who, tgt, w = (
                (cmd.creature, cmd.target, cmd.weapon)
                if cmd.target
                else (mount_of(state, cmd.creature), cmd.mount_target, cmd.mount_weapon)
            )
            att = Attack(who, tgt, w, part_of="charge")
            return attacks._v_weapon_attack(state, att, rs, "charge")[1]
        if name == "Find" and cmd.target:
            return RollContext(cmd.creature, "attack", "perception", cmd.target, "agility",
                               "find", tags=frozenset({"no_range_check"}))
        if name == "Help":
            r = int(rs.param("help_range_yd", 5))
            return RollContext(cmd.creature, "challenge", "intellect", cmd.target, "", "help",
                               tags=frozenset({f"range:{r}", "named_range"}))
    except (KeyError, TypeError, AttributeError, ImportError):
        return None
    return None


def targeting(
    state: EncounterState,
    rs: Ruleset,
    attacker: str,
    target: str,
    action: str = "attack",
    option: str = "",
    weapon: str = "",
    **extra: Any,
) -> Targeting:
    """Query 'targeting': is this attack legal, at what range, behind what cover, with which boons
    and banes and why, against what number (Seed SotDL: Making Attacks, Cover & Obscurement).

    ``extra`` goes to the action's command (``thrown=True``, ``guess=(x, y)``, ``object=``,
    ``second_target=``, ``part_of=``; a charge's ``path``, ``attack_after``, ``attack``: judged
    from where the attack is made). Pure: changes nothing.
    """
    from game.rulesets.sotdl.common import target_number

    cmd = _command(
        rs, action, attacker=attacker, target=target, option=option, weapon=weapon, **extra
    )
    act = rs.action_for(cmd)
    violations = (
        tuple(act.validate(state, cmd, rs))
        if act
        else (Violation(f"unknown action {action}", "unknown"),)
    )
    try:
        state = _preview_state(state, cmd)
    except ImportError:  # no mounts plug-in
        pass
    state, cmd = _where_made(state, rs, cmd)
    roll = roll_for(state, rs, cmd)
    if roll is None:
        roll = RollContext(
            attacker,
            "attack",
            target=target,
            target_attribute="defense",
            action=action,
            option=option,
        )
    chk = range_check(state, rs, roll)
    dist = chk.distance_yd if chk else distance_yd(state, rs, attacker, target)
    cov = creature_cover(state, rs, attacker, target)
    obs = creature_obscurement(state, rs, attacker, target)
    mods = rs.collect_modifiers(state, roll)
    try:
        if roll.kind == "challenge":
            tn = int(rs.param("challenge_target", 10))
        else:
            tn = target_number(state, rs, target, roll.target_attribute or "defense")
    except (AttributeError, KeyError):
        tn = 0
    return Targeting(
        attacker=attacker,
        target=target,
        action=action,
        option=roll.option or option,
        legal=not violations,
        violations=violations,
        distance_yd=dist,
        band=chk.band if chk else "",
        range_reason=chk.reason if chk else "",
        cover=cov,
        cover_applies=cover_applies(roll),
        obscured=obs,
        modifiers=mods,
        net_boons=net_boons(mods),
        target_number=tn,
        target_attribute=roll.target_attribute
        or ("challenge" if roll.kind == "challenge" else "defense"),
        roll=roll,
        cover_text=cover_words(state.battlefield, cov),
        range_name=range_band(dist, rs.definition.named_ranges_yd),
    )
