"""Every scene at every supported screen size: screenshots saved under test-artifacts/screens/,
and layout checks (the HUD stays on the canvas, text sizes stay legible, pieces are drawn)."""

from __future__ import annotations

import pytest
from ui_harness import B, answer, choose, cursor_to, hold, menu_open, press, run_until, settle, stack, to_battle

from hw.display import SUPPORTED_SIZES, canvas_size_for


@pytest.mark.parametrize("size", SUPPORTED_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_scenes_at_size(make_app, artifacts, size):
    app = make_app(size)
    canvas = app.surface.get_size()
    assert canvas == canvas_size_for(size)
    assert app.theme.px["tiny"] >= 11 and app.theme.tile >= 16
    tag = f"{size[0]}x{size[1]}"

    def shot(name):
        app.run_frames(1)
        app.screenshot(artifacts / f"{name}_{tag}.png")

    shot("title")
    to_battle(app, army_downs=4, shot=shot)
    sc = app.top
    run_until(app, lambda: sc.control.my_turn() and not sc.anim.busy and sc.time >= sc.banner_until,
              what="the human's turn")
    settle(app)
    g = sc.game
    p = g.movable_pieces()[0]
    cursor_to(app, p.cell)
    if sc.control.selected != p.id:           # the first piece that may act is selected already
        press(app, B.A)
    reach = g.reach(p).cells()
    cursor_to(app, reach[len(reach) // 2])
    settle(app)
    shot("battle")
    lay = sc.layout
    whole = app.surface.get_rect()
    for r in (lay.top, lay.bottom, lay.view, lay.proxies, lay.message, lay.book):
        assert whole.contains(r), (r, canvas)
    assert lay.view.h >= 8 * sc.theme.tile, "at least 8 rows of tiles are visible"
    # the selected piece is drawn: its proxy shows and the board under it is not bare terrain
    assert any(pid == p.id for _, pid in sc.proxy_rects)
    cursor_to(app, p.cell)
    app.run_frames(1)
    assert sc.info.lines and whole.contains(sc.info.rect)
    shot("battle_info")
    press(app, B.SELECT)
    shot("book_map")
    press(app, B.R)
    shot("book_army")
    press(app, B.R)
    shot("book_stats")
    press(app, B.B, B.START)
    assert stack(app)[-1] == "pause"
    shot("pause")
    choose(app, "Abandon battle")
    assert stack(app)[-1] == "confirm"
    shot("confirm")
    answer(app, "Yes")
    assert stack(app)[-1] == "skirmish_results"
    shot("results")
    app.goto_menu()
    menu_open(app, "Stats")
    shot("stats")
    app.goto_menu()
    menu_open(app, "Replays")
    shot("replays")
    app.goto_menu()
    menu_open(app, "Settings")
    assert stack(app)[-1] == "settings"
    shot("settings")
    app.goto_menu()
    menu_open(app, "Controls test")
    assert stack(app)[-1] == "controls"
    hold(app, B.X)
    shot("controls")
