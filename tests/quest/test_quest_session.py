"""Undo/redo, mid-level saves, replays, bests, the campaign graph and its policies."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from quest_levels import level

from game.modes.base import ActionError
from game.modes.quest.campaign import Progress, check_graph, parse_campaign
from game.modes.quest.game import QuestGame
from game.modes.quest.session import Bests, Session, make_replay, verify_replay

LV = level("""grid: square
map:
#######
#@-$-.#
#--i###
###--##
#######
end
grant 2,3: spell missile 1; xp 300
npc 5,4: name=Rat hp=5 model=wander
""")


def test_undo_redo_restore_exact_states():
    s = Session(LV)
    h0 = s.game.state_hash()
    s.act([0, 1])
    h1 = s.game.state_hash()
    s.act([0, 2])
    h2 = s.game.state_hash()
    assert s.undo() and s.game.state_hash() == h1
    assert s.undo() and s.game.state_hash() == h0 and not s.undo()
    assert s.redo() and s.game.state_hash() == h1
    assert s.redo() and s.game.state_hash() == h2 and not s.redo()
    s.undo()
    s.act([2])                        # a new action drops the undone tail
    assert not s.can_redo() and len(s.actions) == 2


def test_illegal_action_leaves_the_session_untouched():
    s = Session(LV)
    h = s.game.state_hash()
    with pytest.raises(ActionError):
        s.act([0, 0])                  # wall
    assert s.game.state_hash() == h and s.actions == []


def test_save_mid_level_and_load():
    s = Session(LV)
    for a in ([0, 1], [0, 2], [2]):
        s.act(a)
    s.undo()
    data = s.save_data()
    t = Session.from_save(LV, data)
    assert t.pos == 2 and t.game.state_hash() == s.game.state_hash() and t.can_redo()


def test_replay_verifies_and_detects_tampering():
    s = Session(LV)
    for _ in range(3):
        s.act([0, 1])
    assert s.game.status == "won"
    rep = s.to_replay("t")
    ok, probs, g = verify_replay(LV, rep)
    assert ok, probs
    rep.turns[0][2] = "0" * 32
    ok, probs, _ = verify_replay(LV, rep)
    assert not ok and "state hash differs" in probs[0]


def test_replay_with_a_tampered_result_fails():
    s = Session(LV)
    for _ in range(3):
        s.act([0, 1])
    rep = s.to_replay("t")
    assert rep.result["xp"] == 0 and verify_replay(LV, rep)[0]
    rep.result["xp"] = 9999
    ok, probs, _ = verify_replay(LV, rep)
    assert not ok and probs == ["result.xp: the replay records 9999, replaying gives 0"]
    rep.result["xp"], rep.result["state_hash"] = 0, "0" * 32
    ok, probs, _ = verify_replay(LV, rep)
    assert not ok and probs[0].startswith("result.state_hash:")


def test_bests_fewest_moves_then_pushes():
    b = Bests()
    assert b.offer("a", 10, 3)
    assert not b.offer("a", 10, 4)
    assert b.offer("a", 10, 2)
    assert b.offer("a", 9, 9)
    assert b.data["a"] == {"moves": 9, "pushes": 9}


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 40), max_size=25))
def test_random_play_replays_and_undoes_exactly(picks):
    s = Session(LV)
    start = s.game.state_hash()
    for p in picks:
        legal = s.game.legal_actions()
        if not legal:
            break
        s.act(legal[p % len(legal)])
    rep = make_replay(LV, s.actions)
    g = QuestGame(LV)
    for a in rep.actions:
        g.apply(a)
    assert g.state_hash() == s.game.state_hash()
    s.restart()
    assert s.game.state_hash() == start


def test_campaign_graph_checks():
    assert check_graph(["a", "b", "c"], {"a": ["b", "c"], "b": ["c"]}) is None
    assert "cycle" in check_graph(["a", "b"], {"a": ["b"], "b": ["a"]})
    assert "no route reaches: c" in check_graph(["a", "b", "c"], {"a": ["b"]})
    assert "unknown level 'z'" in check_graph(["a"], {"a": ["z"]})


def _camp(**kw):
    data = {"title": "t", "level": [{"id": "a", "next": ["b", "c"]}, {"id": "b", "next": ["d"]},
                                    {"id": "c", "next": ["d"]}, {"id": "d"}], **kw}
    camp, probs = parse_campaign(data, "c.toml")
    assert camp is not None, probs
    return camp


def test_alternate_routes_open_levels():
    camp = _camp()
    assert camp.open_levels(set()) == ["a"]
    assert camp.open_levels({"a"}) == ["a", "b", "c"]
    assert camp.open_levels({"a", "c"}) == ["a", "b", "c", "d"]     # d by either route


class _G:
    def __init__(self, xp, coins):
        self.player = {"xp": xp, "coins": coins, "points": 0, "items": [], "spells": {}, "skills": {}, "hp": 40}


def test_replay_policies():
    delta = _camp(replay="delta")
    p = Progress()
    p.finish(delta, "a", _G(100, 10))
    assert (p.carry["xp"], p.carry["coins"]) == (100, 10)
    p.finish(delta, "a", _G(100 + 150, 10 + 5))     # replay gains 150 XP / 5 coins: only the delta over 100/10 counts
    assert (p.carry["xp"], p.carry["coins"]) == (150, 10)
    keep = _camp(replay="keep")
    q = Progress()
    q.finish(keep, "a", _G(100, 10))
    q.finish(keep, "a", _G(150, 15))
    assert (q.carry["xp"], q.carry["coins"]) == (150, 15)
    no = _camp(replay="no")
    r = Progress()
    r.finish(no, "a", _G(1, 1))
    assert not r.can_play(no, "a") and r.can_play(no, "b")


def test_hp_refill_policy_and_shop():
    camp = _camp(hp_refill=False, shop=[{"item": "staff=20 healing=5", "price": 7}])
    p = Progress()
    p.finish(camp, "a", _G(0, 10))
    assert p.start_carry(camp)["hp"] == 40
    assert p.buy(camp, 0) is None and p.carry["coins"] == 3
    assert p.buy(camp, 0) == "costs 7 coins, you have 3"
    refill = _camp()
    q = Progress()
    q.finish(refill, "a", _G(0, 0))
    assert "hp" not in q.start_carry(refill)


@pytest.mark.parametrize("data,msg", [
    ({"level": []}, "expected 1.."),
    ({"level": [{"id": "a", "next": ["a"]}]}, "cycle"),
    ({"level": [{"id": "a"}], "replay": "maybe"}, "allowed: no, keep, delta"),
    ({"level": [{"id": "a"}], "shop": [{"item": "wings=3", "price": 1}]}, "unknown item property"),
    ({"level": [{"id": "a"}, {"id": "a"}]}, "listed twice"),
])
def test_broken_campaigns(data, msg):
    camp, probs = parse_campaign(data, "c.toml")
    assert camp is None and msg in str(probs[0]) and str(probs[0]).startswith("c.toml: ")


@pytest.mark.parametrize("bad", [
    {"actions": [[0, "x"]]},
    {"actions": [[1, 0, None]]},
    {"actions": "0,1"},
    {"actions": [[0, 1]], "pos": "1"},
    {"actions": [[0, 1]], "pos": 5},
    {"carry": {"items": 5}},
    {"carry": {"skills": {"tough": "x"}}},
    {"carry": [1, 2]},
])
def test_a_broken_save_is_a_clear_error(bad):
    # a hand-edited or corrupted save raised TypeError/KeyError from deep inside the engine
    data = {"level": LV.name, "level_hash": LV.content_hash(), "actions": [], "pos": 0, "carry": None, **bad}
    with pytest.raises(ActionError, match="save"):
        Session.from_save(LV, data)


def test_game_check_refuses_non_integer_actions():
    g = QuestGame(LV)
    assert g.problem([0, "x"]) == "malformed action" and g.problem([1, 0, None]) == "malformed action"
    assert g.problem([0, 1.0]) == "malformed action"


def test_a_replay_cannot_bring_its_own_easier_version_of_a_shipped_level():
    # setup.level_text was trusted over the shipped level its map id names: a one-push square
    # level labelled with a shipped hex level's id verified as a solution of the shipped level
    from pathlib import Path

    from game.core.replay import load_replay
    from game.modes import driver
    from game.modes.quest.catalog import load_level, shipped_ids
    from game.modes.registry import get_mode

    def verify(rep):
        return driver.verify(get_mode("quest"), rep)
    from game.modes.quest.textformat import parse_level
    lid = next(i for i in shipped_ids() if i.startswith("hex/"))
    text = "title: Easy\ngrid: square\nmap:\n#####\n#@$.#\n#####\nend\n"
    easy, _ = parse_level(text, "x", name=lid)
    forged = make_replay(easy, [[0, 1]], lid, text)
    v = verify(forged)
    assert not v.ok and v.problems[0].startswith(f"setup.level_text is not the level {lid!r}")
    shipped, _, shipped_text = load_level(lid)
    stored = load_replay(Path("assets/quest/solutions") / f"{lid}.replay.json")
    honest = make_replay(shipped, stored.actions, lid, shipped_text or "")
    assert verify(honest).ok


def test_encode_action_refuses_values_past_a_byte_instead_of_cutting_them():
    from game.modes.base import ActionError
    from game.modes.quest.catalog import load_level
    from game.modes.quest.game import EQUIP, QuestGame
    g = QuestGame(load_level("hex/01_first_push")[0])
    assert g.encode_action(g.decode_action(g.encode_action([EQUIP, 255]))) == [EQUIP, 255]
    with pytest.raises(ActionError, match="0-255"):
        g.encode_action([EQUIP, 256])          # was silently recorded as [EQUIP, 0]
