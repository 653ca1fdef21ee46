"""Every converted mode's bot-vs-bot game (`tactibox simulate`), replay check (`tactibox replay
--verify`) and screen games go through the one Match: counted on `Match.apply`, the one place
an action is applied. (Xconq GDL's `verify` hook only finds the module the replay names, inside
the module folders, and hands the replay to the Match.)"""

from __future__ import annotations

import pathlib

import pytest

from game.match import Match
from game.match.rules import rules_for
from game.modes import driver
from game.modes.registry import Request, get_mode

OUTPOST = pathlib.Path(__file__).resolve().parents[2] / "assets" / "gdl" / "outpost.g"
BOTS = {"skirmish": Request(seed=3, options={"army-limit": 3}), "duel": Request(seed=3, turn_limit=30),
        "bout": Request(seed=3, options={"scenario": "one_vs_three"}),
        "gdl": Request(seed=3, options={"module": str(OUTPOST)})}


@pytest.fixture
def applied(monkeypatch):
    """How many actions went through Match.apply, per mode."""
    counts: dict[str, int] = {}
    real = Match.apply

    def counting(self, action):
        counts[self.mode] = counts.get(self.mode, 0) + 1
        return real(self, action)
    monkeypatch.setattr(Match, "apply", counting)
    return counts


@pytest.mark.parametrize("mode", sorted(BOTS))
def test_bot_games_and_their_replays_go_through_the_match(mode, applied):
    entry = get_mode(mode)
    assert entry.has("match") and not entry.has("simulate")      # (the bout's verify: engine 1 replays)
    out = driver.simulate(entry, BOTS[mode])
    n = len(out.replay.actions)
    assert n > 10 and applied[mode] == n and out.summary["actions"] == n
    verdict = driver.verify(entry, out.replay)
    assert verdict.ok and applied[mode] == 2 * n and verdict.state_hash == out.summary["state_hash"]
    assert verdict.turns_checked == len(out.replay.turns) > 0


def test_a_dungeon_run_goes_through_the_match_too(applied):
    entry = get_mode("bout")
    out = driver.simulate(entry, Request(seed=4, seats=("bot:hard",), options={"scenario": "dungeon"}))
    n = len(out.replay.actions)
    assert n > 10 and applied["bout"] == n
    assert driver.verify(entry, out.replay).ok and applied["bout"] == 2 * n


def test_the_quest_checks_a_solution_and_its_replay_through_the_match(applied, tmp_path):
    from game.core.replay import load_replay
    from game.modes.quest.catalog import solution_path
    entry = get_mode("quest")
    assert type(rules_for(entry)).__name__ == "QuestRules"
    rep = load_replay(solution_path("hex/02_two_crates"))
    verdict = driver.verify(entry, rep)
    assert verdict.ok and applied["quest"] == len(rep.actions)
    out = driver.simulate(entry, Request(options={"level": "hex/02_two_crates",
                                                  "solution": str(solution_path("hex/02_two_crates"))}))
    assert out.summary["ok"] and applied["quest"] >= 2 * len(rep.actions)     # verified, then its replay made


def test_a_generic_mode_plays_through_the_match(applied):
    import pathlib
    import sys
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))
    from test_match import NIM

    from game.modes.registry import register, unregister
    register(NIM, replace=True)
    try:
        out = driver.simulate(NIM, Request(seed=2, options={"stones": 9}))
        assert applied["nim_m"] == len(out.replay.actions) > 0 and driver.verify(NIM, out.replay).ok
    finally:
        unregister("nim_m")


@pytest.mark.parametrize("lid", ["hex/05_goblins", "hex/14_disks_and_bugs", "square/07_loop"])
def test_the_quest_follows_the_engine_contract(lid):
    """The quest has no `game` factory (its level is chosen, not a rules name), so
    tests/test_contract.py cannot reach it: checked here on shipped levels with NPCs, Supaplex
    objects and a Sokoban map (the level is the rules `restore` is given)."""
    from game.modes.contract import check_contract
    from game.modes.quest.catalog import load_level
    from game.modes.quest.game import QuestGame
    level = load_level(lid)[0]
    assert check_contract(lambda: QuestGame(level), rules=level, steps=300) == []
