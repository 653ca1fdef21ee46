"""Issue 20, the Hex quest: one press a step on hex maps (docs/rules/quest.md "One press a step"),
aiming only with a spell chosen, L/R cycle (not wait), the shared pause menu, the shop button's
words inside their box and node labels at every size, and XP and coins from the first levels."""

from __future__ import annotations

import pygame
import pytest
from quest_keys import step
from ui_harness import B, hold, menu_open, press, release, stack

from game.core.grid import HEX, Grid
from game.core.replay import load_replay
from game.modes.quest.campaign import load_campaign
from game.modes.quest.catalog import ASSETS, solution_path
from game.ui.modes.quest.controls import HexPad, board_command, row_direction


def test_row_direction_by_hand():
    """Flat-top hexes in odd-q rows: odd columns are drawn half a hex lower. From (x=0, y=0) - a
    column drawn high - the hex beside it in its row, (1, 0) in offset terms, lies half a hex
    lower: Right is SE (2), Left SW (4). From x=1 (drawn low) the row neighbour is higher: Right
    NE (1), Left NW (5). Checked against the grid's own offsets."""
    g = Grid.hex_rect(6, 6)
    assert g.kind == HEX
    for cell in g.cells:
        col, row = g.offset_of(cell)
        for side in (1, -1):
            d = row_direction(g, cell, side)
            want = ((2, 4) if col % 2 == 0 else (1, 5))[0 if side > 0 else 1]
            assert d == want, (cell, col, side)
            t = g.step[cell][d]
            if t >= 0:
                assert g.offset_of(t) == (col + side, row)


def test_hexpad_lone_arrows_corners_and_holds():
    pad = HexPad()
    assert pad.press(B.UP, 0.0) is None                   # waits: a corner may follow
    assert pad.release(B.UP) == ("arrow", B.UP)           # let go: one step N
    assert pad.press(B.UP, 1.0) is None
    assert pad.press(B.RIGHT, 1.02) == ("corner", 1)      # both down: NE, once
    assert pad.release(B.UP) is None and pad.release(B.RIGHT) is None
    assert pad.press(B.LEFT, 2.0) is None
    assert pad.poll(2.05) is None and pad.poll(2.2) == ("arrow", B.LEFT)   # held: counts, then repeats
    assert pad.repeat(B.LEFT) == ("arrow", B.LEFT)
    assert pad.release(B.LEFT) is None
    assert pad.press(B.UP, 3.0) is None
    assert pad.press(B.DOWN, 3.01) == ("arrow", B.UP)     # no corner: the first counts alone


def test_buttons_l_r_cycle_and_aim_only_with_a_spell():
    names = ("N", "NE", "SE", "S", "SW", "NW")
    assert board_command(B.L, names, 0, True) == ("cycle", -1)
    assert board_command(B.R, names, 0, True) == ("cycle", 1)
    assert board_command(B.RIGHT, names, 0, True) == ("row", 1)        # stepping: a step
    assert board_command(B.RIGHT, names, 0, False) == ("aim", 1)       # a spell chosen: the aim


@pytest.fixture
def board(make_app):
    app = make_app((480, 320))
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    app.open("quest_board", level="hex/01_first_push")
    return app, app.top


def test_a_hex_level_is_one_press_a_step(board):
    app, sc = board
    presses = gestures = 0
    for a in load_replay(solution_path(sc.level_id)).actions:
        buttons = step(app, sc, list(a)[1])
        presses += len(buttons)
        gestures += 1
    assert sc.game.status == "won" and sc.game.moves == gestures           # every gesture one step
    assert presses < 2 * gestures


def test_a_held_arrow_steps_once_without_waiting_for_its_release(board):
    from game.modes.quest.game import MOVE
    from game.ui.modes.quest.preview import preview
    app, sc = board
    g = sc.game
    dirs = {B.UP: 0, B.DOWN: 3, B.LEFT: row_direction(g.g, g.player["cell"], -1),
            B.RIGHT: row_direction(g.g, g.player["cell"], 1)}
    b = next(b for b, d in dirs.items() if preview(g, [MOVE, d]).legal)
    hold(app, b, ms=300)                                  # past HOLD: the step is taken while held
    assert sc.game.moves == 1
    release(app, b)
    assert sc.game.moves == 1                             # letting go adds nothing


def test_start_is_the_shared_pause_with_wait(board):
    app, sc = board
    press(app, B.START)
    assert stack(app)[-1] == "pause"
    assert app.top.labels[:3] == ["Resume", "Wait a turn", "Restart the level"]
    app.top.choose_label("Wait a turn")
    app.run_frames(2)
    assert stack(app)[-1] == "quest_board" and sc.game.turn == 1 and sc.game.moves == 0
    press(app, B.L)                                      # L: no longer a wait
    assert sc.game.turn == 1


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_shop_words_inside_their_box_and_node_numbers(make_app, size):
    app = make_app(size)
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    menu_open(app, "Hex quest")
    app.open("quest_map")
    m = app.top
    th = m.theme
    drawn = []
    real = th.text

    def text(surf, t, pos, *a, **k):
        r = real(surf, t, pos, *a, **k)
        drawn.append((t, pygame.Rect(r)))
        return r
    th.text = text
    try:
        app.invalidate()
        m.dirty = True
        app.run_frames(1)
    finally:
        th.text = real
    shop = [r for t, r in drawn if t.startswith("Shop (")]
    assert shop and m.shop_rect.contains(shop[0]), (shop, m.shop_rect)
    numbers = {t for t, _ in drawn if t.isdigit()}
    assert numbers >= {str(i + 1) for i in range(len(m.camp.order))}      # every node labelled
    assert m.camp.title == "Hex quest"


def test_the_first_levels_pay_xp_and_coins():
    """The shop's cheapest item (10 coins) after the first level; 01 pays 10 coins and 96 XP,
    02 the same, 04 5 coins and 96 XP (docs/rules/quest.md "Economy of the first levels")."""
    camp, _ = load_campaign(ASSETS / "campaign.toml")
    cheapest = min(o["price"] for o in camp.shop)
    paid = {lid: load_replay(solution_path(lid)).result for lid in camp.order[:4]}
    assert (paid["hex/01_first_push"]["coins"], paid["hex/01_first_push"]["xp"]) == (10, 96)
    assert (paid["hex/02_two_crates"]["coins"], paid["hex/02_two_crates"]["xp"]) == (10, 96)
    assert (paid["hex/04_pads_and_traps"]["coins"], paid["hex/04_pads_and_traps"]["xp"]) == (5, 96)
    assert paid["hex/01_first_push"]["coins"] >= cheapest
    for route in (("hex/01_first_push", "hex/02_two_crates", "hex/04_pads_and_traps"),
                  ("hex/01_first_push", "hex/03_dig", "hex/04_pads_and_traps")):
        assert sum(paid[lid]["coins"] for lid in route) >= max(o["price"] for o in camp.shop)
        assert sum(paid[lid]["xp"] for lid in route) > 0
