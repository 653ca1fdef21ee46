"""Pairing (issue 9 item 7, issue 21 items 1 and 3): a stranger on the link cannot end a hosted
game, take the guest's seat or its resume, or download the ruleset; wrong codes are rate-limited
per peer on the fake clock; the SPAKE2 exchange confirms only equal secrets."""

from __future__ import annotations

import os
import random

import pytest
from linkkit import FakeClock, pump, session_pair

from firmware_bridge import pairing
from firmware_bridge.messages import MSG_CONFIRM, PROTOCOL_VERSION, Error, Hello, Start
from firmware_bridge.pairing import AuthThrottle, key_from_code, key_from_psk, normalise_code, read_psk
from firmware_bridge.reliable import ReliableLink
from firmware_bridge.selftest_game import SelfTestGame
from firmware_bridge.session import Session
from firmware_bridge.wire import KIND_APP, KIND_SESSION, KIND_TURN

KEY = key_from_code("123456")
WRONG = key_from_code("654321")


def paired_pair(clock, **kw):
    kw.setdefault("host_kw", {})["pairing_key"] = KEY
    kw.setdefault("guest_kw", {})["pairing_key"] = KEY
    return session_pair(clock, **kw)


def newcomer(old: Session, clock, key=WRONG, cls=Session, **kw) -> Session:
    """Another unit on the guest's end of the wire (a stranger, or the guest rebooted)."""
    kw.setdefault("make_game", lambda s, o: SelfTestGame(s, 1, 200))
    return cls(ReliableLink(old.link.transport, now=clock), role=kw.pop("role", "guest"), app_version="test-1",
               unit_name="stranger", pairing_key=key, **kw)


def mid_game(clock, turns=50, **kw):
    h, g, _ = paired_pair(clock, **kw)
    pump([h, g], clock, 30.0, until=lambda: h.lockstep is not None and h.lockstep.turns >= turns)
    assert h.paired and g.paired and h.state == "playing"
    return h, g


def test_paired_units_play_a_whole_game():
    clock = FakeClock()
    h, g, _ = paired_pair(clock)
    pump([h, g], clock, 30.0, until=lambda: h.finished and g.finished)
    assert h.finished and g.finished and h.result()["state_hash"] == g.result()["state_hash"]


def test_wrong_code_on_the_guest_fails_it_clearly_and_the_host_keeps_waiting():
    clock = FakeClock()
    h, g, _ = session_pair(clock, host_kw={"pairing_key": KEY}, guest_kw={"pairing_key": WRONG})
    pump([h, g], clock, 5.0, until=lambda: g.failed and h.notice)
    assert g.failed and "pairing code" in g.error
    assert not h.failed and "wrong pairing code" in h.status_text()
    assert h.lockstep is None and g.lockstep is None and g.peer is None


def _stranger_takes_over(h, g, clock, stranger):
    # the real guest's connection is gone (it is no longer polled); the stranger is on the wire
    pump([h, stranger], clock, 10.0, until=lambda: stranger.failed or stranger.lockstep is not None)
    return stranger


def test_stranger_cannot_take_the_guest_seat_or_its_resume():
    clock = FakeClock()
    h, g = mid_game(clock)
    stranger = _stranger_takes_over(h, g, clock, newcomer(g, clock))
    turns = h.lockstep.turns
    pump([h, stranger], clock, 5.0)
    assert stranger.failed and "pairing code" in stranger.error
    assert stranger.lockstep is None and stranger._start is None and not stranger.paired
    assert not stranger._blobs.active and stranger.counters.resyncs == 0      # no snapshot reached it
    assert not h.failed and h._resume_pending and h.lockstep.turns == turns   # the game waits
    assert "wrong pairing code" in h.status_text()
    # the real guest comes back (rebooted: a new stack, the same code) and the game resumes
    back = newcomer(g, clock, key=KEY)
    pump([h, back], clock, 120.0, until=lambda: h.finished and back.finished)
    assert h.finished and back.finished and h.result()["state_hash"] == back.result()["state_hash"]
    assert back.counters.resyncs == 1


class FutureUnit(Session):
    def _send_hello(self):
        self._hello_sent = True
        self._my_hello = Hello(self.role, "9.9", "future", {}, protocol=PROTOCOL_VERSION + 1).encode()
        self._send(self._my_hello)


def test_stranger_with_another_version_cannot_end_a_hosted_game():
    clock = FakeClock()
    h, g = mid_game(clock)
    stranger = _stranger_takes_over(h, g, clock, newcomer(g, clock, cls=FutureUnit))
    assert stranger.failed and "protocol mismatch" in stranger.error
    assert not h.failed and h.lockstep is not None and "protocol mismatch" in h.status_text()
    back = newcomer(g, clock, key=KEY)
    pump([h, back], clock, 120.0, until=lambda: h.finished and back.finished)
    assert h.finished and back.finished and h.result()["state_hash"] == back.result()["state_hash"]


