"""The bout through the command line: simulate, replay --verify, balance, schema."""

import json

from game.cli import main


def test_simulate_json_and_replay_verify(tmp_path, capsys):
    out = tmp_path / "bout.json"
    assert main(["simulate", "--mode", "bout", "--seats", "bot:hard,bot:easy", "--seed", "4", "--json",
                 "--replay-out", str(out)]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["mode"] == "bout" and summary["exchanges"] >= 1 and summary["winner"] in ("side 0", "side 1", None)
    assert main(["simulate", "--mode", "bout", "--seats", "bot:hard,bot:easy", "--seed", "4", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["state_hash"] == summary["state_hash"]
    assert main(["replay", str(out), "--verify", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    data = json.loads(out.read_text())
    data["turns"][-1][2] = "f" * 32
    out.write_text(json.dumps(data))
    assert main(["replay", str(out), "--verify"]) == 1
    assert "MISMATCH" in capsys.readouterr().out


def test_simulate_one_vs_three_log_in_plain_words(capsys):
    assert main(["simulate", "--mode", "bout", "--scenario", "one_vs_three", "--seed", "2"]) == 0
    text = capsys.readouterr().out
    assert "faces 3 foes: footing" in text and "winner:" in text


def test_bad_seats_and_scenario(capsys):
    assert main(["simulate", "--mode", "bout", "--seats", "bot:hard", "--seed", "1"]) == 2
    assert "a bout has 2 seats" in capsys.readouterr().err
    assert main(["simulate", "--mode", "bout", "--scenario", "arena", "--seed", "1"]) == 2
    assert "scenario 'arena'" in capsys.readouterr().err


def test_weapon_balance_report(capsys):
    assert main(["balance", "--mode", "bout", "--games", "2", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert "spear" in rep["win_percent"] and rep["bouts_per_pair"] == 2


def test_schema_for_the_bout(capsys):
    assert main(["schema", "--mode", "bout"]) == 0
    assert "[maneuvers.<id>]" in capsys.readouterr().out
