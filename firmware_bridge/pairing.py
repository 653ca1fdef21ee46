"""Pairing two units: SPAKE2 on a short code or a pre-shared key, key confirmation, resume
tickets, and a wrong-code throttle per peer.

Over TCP anyone on the LAN can connect to a hosting unit, so the units run a password-
authenticated key exchange before any game data moves (docs/protocol.md, "Pairing"):

- the pairing secret comes from the 6-digit code on the host's waiting screen, typed on the
  guest (`key_from_code`), or from a pre-shared key file in both units' data folders
  (`key_from_psk`); a serial cable is physical and uses the empty secret (`CABLE_KEY`) — the
  same exchange still runs;
- each side runs SPAKE2 (the `spake2` package, Ed25519 group; the host is side A, the guest
  side B) on that secret. A SPAKE2 message is a random-looking group element: whoever does not
  hold the secret learns nothing from it that a guessed code could be checked against, and an
  active stranger gets exactly one guess per exchange (which the throttle counts);
- both derive keys from the SPAKE2 key and a hash of the whole exchange (both HELLOs, both
  PAKE messages): a confirmation key per side and a resume ticket. The guest confirms first;
  the host checks it and only then confirms itself, so a stranger who guessed wrong never sees
  anything that depends on the secret;
- a resume ticket (32 bytes both sides derived, never sent) lets the paired guest come back
  after a cut without the code and without meeting the throttle: it is the SPAKE2 secret of
  the next exchange, and the guest names it with a tag bound to the host's fresh HELLO nonce
  (so an eavesdropper cannot replay the tag);
- `PeerThrottle` counts wrong attempts per peer (address): 3 free, then a wait that doubles
  from 2 s up to 5 minutes. One stranger's wrong codes never lock out another unit.

A host with several guests (the LAN lobby) runs one `Exchange` per guest connection and shares
one `PeerThrottle` and one `TicketBook` between them: each guest has its own keys and ticket.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

NONCE_BYTES = 16
SESSION_ID_BYTES = 8
PAKE_ELEMENT_BYTES = 33          # spake2: a side byte and a 32-byte Ed25519 element
MAC_BYTES = 32
TAG_BYTES = 16
TICKET_BYTES = 32
CODE_DIGITS = 6
CABLE_KEY = b""
PSK_FILE = "link.key"
MAX_PSK_FILE = 4096

FREE_FAILURES = 3
FIRST_DELAY = 2.0
MAX_DELAY = 300.0
MAX_PEERS = 256                  # throttle entries kept (the least recently seen go first)
MAX_TICKETS = 8                  # resume tickets a host keeps (the oldest go first)

_ID_HOST = b"tactibox host"
_ID_GUEST = b"tactibox guest"
_KEY_INFO = b"tactibox pairing v3 keys"


def _entropy(n: int) -> bytes:
    """Where pairing takes its randomness (nonces, session ids, SPAKE2 scalars). Tests that show
    what depends on the code replace it with a fixed stream."""
    return os.urandom(n)


class PairingError(ValueError):
    """A pairing message that cannot be used (a broken SPAKE2 element, a message out of order)."""


def new_nonce() -> bytes:
    return _entropy(NONCE_BYTES)


def new_session_id() -> bytes:
    return _entropy(SESSION_ID_BYTES)


def new_code() -> str:
    """A fresh pairing code: 6 decimal digits (a numeric keypad can type it)."""
    return f"{secrets.randbelow(10 ** CODE_DIGITS):0{CODE_DIGITS}d}"


def normalise_code(text: str) -> str:
    """Digits only ("123 456", "123-456" → "123456"); ValueError unless exactly 6 digits."""
    digits = "".join(ch for ch in str(text) if not ch.isspace() and ch != "-")
    if len(digits) != CODE_DIGITS or not digits.isdigit() or not digits.isascii():
        raise ValueError(f"a pairing code is {CODE_DIGITS} digits, got {text!r}")
    return digits


def show_code(code: str) -> str:
    return f"{code[:3]} {code[3:]}"


def key_from_code(code: str) -> bytes:
    """The SPAKE2 secret of a pairing code."""
    return hashlib.sha256(b"tactibox pairing code v3:" + normalise_code(code).encode()).digest()


def key_from_psk(secret: bytes) -> bytes:
    """The SPAKE2 secret of a pre-shared key file's contents (at least 16 characters)."""
    secret = bytes(secret).strip()
    if len(secret) < 16:
        raise ValueError(f"a pre-shared link key needs at least 16 characters, got {len(secret)}")
    return hashlib.sha256(b"tactibox pre-shared key v3:" + secret).digest()


