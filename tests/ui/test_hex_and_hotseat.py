"""Hex maps on the battle screen (flat-top, odd-q) and hot-seat humans sharing one device."""

from __future__ import annotations

from ui_harness import (
    B,
    answer,
    cursor_to,
    free_of_hud,
    pixel,
    press,
    run_until,
    screen_point,
    settle,
    stack,
    world_pixel,
)

from game.ui import theme as T


def setup_scene(app):
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    press(app, B.A)
    assert stack(app)[-1] == "skirmish_setup"
    press(app, B.DOWN)                      # it opens on its Fight line: down wraps to Map
    return app.top


def test_battle_on_a_hex_map(make_app, artifacts):
    app = make_app((480, 320))
    sc = setup_scene(app)
    while sc.rs.map(sc.map_id).grid.kind != "hex":
        press(app, B.RIGHT)
    for _ in range(8):
        press(app, B.DOWN)
    press(app, B.A, B.START)
    if stack(app)[-1] == "howto":                        # the first battle's how-to: A plays
        press(app, B.A)
    bs = app.top
    assert bs.scene_name == "skirmish_battle" and bs.board.geom.hex
    g = bs.game
    run_until(app, lambda: bs.control.my_turn() and not bs.anim.busy and bs.time > bs.banner_until,
              what="the human's turn")
    settle(app)
    p = max(g.movable_pieces(), key=lambda q: len(g.reach(q).cells()))
    cursor_to(app, p.cell)
    press(app, B.A)
    settle(app)
    app.screenshot(artifacts / "battle_hex_480x320.png")
    reach = set(g.reach(p).cells())
    assert set(bs.control.marks().purple) == reach
    seen = 0
    for c in reach:
        pt = screen_point(bs, c, 2, 2)
        if free_of_hud(bs, pt) and g.piece_at(c) is None:
            shown, plain = pixel(app, pt), world_pixel(bs, c, 2, 2)
            assert shown.b > plain.b + 20 and shown.g < plain.g
            seen += 1
    assert seen >= 2
    # hex cursor moves: LEFT/RIGHT change the column, UP/DOWN the row, never off the board
    for b in (B.LEFT, B.LEFT, B.UP, B.RIGHT, B.DOWN, B.DOWN):
        press(app, b)
        assert g.grid.is_cell(bs.control.cell)
    # odd columns sit half a cell lower (odd-q)
    col0 = next(c for c in g.grid.cells if g.grid.offset_of(c) == (2, 3))
    col1 = next(c for c in g.grid.cells if g.grid.offset_of(c) == (3, 3))
    geo = bs.board.geom
    assert geo.flat_rect(col1).y - geo.flat_rect(col0).y == geo.ch // 2


def test_hot_seat_two_humans(make_app, artifacts):
    app = make_app((480, 320))
    sc = setup_scene(app)
    for _ in range(5):
        press(app, B.DOWN)                               # Player 2
    while sc.seats[1] != "human":
        press(app, B.RIGHT)
    press(app, B.DOWN, B.DOWN, B.DOWN, B.A)
    f1 = app.top
    assert f1.scene_name == "skirmish_formation" and f1.player == app.player_name(0)
    press(app, B.DOWN, B.X)                              # Player 1 empties slot 1
    press(app, B.START)
    f2 = app.top
    assert f2.scene_name == "skirmish_formation" and f2.player == app.player_name(1)
    press(app, B.START)
    assert stack(app)[-1] == "howto"                     # the first battle's how-to, over the board
    press(app, B.A)
    # the board is hidden until the first player says they are ready: a curtain over the battle
    assert stack(app) == ["menu", "skirmish_setup", "skirmish_battle", "skirmish_curtain"]
    bs, curtain = app.stack[-2], app.top
    g = bs.game
    names = sorted(g.player_name(s) for s in g.seats())
    assert names == sorted([app.player_name(0), app.player_name(1)])
    assert all(g.controller(s) == "human" for s in g.seats())
    seat_p1 = next(s for s in g.seats() if g.player_name(s) == app.player_name(0))
    assert len(g.army(seat_p1)) == 8                     # the emptied slot
    assert app.player_name(g.current) in bs.banner or g.player_name(g.current) in bs.banner
    first = g.current
    assert curtain.seat == first
    app.run_frames(1)
    app.screenshot(artifacts / "battle_hotseat_curtain_480x320.png")
    view = bs.layout.view
    samples = [tuple(app.surface.get_at((x, y)))[:3] for x in range(view.x, view.right, 7)
               for y in range(view.y, view.bottom, 7)]
    assert samples.count(T.BG) > 0.85 * len(samples)        # no board, only a few lines of text
    press(app, B.Y)                                      # ignored behind the curtain
    assert app.top is curtain and g.current == first
    press(app, B.A)
    assert app.top is bs
    press(app, B.Y)
    answer(app, "Yes")                                   # end turn: the other human's turn
    run_until(app, lambda: g.current != first and stack(app)[-1] == "skirmish_curtain", what="the second human's turn")
    assert app.top.seat == g.current and g.player_name(g.current) in bs.banner and bs.viewer_seat() == g.current
    press(app, B.A)
    assert app.top is bs
    armies = app.settings.default_armies
    assert armies[app.player_name(0)][0] == "" and armies[app.player_name(1)][0] != ""
