"""Whole bouts: determinism, replays, snapshots, legal actions and malformed actions."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.modes.base import ActionError, Game
from game.modes.bout import actions as A
from game.modes.bout.bot import BoutBot
from game.modes.bout.game import BoutGame
from game.modes.bout.match import ReplayError, play_bout, to_replay, verify
from game.modes.bout.scenarios import BoutOptions, new_bout
from game.rules.bout.loader import load_bout_ruleset


@pytest.fixture(scope="module")
def shipped():
    rules, problems = load_bout_ruleset()
    assert rules is not None, problems
    return rules


@pytest.mark.parametrize("scenario", ["duel", "one_vs_three", "roguelike", "brawl"])
def test_bouts_end_and_replay_exactly(shipped, scenario):
    for seed in range(3):
        seats = ("hard", "normal", "easy") if scenario == "brawl" else ("hard", "normal")
        res = play_bout(shipped, seed, BoutOptions(scenario=scenario), seats)
        assert res.winner is not None or res.draw
        assert len(res.hashes) == res.turns                   # one state hash per exchange
        again = play_bout(shipped, seed, BoutOptions(scenario=scenario), seats)
        assert again.final_hash == res.final_hash and again.actions == res.actions
        game = verify(shipped, to_replay(res))
        assert game.state_hash() == res.final_hash and game.is_over()


def test_seeds_differ(shipped):
    hashes = {play_bout(shipped, s, BoutOptions(scenario="roguelike")).final_hash for s in range(6)}
    assert len(hashes) == 6


def test_a_tampered_replay_is_refused(shipped):
    rep = to_replay(play_bout(shipped, 5, BoutOptions()))
    rep.turns[0][2] = "0" * 32
    with pytest.raises(ReplayError, match="turn 1"):
        verify(shipped, rep)
    rep = to_replay(play_bout(shipped, 5, BoutOptions()))
    rep.actions[2] = [9, 9]
    with pytest.raises(ReplayError, match=r"actions\[2\]"):
        verify(shipped, rep)
    rep = to_replay(play_bout(shipped, 5, BoutOptions()))
    del rep.turns[len(rep.turns) // 2]                       # a missing turn hash is noticed
    with pytest.raises(ReplayError, match="turn hashes|one per turn|no state hash"):
        verify(shipped, rep)
    rep = to_replay(play_bout(shipped, 5, BoutOptions()))
    rep.setup["engine"] = 7
    with pytest.raises(ReplayError, match="engine 7"):
        verify(shipped, rep)


def test_snapshot_restores_mid_bout(shipped):
    g = new_bout(shipped, 11, BoutOptions(scenario="one_vs_three"))
    assert isinstance(g, Game)
    bots = [BoutBot("hard", 1, 0), BoutBot("hard", 1, 1)]
    for _ in range(12):
        g.apply(bots[g.to_act()].choose(g))
    h = BoutGame.restore(shipped, g.snapshot())
    assert h.state_hash() == g.state_hash()
    while not g.is_over():
        act = bots[g.to_act()].choose(g)
        g.apply(act)
        h.apply(act)
        assert h.state_hash() == g.state_hash()


def test_every_listed_action_is_legal_and_others_are_refused(shipped):
    g = new_bout(shipped, 3, BoutOptions())
    bot = BoutBot("normal", 3)
    seen = set()
    while not g.is_over() and len(seen) < 3:
        acts = g.legal_actions()
        assert acts
        seen.add(g.phase)
        for a in acts[:: max(1, len(acts) // 40)]:
            g.check(a)
        f = g.fighter_to_act()
        with pytest.raises(ActionError):
            g.apply(A.Done((f + 1) % len(g.fighters)))  # someone else's "done"
        g.apply(bot.choose(g))
    assert {"orient", "target", "declare"} <= seen


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-3, 300), max_size=10))
def test_malformed_actions_never_corrupt_the_state(shipped, data):
    g = new_bout(shipped, 1, BoutOptions())
    before = g.state_hash()
    try:
        g.apply(g.decode_action(data))
    except ActionError:
        assert g.state_hash() == before


