"""Wire encodings: round trips, sizes, and garbage that must be refused cleanly."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.prng import Pcg32
from game.modes.base import ActionError
from game.modes.duel.actions import ACTIONS, CODE_COUNT, END_CODE, Action
from game.modes.duel.dungeon import generate_layout
from game.modes.duel.game import DuelGame
from game.modes.duel.layout import Layout, edge_mask
from game.modes.duel.layout_codec import decode_layout, encode_layout
from game.modes.duel.messages import CHAT_PHRASES
from game.modes.duel.options import DuelOptions
from game.modes.duel.rle import rle_decode, rle_encode
from game.modes.duel.wire import (
    action_from_bytes,
    action_to_bytes,
    decode_chat,
    decode_seed_form,
    encode_chat,
    encode_seed_form,
    pack_turn,
    split_turns,
    unpack_turn,
)

steps = st.lists(st.integers(0, 7), max_size=5)
finals = st.integers(END_CODE, CODE_COUNT - 1)


def test_actions_are_one_byte():
    for a in ACTIONS:
        assert action_from_bytes(action_to_bytes(a)) == a and len(action_to_bytes(a)) == 1
    for bad in (b"", b"\x17", b"\xff", b"\x00\x00", "a", None):
        with pytest.raises(ActionError):
            action_from_bytes(bad)


@settings(deadline=None)
@given(steps, finals)
def test_turn_round_trip_and_size(dirs, final):
    turn = [Action(d) for d in dirs] + [Action(final)]
    data = pack_turn(turn)
    assert unpack_turn(data) == turn
    assert len(data) == (7 + 3 * len(dirs) + 7) // 8 <= 3


@settings(deadline=None)
@given(st.binary(max_size=6))
def test_random_turn_bytes_never_crash(data):
    try:
        turn = unpack_turn(data)
    except ActionError:
        return
    assert pack_turn(turn) == data
    assert not turn[-1].is_step and all(a.is_step for a in turn[:-1])


def test_turn_packing_refuses_malformed_turns():
    for bad in ([], [Action(0)], [Action(0)] * 6 + [Action(8)], [Action(8), Action(8)], ["x"]):
        with pytest.raises(ActionError):
            pack_turn(bad)
    assert split_turns([Action(0), Action(8), Action(9)]) == [[Action(0), Action(8)], [Action(9)]]
    with pytest.raises(ActionError, match="middle of a turn"):
        split_turns([Action(8), Action(1)])


@settings(deadline=None)
@given(st.integers(0, 2**64 - 1), st.booleans(), st.booleans(), st.sampled_from(range(13, 32, 2)))
def test_seed_form_round_trip(seed, fov, potions, size):
    opts = DuelOptions(fov=fov, potions=potions, level_size=size)
    data = encode_seed_form(seed, opts)
    assert len(data) == 10 <= 16
    assert decode_seed_form(data) == (seed, opts)


def test_seed_form_rebuilds_the_same_game():
    opts = DuelOptions(level_size=21)
    seed, again = decode_seed_form(encode_seed_form(987654321, opts))
    assert DuelGame.new(seed, again).state_hash() == DuelGame.new(987654321, opts).state_hash()


@pytest.mark.parametrize("data,match", [
    (b"\x11\x01" + bytes(7), "9 bytes"),
    (b"\x12\x01" + bytes(8), "format"),
    (b"\x21\x01" + bytes(8), "generator version"),
    (b"\x11\x40" + bytes(8), "reserved"),
    (b"\x11\x2c" + bytes(8), "level size"),
])
def test_seed_form_garbage_is_named(data, match):
    with pytest.raises(ValueError, match=match):
        decode_seed_form(data)


def test_chat_round_trip_and_garbage():
    for i, phrase in enumerate(CHAT_PHRASES):
        assert decode_chat(encode_chat(phrase=i)) == (phrase, i)
    assert decode_chat(encode_chat("hello  there\n")) == ("hello there", None)
    for bad in (b"", b"\x01", b"\x01\x63", b"\x02\x05ab", b"\x02\x02\xff\xfe", b"\x07\x00", b"\x02\x00"):
        with pytest.raises(ValueError):
            decode_chat(bad)
    with pytest.raises(ValueError):
        encode_chat(phrase=99)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**64 - 1), st.sampled_from(range(13, 32, 2)))
def test_layout_round_trip(seed, size):
    layout = generate_layout(Pcg32(seed, 1), size)
    data = encode_layout(layout)
    assert decode_layout(data) == layout
    if size <= 25:
        assert len(data) <= 48


def test_default_layouts_fit_48_bytes():
    sizes = [len(encode_layout(generate_layout(Pcg32(s, 7), 25))) for s in range(300)]
    assert max(sizes) <= 48


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 2**200))
def test_demolished_and_arbitrary_layouts_round_trip(seed, noise):
    layout = generate_layout(Pcg32(seed, 1), 25)
    inner = ((1 << 625) - 1) & ~edge_mask(25)
    for opened in (layout.open | (noise << 100) & inner, (noise * 0x9E3779B97F4A7C15) & inner):
        lay = Layout(25, opened | layout.room_mask, layout.rooms)
        assert decode_layout(encode_layout(lay)) == lay


@settings(deadline=None)
@given(st.binary(max_size=80))
def test_random_layout_bytes_never_crash(data):
    try:
        layout = decode_layout(data)
    except ValueError:
        return
    assert layout.problem() is None
    assert decode_layout(encode_layout(layout)) == layout


def test_layout_garbage_is_named():
    good = encode_layout(generate_layout(Pcg32(3, 1), 25))
    with pytest.raises(ValueError, match="truncated"):
        decode_layout(good[:-3])
    with pytest.raises(ValueError, match="trailing"):
        decode_layout(good + b"\x00")
    with pytest.raises(ValueError, match="size code"):
        decode_layout(bytes([0x0F]) + good[1:])
    with pytest.raises(ValueError, match="form"):
        decode_layout(bytes([good[0] | 0x20]) + good[1:])
    with pytest.raises(ValueError, match="expected bytes"):
        decode_layout("text")


def test_plan_rle_round_trip_is_much_longer():
    layout = generate_layout(Pcg32(4, 1), 25)
    rle = rle_encode(layout)
    assert rle_decode(rle, 25) == layout.open
    assert set(rle.decode()) <= set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert len(rle) > 3 * len(encode_layout(layout))
    with pytest.raises(ValueError):
        rle_decode(b"a1", 25)
