"""Pairing at the start of a link session: HELLO both ways, then AUTH (an HMAC over both HELLOs
with the pairing key, docs/link.md). Mixed into `Session` (session.py), which owns the link and
the state machine; a host turns away a unit that cannot pair and keeps waiting, a guest fails.
"""

from __future__ import annotations

from .messages import ERR_AUTH, ERR_ROLE, ERR_VERSION, PROTOCOL_VERSION, Auth, Error, Hello, hello_protocol
from .pairing import auth_mac, check_mac, new_nonce


class Handshake:
    def _send_hello(self) -> None:
        self._hello_sent = True
        self._my_hello = Hello(self.role, self.app_version, self.unit_name, self.content, nonce=new_nonce()).encode()
        self._send(self._my_hello)
        if self.state in ("connecting",):
            self.state = "hello"

    def _forget_pairing(self) -> None:
        self.paired = False
        self._refused = False
        self._pending_peer = None
        self._peer_hello = b""

    def _refuse(self, code: int, text: str, notice: str) -> None:
        """The unit at the other end cannot play with this one. A guest fails; a host tells that
        unit why, shows `notice`, ignores it until a new unit connects, and keeps its game."""
        if not self.is_host:
            self._fail(code, text)
            return
        self._refused = True
        self.notice = notice
        self._log(f"turned away a unit: {text}")
        self._send(Error(code, text).encode())

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
        host_hello, guest_hello = ((self._my_hello, self._peer_hello) if self.is_host
                                   else (self._peer_hello, self._my_hello))
        self._send(Auth(auth_mac(self.pairing_key, self.role, host_hello, guest_hello)).encode())

    def _on_auth(self, auth: Auth) -> None:
        hello = self._pending_peer
        if hello is None or self.paired:
            raise ValueError("AUTH without a HELLO")
        if self.is_host and not self.throttle.allowed():
            wait = int(self.throttle.wait_left() + 0.999)
            self._refuse(ERR_AUTH, f"too many wrong pairing codes: try again in {wait} s",
                         f"a unit tried to join too often with a wrong code — waiting {wait} s")
            return
        host_hello, guest_hello = ((self._my_hello, self._peer_hello) if self.is_host
                                   else (self._peer_hello, self._my_hello))
        if not check_mac(self.pairing_key, hello.role, host_hello, guest_hello, auth.mac):
            if self.is_host:
                self.throttle.failed()
            self._refuse(ERR_AUTH, "wrong pairing code: type the code shown on the host's screen",
                         "a unit tried to join with a wrong pairing code")
            return
        self.throttle.succeeded()
        self.paired = True
        self.notice = None
        self.peer = hello
        self._log(f"paired with {hello.unit_name or 'the other unit'}")
        if self.state in ("connecting", "hello"):
            self.state = "content"
        if self.is_host:
            self._sync_content()
