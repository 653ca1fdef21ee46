"""`tactibox simulate --mode quest`, `replay --verify` and `import`, through the CLI entry point."""

import json

from test_quest_importers import BASIC, MICRO1, sp_tiles

from game.cli import main
from game.modes.quest.catalog import solution_path
from game.modes.quest.importers.supaplex import encode_record


def test_simulate_verifies_a_shipped_solution(capsys, tmp_path):
    out_replay = tmp_path / "r.json"
    rc = main(["simulate", "--mode", "quest", "--level", "hex/08_tractor", "--solution",
               str(solution_path("hex/08_tractor")), "--json", "--replay-out", str(out_replay)])
    out = json.loads(capsys.readouterr().out)
    assert rc == 0 and out["ok"] and out["status"] == "won" and out["pushes"] == 6
    assert main(["replay", "--verify", str(out_replay)]) == 0


def test_simulate_rejects_a_wrong_lurd(capsys, tmp_path):
    lv = tmp_path / "m.xsb"
    lv.write_text(MICRO1)
    good, bad = tmp_path / "good.txt", tmp_path / "bad.txt"
    good.write_text("dlUrrrdLullddrUluRuulDrddrruLdlUU\n")
    bad.write_text("dlUrrrdLullddrUluRuulDrddrruLdlUu\n")
    assert main(["simulate", "--mode", "quest", "--level", f"{lv}#1", "--solution", str(good), "--json"]) == 0
    capsys.readouterr()
    assert main(["simulate", "--mode", "quest", "--level", f"{lv}#1", "--solution", str(bad), "--json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert not out["ok"] and "bad.txt: 1: move 33" in out["problems"][0]


def test_import_writes_quest_files_and_reports_problems(capsys, tmp_path):
    xsb = tmp_path / "set.xsb"
    xsb.write_text(MICRO1 + "Solution: dlUrrrdLullddrUluRuulDrddrruLdlUU\n\n#####\n#@$. \n#####\n")
    dat = tmp_path / "LEVELS.DAT"
    dat.write_bytes(encode_record(sp_tiles({**BASIC, (7, 5): 13})))
    rc = main(["import", str(xsb), str(dat), "--out", str(tmp_path / "out"), "--json"])
    rep = json.loads(capsys.readouterr().out)
    assert rc == 1                                          # the open second level is an error
    assert any("is open" in e and e.startswith(f"{xsb}: 10: ") for e in rep["errors"])
    assert any("gravity port" in w for w in rep["warnings"])
    assert [e["solution"] for e in rep["levels"]] == ["verified", "none"]
    assert (tmp_path / "out" / "set_001.replay.json").is_file()
    assert main(["replay", "--verify", str(tmp_path / "out" / "set_001.replay.json")]) == 0
