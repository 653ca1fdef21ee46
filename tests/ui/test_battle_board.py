"""The battle board read at a glance: team colours against every tile (and for colour-blind
players), HP on every piece, the board not covered by the HUD at any size, the walk preview
and the two-sided attack forecast (with the rest the piece will have after its walk), the
danger zone, "You are ..." at the start, and the press count of a typical first turn."""

from __future__ import annotations

import pytest
from ui_harness import B, answer, choose, cursor_to, press, run_until, screen_point, settle, stack, to_battle

from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.ui import theme as T
from game.ui.art.tiles import hex_colour
from game.ui.modes.skirmish.board import RIM_DARK, RIM_LIGHT
from game.ui.modes.skirmish.layout import MAX_OVERLAY_SHARE
from game.ui.modes.skirmish.session import battle_match
from hw.display import SUPPORTED_SIZES

# --- colour science (sRGB -> CIE Lab, dE76; Machado et al. 2009 colour-blindness matrices) ----------
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
MIN_DE_TILE = 30          # every team colour vs every tile colour (normal vision)
MIN_DE_TEAMS_CVD = 20     # team colours among themselves, seen with deuteranopia / protanopia
MIN_RIM_CONTRAST = 4.5    # the base's black-or-white rim vs every tile (WCAG luminance ratio)


