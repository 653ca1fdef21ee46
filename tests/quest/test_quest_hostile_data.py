"""Issue 21, quest data: huge numbers in progress, saves and level text (item 9), a save of a
million moves (item 11) and campaign replays that went below zero or farmed (item 12). Memory
is measured with tracemalloc and work by counting, never by timing."""

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from quest_memory import traced_peak

from game.core.replay import load_replay
from game.modes.quest import session as S
from game.modes.quest.campaign import Progress, load_campaign, parse_campaign
from game.modes.quest.catalog import ASSETS, load_level, solution_path
from game.modes.quest.game import QuestGame
from game.modes.quest.session import Session
from game.modes.quest.textformat import parse_level
from game.store.quest_progress import QuestStore

BIG = "9" * 5000


@pytest.fixture
def camp():
    c, probs = load_campaign(ASSETS / "campaign.toml")
    assert c is not None, probs
    return c


# --- item 9: a 5000-digit integer ---------------------------------------------------------------
@pytest.mark.parametrize("key,where", [("coins", "carry.coins"), ("xp", "carry.xp"), ("points", "carry.points")])
def test_a_5000_digit_number_in_progress_is_named_and_set_aside(tmp_path, key, where):
    store = QuestStore(tmp_path / "quest")
    store.load()
    assert store.save()
    path = tmp_path / "quest" / "progress.json"
    doc = json.loads(path.read_text())
    text = json.dumps(doc).replace(f'"{key}": 0', f'"{key}": {BIG}', 1)
    assert BIG in text
    path.write_text(text)
    again = QuestStore(tmp_path / "quest")
    again.load()                                    # it raised ValueError from json.loads
    assert again.messages == [f"{path}: {where}: expected a whole number 0..10^9, got a 5000-digit number; "
                              "starting the campaign afresh; the file was kept as progress.json.corrupt-1"]
    assert (tmp_path / "quest" / "progress.json.corrupt-1").read_text() == text
    assert again.progress.carry[key] == 0


def test_a_5000_digit_number_in_a_save_restarts_the_level(tmp_path):
    store = QuestStore(tmp_path / "quest")
    store.load()
    level, lid, _ = load_level("square/01_corner")
    s = Session(level)
    s.act([0, 1])
    assert store.save_session(lid, "free", s)
    path = store.save_path(lid)
    path.write_text(path.read_text().replace("[0,1]", f"[0,{BIG}]"))
    assert store.saved_context(lid) is None
    got, _, msg = store.load_session(lid, level)
    assert got is None and msg.startswith(f"{path}: session.actions[0]: expected a list of 1-8 whole numbers; "
                                          "the level starts over")
    path.write_text(json.dumps({"format": "tactibox-quest-save", "version": 1, "pos": NaN_TEXT}))
    got, _, msg = store.load_session(lid, level)
    assert got is None and "the level starts over" in msg


NaN_TEXT = float("nan")


@pytest.mark.parametrize("line,msg", [
    (f"melee: {BIG}", "melee: expected an integer of at most 9 digits, got a 5000-digit number"),
    (f"seed: -{BIG}", "seed: expected an integer of at most 9 digits, got a 5000-digit number"),
])
def test_a_5000_digit_number_in_level_text_is_a_file_line_problem(line, msg):
    lv, probs = parse_level(f"title: x\ngrid: square\n{line}\nmap:\n#####\n#@$.#\n#####\nend\n", "big.quest")
    assert lv is None and [str(p) for p in probs] == [f"big.quest: 3: {msg}"]


@pytest.mark.parametrize("entry,msg", [
    (f"grant 3,2: xp {BIG}", "xp gift: expected a number 0..100000"),
    (f"grant 3,2: item axe={BIG}", "item property 'axe' charges: expected an integer of at most 3 digits, got a 5000-digit number"),
    (f"grant 3,{BIG}: coins 1", "expected an integer of at most 4 digits, got a 5000-digit number"),
    (f"npc 3,2: name=X hp={BIG}", "npc hp: expected an integer of at most 9 digits, got a 5000-digit number"),
])
def test_a_5000_digit_number_in_an_entry_is_a_file_line_problem(entry, msg):
    lv, probs = parse_level(f"title: x\ngrid: square\nmap:\n######\n#@ $.#\n######\nend\n{entry}\n", "big.quest")
    assert lv is None and len(probs) == 1 and str(probs[0]).startswith("big.quest: 8: ") and msg in str(probs[0])


