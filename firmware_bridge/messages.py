"""Session and lockstep control messages (link kind 2): first byte = type, then the fields below.

Every `decode` is strict: truncation, trailing bytes, out-of-range values → ValueError naming the
message and field. HELLO's first five bytes (type, b"TBX", protocol version) are frozen for all
future versions, so two units can always tell each other *that* they differ.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field

from .pairing import MAC_BYTES, NONCE_BYTES, PAKE_ELEMENT_BYTES, SESSION_ID_BYTES, TAG_BYTES
from .wire import Reader, lbytes, lstr, uvarint

PROTOCOL_VERSION = 3      # 2: HELLO nonce + AUTH (HMAC); 3: SPAKE2 pairing (PAKE, CONFIRM), HELLO session id
MAGIC = b"TBX"

MSG_HELLO = 0x01
MSG_ERROR = 0x02
MSG_PAKE = 0x03         # SPAKE2 message (pairing.py)
MSG_CONFIRM = 0x04      # key confirmation
MSG_CONTENT_RESULT = 0x05
MSG_START = 0x06
MSG_READY = 0x07
# 0x10, 0x11: blob transfer (blob.py)
MSG_SYNCED = 0x20
MSG_DESYNC = 0x21
MSG_FIN = 0x22

ROLES = ("host", "guest")

# ERROR codes
ERR_VERSION = 1
ERR_ROLE = 2
ERR_CONTENT_INSTALL = 3
ERR_CONTENT_MISMATCH = 4
ERR_PROTOCOL = 5
ERR_CONTENT_UNAVAILABLE = 6
ERR_GAME = 7
ERR_AUTH = 8            # wrong pairing code/key, or too many wrong attempts: wait
ERR_REFUSED = 9         # the host cannot serve this unit (content it cannot send, …): the host goes on

# snapshot reasons (lockstep)
REASON_DESYNC = 1        # chained state hash differed
REASON_REJECTED = 2      # the host found a guest action illegal and applied another one
REASON_BAD_ACTION = 3    # a turn frame that passed the CRC but did not decode
REASON_OUT_OF_TURN = 4   # a turn arrived when it was not that side's turn
REASON_RESUME = 5        # the guest restarted mid-game; the host brings it back
REASON_START = 6         # the guest's initial state differed from the host's
REASON_FINAL = 7         # the final hashes differed
REASON_GUEST_REPORT = 8  # the guest detected a mismatch and asked
REASON_NAMES = {REASON_DESYNC: "state hash mismatch", REASON_REJECTED: "illegal action replaced",
                REASON_BAD_ACTION: "undecodable action", REASON_OUT_OF_TURN: "action out of turn",
                REASON_RESUME: "unit restarted", REASON_START: "initial state mismatch",
                REASON_FINAL: "final state mismatch", REASON_GUEST_REPORT: "guest reported a mismatch"}

CHAIN_BYTES = 8


def shown(text: str) -> str:
    """Peer-supplied text made safe to show: control, format (bidi overrides) and unassigned
    characters become "?"."""
    return "".join(ch if unicodedata.category(ch)[0] != "C" else "?" for ch in text)


def hello_protocol(payload: bytes) -> int | None:
    """Protocol version from the frozen HELLO prefix, or None if this is no HELLO."""
    if len(payload) >= 5 and payload[0] == MSG_HELLO and payload[1:4] == MAGIC:
        return payload[4]
    return None


@dataclass
class Hello:
    role: str
    app_version: str
    unit_name: str = ""
    content: dict[str, bytes] = field(default_factory=dict)   # name -> content hash (opaque)
    protocol: int = PROTOCOL_VERSION
    nonce: bytes = bytes(NONCE_BYTES)                          # fresh per HELLO (pairing.py)
    session: bytes = bytes(SESSION_ID_BYTES)                   # per Session: a guest's ticket names the host's

    def encode(self) -> bytes:
        if self.role not in ROLES:
            raise ValueError(f"role must be one of {ROLES}, got {self.role!r}")
        if len(self.content) > 255:
            raise ValueError("at most 255 content items")
        out = bytearray([MSG_HELLO]) + MAGIC + bytes([self.protocol, ROLES.index(self.role)])
        out += lstr(self.app_version) + lstr(self.unit_name) + bytes([len(self.content)])
        for name, digest in self.content.items():
            out += lstr(name) + lbytes(digest)
        if len(self.nonce) != NONCE_BYTES:
            raise ValueError(f"HELLO nonce must be {NONCE_BYTES} bytes")
        if len(self.session) != SESSION_ID_BYTES:
            raise ValueError(f"HELLO session id must be {SESSION_ID_BYTES} bytes")
        out += self.nonce + self.session
        return bytes(out)

    @classmethod
    def decode(cls, payload: bytes) -> Hello:
        r = Reader(payload, "HELLO")
        if r.u8("type") != MSG_HELLO or r.raw(3, "magic") != MAGIC:
            raise ValueError("HELLO: bad magic (not a Tactibox unit?)")
        protocol = r.u8("protocol version")
        role = r.u8("role")
        if role >= len(ROLES):
            raise ValueError(f"HELLO: unknown role {role}")
        app = shown(r.lstr("app version", 64))
        name = shown(r.lstr("unit name", 64))
        content = {}
        for _ in range(r.u8("content count")):
            key = r.lstr("content name", 64)
            content[key] = r.lbytes("content hash", 64)
        nonce = r.raw(NONCE_BYTES, "nonce")
        session = r.raw(SESSION_ID_BYTES, "session id")
        r.end()
        return cls(ROLES[role], app, name, content, protocol, nonce, session)


PAKE_CODE = 0              # the secret is the pairing code (or pre-shared key, or the cable's)
PAKE_TICKET = 1            # the secret is the resume ticket the tag names (a paired guest coming back)


@dataclass
class Pake:
    """A SPAKE2 message (pairing.Exchange): which secret, the ticket's tag (guest, ticket only)."""
    kind: int
    element: bytes
    tag: bytes = b""

    def encode(self) -> bytes:
        if self.kind not in (PAKE_CODE, PAKE_TICKET):
            raise ValueError(f"PAKE kind {self.kind}")
        if len(self.element) != PAKE_ELEMENT_BYTES or len(self.tag) not in (0, TAG_BYTES):
            raise ValueError("PAKE element or tag of the wrong size")
        return bytes([MSG_PAKE, self.kind]) + self.tag + self.element

    @classmethod
    def decode(cls, payload: bytes) -> Pake:
        r = Reader(payload, "PAKE")
        r.u8("type")
        kind = r.u8("kind")
        if kind not in (PAKE_CODE, PAKE_TICKET):
            raise ValueError(f"PAKE: unknown kind {kind}")
        rest = r.rest()
        if len(rest) == PAKE_ELEMENT_BYTES + TAG_BYTES:
            return cls(kind, rest[TAG_BYTES:], rest[:TAG_BYTES])
        if len(rest) != PAKE_ELEMENT_BYTES:
            raise ValueError(f"PAKE: {len(rest)} bytes of element, expected {PAKE_ELEMENT_BYTES}")
        return cls(kind, rest)


