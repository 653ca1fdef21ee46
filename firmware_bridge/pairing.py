"""Pairing two units: a short code or a pre-shared key, an HMAC challenge–response, a rate limit.

Over TCP anyone on the LAN can connect to a hosting unit, so a unit proves it knows the host's
pairing key before any game data moves (docs/protocol.md, "Pairing"):

- the key comes from the 6-digit code on the host's waiting screen, typed on the guest
  (`key_from_code`), or from a pre-shared key file in both units' data folders (`key_from_psk`);
  a serial cable is physical and uses the empty key (`CABLE_KEY`) — the same exchange still runs;
- each HELLO carries a fresh 16-byte nonce; once a unit holds both HELLOs it sends
  AUTH = HMAC-SHA256(key, "TBX-AUTH" | its role | SHA-256(host HELLO | guest HELLO)), and checks
  the other's with `hmac.compare_digest`. Both HELLOs (versions, names, content hashes) are thus
  authenticated too;
- `AuthThrottle` limits wrong attempts on the host: 3 free, then a wait that doubles from 2 s up
  to 5 minutes after each further failure (time from the injected clock).

A 6-digit code resists guessing on line (the throttle) but not an eavesdropper who records one
exchange and tries all million codes offline; a pre-shared key (32 random bytes) resists both.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Callable
from pathlib import Path

NONCE_BYTES = 16
MAC_BYTES = 32
CODE_DIGITS = 6
CABLE_KEY = b""
PSK_FILE = "link.key"
MAX_PSK_FILE = 4096

FREE_FAILURES = 3
FIRST_DELAY = 2.0
MAX_DELAY = 300.0


def new_nonce() -> bytes:
    return os.urandom(NONCE_BYTES)


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
    return hashlib.sha256(b"tactibox pairing code v2:" + normalise_code(code).encode()).digest()


def key_from_psk(secret: bytes) -> bytes:
    secret = bytes(secret).strip()
    if len(secret) < 16:
        raise ValueError(f"a pre-shared link key needs at least 16 characters, got {len(secret)}")
    return hashlib.sha256(b"tactibox pre-shared key v2:" + secret).digest()


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
    import stat
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


def auth_mac(key: bytes, role: str, host_hello: bytes, guest_hello: bytes) -> bytes:
    transcript = hashlib.sha256(len(host_hello).to_bytes(4, "big") + host_hello + guest_hello).digest()
    return hmac.new(key, b"TBX-AUTH" + role.encode() + transcript, hashlib.sha256).digest()


def check_mac(key: bytes, role: str, host_hello: bytes, guest_hello: bytes, mac: bytes) -> bool:
    return hmac.compare_digest(auth_mac(key, role, host_hello, guest_hello), bytes(mac))


class AuthThrottle:
    """Wrong pairing attempts on the host: FREE_FAILURES free, then a doubling wait."""

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
