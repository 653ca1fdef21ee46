"""The Xconq screen's issue-19 item 10 / issue-20 parts, on a small module of my own ("Fog land":
fog of war, a road, food, a city that makes infantry, a capture chance) and on Tactibox's Outpost,
at 320x240 and 1280x720: fog drawn per side, aux terrain drawn, materials and who-is-winning in
the side panel, production and capture odds before acting, the turn prompt, the legend, the map
filling the screen, results with Play again."""

from __future__ import annotations

import pytest
from ui_harness import B, press, stack

from game.modes.gdl import vision
from game.modes.gdl.actions import Capture, Create, CreateIn, End
from game.ui.modes.gdl.hexmap import UNKNOWN, aux_colour, side_colour
from game.ui.text_probe import TextProbe

FOG_LAND = """
(game-module "fogland" (title "Fog land"))
(material-type food)
(terrain-type plains (char "+"))
(terrain-type road (subtype connection))
(unit-type scout (char "s") (acp-per-turn 4) (vision-range 2))
(unit-type city (char "C") (acp-per-turn 2) (capacity 4) (hp-max 10))
(unit-type infantry (char "i") (acp-per-turn 2) (hp-max 4) (cp 3))
(table can-create (city infantry true))
(table acp-to-create (city infantry 1))
(table cp-on-creation (city infantry 1))
(table unit-storage-x (city food 20) (scout food 6))
(table unit-initial-supply (city food 15) (scout food 5))
(table capture-chance (scout city 40))
(table acp-to-capture (scout city 1))
(side 1 (name "Red")) (side 2 (name "Blue"))
(area 14 8)
(area (terrain "14a" "14a" "14a" "14a" "14a" "14a" "14a" "14a"))
(area (aux-terrain road "14a" "14a" "14a" "3acssq7a" "14a" "14a" "14a" "14a"))
(scorekeeper (do last-side-wins))
(scout 3 4 1)
(city 4 4 1 (n "Redtown"))
(scout 11 4 2)
(city 12 3 2 (n "Bluetown"))
"""
SIZES = [(320, 240), (1280, 720)]


def open_module(make_app, tmp_path, size, text=FOG_LAND, humans=(1,)):
    app = make_app(size)
    app.update_settings(howto_seen=("gdl",))
    path = tmp_path / "fogland.g"
    path.write_text(text)
    app.open("gdl_game", path=str(path), humans=humans, seed=1)
    app.run_frames(2)
    return app, app.top


def texts_drawn(app) -> list[str]:
    probe = TextProbe()
    app.theme.probe = probe
    app.invalidate()
    try:
        with probe.watching(app.surface):
            app.run_frames(1)
    finally:
        app.theme.probe = None
    return [d.text for d in probe.drawn]


def colours_in(surf, rect, step=2) -> set:
    return {tuple(surf.get_at((x, y))[:3]) for x in range(rect.x, rect.right, step) for y in range(rect.y, rect.bottom, step)}


