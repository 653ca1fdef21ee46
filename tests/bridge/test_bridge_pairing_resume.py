"""Resume tickets and several guests (issue 21 items 1 and 3, built for issue 22's lobby): the
paired guest comes back without meeting the throttle; a ticket's tag seen on the wire is
useless to anyone else; a host that does not know the code cannot fool a guest; a host serving
several guests runs one exchange per guest with its own keys and shares throttle and tickets."""

from __future__ import annotations

from linkkit import FakeClock, pump, session_pair
from test_bridge_pairing import KEY, WRONG, _new_connection, mid_game, newcomer

from firmware_bridge.messages import PAKE_TICKET, Confirm, Pake
from firmware_bridge.pairing import PeerThrottle, TicketBook, ticket_tag
from firmware_bridge.session import Session


def test_the_paired_guest_resumes_with_its_ticket_even_when_its_address_is_locked():
    """A stranger behind the same address (the same NAT, or spoofing it) locks that address out;
    the paired guest still comes back at once: its ticket is a 256-bit secret, not a guess."""
    clock = FakeClock()
    h, g = mid_game(clock)
    h.link.transport.peer_address = "10.0.0.7"
    last = g
    for _ in range(6):
        clock.advance(h.throttle.wait_left("10.0.0.7"))
        s = newcomer(last, clock)
        _new_connection(s)
        pump([h, s], clock, 3.0, until=lambda s=s: s.failed)
        last = s
    assert h.throttle.wait_left("10.0.0.7") > 4.0 and h._resume_pending
    turns = h.lockstep.turns
    _new_connection(g)
    pump([h, g], clock, 120.0, until=lambda: h.finished and g.finished)
    assert h.finished and g.finished and h.result()["state_hash"] == g.result()["state_hash"]
    assert h.lockstep.turns > turns
    assert any("paired with guest-unit (its earlier pairing)" in line for line in h.log_lines)
    assert h.throttle.refused == 0                     # the ticket never met the throttle


class TagReplayer(Session):
    """A stranger who recorded the paired guest's PAKE (ticket tag included) and sends it again."""

    recorded = b""

    def _guest_pake(self, host):
        from firmware_bridge.pairing import Exchange
        self._exchange = Exchange("guest", WRONG)
        seen = Pake.decode(self.recorded)
        self._ticket_used = object()
        self._pake_out = Pake(PAKE_TICKET, self._exchange.element, seen.tag).encode()
        self._send(self._pake_out)


def test_a_ticket_tag_seen_on_the_wire_is_useless_to_a_stranger():
    clock = FakeClock()
    h, g = mid_game(clock)
    first = newcomer(g, clock)                         # someone takes the line: the host starts afresh
    _new_connection(first)
    pump([h, first], clock, 10.0, until=lambda: first.failed)
    _new_connection(g)                                 # the guest comes back with its ticket
    pump([h, g], clock, 10.0, until=lambda: g.paired and h.paired and g._ticket_used is not None)
    recorded = g._pake_out
    assert Pake.decode(recorded).kind == PAKE_TICKET
    assert Pake.decode(recorded).tag == ticket_tag(g._ticket_used.secret, h._my_hello_msg.nonce)
    TagReplayer.recorded = recorded
    thief = newcomer(g, clock, cls=TagReplayer)
    _new_connection(thief)
    pump([h, thief], clock, 10.0, until=lambda: thief.failed)
    assert thief.failed and "join again with its code" in thief.error and not h.paired
    assert thief.lockstep is None and h._resume_pending


class ImpostorHost(Session):
    """Poses as the host without the code: confirms at once instead of checking the guest first."""

    def _host_pake(self, pake):
        super()._host_pake(pake)
        if self._exchange is not None:
            self._send(Confirm(self._exchange.confirmation()).encode())
            self._paired_with(self._pending_peer)      # and goes on to send content and START


def test_a_host_that_does_not_know_the_code_cannot_fool_the_guest():
    clock = FakeClock()
    h, g, _ = session_pair(clock, host_kw={"pairing_key": WRONG}, guest_kw={"pairing_key": KEY})
    h.__class__ = ImpostorHost
    pump([h, g], clock, 10.0, until=lambda: g.failed)
    assert g.failed and "did not prove it knows the code" in g.error
    assert not g.paired and g.lockstep is None and g._ticket is None


def test_a_host_with_several_guests_runs_one_exchange_per_guest():
    """Two guest connections on one host (the lobby's shape): each its own SPAKE2 run, keys and
    ticket; one throttle and one ticket book shared; each guest comes back to its own seat."""
    clock = FakeClock()
    throttle, book = PeerThrottle(clock), TicketBook()
    shared = dict(pairing_key=KEY, throttle=throttle, tickets=book)
    h1, g1, _ = session_pair(clock, host_kw=dict(shared), guest_kw={"pairing_key": KEY})
    h2, g2, _ = session_pair(clock, seed=8, host_kw=dict(shared), guest_kw={"pairing_key": KEY})
    h2.session_id = h1.session_id                      # one host: one session id for all its guests
    pump([h1, g1, h2, g2], clock, 10.0, until=lambda: g1.paired and g2.paired)
    assert h1._exchange is not h2._exchange and g1._ticket.secret != g2._ticket.secret
    assert len(book) == 2 and book.find(ticket_tag(g1._ticket.secret, b"n" * 16), b"n" * 16) == g1._ticket.secret
    # a stranger with a wrong code on guest 2's line is throttled for every session of the host
    h2.link.transport.peer_address = "10.0.0.66"
    for _ in range(4):
        s = newcomer(g2, clock)
        _new_connection(s)
        pump([h2, s], clock, 3.0, until=lambda s=s: s.failed)
    assert throttle.failures("10.0.0.66") == 4 and throttle.wait_left("10.0.0.66") > 0
    # someone takes guest 1's line; guest 1 comes back with its own ticket; guest 2's stays in the book
    h1.link.transport.peer_address = "10.0.0.67"
    s = newcomer(g1, clock)
    _new_connection(s)
    pump([h1, s], clock, 3.0, until=lambda: s.failed)
    _new_connection(g1)
    pump([h1, g1], clock, 10.0, until=lambda: g1.paired and h1.paired and g1._ticket_used is not None)
    assert h1.paired and g1._ticket_used is not None and len(book) == 2
    assert book.find(ticket_tag(g2._ticket.secret, b"m" * 16), b"m" * 16) == g2._ticket.secret
