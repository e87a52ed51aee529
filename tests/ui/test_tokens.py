"""Tokens at the table (issue 10): readable at the fitted zoom of every shipped map on a laptop
and a TV, art from the map's placements, a health bar, affliction icons told apart at a glance
with their names on hover, and a rider and its mount both readable."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from game.rules.battlefield import Battlefield
from game.rulesets.osr.view import CONDITION_AFFLICTIONS
from game.rulesets.sotdl.gm import KNOWN_AFFLICTIONS
from game.ui.camera import Camera
from game.ui.panel_layout import Layout
from game.ui.players_see import for_players
from game.ui.render.afflictions import ICONS, icon
from game.ui.render.frame import RenderCaches, draw_frame
from game.ui.render.tokens import (
    ALONE,
    MOUNT,
    RIDER,
    TokenArt,
    draw_token_tooltip,
    geometry,
    token_under,
)
from game.ui.scene import Scene, TokenView
from game.ui.tools.base import token_at

ROOT = Path(__file__).resolve().parents[2]
SHIPPED_MAPS = sorted((ROOT / "maps").glob("*.tmx"))
LABEL = (15, 15, 15)  # the initials' colour
#: The afflictions of the published SotDL rules (the chapter is silent on the list)
SOTDL_BOOK = (
    "asleep",
    "blinded",
    "charmed",
    "compelled",
    "dazed",
    "deafened",
    "defenseless",
    "diseased",
    "fatigued",
    "frightened",
    "grabbed",
    "immobilized",
    "impaired",
    "poisoned",
    "prone",
    "slowed",
    "stunned",
    "surprised",
    "unconscious",
    "weakened",
)
SYNONYMS = {frozenset({"acid", "in_acid"})}  # the same thing, the same icon


def _label_box(
    surf: pygame.Surface, space: int, z: int, role: str, icons: bool = True
) -> pygame.Rect | None:
    """The bounding box of the initials (dark pixels inside the disc, above its health bar)."""
    g = geometry(space, z, role, icons)
    c, r = g.centre, g.disc_r
    bar_h = max(4, r // 4)
    bar_top = min(c + r - bar_h - max(1, r // 8), c + space * z // 2 - bar_h - 1)
    pts = [
        (x, y)
        for x in range(surf.get_width())
        for y in range(surf.get_height())
        if (x - c) ** 2 + (y - c) ** 2 < (0.85 * r) ** 2
        and y < bar_top - 1
        and max(tuple(surf.get_at((x, y)))[:3]) < 90
    ]
    if not pts:
        return None
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)


def _fitted_zoom(map_path: Path, size: tuple[int, int]) -> int:
    from game.io.tiled import load_battlefield

    bf = load_battlefield(map_path)
    v = Layout.for_window(*size, 1.0).view
    cam = Camera(v.width, v.height, view_x_px=v.x, view_y_px=v.y)
    cam.fit(bf.width, bf.height)
    return cam.px_per_yd


@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
@pytest.mark.parametrize("map_path", SHIPPED_MAPS, ids=lambda p: p.stem)
def test_tokens_read_at_the_fitted_zoom_of_every_shipped_map(map_path: Path, size) -> None:
    z = _fitted_zoom(map_path, size)
    art = TokenArt()
    for role, space in ((ALONE, 1), (MOUNT, 2), (RIDER, 1)):
        tok = TokenView(
            "w", "Wide Wolf", (0, 0), space, damage=3, health=10, afflictions=("prone",)
        )
        surf = art.surface(tok, z, role=role)
        g = geometry(space, z, role)
        box = _label_box(surf, space, z, role)
        assert box is not None, role
        assert box.height >= 8, (z, role, box)  # a capital letter a GM reads across the table
        c = g.centre
        corners = [(box.left, box.top), (box.right, box.top), (box.left, box.bottom)]
        outside = [(x, y) for x, y in corners if (x - c) ** 2 + (y - c) ** 2 > g.disc_r**2]
        assert not outside, (z, role, box, g)
        assert g.icon_px >= 10
        assert any(  # the health bar: green left, red lost
            tuple(surf.get_at((x, y)))[:3] == (215, 30, 30)
            for x in range(surf.get_width())
            for y in range(surf.get_height())
        )


def test_every_affliction_of_both_rulesets_has_its_own_icon() -> None:
    names = set(KNOWN_AFFLICTIONS) | set(CONDITION_AFFLICTIONS) | set(SOTDL_BOOK)
    assert names <= set(ICONS), sorted(names - set(ICONS))
    size = 16
    pictures = {n: pygame.image.tobytes(icon(n, size), "RGBA") for n in ICONS}
    shapes = {}
    for n in ICONS:  # the pictogram alone (white pixels), so two colours of one shape count once
        s = icon(n, size)
        shapes[n] = {
            (x, y) for x in range(size) for y in range(size) if min(s.get_at((x, y))[:3]) > 200
        }
    names_sorted = sorted(ICONS)
    for i, a in enumerate(names_sorted):
        for b in names_sorted[i + 1 :]:
            if frozenset({a, b}) in SYNONYMS:
                continue
            assert pictures[a] != pictures[b], (a, b)
            differ = len(shapes[a] ^ shapes[b])
            assert differ >= 6 or ICONS[a][0] != ICONS[b][0], (a, b)


def test_a_rider_and_its_mount_both_read_at_the_fitted_zoom() -> None:
    z = 16  # the demo map's fit at 1366x768
    bf = Battlefield.blank(6, 6)
    horse = TokenView("h", "Warhorse", (1, 1), space=2, controller="players")
    knight = TokenView("k", "Knight", (1, 1), controller="players", mount_key="h")
    cam = Camera(6 * z, 6 * z, px_per_yd=z)
    caches = RenderCaches.for_battlefield(bf)
    alone = pygame.Surface((6 * z, 6 * z))
    draw_frame(alone, cam, Scene(bf, (horse,), overlays=frozenset()), caches)
    both = pygame.Surface((6 * z, 6 * z))
    draw_frame(both, cam, Scene(bf, (horse, knight), overlays=frozenset()), caches)
    # The mount's initials as drawn under a rider (moved aside for it) stay uncovered
    mount_pic = caches.art.surface(horse, z, role=MOUNT)
    box = _label_box(mount_pic, 2, z, MOUNT, icons=False)
    assert box is not None
    half = mount_pic.get_width() / 2
    cx, cy = cam.square_center_px((1, 1), 2)
    ox, oy = round(cx - half), round(cy - half)
    label_px = [
        (ox + x, oy + y)
        for x in range(box.left, box.right)
        for y in range(box.top, box.bottom)
        if tuple(mount_pic.get_at((x, y)))[:3] == LABEL
    ]
    seen = sum(tuple(both.get_at(p))[:3] == LABEL for p in label_px)
    assert seen >= 0.9 * len(label_px)
    # ... and the rider's initials are all drawn, over the mount
    rider_pic = caches.art.surface(knight, z, role=RIDER)
    assert _label_box(rider_pic, 1, z, RIDER, icons=False) is not None
    scene = Scene(bf, (horse, knight))
    rx, ry = cam.square_rect_px((1, 1))[:2]
    assert token_under(cam, scene, rx + 4, ry + 4) == knight
    assert token_under(cam, scene, *cam.square_center_px((2, 2))) == horse


def test_clicking_a_mount_selects_it_and_its_corner_the_rider() -> None:
    horse = TokenView("h", "Warhorse", (1, 1), space=2)
    knight = TokenView("k", "Knight", (1, 1), mount_key="h")
    ctx = SimpleNamespace(fight=SimpleNamespace(tokens=lambda: (horse, knight)))
    assert token_at(ctx, (1, 1)) == "k"  # type: ignore[arg-type]
    assert {token_at(ctx, sq) for sq in ((2, 1), (1, 2), (2, 2))} == {"h"}  # type: ignore[arg-type]
    pony = TokenView("p", "Pony", (4, 4))
    imp = TokenView("i", "Imp", (4, 4), mount_key="p")
    ctx = SimpleNamespace(fight=SimpleNamespace(tokens=lambda: (pony, imp)))
    assert token_at(ctx, (4, 4)) == "i"  # type: ignore[arg-type]


def test_hovering_a_token_names_its_afflictions() -> None:
    bf = Battlefield.blank(8, 6)
    ogre = TokenView("o", "Ogre", (2, 2), space=2, afflictions=("prone", "frightened"))
    cam = Camera(8 * 32, 6 * 32, px_per_yd=32)
    scene = Scene(bf, (ogre,))
    at = cam.square_center_px((2, 2), 2)
    plain = pygame.Surface((8 * 32, 6 * 32))
    tip = plain.copy()
    draw_token_tooltip(tip, cam, scene, at)
    assert pygame.image.tobytes(tip, "RGB") != pygame.image.tobytes(plain, "RGB")
    away = plain.copy()
    draw_token_tooltip(away, cam, scene, (5, 5))  # no token there: nothing drawn
    assert pygame.image.tobytes(away, "RGB") == pygame.image.tobytes(plain, "RGB")


def test_the_table_shows_no_health_bar_for_foes_when_the_gm_says_none() -> None:
    foe = TokenView("o", "Ogre", (0, 0), controller="gm", damage=0, health=20)
    hero = TokenView("k", "Kara", (2, 0), controller="players", damage=0, health=20)
    shown = {t.key: t.show_health for t in for_players((foe, hero), "none")}
    assert shown == {"o": False, "k": True}
    art = TokenArt()
    with_bar = art.surface(foe, 32)
    without = art.surface(for_players((foe,), "none")[0], 32)
    greens = [
        sum(
            tuple(s.get_at((x, y)))[:3] == (70, 200, 80)
            for x in range(s.get_width())
            for y in range(s.get_height())
        )
        for s in (with_bar, without)
    ]
    assert greens[0] > 20 and greens[1] == 0


TSX = """<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="t" tilewidth="32" tileheight="32"
 tilecount="2" columns="2">
 <image source="tiles.png" width="64" height="32"/>
