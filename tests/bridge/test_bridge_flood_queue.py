"""Issue 21 item 2, the sending side: a peer that provokes answers and acknowledges none cannot
grow a unit's send queue without bound (fake clock, in-memory line)."""

from __future__ import annotations

from linkkit import FakeClock, pump, session_pair

from firmware_bridge import reliable
from firmware_bridge.messages import Fin, Start
from firmware_bridge.reliable import ReliableLink
from firmware_bridge.wire import KIND_SESSION


class DeafLink(ReliableLink):
    """Takes every message, but once `frozen` is set its acks never move again."""

    frozen: int | None = None

    def _emit(self, kind, seq, payload, now):
        if self.frozen is None:
            return super()._emit(kind, seq, payload, now)
        real, self._rx_next = self._rx_next, self.frozen
        try:
            return super()._emit(kind, seq, payload, now)
        finally:
            self._rx_next = real


def test_a_host_that_floods_starts_and_acknowledges_nothing_restarts_the_guests_link(monkeypatch):
    """Every START makes the guest build a game and answer READY; a host that never acknowledges
    them would pile READYs up forever. At the cap the guest's link starts afresh instead."""
    monkeypatch.setattr(reliable, "MAX_QUEUED", 64 * 1024)
    clock = FakeClock()
    h, g, _ = session_pair(clock)
    h.link.__class__ = DeafLink
    pump([h, g], clock, 10.0, until=lambda: g.state == "playing")
    h.link.frozen = h.link._rx_next
    peak = 0
    for n in range(2, 3000):
        h.link.send(KIND_SESSION, Start(n, n).encode())
        pump([h, g], clock, 0.02)
        peak = max(peak, g.link._queued_cost)
        if g.counters.send_overflows:
            break
    assert g.counters.send_overflows == 1 and peak <= 64 * 1024 + 1024
    assert g.link.pending == 0 and not g.failed and g.lockstep is None          # it starts afresh
    assert any("acknowledged nothing" in line for line in g.log_lines)


def test_repeated_fins_after_a_game_get_at_most_one_answer_in_flight():
    clock = FakeClock()
    h, g, _ = session_pair(clock, length=20)
    pump([h, g], clock, 30.0, until=lambda: h.finished and g.finished)
    assert h.finished and g.finished
    fin = Fin(g.lockstep.turns, g.lockstep.chain).encode()
    peak = 0
    for _ in range(300):
        for _ in range(3):
            g.link.send(KIND_SESSION, fin)
        pump([h, g], clock, 0.01)
        peak = max(peak, h.link.pending)
    pump([h, g], clock, 2.0)
    assert peak <= 1 and h.counters.ignored_requests > 0 and h.finished
