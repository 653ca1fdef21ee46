"""Commit-reveal for secret simultaneous declarations (the initiative throw and stance).

Over the cable each unit first sends `commitment(action, salt)` — a BLAKE2b hash of the encoded
declaration and a fresh 16-byte salt — and only after it holds the other unit's commitment sends
the reveal (action + salt). `check_reveal` refuses a reveal that does not match its commitment,
so neither side can peek at the other's throw and change its own. Hot-seat play hides the screen
instead; bots simply never read `BoutGame.orients`.

    ex = SecretExchange(my_action, salt)          # salt: os.urandom(16), chosen by the link layer
    send(ex.commit_message())                      # b"C" + 32-byte digest
    ex.receive(peer_commit)                        # -> then:
    send(ex.reveal_message())                      # b"R" + salt + encoded action
    theirs = ex.receive(peer_reveal)               # the peer's action, verified
"""

from __future__ import annotations

import hashlib
import hmac

from game.modes.bout.actions import SECRET_BYTES, Commit, Orient, Reveal, decode, encode

DOMAIN = b"tactibox/bout/commit/v1"
SALT_BYTES = 16
DIGEST_BYTES = 32


class CommitError(ValueError):
    """A malformed commitment/reveal, or a reveal that does not match its commitment."""


def _encode(action) -> bytes:
    data = encode(action) if isinstance(action, Orient) else list(action)
    if not data or len(data) > 8 or any(not isinstance(v, int) or not 0 <= v <= 255 for v in data):
        raise CommitError(f"cannot commit to {action!r}")
    return bytes(data)


def commitment(action, salt: bytes) -> bytes:
    if len(salt) != SALT_BYTES:
        raise CommitError(f"salt must be {SALT_BYTES} bytes")
    return hashlib.blake2b(DOMAIN + salt + _encode(action), digest_size=DIGEST_BYTES).digest()


def check_reveal(digest: bytes, action, salt: bytes) -> bool:
    try:
        return hmac.compare_digest(digest, commitment(action, salt))
    except CommitError:
        return False


class SecretExchange:
    def __init__(self, action, salt: bytes) -> None:
        self.action, self.salt = (action if isinstance(action, Orient) else tuple(action)), bytes(salt)
        self.mine = commitment(self.action, self.salt)
        self.theirs: bytes | None = None
        self.revealed = None

    def commit_message(self) -> bytes:
        return b"C" + self.mine

    def reveal_message(self) -> bytes:
        if self.theirs is None:
            raise CommitError("reveal only after the peer's commitment has arrived")
        return b"R" + self.salt + _encode(self.action)

    def receive(self, msg: bytes):
        if not isinstance(msg, (bytes, bytearray)) or not msg or len(msg) > 1 + SALT_BYTES + 8 + DIGEST_BYTES:
            raise CommitError("malformed message")
        kind, body = msg[:1], bytes(msg[1:])
        if kind == b"C":
            if self.theirs is not None:
                raise CommitError("second commitment")
            if len(body) != DIGEST_BYTES:
                raise CommitError(f"commitment of {len(body)} bytes, expected {DIGEST_BYTES}")
            self.theirs = body
            return None
        if kind == b"R":
            if self.theirs is None:
                raise CommitError("reveal before commitment")
            salt, raw = body[:SALT_BYTES], body[SALT_BYTES:]
            try:
                action = decode(list(raw))
            except ValueError as exc:
                raise CommitError(f"revealed action: {exc}") from None
            if not check_reveal(self.theirs, action, salt):
                raise CommitError("the reveal does not match the commitment")
            self.revealed = action
            return action
        raise CommitError(f"unknown message kind {kind!r}")


def seal(orient: Orient, salt: bytes) -> tuple[Commit, Reveal]:
    """(Commit, Reveal) actions for a secret Orient with this salt (16 random bytes, never from
    the game's generator: the other side could predict those)."""
    if len(salt) != SECRET_BYTES:
        raise ValueError(f"salt must be {SECRET_BYTES} bytes")
    digest = commitment(orient, salt)[:SECRET_BYTES]
    return Commit(orient.f, digest), Reveal(orient.f, orient.orientation, orient.stance, orient.footing, bytes(salt))
