"""The duel screen's pixels: you a white `@`, the opponent a red `@` only when in view, potions
`!` in their colours, a spell's `*` drawn over a wall and over the opponent, the whole level with
the field of view off; the after-turn sequence in the plan's order; hot-seat hiding the board
between turns; the layout at every resolution (screenshots under test-artifacts/screens/)."""

from __future__ import annotations

import pygame
import pytest
from test_ui_duel_keys import (
    ready,
)
from ui_harness import B, menu_open, menu_pick, press, run_until, stack

from game.modes.duel import DuelGame, DuelOptions
from game.modes.duel.layout import Layout
from game.modes.duel.setup import custom_state
from game.ui.modes.duel import colours as C
from game.ui.modes.duel.layout import DuelLayout
from game.ui.modes.duel.match import BOT, HUMAN, DuelMatch, Seat
from hw.display import SUPPORTED_SIZES

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py

@pytest.fixture(autouse=True)
def _duel_howto_seen(monkeypatch):
    """These tests play duels, not the first-game how-to (test_duel_controls.py opens it)."""
    from game.ui import onboarding
    due = onboarding.howto_due
    monkeypatch.setattr(onboarding, "howto_due", lambda app, mode: mode != "duel" and due(app, mode))


LEVEL = """
#############
#.....#.....#
#.###.#.###.#
#...........#
###.#####.###
#...#...#...#
#.#.#.#.#.#.#
#...........#
###.#####.###
#...........#
#.###.#.###.#
#.....#.....#
#############
"""
N = 13
ME = 3 * N + 1                  # (1, 3)
WALL_NE = 2 * N + 2             # (2, 2): rock on Rays of Cold's north-east ray
NEAR = 3 * N + 5                # (5, 3): in view, on the east ray
FAR = 11 * N + 11               # (11, 11): out of view
POTIONS = {1 * N + 1: 0, 3 * N + 3: 3, 3 * N + 6: 4}     # yellow, green, orange, all in view
RAYS, RESTORATION, MAPPING = 0, 8, 3


def duel_scene(app, opponent: int, fov: bool = True):
    st = custom_state(Layout.from_ascii(LEVEL), (ME, opponent), options=DuelOptions(fov=fov, level_size=N),
                      ground=POTIONS, inventories=((0, 1), ()), known=(0b11, 0), dealt=(RAYS, RESTORATION, MAPPING))
    match = DuelMatch.of_game(DuelGame(st), [Seat(HUMAN, "Tester"), Seat(BOT, "Bot", "easy")])
    app.open("duel_game", match=match)
    app.run_frames(1)
    return app.top


def cell_pixels(app, sc, cell: int) -> set:
    r = sc.layout.cell_rect(sc.size, cell)
    s = app.surface
    return {tuple(s.get_at((x, y)))[:3] for x in range(r.x, r.right) for y in range(r.y, r.bottom)}


DUNGEON = {C.FLOOR, C.WALL, C.FLOOR_REMEMBERED, C.WALL_REMEMBERED, C.YOU, C.OPPONENT, *C.POTION.values()}


def board_colours(app, sc) -> set:
    r = sc.layout.board
    s = app.surface
    return {tuple(s.get_at((x, y)))[:3] for x in range(r.x, r.right) for y in range(r.y, r.bottom)}


def test_you_potions_and_an_opponent_out_of_view(make_app, artifacts):
    app = make_app((480, 320))
    sc = duel_scene(app, FAR)
    assert C.YOU in cell_pixels(app, sc, ME)
    for cell, app_id in POTIONS.items():
        assert C.POTION[app_id] in cell_pixels(app, sc, cell), cell
    assert C.OPPONENT not in board_colours(app, sc)             # not in view: not drawn anywhere
    assert cell_pixels(app, sc, FAR) == {C.BG}                  # never seen: black
    assert C.WALL in cell_pixels(app, sc, WALL_NE)              # rock in view
    app.screenshot(artifacts / "duel_fov_480x320.png")


def test_opponent_in_view_is_red_and_rays_draw_over_walls_and_players(make_app, artifacts):
    app = make_app((480, 320))
    sc = duel_scene(app, NEAR)
    assert C.OPPONENT in cell_pixels(app, sc, NEAR)
    press(app, B.KP_DIVIDE)                                      # "/": cast spell 1, Rays of Cold
    assert sc.seq is not None and sc.seq.stage == "effects"
    cyan = C.EFFECT["cyan"]
    over_wall, over_them = cell_pixels(app, sc, WALL_NE), cell_pixels(app, sc, NEAR)
    assert cyan in over_wall and C.WALL not in over_wall
    assert cyan in over_them and C.OPPONENT not in over_them
    app.screenshot(artifacts / "duel_effects_480x320.png")


def test_fov_off_shows_the_whole_level(make_app, artifacts):
    app = make_app((480, 320))
    sc = duel_scene(app, FAR, fov=False)
    layout = Layout.from_ascii(LEVEL)
    for cell in range(N * N):
        px = cell_pixels(app, sc, cell)
        want = C.OPPONENT if cell == FAR else C.YOU if cell == ME else None
        if want:
            assert want in px
        elif cell in POTIONS:
            assert C.POTION[POTIONS[cell]] in px
        else:
            assert (C.FLOOR if layout.is_open(cell) else C.WALL) in px, cell
    app.screenshot(artifacts / "duel_fov_off_480x320.png")