def test_a_5000_digit_level_number_in_a_ref_is_a_level_error(tmp_path):
    from game.modes.quest.catalog import LevelError
    f = tmp_path / "a.xsb"
    f.write_text("#####\n#@$.#\n#####\n")
    with pytest.raises(LevelError, match="has no level 0 that loads"):
        load_level(f"{f}#{BIG}")


def test_a_5000_digit_number_in_the_campaign_file_is_a_problem(tmp_path):
    f = tmp_path / "campaign.toml"
    f.write_text(f'[[level]]\nid = "hex/01_first_push"\n[[shop]]\nitem = "staff=1"\nprice = {BIG}\n')
    camp, probs = load_campaign(f)
    assert camp is None and len(probs) == 1 and str(probs[0]).startswith(f"{f}: ")


# --- item 11: a save of a million moves -------------------------------------------------------
def _save(level, actions, pos=None):
    return {"level": level.name, "level_hash": level.content_hash(), "actions": actions,
            "pos": len(actions) if pos is None else pos, "carry": None}


def test_a_save_of_a_million_waits_is_refused_before_any_move_is_played(tmp_path, monkeypatch):
    """The 4 MB save took 43 s and 2.1 GB: now the store refuses it by its count (a save holds
    at most MAX_ACTIONS moves), before a single move is replayed."""
    store = QuestStore(tmp_path / "quest")
    store.load()
    level, lid, _ = load_level("square/01_corner")
    path = store.save_path(lid)
    path.parent.mkdir(parents=True)
    doc = {"format": "tactibox-quest-save", "version": 1, "level_id": lid, "context": "free",
           "session": _save(level, [[2]] * 1_000_000)}
    path.write_text(json.dumps(doc, separators=(",", ":")))
    assert path.stat().st_size > 4_000_000
    played = []
    monkeypatch.setattr(QuestGame, "apply", lambda self, a: played.append(a))
    got, _, msg = store.load_session(lid, level)
    assert got is None and played == []
    assert msg.startswith(f"{path}: ") and "at most" in msg and "the level starts over" in msg
    # just under the store's file limit: still refused by count, never replayed
    doc["session"] = _save(level, [[2]] * 250_000)
    path.write_text(json.dumps(doc, separators=(",", ":")))
    got, _, msg = store.load_session(lid, level)
    assert got is None and played == [] and "session.actions: 250000 moves, a save holds at most 20000" in msg


def test_a_long_save_loads_in_linear_work_and_small_memory(monkeypatch):
    """20,000 moves (the most a save holds): every move applied once, snapshots only within the
    budget; peak memory measured against a cap."""
    level, _, _ = load_level("square/01_corner")
    n = S.MAX_ACTIONS
    actions = [[2]] * n
    applies = []
    real = QuestGame.apply

    def counting(self, a):
        applies.append(1)
        return real(self, a)
    monkeypatch.setattr(QuestGame, "apply", counting)
    snaps = []
    real_snap = QuestGame.snapshot_copy
    monkeypatch.setattr(QuestGame, "snapshot_copy", lambda self: snaps.append(1) or real_snap(self))
    s, peak = traced_peak(lambda: Session.from_save(level, _save(level, actions, pos=n - 5)))
    assert s.pos == n - 5 and len(s.actions) == n
    assert len(applies) == n                   # linear: each move once (the last 5 undone from snapshots)
    assert len(snaps) <= n + 1                 # at most one snapshot a move, most of them dropped again
    assert len(s._cps) + len(s._near) <= S.SNAP_BUDGET // S._snapshot_cost(level) + 1
    assert peak < S.SNAP_BUDGET + (16 << 20), peak


