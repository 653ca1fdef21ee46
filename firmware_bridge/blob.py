"""Compressed, chunked transfer of a byte blob (ruleset/map content, game snapshots).

Sender: `blob_messages()` compresses (the smallest of raw / raw-deflate / raw-LZMA2) and cuts the
result into session messages that fit one frame each:

    BLOB_BEGIN  purpose:u8 method:u8 raw_len:uvarint comp_len:uvarint crc32(raw):u32 meta:lbytes first-bytes…
    BLOB_DATA   next-bytes…                       (as many as needed; the link keeps them in order)

A blob that compresses small travels in the BEGIN message alone. Receiver: `BlobReceiver` puts
the pieces back, reports progress, decompresses with a hard size limit (no zip bombs), checks
length and CRC-32, and raises ValueError — never anything else — when something is wrong.
"""

from __future__ import annotations

import lzma
import zlib
from dataclasses import dataclass

from .wire import Reader, lbytes, uvarint

MSG_BLOB_BEGIN = 0x10
MSG_BLOB_DATA = 0x11

PURPOSE_CONTENT = 1
PURPOSE_SNAPSHOT = 2

METHOD_RAW = 0
METHOD_DEFLATE = 1
METHOD_LZMA = 2
METHOD_NAMES = {METHOD_RAW: "raw", METHOD_DEFLATE: "deflate", METHOD_LZMA: "lzma"}

MAX_BLOB = 16 * 1024 * 1024
# Blobs travel in short frames: on a noisy cable the chance a frame survives falls with its length
# (1 % byte errors: 250-byte frames get through 8 % of the time, 64-byte ones 52 %), and a lost
# short frame costs little to resend. Turns are tiny anyway; only blobs need cutting.
BLOB_CHUNK = 64
_LZMA_FILTERS = [{"id": lzma.FILTER_LZMA2, "preset": 9}]


def compress(data: bytes, methods: tuple[int, ...] = (METHOD_RAW, METHOD_DEFLATE, METHOD_LZMA)
             ) -> tuple[int, bytes]:
    """(method, compressed) with the fewest bytes among `methods`."""
    best = None
    for m in methods:
        if m == METHOD_RAW:
            c = bytes(data)
        elif m == METHOD_DEFLATE:
            co = zlib.compressobj(9, zlib.DEFLATED, -15, 9)
            c = co.compress(data) + co.flush()
        elif m == METHOD_LZMA:
            c = lzma.compress(data, format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS)
        else:
            raise ValueError(f"unknown compression method {m}")
        if best is None or len(c) < len(best[1]):
            best = (m, c)
    assert best is not None
    return best


def decompress(method: int, comp: bytes, raw_len: int) -> bytes:
    """Inverse of `compress`; refuses to produce more than `raw_len` bytes."""
    try:
        if method == METHOD_RAW:
            out = bytes(comp)
        elif method == METHOD_DEFLATE:
            d = zlib.decompressobj(-15)
            out = d.decompress(comp, raw_len + 1)
            if not d.eof or d.unconsumed_tail or d.unused_data:
                raise ValueError("deflate stream incomplete or with trailing data")
        elif method == METHOD_LZMA:
            d = lzma.LZMADecompressor(format=lzma.FORMAT_RAW, filters=_LZMA_FILTERS)
            out = d.decompress(comp, raw_len + 1)
        else:
            raise ValueError(f"unknown compression method {method}")
    except (zlib.error, lzma.LZMAError, EOFError) as exc:
        raise ValueError(f"{METHOD_NAMES.get(method, method)} data is corrupt: {exc}") from None
    if len(out) != raw_len:
        raise ValueError(f"blob decompressed to {len(out)} bytes, header says {raw_len}")
    return out


def blob_messages(purpose: int, meta: bytes, data: bytes, max_payload: int,
                  methods: tuple[int, ...] = (METHOD_RAW, METHOD_DEFLATE, METHOD_LZMA)) -> list[bytes]:
    if len(data) > MAX_BLOB:
        raise ValueError(f"blob of {len(data)} bytes exceeds the maximum {MAX_BLOB}")
    method, comp = compress(data, methods)
    head = (bytes([MSG_BLOB_BEGIN, purpose, method]) + uvarint(len(data)) + uvarint(len(comp))
            + zlib.crc32(data).to_bytes(4, "big") + lbytes(meta))
    room = max_payload - len(head)
    if room < 0:
        raise ValueError(f"blob meta of {len(meta)} bytes does not fit one frame")
    msgs = [head + comp[:room]]
    step = max_payload - 1
    for i in range(room, len(comp), step):
        msgs.append(bytes([MSG_BLOB_DATA]) + comp[i:i + step])
    return msgs


@dataclass
class Blob:
    purpose: int
    meta: bytes
    data: bytes
    method: int
    wire_size: int          # compressed bytes carried


class BlobReceiver:
    """Reassembles one blob at a time from BLOB_BEGIN/BLOB_DATA payloads."""

    def __init__(self, max_size: int = MAX_BLOB) -> None:
        self.max_size = max_size
        self.active = False
        self.purpose = 0
        self.meta = b""
        self.total = 0           # compressed bytes expected
        self._buf = bytearray()
        self._method = self._raw_len = self._crc = 0

    @property
    def received(self) -> int:
        return len(self._buf)

    def begin(self, payload: bytes) -> Blob | None:
        """Handle a BLOB_BEGIN payload (type byte included). Returns the blob when already complete."""
        r = Reader(payload, "blob header")
        if r.u8("type") != MSG_BLOB_BEGIN:
            raise ValueError("blob header: wrong message type")
        self.active = False
        purpose, method = r.u8("purpose"), r.u8("method")
        if method not in METHOD_NAMES:
            raise ValueError(f"blob header: unknown compression method {method}")
        raw_len = r.uvarint("raw length", 32)
        comp_len = r.uvarint("compressed length", 32)
        if raw_len > self.max_size or comp_len > self.max_size:
            raise ValueError(f"blob of {raw_len} bytes exceeds the limit {self.max_size}")
        crc = r.u32("crc32")
        meta = r.lbytes("meta", 4096)
        first = r.rest()
        if len(first) > comp_len:
            raise ValueError("blob header: more data than announced")
        self.purpose, self.meta, self.total = purpose, meta, comp_len
        self._method, self._raw_len, self._crc = method, raw_len, crc
        self._buf = bytearray(first)
        self.active = True
        return self._finish_if_done()

    def data(self, payload: bytes) -> Blob | None:
        """Handle a BLOB_DATA payload (type byte included)."""
        if not self.active:
            raise ValueError("blob data without a blob header")
        chunk = payload[1:]
        if len(self._buf) + len(chunk) > self.total:
            self.active = False
            raise ValueError("blob data beyond the announced length")
        self._buf += chunk
        return self._finish_if_done()

    def _finish_if_done(self) -> Blob | None:
        if len(self._buf) < self.total:
            return None
        self.active = False
        comp = bytes(self._buf)
        self._buf = bytearray()
        data = decompress(self._method, comp, self._raw_len)
        if zlib.crc32(data) != self._crc:
            raise ValueError("blob CRC-32 mismatch")
        return Blob(self.purpose, self.meta, data, self._method, len(comp))
