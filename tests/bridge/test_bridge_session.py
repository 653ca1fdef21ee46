"""Session: hello, version/role errors, content transfer, start, cuts, restarts, chat, rematch."""

from __future__ import annotations

import hashlib
import os

from linkkit import FakeClock, pump, session_pair, set_cut

from firmware_bridge.messages import PROTOCOL_VERSION, Hello
from firmware_bridge.reliable import ReliableLink
from firmware_bridge.selftest_game import SelfTestGame
from firmware_bridge.session import Session
from firmware_bridge.wire import KIND_SESSION


def both_done(h, g):
    return lambda: (h.finished and g.finished) or h.failed or g.failed


def play(h, g, clock, seconds=60.0, dt=0.01):
    pump([h, g], clock, seconds, dt=dt, until=both_done(h, g))


def test_clean_line_whole_game_identical_hashes_and_phases():
    clock = FakeClock()
    h, g, _ = session_pair(clock)
    seen_h, seen_g = [], []

    def watch():
        for s, seen in ((h, seen_h), (g, seen_g)):
            if not seen or seen[-1] != s.state:
                seen.append(s.state)
        return h.finished and g.finished
    pump([h, g], clock, 30.0, until=watch)
    assert seen_h[0] == "connecting" and seen_h[-1] == "finished"
    assert "starting" in seen_h and "playing" in seen_h
    assert seen_g[-1] == "finished" and "playing" in seen_g
    rh, rg = h.result(), g.result()
    assert rh["turns"] == rg["turns"] == 200
    assert rh["state_hash"] == rg["state_hash"] and rh["chain"] == rg["chain"]
    assert rh["seed"] == rg["seed"] == 7
    assert h.game.applied == g.game.applied and len(h.game.applied) == 200
    assert h.peer.unit_name == "guest-unit" and g.peer.unit_name == "host-unit"
    assert rh["resyncs"] == rg["resyncs"] == 0
    assert h.status_text() == g.status_text() == "game over"


def test_noisy_line_whole_game_identical_hashes():
    clock = FakeClock()
    h, g, (w1, w2) = session_pair(clock, p_drop=0.05, p_dup=0.05, p_byte=0.01, link_seed=3)
    play(h, g, clock, 300.0)
    assert h.finished and g.finished
    assert h.result()["state_hash"] == g.result()["state_hash"]
    assert h.game.applied == g.game.applied and len(h.game.applied) == 200
    total = h.counters.crc_errors + g.counters.crc_errors + h.counters.malformed_frames + g.counters.malformed_frames
    assert total > 0 and h.counters.retransmits + g.counters.retransmits > 0
    assert w1.dropped + w2.dropped > 0


class OldGuest(Session):
    """A guest from the future: it speaks link protocol version + 1."""

    def _send_hello(self):
        self._hello_sent = True
        self._send(Hello(self.role, "9.9", self.unit_name, self.content, protocol=PROTOCOL_VERSION + 1).encode())
        self.state = "hello"


def test_protocol_version_mismatch_is_a_clear_error_on_both_units():
    """The guest fails with the reason; the host shows it but keeps waiting (a stranger's HELLO
    must not end a hosted game)."""
    clock = FakeClock()
    h, g, _ = session_pair(clock)
    g2 = OldGuest(g.link, role="guest", app_version="9.9", make_game=lambda s, o: SelfTestGame(s, 1))
    pump([h, g2], clock, 3.0, until=lambda: g2.failed and h.notice)
    assert g2.failed and not h.failed
    for text in (g2.error, h.status_text()):
        assert "protocol" in text and str(PROTOCOL_VERSION) in text and str(PROTOCOL_VERSION + 1) in text
    assert g2.status_text() == g2.error
    assert h.state in ("connecting", "hello") and h.status_text() == h.notice
    assert h.lockstep is None and g2.lockstep is None


def test_two_hosts_are_told_one_must_join():
    clock = FakeClock()
    h, g, _ = session_pair(clock)
    g2 = Session(g.link, role="host", app_version="test-1", make_game=lambda s, o: SelfTestGame(s, 1))
    pump([h, g2], clock, 3.0, until=lambda: h.notice and g2.notice)
    assert not h.failed and not g2.failed
    assert "one must host" in h.status_text() and "one must host" in g2.status_text()


def _digest(b: bytes) -> bytes:
    return hashlib.blake2b(b, digest_size=16).digest()


