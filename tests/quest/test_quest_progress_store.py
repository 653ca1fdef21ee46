"""The quest's progress file and mid-level saves in the data folder (game/store/quest_progress.py):
round trips, and every kind of broken file gives a message naming it, is kept aside, and the game
goes on with the last good data."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.core.replay import load_replay
from game.modes.quest.campaign import Progress, ProgressError, load_campaign
from game.modes.quest.catalog import ASSETS, load_level, solution_path
from game.modes.quest.session import Session
from game.store.quest_progress import MAX_PROGRESS, QuestStore, save_name
from game.store.safefile import backup_path


@pytest.fixture
def camp():
    c, probs = load_campaign(ASSETS / "campaign.toml")
    assert c is not None, probs
    return c


def won_first(camp, progress: Progress) -> Session:
    lid = camp.start()
    level, _, _ = load_level(lid)
    s = Session(level, progress.start_carry(camp))
    for a in load_replay(solution_path(lid)).actions:
        s.act(a)
    assert s.game.status == "won"
    return s


def store_with_win(tmp_path, camp) -> QuestStore:
    st_ = QuestStore(tmp_path / "quest")
    st_.load()
    s = won_first(camp, st_.progress)
    st_.progress.finish(camp, camp.start(), s.game)
    st_.bests.offer(camp.start(), s.game.moves, s.game.pushes)
    st_.last = {"level": camp.start(), "context": "campaign"}
    assert st_.save()
    return st_


def test_progress_round_trips_through_the_data_folder(tmp_path, camp):
    a = store_with_win(tmp_path, camp)
    b = QuestStore(tmp_path / "quest")
    b.load()
    assert b.messages == []
    assert b.progress.to_dict() == a.progress.to_dict()
    assert set(b.progress.won) == {camp.start()}
    assert b.bests.data == a.bests.data and b.last == {"level": camp.start(), "context": "campaign"}
    # the next levels are open for the reloaded progress too
    assert set(camp.next[camp.start()]) <= set(camp.open_levels(set(b.progress.won)))


def test_first_start_is_quiet_and_empty(tmp_path):
    s = QuestStore(tmp_path / "quest")
    s.load()
    assert s.messages == [] and s.progress.won == {} and s.bests.data == {} and s.last == {}
    assert not s.path.exists()


def test_second_save_keeps_the_previous_good_file_as_bak(tmp_path, camp):
    s = store_with_win(tmp_path, camp)
    s.progress.carry["coins"] += 7
    s.save()
    s.save()                  # the first write of a fresh store has no .bak; the later ones do
    assert json.loads(backup_path(s.path).read_text())["progress"]["carry"]["coins"] == s.progress.carry["coins"]


@pytest.mark.parametrize("damage", ["truncated", "not_json", "binary", "empty", "huge", "wrong_type", "folder"])
def test_broken_progress_file_is_kept_aside_and_the_last_good_data_used(tmp_path, camp, damage):
    s = store_with_win(tmp_path, camp)
    good = s.progress.to_dict()
    s.save()                                       # now progress.json.bak holds the same good data
    text = s.path.read_text()
    if damage == "truncated":
        s.path.write_text(text[: len(text) // 2])
    elif damage == "not_json":
        s.path.write_text("progress = 1\n")
    elif damage == "binary":
        s.path.write_bytes(b"\xff\xfe\x00garbage")
    elif damage == "empty":
        s.path.write_bytes(b"")
    elif damage == "huge":
        s.path.write_bytes(b" " * (MAX_PROGRESS + 1))
    elif damage == "wrong_type":
        doc = json.loads(text)
        doc["progress"]["carry"]["coins"] = "lots"
        s.path.write_text(json.dumps(doc))
    elif damage == "folder":
        s.path.unlink()
        s.path.mkdir()
    t = QuestStore(tmp_path / "quest")
    t.load()
    assert len(t.messages) == 1, t.messages
    msg = t.messages[0]
    assert str(s.path) in msg and "progress.json.bak" in msg and "corrupt-1" in msg
    if damage == "wrong_type":
        assert "carry.coins" in msg
    if damage == "truncated":
        assert "cut short" in msg
    assert t.progress.to_dict() == good                       # the last good data
    assert (tmp_path / "quest" / "progress.json.corrupt-1").exists()   # the broken file is kept
    # and it was written back at once: the next start is quiet
    u = QuestStore(tmp_path / "quest")
    u.load()
    assert u.messages == [] and u.progress.to_dict() == good


def test_broken_file_and_no_backup_starts_afresh_with_a_message(tmp_path):
    root = tmp_path / "quest"
    root.mkdir()
    (root / "progress.json").write_text('{"format": "tactibox-quest-progress", "version": 1, "progress": {"carr')
    s = QuestStore(root)
    s.load()
    assert len(s.messages) == 1 and "starting the campaign afresh" in s.messages[0]
    assert s.progress.won == {} and (root / "progress.json.corrupt-1").exists()


@pytest.mark.parametrize("path,value,key", [
    (("progress", "won"), [], "won: expected dict"),
    (("progress", "carry", "xp"), -5, "carry.xp"),
    (("progress", "carry", "items"), [["item", [["staff", 500]]]], "carry.items[0]: staff: charges must be 1..100"),
    (("progress", "carry", "spells"), {"fireball": 9}, "carry.spells.fireball"),
    (("progress", "carry", "skills"), {"bruiser": 1}, "carry.skills.wizard: missing"),
    (("bests",), {"hex/x": {"moves": "3", "pushes": 1}}, "bests.hex/x.moves"),
    (("last",), {"level": "hex/x", "context": "arcade"}, "last.context"),
    (("version",), 99, "version"),
])
def test_wrong_types_name_the_key(tmp_path, camp, path, value, key):
    s = store_with_win(tmp_path, camp)
    doc = s.to_doc()
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value
    s.path.write_text(json.dumps(doc))
    t = QuestStore(tmp_path / "quest")
    t.load()
    assert len(t.messages) == 1 and key in t.messages[0], t.messages


def test_progress_from_dict_refuses_wrong_shapes():
    with pytest.raises(ProgressError, match="carry: missing"):
        Progress.from_dict({"won": {}})
    with pytest.raises(ProgressError, match=r"won\.hex/a\.coins"):
        Progress.from_dict({"carry": Progress().carry, "won": {"hex/a": {"xp": 1, "coins": None}}})
    with pytest.raises(ProgressError, match=r"carry\.coins: expected a whole number"):
        Progress.from_dict({"carry": {**Progress().carry, "coins": True}, "won": {}})


@given(xp=st.integers(0, 10**6), coins=st.integers(0, 10**6), won=st.dictionaries(
    st.from_regex(r"hex/[a-z0-9_]{1,12}", fullmatch=True),
    st.fixed_dictionaries({"xp": st.integers(-1000, 1000), "coins": st.integers(-1000, 1000)}), max_size=6))
def test_progress_dict_round_trip(xp, coins, won):
    p = Progress()
    p.carry.update(xp=xp, coins=coins, items=[["item", [["staff", 20], ["healing", 10]]]], spells={"jump": 2})
    p.won = won
    assert Progress.from_dict(json.loads(json.dumps(p.to_dict()))).to_dict() == p.to_dict()


# --- mid-level saves ------------------------------------------------------------------------
def test_mid_level_save_resumes_at_the_same_step(tmp_path):
    lid = "square/01_corner"
    level, _, _ = load_level(lid)
    s = Session(level)
    acts = load_replay(solution_path(lid)).actions
    for a in acts[:3]:
        s.act(a)
    s.undo()
    st_ = QuestStore(tmp_path / "quest")
    assert st_.save_session(lid, "free", s)
    assert st_.save_path(lid).name == "square__01_corner.json" and st_.saved_context(lid) == "free"
    got, ctx, msg = QuestStore(tmp_path / "quest").load_session(lid, level)
    assert msg == "" and ctx == "free"
    assert got.pos == 2 and got.actions == [list(a) for a in acts[:3]]       # redo still possible
    assert got.game.state_hash() == s.game.state_hash()
    st_.drop_session(lid)
    assert not st_.has_session(lid)


def test_save_for_a_changed_level_is_kept_aside_and_the_level_restarts(tmp_path):
    lid = "square/01_corner"
    level, _, _ = load_level(lid)
    s = Session(level)
    s.act(load_replay(solution_path(lid)).actions[0])
    st_ = QuestStore(tmp_path / "quest")
    st_.save_session(lid, "free", s)
    other, _, _ = load_level("square/02_pair")                # another level: another content hash
    got, _, msg = st_.load_session(lid, other)
    assert got is None
    assert "another version of level" in msg and "starts over" in msg and "square__01_corner.json" in msg
    assert not st_.has_session(lid) and (st_.saves / "square__01_corner.json.corrupt-1").exists()


@pytest.mark.parametrize("content,needle", [
    (b'{"format": "tactibox-quest-save", "version": 1, "context": "free", "session": {"lev', "cut short"),
    (b'{"format": "tactibox-quest-save", "version": 1, "context": "free", "session": '
     b'{"level": "a", "level_hash": "x", "actions": [[0, "n"]], "pos": 0}}', "session.actions[0]"),
    (b'{"format": "tactibox-quest-save", "version": 1, "context": "free", "session": '
     b'{"level": "a", "level_hash": "x", "actions": [], "pos": 3}}', "session.pos"),
    (b"[1, 2]", "format"),
])
def test_broken_saves_name_the_problem(tmp_path, content, needle):
    level, _, _ = load_level("square/01_corner")
    st_ = QuestStore(tmp_path / "quest")
    st_.saves.mkdir(parents=True)
    st_.save_path("square/01_corner").write_bytes(content)
    got, _, msg = st_.load_session("square/01_corner", level)
    assert got is None and needle in msg and "square__01_corner.json" in msg, msg
    assert st_.messages == [msg]


def test_save_whose_moves_no_longer_apply_restarts(tmp_path):
    lid = "square/01_corner"
    level, _, _ = load_level(lid)
    st_ = QuestStore(tmp_path / "quest")
    s = Session(level)
    st_.save_session(lid, "free", s)
    doc = json.loads(st_.save_path(lid).read_text())
    doc["session"]["actions"] = [[0, 0]] * 50                  # walk into the wall 50 times
    doc["session"]["pos"] = 50
    st_.save_path(lid).write_text(json.dumps(doc))
    got, _, msg = st_.load_session(lid, level)
    assert got is None and "starts over" in msg


def test_save_names_never_collide():
    assert save_name("hex/01_a") == "hex__01_a.json"
    names = {save_name(x) for x in ("a/b", "a__b", "a b", "a_b", "/tmp/x.xsb#3", "/tmp/x.xsb#4")}
    assert len(names) == 6 and all("/" not in n for n in names)


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.text(max_size=8),
                    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3),
                    max_leaves=8)


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


GOOD = {"format": "tactibox-quest-progress", "version": 1, "last": {"level": "hex/a", "context": "campaign"},
        "bests": {"hex/a": {"moves": 8, "pushes": 4}},
        "progress": {"won": {"hex/a": {"xp": 3, "coins": -2}},
                     "carry": {"xp": 300, "coins": 15, "points": 1, "hp": 80, "spells": {"jump": 2},
                               "skills": {"bruiser": 1, "wizard": 0, "tough": 0},
                               "items": [["item", [["staff", 20], ["healing", 10]]]]}}}


@given(data=st.data())
def test_any_damage_to_a_good_file_is_caught_never_raised(tmp_path_factory, data):
    """Replace any one value of a good progress file by any JSON value: loading never raises; it
    either accepts the file (the value was valid there) or reports it naming the file and keeps it."""
    import copy
    doc = copy.deepcopy(GOOD)
    paths = [p for p in _paths(doc) if p]
    path = data.draw(st.sampled_from(paths))
    node = doc
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = data.draw(JSON)
    root = tmp_path_factory.mktemp("q")
    (root / "progress.json").write_text(json.dumps(doc))
    s = QuestStore(root)
    s.load()
    if s.messages:
        assert str(root / "progress.json") in s.messages[0] and (root / "progress.json.corrupt-1").exists()
        assert s.progress.won == {}                               # no backup: a fresh start
    else:
        assert Progress.from_dict(s.progress.to_dict()).to_dict() == s.progress.to_dict()


@given(raw=st.binary(max_size=300))
def test_random_bytes_never_raise(tmp_path_factory, raw):
    root = tmp_path_factory.mktemp("q")
    (root / "progress.json").write_bytes(raw)
    s = QuestStore(root)
    s.load()
    assert s.messages and (root / "progress.json.corrupt-1").exists()
