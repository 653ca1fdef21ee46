"""TCP transports for two units on a LAN (and for tests): the host listens, the guest connects.

Both are non-blocking end to end (a connect in progress never stalls the UI frame) and behave
like a serial port to the layers above: a byte stream that can go down and come back. When the
TCP connection breaks the guest reconnects every `reopen_interval` seconds and the host accepts
the next connection; the reliable link above resumes where it stopped, exactly as after a
pulled cable. A newer connection replaces an older one on the host (the guest noticed the break
first and came back).
"""

from __future__ import annotations

import errno
import socket
import time
from collections.abc import Callable

from .counters import Counters
from .transport_base import REOPEN_INTERVAL, Transport

_SOFT = (errno.EAGAIN, errno.EWOULDBLOCK, errno.EINPROGRESS, errno.EALREADY, errno.EINTR)


def _tune(sock: socket.socket) -> None:
    sock.setblocking(False)
    try:
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    except OSError:
        pass


class _TcpStream(Transport):
    def __init__(self, name: str, **kw) -> None:
        super().__init__(name, **kw)
        self._sock: socket.socket | None = None
        self._connected = False

    @property
    def up(self) -> bool:
        return self._sock is not None and self._connected

    def fileno(self) -> int | None:
        return self._sock.fileno() if self._sock is not None and self._connected else None

    can_drop = True

    def _raw_read(self, limit: int) -> bytes:
        # one recv of at most `limit` bytes: whatever the other end sends, a poll takes no more
        # (issue 21: reading until the socket ran dry let a flood fill the memory)
        assert self._sock is not None
        try:
            data = self._sock.recv(limit)
        except OSError as exc:
            if exc.errno in _SOFT:
                return b""
            raise
        if not data:
            raise ConnectionResetError(errno.ECONNRESET, "connection closed by the other unit")
        return data

    def _raw_write(self, data: bytes) -> int:
        assert self._sock is not None
        try:
            return self._sock.send(data)
        except OSError as exc:
            if exc.errno in _SOFT:
                return 0
            raise

    def _raw_close(self) -> None:
        sock, self._sock, self._connected = self._sock, None, False
        if sock is not None:
            sock.close()


class TcpConnector(_TcpStream):
    """The guest side: connects to HOST:PORT, reconnects after a break."""

    def __init__(self, host: str, port: int, *, now: Callable[[], float] = time.monotonic,
                 counters: Counters | None = None, reopen_interval: float = REOPEN_INTERVAL) -> None:
        super().__init__(f"tcp://{host}:{port}", now=now, counters=counters, reopen_interval=reopen_interval)
        self.address = (host, port)
        self._connecting = False
        self.poll()

    def poll(self) -> None:
        if self._connecting and self._sock is not None:
            err = self._sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if err == 0:
                try:
                    self._sock.getpeername()
                except OSError:
                    if self.now() >= self._retry_at:   # still connecting after the retry interval
                        self._connecting = False
                        self._failed(f"connecting to {self.name} timed out")
                    return
                self._connecting = False
                self._connected = True
                if self.generation:
                    self.counters.reopens += 1
                self.generation += 1
                self.status = f"{self.name}: connected"
                self._out = bytearray(b"\x00")
                self._flush()
            elif err not in _SOFT:
                self._connecting = False
                self._failed(f"cannot connect to {self.name}: {errno.errorcode.get(err, err)}")
            return
        super().poll()

    def _try_open(self) -> bool:
        host, port = self.address
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        family, stype, proto, _, addr = infos[0]
        sock = socket.socket(family, stype, proto)
        _tune(sock)
        rc = sock.connect_ex(addr)
        if rc not in (0,) + _SOFT:
            sock.close()
            raise ConnectionRefusedError(rc, f"connect failed: {errno.errorcode.get(rc, rc)}")
        self._sock = sock
        self._connecting = True
        self._retry_at = self.now() + max(self.reopen_interval, 3.0)
        self.status = f"{self.name}: connecting"
        return False          # completes in poll()


class TcpListener(_TcpStream):
    """The host side: listens on [HOST]:PORT and serves one unit at a time."""

    def __init__(self, host: str, port: int, *, now: Callable[[], float] = time.monotonic,
                 counters: Counters | None = None, reopen_interval: float = REOPEN_INTERVAL) -> None:
        super().__init__(f"tcp://{host or '0.0.0.0'}:{port}", now=now, counters=counters,
                         reopen_interval=reopen_interval)
        self._listener: socket.socket | None = None
        self._bind = (host, port)
        self.port = port
        self._listen()

    def _listen(self) -> None:
        try:
            ls = socket.socket(socket.AF_INET6 if ":" in self._bind[0] else socket.AF_INET, socket.SOCK_STREAM)
            ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            ls.bind(self._bind)
            ls.listen(2)
            ls.setblocking(False)
        except OSError as exc:
            self.counters.transport_errors += 1
            self.status = f"cannot listen on {self.name}: {exc} — retrying"
            self._retry_at = self.now() + self.reopen_interval
            return
        self._listener = ls
        self.port = ls.getsockname()[1]
        self.status = f"listening on port {self.port}, waiting for the other unit"

    def poll(self) -> None:
        if self._closed:
            return
        if self._listener is None:
            if self.now() >= self._retry_at:
                self._listen()
            return
        try:
            conn, peer = self._listener.accept()
        except OSError as exc:
            if exc.errno not in _SOFT:
                self.counters.transport_errors += 1
            return
        _tune(conn)
        if self._sock is not None:
            self._sock.close()
        self._sock, self._connected = conn, True
        self.peer_address = str(peer[0])
        if self.generation:
            self.counters.reopens += 1
        self.generation += 1
        self.status = f"{self.name}: connected to {peer[0]}"
        self._out = bytearray(b"\x00")
        self._flush()

    def _failed(self, why: str) -> None:
        super()._failed(why)
        self._retry_at = self.now()          # accept the next connection at once
        self.status = f"{why} — waiting for the other unit to reconnect"

    def close(self) -> None:
        super().close()
        if self._listener is not None:
            self._listener.close()
            self._listener = None
