"""A whole battle through logical buttons only: title -> menu -> setup -> formation -> battle ->
results -> stats -> replays, on a small map with a low army size, a human (moves chosen by the
test, entered at the cursor) against a hard bot. Highlights and info-window numbers are checked
against the engine and `tactibox preview`, on the screenshot itself where it matters."""

from __future__ import annotations

import json

import pytest
from ui_harness import (
    B,
    answer,
    cursor_to,
    free_of_hud,
    menu_open,
    pixel,
    press,
    run_until,
    screen_point,
    settle,
    stack,
    to_battle,
    world_pixel,
)

from game.ui import theme as T


def plan(game):
    """The test player's move: a piece and where to walk (attack if possible, else approach)."""
    me = game.current
    enemies = [p for p in game.pieces if p.alive and p.seat != me]
    best = None
    for p in game.movable_pieces():
        for c in [p.cell] + game.reach(p).cells():
            hit = bool(game.targets_from(p, c))
            score = (hit, -min(game.grid.distance(c, e.cell) for e in enemies), -c)
            if best is None or score > best[0]:
                best = (score, p, c)
    return best[1], best[2]


def preview_json(capsys, a, d, game, a_rest=None):
    from game.cli import main
    pa, pd = game.piece_type(a), game.piece_type(d)
    capsys.readouterr()
    rest = a.rest if a_rest is None else a_rest
    assert main(["preview", pa.id, pd.id, "--json", "--attacker-level", str(a.level), "--defender-level",
                 str(d.level), "--attacker-rest", str(rest), "--defender-rest", str(d.rest)]) == 0
    return json.loads(capsys.readouterr().out)


def human_ready(app):
    sc = app.top
    return (sc.scene_name != "skirmish_battle" or (sc.control.my_turn() and sc.game.phase == "select"
                                          and not sc.anim.busy and not sc.camera.moving
                                          and sc.time >= sc.banner_until))


def check_purple(app, sc, p, artifacts):
    reach = set(sc.game.reach(p).cells())
    assert reach and set(sc.control.marks().purple) == reach
    app.run_frames(1)
    app.screenshot(artifacts / "battle_selected_480x320.png")
    checked = 0
    for c in sorted(reach):
        pt = screen_point(sc, c, 3, 3)
        if not free_of_hud(sc, pt) or sc.game.piece_at(c) is not None:
            continue
        shown, plain = pixel(app, pt), world_pixel(sc, c, 3, 3)
        # purple (168, 84, 255) laid over the tile: more blue, less green than the bare tile
        assert shown.b > plain.b + 20 and shown.g < plain.g, (c, shown, plain)
        checked += 1
    assert checked >= 2
    # a cell it cannot reach is not purple
    far = next(c for c in sc.game.grid.cells if c not in reach and sc.game.piece_at(c) is None
               and free_of_hud(sc, screen_point(sc, c, 3, 3)) and sc.game.gmap.tiles[c])
    assert pixel(app, screen_point(sc, far, 3, 3)) == world_pixel(sc, far, 3, 3)


