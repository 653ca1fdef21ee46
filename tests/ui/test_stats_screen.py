"""The Stats screen: your record per mode (bars), your rating over time (a plot), the WoS view;
L/R change the view, LEFT/RIGHT who is "you"."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from ui_harness import B, menu_open, press, stack

from game.store.stats import GameRecord, SeatRecord
from game.ui import stats_plot
from game.ui.theme import TextProbe

WHEN = datetime(2026, 5, 22, 14, 30, tzinfo=UTC)


def _games(stats):
    """Player 1 against Player 2 (rated) five times in Skirmish, a duel won against a bot."""
    for i, p1 in enumerate((1, 1, 2, 1, 2)):
        stats.record_game(GameRecord("skirmish", "ring", "h", i, [SeatRecord(0, "Player 1", False, p1, 1, 1),
                                                                    SeatRecord(1, "Player 2", False, 3 - p1, 1, 1)],
                                     played_at=WHEN + timedelta(days=i)))
    stats.record_game(GameRecord("duel", "", "h", 9, [SeatRecord(0, "Player 1", False, 1, 0, 5),
                                                      SeatRecord(1, "Bot (normal)", True, 2, 0, 0)], played_at=WHEN))


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)])
def test_stats_views_records_rating_plot_and_opponents(make_app, size, artifacts):
    app = make_app(size)
    app.theme.probe = probe = TextProbe()
    press(app, B.A)
    if stack(app)[-1] == "message":
        press(app, B.A)
    _games(app.stats)
    menu_open(app, "Stats")
    sc = app.top
    assert sc.VIEWS[sc.view] == "records"
    recs = {r.mode: r for r in sc.records()}
    assert (recs["skirmish"].wins, recs["skirmish"].losses, recs["duel"].wins) == (3, 2, 1)
    probe.clear()
    app.invalidate()
    app.run_frames(1)
    texts = " ".join(d.text for d in probe.drawn)
    assert "Skirmish" in texts and "Wizard duel" in texts and "5 played · 3 won · 2 lost · 60%" in texts
    assert probe.problems(app.surface.get_rect()) == []
    app.screenshot(artifacts / f"stats_records_{size[0]}x{size[1]}.png")
    press(app, B.R)
    assert sc.VIEWS[sc.view] == "rating"
    hist = sc.history()
    assert len(hist) == 5 and hist[-1][1] == app.stats.rating("Player 1")
    probe.clear()
    app.invalidate()
    app.run_frames(1)
    accent = sum(1 for x in range(0, size[0] // (2 if size[0] > 640 else 1), 2)
                 for y in range(app.surface.get_height()) if tuple(app.surface.get_at((x, y)))[:3] == stats_plot.T.ACCENT)
    assert accent > 10                                  # the rating line is drawn
    assert any(f"{hist[-1][1]} now" in d.text for d in probe.drawn)
    assert probe.problems(app.surface.get_rect()) == []
    app.screenshot(artifacts / f"stats_rating_{size[0]}x{size[1]}.png")
    press(app, B.RIGHT)                                 # Player 2 is "you" now
    assert sc.records()[0].wins == 2 and len(sc.history()) == 5
    press(app, B.R)
    assert sc.VIEWS[sc.view] == "opponents" and sc.lines()[0].player == "Player 2"
    press(app, B.L, B.L, B.L)
    assert sc.VIEWS[sc.view] == "opponents"
    press(app, B.B)
    assert stack(app) == ["menu"]


def test_a_player_without_rated_games_is_told_how_ratings_move(make_app):
    app = make_app((320, 240))
    app.theme.probe = probe = TextProbe()
    press(app, B.A)
    menu_open(app, "Stats")
    press(app, B.R)
    probe.clear()
    app.invalidate()
    app.run_frames(1)
    words = " ".join(d.text for d in probe.drawn)
    assert "no rated games yet" in words and "against bots do not change it" in words.replace("  ", " ")
