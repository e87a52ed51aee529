"""Seed OSR: Common modifiers and Cover, read from ASCII battlefields."""

from __future__ import annotations

from game.rules.ascii_grid import parse_ascii
from game.rules.body import Body
from game.rules.modifiers import net_flat
from game.rulesets.osr.fighters import Fighter
from game.rulesets.osr.modifiers import attack_factors
from game.rulesets.osr.params import OsrParams

P = OsrParams()


def f(
    name: str,
    side: str,
    x: int,
    y: int,
    *,
    elev: float = 0.0,
    cond: tuple[str, ...] = (),
    tags: tuple[str, ...] = (),
) -> Fighter:
    return Fighter(name, side, Body((x, y), elevation_yd=elev), frozenset(cond), frozenset(tags))


def reasons(fa) -> list[str]:
    return [m.reason for m in fa.modifiers]


FIELD = parse_ascii(
    """
    .......
    .......
    .......
    .......
    """
)


def test_flanking_needs_an_ally_on_the_far_side() -> None:
    a, t, ally = f("ann", "pc", 1, 1), f("orc", "gm", 2, 1), f("bo", "pc", 3, 1)
    fa = attack_factors(FIELD, a, t, [a, t, ally], P, ranged=False)
    assert net_flat(fa.modifiers) == 2
    assert reasons(fa) == ["flanking: bo on the far side of orc"]


def test_flanking_one_square_off_opposite_counts() -> None:
    a, t, ally = f("ann", "pc", 1, 1), f("orc", "gm", 2, 1), f("bo", "pc", 3, 2)
    assert net_flat(attack_factors(FIELD, a, t, [a, t, ally], P, ranged=False).modifiers) == 2


def test_ally_at_right_angle_does_not_flank() -> None:
    a, t, ally = f("ann", "pc", 1, 1), f("orc", "gm", 2, 1), f("bo", "pc", 2, 2)
    assert attack_factors(FIELD, a, t, [a, t, ally], P, ranged=False).modifiers == ()


def test_enemy_on_far_side_does_not_flank() -> None:
    a, t, other = f("ann", "pc", 1, 1), f("orc", "gm", 2, 1), f("gob", "gm", 3, 1)
    assert attack_factors(FIELD, a, t, [a, t, other], P, ranged=False).modifiers == ()


def test_high_ground_from_elevation() -> None:
    bf = parse_ascii(
        """
        2.
        ..
        """
    )
    a, t = f("ann", "pc", 0, 0, elev=2.0), f("orc", "gm", 1, 0)
    fa = attack_factors(bf, a, t, [a, t], P, ranged=False)
    assert net_flat(fa.modifiers) == 2 and "high ground" in reasons(fa)[0]
    fa_up = attack_factors(bf, t, a, [a, t], P, ranged=False)
    assert fa_up.modifiers == ()  # attacking uphill gives nothing


def test_poor_light_and_darkness() -> None:
    bf = parse_ascii(
        """
        .dD
        """
    )
    a = f("ann", "pc", 0, 0)
    dim, dark = f("orc", "gm", 1, 0), f("gob", "gm", 2, 0)
    fa = attack_factors(bf, a, dim, [a, dim], P, ranged=True)
    assert net_flat(fa.modifiers) == -2 and not fa.unseen
    fa = attack_factors(bf, a, dark, [a, dark], P, ranged=True)
    assert net_flat(fa.modifiers) == -4 and fa.unseen  # most opponents unseen in darkness


def test_darkvision_ignores_darkness() -> None:
    bf = parse_ascii(".D")
    a, t = f("elf", "pc", 0, 0, tags=("darkvision",)), f("gob", "gm", 1, 0)
    fa = attack_factors(bf, a, t, [a, t], P, ranged=False)
    assert fa.modifiers == () and not fa.unseen


def test_invisible_target_is_unseen() -> None:
    a, t = f("ann", "pc", 0, 0), f("ghost", "gm", 1, 0, cond=("invisible",))
    fa = attack_factors(FIELD, a, t, [a, t], P, ranged=False)
    assert fa.unseen and net_flat(fa.modifiers) == 0
    assert "odd rolls miss" in reasons(fa)[0]


def test_no_bows_in_melee() -> None:
    a, foe, t = f("ann", "pc", 0, 0), f("orc", "gm", 1, 0), f("gob", "gm", 5, 3)
    fa = attack_factors(FIELD, a, t, [a, foe, t], P, ranged=True, bow=True)
    assert not fa.legal and "bow in melee" in fa.violations[0]
    a2 = f("ann", "pc", 0, 3)
    assert attack_factors(FIELD, a2, t, [a2, foe, t], P, ranged=True, bow=True).legal


def test_prone_target_plus_two_and_dr_ignored() -> None:
    a, t = f("ann", "pc", 0, 0), f("orc", "gm", 1, 0, cond=("prone",))
    fa = attack_factors(FIELD, a, t, [a, t], P, ranged=False)
    assert net_flat(fa.modifiers) == 2 and fa.ignore_dr


def test_cover_from_sight_query_is_minus_two_for_ranged_only() -> None:
    a, t = f("ann", "pc", 0, 0), f("orc", "gm", 6, 0)
    fa = attack_factors(
        FIELD, a, t, [a, t], P, ranged=True, cover_level="half", cover_reason="low wall"
    )
    assert net_flat(fa.modifiers) == -2 and reasons(fa) == ["cover: low wall"]
    t2 = f("orc", "gm", 1, 0)
    fa = attack_factors(FIELD, a, t2, [a, t2], P, ranged=False, cover_level="half")
    assert fa.modifiers == ()


def test_total_cover_is_not_a_legal_target() -> None:
    a, t = f("ann", "pc", 0, 0), f("orc", "gm", 6, 0)
    assert not attack_factors(FIELD, a, t, [a, t], P, ranged=True, cover_level="total").legal


def test_shooting_past_an_ally_is_cover() -> None:
    a, ally, t = f("ann", "pc", 0, 1), f("bo", "pc", 3, 1), f("orc", "gm", 6, 1)
    fa = attack_factors(FIELD, a, t, [a, ally, t], P, ranged=True)
    assert net_flat(fa.modifiers) == -2 and reasons(fa) == ["cover: shooting past bo"]
    # cover from a wall and an ally in the way is still one -2
    fa = attack_factors(FIELD, a, t, [a, ally, t], P, ranged=True, cover_level="half")
    assert net_flat(fa.modifiers) == -2


def test_ranged_into_melee_names_the_melee_group() -> None:
    a, t, ally = f("ann", "pc", 0, 3), f("orc", "gm", 5, 1), f("bo", "pc", 5, 0)
    fa = attack_factors(FIELD, a, t, [a, t, ally], P, ranged=True)
    assert fa.melee_group == ("orc", "bo")


def test_the_melee_group_is_the_whole_brawl() -> None:
    """Seed OSR: a ranged natural 1 "into an ongoing melee" may hit anyone in it: the target's
    foes, and those fighting them in turn (a second goblin on bo), never the shooter."""
    a, t, bo = f("ann", "pc", 0, 3), f("orc", "gm", 5, 1), f("bo", "pc", 5, 0)
    gob, far = f("gob", "gm", 6, 0), f("rat", "gm", 9, 3)
    fa = attack_factors(FIELD, a, t, [a, t, bo, gob, far], P, ranged=True)
    assert fa.melee_group == ("orc", "bo", "gob")
