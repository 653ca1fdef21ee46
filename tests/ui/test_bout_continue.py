"""Continue for an arena bout (issue 23): a bout played on the bout screen is saved after every
declaration; switched off mid-bout, a new App on the same data folder offers it on the title,
and A brings it back on the bout screen (`bout_game` with `match=`) with the same state hash,
the person on the same side and the bot driving the other, to be played to the end."""

from __future__ import annotations

from test_bout_screen import _play_out, open_bout
from ui_harness import B, press, run_until, stack

from game.match import BotDriver
from game.ui.human import HumanDriver


def test_a_bout_switched_off_mid_bout_continues_from_the_title(make_app):
    app = make_app()
    open_bout(app)                                        # a duel against the hard bot
    sc = app.top
    for _ in range(3):                                    # three of the person's declarations
        run_until(app, lambda: sc.chooser is not None, 600, "your declaration")
        press(app, B.A)
    run_until(app, lambda: len(sc.match.replay.actions) >= 3, 600, "the declarations applied")
    h, n = sc.game.state_hash(), len(sc.match.replay.actions)
    assert not sc.game.is_over()
    app.close()                                           # switched off: not abandoned
    again = make_app()
    assert [g.mode for g in again.top.games] == ["bout"], again.top.games
    press(again, B.A)                                     # Continue is chosen first
    assert stack(again)[-1] == "bout_game", stack(again)
    back = again.top
    # the bot may already have answered in the first frames: compare the replay's common part
    assert back.match.replay.actions[:n] == sc.match.replay.actions[:n]
    assert len(back.match.replay.actions) >= n
    if len(back.match.replay.actions) == n:
        assert back.game.state_hash() == h
    assert back.human_sides == {0} and isinstance(back.match.driver(0), HumanDriver)
    assert isinstance(back.match.driver(1), BotDriver)
    _play_out(again)
    assert back.game.is_over()
