"""Every shipped quest level parses, and its stored solution replays (turn hashes) to a win."""

import pytest

from game.core.replay import load_replay
from game.modes.quest.campaign import load_campaign
from game.modes.quest.catalog import ASSETS, load_level, shipped_ids, solution_path
from game.modes.quest.session import verify_replay

IDS = shipped_ids()


def test_there_are_shipped_levels():
    assert len([i for i in IDS if i.startswith("hex/")]) >= 14
    assert len([i for i in IDS if i.startswith("square/")]) >= 20


@pytest.mark.parametrize("lid", IDS)
def test_shipped_solution_replays(lid):
    level, got_id, _ = load_level(lid)
    assert got_id == lid
    rep = load_replay(solution_path(lid))
    ok, problems, game = verify_replay(level, rep)
    assert ok, problems
    assert rep.result["moves"] == game.moves and rep.result["pushes"] == game.pushes


def test_campaign_lists_only_shipped_levels():
    camp, probs = load_campaign(ASSETS / "campaign.toml")
    assert camp is not None, probs
    assert set(camp.order) <= set(IDS)
    assert len(camp.order) >= 14