def test_a_game_stops_at_its_move_limit_and_undo_goes_on(monkeypatch):
    monkeypatch.setattr(S, "MAX_ACTIONS", 1000)
    level, _, _ = load_level("square/01_corner")
    s = Session(level)
    assert s.limit == 1000
    for _ in range(1000):
        s.act([2])
    with pytest.raises(S.ActionError, match="limit of 1000 moves; undo or restart"):
        s.act([2])
    assert s.undo() and s.pos == 999
    s.act([2])
    assert s.pos == 1000


def test_the_move_limit_shrinks_with_the_npcs_a_save_must_replay():
    level, _, _ = load_level("hex/05_goblins")
    assert S.max_actions(level) == min(S.MAX_ACTIONS, S.MAX_WORK // (1 + len(level.npcs)))
    many = load_level("hex/05_goblins")[0]
    many.npcs = many.npcs * 200
    assert S.max_actions(many) == max(1000, S.MAX_WORK // (1 + len(many.npcs))) < S.MAX_ACTIONS


@settings(max_examples=25, deadline=None, derandomize=True)
@given(st.lists(st.tuples(st.sampled_from(["act", "undo", "redo", "seek"]), st.integers(0, 5)), max_size=120))
def test_undo_redo_and_seek_with_sparse_snapshots_match_a_fresh_replay(ops):
    """With a tiny snapshot budget (checkpoints thinned over and over), every position reached
    by undo, redo or seek has exactly the state of replaying its prefix from the start."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(S, "SNAP_BUDGET", 1)
        mp.setattr(S, "NEAR", 3)
        level, _, _ = load_level("hex/05_goblins")
        s = Session(level)
    assert s._far_n == 3 and s._near_n == 3
    for op, k in ops:
        if op == "act":
            legal = [a for a in ([0, d] for d in range(6)) if s.game.problem(a) is None] + [[2]]
            if s.game.status == "play" and s.pos < s.limit:
                s.act(legal[k % len(legal)])
        elif op == "undo":
            s.undo()
        elif op == "redo":
            s.redo()
        else:
            s.seek(k * len(s.actions) // 5)
        fresh = QuestGame(level)
        for a in s.actions[:s.pos]:
            fresh.apply(a)
        assert s.game.state_hash() == fresh.state_hash()
        assert len(s._cps) <= s._far_n and len(s._near) <= 2 * s._near_n + 1


def test_state_token_is_one_per_position():
    level, _, _ = load_level("square/01_corner")
    s = Session(level)
    t0 = s.state_token()
    s.act([2])
    t1 = s.state_token()
    assert t1 is not t0
    s.undo()
    assert s.state_token() is t0
    s.redo()
    assert s.state_token() is t1


# --- item 12: replay policies -----------------------------------------------------------------
def _win(store, camp, lid):
    level, _, _ = load_level(lid)
    g = QuestGame(level, store.progress.start_carry(camp))
    for a in load_replay(solution_path(lid)).actions:
        g.apply(a)
    assert g.status == "won"
    store.progress.finish(camp, lid, g)
    assert store.save()
    return g


def test_winning_06_missile_twice_through_the_store_keeps_valid_progress(tmp_path, camp):
    """The issue's reproduction: the stored solution spends the skill point its 400 XP gives.
    Under "delta" the replay's XP was taken back but the point spent was kept: points -1, and
    the next start refused progress.json. Now the replay changes only XP and coins above the
    best earlier run (none here) and puts back everything else."""
    assert camp.replay == "delta"
    store = QuestStore(tmp_path / "quest")
    store.load()
    store.progress.won = {"hex/05_goblins": {"xp": 0, "coins": 0}}     # 06 is open
    _win(store, camp, "hex/06_missile")
    first = store.progress.to_dict()
    assert first["carry"]["xp"] == 400 and first["carry"]["points"] == 0
    assert first["carry"]["skills"]["wizard"] == 1 and first["carry"]["spells"] == {"missile": 2}
    g = _win(store, camp, "hex/06_missile")
    assert g.player["skills"]["wizard"] == 2                  # the replay spent a point too
    again = QuestStore(tmp_path / "quest")
    again.load()
    assert again.messages == []
    assert again.progress.to_dict() == first                  # nothing farmed, nothing lost


def _gains(xp, coins, items=(), spells=None, points=0, skills=None):
    class G:
        player = {"xp": xp, "coins": coins, "points": points, "items": [list(i) for i in items],
                  "spells": dict(spells or {}), "skills": dict(skills or {"bruiser": 0, "wizard": 0, "tough": 0}),
                  "hp": 50}
    return G()


def _camp(replay):
    camp, probs = parse_campaign({"replay": replay, "level": [{"id": "a", "next": ["b"]}, {"id": "b"}]}, "c")
    assert camp is not None, probs
    return camp


def test_delta_replays_cannot_farm_items_spells_or_points():
    camp = _camp("delta")
    p = Progress()
    axe = ["item", [["axe", 20]]]
    p.finish(camp, "a", _gains(300, 10, [axe], {"missile": 1}, points=1))
    assert (p.carry["xp"], p.carry["coins"], p.carry["points"]) == (300, 10, 1)
    for _ in range(5):                  # each replay grants the axe and the spell again, same gains
        start = p.start_carry(camp)
        p.finish(camp, "a", _gains(start["xp"] + 300, start["coins"] + 10, start["items"] + [axe],
                                   {"missile": 2}, points=start["points"] + 1))
    assert p.carry["items"] == [axe] and p.carry["spells"] == {"missile": 1}
    assert (p.carry["xp"], p.carry["coins"], p.carry["points"]) == (300, 10, 1)
    # a better run gains only the difference: 300 -> 600 XP is +300 (level 2 -> 3: one more point)
    p.finish(camp, "a", _gains(300 + 600, 10 + 4, [], {}, points=0))
    assert (p.carry["xp"], p.carry["coins"], p.carry["points"]) == (600, 10, 2)
    assert p.carry["items"] == [axe] and p.won["a"] == {"xp": 600, "coins": 10}


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.sampled_from(["delta", "keep"]),
       st.lists(st.tuples(st.sampled_from(["a", "b"]), st.integers(-50, 900), st.integers(-40, 40),
                          st.integers(0, 3), st.booleans()), min_size=1, max_size=12))
def test_any_sequence_of_wins_keeps_progress_loadable(policy, runs):
    """Random wins and replays (gains may be negative: steps cost coins; points may be spent):
    progress always passes the loader's checks, and under delta the carry never grows by more
    than the best run of each level."""
    from game.modes.quest.creatures import player_level
    camp = _camp(policy)
    p = Progress()
    best: dict[str, int] = {}
    for lid, dxp, dcoins, spent, grant in runs:
        start = p.start_carry(camp)
        xp = max(0, start["xp"] + dxp)
        ups = player_level(xp) - player_level(start["xp"])
        spend = min(spent, start["points"] + max(0, ups))
        g = _gains(xp, max(0, start["coins"] + dcoins), start["items"] + ([["item", [["axe", 5]]]] if grant else []),
                   points=start["points"] + max(0, ups) - spend)
        p.finish(camp, lid, g)
        best[lid] = max(best.get(lid, -10**9), xp - start["xp"])
        Progress.from_dict(json.loads(json.dumps(p.to_dict())))       # the loader accepts it
        assert p.carry["points"] >= 0
    if policy == "delta":
        assert p.carry["xp"] <= sum(max(0, b) for b in best.values())
        assert len(p.carry["items"]) <= len(best)


# --- item 13 for quest replays: a path in a replay is not an oracle ------------------------------
def test_a_replay_naming_a_path_does_not_tell_whether_it_exists(tmp_path):
    from game.modes import driver
    from game.modes.quest.session import make_replay
    from game.modes.registry import get_mode
    level, lid, _ = load_level("square/01_corner")
    real = tmp_path / "there.xsb"
    real.write_text("#####\n#@$.#\n#####\n")
    verdicts = []
    for name in ("/etc/passwd", str(real), str(tmp_path / "missing.xsb"), "../../../etc/shadow"):
        rep = make_replay(level, [], lid)
        rep.map_id, rep.setup = name, {}
        v = driver.verify(get_mode("quest"), rep)
        assert not v.ok
        verdicts.append([p.replace(repr(name[:80]), "NAME") for p in v.problems])
    assert all(v == verdicts[0] for v in verdicts)
    assert verdicts[0] == ["map: NAME is not a shipped level, and the replay has no setup.level_text"]
