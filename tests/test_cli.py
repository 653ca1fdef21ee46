"""The command-line contract used by tools and tests."""

import json
import subprocess
import sys

import pytest

ROOT = __import__("pathlib").Path(__file__).resolve().parents[1]


def tb(*args, check=True):
    out = subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, cwd=ROOT)
    if check:
        assert out.returncode == 0, out.stderr
    return out


def test_simulate_json_contract_and_four_hard_bots_on_the_largest_map(tmp_path):
    rep = tmp_path / "big.replay"
    out = tb("simulate", "--mode", "skirmish", "--ruleset", "default", "--map", "02_highlands",
             "--seats", "human,bot:hard,bot:hard,bot:hard", "--seed", "5", "--json", "--replay-out", str(rep))
    data = json.loads(out.stdout)
    assert {"placements", "turns", "winner", "state_hash"} <= set(data)
    assert data["winner"] in ("red", "green", "yellow", "blue") and len(data["placements"]) == 4
    assert data["placements"][0]["seat"] == data["winner"]
    verify = tb("replay", str(rep), "--verify", "--json")
    assert json.loads(verify.stdout)["state_hash"] == data["state_hash"]


def test_simulate_log_and_defaults():
    out = tb("simulate", "--seed", "2", "--pieces-per-turn", "2")
    assert "-- turn 1:" in out.stdout and "winner:" in out.stdout and " walks " in out.stdout


@pytest.mark.parametrize("args,needle", [
    (["simulate", "--seats", "bot:godlike,bot:easy"], "'bot:godlike' is not one of"),
    (["simulate", "--map", "atlantis"], "no map 'atlantis' in ruleset default"),
    (["simulate", "--ruleset", "nonesuch"], "nonesuch: no such ruleset"),
    (["simulate", "--pieces-per-turn", "7"], "pieces per turn 7"),
    (["simulate", "--map", "06_marsh_hexes", "--seats", "bot:easy,bot:easy,bot:easy"], "has 2 start cells, 3 armies"),
    (["preview", "knight", "dragon"], "no piece 'dragon'"),
    (["replay", "/nonexistent.replay"], "no such file"),
])
def test_bad_arguments_give_one_clear_line(args, needle):
    out = tb(*args, check=False)
    assert out.returncode == 2 and needle in out.stderr
    assert "Traceback" not in out.stderr


def test_replay_verify_fails_on_a_tampered_file(tmp_path):
    rep = tmp_path / "r.replay"
    tb("simulate", "--seed", "3", "--quiet", "--replay-out", str(rep))
    data = json.loads(rep.read_text())
    data["turns"][1][2] = "f" * 32
    rep.write_text(json.dumps(data))
    out = tb("replay", str(rep), "--verify", "--quiet", check=False)
    assert out.returncode == 1 and "state hash differs" in out.stdout


def test_preview_matches_the_engine():
    out = json.loads(tb("preview", "knight", "archer", "--json", "--attacker-level", "2").stdout)
    from game.modes.skirmish.battle import battle_equations
    from game.rules.skirmish.catalog import find_ruleset
    rs, _ = find_ruleset("default")
    k, a = rs.piece("knight"), rs.piece("archer")
    e = battle_equations(k, 2, k.rst, a, 1, a.rst, rs.rules)
    assert (out["miss_pct"], out["crit_permille"], out["damage"], out["crit_damage"]) == \
        (e.miss_pct, e.crit_permille, e.damage, e.crit_damage)
    assert out["dominates"] is True            # rock (sword) dominates scissors (bow)


def test_validate_reports_problems_and_exit_codes(tmp_path):
    import shutil
    assert tb("validate").returncode == 0
    bad = tmp_path / "broken"
    shutil.copytree(ROOT / "tests" / "fixtures" / "rulesets" / "mini", bad)
    (bad / "pieces.toml").write_text((bad / "pieces.toml").read_text().replace("hp = 12", "hp = -1"))
    out = tb("validate", str(bad), check=False)
    assert out.returncode == 1
    assert "broken/pieces.toml: pieces.brute.hp: -1 is out of range" in out.stdout


def test_balance_json_small():
    out = json.loads(tb("balance", "--games", "4", "--seed", "2", "--json").stdout)
    assert out["games"] == 4 and len(out["pieces"]) == 9
    assert sum(p["fielded"] for p in out["pieces"]) > 0
    assert all(p["flag"] in ("ok", "few games", "OVER-powered", "UNDER-powered") for p in out["pieces"])


def test_reach_benchmark_asks_the_same_question_as_tcod():
    sys.path.insert(0, str(ROOT))
    from bench.bench_engine import bench_reach
    out = bench_reach()
    assert out["reach_cells"] > 10
    if "same_cells_as_tcod" in out:
        assert out["same_cells_as_tcod"] is True
