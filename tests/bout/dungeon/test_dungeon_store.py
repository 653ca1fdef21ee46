"""The run saved after every action: a power cut loses nothing, a corrupt save is kept aside with
a message and the run goes on from what is still good (game/store/dungeon_run.py)."""

import json

import pytest

from game.modes.bout.dungeon.botplay import DungeonBot
from game.modes.bout.dungeon.game import DungeonGame
from game.store.dungeon_run import MAX_RUN, DungeonStore


def play(rules, data, store, seed=3, n=60):
    g = DungeonGame(rules, data, seed)
    bot = DungeonBot("hard")
    actions = []
    for _ in range(n):
        if g.is_over():
            break
        a = bot.choose(g)
        g.apply(a)
        actions.append(g.encode_action(a))
        assert store.save_run(g, actions)
    return g, actions, bot


@pytest.fixture
def store(tmp_path):
    s = DungeonStore(tmp_path / "dungeon")
    s.load()
    return s


def test_every_action_is_saved_and_the_run_goes_on_the_same(rules, data, store):
    g, actions, bot = play(rules, data, store)
    back, acts, msg = DungeonStore(store.root).resume(rules, data)
    assert msg == "" and acts == actions and back.state_hash() == g.state_hash()
    for _ in range(40):                     # both go on identically
        if g.is_over():
            break
        a = bot.choose(g)
        g.apply(a)
        back.apply(a)
        assert back.state_hash() == g.state_hash()


def test_a_power_cut_while_writing_leaves_the_last_save(rules, data, store):
    """The write goes to a temp file that is renamed over run.json only when complete: a cut
    before the rename leaves a stray temp file and the previous run.json, which is used."""
    g, actions, _ = play(rules, data, store, n=20)
    stray = store.root / ".run.json.x1y2.tmp"
    stray.write_bytes(b'{"format": "tactibox-dungeon-run", "vers')
    s2 = DungeonStore(store.root)
    s2.load()
    back, acts, msg = s2.resume(rules, data)
    assert back.state_hash() == g.state_hash() and msg == ""


def test_a_save_cut_short_is_kept_aside_and_the_previous_one_used(rules, data, store):
    g, actions, _ = play(rules, data, store, n=25)
    text = store.run_path.read_bytes()
    store.run_path.write_bytes(text[: len(text) // 2])
    s2 = DungeonStore(store.root)
    back, acts, msg = s2.resume(rules, data)
    assert "run.json: is not valid JSON" in msg and "kept as run.json.corrupt-1" in msg
    assert "goes on from run.json.bak" in msg
    assert (store.root / "run.json.corrupt-1").read_bytes() == text[: len(text) // 2]
    assert acts == actions[:-1] and back.turn <= g.turn
    assert json.loads(store.run_path.read_text())["actions"] == acts      # good again on disk


def test_a_tampered_state_is_rebuilt_from_its_actions(rules, data, store):
    g, actions, _ = play(rules, data, store, n=30)
    doc = json.loads(store.run_path.read_text())
    doc["state"]["kills"] = 99
    store.run_path.write_text(json.dumps(doc))
    s2 = DungeonStore(store.root)
    back, acts, msg = s2.resume(rules, data)
    assert back.state_hash() == g.state_hash() and back.kills == g.kills
    assert any("does not match its hash" in m and "rebuilt from its" in m for m in s2.messages)


@pytest.mark.parametrize("change, needle", [
    (lambda d: d.update(format="x"), "format: expected 'tactibox-dungeon-run'"),
    (lambda d: d.update(actions=[[1, 2, 999]]), "actions[0]: expected a list of 1-12 whole numbers 0-255"),
    (lambda d: d.pop("state"), "state: missing"),
    (lambda d: d.update(ruleset="0" * 32), "made with other bout rules"),
    (lambda d: d["state"]["actors"][0][0].__setitem__(2, 10**6), "its state cannot be read"),
])
def test_broken_saves_name_the_problem_and_are_set_aside(rules, data, store, change, needle):
    play(rules, data, store, n=3)
    store.run_path.with_name("run.json.bak").unlink(missing_ok=True)
    doc = json.loads(store.run_path.read_text())
    change(doc)
    if "actors" in str(needle) or "cannot be read" in needle:
        doc["actions"] = [[0, 8]] * 7          # and actions that do not lead there (Step(8))
    store.run_path.write_text(json.dumps(doc))
    s2 = DungeonStore(store.root)
    back, acts, msg = s2.resume(rules, data)
    assert back is None and needle in msg and "there is no run to continue" in msg
    assert (store.root / "run.json.corrupt-1").exists() and not store.run_path.exists()


def test_a_huge_save_is_refused_unread(rules, data, store):
    store.root.mkdir(parents=True, exist_ok=True)
    with open(store.run_path, "wb") as fh:
        fh.truncate(MAX_RUN + 1)
    back, _acts, msg = DungeonStore(store.root).resume(rules, data)
    assert back is None and "bytes" in msg


def test_finishing_a_run_records_it_and_keeps_the_best(rules, data, store, tmp_path):
    from game.store.stats import StatsStore
    stats = StatsStore(tmp_path / "stats.sqlite3")
    g, actions, bot = play(rules, data, store, seed=4, n=5000)
    assert g.is_over()
    row = store.finish(g, actions, "Ann", stats=stats)
    assert row["score"] == g.score() and store.best[0] == row and not store.has_run()
    line = stats.totals("Ann")
    assert (line.wins, line.losses) == ((1, 0) if g.outcome == "escaped" else (0, 1))
    again = DungeonStore(store.root)
    again.load()
    assert again.best == [row]
    (store.root / "best.json").write_text("{not json")
    broken = DungeonStore(store.root)
    broken.load()
    assert broken.best == [] and "best.json: is not valid JSON" in broken.messages[0]
    assert (store.root / "best.json.corrupt-1").exists()


def test_a_run_played_through_the_session_survives_a_crash(rules, data, store):
    """DungeonRun applies and saves every action; the process dies (the object is dropped);
    resuming gives the same game and the run goes on to its end."""
    from game.store.dungeon_run import DungeonRun
    run = DungeonRun.new(store, rules, data, 6)
    bot = DungeonBot("hard")
    for _ in range(80):
        run.act(bot.choose(run.game))
    want = run.game.state_hash()
    del run
    back, msg = DungeonRun.resume(DungeonStore(store.root), rules, data)
    assert msg == "" and back.game.state_hash() == want and len(back.actions) == 80
    while not back.game.is_over():
        back.act(bot.choose(back.game))
    row = back.finish("Bo", is_bot=True)
    assert row["player"] == "Bo" and not store.has_run()
