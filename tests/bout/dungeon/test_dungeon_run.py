"""Whole runs: the CLI, replays that verify, saves that restore to the same game."""

import json

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.modes.bout.dungeon.botplay import DungeonBot
from game.modes.bout.dungeon.game import DungeonGame
from game.modes.bout.dungeon.run import ReplayError, play_run, to_replay, verify


def test_simulate_a_run_and_verify_its_replay(tmp_path, capsys):
    out = tmp_path / "run.json"
    args = ["simulate", "--mode", "bout", "--scenario", "dungeon", "--seats", "bot:hard", "--seed", "3", "--json"]
    assert main(args + ["--replay-out", str(out)]) == 0
    s = json.loads(capsys.readouterr().out)
    for key in ("winner", "result", "depth", "explored_cells", "foes_met", "exchanges", "score", "state_hash"):
        assert key in s
    assert s["result"] in ("escaped", "fell", "timeout") and s["exchanges"] >= 1 and s["explored_cells"] > 50
    assert main(args) == 0
    assert json.loads(capsys.readouterr().out)["state_hash"] == s["state_hash"]       # deterministic
    assert main(["replay", str(out), "--verify", "--json"]) == 0
    v = json.loads(capsys.readouterr().out)
    assert v["ok"] is True and v["state_hash"] == s["state_hash"] and v["turns_checked"] >= s["exchanges"]
    doc = json.loads(out.read_text())
    doc["turns"][len(doc["turns"]) // 2][2] = "0" * 32
    out.write_text(json.dumps(doc))
    assert main(["replay", str(out), "--verify"]) == 1
    assert "state hash differs" in capsys.readouterr().out


def test_the_log_says_what_happens_in_plain_words(capsys):
    assert main(["simulate", "--mode", "bout", "--scenario", "dungeon", "--seed", "1", "--seats", "bot:hard"]) == 0
    text = capsys.readouterr().out
    assert "A fight breaks out" in text and "result:" in text and "squares explored" in text


def test_bad_seats_are_refused(capsys):
    # two seats are a co-op run (test_dungeon_coop.py); three are refused
    assert main(["simulate", "--mode", "bout", "--scenario", "dungeon", "--seats", "bot:hard,bot:easy,bot:easy"]) == 2
    assert "the dungeon has 1 seat" in capsys.readouterr().err
    assert main(["simulate", "--mode", "bout", "--scenario", "dungeon", "--seats", "human"]) == 2
    assert "played by bot:easy, bot:normal or bot:hard" in capsys.readouterr().err


def test_a_replay_of_another_dungeon_or_with_extra_exchanges_is_refused(rules, data):
    res = play_run(rules, data, 2, "normal")
    rep = to_replay(res)
    assert verify(rules, data, rep).state_hash() == res.summary["state_hash"]
    rep.map_hash = "0" * 32
    try:
        verify(rules, data, rep)
        raise AssertionError("a replay of another dungeon verified")
    except ReplayError as exc:
        assert "dungeon: recorded with content hash" in str(exc)
    rep = to_replay(res)
    rep.result["exchanges"] += 1
    try:
        verify(rules, data, rep)
        raise AssertionError("a wrong exchange count verified")
    except ReplayError as exc:
        assert "exchanges" in str(exc)


@settings(max_examples=6, deadline=None, derandomize=True, phases=(Phase.explicit, Phase.generate))
@given(seed=st.integers(0, 2**32), level=st.sampled_from(["easy", "normal", "hard"]))
def test_random_runs_replay_and_verify(rules, data, seed, level):
    res = play_run(rules, data, seed, level)
    game = verify(rules, data, to_replay(res))
    assert game.state_hash() == res.summary["state_hash"] and game.is_over()


@settings(max_examples=8, deadline=None, derandomize=True, phases=(Phase.explicit, Phase.generate))
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 400))
def test_a_saved_state_restores_to_the_same_run(rules, data, seed, cut):
    """Snapshot at any action, restore through JSON, and both games play on identically given the
    same actions (the hero's bot is the player: its own memory is not the game's)."""
    g = DungeonGame(rules, data, seed)
    bot = DungeonBot("hard")
    for _ in range(cut):
        if g.is_over():
            break
        g.apply(bot.choose(g))
    back = DungeonGame.restore(rules, json.loads(json.dumps(g.snapshot())), data)
    assert back.state_hash() == g.state_hash()
    while not g.is_over():
        a = bot.choose(g)
        g.apply(a)
        back.apply(a)
        assert back.state_hash() == g.state_hash()
