"""Frames never stall on the map (issue 12): after a zoom or a pan the window shows stand-ins
(the last picture moved, coarser chunks scaled, token pictures of another zoom) and renders the
rest a unit of work at a time within a budget a frame; when the frames settle the window shows
exactly what a cold full render shows, and at rest it draws nothing."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.ui.app import App
from game.ui.map_reload import fresh_board
from game.ui.render.board import Board
from game.ui.render.tokens import TokenArt
from game.ui.session import Session

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
from make_bench_map import write_map  # noqa: E402

FOREST = ROOT / "tests" / "data" / "tiled-examples" / "forest" / "forest.tmx"  # parallax bands


@pytest.fixture(scope="module")
def bench_map(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_map(tmp_path_factory.mktemp("map"), side=60, creatures=30)


def _open(path: Path, tmp_path: Path) -> App:
    app = App(Session.open(path, journal_path=tmp_path / "j.jsonl"), size=(1100, 720))
    app.input_at = 0.0
    app.frame([], pygame.time.Clock(), False)
    return app


def _frame(app: App, *events: pygame.event.Event) -> None:
    app.frame(list(events), pygame.time.Clock(), app.animating())


def _settle(app: App) -> int:
    """Frames with no input until nothing is shown by a stand-in; how many it took."""
    for n in range(1, 400):
        if not app.caches.board.pending and not app.caches.art.pending:
            return n
        _frame(app)
    raise AssertionError("the view never settled")


def _motion(pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=buttons)


def _cold_full_render(app: App) -> np.ndarray:
    """What the window shows drawn from nothing: fresh caches, no budget, everything at once."""
    board = fresh_board(app.session)
    board.budget_s = float("inf")
    app.caches.board = board
    app.caches.art = TokenArt(
        app.session.token_config.images,
        app.session.token_config.side_colours,
        app.caches.art.tiles,
    )
    app.needs_full_ui = True
    app.update(0.0)
    app.draw()
    return pygame.surfarray.array3d(app.screen).copy()


def _fight_started(app: App) -> list:
    """Set-up's Start fight played; the tokens standing on plain ground."""
    if app.setup is not None and app.setup.active:
        app.setup.do("start")
        _frame(app)
    bf = app.session.battlefield
    return [t for t in app.session.fight.tokens() if bf.terrain[t.square[1], t.square[0]] == 0]


def _zoom(app: App, direction: int, at: tuple[int, int]) -> None:
    app.camera.zoom_about(*at, direction)
    _frame(app, _motion(at))


def _drag(app: App, frm: tuple[int, int], to: tuple[int, int]) -> None:
    _frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=3, pos=frm))
    _frame(app, _motion(to, buttons=(0, 0, 1)))
    _frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=3, pos=to))


