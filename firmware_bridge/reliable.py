"""Reliable, in-order message delivery over a lossy byte stream (a serial cable, a socket).

    link = ReliableLink(open_transport("/dev/serial0"))
    link.send(KIND_TURN, b"...")          # queued; goes out at once if the window is open
    for kind, payload in link.poll():     # call every UI frame: non-blocking
        ...
    link.state                            # "connecting" | "up" | "down" | "left" | "closed"

Mechanics (see docs/protocol.md for the diagrams):
- Handshake: SYN control frames carrying a random 4-byte nonce per incarnation of each side.
  A unit that restarts comes back with a new nonce; the other side notices, resets its sequence
  state and reports `peer_reset` (the session then re-runs hello and resumes the game).
- Selective-repeat ARQ with 3-bit sequence numbers and a window of 3 messages (not 4: with 4, an
  ack delayed behind a newer one can look like a fresh ack and release messages never received;
  with 3 the fresh range 1..3 and the stale range 5..7 cannot meet). Every frame
  carries a cumulative ack (next expected seq) in its header, so acks ride on data for free;
  a stand-alone ack goes out only when nothing else was sent within `ack_delay`.
- Retransmission timeout from a smoothed RTT (Jacobson/Karels, Karn's rule), counted from when
  the frame has left the wire (serial speed is accounted for), doubling on each retry up to
  `rto_max`. Out-of-order frames are buffered, duplicates dropped and counted.
- Heartbeat: an ack frame after `heartbeat_interval` of silence. No valid frame for
  `link_timeout` → state "down" ("cable unplugged — waiting"); the first good frame afterwards
  → "up" again, everything unacked is resent at once and delivery continues where it stopped.

All timing comes from an injectable `now()` (the product uses `time.monotonic`), so tests run
hours of link time in milliseconds with a fake clock. Nothing here raises on bad input.
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from .counters import Counters
from .framing import MAX_BODY, FrameDecoder, encode_frame
from .transport_base import Transport
from .wire import (
    CTRL_ACK,
    CTRL_BYE,
    CTRL_PEEK,
    CTRL_SYN,
    DATA_KINDS,
    KIND_CONTROL,
    PEEK_MAX,
    SEQ_MOD,
    pack_header,
    unpack_header,
)

MAX_PAYLOAD = MAX_BODY - 1       # one header byte
# A network peer that sends this many bytes without one frame passing the CRC is not a Tactibox
# unit (a unit sends a valid frame at least every heartbeat): its connection is closed.
JUNK_LIMIT = 64 * 1024
# What may wait to be sent or acknowledged: estimated memory of queued messages (payload plus
# ~96 bytes of Python object per message). The largest honest burst is a 16 MiB content blob in
# 63-byte pieces (≈ 42 MB); a peer that acknowledges nothing while it provokes answers (a START
# flood, repeated FINs) reaches the cap, and the link starts afresh instead of filling memory.
MESSAGE_OVERHEAD = 96
PEEK_INBOX = 8                 # previews kept until the layer above takes them (older ones drop)
MAX_QUEUED = 64 * 1024 * 1024


@dataclass
class LinkConfig:
    window: int = 3                  # < SEQ_MOD/2: fresh acks (1..3 ahead) never look like stale ones (5..7)
    rto_initial: float = 0.5         # before any RTT sample
    rto_min: float = 0.15            # > ack_delay + a UI frame, so piggybacked acks win the race
    rto_max: float = 1.0             # caps the back-off: after a cut, resume within 1 s
    ack_delay: float = 0.05          # wait this long for outgoing data to carry the ack (> one UI frame)
    heartbeat_interval: float = 0.5  # send something at least this often
    link_timeout: float = 2.5        # nothing heard this long → down (≤ 3 s)
    syn_interval: float = 0.5        # handshake retry

    def __post_init__(self) -> None:
        if not 1 <= self.window < SEQ_MOD // 2:
            raise ValueError(f"window must be 1..{SEQ_MOD // 2 - 1}, got {self.window}")
        if self.link_timeout <= self.heartbeat_interval:
            raise ValueError("link_timeout must exceed heartbeat_interval")


class _Out:
    __slots__ = ("seq", "kind", "payload", "sent_at", "last_tx", "due", "tries")

    def __init__(self, seq: int, kind: int, payload: bytes) -> None:
        self.seq, self.kind, self.payload = seq, kind, payload
        self.sent_at = self.last_tx = self.due = 0.0
        self.tries = 0


class ReliableLink:
    def __init__(self, transport: Transport, *, now: Callable[[], float] | None = None,
                 config: LinkConfig | None = None, counters: Counters | None = None,
                 nonce: bytes | None = None) -> None:
        self.transport = transport
        self.now = now if now is not None else getattr(transport, "now", time.monotonic)
        self.config = config or LinkConfig()
        self.counters = counters if counters is not None else transport.counters
        self.decoder = FrameDecoder(self.counters)
        self.nonce = nonce if nonce is not None else self._new_nonce()
        if len(self.nonce) != 4 or self.nonce == bytes(4):
            raise ValueError("a link nonce is 4 bytes, not all zero")
        self.peer_nonce: bytes | None = None
        self.established = False
        self.state = "connecting"
        self._events: list[str] = []
        self._gen = transport.generation
        self._closed = False
        # timing
        t = self.now()
        self._last_rx = t
        self._last_tx = t
        self._syn_at = t
        self._line_free = t
        self._srtt: float | None = None
        self._rttvar = 0.0
        self.rto = self.config.rto_initial
        self._ever_established = False
        self._syn_now = False
        self._discarding = False
        # the host's session sets this: when another unit takes the line (a stranger on the
        # LAN), this side takes a new nonce, so the unit it talked to before notices on its
        # next SYN, resets too and pairs again instead of mixing up two sequence spaces
        self.renew_nonce_on_new_peer = False
        self._reset_sequences()

    # ----------------------------------------------------------------- public surface

    def send(self, kind: int, payload: bytes) -> int:
        """Queue one message for in-order delivery; returns its absolute message number."""
        if kind not in DATA_KINDS:
            raise ValueError(f"kind {kind} is not a data kind {DATA_KINDS}")
        payload = bytes(payload)
        if len(payload) > MAX_PAYLOAD:
            raise ValueError(f"message of {len(payload)} bytes exceeds the link maximum {MAX_PAYLOAD}")
        number = self._queued_total
        if self._discarding:             # the link overflowed in this poll: the session starts afresh
            return number
        self._queue.append((kind, payload))
        self._queued_cost += len(payload) + MESSAGE_OVERHEAD
        self.counters.messages_sent += 1
        self._queued_total += 1
        if self.established and self.transport.up:
            self._push_new(self.now())
            self.transport.flush()
        if self._queued_cost > MAX_QUEUED:
            self._overflow()
        return number

    def _overflow(self) -> None:
        """Too much waits for an acknowledgement that does not come: drop it all and start the
        link afresh (a new nonce, so the other unit sees a restart; a network connection is
        closed). The session hears `overflow` and runs hello again, like after a restart."""
        waiting = len(self._queue) + len(self._unacked)
        self.counters.send_overflows += 1
        self._reset_sequences()
        self.nonce = self._new_nonce()
        self.peer_nonce = None
        self.established = False
        self.state = "connecting"
        self._discarding = True
        self._events.append("overflow")
        self.transport.drop(f"the other unit acknowledged nothing while {waiting} messages waited")

    def poll(self) -> list[tuple[int, bytes]]:
        """Read, process and transmit whatever is due; return the messages delivered in order."""
        if self._closed:
            return []
        now = self.now()
        self._discarding = False
        t = self.transport
        t.poll()
        if t.generation != self._gen:
            self._gen = t.generation
            self.decoder.reset()
            self._syn_now = self.established     # a new connection: check who is at the other end
        delivered: list[tuple[int, bytes]] = []
        data = t.read()
        if data:
            for body in self.decoder.feed(data):
                self._on_frame(body, now, delivered)
            if self.decoder.junk > JUNK_LIMIT and t.can_drop:
                junk = self.decoder.junk
                self.decoder.reset()
                t.drop(f"{junk // 1024} KiB from {t.peer_address} without one link frame "
                       f"(not a Tactibox unit?): connection closed")
        self._update_state(now)
        self._transmit(now)
        t.flush()
        return delivered

    def send_peek(self, payload: bytes) -> bool:
        """A preview for the other unit's screen (1..PEEK_MAX bytes): one CONTROL frame written
        now, never queued, acknowledged or resent (a lost one is simply not shown; the reliable
        messages stay authoritative). False when it could not go (link not up, bad size)."""
        if self._closed or not self.established or self.state != "up" or not self.transport.up:
            return False
        if not 0 < len(payload) <= PEEK_MAX:
            return False
        self._emit(KIND_CONTROL, CTRL_PEEK, bytes(payload), self.now())
        self.counters.peeks_sent += 1
        self.transport.flush()
        return True

    def drain_peeks(self) -> list[bytes]:
        """The previews received since the last call (at most PEEK_INBOX, the newest)."""
        out = list(self._peeks)
        self._peeks.clear()
        return out

    def drain_events(self) -> list[str]:
        """'up', 'down', 'peer_reset', 'peer_left' since the last call."""
        ev, self._events = self._events, []
        return ev

    @property
    def up(self) -> bool:
        return self.state == "up"

    @property
    def pending(self) -> int:
        """Messages not yet acknowledged by the other side (queued or in flight)."""
        return len(self._queue) + len(self._unacked)

    @property
    def acked_total(self) -> int:
        """Absolute number of own messages the other side has acknowledged (for progress bars)."""
        return self._acked_total

    def close(self, close_transport: bool = True) -> None:
        """Say goodbye (best effort) and stop."""
        if self._closed:
            return
        if self.established and self.transport.up:
            now = self.now()
            for _ in range(2):
                self._emit(KIND_CONTROL, CTRL_BYE, b"", now)
            self.transport.flush()
        self._closed = True
        self.state = "closed"
        if close_transport:
            self.transport.close()

    # ----------------------------------------------------------------- receiving

    def _on_frame(self, body: bytes, now: float, delivered: list) -> None:
        kind, seq, ack = unpack_header(body[0])
        payload = body[1:]
        if kind == KIND_CONTROL:
            if seq == CTRL_SYN:
                self._on_syn(payload, now)
            elif seq == CTRL_ACK and not payload:
                if self.established:
                    self._heard(now)
                    if not self._on_ack(ack, now):
                        self._on_dup_ack(now)
            elif seq == CTRL_PEEK and 0 < len(payload) <= PEEK_MAX:
                if self.established:           # a preview also carries our ack, like a bare ACK
                    self._heard(now)
                    self._on_ack(ack, now)
                    self._peeks.append(bytes(payload))
                    self.counters.peeks_received += 1
            elif seq == CTRL_BYE and not payload:
                if self.established:
                    self.established = False
                    self.state = "left"
                    self._events.append("peer_left")
            else:
                self.counters.malformed_frames += 1
            return
        if not self.established:
            return                      # data from a session we have not (re)joined yet
        self._heard(now)
        self._on_ack(ack, now)
        self._on_data(kind, seq, payload, now, delivered)

    def _heard(self, now: float) -> None:
        self._last_rx = now
        if self.state == "down":
            self.state = "up"
            self._events.append("up")
            for m in self._unacked:        # the line is back: resend what is missing at once
                m.due = now
            self._ack_due = now

    def _on_ack(self, ack: int, now: float) -> bool:
        """Release acknowledged messages; True when the ack moved the window."""
        n = len(self._unacked)
        if not n:
            return False
        d = (ack - self._tx_base) % SEQ_MOD
        if d == 0 or d > n:
            return False                    # nothing new, or stale
        last = None
        for _ in range(d):
            last = self._unacked.popleft()
        self._tx_base += d
        self._acked_total += d
        if last is not None and last.tries == 0:
            self._rtt_sample(max(0.0, now - last.sent_at))
        if self._queue:
            self._push_new(now)
        return True

    def _on_dup_ack(self, now: float) -> None:
        """Fast retransmit: the receiver acks at once when a frame arrives after a gap, so a
        stand-alone ack that releases nothing while the oldest message has been out for half a
        timeout means that message was lost (a serial line never reorders). Resend it now instead
        of waiting out a backed-off timeout: this is what keeps a noisy cable moving."""
        if not self._unacked:
            return
        m = self._unacked[0]
        if now - m.last_tx >= max(self.config.ack_delay, self.rto / 2):
            self.counters.fast_retransmits += 1
            self._retransmit(m, now, backoff=False)

    def _on_data(self, kind: int, seq: int, payload: bytes, now: float, delivered: list) -> None:
        w = self.config.window
        d = (seq - self._rx_next) % SEQ_MOD
        if d == 0:
            delivered.append((kind, payload))
            self._rx_next += 1
            n = 1
            while self._rx_next % SEQ_MOD in self._rx_buf:
                delivered.append(self._rx_buf.pop(self._rx_next % SEQ_MOD))
                self._rx_next += 1
                n += 1
            self.counters.messages_delivered += n
            self._rx_unacked += 1
            self._schedule_ack(now)
        elif d < w:
            if seq in self._rx_buf:
                self.counters.duplicates += 1
            else:
                self._rx_buf[seq] = (kind, payload)
                self._rx_unacked += 1
            self._ack_due = now                  # a gap: tell the sender at once (fast retransmit)
        elif d >= SEQ_MOD - w:
            self.counters.duplicates += 1
            self._ack_due = now                  # our ack was lost: repeat it promptly
        else:
            self.counters.out_of_window += 1

    def _schedule_ack(self, now: float) -> None:
        # one message: wait `ack_delay` for a reply to carry the ack (lockstep turns alternate);
        # a stream of messages (content, snapshots): ack every second one at once, like TCP
        if self._rx_unacked >= max(1, self.config.window - 1):
            self._ack_due = now
        elif self._ack_due is None:
            self._ack_due = now + self.config.ack_delay

    def _on_syn(self, payload: bytes, now: float) -> None:
        if len(payload) != 9 or payload[:4] == bytes(4):
            self.counters.malformed_frames += 1
            return
        theirs, mine_seen, flags = payload[:4], payload[4:8], payload[8]
        if self.peer_nonce is not None and theirs != self.peer_nonce:
            if self._ever_established:
                self._reset_sequences()
                self.counters.peer_resets += 1
                self._events.append("peer_reset")
                if self.renew_nonce_on_new_peer:
                    self.nonce = self._new_nonce()
            self.established = False
            self.state = "connecting"
        self.peer_nonce = theirs
        if mine_seen == self.nonce and not self.established:
            self.established = True
            self._ever_established = True
            self.state = "up"
            self._last_rx = self._last_tx = now
            self._events.append("up")
        elif self.established:
            self._heard(now)
        if flags & 1:
            self._send_syn(now, reply_wanted=not self.established)

    # ----------------------------------------------------------------- sending

    def _update_state(self, now: float) -> None:
        if not self.established or self.state != "up":
            return
        if not self.transport.up or now - self._last_rx > self.config.link_timeout:
            self.state = "down"
            self.counters.link_downs += 1
            self._events.append("down")

    def _transmit(self, now: float) -> None:
        if not self.transport.up:
            return
        if not self.established:
            if now >= self._syn_at:
                self._send_syn(now, reply_wanted=True)
            return
        if self._syn_now:
            self._syn_now = False
            self._send_syn(now, reply_wanted=True)
        self._push_new(now)
        for m in self._unacked:
            if now >= m.due:
                self._retransmit(m, now)
        if self._ack_due is not None and now >= self._ack_due:
            self._emit(KIND_CONTROL, CTRL_ACK, b"", now)
            self.counters.acks_sent += 1
        elif now - self._last_tx >= self.config.heartbeat_interval:
            self._emit(KIND_CONTROL, CTRL_ACK, b"", now)
            self.counters.heartbeats_sent += 1

    def _push_new(self, now: float) -> None:
        while self._queue and len(self._unacked) < self.config.window:
            kind, payload = self._queue.popleft()
            self._queued_cost -= len(payload) + MESSAGE_OVERHEAD
            m = _Out(self._tx_next, kind, payload)
            self._tx_next += 1
            m.sent_at = m.last_tx = self._emit(kind, m.seq, payload, now)
            m.due = m.sent_at + self.rto
            self._unacked.append(m)

    def _retransmit(self, m: _Out, now: float, backoff: bool = True) -> None:
        m.tries += 1                     # Karn: no RTT sample from a resent message
        done = self._emit(m.kind, m.seq, m.payload, now)
        m.last_tx = done
        m.due = done + (min(self.rto * (2 ** m.tries), self.config.rto_max) if backoff else self.rto)
        self.counters.retransmits += 1

    def _send_syn(self, now: float, reply_wanted: bool) -> None:
        body = self.nonce + (self.peer_nonce or bytes(4)) + bytes([1 if reply_wanted else 0])
        self._emit(KIND_CONTROL, CTRL_SYN, body, now)
        self.counters.syns_sent += 1
        self._syn_at = now + self.config.syn_interval

    def _emit(self, kind: int, seq: int, payload: bytes, now: float) -> float:
        """Frame and write; returns when the frame will have left the wire."""
        frame = encode_frame(bytes([pack_header(kind, seq, self._rx_next)]) + payload)
        self.transport.write(frame)
        self.counters.frames_sent += 1
        self._last_tx = now
        if kind != KIND_CONTROL or seq in (CTRL_ACK, CTRL_PEEK):
            self._ack_due = None            # this frame carries our current ack
            self._rx_unacked = 0
        self._line_free = max(now, self._line_free) + len(frame) * self.transport.byte_time
        return self._line_free

    # ----------------------------------------------------------------- bookkeeping

    def _rtt_sample(self, r: float) -> None:
        if self._srtt is None:
            self._srtt, self._rttvar = r, r / 2
        else:
            self._rttvar = 0.75 * self._rttvar + 0.25 * abs(self._srtt - r)
            self._srtt = 0.875 * self._srtt + 0.125 * r
        c = self.config
        self.rto = min(max(self._srtt + 4 * self._rttvar, c.rto_min), c.rto_max)

    def _reset_sequences(self) -> None:
        self._tx_next = 0          # absolute numbers; the wire carries them mod 8
        self._tx_base = 0
        self._rx_next = 0
        self._unacked: deque[_Out] = deque()
        self._queue: deque[tuple[int, bytes]] = deque()
        self._queued_cost = 0      # estimated bytes of the queue (not of the ≤ window unacked ones)
        self._rx_buf: dict[int, tuple[int, bytes]] = {}
        self._peeks: deque[bytes] = deque(maxlen=PEEK_INBOX)
        self._ack_due: float | None = None
        self._rx_unacked = 0
        self._acked_total = 0
        self._queued_total = 0

    @staticmethod
    def _new_nonce() -> bytes:
        while True:
            n = os.urandom(4)
            if n != bytes(4):
                return n
