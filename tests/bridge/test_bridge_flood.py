"""Issue 21 item 2: a byte stream cannot fill a unit's memory, on any read path.

Before the fix `_TcpStream._raw_read` read while `recv` returned full buffers: a peer streaming
into the hosting unit took it from 24 MB to 8.6 GB in 20 s. Now every read takes at most
`READ_BUDGET` bytes (the rest waits in the OS's buffer, which the OS bounds), the frame decoder
keeps at most one frame, and a network peer that sends `JUNK_LIMIT` bytes without one valid
frame is disconnected with a reason on the screen.

Each test streams far more than any buffer, counts the bytes, samples this process's resident
memory (VmRSS) while it runs and asserts a cap on its growth and on every buffer; then the game
goes on (or starts) and ends with equal hashes. Loops are bounded in count and in time (the time
bound only ends a stuck loop; nothing asserts on time).
"""

from __future__ import annotations

import gc
import os
import socket
import subprocess
import sys
import time
import tty
from pathlib import Path

import pytest
from flood import FloodingMasterEnd, reserved_frames, vm_kb

from firmware_bridge.framing import MAX_ENCODED
from firmware_bridge.pairing import key_from_code
from firmware_bridge.reliable import JUNK_LIMIT, ReliableLink
from firmware_bridge.selftest_game import SelfTestGame
from firmware_bridge.session import Session
from firmware_bridge.transport import SerialTransport
from firmware_bridge.transport_base import READ_BUDGET
from firmware_bridge.transport_tcp import TcpListener

KEY = key_from_code("314159")
FLOOD = 200 * 1024 * 1024
RSS_GROWTH_CAP_KB = 24 * 1024        # the process may grow this much while it is flooded
LOOP_LIMIT_S = 240.0                 # ends a stuck loop; never asserted on


def tcp_host(length: int = 40) -> Session:
    """A hosting unit listening on the loopback only (a free port)."""
    return Session(ReliableLink(TcpListener("127.0.0.1", 0)), role="host", app_version="flood-test",
                   unit_name="host", make_game=lambda s, o: SelfTestGame(s, 0, length), seed=11, pairing_key=KEY)


def tcp_guest(port: int, length: int = 40) -> Session:
    return Session.open(f"tcp://127.0.0.1:{port}", role="guest", app_version="flood-test", unit_name="guest",
                        make_game=lambda s, o: SelfTestGame(s, 1, length), pairing_key=KEY)


def play_out(*sessions, limit_s: float = 60.0) -> None:
    end = time.monotonic() + limit_s
    for _ in range(2_000_000):
        if all(s.finished for s in sessions) or any(s.failed for s in sessions) or time.monotonic() > end:
            break
        for s in sessions:
            s.poll()
        time.sleep(0.0005)
    assert all(s.finished for s in sessions), [s.result() for s in sessions]
    assert len({s.result()["state_hash"] for s in sessions}) == 1


class Watch:
    """Per poll: bytes one read took, resident memory now and then, the decoder's buffer."""

    def __init__(self, session: Session) -> None:
        self.s = session
        gc.collect()
        self.base_kb = vm_kb()
        self.peak_kb = self.base_kb
        self.max_read = 0
        self.max_pending = 0
        self._last = session.counters.bytes_received
        self.polls = 0

    def poll(self) -> None:
        self.s.poll()
        got = self.s.counters.bytes_received
        self.max_read = max(self.max_read, got - self._last)
        self._last = got
        self.max_pending = max(self.max_pending, self.s.link.decoder.pending)
        self.polls += 1
        if self.polls % 512 == 0:
            self.peak_kb = max(self.peak_kb, vm_kb())

    def check(self) -> None:
        self.peak_kb = max(self.peak_kb, vm_kb())
        assert self.max_read <= READ_BUDGET
        assert self.max_pending <= MAX_ENCODED
        print(f"read ≤ {self.max_read} B a poll, decoder ≤ {self.max_pending} B, "
              f"VmRSS {self.base_kb} → peak {self.peak_kb} kB over {self.polls} polls")
        assert self.peak_kb - self.base_kb <= RSS_GROWTH_CAP_KB, (self.base_kb, self.peak_kb)


