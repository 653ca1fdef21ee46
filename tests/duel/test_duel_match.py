"""Headless duels and replays with per-turn hashes."""

from __future__ import annotations

import pytest

from game.modes.duel.match import ReplayError, play_duel, replay
from game.modes.duel.options import DuelOptions


@pytest.fixture(scope="module")
def result():
    return play_duel(21, DuelOptions(), bots=("hard", "normal"), max_turns=200)


def test_a_bot_duel_records_everything(result):
    assert result.turns_played == len(result.hashes) == len(result.turns)
    assert result.over in ("death", "both died", "turn limit")
    d = result.replay.result
    assert d["state_hash"] == result.final_hash and d["turns"] == result.turns_played
    from game.modes.duel.match import action_bytes
    assert action_bytes(result.replay.actions) == sum(map(len, result.turns)) <= 3 * result.turns_played


def test_replay_from_codes_or_packed_turns(result):
    for actions in (result.actions, result.turns):
        g = replay(result.seed, result.options, actions, result.hashes, max_turns=result.max_turns)
        assert g.state_hash() == result.final_hash and g.winner == result.winner


def test_replay_detects_divergence(result):
    hashes = list(result.hashes)
    hashes[5] = "0" * 32
    with pytest.raises(ReplayError, match="turn 6") as exc:
        replay(result.seed, result.options, result.actions, hashes)
    assert exc.value.turn == 6
    with pytest.raises(ReplayError):
        replay(result.seed + 1, result.options, result.actions, result.hashes)
    with pytest.raises(ReplayError, match="recording has"):
        replay(result.seed, result.options, result.actions[:10], result.hashes)


def test_turn_limit_is_a_draw():
    r = play_duel(3, bots=("easy", "easy"), max_turns=4)
    assert r.turns_played == 4 and r.winner is None and r.over == "turn limit"
    g = replay(3, DuelOptions(), r.actions, r.hashes, max_turns=4)
    assert g.state_hash() == r.final_hash


def test_same_seed_same_duel():
    a = play_duel(8, bots=("normal", "hard"), max_turns=60)
    b = play_duel(8, bots=("normal", "hard"), max_turns=60)
    assert a.actions == b.actions and a.hashes == b.hashes


def test_options_apply():
    r = play_duel(5, DuelOptions(fov=False, potions=False, level_size=15), max_turns=60)
    assert r.options.level_size == 15
    with pytest.raises(ValueError):
        play_duel(5, max_turns=0)


def test_core_replay_file_round_trip(tmp_path, result):
    from game.core.replay import load_replay
    from game.modes.duel.match import verify_replay
    path = tmp_path / "duel.replay"
    result.replay.save(path)
    rep = load_replay(path)
    g = verify_replay(rep)
    assert g.state_hash() == result.final_hash
    rep.turns[3][2] = "f" * 32
    with pytest.raises(ReplayError, match="turn 4"):
        verify_replay(rep)
    rep = load_replay(path)
    rep.options = {"level_size": 24}
    with pytest.raises(ReplayError, match="options"):
        verify_replay(rep)
    rep = load_replay(path)
    rep.actions[0] = [99]
    with pytest.raises(ReplayError):
        verify_replay(rep)
