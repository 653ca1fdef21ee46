"""Replays from the Replays screen and `tactibox replay`: one reader, bounded (issue 9 item 10)."""

import json
import os
import zlib
from datetime import UTC, datetime

import pytest

from game.cli import main as cli_main
from game.core.replay import ReplayError, load_replay
from game.store.replays import ReplayStore

T0 = datetime(2026, 5, 22, 14, 30, 5, tzinfo=UTC)


@pytest.fixture(scope="module")
def default_rs():
    from game.rules.skirmish.catalog import find_ruleset
    rs, problems = find_ruleset("default")
    assert rs is not None and not problems
    return rs


def container(doc_bytes: bytes, **head) -> bytes:
    h = {"format": "tactibox-replay", "version": 1, "mode": "skirmish", "map": "m", "seed": 1,
         "when": "2026-05-22T14:30:05+00:00", "encoding": "json", "size": len(doc_bytes),
         "crc32": zlib.crc32(doc_bytes)}
    h.update(head)
    return json.dumps(h).encode() + b"\n" + doc_bytes


def test_a_header_date_without_utc_offset_sorts_with_the_others(tmp_path):
    store = ReplayStore(tmp_path)
    store.save({"i": 1}, mode="skirmish", map="aware", seed=1, when=T0)
    (tmp_path / "naive.replay").write_bytes(container(b'{"i":2}', when="2026-05-23T10:00:00"))
    listed = store.list()  # used to raise TypeError: can't compare offset-naive and offset-aware
    assert [i.map for i in listed] == ["m", "aware"]
    assert all(i.ok for i in listed) and listed[0].when.tzinfo is not None


DEEP = b"[" * 100_000 + b"]" * 100_000


@pytest.mark.parametrize("where", ["header", "payload", "extra"])
def test_deeply_nested_json_is_a_damaged_replay_not_a_recursion_error(tmp_path, where):
    store = ReplayStore(tmp_path)
    store.save({"i": 1}, mode="skirmish", map="good", seed=1, when=T0)
    if where == "header":
        data = b"[" * 2000 + b"]" * 2000 + b"\n{}"
    elif where == "payload":
        data = container(DEEP)
    else:
        data = container(b"{}", extra=json.loads("[" * 900 + "]" * 900))
    (tmp_path / "deep.replay").write_bytes(data)
    listed = {i.name: i for i in store.list()}
    assert listed["deep.replay"].ok is (where == "payload")  # the listing reads the header only
    with pytest.raises(ReplayError, match="deep.replay"):
        store.load("deep.replay")
    with pytest.raises(ReplayError, match="nested more than"):
        load_replay(tmp_path / "deep.replay")
    assert cli_main(["replay", str(tmp_path / "deep.replay"), "--verify"]) != 0


def test_bare_deep_json_and_special_files_give_clean_errors(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_bytes(DEEP)
    with pytest.raises(ReplayError, match="nested more than"):
        load_replay(deep)
    fifo = tmp_path / "fifo.replay"
    os.mkfifo(fifo)
    with pytest.raises(ReplayError, match="not a regular file"):  # used to block forever
        load_replay(fifo)
    store = ReplayStore(tmp_path)
    assert not {i.name: i for i in store.list()}["fifo.replay"].ok
    zero = tmp_path / "zero.replay"
    zero.symlink_to("/dev/zero")
    with pytest.raises(ReplayError, match="not a regular file"):
        load_replay(zero)
    big = tmp_path / "big.replay"
    with open(big, "wb") as fh:
        fh.truncate(64 * 1024 * 1024)
    with pytest.raises(ReplayError, match="more than"):
        load_replay(big)
    huge_int = tmp_path / "int.replay"
    huge_int.write_text('{"seed": ' + "9" * 5000 + "}")
    with pytest.raises(ReplayError, match="int.replay"):
        load_replay(huge_int)


def test_the_cli_verifies_the_apps_own_saved_replays(tmp_path, default_rs, capsys):
    from skirmish_play import play_battle

    from game.modes.skirmish.pieces import Options
    from game.modes.skirmish.setup import parse_seats
    r = play_battle(default_rs, default_rs.map("01_meadow"), parse_seats("bot:hard,bot:easy"), 4, Options())
    store = ReplayStore(tmp_path)
    # exactly what a battle's Match keeps (game/store/keeper.py)
    info = store.save(r.replay.to_data(), mode="skirmish", map="01_meadow", seed=4, when=T0)
    assert cli_main(["replay", str(info.path), "--verify", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["ok"] and out["state_hash"] == r.game.state_hash()
    # the same document as the CLI's own --replay-out writes it reads the same
    bare = tmp_path / "bare.replay"
    r.replay.save(bare)
    assert load_replay(bare).to_data() == load_replay(info.path).to_data()
    # a damaged container is refused with the store's message, by the CLI too
    raw = bytearray(info.path.read_bytes())
    raw[-5] ^= 0x20
    info.path.write_bytes(bytes(raw))
    assert cli_main(["replay", str(info.path), "--verify"]) != 0
    assert "checksum" in capsys.readouterr().err