def test_content_mismatch_host_sends_compressed_chunks_with_progress_and_guest_installs():
    clock = FakeClock()
    ruleset = b"".join(b"[piece.%d]\nmove = %d\nattack = %d\n" % (i, i % 7, i % 5) for i in range(400))
    mapdata = os.urandom(1500)                     # incompressible: travels raw, several frames
    installed, progress = {}, []

    def install(name, blob):
        installed[name] = blob
        return _digest(blob)
    h, g, _ = session_pair(
        clock,
        host_kw=dict(content={"ruleset": _digest(ruleset), "map": _digest(mapdata)},
                     content_provider={"ruleset": ruleset, "map": mapdata}.__getitem__,
                     on_progress=progress.append),
        guest_kw=dict(content={"ruleset": b"old", "map": _digest(b"other map")}, install_content=install,
                      on_progress=progress.append))
    play(h, g, clock, 60.0)
    assert installed == {"ruleset": ruleset, "map": mapdata}
    assert g.content == h.content
    assert h.finished and g.finished and h.result()["state_hash"] == g.result()["state_hash"]
    sends = [p for p in progress if p.direction == "send" and p.what == "map"]
    recvs = [p for p in progress if p.direction == "receive" and p.what == "map"]
    assert len(recvs) >= 3                          # several frames, progress reported as they came
    assert [p.done for p in recvs] == sorted(p.done for p in recvs)
    assert recvs[-1].done == recvs[-1].total >= 1500 and sends[-1].done == sends[-1].total
    assert any(p.what == "ruleset" for p in progress)
    # the ruleset compressed far below its size: the host sent less than a third of it
    assert h.counters.bytes_sent < 1500 + len(ruleset) // 3 + 3000


def test_content_that_cannot_be_installed_fails_the_guest_and_the_host_goes_on():
    clock = FakeClock()

    def refuse(name, blob):
        raise ValueError("disk is read-only")
    h, g, _ = session_pair(clock, host_kw=dict(content={"ruleset": b"A"}, content_provider=lambda n: b"rules"),
                           guest_kw=dict(content={"ruleset": b"B"}, install_content=refuse))
    pump([h, g], clock, 5.0, until=lambda: g.failed and h.notice)
    assert g.failed and not h.failed                   # the host refuses that unit and goes on waiting
    assert "ruleset" in h.notice and "disk is read-only" in h.notice and h.status_text() == h.notice
    assert "ruleset" in g.error and "disk is read-only" in g.error


def test_content_whose_hash_still_differs_after_install_fails():
    clock = FakeClock()
    h, g, _ = session_pair(clock, host_kw=dict(content={"map": b"A"}, content_provider=lambda n: b"m"),
                           guest_kw=dict(content={"map": b"B"}, install_content=lambda n, b: b"C"))
    pump([h, g], clock, 5.0, until=lambda: g.failed and h.notice)
    assert g.failed and not h.failed and "map" in g.error and "map" in h.notice


def test_host_without_the_content_to_send_refuses_that_unit_clearly():
    clock = FakeClock()
    h, g, _ = session_pair(clock, host_kw=dict(content={"map": b"A"}),
                           guest_kw=dict(content={"map": b"B"}, install_content=lambda n, b: b"A"))
    pump([h, g], clock, 5.0, until=lambda: g.failed and h.notice)
    assert g.failed and not h.failed and "different map" in h.notice and "different map" in g.error


def test_options_and_seed_come_from_the_host():
    clock = FakeClock()
    seen = {}

    def guest_game(seed, options):
        seen["guest"] = (seed, options)
        return SelfTestGame(seed, 1, length=options[0])

    def host_game(seed, options):
        seen["host"] = (seed, options)
        return SelfTestGame(seed, 0, length=options[0])
    h, g, _ = session_pair(clock, seed=99, host_kw=dict(options=bytes([30, 1, 0])),
                           host_game=host_game, guest_game=guest_game)
    play(h, g, clock)
    assert seen["host"] == seen["guest"] == (99, bytes([30, 1, 0]))
    assert h.result()["turns"] == g.result()["turns"] == 30


def test_guest_refusing_the_options_is_reported():
    clock = FakeClock()

    def picky(seed, options):
        raise ValueError("level size 24 is not odd")
    h, g, _ = session_pair(clock, guest_game=picky)
    pump([h, g], clock, 5.0, until=lambda: g.failed and h.notice)
    assert g.failed and "not odd" in g.error
    assert not h.failed and "not odd" in h.notice and "not odd" in h.status_text()


def test_cut_mid_game_shows_unplugged_then_resumes_with_no_lost_or_repeated_turn():
    clock = FakeClock()
    h, g, wires = session_pair(clock)
    pump([h, g], clock, 30.0, until=lambda: h.lockstep is not None and h.lockstep.turns >= 80)
    set_cut(wires, True)
    t0 = clock.t
    pump([h, g], clock, 3.0, until=lambda: h.link_state == g.link_state == "down")
    assert clock.t - t0 <= 3.0
    assert h.status_text() == g.status_text() == "cable unplugged — waiting"
    turns_at_cut = (h.lockstep.turns, g.lockstep.turns)
    pump([h, g], clock, 10.0)
    assert (h.lockstep.turns, g.lockstep.turns) == turns_at_cut      # nothing moves without the cable
    set_cut(wires, False)
    play(h, g, clock, 60.0)
    assert h.finished and g.finished
    assert h.game.applied == g.game.applied and len(g.game.applied) == 200
    assert h.result()["state_hash"] == g.result()["state_hash"]
    assert h.counters.link_downs == g.counters.link_downs == 1
    assert h.counters.resyncs == g.counters.resyncs == 0