def test_strangers_error_role_and_game_messages_are_ignored_by_the_host():
    clock = FakeClock()
    h, g = mid_game(clock)
    s = newcomer(g, clock, role="host")                # claims to be a host as well
    pump([h, s], clock, 5.0, until=lambda: h.notice is not None)
    assert not h.failed and "one must host" in h.status_text()
    # a raw stranger on the wire: ERROR, START, a turn, chat — before any pairing
    raw = ReliableLink(g.link.transport, now=clock)
    pump([h, raw], clock, 3.0, until=lambda: raw.established)
    chat = []
    h.on_app_message = chat.append
    raw.send(KIND_SESSION, Error(1, "go away").encode())
    raw.send(KIND_SESSION, Start(1, 99).encode())
    raw.send(KIND_TURN, b"\x00\x01")
    raw.send(KIND_APP, b"hello")
    pump([h, raw], clock, 3.0)
    assert not h.failed and h.lockstep is not None and h._resume_pending
    assert h.unpaired_dropped >= 3 and chat == []


def test_stranger_cannot_download_the_ruleset():
    clock = FakeClock()
    ruleset = os.urandom(3000)
    asked = []

    def provide(name):
        asked.append(name)
        return ruleset
    h, g, _ = session_pair(clock, host_kw=dict(pairing_key=KEY, content={"ruleset": b"H" * 16},
                                                content_provider=provide),
                           guest_kw=dict(pairing_key=WRONG, content={"ruleset": b"G" * 16},
                                         install_content=lambda n, b: asked.append("installed")))
    pump([h, g], clock, 10.0, until=lambda: g.failed)
    pump([h, g], clock, 2.0)
    assert g.failed and asked == []                    # never packed, never sent, never installed
    assert h.link.counters.bytes_sent < 600            # HELLO, AUTH, ERROR: no 3 KB blob


def test_wrong_codes_are_rate_limited_per_peer_on_the_fake_clock():
    clock = FakeClock()
    h, g, _ = paired_pair(clock)
    line = h.link.transport
    line.peer_address = "10.0.0.66"                    # a stranger's address
    last = g
    counted = []
    for _ in range(6):
        clock.advance(h.throttle.wait_left("10.0.0.66"))
        s = newcomer(last, clock)
        pump([h, s], clock, 3.0, until=lambda s=s: s.failed)
        assert s.failed and "wrong pairing code" in s.error
        counted.append(h.throttle.failures("10.0.0.66"))
        last = s
    assert counted == [1, 2, 3, 4, 5, 6]
    assert h.throttle.wait_left("10.0.0.66") > 4.0     # 3 free, then 2, 4, 8 s
    # while that address waits, even the right code from it is not checked
    s = newcomer(last, clock, key=KEY)
    pump([h, s], clock, 3.0, until=lambda: s.failed)
    assert s.failed and "too many wrong pairing codes" in s.error and s.lockstep is None
    assert h.throttle.refused == 1 and h.lockstep is None
    # another unit (another address) is not locked out by the stranger's failures
    line.peer_address = "10.0.0.5"
    ok = newcomer(s, clock, key=KEY)
    pump([h, ok], clock, 30.0, until=lambda: h.finished and ok.finished)
    assert ok.paired and ok.finished and h.throttle.failures("10.0.0.5") == 0
    assert h.throttle.wait_left("10.0.0.66") > 0       # the stranger still waits


def test_a_guest_that_vanishes_before_confirming_used_up_a_try():
    """A unit that takes the host's SPAKE2 message and never confirms spends one try all the
    same (even with the right code): a stranger cannot probe for free. It could not learn
    whether its guess was right anyway: the host confirms only after the guest did."""
    clock = FakeClock()
    h, g, _ = paired_pair(clock)
    h.link.transport.peer_address = "10.0.0.66"
    s = newcomer(g, clock, key=KEY)
    real_send = s._send
    s._send = lambda p: 0 if p[:1] == bytes([MSG_CONFIRM]) else real_send(p)     # its CONFIRM never leaves
    pump([h, s], clock, 3.0, until=lambda: h._exchange is not None)
    pump([h, s], clock, 1.0)
    assert h.throttle.failures("10.0.0.66") == 1 and not h.paired and not s.paired