@dataclass
class Confirm:
    """Key confirmation: HMAC of the exchange's transcript with this side's confirmation key."""
    mac: bytes

    def encode(self) -> bytes:
        if len(self.mac) != MAC_BYTES:
            raise ValueError(f"CONFIRM mac must be {MAC_BYTES} bytes")
        return bytes([MSG_CONFIRM]) + self.mac

    @classmethod
    def decode(cls, payload: bytes) -> Confirm:
        r = Reader(payload, "CONFIRM")
        r.u8("type")
        mac = r.raw(MAC_BYTES, "mac")
        r.end()
        return cls(mac)


@dataclass
class Error:
    code: int
    text: str

    def encode(self) -> bytes:
        return bytes([MSG_ERROR, self.code]) + lstr(self.text[:200])

    @classmethod
    def decode(cls, payload: bytes) -> Error:
        r = Reader(payload, "ERROR")
        r.u8("type")
        code = r.u8("code")
        text = shown(r.lstr("text", 800))
        r.end()
        return cls(code, text)


@dataclass
class ContentResult:
    name: str
    ok: bool
    digest: bytes = b""
    text: str = ""

    def encode(self) -> bytes:
        return (bytes([MSG_CONTENT_RESULT]) + lstr(self.name) + bytes([1 if self.ok else 0])
                + lbytes(self.digest) + lstr(self.text[:200]))

    @classmethod
    def decode(cls, payload: bytes) -> ContentResult:
        r = Reader(payload, "CONTENT_RESULT")
        r.u8("type")
        name = r.lstr("name", 64)
        ok = r.u8("ok")
        if ok > 1:
            raise ValueError(f"CONTENT_RESULT: ok flag {ok}")
        digest = r.lbytes("hash", 64)
        text = shown(r.lstr("text", 800))
        r.end()
        return cls(name, bool(ok), digest, text)