def read_psk(folder: Path) -> bytes | None:
    """The key from `folder/link.key` (a regular file, ≤ 4 KB), or None when there is none.
    ValueError when the file is there but unusable (the owner should hear about it)."""
    path = Path(folder) / PSK_FILE
    try:
        st = os.stat(path, follow_symlinks=False)
    except FileNotFoundError:
        return None
    except OSError as exc:
        raise ValueError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(st.st_mode):
        raise ValueError(f"{path}: not a regular file")
    if st.st_size > MAX_PSK_FILE:
        raise ValueError(f"{path}: {st.st_size} bytes, at most {MAX_PSK_FILE} allowed")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_PSK_FILE + 1)
    except OSError as exc:
        raise ValueError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    try:
        return key_from_psk(data)
    except ValueError as exc:
        raise ValueError(f"{path}: {exc}") from None


def write_psk(folder: Path) -> Path:
    """Create `folder/link.key` with a random key (copy the file to the other unit)."""
    path = Path(folder) / PSK_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(secrets.token_hex(32) + "\n")
    return path


# ---------------------------------------------------------------------------- the exchange

def transcript_hash(*parts: bytes) -> bytes:
    """SHA-256 over length-prefixed parts (host HELLO, guest HELLO, guest PAKE, host PAKE)."""
    h = hashlib.sha256(b"TBX-pairing-v3")
    for p in parts:
        h.update(len(p).to_bytes(4, "big"))
        h.update(p)
    return h.digest()


def ticket_tag(ticket: bytes, host_nonce: bytes) -> bytes:
    """How a returning guest names its ticket: bound to the host's fresh HELLO nonce."""
    return hmac.digest(ticket, b"TBX-ticket" + host_nonce, "sha256")[:TAG_BYTES]


def _hkdf(key: bytes, salt: bytes, length: int) -> bytes:
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.kdf.hkdf import HKDF
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=_KEY_INFO).derive(key)


class Exchange:
    """One side of one pairing: a SPAKE2 run on `secret`, then key confirmation.

        ex = Exchange("guest", secret)        # ex.element: this side's SPAKE2 message (33 bytes)
        ex.finish(peer_element, transcript)   # PairingError for a broken element
        ex.confirmation()                     # this side's CONFIRM mac
        ex.confirms(peer_mac)                 # True when the other side holds the same secret
        ex.ticket                             # the resume ticket both sides now share
    """

    def __init__(self, role: str, secret: bytes, *, entropy: Callable[[int], bytes] | None = None) -> None:
        from spake2 import SPAKE2_A, SPAKE2_B
        if role not in ("host", "guest"):
            raise ValueError(f"role must be 'host' or 'guest', got {role!r}")
        self.role = role
        side = SPAKE2_A if role == "host" else SPAKE2_B
        self._spake = side(bytes(secret), idA=_ID_HOST, idB=_ID_GUEST, entropy_f=entropy or (lambda n: _entropy(n)))
        self.element = self._spake.start()
        self._keys: bytes | None = None
        self._transcript = b""

    @property
    def finished(self) -> bool:
        return self._keys is not None

    def finish(self, peer_element: bytes, transcript: bytes) -> None:
        if self._keys is not None:
            raise PairingError("a second SPAKE2 message in one exchange")
        if len(peer_element) != PAKE_ELEMENT_BYTES:
            raise PairingError(f"a SPAKE2 message is {PAKE_ELEMENT_BYTES} bytes, got {len(peer_element)}")
        try:
            key = self._spake.finish(bytes(peer_element))
        except Exception as exc:  # noqa: BLE001 - the library decodes peer bytes; any failure is a broken message
            raise PairingError(f"broken SPAKE2 message ({type(exc).__name__})") from None
        self._transcript = bytes(transcript)
        self._keys = _hkdf(key, self._transcript, 3 * 32)

    def _key(self, i: int) -> bytes:
        if self._keys is None:
            raise PairingError("the exchange is not finished")
        return self._keys[32 * i:32 * i + 32]

    def _mac(self, role: str) -> bytes:
        return hmac.digest(self._key(0 if role == "guest" else 1), b"TBX-confirm " + role.encode() + self._transcript,
                           "sha256")

    def confirmation(self) -> bytes:
        return self._mac(self.role)

    def confirms(self, mac: bytes) -> bool:
        other = "host" if self.role == "guest" else "guest"
        return hmac.compare_digest(self._mac(other), bytes(mac))

    @property
    def ticket(self) -> bytes:
        return self._key(2)