</tileset>
"""
TEMPLATE = """<?xml version="1.0" encoding="UTF-8"?>
<template>
 <tileset firstgid="1" source="t.tsx"/>
 <object name="Knight" type="creature" gid="2" width="32" height="32">
  <properties>
   <property name="creature" value="human_knight"/>
   <property name="side" value="party"/>
  </properties>
 </object>
</template>
"""
MAP = """<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down"
 width="6" height="4" tilewidth="32" tileheight="32" infinite="0" nextlayerid="3"
 nextobjectid="3">
 <tileset firstgid="1" source="t.tsx"/>
 <layer id="1" name="ground" width="6" height="4">
  <data encoding="csv">
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,1,
1,1,1,1,1,1
</data>
 </layer>
 <objectgroup id="2" name="creatures">
  <object id="1" template="knight.tx" x="32" y="64"/>
  <object id="2" name="Goblin" type="creature" x="128" y="32" width="32" height="32">
   <properties>
    <property name="creature" value="goblin"/>
    <property name="side" value="foes"/>
    <property name="token" type="file" value="backdrop.png"/>
   </properties>
   <ellipse/>
  </object>
 </objectgroup>
</map>
"""


def test_art_from_the_map_a_template_tile_and_a_token_file(tmp_path: Path) -> None:
    from game.ui.session import Session

    data = Path(__file__).parent / "data"
    for name in ("tiles.png", "backdrop.png"):
        shutil.copy(data / name, tmp_path / name)
    (tmp_path / "t.tsx").write_text(TSX)
    (tmp_path / "knight.tx").write_text(TEMPLATE)
    (tmp_path / "m.tmx").write_text(MAP)
    session = Session.open(tmp_path / "m.tmx", journal_path=tmp_path / "j.jsonl")
    try:
        toks = {t.name: t for t in session.fight.tokens()}
        knight = next(t for n, t in toks.items() if n.startswith("Knight"))
        goblin = next(t for n, t in toks.items() if n.startswith("Goblin"))
        assert knight.tile and not knight.image
        assert goblin.image.endswith("backdrop.png")
        art = TokenArt(tiles=session.tmx.tile_picture)
        for tok, rgb in ((knight, (0, 0, 255)), (goblin, (0, 255, 0))):
            pic = art.surface(tok, 40)
            c = pic.get_width() // 2
            r, g, b = tuple(pic.get_at((c, c)))[:3]  # the middle of the disc: the art
            assert (r > 150, g > 150, b > 150) == tuple(v > 150 for v in rgb), (tok.name, r, g, b)
        # the tile is the knight's token, not a picture painted on the map where it started
        bf = session.battlefield
        z = 32
        cam = Camera(bf.width * z, bf.height * z, px_per_yd=z)
        surf = pygame.Surface((bf.width * z, bf.height * z))
        draw_frame(
            surf,
            cam,
            Scene(bf, (), overlays=frozenset()),
            RenderCaches.for_battlefield(bf, session.tmx),
        )
        r, g, b = tuple(surf.get_at(cam.square_center_px(knight.square)))[:3]
        assert r > 150 and b < 100  # the red ground, no blue knight left behind
    finally:
        session.close()


def test_pictures_are_drawn_afresh_after_the_map_is_reloaded(tmp_path: Path) -> None:
    pic = tmp_path / "art.png"
    red = pygame.Surface((8, 8))
    red.fill((255, 0, 0))
    pygame.image.save(red, str(pic))
    art = TokenArt()
    tok = TokenView("k", "Knight", (0, 0), image=str(pic))

    def middle() -> tuple[int, ...]:
        s = art.surface(tok, 40)
        return tuple(s.get_at((s.get_width() // 2, s.get_height() // 2)))[:3]

    assert middle()[0] > 200
    blue = pygame.Surface((8, 8))
    blue.fill((0, 0, 255))
    pygame.image.save(blue, str(pic))
    assert middle()[0] > 200  # cached: one frame of 100 tokens is 100 blits
    art.forget()  # what the window does when the map's files were saved in Tiled
    assert middle()[2] > 200


def test_tokens_standing_close_keep_their_initials_at_the_fitted_zoom() -> None:
    """A rank of soldiers (OSR formations) at 16 px a yard: discs overlap by their rims, each
    token's initials and bar stay readable (words are drawn over every disc)."""
    z = 16
    bf = Battlefield.blank(10, 6)
    rank = tuple(
        TokenView(f"s{i}", f"Soldier {i}", (2 + i, 2), damage=1, health=5) for i in range(5)
    )
    behind = tuple(
        TokenView(f"r{i}", f"Raider {i}", (2 + i, 3), controller="players") for i in range(5)
    )
    toks = rank + behind
    cam = Camera(10 * z, 6 * z, px_per_yd=z)
    caches = RenderCaches.for_battlefield(bf)
    frame = pygame.Surface((10 * z, 6 * z))
    draw_frame(frame, cam, Scene(bf, toks, overlays=frozenset()), caches)
    for t in toks:
        _, words = caches.art.layers(t, z)
        half = words.get_width() // 2
        cx, cy = cam.square_center_px(t.square)
        mine = [
            (x, y)
            for x in range(words.get_width())
            for y in range(words.get_height())
            if words.get_at((x, y))[3] == 255
        ]
        assert mine
        kept = sum(
            frame.get_at((cx - half + x, cy - half + y))[:3] == words.get_at((x, y))[:3]
            for x, y in mine
        )
        # two letters of 15 px in a 16 px square: their antialiased edges may touch a neighbour's
        assert kept >= 0.85 * len(mine), t.name


