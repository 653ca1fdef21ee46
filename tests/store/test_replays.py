"""replays/: atomic, unique, listed newest first, damaged files marked and refused clearly."""

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.store.replays import ReplayError, ReplayStore

T0 = datetime(2026, 5, 22, 14, 30, 5, tzinfo=UTC)


@pytest.fixture
def store(tmp_path):
    return ReplayStore(tmp_path / "replays")


def test_save_and_load_a_dict(store):
    doc = {"seed": 7, "actions": [[1, 2], [3, 4]], "ruleset": "abc"}
    info = store.save(doc, mode="Skirmish", map="Forest Ring!", seed=7, when=T0)
    assert info.name == "20260522-143005_skirmish_forest-ring_s7.replay"
    got_info, got = store.load(info.name)
    assert got == doc and got_info.mode == "Skirmish" and got_info.map == "Forest Ring!" and got_info.when == T0
    # readable in an editor: header line, then JSON
    first, payload = info.path.read_bytes().split(b"\n", 1)
    assert b'"format": "tactibox-replay"' in first and payload.startswith(b'{"actions"')


def test_save_bytes(store):
    info = store.save(b"\x00\x01binary\xff", mode="duel", map="maze", seed=99, when=T0)
    assert store.load(info)[1] == b"\x00\x01binary\xff"


def test_same_name_never_overwrites(store):
    a = store.save({"n": 1}, mode="skirmish", map="m", seed=1, when=T0)
    b = store.save({"n": 2}, mode="skirmish", map="m", seed=1, when=T0)
    assert a.name != b.name and b.name.endswith("_s1-2.replay")
    assert store.load(a)[1] == {"n": 1} and store.load(b)[1] == {"n": 2}


def test_list_newest_first_with_metadata(store):
    for i in range(3):
        store.save({"i": i}, mode="skirmish", map=f"m{i}", seed=i, when=T0 + timedelta(minutes=i))
    listed = store.list()
    assert [r.map for r in listed] == ["m2", "m1", "m0"]
    assert all(r.ok for r in listed)


def test_damaged_files_are_listed_with_a_marker_and_refused_with_a_clear_error(store):
    good = store.save({"i": 1}, mode="skirmish", map="good", seed=1, when=T0)
    cut = store.save({"i": 2, "pad": "x" * 100}, mode="skirmish", map="cut", seed=2, when=T0 + timedelta(1))
    flip = store.save({"i": 3}, mode="skirmish", map="flip", seed=3, when=T0 + timedelta(2))
    cut.path.write_bytes(cut.path.read_bytes()[:-10])
    raw = bytearray(flip.path.read_bytes())
    raw[-3] ^= 0x20
    flip.path.write_bytes(bytes(raw))
    (store.dir / "junk.replay").write_bytes(b"hello")
    (store.dir / "notes.txt").write_text("not listed")
    listed = {r.name: r for r in store.list()}
    assert set(listed) == {good.name, cut.name, flip.name, "junk.replay"}
    assert listed[good.name].ok
    assert not listed[cut.name].ok and "cut short" in listed[cut.name].problem
    assert not listed[flip.name].ok and "checksum" in listed[flip.name].problem
    assert not listed["junk.replay"].ok
    with pytest.raises(ReplayError, match=r"cut.*cut short"):
        store.load(cut.name)
    with pytest.raises(ReplayError, match="no header line"):
        store.load("junk.replay")
    assert store.load(good)[1] == {"i": 1}


@pytest.mark.parametrize("content,msg", [
    (b"", "no header line"),
    (b"{not json\n{}", "header line is not valid JSON"),
    (b'{"format": "other"}\n', "not a Tactibox replay"),
    (b'{"format": "tactibox-replay", "version": 9}\n', "version 9"),
    (b'{"format": "tactibox-replay", "version": 1, "mode": "x"}\n', "header field missing"),
])
def test_broken_headers(store, content, msg):
    store.dir.mkdir(parents=True, exist_ok=True)
    (store.dir / "x.replay").write_bytes(content)
    with pytest.raises(ReplayError, match=msg):
        store.load("x.replay")
    assert store.list()[0].ok is False


def test_delete(store):
    info = store.save({"i": 1}, mode="skirmish", map="m", seed=1, when=T0)
    assert store.delete(info.name) is True
    assert store.list() == []
    assert store.delete(info.name) is False
    with pytest.raises(ReplayError, match="no such replay"):
        store.load(info.name)


def test_names_cannot_escape_the_folder(store):
    with pytest.raises(ReplayError):
        store.load("../settings.toml")


def test_non_json_documents_are_refused(store):
    with pytest.raises((TypeError, ValueError)):
        store.save({"x": float("nan")}, mode="s", map="m", seed=1, when=T0)
    with pytest.raises(TypeError):
        store.save([1, 2], mode="s", map="m", seed=1, when=T0)
    assert store.list() == []


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-2**63, 2**63) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=40, deadline=None)
@given(doc=st.dictionaries(st.text(max_size=8), json_values, max_size=5), seed=st.integers(0, 2**64 - 1),
       mode=st.text(max_size=12), map_name=st.text(max_size=20))
def test_round_trip_any_json_document(tmp_path_factory, doc, seed, mode, map_name):
    store = ReplayStore(tmp_path_factory.mktemp("r"))
    info = store.save(doc, mode=mode, map=map_name, seed=seed, when=T0)
    got_info, got = store.load(info.name)
    assert got == doc and (got_info.mode, got_info.map, got_info.seed) == (mode, map_name, seed)
