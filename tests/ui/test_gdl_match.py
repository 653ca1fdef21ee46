"""Xconq module games on the screen are Matches (issue 23): a game with the person against bots,
a bots-only game and a kept game watched from Replays all apply every action through
`Match.apply` (counted); the finished game is kept in Replays and Stats and its replay verifies;
a replay made before the Match (GDL rules version 2, `setup = {}`) still plays back on the
screen. (Linked games: tests/link/test_link_match_modes.py and tests/ui/test_link_*.py; bot
games and verify: tests/match/test_every_mode.py; Continue: tests/ui/test_continue.py.)"""

from __future__ import annotations

import pytest
from ui_harness import B, press, run_until, stack

from game.core.datafile import ASSETS
from game.core.replay import parse_replay
from game.match import Match
from game.modes import driver
from game.modes.gdl.actions import Move
from game.modes.registry import get_mode

OUTPOST = ASSETS / "gdl" / "outpost.g"


@pytest.fixture
def applied(monkeypatch):
    """Every action Match.apply applied, per mode."""
    seen: dict[str, int] = {}
    real = Match.apply

    def counting(self, action):
        seen[self.mode] = seen.get(self.mode, 0) + 1
        return real(self, action)
    monkeypatch.setattr(Match, "apply", counting)
    return seen


def test_a_game_against_bots_is_a_match_and_is_kept_with_its_stats(make_app, applied):
    app = make_app()
    app.update_settings(howto_seen=("gdl",))          # the first game's how-to is not the point here
    app.open("gdl_game", path=str(OUTPOST), humans=(1,), seed=11)
    sc = app.top
    run_until(app, sc.human_turn, 2000, "the person's turn")
    step = next(a for a in sc.game.legal_actions() if isinstance(a, Move))
    before = len(sc.match.replay.actions)
    sc.apply(step)                                   # the person's move: through their driver
    assert sc.match.replay.actions[before:] == [step.encode()] and applied["gdl"] == before + 1
    assert sc.match.player(0).controller == "human" and sc.match.player(1).controller == "bot:hard"
    for _ in range(400):                            # then End turn from the pause menu until the game ends
        if sc.match.over:
            break
        if sc.human_turn():
            press(app, B.START)                      # the pause menu's End turn, then its question
            assert stack(app)[-1] == "pause"
            app.top.choose_label("End turn")
            assert stack(app)[-1] == "confirm"
            app.top.menu.index = 1                   # "End turn"
            press(app, B.A)
        app.run_frames(5)
    assert sc.match.over and applied["gdl"] == len(sc.match.replay.actions) > 2
    res = sc.match.result
    assert res is not None and res.finished and res.replay_name and res.game_id is not None
    kept = [r for r in app.replays.list() if r.ok]
    assert [r.mode for r in kept] == ["gdl"] and len(app.stats.recent_games(5)) == 1
    _, doc = app.replays.load(kept[0].name)
    rep = parse_replay(doc)
    assert rep.setup == {"seats": ["human", "bot:hard"]} and rep.turns[0][0] == 0
    verdict = driver.verify(get_mode("gdl"), rep)
    assert verdict.ok and verdict.state_hash == sc.game.state_hash(), verdict.problems
    assert not app.in_progress.all()                # the game in progress went with its end


def test_a_bots_only_game_and_watching_it_again_from_replays(make_app, applied):
    from game.ui.scenes.replays import open_replay
    app = make_app()
    app.update_settings(howto_seen=("gdl",))          # the first game's how-to is not the point here
    app.open("gdl_game", path=str(OUTPOST), humans=(), seed=5)
    sc = app.top
    assert sc.human is None and not sc.human_turn()
    run_until(app, lambda: sc.match.over, 20000, "the bots' game to end")
    n = len(sc.match.replay.actions)
    assert applied["gdl"] == n > 10
    final = sc.game.state_hash()
    app.goto_menu()
    info = next(r for r in app.replays.list() if r.ok and r.mode == "gdl")
    open_replay(app, info)                           # Replays: watch
    w = app.top
    assert stack(app)[-1] == "gdl_game" and w.match is not sc.match and not w.match.record
    run_until(app, lambda: w.match.over, 20000, "the replay to play back")
    assert w.game.state_hash() == final and applied["gdl"] == 2 * n


def test_a_replay_from_before_the_match_still_plays_back_on_the_screen(make_app):
    """The shape GDL replays had before the Match (`match.to_replay` of rules version 2: no seats
    in `setup`, result = the summary) plays back to its recorded final hash."""
    from game.core.replay import Replay
    from game.modes.gdl.match import open_world, play
    from game.ui.modes.gdl.session import open_replay
    res = play(open_world(OUTPOST), 9, path=str(OUTPOST))
    old = Replay(mode="gdl", seed=9, ruleset_id=res.module, ruleset_hash=res.content_hash,
                 options={"module": str(OUTPOST), "gdl-rules": 2}, setup={}, actions=list(res.actions),
                 turns=[list(t) for t in res.turns], result=res.summary())
    assert driver.verify(get_mode("gdl"), old).ok
    app = make_app()
    app.update_settings(howto_seen=("gdl",))          # the first game's how-to is not the point here
    open_replay(app, old)
    w = app.top
    run_until(app, lambda: w.match.over, 20000, "the old replay to play back")
    assert w.game.state_hash() == res.game.state_hash() == old.result["state_hash"]