def test_after_turn_sequence_follows_the_plan(make_app):
    app = make_app((480, 320))
    sc = duel_scene(app, NEAR)
    log = sc.match.logs[0]
    frames = []
    press(app, B.KP_DIVIDE, frames=0)
    for _ in range(40):
        app.step()
        if sc.seq is None:
            break
        layout_v, items_v, players_v, hp_v, effects = sc.views()
        frames.append((sc.seq.stage, hp_v.opp_hp, bool(effects), C.EFFECT["cyan"] in cell_pixels(app, sc, WALL_NE),
                       len(log.entries())))
    stages = [f[0] for f in frames]
    order = [s for i, s in enumerate(stages) if i == 0 or stages[i - 1] != s]
    assert order == ["effects", "hp", "layout", "items", "players"]
    assert sc.history[-6:] == ["effects", "hp", "layout", "items", "players", "messages"]
    effects_frames = [f for f in frames if f[0] == "effects"]
    assert len(effects_frames) >= 7                               # 250 ms at 30 frames a second
    assert all(f[1] == 5 and f[2] and f[3] and f[4] == 0 for f in effects_frames)   # old HP, `*` shown
    hp_frames = [f for f in frames if f[0] == "hp"]
    assert all(f[1] == 4 for f in hp_frames)                      # then the HP update
    assert all(not f[2] for f in frames if f[0] in ("layout", "items", "players"))  # new layout: no `*`
    assert all(f[4] == 0 for f in frames)                         # messages come last
    texts = [e.text for e in log.entries()]
    assert "You cast Rays of Cold." in texts and "You hit your opponent!" in texts


def test_hotseat_hides_the_board_between_turns(make_app, artifacts):
    app = make_app((320, 240))
    press(app, B.A)
    menu_open(app, "Wizard duel")
    menu_pick(app, "Hot-seat")
    sc = app.top
    assert sc.scene_name == "duel_game" and sc.match.hotseat
    first = sc.game.current
    assert sc.curtain == first
    app.run_frames(1)
    assert not board_colours(app, sc) & DUNGEON                   # nothing of the dungeon shows
    app.screenshot(artifacts / "duel_pass_device_320x240.png")
    press(app, B.A)
    assert sc.curtain is None and sc.match.viewer() == first
    app.run_frames(1)
    assert C.YOU in cell_pixels(app, sc, sc.game.state.wizards[first].pos)
    press(app, B.KP_PERIOD)                                       # end the turn at once
    for _ in range(60):
        if sc.curtain is not None:
            break
        app.step()
    assert sc.curtain == 1 - first
    app.run_frames(1)
    assert not board_colours(app, sc) & DUNGEON
    press(app, B.KP5)                                             # keypad 5 works as "ready" too
    assert sc.match.viewer() == 1 - first and ready(sc)
    app.run_frames(1)
    assert C.YOU in cell_pixels(app, sc, sc.game.state.wizards[1 - first].pos)


@pytest.mark.parametrize("size", SUPPORTED_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_duel_screens_at_every_resolution(make_app, artifacts, size):
    app = make_app(size)
    tag = f"{size[0]}x{size[1]}"
    canvas = pygame.Rect((0, 0), app.surface.get_size())
    th = app.theme
    for level in (13, 25, 31):
        lay = DuelLayout.for_canvas(th, canvas.size, level)
        assert canvas.contains(lay.board) and canvas.contains(lay.panel) and canvas.contains(lay.bottom)
        assert not lay.board.colliderect(lay.panel) and lay.cell >= 5 and lay.panel.w >= 95
        assert lay.board.bottom <= lay.bar.y and lay.bar.bottom <= lay.bottom.y
        room = min(lay.bar.y - 2, canvas.w - max(96, int(canvas.w * 0.30)) - 3)
        assert lay.board.h > room - level          # the board fills its room (whole cells only)
    lay25 = DuelLayout.for_canvas(th, canvas.size, 25)
    assert lay25.cell >= {320: 8, 400: 8, 480: 11, 640: 12}[canvas.w]
    sc = duel_scene(app, NEAR)
    app.screenshot(artifacts / f"duel_{tag}.png")
    press(app, B.KP_DIVIDE)
    app.screenshot(artifacts / f"duel_effects_{tag}.png")
    press(app, B.KP_PLUS)
    app.screenshot(artifacts / f"duel_bag_{tag}.png")
    app.back()
    app.open("duel_menu")
    app.run_frames(1)
    app.screenshot(artifacts / f"duel_menu_{tag}.png")
    press(app, B.A)
    sc = app.top
    run_until(app, lambda: ready(sc), None, "your turn in the duel")   # the bot thinks in its thread
    press(app, B.A)                              # A on your wizard: the action bar
    assert sc.keys.bar_open
    app.screenshot(artifacts / f"duel_actions_{tag}.png")
    press(app, B.B, B.START)
    from test_ui_duel_keys import pick
    pick(app, "Duel info")
    assert stack(app)[-1] == "message"
    app.screenshot(artifacts / f"duel_info_{tag}.png")


@pytest.mark.parametrize("size", [(320, 240), (480, 320)])
def test_your_wizard_stands_on_a_ring_walls_do_not(make_app, size):
    app = make_app(size)
    sc = duel_scene(app, FAR)
    mine = cell_pixels(app, sc, ME)
    assert C.YOU in mine and C.YOU_MARK in mine
    assert C.YOU_MARK not in cell_pixels(app, sc, WALL_NE)