@pytest.mark.parametrize("which", ["bench", "forest"])
def test_after_zooms_and_pans_mid_render_the_view_settles_to_a_cold_full_render(
    which: str, bench_map: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 0)  # the forest's animated tiles
    app = _open(bench_map if which == "bench" else FOREST, tmp_path)
    try:
        v = app.layout.view
        c = v.center
        off = (v.x + v.width // 3, v.y + v.height // 4)
        for direction, at in ((1, c), (1, off), (1, c), (-1, off), (1, c), (1, c)):
            _zoom(app, direction, at)  # the next notch before the last one is drawn
        assert app.caches.board.pending or app.caches.art.pending  # stand-ins shown
        _drag(app, c, (c[0] - v.width // 4, c[1] - v.height // 5))  # onto new ground
        _zoom(app, -1, c)
        _frame(app)
        _drag(app, c, (c[0] + v.width // 3, c[1] + 40))
        _settle(app)
        shown = pygame.surfarray.array3d(app.screen).copy()
        want = _cold_full_render(app)
        assert np.array_equal(shown, want), f"{int((shown != want).any(axis=2).sum())} pixels"
    finally:
        app.close()


class _Clock:
    """A clock that moves only when a unit of work is done: budgets counted in units."""

    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def _counted(board: Board, clock: _Clock, cost_s: float, per_frame: list[int]) -> None:
    """Every unit of the board's chunk work advances the clock by ``cost_s``, and is counted
    against the frame it ran in (``per_frame[-1]``)."""
    real = board.chunk_steps

    def steps(key, t_ms=None):  # type: ignore[no-untyped-def]
        inner = real(key, t_ms)
        while True:
            clock.t += cost_s
            per_frame[-1] += 1
            try:
                next(inner)
            except StopIteration as end:
                return end.value
            yield

    board.chunk_steps = steps  # type: ignore[method-assign]


def test_no_frame_does_more_chunk_work_than_its_budget(bench_map: Path, tmp_path: Path) -> None:
    app = _open(bench_map, tmp_path)
    try:
        clock = _Clock()
        board = app.caches.board
        board.clock = clock
        board.budget_s = 0.005
        per_frame: list[int] = [0]
        _counted(board, clock, 0.002, per_frame)  # every unit "costs" 2 ms: 3 fit in 5 ms
        real_frame = app.frame

        def frame(*a):  # type: ignore[no-untyped-def]
            per_frame.append(0)  # one turn of the window's loop
            return real_frame(*a)

        app.frame = frame  # type: ignore[method-assign]
        v = app.layout.view
        frames_of: dict[tuple, set[int]] = {}
        real_step = board._step

        def step(key):  # type: ignore[no-untyped-def]
            frames_of.setdefault(key, set()).add(len(per_frame))  # the frames it had work in
            return real_step(key)

        board._step = step  # type: ignore[method-assign]
        for i in range(12):
            if i < 6:
                _zoom(app, 1, v.center)
            elif i < 9:
                _drag(app, v.center, (v.centerx - v.width // 3, v.centery))
            else:
                _frame(app)
        for _ in range(200):
            _frame(app)
        assert max(per_frame) <= 3, per_frame  # the budget, and the one unit it may overrun
        assert sum(per_frame) > 50  # the chunks really were rendered on these frames
        assert any(len(f) > 1 for f in frames_of.values())  # a chunk spread over frames
    finally:
        app.close()


def test_new_token_pictures_are_drawn_within_a_budget_a_frame(
    bench_map: Path, tmp_path: Path
) -> None:
    app = _open(bench_map, tmp_path)
    try:
        art = app.caches.art
        clock = _Clock()
        art.clock = clock
        art.budget_s = 0.003
        real = art._draw
        drawn: list[int] = [0]

        def draw(*a):  # type: ignore[no-untyped-def]
            clock.t += 0.001  # a picture "costs" 1 ms: 4 a frame at most
            drawn[-1] += 1
            return real(*a)

        art._draw = draw  # type: ignore[method-assign]
        v = app.layout.view
        drawn.append(0)
        _zoom(app, 1, v.center)
        assert art.pending  # the others shown by their picture at the last zoom
        for _ in range(60):
            drawn.append(0)
            _frame(app)
        assert max(drawn) <= 4, drawn
        assert not art.pending
    finally:
        app.close()


def test_at_rest_the_window_renders_ahead_then_draws_nothing(
    bench_map: Path, tmp_path: Path
) -> None:
    app = _open(bench_map, tmp_path)
    try:
        v = app.layout.view
        for _ in range(3):
            _zoom(app, 1, v.center)
        _settle(app)
        board = app.caches.board
        drawn = app.frame_count
        app.input_at = 0.0  # the moment of hover colours after input is over
        for _ in range(300):  # no input, the settle time over: what the loop does at rest
            if not board.ahead():
                break
            app.frame([], pygame.time.Clock(), False)
        assert not board.ahead()  # the prefetch stops when it is done
        assert app.frame_count == drawn  # and it never drew a frame
        units = board.units
        for _ in range(20):
            app.frame([], pygame.time.Clock(), app.animating())
        assert board.units == units and app.frame_count == drawn  # at rest: nothing at all
    finally:
        app.close()


def test_a_chunk_rendered_in_units_is_the_chunk_rendered_at_once(
    bench_map: Path, tmp_path: Path
) -> None:
    session = Session.open(bench_map, journal_path=tmp_path / "j.jsonl")
    board = Board(session.battlefield, session.opened.tmx)
    static = frozenset({"grid", "elevation", "terrain", "obstacles", "light", "obscurement"})
    for z in (4, 13, 32):
        key = (0, 1, 1, z, static, ())
        steps = board.chunk_steps(key)
        n = 0
        while True:
            try:
                next(steps)
                n += 1
            except StopIteration as end:
                got = end.value
                break
        assert n >= 6  # the ground, its layers, each overlay: units, not one lump
        board2 = Board(session.battlefield, session.opened.tmx)
        want = board2.render_chunk(1, 1, z, static)
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")


def test_the_move_area_kept_blended_with_the_board_draws_what_blending_each_frame_does(
    bench_map: Path, tmp_path: Path
) -> None:
    """Hovering blits one picture of the board with the move area's tint blended in, kept
    while both stay; every frame equals the one drawn by blending the tint onto the window,
    through hovers, pans, zooms (which swap the board's spare picture) and a new selection."""
    from game.ui.render import board as board_mod

    app = _open(bench_map, tmp_path)
    try:
        plain = _fight_started(app)
        cam = app.camera
        real_draw = board_mod.Board.draw
        kept = [0]

        def without_under(self, surface, cam_, overlays, under=None):  # type: ignore[no-untyped-def]
            return real_draw(self, surface, cam_, overlays, None)

        def check() -> None:
            _frame(app)  # what changed is drawn (chunks begun), then the view settles
            _settle(app)
            _frame(app, _motion(app.layout.view.center))  # one more: the kept picture drawn
            held = app.caches.board._under_key
            kept[0] += held is not None
            shown = pygame.surfarray.array3d(app.screen).copy()
            board_mod.Board.draw = without_under  # type: ignore[method-assign]
            try:
                app.needs_redraw = True
                app.draw()
                want = pygame.surfarray.array3d(app.screen).copy()
            finally:
                board_mod.Board.draw = real_draw  # type: ignore[method-assign]
            assert np.array_equal(shown, want), f"{int((shown != want).any(axis=2).sum())} px"

        for tok in plain[:2]:  # a selection, then another creature's area
            cam.set_zoom(32)
            cam.center_on(tok.square[0] + 0.5, tok.square[1] + 0.5)
            app.needs_redraw = True
            _settle(app)
            at = tuple(int(v) for v in cam.yd_to_px(tok.square[0] + 0.5, tok.square[1] + 0.5))
            _frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at))
            _frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at))
            assert app.session.fight and type(app.tools[-1]).__name__ == "MoveTool"
            for dx, dy in ((2, 1), (-3, 2), (1, -4)):  # hovers: paths over the kept picture
                _frame(app, _motion((at[0] + dx * 32, at[1] + dy * 32)))
                check()
            app.overlays = app.overlays ^ {"grid"}  # the board changes under the same tint
            app.needs_redraw = True
            check()
            v = app.layout.view
            _drag(app, v.center, (v.centerx - 90, v.centery + 50))  # a pan
            check()
            _zoom(app, 1, v.center)  # a zoom: the spare picture becomes the view
            check()
            _zoom(app, -1, (v.x + 100, v.y + 80))
            check()
        assert kept[0] >= 8  # the kept picture really was what the frames showed
    finally:
        app.close()


def test_the_move_area_tint_of_the_squares_in_view_draws_what_the_whole_area_does(
    bench_map: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The tint is made for the squares in view only (at 160 px a yard the whole area was a
    6,560-pixel square picture): at every zoom and after pans the window shows what the tint
    of the whole area shows, and the picture is never much bigger than the view."""
    from game.ui.render.previews import MoveTint

    app = _open(bench_map, tmp_path)
    try:
        tok = _fight_started(app)[0]
        bf = app.session.battlefield
        cam = app.camera
        real_placed = MoveTint.placed

        def whole(self, move, cam_):  # type: ignore[no-untyped-def]
            surf, origin = self.surface(move, cam_.px_per_yd, (0, 0, bf.width, bf.height))
            pos = cam_.yd_to_px(*origin)
            return surf, (round(pos[0]), round(pos[1]))

        for z, (dx, dy) in ((8, (0, 0)), (32, (0, 0)), (32, (3.5, -2.25)), (64, (-1.25, 2.5)),
                            (160, (0, 0)), (160, (1.5, 0.75))):
            cam.set_zoom(z)
            cam.center_on(tok.square[0] + 0.5 + dx, tok.square[1] + 0.5 + dy)
            app.needs_redraw = True
            _frame(app)
            if "MoveTool" not in type(app.tools[-1]).__name__:
                at = tuple(int(v) for v in cam.yd_to_px(tok.square[0] + 0.5,
                                                        tok.square[1] + 0.5))
                _frame(app, pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=at))
                _frame(app, pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=at))
            _settle(app)
            app.needs_redraw = True
            app.draw()
            shown = pygame.surfarray.array3d(app.screen).copy()
            surf = app.caches.move_tint._surf
            assert surf is not None
            v = app.layout.view
            assert surf.get_width() <= v.width + 2 * 256 and surf.get_height() <= v.height + 2 * 256
            monkeypatch.setattr(MoveTint, "placed", whole)
            app.caches.move_tint = MoveTint()  # a fresh tint, blitted on the window only
            app.caches.board._under_key = None
            app.needs_redraw = True
            app.draw()
            want = pygame.surfarray.array3d(app.screen).copy()
            monkeypatch.setattr(MoveTint, "placed", real_placed)
            app.caches.move_tint = MoveTint()
            app.caches.board._under_key = None
            assert np.array_equal(shown, want), (z, dx, dy,
                                                 int((shown != want).any(axis=2).sum()))
    finally:
        app.close()