def check_orange_outline(app, sc, p, dest):
    marks = sc.control.marks()
    pt = sc.game.piece_type(p)
    in_range = {c for c in sc.game.grid.cells_in_range(dest, pt.rng_min, pt.rng_max) if sc.game.gmap.tiles[c]}
    targets = {t.cell for t in sc.game.targets_from(p, dest)}
    assert set(marks.orange_outline) == in_range - targets
    assert set(marks.targets) == targets
    app.run_frames(1)
    u = sc.theme.unit
    seen = 0
    for c in marks.orange_outline:
        r = sc.board.geom.top_rect(c)
        x, y = screen_point(sc, c)
        point = (x - r.w // 2 + u, y)            # the left edge of the outline, inset by one unit
        if free_of_hud(sc, point) and sc.game.piece_at(c) is None:
            assert tuple(pixel(app, point))[:3] == T.ORANGE, c
            seen += 1
    assert seen >= 1


def check_info_estimate(app, sc, capsys, attacker, target, walked: bool):
    cursor_to(app, target.cell)
    app.run_frames(1)
    # the preview uses the rest the piece will have after its (previewed) walk
    rest = max(0, attacker.rest - sc.game.rules.rest_per_walk) if walked else attacker.rest
    e = preview_json(capsys, attacker, target, sc.game, rest)
    assert sc.info.estimate_lines == [f"damage {e['damage']}", f"miss {e['miss_pct']}%", f"crit {e['crit_pct']}",
                                      f"crit damage {e['crit_damage']}"]
    st = sc.game.stats(target)
    assert sc.info.lines[0] == f"HP {target.hp}/{st.hp}"
    assert sc.info.lines[2:5] == [f"STR {st.str}", f"DEF {st.def_}", f"AGI {st.agi}"]
    # the window is on screen: its frame has the target team's colour
    r = sc.info.rect
    assert r.w > 0 and tuple(pixel(app, (r.x, r.centery)))[:3] == T.team_colour(target.seat)


@pytest.mark.slow
def test_whole_battle_by_buttons(make_app, artifacts, capsys):
    app = make_app((480, 320))
    to_battle(app, army_downs=7, turn_limit_rights=2)      # army size 2, turn limit 20
    sc = app.top
    g = sc.game
    assert g.options.army_limit == 2 and g.options.turn_limit == 20
    assert [g.controller(s) for s in g.seats()].count("human") == 1
    checked = {"purple": False, "outline": False, "info": False, "end_turn": False}
    moves = 0
    while stack(app)[-1] == "skirmish_battle":
        run_until(app, lambda: human_ready(app), what="the human's turn")
        if stack(app)[-1] != "skirmish_battle":
            break
        # once: End turn with Y and a confirm, after the first move of a later turn
        if moves >= 2 and not checked["end_turn"] and len(g.movable_pieces()) < len(g.army(g.current)):
            seat = g.current
            press(app, B.Y)
            answer(app, "Yes")
            assert g.current != seat or g.over
            checked["end_turn"] = True
            continue
        p, dest = plan(g)
        if sc.control.selected != p.id:                 # the next piece is often selected already
            cursor_to(app, p.cell)
            press(app, B.A)
        assert sc.control.selected == p.id
        if not checked["purple"]:
            check_purple(app, sc, p, artifacts)
            checked["purple"] = True
        if dest == p.cell:
            press(app, B.X)                             # Skip move
        else:
            cursor_to(app, dest)
            if not checked["outline"]:
                check_orange_outline(app, sc, p, dest)
                checked["outline"] = True
            press(app, B.A)
        moves += 1
        settle(app)
        # the walk is only previewed: the engine has not moved the piece yet
        assert sc.control.pending == dest and g.phase == "select" and p.cell != dest or dest == p.cell
        targets = g.targets_from(p, dest)
        assert set(sc.control.marks().targets) == {t.cell for t in targets}
        if targets:
            if not checked["info"]:
                check_info_estimate(app, sc, capsys, p, targets[0], dest != p.cell)
                app.screenshot(artifacts / "battle_attack_480x320.png")
                checked["info"] = True
            cursor_to(app, targets[0].cell)
        press(app, B.A)                                 # attack it / wait there
        settle(app)
        assert p.cell == dest or not p.alive
        assert moves < 80
    assert all(checked.values()), checked
    # results: placements, pieces and HP left, as the engine says; recorded and saved
    assert stack(app)[-1] == "skirmish_results"
    res = app.top.result
    app.screenshot(artifacts / "results_480x320.png")
    scores = g.scores()
    assert [(p.pieces_left, p.hp_left) for p in res.placements] == [scores[p.seat] for p in res.placements]
    assert res.finished and [p.place for p in res.placements] == [1, 2]
    assert [p.seat for p in res.placements] == g.placements()
    assert app.stats.game_count() == 1
    assert res.replay_name and [i.name for i in app.replays.list()] == [res.replay_name]
    me = app.player_name(0)
    bot = next(p.player for p in res.placements if p.controller != "human")
    lines = app.stats.stats_view(me, [bot])
    assert lines[0].games == 1 and lines[1].games == 1
    # the cursor starts on Play again (issue 20); right to Menu, A: back to the menu; Stats shows
    # the WoS view with the bot of the last battle
    assert app.top.choices[app.top.sel][0] == "Play again"
    press(app, B.RIGHT, B.A)
    assert stack(app) == ["menu"]
    menu_open(app, "Stats")
    assert stack(app)[-1] == "stats"
    assert [ln.player for ln in app.top.lines()] == [me, bot]
    press(app, B.B)
    # Replays: watch it; the playback ends in the recorded final state
    menu_open(app, "Replays")
    assert stack(app)[-1] == "replays"
    press(app, B.A)
    assert stack(app)[-1] == "skirmish_replay"
    rp = app.top
    recorded = {turn: h for _, turn, h in rp.watched.turns}
    press(app, B.R, B.R)                             # two turns forward: the state recorded then
    assert rp.game.turn == 2 and rp.game.state_hash() == recorded[2] and rp.replay_driver.paused
    press(app, B.L)                                  # one back
    assert rp.game.turn == 1 and rp.game.state_hash() == recorded[1]
    press(app, B.Y)                                  # straight to a turn from the list
    assert stack(app)[-1] == "choice" and app.top.labels[0] == "Turn 1"
    press(app, B.DOWN, B.DOWN, B.A)
    assert stack(app)[-1] == "skirmish_replay" and rp.game.turn == 2
    press(app, B.A, B.X)                             # play on, fast
    run_until(app, lambda: rp.game.over and not rp.anim.busy, 6000, "the replay's end")
    assert rp.game.state_hash() == g.state_hash()
    press(app, B.B)
    assert stack(app)[-1] == "replays"
