"""Preview frames (CONTROL type 3, PEEK): a duel step shown on the other unit as it is made
(issue 20). One frame written at once, never queued, acknowledged or resent; the receiver keeps
only the newest PEEK_INBOX; anything else of that type (empty, too long, before the link is up)
is dropped and counted, never raised, never delivered as a message."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from linkkit import FakeClock, lossy_pair, pump, set_cut

from firmware_bridge.framing import encode_frame
from firmware_bridge.reliable import PEEK_INBOX
from firmware_bridge.wire import CTRL_PEEK, KIND_APP, PEEK_MAX, pack_header


def up_pair(**faults):
    clock = FakeClock()
    a, b, w1, w2 = lossy_pair(clock, **faults)
    pump([a, b], clock, 10.0, until=lambda: a.up and b.up)
    assert a.up and b.up
    return clock, a, b, (w1, w2)


def test_a_preview_arrives_once_and_is_never_resent():
    clock, a, b, _ = up_pair()
    frames = a.counters.frames_sent
    assert a.send_peek(b"\x05\x01\x02")
    assert a.counters.frames_sent == frames + 1 and a.counters.peeks_sent == 1
    pump([a, b], clock, 3.0)
    assert b.drain_peeks() == [b"\x05\x01\x02"] and b.drain_peeks() == []
    assert a.counters.retransmits == 0 and a.pending == 0          # nothing waits for an ack


def test_a_lost_preview_is_simply_not_shown():
    clock, a, b, wires = up_pair()
    set_cut(wires, True)
    assert a.send_peek(b"\x01\x01\x00")                              # written, lost on the wire
    set_cut(wires, False)
    pump([a, b], clock, 3.0)
    assert b.drain_peeks() == [] and a.counters.retransmits == 0


def test_the_inbox_keeps_only_the_newest_previews():
    clock, a, b, _ = up_pair()
    for i in range(PEEK_INBOX + 5):
        a.send_peek(bytes([i, 1, 0]))
        pump([a, b], clock, 0.02)
    got = b.drain_peeks()
    assert len(got) == PEEK_INBOX and got[-1] == bytes([PEEK_INBOX + 4, 1, 0])


def test_bad_sizes_and_a_link_not_up_are_refused():
    clock, a, b, wires = up_pair()
    assert not a.send_peek(b"") and not a.send_peek(bytes(PEEK_MAX + 1))
    set_cut(wires, True)
    pump([a, b], clock, 4.0)                                         # no frame for 2.5 s: down
    assert a.state == "down" and not a.send_peek(b"\x01\x01\x00")


def test_previews_do_not_disturb_the_reliable_messages():
    clock, a, b, _ = up_pair(p_drop=0.1, seed=3)
    got = []
    for i in range(30):
        a.send(KIND_APP, bytes([i]))
        a.send_peek(bytes([i, 1, 2]))
        clock.advance(0.01)
        a.poll()
        got += b.poll()
    for _ in range(3000):
        clock.advance(0.01)
        a.poll()
        got += b.poll()
        if len(got) == 30:
            break
    assert got == [(KIND_APP, bytes([i])) for i in range(30)]


@given(st.lists(st.binary(min_size=0, max_size=2 * PEEK_MAX), max_size=30), st.booleans())
@settings(max_examples=200, deadline=None, derandomize=True)
def test_fuzz_hostile_preview_frames(payloads, established):
    """Any bytes in a CRC-valid PEEK frame: no exception, no message delivered, the inbox bounded,
    only 1..PEEK_MAX-byte payloads kept and only once the link is up (run twice: derandomized)."""
    clock = FakeClock()
    a, b, *_ = lossy_pair(clock)
    if established:
        pump([a, b], clock, 0.5, until=lambda: a.up and b.up)
    head = pack_header(0, CTRL_PEEK, 0)
    b.transport.inbox += b"".join(encode_frame(bytes([head]) + p) for p in payloads)
    delivered = b.poll()
    assert delivered == []
    peeks = b.drain_peeks()
    good = [p for p in payloads if 0 < len(p) <= PEEK_MAX] if b.established else []
    assert peeks == good[-PEEK_INBOX:]
    assert b.counters.malformed_frames >= len(payloads) - len([p for p in payloads if 0 < len(p) <= PEEK_MAX])
