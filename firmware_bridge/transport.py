"""Byte-stream transports: a serial port through pyserial, and `open_transport()` for any port name.

Every transport has the same small, never-raising, never-blocking surface:

    t.poll()          re-open after an error when the retry time has come
    t.read() -> bytes whatever arrived (b"" if nothing or if the port is down)
    t.write(data)     queue bytes and push as many as the OS takes now; False when down
    t.up              the port is open and usable
    t.status          a line for the screen ("/dev/ttyUSB0 gone: … — retrying")
    t.byte_time       seconds one byte takes on the line (10/baud for a UART, 0 for a socket)
    t.generation      bumps on every (re)open: the decoder above drops any half frame
    t.fileno()        something `select()` can wait on, or None
    t.close()

A pulled USB adapter shows up as `SerialException`/`OSError` in read or write: the transport
closes the port, reports down, and tries to open the same path again every `reopen_interval`
seconds (use `/dev/serial/by-id/...` paths, which `hw.ports` prefers, so a replugged adapter
that comes back as ttyUSB1 is still found). On every (re)open it sends one 0x00 so the other
side's frame decoder drops whatever half frame the cut left behind.

Port names (`open_transport`):
    /dev/serial0, /dev/ttyUSB0, COM3 ...   a serial device, `baud` applies (default 115200)
    socket://HOST:PORT, loop://, spy://…   any pyserial URL
    tcp://HOST:PORT                        connect to a unit listening on the LAN
    tcp://:PORT, tcp://0.0.0.0:PORT        listen (the host); see transport_tcp.py
"""

from __future__ import annotations

import select
import time
from collections.abc import Callable

import serial

from .counters import Counters
from .transport_base import DEFAULT_BAUD, MAX_OUTBOUND, REOPEN_INTERVAL, Transport

__all__ = ["DEFAULT_BAUD", "MAX_OUTBOUND", "REOPEN_INTERVAL", "SerialTransport", "Transport", "open_transport",
           "parse_tcp"]

class SerialTransport(Transport):
    """A serial device or pyserial URL, opened with `serial.serial_for_url`, never blocking."""

    def __init__(self, url: str, baud: int = DEFAULT_BAUD, *, now: Callable[[], float] = time.monotonic,
                 counters: Counters | None = None, reopen_interval: float = REOPEN_INTERVAL,
                 opener: Callable[..., serial.SerialBase] = serial.serial_for_url) -> None:
        super().__init__(url, now=now, counters=counters, reopen_interval=reopen_interval)
        if int(baud) <= 0:
            raise ValueError(f"baud rate must be positive, got {baud}")
        self.url = url
        self.baud = int(baud)
        self._opener = opener
        self._ser: serial.SerialBase | None = None
        scheme = url.split("://", 1)[0].lower() if "://" in url else ""
        self._is_url = bool(scheme)
        # a UART moves 10 bits per byte (8N1); sockets and the loopback are as fast as memory
        self.byte_time = 0.0 if scheme in ("socket", "loop", "rfc2217") else 10.0 / self.baud
        self._write_timeout = None if scheme == "loop" else 0
        self.poll()

    @property
    def up(self) -> bool:
        return self._ser is not None and self._ser.is_open

    def fileno(self) -> int | None:
        if self._ser is None:
            return None
        try:
            return self._ser.fileno()
        except Exception:   # noqa: BLE001 - url handlers without a descriptor
            return None

    def _try_open(self) -> bool:
        self._ser = self._opener(self.url, baudrate=self.baud, timeout=0,
                                 write_timeout=self._write_timeout)
        return self._ser.is_open

    def _raw_read(self, limit: int) -> bytes:
        assert self._ser is not None
        return bytes(self._ser.read(limit))

    def _raw_write(self, data: bytes) -> int:
        assert self._ser is not None
        fd = self.fileno()
        if fd is not None:
            _, writable, _ = select.select([], [fd], [], 0)
            if not writable:
                return 0
        n = self._ser.write(data)
        return len(data) if n is None else int(n)

    def _raw_close(self) -> None:
        ser, self._ser = self._ser, None
        if ser is not None:
            ser.close()


def parse_tcp(port: str) -> tuple[str, int, bool]:
    """`tcp://HOST:PORT` → (host, port, listen). An empty host, 0.0.0.0, :: or * means listen."""
    rest = port[len("tcp://"):]
    host, sep, num = rest.rpartition(":")
    if not sep or not num.isdigit() or not 0 < int(num) < 65536:
        raise ValueError(f"{port!r}: expected tcp://HOST:PORT or tcp://:PORT to listen")
    host = host.strip("[]")
    listen = host in ("", "0.0.0.0", "::", "*")
    return ("" if host == "*" else host), int(num), listen


NETWORK_SCHEMES = ("tcp://", "socket://", "rfc2217://")


def is_network_port(port: str) -> bool:
    """True for ports anyone on the network can reach (they need pairing: pairing.py)."""
    low = port.strip().lower()
    while low.startswith("spy://"):
        low = low[len("spy://"):]
    return low.startswith(NETWORK_SCHEMES)


def open_transport(port: str, baud: int = DEFAULT_BAUD, *, now: Callable[[], float] = time.monotonic,
                   counters: Counters | None = None, reopen_interval: float = REOPEN_INTERVAL) -> Transport:
    """A transport for a port name as typed in `--port` or picked in the link menu.

    Raises ValueError only for a name that can never work (bad tcp:// syntax, bad baud); a
    device that is missing right now is *not* an error: the transport reports down and retries.
    """
    if not port:
        raise ValueError("no port given")
    if port.lower().startswith("tcp://"):
        from .transport_tcp import TcpConnector, TcpListener
        host, num, listen = parse_tcp(port)
        cls = TcpListener if listen else TcpConnector
        return cls(host, num, now=now, counters=counters, reopen_interval=reopen_interval)
    return SerialTransport(port, baud, now=now, counters=counters, reopen_interval=reopen_interval)
