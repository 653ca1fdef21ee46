"""Tactibox's own GDL module loads through the same reader and plays to the end."""

import json
import pathlib

from game.cli import main
from game.modes.gdl.match import play, playable_problems
from game.modes.gdl.world import World
from game.rules.gdl.loader import load_module

OUTPOST = pathlib.Path(__file__).resolve().parents[2] / "assets" / "gdl" / "outpost.g"


def test_outpost_loads_clean_and_plays_to_a_winner():
    m = load_module(OUTPOST)
    assert m.warnings == [] and playable_problems(m) == []
    assert m.title == "Outpost" and len(m.units) == 13
    res = play(World(m), 4)
    assert res.game.over and res.game.winner_side in (1, 2)


def test_cli_plays_and_replay_verifies(tmp_path, capsys):
    rp = tmp_path / "o.json"
    assert main(["gdl", str(OUTPOST), "--seed", "2", "--json", "--replay-out", str(rp)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["winner"] in (1, 2) and out["play_warnings"] == 0
    assert main(["replay", str(rp), "--verify", "--json"]) == 0
    ver = json.loads(capsys.readouterr().out)
    assert ver["ok"] and ver["state_hash"] == out["state_hash"]
    data = json.loads(rp.read_text())
    data["actions"][3] = [0]
    rp.write_text(json.dumps(data))
    assert main(["replay", str(rp), "--verify", "--json"]) == 1


def test_cli_refuses_unplayable_and_broken_modules(tmp_path, capsys):
    p = tmp_path / "x.g"
    p.write_text("(unit-type a) (terrain-type t)")
    assert main(["gdl", str(p)]) == 2
    assert "cannot play" in capsys.readouterr().err
    assert main(["gdl", str(tmp_path / "missing.g")]) == 2
    assert main(["gdl", str(p), "--warnings"]) == 0
