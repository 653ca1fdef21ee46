"""An in-process transport pair: two units in one program (benchmarks, tests, a local demo).

`memory_pair()` returns two connected transports. Bytes written on one side appear at the other
side's next `read()`. `wire` is the function that carries them (default: straight across); a test
can put a lossy wire in between, and `cut`/`mend` simulate a pulled cable (bytes vanish while
cut, both transports stay up — exactly what a UART sees when the cable is pulled).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from .counters import Counters
from .transport_base import READ_BUDGET, Transport

MAX_INBOX = 256 * 1024      # bytes an in-memory line holds for its reader; beyond, they are lost


class MemoryTransport(Transport):
    def __init__(self, name: str, *, now: Callable[[], float] = time.monotonic,
                 counters: Counters | None = None, byte_time: float = 0.0) -> None:
        super().__init__(name, now=now, counters=counters)
        self.peer: MemoryTransport | None = None
        self.inbox = bytearray()
        self.lock = threading.Lock()       # the two units may be polled from different threads
        self.cut = False
        self.byte_time = byte_time
        self.wire: Callable[[bytes], None] = self._straight
        self._is_up = True
        self.generation = 1
        self.status = f"{name}: open"

    @property
    def up(self) -> bool:
        return self._is_up

    def set_up(self, up: bool) -> None:
        """Simulate the port itself vanishing (USB adapter pulled) and coming back."""
        if up and not self._is_up:
            self.generation += 1
            self._out = bytearray(b"\x00")
        self._is_up = up
        self.status = f"{self.name}: {'open' if up else 'gone'}"

    def poll(self) -> None:
        if self._out and self.up:
            self._flush()

    def _raw_read(self, limit: int = READ_BUDGET) -> bytes:
        with self.lock:
            data = bytes(self.inbox[:limit])
            del self.inbox[:limit]
        return data

    def _raw_write(self, data: bytes) -> int:
        if not self.cut:
            self.wire(data)
        return len(data)

    def _raw_close(self) -> None:
        self._is_up = False

    def _straight(self, data: bytes) -> None:
        if self.peer is not None:
            self.peer.deliver(data)

    def deliver(self, data: bytes) -> None:
        """Bytes arriving on this side (like a UART's FIFO: what does not fit is lost, counted)."""
        with self.lock:
            room = MAX_INBOX - len(self.inbox)
            if len(data) > room:
                self.counters.overruns += len(data) - max(room, 0)
                data = data[:max(room, 0)]
            self.inbox += data


def memory_pair(*, now: Callable[[], float] = time.monotonic, counters_a: Counters | None = None,
                counters_b: Counters | None = None, byte_time: float = 0.0
                ) -> tuple[MemoryTransport, MemoryTransport]:
    a = MemoryTransport("mem:a", now=now, counters=counters_a, byte_time=byte_time)
    b = MemoryTransport("mem:b", now=now, counters=counters_b, byte_time=byte_time)
    a.peer, b.peer = b, a
    return a, b
