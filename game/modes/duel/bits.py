"""Bit-level packing for the duel's wire formats (LSB first, zero padding checked on read)."""

from __future__ import annotations


class BitWriter:
    def __init__(self):
        self.acc = 0
        self.pos = 0

    def write(self, value: int, nbits: int) -> None:
        if nbits < 0 or value < 0 or value >> nbits:
            raise ValueError(f"value {value} does not fit in {nbits} bits")
        self.acc |= value << self.pos
        self.pos += nbits

    def write_count(self, n: int) -> None:
        """Elias-gamma code of n + 1 (small counts cost few bits)."""
        v = n + 1
        k = v.bit_length() - 1
        self.write(0, k)
        self.write(1, 1)
        self.write(v & ((1 << k) - 1), k)

    def to_bytes(self) -> bytes:
        return self.acc.to_bytes((self.pos + 7) // 8, "little")


class BitReader:
    """Reads what BitWriter wrote; every problem is a ValueError naming `what` and the field."""

    def __init__(self, data: bytes, what: str):
        if not isinstance(data, (bytes, bytearray)):
            raise ValueError(f"{what}: expected bytes, got {type(data).__name__}")
        self.what = what
        self.acc = int.from_bytes(data, "little")
        self.size = len(data) * 8
        self.pos = 0

    def read(self, nbits: int, field: str) -> int:
        if self.pos + nbits > self.size:
            raise ValueError(f"{self.what}: truncated while reading {field}")
        v = (self.acc >> self.pos) & ((1 << nbits) - 1)
        self.pos += nbits
        return v

    def read_count(self, field: str, limit: int) -> int:
        k = 0
        while self.read(1, field) == 0:
            k += 1
            if k > 24:
                raise ValueError(f"{self.what}: {field} is not a valid count")
        v = (1 << k | self.read(k, field)) - 1
        if v > limit:
            raise ValueError(f"{self.what}: {field} is {v}, more than {limit}")
        return v

    def finish(self) -> None:
        """The rest must be zero padding within the last byte."""
        if self.size - self.pos >= 8:
            raise ValueError(f"{self.what}: {(self.size - self.pos) // 8} unexpected trailing byte(s)")
        if self.acc >> self.pos:
            raise ValueError(f"{self.what}: padding bits are not zero")
