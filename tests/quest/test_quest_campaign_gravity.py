"""Decision 34: the campaign's `gravity` is the default for every level loaded through the campaign
whose text has no `gravity:` line; a level that sets gravity (even `none`) keeps its own."""

from __future__ import annotations

import pytest
from quest_levels import level

from game.modes.quest import tiles as T
from game.modes.quest.campaign import load_campaign, load_campaign_level, parse_campaign
from game.modes.quest.catalog import ASSETS, load_level
from game.modes.quest.game import QuestGame
from game.modes.quest.level import NO_GRAVITY
from game.modes.quest.textformat import parse_level

GEM_OVER_FLOOR = "grid: hex\nmap:\n~-i-~\n-----\n--@--\n-#-#-\n~~-~~\nend\nnpc 3,7: name=Imp hp=5 model=still\n"


def camp(gravity="none"):
    c, probs = parse_campaign({"gravity": gravity, "level": [{"id": "hex/01_first_push"}]}, "c.toml")
    assert c is not None, probs
    return c


def test_the_level_text_records_whether_gravity_was_set():
    assert level(GEM_OVER_FLOOR).gravity_set is False
    assert level(GEM_OVER_FLOOR, gravity="none").gravity_set is True
    assert level(GEM_OVER_FLOOR, gravity="S").gravity_set is True


def test_a_level_without_gravity_gets_the_campaign_default_and_it_acts():
    lv = level(GEM_OVER_FLOOR)
    gem = next(c for c in lv.grid.cells if lv.obj[c] == T.GEM)
    assert camp("S").apply_defaults(lv) is True
    assert lv.gravity == lv.grid.dir_names.index("S")
    g = QuestGame(lv)
    g.apply([2])
    below = lv.grid.step[gem][lv.gravity]
    assert g.obj[gem] == T.NONE and g.obj[below] == T.GEM      # the gem fell one hex


@pytest.mark.parametrize("own", ["none", "N"])
def test_a_level_that_sets_gravity_keeps_its_own(own):
    lv = level(GEM_OVER_FLOOR, gravity=own)
    assert camp("S").apply_defaults(lv) is False
    assert lv.gravity == (NO_GRAVITY if own == "none" else lv.grid.dir_names.index(own))


def test_campaign_default_none_changes_nothing():
    lv = level(GEM_OVER_FLOOR)
    before = lv.content_hash()
    assert camp("none").apply_defaults(lv) is False and lv.content_hash() == before


def test_a_direction_the_grid_lacks_is_a_clear_error():
    sq = level("map:\n#####\n#@-.#\n#-$-#\n#####\nend\n")
    with pytest.raises(ValueError, match=r"campaign gravity 'NE' is not a direction of level .*N, E, S, W"):
        camp("NE").apply_defaults(sq)


@pytest.mark.parametrize("bad", ["up", 3, ""])
def test_broken_campaign_gravity_names_the_key(bad):
    c, probs = parse_campaign({"gravity": bad, "level": [{"id": "a"}]}, "c.toml")
    assert c is None and probs[0].path == "gravity" and "allowed: none, N" in probs[0].message


def test_loading_through_the_campaign_writes_the_effective_level_text():
    lv, lid, text = load_campaign_level(camp("S"), "hex/01_first_push")
    assert lid == "hex/01_first_push" and lv.gravity == lv.grid.dir_names.index("S")
    again, probs = parse_level(text, "<dump>", name=lid)
    assert again is not None, probs
    assert again.gravity_set and again.content_hash() == lv.content_hash()
    assert again.content_hash() != load_level("hex/01_first_push")[0].content_hash()


def test_shipped_campaign_default_keeps_every_shipped_solution_valid():
    c, probs = load_campaign(ASSETS / "campaign.toml")
    assert c is not None, probs
    assert c.gravity == "none"
    for lid in c.order:
        lv, _, text = load_campaign_level(c, lid)
        assert text == "" and lv.content_hash() == load_level(lid)[0].content_hash()
