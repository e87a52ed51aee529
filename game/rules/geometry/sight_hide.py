"""Whether a creature is concealed from each observer: the geometry of Hide and of staying hidden.

Seed SotDL: Hide ("when you are not being observed and when you are in a heavily obscured area
or have three-quarters cover or better from an object"; "you remain hidden until the conditions
that let you hide no longer apply ... if someone moves to a position where the wall no longer
covers you").

Battlemat's reading (documented in docs/rules/sotdl.md): a creature is *concealed* from an
observer when, from that observer, it is heavily (or totally) obscured (obscurement.py: zones
along the line and at it, light on it) or has three-quarters or total cover (cover.py). It may
hide when it is concealed from every observer the engine names (hostile creatures that can
see: the engine decides who counts), which is also what "not being observed" means in
geometry. It stays hidden from an observer as long as it stays concealed from that observer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from game.rules.battlefield import Battlefield, Obscurement
from game.rules.body import Body
from game.rules.geometry.cover import PRONE_FACTOR, Cover, CoverLevel, cover_between
from game.rules.geometry.obscurement import Obscured, obscurement_between
from game.rules.geometry.sight import SightIndex


@dataclass(frozen=True)
class Concealment:
    """How well a creature is concealed from one observer, with the geometry that says so."""

    observer: str
    concealed: bool
    cover: Cover | None  # None: not measured, the obscurement alone conceals
    obscured: Obscured
    reason: str


@dataclass(frozen=True)
class HideCheck:
    """Whether a creature may hide now: concealed from every observer (and from whom it is not)."""

    can_hide: bool
    per_observer: tuple[Concealment, ...]

    @property
    def seen_by(self) -> tuple[str, ...]:
        """Observers the creature is not concealed from."""
        return tuple(c.observer for c in self.per_observer if not c.concealed)

    def reason(self) -> str:
        """'concealed from every observer' or 'seen by warg (no cover, not obscured)'."""
        if self.can_hide:
            return "concealed from every observer"
        seen = [c for c in self.per_observer if not c.concealed]
        return "seen by " + ", ".join(f"{c.observer} ({c.reason})" for c in seen)


def concealment(
    bf: Battlefield,
    index: SightIndex,
    *,
    hider: Body,
    observer: Body,
    observer_id: str = "",
    hider_prone: bool = False,
    observer_prone: bool = False,
    light: Mapping[str, str] | None = None,
    hider_invisible: bool = False,
    prone_factor: float = PRONE_FACTOR,
) -> Concealment:
    """Is the hider heavily obscured or 3/4 covered from this observer? (Seed SotDL: Hide)

    >>> from game.rules.ascii_grid import parse_ascii
    >>> bf = parse_ascii('.....\\n..#..\\n....f')
    >>> idx = SightIndex.build(bf)
    >>> concealment(bf, idx, hider=Body((3, 1)), observer=Body((0, 1))).reason
    'total cover'
    >>> concealment(bf, idx, hider=Body((4, 2)), observer=Body((0, 2))).reason
    'heavily obscured: obscuring zone at (4, 2)'
    >>> concealment(bf, idx, hider=Body((4, 0)), observer=Body((0, 0))).concealed
    False
    """
    cov = cover_between(
        index,
        attacker=observer,
        target=hider,
        attacker_prone=observer_prone,
        target_prone=hider_prone,
        prone_factor=prone_factor,
    )
    obs = obscurement_between(
        bf, attacker=observer, target=hider, light=light, target_invisible=hider_invisible
    )
    return judge(cov, obs, observer_id)


def judge(cov: Cover | None, obs: Obscured, observer_id: str = "") -> Concealment:
    """Concealed when heavily obscured or three-quarters covered (Seed SotDL: Hide); why in words.

    ``cov`` may be None when the obscurement alone decides (the hider stands in thick fog).
    """
    level = cov.level if cov is not None else CoverLevel.NONE
    covered = level >= CoverLevel.THREE_QUARTERS
    dark = obs.level >= Obscurement.HEAVY
    if covered and (not dark or level == CoverLevel.TOTAL):
        reason = level.label
    elif dark:
        reason = obs.reason
    else:
        reason = f"{level.label}, {obs.reason}"
    return Concealment(observer_id, covered or dark, cov, obs, reason)


def hide_check(
    bf: Battlefield,
    index: SightIndex,
    *,
    hider: Body,
    observers: Mapping[str, Body],
    hider_prone: bool = False,
    prone: Iterable[str] = (),
    light: Mapping[str, str] | None = None,
    hider_invisible: bool = False,
    prone_factor: float = PRONE_FACTOR,
) -> HideCheck:
    """May the hider hide from these observers now? (Seed SotDL: Hide; no observers: yes).

    >>> from game.rules.ascii_grid import parse_ascii
    >>> bf = parse_ascii('.....\\n..#..\\n.....')
    >>> idx = SightIndex.build(bf)
    >>> hide_check(bf, idx, hider=Body((3, 1)), observers={"warg": Body((0, 1))}).can_hide
    True
    >>> two = {"warg": Body((0, 1)), "orc": Body((4, 0))}
    >>> hide_check(bf, idx, hider=Body((3, 1)), observers=two).reason()
    'seen by orc (no cover, not obscured)'
    """
    lying = set(prone)
    per = tuple(
        concealment(
            bf,
            index,
            hider=hider,
            observer=body,
            observer_id=oid,
            hider_prone=hider_prone,
            observer_prone=oid in lying,
            light=light,
            hider_invisible=hider_invisible,
            prone_factor=prone_factor,
        )
        for oid, body in observers.items()
    )
    return HideCheck(all(c.concealed for c in per), per)


def still_hidden_from(
    bf: Battlefield,
    index: SightIndex,
    *,
    hider: Body,
    observers: Mapping[str, Body],
    hider_prone: bool = False,
    prone: Iterable[str] = (),
    light: Mapping[str, str] | None = None,
) -> dict[str, bool]:
    """For each observer it hides from: do the conditions still hold? (Seed SotDL: Hide)

    >>> from game.rules.ascii_grid import parse_ascii
    >>> bf = parse_ascii('.....\\n..#..\\n.....')
    >>> still_hidden_from(bf, SightIndex.build(bf), hider=Body((3, 1)),
    ...                   observers={"warg": Body((0, 1)), "orc": Body((4, 0))})
    {'warg': True, 'orc': False}
    """
    check = hide_check(
        bf,
        index,
        hider=hider,
        observers=observers,
        hider_prone=hider_prone,
        prone=prone,
        light=light,
    )
    return {c.observer: c.concealed for c in check.per_observer}
