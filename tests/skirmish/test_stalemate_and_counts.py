"""Battles that could never end (issue 9 item 13) and small counts (item 15)."""

import dataclasses
import re
import shutil

import pytest
from skirmish_play import play_battle

from game.cli import main as cli_main
from game.modes.skirmish.game import SkirmishGame
from game.modes.skirmish.pieces import Options
from game.modes.skirmish.setup import parse_seats
from game.rules.skirmish.loader import load_ruleset
from game.rules.skirmish.playability import playability_warnings
from tests.loaded import clean

# Two fields split by six columns of wall: nothing walks, flies or shoots across (longest range 5).
RIDGE = """[map]
name = "Ridge"
tiles = '''
.....######.....
.....######.....
.....######.....
..R..######.....
.....######..G..
.....######.....
.....######.....
.....######.....
'''
"""


@pytest.fixture
def ridge_rs(tmp_path):
    from game.rules.skirmish.catalog import find_ruleset
    default, _ = find_ruleset("default")
    dst = tmp_path / "rs"
    shutil.copytree(default.path, dst)
    for m in (dst / "maps").iterdir():
        if m.stem != "01_meadow":
            m.unlink()
    (dst / "maps" / "ridge.toml").write_text(RIDGE)
    return clean(load_ruleset(dst))


def test_unreachable_armies_are_a_validate_warning(ridge_rs, capsys):
    warnings = [str(w) for w in playability_warnings(ridge_rs)]
    assert warnings == ["rs/maps/ridge.toml: start red/green: the red and green armies can never reach each other "
                        "(terrain, elevation): their battle ends only by the stalemate rule"]
    assert cli_main(["validate", str(ridge_rs.path)]) == 0   # a warning, not an error
    assert "warning: rs/maps/ridge.toml: start red/green" in capsys.readouterr().out


def test_a_battle_nobody_can_win_ends_by_the_stalemate_rule(ridge_rs):
    rounds = ridge_rs.rules.stalemate_rounds
    assert rounds == 25
    r = play_battle(ridge_rs, ridge_rs.map("ridge"), parse_seats("bot:hard,bot:easy"), 3, Options())
    g = r.game
    assert g.over and r.summary()["winner"] is not None       # used to run 33,325 turns, winner None
    assert g.turn == rounds * 2 and g.quiet == rounds * 2
    assert r.replay.result["turns"] == rounds * 2
    # placements as at a turn limit: pieces left, then HP left
    sc = g.scores()
    assert [sc[s] for s in g.placements()] == sorted((sc[s] for s in g.seats()), reverse=True)


def test_the_stalemate_counter_resets_on_damage_and_survives_a_snapshot(ridge_rs):
    from game.rules.skirmish.catalog import find_ruleset
    rs, _ = find_ruleset("default")
    seen = []

    def watch(game, events):
        hits = [i for i, ev in enumerate(events) if ev.kind == "attack" and ev.lost]
        if hits:  # quiet counts only the turns that ended after the last hit
            seen.append(game.quiet - sum(ev.kind == "end_turn" for ev in events[hits[-1]:]))
    r = play_battle(rs, rs.map("01_meadow"), parse_seats("bot:hard,bot:hard"), 4, Options(), on_events=watch)
    assert len(seen) > 5 and set(seen) == {0}
    g = r.game
    again = SkirmishGame.restore(rs, g.snapshot(), g.gmap)
    assert again.quiet == g.quiet and again.state_hash() == g.state_hash()
    # the rule is off with 0: the ridge battle then needs a turn limit
    ridge_rs.rules = dataclasses.replace(ridge_rs.rules, stalemate_rounds=0)
    r = play_battle(ridge_rs, ridge_rs.map("ridge"), parse_seats("bot:hard,bot:easy"), 3, Options(turn_limit=80))
    assert r.game.turn == 80


def test_pieces_that_can_never_act_are_warned_about(tmp_path):
    from pathlib import Path
    mini = Path(__file__).resolve().parents[1] / "fixtures" / "rulesets" / "mini"
    dst = tmp_path / "mini"
    shutil.copytree(mini, dst)
    pieces = dst / "pieces.toml"
    text = pieces.read_text()
    at = text.index("[pieces.pike]")
    pieces.write_text(text[:at] + text[at:].replace("rst = 3", "rst = 1", 1))
    rs, problems = load_ruleset(dst)
    assert rs is not None and not problems
    text = "\n".join(map(str, playability_warnings(rs)))
    assert 'mini/pieces.toml: pieces.pike.rst: 1 is below rules.rest_to_act = 2: under "all rested" Pike can never act' in text


# --- item 15 -----------------------------------------------------------------------------------

def test_summary_turns_match_the_logs_last_turn_header(capsys):
    for extra in ([], ["--turn-limit", "6"]):
        assert cli_main(["simulate", "--seed", "3", *extra]) == 0
        out = capsys.readouterr().out
        last = int(re.findall(r"^-- turn (\d+):", out, re.M)[-1])
        said = int(re.search(r"^winner: \w+ after (\d+) turns", out, re.M)[1])
        assert said == last, (extra, said, last)
    assert last == 6


def test_balance_counts_hp_removed_not_overkill(monkeypatch):
    from game.modes.skirmish import balance
    from game.rules.skirmish.catalog import find_ruleset
    rs, _ = find_ruleset("default")
    events = []
    real_apply = SkirmishGame.apply

    def apply(self, action):
        out = real_apply(self, action)
        events.extend(ev for ev in out if ev.kind == "attack")
        return out
    monkeypatch.setattr(SkirmishGame, "apply", apply)
    rep = balance.run_balance(rs, 2, seed=5, turn_limit=150)
    dealt = sum(r.dealt for r in rep.pieces)
    assert dealt == sum(r.taken for r in rep.pieces) == sum(ev.lost for ev in events)
    assert sum(ev.damage for ev in events) > dealt           # there was overkill to leave out
    assert all(ev.lost == min(ev.damage, ev.hp + ev.lost) for ev in events if ev.result != "miss")


def test_simulate_refuses_a_fourth_bot_like_the_setup_screen(capsys):
    assert cli_main(["simulate", "--map", "02_highlands", "--seats", "bot:hard,bot:hard,bot:hard,bot:hard",
                     "--quiet"]) == 2
    assert "at most 3: the host is always in the battle" in capsys.readouterr().err
