"""A TCP host that keeps several units at once (the LAN lobby, issue 22).

`TcpListener` (transport_tcp.py) serves one unit: a newer connection replaces the older one. A
lobby needs one link per guest, so `TcpAcceptor` hands out every accepted connection as its own
`TcpAccepted` transport; the lobby builds a `ReliableLink` and a `Session` on each.

    acceptor = TcpAcceptor("", 7777)
    for transport in acceptor.accept():      # every poll; never blocks, at most ACCEPTS_A_POLL
        lobby.add(ReliableLink(transport))

A `TcpAccepted` connection that breaks stays down (no re-open: the unit comes back on a new
connection, which the lobby pairs again and recognises). The acceptor itself is bounded: at most
`ACCEPTS_A_POLL` new connections per poll; the lobby bounds how many it keeps (`MAX_UNPAIRED`).
"""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

from .counters import Counters
from .transport_tcp import _SOFT, _TcpStream, _tune

ACCEPTS_A_POLL = 4          # connections taken per poll (a connect flood waits in the OS backlog)
BACKLOG = 8


class TcpAccepted(_TcpStream):
    """One accepted connection. Down for good once it breaks or is dropped."""

    def __init__(self, sock: socket.socket, peer: str, *, now: Callable[[], float] = time.monotonic,
                 counters: Counters | None = None) -> None:
        super().__init__(f"tcp peer {peer}", now=now, counters=counters)
        self._sock, self._connected = sock, True
        self.peer_address = peer
        self.generation = 1
        self.status = f"connected to {peer}"
        self._out = bytearray(b"\x00")
        self._flush()

    def poll(self) -> None:
        if self.up and self._out:
            self._flush()

    def _try_open(self) -> bool:
        return False            # a broken connection is not re-opened: the unit connects again


class TcpAcceptor:
    """Listens on [HOST]:PORT; `accept()` returns the connections that arrived since."""

    def __init__(self, host: str, port: int, *, now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        ls = socket.socket(family, socket.SOCK_STREAM)
        try:
            ls.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            ls.bind((host, port))
            ls.listen(BACKLOG)
            ls.setblocking(False)
        except OSError:
            ls.close()
            raise
        self._sock: socket.socket | None = ls
        self.port = ls.getsockname()[1]
        self.name = f"tcp://{host or '0.0.0.0'}:{self.port}"
        self.accepted = 0

    def fileno(self) -> int | None:
        return self._sock.fileno() if self._sock is not None else None

    def accept(self) -> list[TcpAccepted]:
        out: list[TcpAccepted] = []
        while self._sock is not None and len(out) < ACCEPTS_A_POLL:
            try:
                conn, peer = self._sock.accept()
            except OSError as exc:
                if exc.errno not in _SOFT:
                    pass            # e.g. EMFILE: try again next poll
                break
            _tune(conn)
            self.accepted += 1
            out.append(TcpAccepted(conn, str(peer[0]), now=self.now, counters=Counters()))
        return out

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
