"""The games in progress (Continue): one file per mode, rewritten atomically after every action;
every broken file is set aside as NAME.corrupt-N with a message naming the file and the key, and
nothing else is lost."""

from __future__ import annotations

import json
import os

import pytest

from game.core.replay import Replay
from game.store.in_progress import MAX_SAVE, InProgressStore


def replay(mode="skirmish", n=3) -> Replay:
    r = Replay(mode=mode, seed=7, ruleset_id="default", ruleset_hash="ab" * 8)
    for i in range(n):
        r.actions.append([4])
        r.record_turn(i + 1, f"{i:032x}")
    return r


def test_save_load_drop_and_the_most_recent_first(tmp_path):
    st = InProgressStore(tmp_path / "ip")
    assert st.all() == [] and st.load("duel") is None
    assert st.save("skirmish", replay(), {"viewer": 1})
    assert st.save("duel", replay("duel", 5))
    games = st.all()
    assert [g.mode for g in games] == ["duel", "skirmish"]
    sk = st.load("skirmish")
    assert sk.context == {"viewer": 1} and sk.actions == 3 and sk.turns == 3 and sk.replay.actions == [[4]] * 3
    st.drop("skirmish")
    st.drop("skirmish")                                  # twice: nothing to drop is fine
    assert [g.mode for g in st.all()] == ["duel"] and st.messages == []


def test_the_file_is_never_torn(tmp_path):
    st = InProgressStore(tmp_path)
    st.save("duel", replay("duel", 2))
    st.save("duel", replay("duel", 4))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["duel.json"]   # no temp file left
    assert st.load("duel").actions == 4


BROKEN = [
    (b'{"format": "tactibox-in-progress", "vers', "not valid JSON"),
    (b"[1, 2]", "format"),
    (json.dumps({"format": "tactibox-in-progress", "version": 9}).encode(), "version"),
    (json.dumps({"format": "tactibox-in-progress", "version": 1, "mode": "bout", "when": "2026-01-01T00:00:00+00:00",
                 "context": {}, "replay": {}}).encode(), "mode"),
    (json.dumps({"format": "tactibox-in-progress", "version": 1, "mode": "duel", "when": "soon",
                 "context": {}, "replay": {}}).encode(), "when"),
    (json.dumps({"format": "tactibox-in-progress", "version": 1, "mode": "duel", "when": "2026-01-01T00:00:00+00:00",
                 "context": [], "replay": {}}).encode(), "context"),
    (json.dumps({"format": "tactibox-in-progress", "version": 1, "mode": "duel", "when": "2026-01-01T00:00:00+00:00",
                 "context": {}, "replay": {"format": "tactibox-replay", "version": 1}}).encode(), "replay: mode"),
    (b"\xff\xfe garbage", "UTF-8"),
    (b"[" * 5000 + b"]" * 5000, "nested"),
]


@pytest.mark.parametrize("data,needle", BROKEN)
def test_a_broken_save_is_set_aside_and_named(tmp_path, data, needle):
    st = InProgressStore(tmp_path)
    (tmp_path / "duel.json").write_bytes(data)
    st.save("skirmish", replay())
    assert [g.mode for g in st.all()] == ["skirmish"]    # the good one is still there
    assert (tmp_path / "duel.json.corrupt-1").read_bytes() == data and not (tmp_path / "duel.json").exists()
    assert len(st.messages) == 1 and "duel.json" in st.messages[0] and needle in st.messages[0]


def test_too_big_or_not_a_file(tmp_path):
    st = InProgressStore(tmp_path)
    with open(tmp_path / "duel.json", "wb") as fh:
        fh.truncate(MAX_SAVE + 1)
    os.mkfifo(tmp_path / "quest.json")
    assert st.all() == []
    assert any("duel.json" in m and "bytes" in m for m in st.messages)
    assert any("quest.json" in m and "regular file" in m for m in st.messages)


def test_names_that_are_no_mode_are_ignored(tmp_path):
    st = InProgressStore(tmp_path)
    (tmp_path / "..json").write_text("{}")
    (tmp_path / "Not-A-Mode.json").write_text("{}")
    assert st.all() == [] and st.messages == []
    with pytest.raises(ValueError):
        st.path("../x")


def test_a_disk_that_refuses_keeps_the_game_going(tmp_path):
    blocker = tmp_path / "ip"
    blocker.write_text("a file where the folder should be")
    st = InProgressStore(blocker)
    assert st.save("duel", replay("duel")) is False and "could not be saved" in st.messages[0]