def test_throttle_doubles_after_the_free_attempts():
    clock = FakeClock(0.0)
    t = AuthThrottle(clock)
    waits = []
    for _ in range(12):
        assert t.allowed()
        t.failed()
        waits.append(t.wait_left())
        clock.advance(t.wait_left())
    assert waits == [0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 300]
    t.failed()
    assert not t.allowed() and t.refused == 1
    t.succeeded()
    assert t.allowed() and t.failures == 0


def test_network_ports_need_a_key():
    with pytest.raises(ValueError, match="pairing"):
        Session.open("tcp://127.0.0.1:0", role="guest", app_version="x", make_game=lambda s, o: None)
    with pytest.raises(ValueError, match="pairing"):
        Session.open("socket://127.0.0.1:9", role="guest", app_version="x", make_game=lambda s, o: None)


def test_codes_and_pre_shared_keys(tmp_path):
    assert normalise_code(" 123 456 ") == normalise_code("123-456") == "123456"
    for bad in ("12345", "1234567", "abcdef", "١٢٣٤٥٦", ""):
        with pytest.raises(ValueError):
            normalise_code(bad)
    assert key_from_code("123 456") == KEY != WRONG
    code = pairing.new_code()
    assert len(code) == 6 and code.isdigit()
    assert read_psk(tmp_path) is None
    path = pairing.write_psk(tmp_path)
    assert read_psk(tmp_path) == key_from_psk(path.read_bytes())
    path.unlink()
    path.write_text("short")
    with pytest.raises(ValueError, match="16 characters"):
        read_psk(tmp_path)
    path.unlink()
    path.write_bytes(b"x" * 5000)
    with pytest.raises(ValueError, match="at most"):
        read_psk(tmp_path)
    path.unlink()
    path.symlink_to("/dev/zero")
    with pytest.raises(ValueError, match="regular file"):
        read_psk(tmp_path)
    path.unlink()
    os.mkfifo(path)
    with pytest.raises(ValueError, match="regular file"):
        read_psk(tmp_path)


def _exchanges(host_secret, guest_secret, transcript=b"T"):
    h, g = pairing.Exchange("host", host_secret), pairing.Exchange("guest", guest_secret)
    h.finish(g.element, transcript)
    g.finish(h.element, transcript)
    return h, g


def test_the_exchange_confirms_only_the_same_secret_and_the_same_transcript():
    h, g = _exchanges(KEY, KEY)
    assert h.confirms(g.confirmation()) and g.confirms(h.confirmation())
    assert h.ticket == g.ticket and len(h.ticket) == 32
    assert not h.confirms(h.confirmation())            # a reflected confirmation is no proof
    h, g = _exchanges(KEY, WRONG)
    assert not h.confirms(g.confirmation()) and not g.confirms(h.confirmation()) and h.ticket != g.ticket
    h, g = pairing.Exchange("host", KEY), pairing.Exchange("guest", KEY)
    h.finish(g.element, b"what the host saw")
    g.finish(h.element, b"what the guest saw")         # a man in the middle changed a HELLO
    assert not h.confirms(g.confirmation())


def test_broken_spake2_messages_are_a_clean_pairing_error():
    rng = random.Random(5)
    bad = [bytes(33), b"B" + bytes(32), b"A" + bytes(32), b"B" + b"\xff" * 32, b"\x00" * 32, b"B" * 34]
    bad += [b"B" + bytes(rng.randrange(256) for _ in range(32)) for _ in range(40)]
    for element in bad:
        ex = pairing.Exchange("host", KEY)
        try:
            ex.finish(element, b"T")
        except pairing.PairingError:
            continue
        # a random 32 bytes may be a valid element: then it is just a wrong key
        assert not ex.confirms(bytes(32))


def _new_connection(*sessions):
    """What a TCP listener does when another unit connects: a new connection on both ends."""
    for s in sessions:
        t = s.link.transport
        for side in (t, t.peer):
            side.set_up(False)
            side.set_up(True)


def test_guest_that_was_pushed_off_by_a_stranger_pairs_again_and_resumes():
    """The host serves the newest connection: a stranger interrupts, the paired guest (still
    running, same link stack) reconnects, notices the host's new nonce, pairs again, resumes."""
    clock = FakeClock()
    h, g = mid_game(clock)
    stranger = newcomer(g, clock)
    _new_connection(stranger)
    pump([h, stranger], clock, 10.0, until=lambda: stranger.failed)
    assert stranger.failed and not h.failed and h._resume_pending
    _new_connection(g)
    pump([h, g], clock, 120.0, until=lambda: h.finished and g.finished)
    assert h.finished and g.finished and h.result()["state_hash"] == g.result()["state_hash"]
    assert g.paired and g.counters.resyncs >= 1