def unit_pixel(sc, uid):
    """The pixel at the centre of the disc of unit `uid` (the letter sits there: one left)."""
    m = sc.map
    c = sc.game.cell_of(sc.game.units[uid])
    ox, oy = sc.view.x - m.cam[0], sc.view.y - m.cam[1]
    cx, cy = m.centre(c, ox, oy)
    return cx - max(2, m.cw // 3), cy


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_fog_of_war_is_drawn_for_your_side(make_app, tmp_path, size):
    """Side 1 (Red) sees 2 cells around its scout and 1 around its city; Blue's units 7+ cells
    away are not seen: their discs are not drawn, terrain Red never saw is black (UNKNOWN), and
    the road Red knows is drawn in the road colour. Red's own units wear the "you" colour."""
    app, sc = open_module(make_app, tmp_path, size)
    g = sc.game
    assert g.views is not None and sc.viewer_side() == 1
    blue_scout = next(u for u in g.units if u.side == 2 and g.w.m.utypes[u.type] == "scout")
    assert not vision.sees(g, 1, blue_scout.id)
    surf = app.surface
    seen = colours_in(surf, sc.view)
    assert UNKNOWN in seen
    assert aux_colour("road") in seen
    red = next(u for u in g.units if u.side == 1)
    assert tuple(surf.get_at(unit_pixel(sc, red.id))[:3]) == side_colour(1, 1)
    assert side_colour(2, 1) not in seen                       # no Blue disc anywhere
    # bots only: no side's view, everything drawn
    app2, sc2 = open_module(make_app, tmp_path, size, humans=())
    assert sc2.viewer_side() is None
    assert UNKNOWN not in colours_in(app2.surface, sc2.view)


def test_hot_seat_draws_the_view_of_the_side_on_the_move(make_app, tmp_path):
    app, sc = open_module(make_app, tmp_path, (480, 320), humans=(1, 2))
    assert sc.curtain == 1
    press(app, B.A)
    assert sc.viewer_side() == 1
    sc.end_turn()
    app.run_frames(2)
    assert sc.curtain == 2
    press(app, B.A)
    assert sc.viewer_side() == 2 and sc.you() == 2
    blue = next(u for u in sc.game.units if u.side == 2)
    assert tuple(app.surface.get_at(unit_pixel(sc, blue.id))[:3]) == side_colour(2, 2)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_panel_shows_who_you_are_the_standing_and_materials(make_app, tmp_path, size):
    """Red's city: food 15 of its storage 20; Red's stock = 15 + the scout's 5 = 20 food; the
    points of each side (default point-value 1 a unit: 2 each); the objective from the module's
    last-side-wins scorekeeper; no debug text (the seed) in the log."""
    app, sc = open_module(make_app, tmp_path, size)
    g = sc.game
    city = next(u for u in g.units if u.side == 1 and g.w.m.utypes[u.type] == "city")
    sc.cursor = g.cell_of(city)
    got = " | ".join(texts_drawn(app))
    assert "You are Red" in got
    assert "food 15/20" in got
    assert "You 2 pts" in got
    assert "Last side with units wins" in got
    if size[0] >= 1280:
        assert "stock: food 20" in got
    assert not any("seed" in line for line in sc.log)


def test_the_map_fills_a_large_screen(make_app, tmp_path):
    """Outpost (15 x 15) at 1280x720: the hexes grow until the map spans the map view's height
    (or width) to within one hex; at 320x240 the base hexes (12 px) do not fit: it scrolls."""
    for size in ((1280, 720), (320, 240)):
        app = make_app(size)
        app.update_settings(howto_seen=("gdl",))
        from game.ui.modes.gdl.picker import ASSETS
        app.open("gdl_game", path=str(ASSETS / "outpost.g"), humans=(1,), seed=2)
        app.run_frames(2)
        sc = app.top
        mw, mh = sc.map.size
        if size == (320, 240):                                  # too big for the base hex: it scrolls
            assert sc.map.cw == 12 and (mw > sc.view.w or mh > sc.view.h)
            continue
        assert mw <= sc.view.w + 1 and mh <= sc.view.h + 1
        assert mh >= sc.view.h - sc.map.hh or mw >= sc.view.w - sc.map.cw
        if size == (1280, 720):
            assert sc.map.cw >= 18                               # 1.5x the base hex and more


def test_production_from_the_one_handed_orders_menu(make_app, tmp_path):
    """A on the picked city (the cursor on it) lists its orders with the costs: "Make infantry:
    1 acp, 1 of 3 done" (acp-to-create 1, cp-on-creation 1 of cp 3); A takes it: a new
    incomplete infantry inside the city."""
    app, sc = open_module(make_app, tmp_path, (320, 240))
    g = sc.game
    city = next(u for u in g.units if u.side == 1 and g.w.m.utypes[u.type] == "city")
    sc.cursor = g.cell_of(city)
    press(app, B.A)
    assert sc.selected == city.id
    press(app, B.A)
    assert stack(app)[-1] == "choice"
    labels = app.top.labels
    line = next(lab for lab in labels if lab.startswith("Make infantry"))
    assert "1 acp" in line and "1 of 3 done" in line
    n = len(g.units)
    app.top.choose_label(line)
    assert len(g.units) == n + 1 and g.units[-1].cp == 1
    assert isinstance(g.decode_action(sc.actions[-1]), (Create, CreateIn))


def test_capture_odds_are_shown_before_acting(make_app, tmp_path):
    """Red's scout next to Blue's city: A on the city offers each thing to do with its odds;
    capture-chance 40 (nothing protects the city): "Capture … 40%"."""
    app, sc = open_module(make_app, tmp_path, (1280, 720))
    g = sc.game
    scout = next(u for u in g.units if u.side == 1 and g.w.m.utypes[u.type] == "scout")
    town = next(u for u in g.units if u.side == 2 and g.w.m.utypes[u.type] == "city")
    g.detach(scout)
    g.place(scout, g.w.grid.neighbours[g.cell_of(town)][0])
    g.views.update(g)
    sc.pick(scout.id)
    sc.cursor = g.cell_of(town)
    acts = sc.actions_at(scout.id, sc.cursor)
    assert any(isinstance(a, Capture) for a in acts)
    got = " | ".join(texts_drawn(app))
    assert "Bluetown" in got and "40%" in got
    press(app, B.A)
    if stack(app)[-1] == "choice":
        assert any(lab.startswith("Capture") and lab.endswith("40%") for lab in app.top.labels)
    else:
        assert g.decode_action(sc.actions[-1]) == Capture(scout.id, town.id)


def test_a_ends_the_turn_after_a_prompt_when_no_unit_can_act(make_app, tmp_path):
    """Every unit of yours done: A anywhere asks "All your units have acted. End the turn?" with
    the answer End turn chosen, so A, A ends it. With units left, A where none of them stands
    opens the turn menu (next unit / end now) instead."""
    app, sc = open_module(make_app, tmp_path, (480, 320))
    g = sc.game
    empty = next(c for c in g.w.grid.cells if not g.at.get(c))
    sc.cursor = empty
    press(app, B.A)
    assert stack(app)[-1] == "choice" and app.top.labels[0] == "Next unit that can act"
    press(app, B.A)
    assert sc.selected is not None and stack(app)[-1] == "gdl_game"
    for u in g.units:
        if u.side == 1:
            u.acp = 0
    sc.selected = None
    sc.cursor = empty
    press(app, B.A)
    assert stack(app)[-1] == "confirm" and "All your units have acted" in app.top.question
    n = len(sc.actions)
    press(app, B.A)
    assert sc.actions[n] == End().encode()


def test_the_legend_and_the_pause_menu(make_app, tmp_path):
    """START: the shared pause menu with End turn and the unit letters; the letters say which
    side you play and what each letter is."""
    app, sc = open_module(make_app, tmp_path, (320, 240))
    press(app, B.START)
    assert stack(app)[-1] == "pause"
    assert {"End turn", "Unit letters", "How to play", "Words"} <= set(app.top.labels)
    app.top.choose_label("Unit letters")
    assert stack(app)[-1] == "message"
    lines = app.top.lines
    assert lines[0] == "You are Red." and "s  scout" in lines and "C  city" in lines
    press(app, B.B)
    press(app, B.SELECT)
    assert stack(app)[-1] == "glossary"


def test_results_offer_play_again_on_a(make_app, tmp_path):
    app, sc = open_module(make_app, tmp_path, (320, 240))
    g = sc.game
    for u in g.units:
        if u.side == 2:
            g.detach(u)
            u.alive = False
    sc.end_turn()
    app.run_frames(60)
    assert g.over and stack(app)[-1] == "results"
    assert app.top.headline == "Victory!" and app.top.menu.current.label == "Play again"
    press(app, B.A)
    assert stack(app)[-1] == "gdl_game" and app.top is not sc and not app.top.game.over


def test_the_log_tells_only_what_your_side_sees(make_app, tmp_path):
    """Fog of war in the log too: Blue's scout, far out of Red's sight, is destroyed (the event
    as the engine sends it): no line for Red; Red's own scout is: its line is there."""
    from game.modes.gdl.events import Destroyed
    app, sc = open_module(make_app, tmp_path, (320, 240))
    g = sc.game
    blue = next(u for u in g.units if u.side == 2 and g.w.m.utypes[u.type] == "scout")
    red = next(u for u in g.units if u.side == 1 and g.w.m.utypes[u.type] == "scout")
    n = len(sc.log)
    sc.shown([Destroyed(blue.id)])
    assert len(sc.log) == n
    sc.shown([Destroyed(red.id)])
    assert len(sc.log) == n + 1


def test_the_next_unit_is_picked_when_one_is_done(make_app, tmp_path):
    """Red's scout with 1 ACP left steps (a step costs 1 ACP here): it cannot act any more, so the
    first unit of Red's that still can - the city - is picked and the cursor jumps to it."""
    from game.modes.gdl.actions import Move
    app, sc = open_module(make_app, tmp_path, (320, 240))
    g = sc.game
    scout = next(u for u in g.units if u.side == 1 and g.w.m.utypes[u.type] == "scout")
    city = next(u for u in g.units if u.side == 1 and g.w.m.utypes[u.type] == "city")
    scout.acp = 1
    sc.pick(scout.id)
    step = next(a for a in g.unit_actions(scout) if isinstance(a, Move) and a.cell != g.cell_of(scout))
    sc.act(step)
    assert not g.can_act(scout)
    assert sc.selected == city.id and sc.cursor == g.cell_of(city)