@pytest.mark.slow
def test_a_200_mb_stream_into_a_host_before_pairing_stays_bounded_and_the_game_goes_on():
    """The issue's attack: connect to a hosting unit and stream (another process, as fast as the
    host takes it). Every frame passes the CRC, so the junk check does not cut it short: the
    host reads and decodes all 200 MB."""
    host = tcp_host()
    port = host.link.transport.port
    watch = Watch(host)
    flooder = subprocess.Popen([sys.executable, str(Path(__file__).with_name("flood.py")), str(port), str(FLOOD)],
                               stdout=subprocess.PIPE, text=True)
    end = time.monotonic() + LOOP_LIMIT_S
    for _ in range(20_000_000):
        watch.poll()
        if flooder.poll() is not None or time.monotonic() > end:     # it ends once the host read all
            break
    out, _ = flooder.communicate(timeout=30)
    sent = [int(out.split()[0])]
    assert sent[0] >= FLOOD and host.counters.bytes_received >= FLOOD       # all of it went through the host
    assert host.counters.malformed_frames >= FLOOD // (MAX_ENCODED + 1)             # decoded, counted, ignored
    watch.check()
    assert not host.failed and not host.paired and host.lockstep is None
    guest = tcp_guest(port)                                                  # the real guest joins
    play_out(host, guest)
    host.close()
    guest.close()


def test_junk_without_frames_closes_that_connection_with_a_reason():
    host = tcp_host()
    port = host.link.transport.port
    watch = Watch(host)
    junk = bytes(range(1, 256)) * 256                                        # no 0x00: never a frame
    streamed = 0
    for _ in range(3):                                                       # three connections in turn
        with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
            sock.setblocking(False)
            before = host.counters.dropped_connections
            end = time.monotonic() + 30
            while host.counters.dropped_connections == before and time.monotonic() < end:
                try:
                    streamed += sock.send(junk)
                except BlockingIOError:
                    pass
                except OSError:
                    break
                watch.poll()
    assert host.counters.dropped_connections == 3
    assert "without one link frame" in host.link.transport.status
    assert host.counters.bytes_received <= 3 * (JUNK_LIMIT + READ_BUDGET)   # read no further than the limit
    assert streamed > host.counters.bytes_received
    watch.check()
    guest = tcp_guest(port)
    play_out(host, guest)
    host.close()
    guest.close()


def _pty_pair(length: int):
    m, s = os.openpty()
    tty.setraw(s)
    os.set_blocking(m, False)
    host = Session(ReliableLink(SerialTransport(os.ttyname(s))), role="host", app_version="flood-test",
                   make_game=lambda sd, o: SelfTestGame(sd, 0, length, bot_delay=2), seed=5)
    end = FloodingMasterEnd(m)
    guest = Session(ReliableLink(end), role="guest", app_version="flood-test",
                    make_game=lambda sd, o: SelfTestGame(sd, 1, length, bot_delay=2))
    return host, guest, end, (m, s)


@pytest.mark.slow
def test_a_200_mb_stream_on_the_cable_during_a_game_stays_bounded_and_the_game_ends():
    """Serial (a real pty), after pairing: the guest's end of the cable slips 200 MB of valid
    frames in between its own frames while both play. The host reads it all, a bounded piece per
    poll, and the game ends with equal hashes."""
    host, guest, end, fds = _pty_pair(length=400)
    chunk = reserved_frames(16 * 1024)
    watch = Watch(host)
    deadline = time.monotonic() + LOOP_LIMIT_S
    try:
        for _ in range(20_000_000):
            watch.poll()
            guest.poll()
            if end.flood_written < FLOOD and not end.outbound_pending:
                end.inject(chunk)
            done = host.finished and guest.finished and end.flood_written >= FLOOD and not end.flood
            if done or host.failed or guest.failed or time.monotonic() > deadline:
                break
    finally:
        for fd in fds:
            os.close(fd)
    assert end.flood_written >= FLOOD and host.counters.bytes_received >= FLOOD
    assert host.finished and guest.finished, (host.result(), guest.result())
    assert host.result()["state_hash"] == guest.result()["state_hash"]
    assert host.paired and host.counters.malformed_frames >= FLOOD // (MAX_ENCODED + 1)
    watch.check()


def test_a_hosts_stream_into_a_paired_guest_over_tcp_stays_bounded_and_the_game_ends():
    """TCP, the guest's side, after pairing: a hosting unit slips 32 MB of valid frames in
    between its own frames during the game."""
    host = tcp_host(length=200)
    guest = tcp_guest(host.link.transport.port, length=200)
    chunk = reserved_frames(16 * 1024)
    watch = Watch(guest)
    flood, streamed = 32 * 1024 * 1024, 0
    deadline = time.monotonic() + LOOP_LIMIT_S
    for _ in range(20_000_000):
        host.poll()
        watch.poll()
        t = host.link.transport
        if host.paired and streamed < flood and not t.outbound_pending and t.up:
            t._out += chunk                    # into the host's own send queue: its frames stay whole
            streamed += len(chunk)
            t.flush()
        over = host.finished and guest.finished and streamed >= flood and guest.counters.bytes_received >= streamed
        if over or host.failed or guest.failed or time.monotonic() > deadline:
            break
    assert streamed >= flood and guest.paired and guest.counters.bytes_received >= flood
    assert host.finished and guest.finished and host.result()["state_hash"] == guest.result()["state_hash"]
    watch.check()
    host.close()
    guest.close()
