"""Framing: COBS/R + CRC-16 frames survive any chunking; bad frames are dropped and counted."""

from __future__ import annotations

from binascii import crc_hqx

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from firmware_bridge.counters import Counters
from firmware_bridge.framing import MAX_BODY, MAX_ENCODED, FrameDecoder, FrameError, crc16, decode_frame, encode_frame

bodies = st.binary(min_size=1, max_size=MAX_BODY)


def chunked(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({c % (len(data) + 1) for c in cuts})
    out, prev = [], 0
    for p in points + [len(data)]:
        out.append(data[prev:p])
        prev = p
    return out


@given(bodies)
@settings(deadline=None)
def test_round_trip_single_frame(body):
    frame = encode_frame(body)
    assert frame.endswith(b"\x00") and b"\x00" not in frame[:-1]
    assert len(frame) - 1 <= MAX_ENCODED
    assert decode_frame(frame[:-1]) == body
    assert FrameDecoder().feed(frame) == [body]


@given(st.lists(bodies, min_size=1, max_size=12), st.lists(st.integers(0, 10_000), max_size=30))
@settings(suppress_health_check=[HealthCheck.too_slow], deadline=None)
def test_any_chunking_of_a_stream_gives_the_same_frames(bs, cuts):
    stream = b"".join(encode_frame(b) for b in bs)
    dec = FrameDecoder()
    got = []
    for chunk in chunked(stream, cuts):
        got += dec.feed(chunk)
    assert got == bs
    assert dec.counters.frames_received == len(bs)
    assert dec.counters.crc_errors == dec.counters.malformed_frames == 0


def test_byte_by_byte_feeding():
    bs = [b"\x00", b"\x01\x00\x02", bytes(range(256))[:MAX_BODY]]
    stream = b"".join(encode_frame(b) for b in bs)
    dec = FrameDecoder()
    got = [f for i in range(len(stream)) for f in dec.feed(stream[i:i + 1])]
    assert got == bs


def test_crc_is_crc16_genibus():
    # catalogue check values for "123456789": CRC-16/GENIBUS 0xD64E (= CCITT-FALSE 0x29B1 ^ 0xFFFF)
    assert crc16(b"123456789") == 0xD64E
    assert crc_hqx(b"123456789", 0xFFFF) == 0x29B1


@given(bodies)
@settings(deadline=None)
def test_a_garbled_delimiter_never_yields_a_valid_longer_frame(body):
    """0x00 → 0x01 turns the delimiter into COBS for a zero byte: the CRC must catch the extra byte."""
    frame = bytearray(encode_frame(body))
    frame[-1] = 0x01
    dec = FrameDecoder()
    assert dec.feed(bytes(frame) + b"\x00") == []
    assert dec.counters.crc_errors + dec.counters.malformed_frames == 1


def test_overhead_is_three_or_four_bytes_for_small_frames():
    sizes = [len(encode_frame(bytes([h, 7, 0xA2]))) - 3 for h in range(256)]
    assert set(sizes) <= {3, 4}
    # COBS/R saves the code byte in most small frames
    assert sizes.count(3) > sizes.count(4)


@pytest.mark.parametrize("body", [b"", bytes(MAX_BODY + 1)])
def test_unframeable_bodies_are_refused(body):
    with pytest.raises(FrameError):
        encode_frame(body)


def test_corrupted_frame_is_dropped_and_counted_then_stream_resynchronises():
    good1, good2 = encode_frame(b"\x41hello"), encode_frame(b"\x42world")
    bad = bytearray(encode_frame(b"\x43lost"))
    bad[2] ^= 0x10
    dec = FrameDecoder()
    assert dec.feed(good1 + bytes(bad) + good2) == [b"\x41hello", b"\x42world"]
    assert dec.counters.crc_errors + dec.counters.malformed_frames == 1


def test_oversize_input_is_discarded_up_to_the_next_delimiter():
    dec = FrameDecoder()
    junk = b"\x07" * (MAX_ENCODED + 50)
    out = dec.feed(junk[:100]) + dec.feed(junk[100:]) + dec.feed(b"\x09\x09\x00" + encode_frame(b"\x01ok"))
    assert out == [b"\x01ok"]
    assert dec.counters.oversize_frames == 1
    assert dec.pending == 0


def test_runts_and_empty_frames():
    dec = FrameDecoder()
    # empty frames (consecutive delimiters) are idle fill, not errors; 1-2 byte frames are runts
    assert dec.feed(b"\x00\x00\x00\x02\x05\x00\x01\x00") == []
    assert dec.counters.malformed_frames + dec.counters.crc_errors == 2


def test_frame_larger_than_limit_but_valid_is_still_refused():
    # a receiver with a smaller limit discards a frame the sender considered fine
    dec = FrameDecoder(max_encoded=20)
    assert dec.feed(encode_frame(bytes(range(1, 40)))) == []
    assert dec.counters.oversize_frames == 1
    assert dec.feed(encode_frame(b"\x01small")) == [b"\x01small"]


# ----------------------------------------------------------------------------- fuzzing

def _valid(stuffed: bytes) -> bytes | None:
    """Independent oracle: does this stuffed frame pass CRC? (what the decoder may deliver)"""
    return decode_frame(stuffed)


@given(st.binary(max_size=600), st.lists(st.integers(0, 1000), max_size=8))
@settings(max_examples=300, deadline=None)
def test_fuzz_random_bytes_never_raise_and_only_crc_valid_frames_come_out(data, cuts):
    dec = FrameDecoder(Counters())
    got = []
    for chunk in chunked(data, cuts):
        got += dec.feed(chunk)
    # every frame delivered is exactly a delimited piece of the input that passes the CRC
    pieces = [p for p in data.split(b"\x00")[:-1] if p and len(p) <= MAX_ENCODED]
    assert got == [b for b in (_valid(p) for p in pieces) if b is not None]
    c = dec.counters
    bad = len([p for p in data.split(b"\x00")[:-1] if p]) - len(got)
    assert c.crc_errors + c.malformed_frames + c.oversize_frames >= bad


@given(st.lists(bodies, min_size=1, max_size=5), st.data())
@settings(max_examples=300, deadline=None)
def test_fuzz_mutated_frames(bs, data):
    """Flip, insert and delete bytes in a real stream: the decoder survives and counts."""
    stream = bytearray(b"".join(encode_frame(b) for b in bs))
    n_mut = data.draw(st.integers(1, 6))
    for _ in range(n_mut):
        op = data.draw(st.sampled_from(["flip", "insert", "delete"]))
        i = data.draw(st.integers(0, max(0, len(stream) - 1)))
        if op == "flip" and stream:
            stream[i] ^= data.draw(st.integers(1, 255))
        elif op == "insert":
            stream.insert(i, data.draw(st.integers(0, 255)))
        elif op == "delete" and stream:
            del stream[i]
    stream += b"\x00"              # the line goes idle: a frame whose delimiter was hit ends here
    dec = FrameDecoder()
    got = dec.feed(bytes(stream))
    pieces = [p for p in bytes(stream).split(b"\x00")[:-1] if p and len(p) <= MAX_ENCODED]
    assert got == [b for b in (_valid(p) for p in pieces) if b is not None]
    # exact accounting: every non-empty delimited piece is either delivered or counted as bad
    c = dec.counters
    pieces_all = [p for p in bytes(stream).split(b"\x00")[:-1] if p]
    assert len(got) + c.crc_errors + c.malformed_frames + c.oversize_frames == len(pieces_all)
    assert c.frames_received == len(got)