@dataclass
class Start:
    game_no: int
    seed: int
    hash_len: int = 1
    options: bytes = b""
    resume: bool = False

    def encode(self) -> bytes:
        if not 1 <= self.hash_len <= CHAIN_BYTES:
            raise ValueError(f"hash_len must be 1..{CHAIN_BYTES}")
        return (bytes([MSG_START]) + uvarint(self.game_no) + uvarint(self.seed)
                + bytes([self.hash_len, 1 if self.resume else 0]) + bytes(self.options))

    @classmethod
    def decode(cls, payload: bytes) -> Start:
        r = Reader(payload, "START")
        r.u8("type")
        game_no = r.uvarint("game number", 32)
        seed = r.uvarint("seed", 64)
        hash_len = r.u8("hash length")
        if not 1 <= hash_len <= CHAIN_BYTES:
            raise ValueError(f"START: hash length {hash_len} out of 1..{CHAIN_BYTES}")
        flags = r.u8("flags")
        if flags > 1:
            raise ValueError(f"START: unknown flags {flags:#x}")
        return cls(game_no, seed, hash_len, r.rest(), bool(flags))


@dataclass
class Ready:
    game_no: int
    chain: bytes

    def encode(self) -> bytes:
        return bytes([MSG_READY]) + uvarint(self.game_no) + self.chain

    @classmethod
    def decode(cls, payload: bytes) -> Ready:
        r = Reader(payload, "READY")
        r.u8("type")
        game_no = r.uvarint("game number", 32)
        chain = r.raw(CHAIN_BYTES, "chain")
        r.end()
        return cls(game_no, chain)


@dataclass
class Synced:
    epoch: int

    def encode(self) -> bytes:
        return bytes([MSG_SYNCED, self.epoch & 0xFF])

    @classmethod
    def decode(cls, payload: bytes) -> Synced:
        r = Reader(payload, "SYNCED")
        r.u8("type")
        e = r.u8("epoch")
        r.end()
        return cls(e)


@dataclass
class Desync:
    epoch: int
    turns: int

    def encode(self) -> bytes:
        return bytes([MSG_DESYNC, self.epoch & 0xFF]) + uvarint(self.turns)

    @classmethod
    def decode(cls, payload: bytes) -> Desync:
        r = Reader(payload, "DESYNC")
        r.u8("type")
        e = r.u8("epoch")
        t = r.uvarint("turns", 32)
        r.end()
        return cls(e, t)


@dataclass
class Fin:
    turns: int
    chain: bytes

    def encode(self) -> bytes:
        return bytes([MSG_FIN]) + uvarint(self.turns) + self.chain

    @classmethod
    def decode(cls, payload: bytes) -> Fin:
        r = Reader(payload, "FIN")
        r.u8("type")
        t = r.uvarint("turns", 32)
        chain = r.raw(CHAIN_BYTES, "chain")
        r.end()
        return cls(t, chain)


@dataclass
class SnapshotMeta:
    """The `meta` of a snapshot blob."""
    epoch: int
    reason: int
    turns: int
    chain: bytes
    replaced: bytes = b""      # encoded action the host applied instead (REASON_REJECTED)

    def encode(self) -> bytes:
        return bytes([self.epoch & 0xFF, self.reason]) + uvarint(self.turns) + self.chain + lbytes(self.replaced)

    @classmethod
    def decode(cls, meta: bytes) -> SnapshotMeta:
        r = Reader(meta, "snapshot meta")
        epoch, reason = r.u8("epoch"), r.u8("reason")
        turns = r.uvarint("turns", 32)
        chain = r.raw(CHAIN_BYTES, "chain")
        replaced = r.lbytes("replaced action", 1024)
        r.end()
        return cls(epoch, reason, turns, chain, replaced)
