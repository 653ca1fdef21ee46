"""Frames on a byte stream: COBS/R stuffing, a CRC-16 per frame, a 0x00 after each frame.

    frame on the wire = COBS/R( body ‖ CRC-16/GENIBUS(body), big-endian ) ‖ 0x00

`body` is at least one byte (the link header, see `wire.py`) and at most `MAX_BODY` bytes, so
the stuffed frame is at most `MAX_ENCODED` bytes and COBS adds exactly one code byte — which
COBS/R (the "reduced" variant in the same `cobs` package) usually folds into the last data byte,
saving the byte in ~97 % of short frames. A zero byte only ever appears as a delimiter, so a
receiver that joins mid-stream or sees garbage resynchronises at the next 0x00.

CRC choice: CRC-16 with the CCITT polynomial 0x1021 (`binascii.crc_hqx`, init 0xFFFF) and a final
XOR of 0xFFFF (the catalogued CRC-16/GENIBUS) costs 2 bytes instead of CRC-32's 4. With a per-turn
budget of 8 framed bytes, 2 bytes matter. It detects every error of 1–3 bits, every odd number
of bit errors and every burst up to 16 bits in frames of this size; a random corruption slips
through with probability 2^-16. The final XOR is not decoration: without it (CCITT-FALSE),
crc(M ‖ crc_hi) = crc_lo ‖ 0x00, so a frame whose delimiter is garbled into 0x01 (COBS for "one
zero byte") and then ended by the next delimiter passes the check — the fuzz tests found this. The layers above add end-to-end checks where a
miss would hurt: every lockstep turn carries a chained state hash (a slipped corruption becomes
a detected desync and a resync), and every compressed blob carries a CRC-32.

`FrameDecoder.feed()` takes arbitrary chunks (one byte at a time or a whole burst) and returns
the bodies of the good frames. Bad frames are dropped and counted, never returned, never raised.
"""

from __future__ import annotations

from binascii import crc_hqx

from cobs import cobsr

from .counters import Counters

DELIMITER = b"\x00"
CRC_BYTES = 2
MAX_BODY = 247                             # header + payload; body+CRC = 249 < 254: one COBS code byte
MAX_ENCODED = MAX_BODY + CRC_BYTES + 1     # stuffed length without the delimiter (COBS worst case)
OVERHEAD_MAX = CRC_BYTES + 1 + 1           # CRC + COBS code byte + delimiter (COBS/R often saves 1)


class FrameError(ValueError):
    """A body that cannot be framed (empty or longer than MAX_BODY)."""


def crc16(data: bytes) -> int:
    """CRC-16/GENIBUS: poly 0x1021, init 0xFFFF, no reflection, final XOR 0xFFFF."""
    return crc_hqx(data, 0xFFFF) ^ 0xFFFF


def encode_frame(body: bytes) -> bytes:
    """Stuff one frame, delimiter included."""
    if not body:
        raise FrameError("a frame body needs at least the header byte")
    if len(body) > MAX_BODY:
        raise FrameError(f"frame body of {len(body)} bytes exceeds the maximum of {MAX_BODY}")
    raw = bytes(body) + crc16(body).to_bytes(2, "big")
    return cobsr.encode(raw) + DELIMITER


def decode_frame(stuffed: bytes) -> bytes | None:
    """Body of one stuffed frame (no delimiter), or None when it is bad. Never raises."""
    try:
        raw = cobsr.decode(stuffed)
    except (cobsr.DecodeError, TypeError, ValueError):
        return None
    if len(raw) < 1 + CRC_BYTES:
        return None
    body, crc = raw[:-2], raw[-2:]
    if crc16(body) != int.from_bytes(crc, "big"):
        return None
    return body


class FrameDecoder:
    """Incremental decoder: feed it byte chunks, get back the bodies of good frames."""

    def __init__(self, counters: Counters | None = None, max_encoded: int = MAX_ENCODED) -> None:
        self.counters = counters if counters is not None else Counters()
        self.max_encoded = max_encoded
        self._buf = bytearray()
        self._discarding = False     # inside an oversize frame: drop everything up to the next 0x00
        self.junk = 0                # bytes fed since the last frame that passed the CRC

    def reset(self) -> None:
        self._buf.clear()
        self._discarding = False
        self.junk = 0

    @property
    def pending(self) -> int:
        """Bytes buffered of an unfinished frame."""
        return len(self._buf)

    def feed(self, data: bytes) -> list[bytes]:
        out: list[bytes] = []
        if not data:
            return out
        parts = bytes(data).split(DELIMITER)
        last = len(parts) - 1
        for i, part in enumerate(parts):
            complete = i < last
            self.junk += len(part) + complete
            if self._discarding:
                if complete:
                    self._discarding = False
                continue
            if len(self._buf) + len(part) > self.max_encoded:
                self._buf.clear()
                self.counters.oversize_frames += 1
                if not complete:
                    self._discarding = True
                continue
            self._buf += part
            if not complete:
                continue
            stuffed = bytes(self._buf)
            self._buf.clear()
            if not stuffed:
                continue                       # idle/flush delimiter, not an error
            body = self._check(stuffed)
            if body is not None:
                out.append(body)
                self.junk = 0
        return out

    def _check(self, stuffed: bytes) -> bytes | None:
        try:
            raw = cobsr.decode(stuffed)
        except (cobsr.DecodeError, TypeError, ValueError):
            self.counters.malformed_frames += 1
            return None
        if len(raw) < 1 + CRC_BYTES:
            self.counters.malformed_frames += 1
            return None
        body = raw[:-2]
        if crc16(body) != int.from_bytes(raw[-2:], "big"):
            self.counters.crc_errors += 1
            return None
        self.counters.frames_received += 1
        return body