def _scan_under(cam: Camera, scene: Scene, x: float, y: float) -> TokenView | None:
    """token_under as a plain scan of every token (the reference for the kept hit test)."""
    from game.ui.render.tokens import disc_px, placed

    tokens = scene.visible_tokens()
    by_key = {t.key: t for t in tokens}
    carried = {t.mount_key for t in tokens if t.mount_key in by_key}
    for t in sorted(tokens, key=lambda t: (t.mount_key in by_key, t.elevation_yd), reverse=True):
        mount = by_key.get(t.mount_key) if t.mount_key else None
        role = RIDER if mount is not None else MOUNT if t.key in carried else ALONE
        cx, cy = placed(cam, t, mount)
        r = disc_px(t.space, cam.px_per_yd, role) / 2
        if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
            return t
    return None


def test_token_under_is_the_scan_of_every_token_for_any_tokens_camera_and_pixel() -> None:
    """The hit test kept between hovers answers what a scan of every token does: overlapping
    discs, riders, flyers above, hidden tokens in the player view, after zooms and pans."""
    import random

    bf = Battlefield.blank(30, 30)
    rng = random.Random(12)
    for _ in range(40):
        tokens: list[TokenView] = []
        for i in range(rng.randrange(1, 25)):
            mount = tokens[rng.randrange(len(tokens))].key if tokens and rng.random() < 0.2 \
                else ""
            tokens.append(TokenView(f"t{i}", f"T{i}", (rng.randrange(28), rng.randrange(28)),
                                    space=rng.choice((1, 1, 2, 3)), mount_key=mount,
                                    elevation_yd=rng.choice((0.0, 0.0, 2.0)),
                                    hidden=rng.random() < 0.2))
        views = (Scene(bf, tuple(tokens)), Scene(bf, tuple(tokens), player_view=True))
        cam = Camera(view_w_px=640, view_h_px=480, px_per_yd=rng.choice((4, 8, 16, 32, 64)))
        for move in range(6):  # pans and zooms between hovers: the kept discs must follow
            if move % 2:
                cam.set_zoom(rng.choice(cam.levels))
            else:
                cam.origin_x_yd, cam.origin_y_yd = rng.uniform(-2, 10), rng.uniform(-2, 10)
            for _ in range(60):
                x, y = rng.uniform(0, 640), rng.uniform(0, 480)
                scene = views[rng.randrange(2)]  # both windows hover the same tokens
                assert token_under(cam, scene, x, y) == _scan_under(cam, scene, x, y)