@dataclass(frozen=True)
class Ticket:
    """What a paired guest keeps to come back: the host's session id and the shared ticket."""
    host_session: bytes
    secret: bytes


class TicketBook:
    """The host's resume tickets, newest last (at most MAX_TICKETS; a lobby shares one book)."""

    def __init__(self, limit: int = MAX_TICKETS) -> None:
        self.limit = limit
        self._tickets: list[bytes] = []

    def __len__(self) -> int:
        return len(self._tickets)

    def add(self, secret: bytes) -> None:
        self.discard(secret)
        self._tickets.append(bytes(secret))
        del self._tickets[:-self.limit]

    def discard(self, secret: bytes) -> None:
        self._tickets = [t for t in self._tickets if not hmac.compare_digest(t, secret)]

    def find(self, tag: bytes, host_nonce: bytes) -> bytes | None:
        """The ticket a guest's tag names (for this host HELLO nonce), or None."""
        for t in self._tickets:
            if hmac.compare_digest(ticket_tag(t, host_nonce), bytes(tag)):
                return t
        return None


# ---------------------------------------------------------------------------- throttle

class AuthThrottle:
    """Wrong pairing attempts of one peer: FREE_FAILURES free, then a doubling wait."""

    def __init__(self, now: Callable[[], float], *, free: int = FREE_FAILURES, first_delay: float = FIRST_DELAY,
                 max_delay: float = MAX_DELAY) -> None:
        self.now = now
        self.free, self.first_delay, self.max_delay = free, first_delay, max_delay
        self.failures = 0
        self.refused = 0            # attempts turned away while waiting (not checked at all)
        self._until = float("-inf")

    def wait_left(self) -> float:
        """Seconds before the next attempt is checked (0 when it may be tried now)."""
        return max(0.0, self._until - self.now())

    def allowed(self) -> bool:
        if self.wait_left() > 0:
            self.refused += 1
            return False
        return True

    def failed(self) -> None:
        self.failures += 1
        extra = self.failures - self.free
        if extra > 0:
            self._until = self.now() + min(self.max_delay, self.first_delay * 2 ** (extra - 1))

    def succeeded(self) -> None:
        self.failures = 0
        self._until = float("-inf")


class PeerThrottle:
    """An `AuthThrottle` per peer (an IP address on TCP, the port on a cable), at most
    `max_peers` of them: the least recently seen peer that is not waiting is forgotten first."""

    def __init__(self, now: Callable[[], float], *, max_peers: int = MAX_PEERS, **kw) -> None:
        self.now = now
        self.max_peers = max_peers
        self._kw = kw
        self._peers: OrderedDict[str, AuthThrottle] = OrderedDict()
        self.refused = 0

    def __len__(self) -> int:
        return len(self._peers)

    def of(self, peer: str) -> AuthThrottle:
        t = self._peers.get(peer)
        if t is None:
            if len(self._peers) >= self.max_peers:
                idle = next((p for p, v in self._peers.items() if v.wait_left() == 0), None)
                self._peers.pop(idle if idle is not None else next(iter(self._peers)))
            t = self._peers[peer] = AuthThrottle(self.now, **self._kw)
        self._peers.move_to_end(peer)
        return t

    def failures(self, peer: str) -> int:
        t = self._peers.get(peer)
        return t.failures if t is not None else 0

    def wait_left(self, peer: str) -> float:
        t = self._peers.get(peer)
        return t.wait_left() if t is not None else 0.0

    def allowed(self, peer: str) -> bool:
        ok = self.of(peer).allowed()
        self.refused += not ok
        return ok

    def failed(self, peer: str) -> None:
        self.of(peer).failed()

    def succeeded(self, peer: str) -> None:
        t = self._peers.pop(peer, None)
        if t is not None:
            t.succeeded()
