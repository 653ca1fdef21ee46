"""Issue 20, Skirmish in the shared frame: the set-up opens on its Fight line, who is winning
(the goal line and the strength bar, pixels read back), the opening banner inside the board at
320x240 and off the dock, army cards whole at 1280x720, results with Play again on A, bot turns
hurried by holding A, and a battle from the title to its result with d-pad + A/B only."""

from __future__ import annotations

import pygame
import pytest
from ui_harness import B, hold, press, release, run_until, stack

from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import Participant
from game.ui import theme as T
from game.ui.modes.skirmish import strength
from game.ui.modes.skirmish.session import battle_match


def battle(make_app, size=(480, 320), seed=7):
    app = make_app(size)
    rs = app.content.ruleset()
    parts = [Participant("You", "human"), Participant("", "bot:normal")]
    app.replace("skirmish_battle", match=battle_match(app, rs, rs.map("01_meadow"), parts, seed, Options()))
    sc = app.top
    run_until(app, lambda: sc.control.my_turn() and not sc.anim.busy, 4000, "the human's turn")
    return app, sc


def test_setup_opens_on_fight_with_the_first_game_note(make_app):
    app = make_app((320, 240))
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    press(app, B.A)                                  # Skirmish
    sc = app.top
    assert sc.scene_name == "skirmish_setup" and sc.menu.current.label == "Form armies and fight"
    assert any("normal bot" in n[0] for n in sc.notes())           # which level suits a first game
    press(app, B.A)                                  # A on the Fight line: the armies
    assert stack(app)[-1] == "skirmish_formation"


def test_strength_shares_follow_hp_by_hand():
    """Two sides with 30 and 10 HP on a 100-px bar: 100*30//40 = 75 px and the last side the
    remaining 25; a side with no pieces has no share."""
    class G:
        def __init__(self, scores):
            self._s = scores

        def scores(self):
            return self._s
    assert strength.shares(G({0: (3, 30), 1: (1, 10)}), 100) == [(0, 0, 75), (1, 75, 25)]
    assert strength.shares(G({0: (2, 7), 1: (0, 0), 2: (1, 14)}), 90) == [(0, 0, 30), (2, 30, 60)]


def test_strength_bar_pixels_and_goal_line(make_app):
    app, sc = battle(make_app)
    g = sc.game
    app.invalidate()
    sc.dirty = True
    app.run_frames(1)
    surf = app.surface
    lay, th = sc.layout, sc.theme
    lh = th.line_height("tiny")
    x0 = lay.dock.x + th.pad
    y = lay.dock.y + th.pad + lh + 1 + strength.bar_height(th) // 2 - 1
    width = lay.dock.w - 2 * th.pad
    row = [tuple(surf.get_at((x, y)))[:3] for x in range(x0, x0 + width)]
    shares = strength.shares(g, width)
    assert [s for s, _, _ in shares] == sorted(g.seats())
    for seat, x, w in shares:                        # each side's share wears its board colour
        colour = T.team_colour(seat)
        assert sum(1 for c in row[x:x + w] if c == colour) >= w // 2, seat
    assert "Defeat" in strength.goal_text(g, sc.goal_seat(), th, width)
    # a blow changes the bar: a side that loses HP loses width
    before = {s: w for s, _, w in shares}
    foe = next(p for p in g.pieces if p.alive and p.seat != sc.goal_seat())
    foe.hp = max(1, foe.hp // 3)
    after = {s: w for s, _, w in strength.shares(g, width)}
    assert after[foe.seat] < before[foe.seat]


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_opening_banner_stays_on_the_board(make_app, size):
    app, sc = battle(make_app, size)
    sc.banner, sc.banner_until = "You are Green G · Red moves first", sc.time + 5
    canvas = app.surface.copy()
    th = sc.theme
    drawn = []
    real = th.put

    def put(s, img, pos, text, *a, **k):
        drawn.append((pygame.Rect(pos, img.get_size()), text))
        return real(s, img, pos, text, *a, **k)
    th.put = put
    try:
        sc.draw_banner(canvas, sc.banner)
    finally:
        th.put = real
    assert [t for _, t in drawn] == ["You are Green G", "Red moves first"]       # one part a line
    for r, text in drawn:
        assert sc.layout.view.contains(r), (text, r, sc.layout.view)          # never over the dock


def test_army_cards_are_whole_at_1280x720(make_app):
    app = make_app((1280, 720))
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    app.open("skirmish_setup")
    press(app, B.A)
    f = app.top
    assert f.scene_name == "skirmish_formation"
    th = f.theme
    fitted = []
    real = th.fit

    def fit(text, width, size="normal"):
        out = real(text, width, size)
        fitted.append((text, out))
        return out
    th.fit = fit
    try:
        app.invalidate()
        f.dirty = True
        app.run_frames(1)
    finally:
        th.fit = real
    names = {f.rs.piece(p).name for p in f.army if p}
    cut = [(t, o) for t, o in fitted if t in names and o != t]
    assert names and not cut, cut


def test_results_offer_play_again_on_a(make_app):
    app, sc = battle(make_app)
    sc.abandon()
    res = app.top
    assert res.scene_name == "skirmish_results" and res.choices[res.sel][0] == "Play again"
    press(app, B.RIGHT)
    assert res.choices[res.sel][0] == "Menu"
    press(app, B.LEFT, B.A)                          # Play again: the same battle, a new seed
    assert stack(app)[-1] == "skirmish_battle" and app.top is not sc


def test_holding_a_hurries_the_bot(make_app):
    app, sc = battle(make_app)
    normal = sc.pace
    hold(app, B.A)
    try:
        assert sc.pace == pytest.approx(normal / 4)
        assert sc.anim_dt(0.1) == pytest.approx(0.1)          # the person's turn: own animations 1x
    finally:
        release(app, B.A)
    assert sc.pace == pytest.approx(normal)


def test_b_never_leaves_and_start_is_the_shared_pause(make_app):
    app, sc = battle(make_app)
    for _ in range(4):
        press(app, B.B)
    assert stack(app)[-1] == "skirmish_battle" and sc.match.result is None
    press(app, B.START)
    assert stack(app)[-1] == "pause"
    labels = app.top.labels
    assert labels[0] == "Resume" and "How to play" in labels and labels[-1] == "Abandon battle"
    app.top.choose_label("Abandon battle")
    app.run_frames(2)
    assert stack(app)[-1] == "confirm"                       # leaving asks first


def test_no_stale_line_of_the_bots_turn_during_yours(make_app):
    app, sc = battle(make_app)
    sc.message, sc.message_until = "Red's Catapult moves", sc.time + 3.5
    from game.modes.skirmish.events import TurnBegan
    sc.on_turn_began([TurnBegan(sc.game.current, sc.game.turn)])
    assert sc.message_until <= sc.time + 1.0              # the other side's line goes within a second