def test_guest_restart_mid_game_is_resumed_from_a_host_snapshot():
    clock = FakeClock()
    h, g, _ = session_pair(clock)
    pump([h, g], clock, 30.0, until=lambda: h.lockstep is not None and h.lockstep.turns >= 50)
    # the guest unit reboots: a brand-new stack on the same cable
    g2 = Session(ReliableLink(g.link.transport, now=clock), role="guest", app_version="test-1",
                 make_game=lambda s, o: SelfTestGame(s, 1, 200))
    play(h, g2, clock, 60.0)
    assert h.finished and g2.finished
    assert h.result()["state_hash"] == g2.result()["state_hash"]
    assert h.counters.peer_resets == 1
    assert g2.counters.resyncs == 1 and any("unit restarted" in line for line in g2.log_lines)


def test_host_restart_abandons_the_game_and_a_new_one_starts():
    clock = FakeClock()
    h, g, _ = session_pair(clock)
    pump([h, g], clock, 30.0, until=lambda: h.lockstep is not None and h.lockstep.turns >= 50)
    h2 = Session(ReliableLink(h.link.transport, now=clock), role="host", app_version="test-1",
                 make_game=lambda s, o: SelfTestGame(s, 0, 200), seed=8)
    play(h2, g, clock, 60.0)
    assert h2.finished and g.finished and g.result()["seed"] == 8
    assert h2.result()["state_hash"] == g.result()["state_hash"]
    assert any("abandoned" in line for line in g.log_lines)


def test_chat_messages_travel_both_ways_during_play():
    clock = FakeClock()
    heard = []
    h, g, _ = session_pair(clock, guest_kw=dict(on_app_message=heard.append))
    pump([h, g], clock, 30.0, until=lambda: h.state == "playing")
    h.send_app(b"\x07")                  # canned phrase 7
    g.send_app(b"good luck")
    play(h, g, clock)
    assert heard == [b"\x07"] and g.drain_app() == [b"\x07"]
    assert h.drain_app() == [b"good luck"]


def test_rematch_starts_a_second_game_with_new_options():
    clock = FakeClock()
    h, g, _ = session_pair(clock, host_game=lambda s, o: SelfTestGame(s, 0, o[0] if o else 20),
                           guest_game=lambda s, o: SelfTestGame(s, 1, o[0] if o else 20))
    play(h, g, clock)
    first = h.result()["state_hash"]
    h.rematch(seed=1234, options=bytes([40]))
    assert h.state == "starting"
    pump([h, g], clock, 60.0, until=lambda: g.game_no == 2 and h.finished and g.finished)
    assert h.game_no == g.game_no == 2
    assert h.result()["turns"] == g.result()["turns"] == 40
    assert h.result()["state_hash"] == g.result()["state_hash"] != first


def test_status_texts_for_the_waiting_screens():
    clock = FakeClock()
    h, g, wires = session_pair(clock)
    set_cut(wires, True)
    pump([h, g], clock, 0.5)
    assert h.status_text().startswith("waiting for the other unit")
    set_cut(wires, False)
    pump([h, g], clock, 30.0, until=lambda: h.state == "playing" and h.lockstep.turns > 2)
    assert h.status_text() in ("your turn", "the other unit's turn (guest-unit)")
    g.close()
    pump([h], clock, 0.2)
    assert h.status_text() == "the other unit left"


def test_garbage_session_messages_are_counted_not_raised():
    clock = FakeClock()
    h, g, _ = session_pair(clock)
    pump([h, g], clock, 30.0, until=lambda: g.state == "playing")
    for junk in (b"", b"\xff", b"\x06\xff\xff\xff", b"\x10\x01\x09", b"\x11abc", b"\x02", b"\x21"):
        h.link.send(KIND_SESSION, junk) if junk else None
    before = g.counters.malformed_frames
    play(h, g, clock)
    assert g.counters.malformed_frames >= before + 5
    assert h.finished and g.finished and h.result()["state_hash"] == g.result()["state_hash"]


def test_headless_helpers_poll_thread_and_run_on_the_real_clock():
    """PollThread (background polling) on one unit, Session.run (blocking loop) on the other."""
    import threading

    from firmware_bridge.counters import Counters
    from firmware_bridge.pollthread import PollThread
    from firmware_bridge.transport_mem import memory_pair
    ta, tb = memory_pair(counters_a=Counters(), counters_b=Counters())
    h = Session(ReliableLink(ta), role="host", app_version="t", seed=3,
                make_game=lambda s, o: SelfTestGame(s, 0, 60))
    g = Session(ReliableLink(tb), role="guest", app_version="t", make_game=lambda s, o: SelfTestGame(s, 1, 60))
    thread = PollThread(h, interval=0.001)
    thread.start()
    try:
        done = threading.Event()
        assert g.run(timeout=20.0, step=0.001)
        assert thread.is_alive()
        for _ in range(2000):
            with thread.lock:
                if h.finished:
                    done.set()
                    break
            threading.Event().wait(0.002)
        assert done.is_set()
        g.linger(1.0)
    finally:
        thread.stop()
    assert not thread.is_alive()
    assert h.result()["state_hash"] == g.result()["state_hash"] and g.result()["turns"] == 60
