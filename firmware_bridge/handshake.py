"""Pairing at the start of a link session (docs/protocol.md, "Pairing"), mixed into `Session`
(session.py), which owns the link and the state machine:

    host  ⇄ guest   HELLO            both, as soon as the link is up (versions, roles, content)
    guest → host    PAKE             SPAKE2 on the code (or on its resume ticket)
    host  → guest   PAKE             only when the throttle lets this peer try (the try counts)
    guest → host    CONFIRM          the guest proves it derived the same key
    host  → guest   CONFIRM          only after the guest's checked out: then both are paired

A host turns away a unit that cannot pair (and keeps waiting, its game kept); a guest fails.
Each link incarnation runs its own `pairing.Exchange`; the throttle (per peer) and the ticket
book belong to the host and may be shared by several sessions (a lobby with several guests).
"""

from __future__ import annotations

from .messages import (
    ERR_AUTH,
    ERR_ROLE,
    ERR_VERSION,
    PAKE_CODE,
    PAKE_TICKET,
    PROTOCOL_VERSION,
    Confirm,
    Error,
    Hello,
    Pake,
    hello_protocol,
)
from .pairing import Exchange, PairingError, Ticket, new_nonce, ticket_tag, transcript_hash

WRONG_CODE = "wrong pairing code: type the code shown on the host's screen"


