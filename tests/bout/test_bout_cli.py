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
    assert "faces 3 foes: footing" in text and "winner:" in text and "targets" in text


def test_the_log_prints_moves_and_the_replay_has_one_hash_per_exchange(tmp_path, capsys):
    """Issue 18's defects: the CLI log never printed moves; a room replay had one turn hash
    fewer than its exchanges and still verified."""
    out = tmp_path / "room.json"
    assert main(["simulate", "--mode", "bout", "--scenario", "roguelike", "--seed", "4",
                 "--replay-out", str(out)]) == 0
    text = capsys.readouterr().out
    assert " steps to (" in text
    data = json.loads(out.read_text())
    assert [t[1] for t in data["turns"]] == list(range(1, len(data["turns"]) + 1))
    assert data["result"]["exchanges"] == len(data["turns"])
    assert main(["replay", str(out), "--verify", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    data["turns"].pop()                                # one hash short: refused
    out.write_text(json.dumps(data))
    assert main(["replay", str(out), "--verify"]) == 1


def test_bad_seats_and_scenario(capsys):
    assert main(["simulate", "--mode", "bout", "--seats", "bot:hard", "--seed", "1"]) == 2
    assert "a bout has 2 seats" in capsys.readouterr().err
    assert main(["simulate", "--mode", "bout", "--scenario", "arena", "--seed", "1"]) == 2
    assert "scenario 'arena'" in capsys.readouterr().err


def test_balance_report_prints_every_figure_with_its_range(capsys):
    assert main(["balance", "--mode", "bout", "--games", "4", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert set(rep["figures"]) == {"duel_side0", "duel_side1", "weapon_max", "one_vs_three_hero",
                                   "hard_vs_easy", "bouts_at_round_cap"}
    for f in rep["figures"].values():
        assert {"value", "range", "ok"} <= set(f) and f["ok"] == (f["range"][0] <= f["value"] <= f["range"][1])
    assert "spear" in rep["weapons"]["win_percent"] and rep["weapons"]["bouts_per_pair"] == 2
    assert main(["balance", "--mode", "bout", "--games", "2"]) == 0
    assert "range 40-60 %" in capsys.readouterr().out


def test_schema_for_the_bout(capsys):
    assert main(["schema", "--mode", "bout"]) == 0
    assert "[maneuvers.<id>]" in capsys.readouterr().out
