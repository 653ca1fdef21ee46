"""Test kit for the cable link: a fake clock, a lossy in-memory wire, and pumping helpers."""

from __future__ import annotations

import random

from firmware_bridge.counters import Counters
from firmware_bridge.reliable import LinkConfig, ReliableLink
from firmware_bridge.selftest_game import SelfTestGame
from firmware_bridge.session import Session
from firmware_bridge.transport_mem import MemoryTransport, memory_pair


class FakeClock:
    def __init__(self, t: float = 1000.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, dt: float) -> None:
        self.t += dt


class LossyWire:
    """Carries bytes from one memory transport to the other, frame by frame, with faults.

    p_drop / p_dup / p_reorder act on whole frames (split at 0x00), p_byte corrupts single bytes.
    `cut` swallows everything. Deterministic for a given seed.
    """

    def __init__(self, dst: MemoryTransport, seed: int = 0, *, p_drop: float = 0.0, p_dup: float = 0.0,
                 p_reorder: float = 0.0, p_byte: float = 0.0) -> None:
        self.dst = dst
        self.rng = random.Random(seed)
        self.p_drop, self.p_dup, self.p_reorder, self.p_byte = p_drop, p_dup, p_reorder, p_byte
        self.cut = False
        self._partial = bytearray()
        self._held: bytes | None = None
        self.frames = self.dropped = self.duplicated = self.reordered = self.corrupted = 0

    def __call__(self, data: bytes) -> None:
        if self.cut:
            self._partial.clear()
            return
        self._partial += data
        while True:
            i = self._partial.find(0)
            if i < 0:
                break
            frame = bytes(self._partial[:i + 1])
            del self._partial[:i + 1]
            self._frame(frame)

    def _frame(self, frame: bytes) -> None:
        self.frames += 1
        r = self.rng
        if len(frame) > 1 and r.random() < self.p_drop:
            self.dropped += 1
            return
        if self.p_byte:
            b = bytearray(frame)
            for j in range(len(b)):
                if r.random() < self.p_byte:
                    b[j] = r.randrange(256)
                    self.corrupted += 1
            frame = bytes(b)
        copies = 2 if r.random() < self.p_dup else 1
        self.duplicated += copies - 1
        out = frame * copies
        if self._held is not None:
            out, self._held = out + self._held, None     # the held frame overtakes nothing: it arrives late
        elif r.random() < self.p_reorder:
            self._held = out
            self.reordered += 1
            return
        self.dst.deliver(out)


def lossy_pair(clock: FakeClock, seed: int = 0, config: LinkConfig | None = None, **faults):
    """Two ReliableLinks joined by lossy wires (one per direction). Returns (a, b, wire_ab, wire_ba)."""
    ta, tb = memory_pair(now=clock, counters_a=Counters(), counters_b=Counters())
    w_ab = LossyWire(tb, seed * 2 + 1, **faults)
    w_ba = LossyWire(ta, seed * 2 + 2, **faults)
    ta.wire, tb.wire = w_ab, w_ba
    a = ReliableLink(ta, now=clock, config=config)
    b = ReliableLink(tb, now=clock, config=config)
    return a, b, w_ab, w_ba


def set_cut(wires, cut: bool) -> None:
    for w in wires:
        w.cut = cut


def pump(parties, clock: FakeClock, seconds: float, dt: float = 0.01, until=None) -> float:
    """Poll every party (links or sessions) each tick of fake time. Returns fake seconds elapsed."""
    start = clock.t
    steps = int(round(seconds / dt))
    for _ in range(steps):
        clock.advance(dt)
        for p in parties:
            p.poll()
        if until is not None and until():
            break
    return clock.t - start


def session_pair(clock: FakeClock, seed: int = 7, length: int = 200, link_seed: int = 0,
                 host_kw: dict | None = None, guest_kw: dict | None = None,
                 host_game=None, guest_game=None, **faults):
    """Host and guest sessions playing the self-test game over a (possibly lossy) memory link."""
    a, b, w1, w2 = lossy_pair(clock, link_seed, **faults)
    host = Session(a, role="host", app_version="test-1", unit_name="host-unit",
                   make_game=host_game or (lambda s, o: SelfTestGame(s, 0, length)), seed=seed,
                   **(host_kw or {}))
    guest = Session(b, role="guest", app_version="test-1", unit_name="guest-unit",
                    make_game=guest_game or (lambda s, o: SelfTestGame(s, 1, length)), **(guest_kw or {}))
    return host, guest, (w1, w2)
