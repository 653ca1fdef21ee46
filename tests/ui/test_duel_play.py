"""Whole Wizard duels against a bot, entered with logical inputs only: once with the plan's
number pad, once with the d-pad and buttons (both diagonal schemes), from the title to the
results screen, then "play again"."""

from __future__ import annotations

import pytest
from test_ui_duel_keys import (
    keypad_buttons,
    play_duel,
    set_level_size,
    to_duel_menu,
)
from ui_harness import B, press, stack

from game.ui.modes.duel.setup_menu import host_options

pytestmark = pytest.mark.usefixtures("fresh_options")  # see tests/ui/conftest.py

@pytest.fixture(autouse=True)
def _duel_howto_seen(monkeypatch):
    """These tests play duels, not the first-game how-to (test_duel_controls.py opens it)."""
    from game.ui import onboarding
    due = onboarding.howto_due
    monkeypatch.setattr(onboarding, "howto_due", lambda app, mode: mode != "duel" and due(app, mode))



def enter_keypad(app, action) -> None:
    for b in keypad_buttons(action):
        press(app, b)


def test_whole_duel_with_the_number_pad(make_app, artifacts):
    app = make_app((480, 320))
    to_duel_menu(app)
    set_level_size(app, 13)
    assert host_options().options.level_size == 13
    press(app, B.A)                                           # Against a bot (normal)
    assert stack(app)[-1] == "duel_game"
    sc = app.top
    assert sc.match.seats[1].kind == "bot" and sc.game.state.layout.size == 13
    n = play_duel(app, enter_keypad)
    assert n > 5
    res = app.top
    assert res.scene_name == "duel_results"
    g = res.match.game
    assert g.is_over() and g.winner in (0, 1)
    assert res.lines()[0][0] in ("You win!", f"{res.match.seats[1].name} wins")
    # the duel is kept: a replay that verifies turn by turn, and a stats record
    from game.core.replay import parse_replay
    from game.modes.duel.match import verify_replay
    kept = [r for r in app.replays.list() if r.ok and r.mode == "duel"]
    assert len(kept) == 1
    _, doc = app.replays.load(kept[0].name)
    assert verify_replay(parse_replay(doc)).state_hash() == g.state_hash()
    assert app.stats.recent_games(1)[0]["mode"] == "duel"
    # and it plays back from the Replays scene to the same final state
    from game.ui.modes.duel.replay_match import ReplayDuelMatch
    watch = ReplayDuelMatch(parse_replay(doc))
    while not watch.game.is_over():
        watch.apply(watch.next_action())
    assert watch.game.state_hash() == g.state_hash()
    app.open("replays")
    press(app, B.A)                                           # the newest replay: this duel
    assert stack(app)[-1] == "duel_game" and app.top.match.mode == "replay"
    app.back()
    app.back()
    assert stack(app)[-1] == "duel_results"
    app.run_frames(1)
    app.screenshot(artifacts / "duel_results_480x320.png")
    assert not host_options().in_game                            # the options may change again
    assert app.top.menu.current.label == "Play again"
    press(app, B.A)                                           # Play again: the same kind of duel
    assert stack(app)[-1] == "duel_game" and app.top.game.state.layout.size == 13
    press(app, B.START)
    assert stack(app)[-1] == "pause"
    from test_ui_duel_keys import pick
    pick(app, "Leave the duel")
    press(app, B.DOWN, B.A)                                   # confirm: Yes
    assert stack(app) == ["menu"]


@pytest.mark.parametrize("size", [(320, 240), (1280, 720)], ids=["320x240", "1280x720"])
def test_whole_duel_with_the_dpad_and_buttons(make_app, size):
    """The d-pad + A/B script of tests/ui/one_handed.py: the cursor, A walks (diagonal steps
    included, no chord), the action bar for the final action; title to the results."""
    from one_handed import play
    app = make_app(size)
    played = play(app, "duel")
    assert played.result == "duel_results" and not played.other_buttons
    g = app.top.match.game
    assert g.turn > 5
    host_options().change(level_size=25)
