"""The base of every byte-stream transport (serial, TCP, in-memory): the never-raising,
never-blocking surface described in `transport.py`, re-open with back-off, the outbound queue and
the counters. Subclasses implement `_try_open`, `_raw_read`, `_raw_write`, `_raw_close` and `up`.
Kept apart from `transport.py` (which picks a transport for a port name and so imports the TCP
one) so that every transport imports only this module: no import cycle."""

from __future__ import annotations

import time
from collections.abc import Callable

import serial

from .counters import Counters

DEFAULT_BAUD = 115200
REOPEN_INTERVAL = 1.0
MAX_OUTBOUND = 64 * 1024        # bytes queued while the OS refuses them; beyond, the oldest go
# bytes one read() takes, at most: the memory a poll can spend on input, whatever the other end
# sends (a flood stays in the OS's socket or tty buffer, which the OS bounds). An honest unit has
# at most a window of 3 frames (≤ 250 bytes each) and a few acks in flight, so this never slows a
# real link: 4 KiB per UI frame is 120 KB/s at 30 fps, ten times a 115200-baud cable.
READ_BUDGET = 4096


class Transport:
    """Base class: bookkeeping shared by the serial and TCP transports."""

    byte_time = 0.0
    can_drop = False      # a network connection can be closed and the other end may come back

    def __init__(self, name: str, *, now: Callable[[], float] = time.monotonic,
                 counters: Counters | None = None, reopen_interval: float = REOPEN_INTERVAL) -> None:
        self.name = name
        self.now = now
        self.counters = counters if counters is not None else Counters()
        self.reopen_interval = reopen_interval
        self.generation = 0
        # who is at the other end, as far as this transport can tell: the IP address of a TCP
        # peer, else the port's name (the host's wrong-code throttle counts per peer)
        self.peer_address = name
        self.status = f"{name}: not open yet"
        self._out = bytearray()
        self._retry_at = 0.0
        self._closed = False

    # subclasses implement _try_open() -> bool, _raw_read() -> bytes, _raw_write(b) -> int,
    # _raw_close(), and the `up` property; they may raise SerialException/OSError freely.

    @property
    def up(self) -> bool:  # pragma: no cover - overridden
        return False

    def fileno(self) -> int | None:
        return None

    def poll(self) -> None:
        if self._closed or self.up or self.now() < self._retry_at:
            return
        try:
            opened = self._try_open()
        except (serial.SerialException, OSError, ValueError) as exc:
            self._failed(f"cannot open {self.name}: {exc}")
            return
        if opened:
            if self.generation:
                self.counters.reopens += 1
            self.generation += 1
            self.status = f"{self.name}: open"
            self._out = bytearray(b"\x00")      # flush the peer's decoder of any half frame
            self._flush()

    def read(self) -> bytes:
        if not self.up:
            return b""
        try:
            data = self._raw_read(READ_BUDGET)
        except (serial.SerialException, OSError) as exc:
            self._failed(f"{self.name} lost: {exc}")
            return b""
        if data:
            self.counters.bytes_received += len(data)
        return data

    def drop(self, why: str) -> None:
        """Close the current connection for `why` (a network peer sending junk); the transport
        then waits for (host) or makes (guest) the next connection. Nothing to do on a cable."""
        if self.can_drop and self.up:
            self.counters.dropped_connections += 1
            self._failed(why)

    def write(self, data: bytes) -> bool:
        if not self.up:
            return False
        self._out += data
        if len(self._out) > MAX_OUTBOUND:
            del self._out[:len(self._out) - MAX_OUTBOUND]
        return self._flush()

    def flush(self) -> bool:
        return self._flush() if self.up else False

    @property
    def outbound_pending(self) -> int:
        return len(self._out)

    def _flush(self) -> bool:
        while self._out:
            try:
                n = self._raw_write(bytes(self._out))
            except (serial.SerialException, OSError) as exc:
                self._failed(f"{self.name} lost: {exc}")
                return False
            if not n:
                break
            self.counters.bytes_sent += n
            del self._out[:n]
        return True

    def _failed(self, why: str) -> None:
        self.counters.transport_errors += 1
        self.status = f"{why} — retrying every {self.reopen_interval:g} s"
        self._out.clear()
        try:
            self._raw_close()
        except Exception:   # noqa: BLE001 - closing a dead port may fail in any way; it is gone anyway
            pass
        self._retry_at = self.now() + self.reopen_interval

    def close(self) -> None:
        self._closed = True
        try:
            self._raw_close()
        except Exception:   # noqa: BLE001
            pass
        self.status = f"{self.name}: closed"

    def _try_open(self) -> bool:  # pragma: no cover - overridden
        raise NotImplementedError

    def _raw_read(self, limit: int) -> bytes:  # pragma: no cover - overridden
        """At most `limit` bytes that have arrived (b"" when none); never blocks."""
        raise NotImplementedError

    def _raw_write(self, data: bytes) -> int:  # pragma: no cover - overridden
        raise NotImplementedError

    def _raw_close(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name} {'up' if self.up else 'down'}>"
