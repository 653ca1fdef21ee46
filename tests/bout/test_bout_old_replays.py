"""Replays recorded by engine 1 (before the engagement rules: main 596c9c3) still verify, through
the frozen engine 1 (game/modes/bout/legacy) and the ruleset of that time (assets/bout/v1),
ending on the state hash the old code reached; engine 2 recordings carry setup.engine = 2."""

import json
import pathlib

from game.cli import main
from game.core.replay import load_replay
from game.modes import driver
from game.modes.registry import get_mode

V1 = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "bout" / "replays_v1"
ENDS = {"bout.replay": ("64d5bac383bac63019bdc522cffeb546", 4),
        "bout-3.replay": ("f9d3be2eac368c651736a716438f5696", 1)}


def test_engine_1_replays_still_verify_to_their_old_hash():
    for name, (final, turns) in ENDS.items():
        rep = load_replay(V1 / name)
        assert "engine" not in rep.setup
        verdict = driver.verify(get_mode("bout"), rep)
        assert verdict.ok and verdict.problems == []
        assert (verdict.state_hash, verdict.turns_checked) == (final, turns)


def test_a_changed_engine_1_replay_is_caught(tmp_path, capsys):
    data = json.loads((V1 / "bout.replay").read_text())
    data["turns"][0][2] = "0" * 32
    bad = tmp_path / "bad.replay"
    bad.write_text(json.dumps(data))
    assert main(["replay", str(bad), "--verify"]) == 1
    assert "turn 1: state hash differs" in capsys.readouterr().out
    assert main(["replay", str(V1 / "bout-3.replay"), "--verify"]) == 0


def test_new_replays_say_they_are_engine_2(tmp_path, capsys):
    out = tmp_path / "new.json"
    assert main(["simulate", "--mode", "bout", "--seed", "2", "--json", "--replay-out", str(out)]) == 0
    capsys.readouterr()
    assert json.loads(out.read_text())["setup"]["engine"] == 2
