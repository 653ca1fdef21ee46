"""The duel's d-pad + A/B controls (issue 20 item 4: a turn in half the presses) and its tile board
(item 3): the cursor's rule, the walk A makes, the action bar, and the pictures at 320x240 and
1280x720 (regions and exact pixels). Levels, cells and expected values are worked out by hand
from the ASCII level in test_duel_screen.py (13x13; cell = y * 13 + x)."""

from __future__ import annotations

import pygame
import pytest
from test_duel_screen import LEVEL, ME, NEAR, POTIONS, WALL_NE, N, cell_pixels, duel_scene
from ui_harness import B, menu_open, press, stack

from game.modes.duel.layout import Layout
from game.ui.modes.duel import colours as C
from game.ui.modes.duel.board_keys import bar_items, cursor_step, first_focus, walk_path

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py


def bits(*cells) -> int:
    return sum(1 << c for c in cells)


# --- the cursor's rule ------------------------------------------------------------------------------
def test_the_cursor_jumps_to_the_nearest_walkable_square_in_the_pressed_quarter():
    """5x5 board, the wizard at (2,2) = 12.
    - (3,2)=13 walkable: RIGHT goes there (ahead 1, side 0).
    - only (3,3)=18 walkable: RIGHT goes there (ahead 1, side 1 <= 1: in the quarter): a diagonal
      in one press; DOWN too (ahead 1 along y, side 1).
    - (3,3)=18 and (4,2)=14: RIGHT takes the nearer column, 18 (ahead 1 < 2).
    - nothing walkable above: UP moves one square, to (2,1)=7 (to look at any square).
    - at the left edge (0,2)=10 with nothing to the left: LEFT stays."""
    assert cursor_step(5, 12, B.RIGHT, bits(12, 13)) == 13
    assert cursor_step(5, 12, B.RIGHT, bits(12, 18)) == 18
    assert cursor_step(5, 12, B.DOWN, bits(12, 18)) == 18
    assert cursor_step(5, 12, B.RIGHT, bits(12, 18, 14)) == 18
    assert cursor_step(5, 12, B.UP, bits(12, 18)) == 7
    assert cursor_step(5, 10, B.LEFT, bits(10)) == 10
    # (4,0)=4 is ahead 2 / side 2 going UP from (2,2): inside the quarter, so UP jumps there
    assert cursor_step(5, 12, B.UP, bits(12, 4)) == 4
    # (4,1)=9 is ahead 1 / side 2 going UP: outside it (side > ahead), so UP moves one square
    assert cursor_step(5, 12, B.UP, bits(12, 9)) == 7


def _view(pos: int, steps_left: int = 5, potions=None, dealt=(0, 8, 3), inventory=()):
    from game.modes.duel.view import View
    lay = Layout.from_ascii(LEVEL)
    return View(player=0, size=N, turn=0, my_turn=True, steps_left=steps_left, fov=False, potions_on=True,
                pos=pos, hp=5, facing=0, inventory=inventory, known=0, known_types={}, opp_hp=5, dealt=dealt,
                known_open=lay.open, known_walls=~lay.open & ((1 << N * N) - 1), visible=0, opponent=None,
                last_seen=None, potions=dict(potions or {}))


def test_a_walk_is_the_shortest_king_path_over_known_floor():
    """From (1,3) to (3,5): (2,4) and (1,4)... row 4 is '###.#####.###', so the only way down is
    (3,4): (1,3) E (2,3), SE (3,4), S (3,5) - three steps, one of them diagonal (codes E=1, SE=5,
    S=2). (3,5) with 2 steps left is too far: None. The wizard's own square: no steps."""
    v = _view(ME)
    assert walk_path(v, 5 * N + 3) == [1, 5, 2]
    assert walk_path(_view(ME, steps_left=2), 5 * N + 3) is None
    assert walk_path(v, ME) == []
    assert walk_path(v, 0) is None                       # rock


def test_the_bar_puts_the_potion_here_first_then_the_spells_bag_end_turn():
    v = _view(3 * N + 3, potions={3 * N + 3: 3}, inventory=(0,))
    keys = [it.key for it in bar_items(v)]
    assert keys == ["drink", "pick", "spell0", "spell1", "spell2", "bag", "end"]
    assert first_focus(bar_items(v)) == 2                 # the bar opens on the first spell
    assert [it.key for it in bar_items(_view(ME), can_chat=True)] == ["spell0", "spell1", "spell2", "chat", "end"]
    labels = [it.label for it in bar_items(v)]
    assert labels[:3] == ["Drink green", "Take green", "Rays of Cold"]
    assert all(it.help for it in bar_items(v))            # every action says what it does


# --- on the screen -----------------------------------------------------------------------------------
def test_a_on_a_square_walks_there_and_the_bar_ends_the_turn(make_app):
    app = make_app((480, 320))
    sc = duel_scene(app, 11 * N + 11, fov=False)         # the whole level known: (3,5) is walkable
    g = sc.game
    press(app, B.RIGHT)                                   # (2,3)
    press(app, B.DOWN)                                    # (3,4): (2,4) is rock, the quarter's nearest
    press(app, B.DOWN)                                    # (3,5)
    assert sc.keys.cursor_cell() == 5 * N + 3
    press(app, B.A)
    assert g.state.wizards[0].pos == 5 * N + 3 and g.state.steps == 3
    assert sc.keys.bar_open and sc.keys.focused().key == "spell0"
    press(app, B.B)                                       # back to the board: nothing done
    assert not sc.keys.bar_open and g.turn == 0
    press(app, B.A)                                       # A on your wizard: the bar again
    assert sc.keys.bar_open
    press(app, B.LEFT)                                    # wraps to End turn
    assert sc.keys.focused().key == "end"
    press(app, B.A)
    assert g.turn == 1


