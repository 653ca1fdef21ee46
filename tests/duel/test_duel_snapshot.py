"""Full-state snapshots for resync: round trips and broken data."""

from __future__ import annotations

import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.modes.duel import snapshot as snap
from game.modes.duel.game import DuelGame
from game.modes.duel.options import DuelOptions
from game.modes.duel.snapshot import decode_snapshot, encode_snapshot
from game.modes.duel.validate import state_problem


def played(seed: int, actions: int, options=None) -> DuelGame:
    g = DuelGame.new(seed, options)
    for i in range(actions):
        if g.is_over():
            break
        acts = g.legal_actions()
        g.apply(acts[(i * 7 + seed) % len(acts)])
    return g


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 120), st.booleans(), st.booleans())
def test_snapshot_round_trip_keeps_the_hash(seed, n, fov, potions):
    g = played(seed, n, DuelOptions(fov=fov, potions=potions))
    data = encode_snapshot(g.state)
    again = DuelGame(decode_snapshot(data))
    assert again.state_hash() == g.state_hash()
    assert again.legal_actions() == g.legal_actions()


def test_snapshot_is_small():
    g = played(9, 200)
    assert len(encode_snapshot(g.state)) < 400


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 50), st.data())
def test_mutated_snapshots_are_refused_or_valid(seed, data):
    raw = bytearray(encode_snapshot(played(seed, 30).state))
    i = data.draw(st.integers(0, len(raw) - 1))
    raw[i] ^= data.draw(st.integers(1, 255))
    try:
        st_ = decode_snapshot(bytes(raw))
    except ValueError:
        return
    assert state_problem(st_) is None


@settings(deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_crash(data):
    for blob in (data, b"WD\x01\x00" + data, b"WD\x01\x01" + zlib.compress(data)):
        try:
            st_ = decode_snapshot(blob)
        except ValueError:
            continue
        assert state_problem(st_) is None


def test_broken_snapshots_are_named(monkeypatch):
    good = encode_snapshot(played(2, 20).state)
    cases = [
        (b"XX" + good[2:], "magic"),
        (good[:2] + b"\x09" + good[3:], "version"),
        (good[:3] + b"\x04" + good[4:], "flags"),
        (good[:-5], "corrupt|truncated"),
        (good + b"junk", "junk|trailing"),
        (b"WD\x01\x01" + zlib.compress(bytes(100000)), "too large"),
        ("not bytes", "expected bytes"),
    ]
    for data, match in cases:
        with pytest.raises(ValueError, match=match):
            decode_snapshot(data)
    # a well-formed snapshot of an impossible state: a wizard inside rock
    st_ = played(2, 0).state
    rock = next(c for c in range(st_.layout.size ** 2) if not st_.layout.is_open(c) and c > 30)
    st_.wizards[0].pos = rock
    monkeypatch.setattr(snap, "state_problem", lambda s: None)
    bad = encode_snapshot(st_)
    monkeypatch.undo()
    with pytest.raises(ValueError, match="wizard 0 stands on cell"):
        decode_snapshot(bad)


def test_encoding_refuses_an_invalid_state():
    g = played(4, 0)
    g.state.wizards[1].hp = 9
    with pytest.raises(ValueError, match="hit points"):
        encode_snapshot(g.state)