class Handshake:
    def _send_hello(self) -> None:
        self._hello_sent = True
        self._my_hello_msg = Hello(self.role, self.app_version, self.unit_name, self.content, nonce=new_nonce(),
                                   session=self.session_id)
        self._my_hello = self._my_hello_msg.encode()
        self._send(self._my_hello)
        if self.state in ("connecting",):
            self.state = "hello"

    def _forget_pairing(self) -> None:
        self.paired = False
        self._refused = False
        self._pending_peer = None
        self._peer_hello = b""
        self._exchange = None
        self._pake_in = b""
        self._pake_out = b""
        self._ticket_used = None

    def _peer_address(self) -> str:
        return str(getattr(self.link.transport, "peer_address", "") or self.link.transport.name)

    def _refuse(self, code: int, text: str, notice: str) -> None:
        """The unit at the other end cannot play with this one. A guest fails; a host tells that
        unit why, shows `notice`, ignores it until a new unit connects, and keeps its game."""
        if not self.is_host:
            self._fail(code, text)
            return
        self._refused = True
        self.notice = notice
        self._log(f"turned away a unit: {text or notice}")
        if text:
            self._send(Error(code, text).encode())

    def _turn_away(self, code: int, text: str, notice: str) -> None:
        """After pairing: this unit cannot serve the paired one (content it cannot send, a game
        that unit cannot start...). A guest fails. A host refuses that unit only — tells it why,
        shows `notice`, forgets it — and goes on waiting with its game (issue 21 item 4)."""
        if not self.is_host:
            self._fail(code, text)
            return
        self._refuse(code, text, notice)
        self.paired = False
        self.peer = None
        self._pending_content.clear()
        self._outgoing.clear()
        if self.lockstep is not None and not self.lockstep.done:
            self._resume_pending = True          # the next unit that pairs takes the game over
        if self.state != "finished":
            self.state = "hello"

    def _on_hello(self, payload: bytes) -> None:
        proto = hello_protocol(payload)
        if proto is None:
            raise ValueError("HELLO without the Tactibox magic")
        if proto != PROTOCOL_VERSION:
            text = (f"link protocol mismatch: this unit speaks version {PROTOCOL_VERSION}, "
                    f"the other unit version {proto} — update the older unit")
            self._refuse(ERR_VERSION, text, f"a unit tried to join: {text}")
            return
        if self.paired or self._pending_peer is not None:
            raise ValueError("a second HELLO from the same unit")
        hello = Hello.decode(payload)
        self._log(f"hello from {hello.unit_name or 'the other unit'} ({hello.role}, app {hello.app_version})")
        if hello.role == self.role:
            text = f"both units are set to {self.role}: one must host, the other join"
            self._refuse(ERR_ROLE, text, f"a unit tried to join: {text}")
            return
        self._pending_peer = hello
        self._peer_hello = bytes(payload)
        if not self.is_host:
            self._guest_pake(hello)

    def _hellos(self) -> tuple[bytes, bytes]:
        return (self._my_hello, self._peer_hello) if self.is_host else (self._peer_hello, self._my_hello)

    # ------------------------------------------------------------------ guest

    def _guest_pake(self, host: Hello) -> None:
        ticket = self._ticket if self._ticket is not None and self._ticket.host_session == host.session else None
        self._exchange = Exchange("guest", ticket.secret if ticket else self.pairing_key)
        msg = Pake(PAKE_TICKET, self._exchange.element, ticket_tag(ticket.secret, host.nonce)) if ticket \
            else Pake(PAKE_CODE, self._exchange.element)
        self._ticket_used = ticket
        self._pake_out = msg.encode()
        self._send(self._pake_out)

    # ------------------------------------------------------------------ both

    def _on_pake(self, payload: bytes) -> None:
        pake = Pake.decode(payload)
        if self._pending_peer is None or self.paired or self._pake_in:
            raise ValueError("PAKE out of order")
        self._pake_in = bytes(payload)
        if self.is_host:
            self._host_pake(pake)
            return
        if self._exchange is None or pake.kind != (PAKE_TICKET if self._ticket_used else PAKE_CODE) or pake.tag:
            raise ValueError("PAKE from the host that answers no PAKE of this unit")
        host_hello, guest_hello = self._hellos()
        try:
            self._exchange.finish(pake.element, transcript_hash(host_hello, guest_hello, self._pake_out, self._pake_in))
        except PairingError as exc:
            self._fail(ERR_AUTH, f"pairing failed: the host sent a {exc}")
            return
        self._send(Confirm(self._exchange.confirmation()).encode())

    def _host_pake(self, pake: Pake) -> None:
        peer = self._peer_address()
        secret = None
        if pake.kind == PAKE_TICKET:
            secret = self.tickets.find(pake.tag, self._my_hello_msg.nonce)
            if secret is None:                      # no such ticket: a stranger, or one from long ago
                self.throttle.failed(peer)
                self._refuse(ERR_AUTH, "this host no longer knows your earlier pairing: join again with its code",
                             "a unit tried to come back with a pairing this host does not know")
                return
        elif not self.throttle.allowed(peer):
            wait = int(self.throttle.wait_left(peer) + 0.999)
            self._refuse(ERR_AUTH, f"too many wrong pairing codes: try again in {wait} s",
                         f"a unit tried to join too often with a wrong code — waiting {wait} s")
            return
        else:
            self.throttle.failed(peer)              # a try counts until the guest's CONFIRM checks out
            secret = self.pairing_key
        self._ticket_used = secret if pake.kind == PAKE_TICKET else None
        ex = Exchange("host", secret)
        self._pake_out = Pake(pake.kind, ex.element).encode()
        host_hello, guest_hello = self._hellos()
        try:
            ex.finish(pake.element, transcript_hash(host_hello, guest_hello, self._pake_in, self._pake_out))
        except PairingError as exc:
            self._refuse(ERR_AUTH, f"pairing failed: {exc}", f"a unit tried to join with a {exc}")
            return
        self._exchange = ex
        self._send(self._pake_out)

    def _on_confirm(self, confirm: Confirm) -> None:
        ex = self._exchange
        if ex is None or not ex.finished or self.paired:
            raise ValueError("CONFIRM out of order")
        if not ex.confirms(confirm.mac):
            if self.is_host:
                self._refuse(ERR_AUTH, WRONG_CODE if self._ticket_used is None else
                             "your earlier pairing did not check out: join again with the host's code",
                             "a unit tried to join with a wrong pairing code")
            else:
                self._fail(ERR_AUTH, "pairing failed: the host did not prove it knows the code "
                           "(another unit posing as the host?)")
            return
        if self.is_host:
            self._send(Confirm(ex.confirmation()).encode())
            if self._ticket_used is None:
                self.throttle.succeeded(self._peer_address())
            else:
                self.tickets.discard(self._ticket_used)
            self.tickets.add(ex.ticket)
        else:
            self._ticket = Ticket(self._pending_peer.session, ex.ticket)
        self._paired_with(self._pending_peer)

    def _paired_with(self, hello: Hello) -> None:
        self.paired = True
        self.notice = None
        self.peer = hello
        how = "its earlier pairing" if self._ticket_used is not None else "the pairing code"
        self._log(f"paired with {hello.unit_name or 'the other unit'} ({how})")
        if self.state in ("connecting", "hello"):
            self.state = "content"
        if self.is_host:
            self._sync_content()
