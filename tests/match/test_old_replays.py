"""Every replay recorded before the Match (tests/fixtures/replays, made by main 596c9c3: the CLI's
`simulate --replay-out` files and the files the screens kept in the replay store) still verifies
through today's code, ending on the state hash the old code reached — except those the index marks
`refused` (a mode whose rules were corrected since: gdl.replay, GDL rules version 1), which must be
refused with that message; entries with their own `made_by` were recorded later. The quest's shipped
solutions (assets/quest/solutions) are checked by tests/quest/test_quest_shipped.py."""

from __future__ import annotations

import json
import pathlib

import pytest

from game.core.replay import load_replay
from game.modes import driver
from game.modes.registry import get_mode

FIXTURES = pathlib.Path(__file__).resolve().parents[1] / "fixtures" / "replays"
INDEX = json.loads((FIXTURES / "index.json").read_text())["replays"]


def test_the_fixtures_are_all_listed():
    assert sorted(p.name for p in FIXTURES.glob("*.replay")) == sorted(INDEX)
    modes = {load_replay(FIXTURES / name).mode for name in INDEX}
    assert {"skirmish", "duel"} <= modes


@pytest.mark.parametrize("name", sorted(INDEX))
def test_an_old_replay_still_verifies(name):
    replay = load_replay(FIXTURES / name)
    verdict = driver.verify(get_mode(replay.mode), replay)
    if "refused" in INDEX[name]:             # made by rules since corrected: refused, saying why
        assert not verdict.ok and verdict.problems[0].startswith(INDEX[name]["refused"])
        return
    assert verdict.problems == [] and verdict.ok
    assert verdict.state_hash == INDEX[name]["state_hash"]
    assert verdict.turns_checked == INDEX[name]["turns_checked"]


def test_a_changed_action_is_caught():
    replay = load_replay(FIXTURES / "skirmish-2.replay")
    replay.actions[5] = [4]                      # end the turn where the bot moved a piece
    verdict = driver.verify(get_mode("skirmish"), replay)
    assert not verdict.ok and verdict.problems[0] == "actions[6]: piece 7 cannot move now"