def test_a_square_out_of_reach_is_refused_with_a_reason(make_app):
    app = make_app((480, 320))
    sc = duel_scene(app, 11 * N + 11)
    for _ in range(9):
        press(app, B.RIGHT)                               # the cursor leaves the walkable squares
    far = sc.keys.cursor_cell()
    press(app, B.A)
    assert sc.game.state.wizards[0].pos == ME and "too far" in sc.hint
    assert not sc.keys.bar_open and sc.keys.cursor_cell() == far


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)], ids=["320x240", "1280x720"])
def test_the_tile_board_fills_the_screen_and_shows_each_thing(make_app, artifacts, size):
    app = make_app(size)
    sc = duel_scene(app, NEAR)
    lay = sc.layout
    w, h = app.surface.get_size()
    assert lay.board.h == N * lay.cell and lay.board.h >= lay.bar.y - 2 - N        # the whole height
    assert lay.board.w >= w * 45 // 100                                            # the panel has the rest
    assert C.WALL in cell_pixels(app, sc, WALL_NE)                                 # brick in view
    assert C.FLOOR in cell_pixels(app, sc, 3 * N + 2)                              # floor in view
    assert C.YOU in cell_pixels(app, sc, ME) and C.YOU_MARK in cell_pixels(app, sc, ME)
    assert C.OPPONENT in cell_pixels(app, sc, NEAR)
    for cell, a in POTIONS.items():
        assert C.POTION[a] in cell_pixels(app, sc, cell)
    bar = {tuple(app.surface.get_at((x, y)))[:3] for x in range(lay.bar.x, lay.bar.right, 2)
           for y in range(lay.bar.y, lay.bar.bottom)}
    assert C.CURSOR not in bar                                                     # closed: no lit chip
    app.screenshot(artifacts / f"duel_tiles_{size[0]}x{size[1]}.png")
    press(app, B.RIGHT)
    assert C.CURSOR in cell_pixels(app, sc, 3 * N + 2)                             # the cursor's frame
    press(app, B.LEFT, B.A)                                                        # back home, A: the bar
    bar = {tuple(app.surface.get_at((x, y)))[:3] for x in range(lay.bar.x, lay.bar.right)
           for y in range(lay.bar.y, lay.bar.bottom)}
    assert C.CURSOR in bar                                                         # the lit chip
    app.screenshot(artifacts / f"duel_bar_{size[0]}x{size[1]}.png")


def test_fov_shading_dims_remembered_cells(make_app):
    """Field of view on: rock and floor remembered from before but out of view now are drawn in
    their dim colours, never the bright ones; never-seen squares stay black."""
    app = make_app((480, 320))
    sc = duel_scene(app, 11 * N + 11)
    w = sc.game.state.wizards[0]
    far_rock, far_floor = 12 * N + 12, 11 * N + 10        # (12,12) rock, (10,11) floor: out of view
    assert not (w.visible >> far_rock) & 1 and not (w.visible >> far_floor) & 1
    assert cell_pixels(app, sc, far_rock) == {C.BG}
    w.seen |= 1 << far_rock | 1 << far_floor              # remembered from an earlier turn
    sc.version += 1
    app.run_frames(1)
    rock, floor = cell_pixels(app, sc, far_rock), cell_pixels(app, sc, far_floor)
    assert C.WALL_REMEMBERED in rock and C.WALL not in rock
    assert C.FLOOR_REMEMBERED in floor and C.FLOOR not in floor


def test_the_first_duel_opens_how_to_play_once(make_app):
    app = make_app((480, 320))
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    menu_open(app, "Wizard duel")
    press(app, B.A)                                       # Against a bot
    assert stack(app)[-2:] == ["duel_game", "howto"]
    press(app, B.A)                                       # play
    assert stack(app)[-1] == "duel_game"
    app.goto_menu()
    menu_open(app, "Wizard duel")
    press(app, B.A)
    assert stack(app)[-1] == "duel_game"                  # remembered: not again


def test_pictures_are_made_once_per_size():
    from game.ui.modes.duel import sprites
    pygame.display.init()
    a = sprites.tile("wall", 17)
    assert sprites.tile("wall", 17) is a and sprites.tile("wall", 18) is not a
    assert sprites.potion(C.POTION[0], 17) is sprites.potion(C.POTION[0], 17)


def test_start_opens_the_shared_pause_menu_with_end_turn(make_app):
    app = make_app((480, 320))
    sc = duel_scene(app, 11 * N + 11)
    press(app, B.START)
    assert stack(app)[-1] == "pause"
    labels = app.top.labels
    assert labels[:3] == ["Resume", "Duel info and log", "End turn"]
    assert {"How to play", "Words", "Leave the duel"} <= set(labels)
    app.top.choose_label("End turn")
    app.run_frames(2)
    assert stack(app)[-1] == "duel_game" and sc.game.turn == 1