def _lin(c):
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(rgb):
    r, g, b = (_lin(x) for x in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def delta_e(a, b) -> float:
    return sum((p - q) ** 2 for p, q in zip(_lab(a), _lab(b))) ** 0.5


def simulate(rgb, m):
    lin = [_lin(x) for x in rgb]
    out = [max(0.0, min(1.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3)]
    return tuple(255 * (12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055) for c in out)


def contrast(a, b) -> float:
    def lum(rgb):
        r, g, b_ = (_lin(x) for x in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def tile_colours():
    from game.rules.skirmish.catalog import find_ruleset
    rs, _ = find_ruleset("default")
    base = {t.name: hex_colour(t.colour) for t in rs.tiles[1:]}
    # the minimap lightens raised tiles (up to 4 steps of 12 %); the board's texture does the same
    return {f"{n}+{e}": T.shade(c, 1 + 0.12 * e) for n, c in base.items() for e in range(5)}


def test_team_colours_stand_out_from_every_tile():
    tiles = tile_colours()
    assert len(tiles) >= 8 * 5
    for seat in range(4):
        team = T.team_colour(seat)
        worst = min(tiles, key=lambda k: delta_e(team, tiles[k]))
        assert delta_e(team, tiles[worst]) >= MIN_DE_TILE, (T.SEAT_NAMES[seat], worst)
    # and from each other, also for the two common red-green colour blindnesses
    for m in (None, DEUTERANOPIA, PROTANOPIA):
        cols = [T.team_colour(s) if m is None else simulate(T.team_colour(s), m) for s in range(4)]
        for i in range(4):
            for j in range(i + 1, 4):
                assert delta_e(cols[i], cols[j]) >= MIN_DE_TEAMS_CVD, (i, j, m is None)
    # whatever the colour vision: one of the base's two rims contrasts with every tile
    for name, c in tiles.items():
        assert max(contrast(RIM_DARK, c), contrast(RIM_LIGHT, c)) >= MIN_RIM_CONTRAST, name
    assert len(set(T.TEAM_SHAPE)) == 4          # and every team has its own shape


def battle_scene(make_app, size, map_id="02_highlands", seats=2):
    app = make_app(size)
    rs = app.content.ruleset()
    parts = [Participant("You", "human")] + [Participant("", "bot:hard") for _ in range(seats - 1)]
    app.replace("skirmish_battle", match=battle_match(app, rs, rs.map(map_id), parts, 7, Options()))
    sc = app.top
    run_until(app, lambda: sc.control.my_turn() and not sc.anim.busy and sc.time > sc.banner_until,
              4000, "the human's turn")
    settle(app)
    return app, sc


@pytest.mark.parametrize("size", SUPPORTED_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_hud_leaves_the_board_free_and_hp_is_on_every_piece(make_app, artifacts, size):
    app, sc = battle_scene(make_app, size)
    g = sc.game
    view = sc.layout.view
    covered = sum(r.clip(view).w * r.clip(view).h for r in sc.overlay_rects())
    assert covered <= MAX_OVERLAY_SHARE * view.w * view.h, (covered, view)
    # the piece panel is in the dock, beside the board, never over it
    p = g.pieces[sc.control.selected]
    cursor_to(app, p.cell)
    app.run_frames(1)
    assert sc.info.lines and sc.info.rect.w > 0 and not sc.info.rect.colliderect(view)
    app.screenshot(artifacts / f"battle_board_{size[0]}x{size[1]}.png")
    # every piece on screen has its HP bar: black backing, then the bar's colour (green when whole)
    u = sc.theme.unit
    seen = 0
    for q in g.pieces:
        if not q.alive:
            continue
        x, y = screen_point(sc, q.cell)
        r = sc.board.geom.top_rect(q.cell)
        bar_y = y + r.h // 2 - 2 * u          # the bar's rows: the cell's lowest 2 units
        if not view.collidepoint(x, bar_y) or not view.collidepoint(x, bar_y + 2 * u):
            continue
        if any(o.collidepoint(x, bar_y) for o in sc.overlay_rects()):
            continue
        st = g.stats(q)
        colour = T.hp_colour(q.hp / st.hp)
        row = [tuple(app.surface.get_at((x + dx, bar_y + u)))[:3] for dx in range(-4 * u, -2 * u)]
        assert colour in row, (q, row)
        seen += 1
    assert seen >= 6
    # every piece of yours has its proxy in the dock (all nine at every size)
    assert sorted(pid for _, pid in sc.proxy_rects) == sorted(q.id for q in g.army(g.current))
    assert len(sc.proxy_rects) == 9 and all(sc.layout.dock.contains(r) for r, _ in sc.proxy_rects)
    # the minimap only when the map does not fit
    ww, wh = sc.board.geom.size
    assert sc.show_minimap == (ww > view.w or wh > view.h)


def test_minimap_hidden_when_the_map_fits(make_app):
    app, sc = battle_scene(make_app, (320, 240), map_id="01_meadow")
    ww, wh = sc.board.geom.size
    assert ww <= sc.layout.view.w and wh <= sc.layout.view.h
    assert not sc.show_minimap and sc.overlay_rects() == []


def test_you_are_announced_and_the_turn_order_shown(make_app):
    app = make_app((320, 240))
    rs = app.content.ruleset()
    parts = [Participant("You", "human"), Participant("", "bot:hard"), Participant("", "bot:easy")]
    app.replace("skirmish_battle", match=battle_match(app, rs, rs.map("02_highlands"), parts, 11, Options()))
    sc = app.top
    g = sc.game
    you = sc.humans[0]
    assert sc.banner.startswith(f"You are {g.seat_name(you).title()}")
    from game.ui.modes.skirmish.hud import turn_order
    assert turn_order(g)[0] == g.current and sorted(turn_order(g)) == sorted(g.seats())


def test_walk_preview_take_back_and_forecast(make_app):
    app, sc = battle_scene(make_app, (480, 320), map_id="01_meadow")
    g = sc.game
    c = sc.control
    p = g.pieces[c.selected]
    before = g.state_hash()
    dest = max(g.reach(p).cells(), key=lambda x: g.grid.distance(x, p.cell))
    cursor_to(app, dest)
    press(app, B.A)
    # previewed only: the engine has not moved, the replay has no walk
    assert c.pending == dest and p.cell != dest and g.state_hash() == before
    assert sc.marks().moved == (p.id, dest) and sc.info_piece() is p
    press(app, B.B)                                  # take it back
    assert c.pending == -1 and c.selected == p.id and g.state_hash() == before
    # pre-walk forecast = what the engine says after the walk (rest spent walking)
    enemy = min((e for e in g.pieces if e.alive and e.seat != p.seat), key=lambda e: g.grid.distance(e.cell, dest))
    cursor_to(app, dest)
    press(app, B.A)                                  # previewed again
    assert c.pending == dest
    clone = type(g).restore(g.rs, g.snapshot(), g.gmap)
    from game.modes.skirmish import actions as A
    clone.apply(A.Walk(p.id, dest))
    assert c.estimate(p, enemy) == clone.estimate(clone.pieces[p.id], clone.pieces[enemy.id])
    assert c.rest_for_attack(p) == clone.pieces[p.id].rest
    sc.info.build(g, enemy, p, False, c.estimate, c)
    f = sc.info.forecast
    e = clone.estimate(clone.pieces[p.id], clone.pieces[enemy.id])
    assert (f["damage"], f["crit_damage"], f["after"]) == (e.damage, e.crit_damage, max(0, enemy.hp - e.damage))
    assert f["kills"] == (enemy.hp <= e.damage) and f["terrain"] and "height" in f
    press(app, B.B)
    assert c.pending == -1 and g.state_hash() == before


def test_skip_with_targets_asks_and_danger_zone(make_app):
    app, sc = battle_scene(make_app, (480, 320), map_id="01_meadow")
    g = sc.game
    c = sc.control
    # B only goes back (issue 20): with nothing selected it says so; the danger zone - the cells
    # an enemy could attack next turn - is a line of the pause menu
    press(app, B.B)
    assert c.selected == -1
    press(app, B.B)
    assert not c.danger and "nothing to take back" in c.hint
    press(app, B.START)
    choose(app, "Danger zone: show")
    assert c.danger and c.marks().danger
    e = next(q for q in g.pieces if q.alive and q.seat != g.current)
    assert e.cell in c.marks().danger or any(n in c.marks().danger for n in g.grid.neighbours[e.cell])
    press(app, B.START)
    choose(app, "Danger zone: hide")
    assert not c.danger
    # walk a piece next to an enemy (found by the engine), then try to wait there: it asks first
    for p in g.movable_pieces():
        spots = [x for x in g.reach(p).cells() if g.targets_from(p, x)]
        if spots:
            break
    else:
        pytest.skip("no enemy in reach on this seed's first turn")
    c.choose(p)
    cursor_to(app, spots[0])
    press(app, B.A)
    press(app, B.X)
    assert stack(app)[-1] == "confirm" and app.top.menu.current.label == "No"
    answer(app, "No")
    assert c.pending == spots[0] and g.can_act(p)


def test_first_turn_presses_went_down(make_app):
    """126 presses (the issue's count) and 93 (this script, before the rework) for a first turn of nine."""
    from press_count import first_turn_presses
    app = make_app((480, 320))
    to_battle(app, army_downs=0)
    n = first_turn_presses(app)
    assert n <= 60, n
