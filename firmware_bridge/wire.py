"""The one-byte link header and the small integer codecs every message uses.

    header bit  7 6 | 5 4 3 | 2 1 0
                kind | seq   | ack

kind 0 (CONTROL): link-level frame, never delivered upward; bits 5..3 are the control type
                  (ACK/heartbeat, SYN, BYE) instead of a sequence number.
kind 1 (TURN)   : lockstep turn: encoded action ‖ chained state hash (hot path, no type byte).
kind 2 (SESSION): session/lockstep control message, first payload byte is the message type.
kind 3 (APP)    : opaque application message (chat phrase ids, free text), delivered as is.

seq is the sender's message number mod 8 (kinds 1–3); ack is the number of the next message the
sender expects from the other side, mod 8 — every frame carries it, so acks ride on data for free.
"""

from __future__ import annotations

KIND_CONTROL = 0
KIND_TURN = 1
KIND_SESSION = 2
KIND_APP = 3
DATA_KINDS = (KIND_TURN, KIND_SESSION, KIND_APP)

SEQ_MOD = 8

CTRL_ACK = 0     # bare ack; sent after a quiet spell it is the heartbeat
CTRL_SYN = 1     # link handshake: my nonce (4) ‖ your nonce (4) ‖ flags (1)
CTRL_BYE = 2     # this unit is leaving on purpose (not a cut cable)
CTRL_PEEK = 3    # a preview for the other unit's screen: 1..PEEK_MAX bytes, never acknowledged or resent
PEEK_MAX = 8


def pack_header(kind: int, seq: int, ack: int) -> int:
    if not 0 <= kind <= 3:
        raise ValueError(f"kind {kind} out of range 0..3")
    return (kind << 6) | ((seq % SEQ_MOD) << 3) | (ack % SEQ_MOD)


def unpack_header(b: int) -> tuple[int, int, int]:
    return b >> 6, (b >> 3) & 7, b & 7


# --- varints and a strict reader -------------------------------------------------------------

def uvarint(n: int) -> bytes:
    """Unsigned LEB128."""
    if n < 0:
        raise ValueError(f"uvarint of a negative number {n}")
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def lbytes(data: bytes) -> bytes:
    """Length-prefixed bytes."""
    return uvarint(len(data)) + bytes(data)


def lstr(text: str) -> bytes:
    return lbytes(text.encode("utf-8"))


class Reader:
    """Reads a message body; every malformation raises ValueError naming what was being read."""

    __slots__ = ("data", "pos", "what")

    def __init__(self, data: bytes, what: str = "message") -> None:
        self.data = bytes(data)
        self.pos = 0
        self.what = what

    def _need(self, n: int, field: str) -> None:
        if self.pos + n > len(self.data):
            raise ValueError(f"{self.what}: truncated at byte {self.pos} while reading {field}")

    def u8(self, field: str = "u8") -> int:
        self._need(1, field)
        v = self.data[self.pos]
        self.pos += 1
        return v

    def u32(self, field: str = "u32") -> int:
        return int.from_bytes(self.raw(4, field), "big")

    def raw(self, n: int, field: str = "bytes") -> bytes:
        self._need(n, field)
        v = self.data[self.pos:self.pos + n]
        self.pos += n
        return v

    def uvarint(self, field: str = "varint", max_bits: int = 64) -> int:
        n = shift = 0
        while True:
            b = self.u8(field)
            n |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                break
            if shift >= max_bits + 7:
                raise ValueError(f"{self.what}: varint {field} too long at byte {self.pos}")
        if n >> max_bits:
            raise ValueError(f"{self.what}: {field} = {n} exceeds {max_bits} bits")
        return n

    def lbytes(self, field: str = "bytes", limit: int = 1 << 16) -> bytes:
        n = self.uvarint(field + " length", 32)
        if n > limit:
            raise ValueError(f"{self.what}: {field} length {n} exceeds {limit}")
        return self.raw(n, field)

    def lstr(self, field: str = "text", limit: int = 256) -> str:
        data = self.lbytes(field, limit)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise ValueError(f"{self.what}: {field} is not UTF-8 ({exc.reason})") from None

    def rest(self) -> bytes:
        v = self.data[self.pos:]
        self.pos = len(self.data)
        return v

    def end(self) -> None:
        if self.pos != len(self.data):
            raise ValueError(f"{self.what}: {len(self.data) - self.pos} unexpected trailing bytes")
