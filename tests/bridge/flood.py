"""Test kit for floods (issue 21 item 2): frames that pass the CRC but mean nothing, memory
figures of this process, and a transport on a pty's master end that can slip a flood in
between the frames its own unit writes.

    python tests/bridge/flood.py PORT BYTES    # connect to 127.0.0.1:PORT, send BYTES of frames,
                                               # print how many were sent
"""

from __future__ import annotations

import errno
import os
import socket
import sys

from firmware_bridge.framing import MAX_BODY, encode_frame
from firmware_bridge.transport_mem import MemoryTransport
from firmware_bridge.wire import KIND_CONTROL, pack_header

RESERVED_CONTROL = 7          # a control type no unit sends: counted malformed, otherwise ignored


def reserved_frames(size: int = 64 * 1024) -> bytes:
    """About `size` bytes of whole, CRC-valid, maximum-length frames of a reserved control type:
    the costliest valid input per byte that passes the junk check (every one is decoded)."""
    frame = encode_frame(bytes([pack_header(KIND_CONTROL, RESERVED_CONTROL, 0)]) + bytes(range(1, MAX_BODY)))
    return frame * max(1, size // len(frame))


def vm_kb(field: str = "VmRSS") -> int:
    with open(f"/proc/{os.getpid()}/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    raise AssertionError(f"no {field} in /proc/self/status")


class FloodingMasterEnd(MemoryTransport):
    """A unit's transport on the master end of a pty. `inject(chunk)` writes flood bytes between
    this unit's own frames (never inside one): a frame waits while flood bytes are unwritten."""

    def __init__(self, fd: int, **kw) -> None:
        super().__init__("pty-master", **kw)
        self.fd = fd
        self.flood = b""
        self.flood_written = 0

    def inject(self, chunk: bytes) -> None:
        if not self.flood:
            self.flood = chunk
        self._push_flood()

    def _push_flood(self) -> bool:
        while self.flood:
            try:
                n = os.write(self.fd, self.flood)
            except BlockingIOError:
                return False
            self.flood_written += n
            self.flood = self.flood[n:]
        return True

    def _raw_read(self, limit: int) -> bytes:
        try:
            return os.read(self.fd, limit)
        except (BlockingIOError, OSError):
            return b""

    def _raw_write(self, data: bytes) -> int:
        if not self._push_flood():
            return 0
        try:
            return os.write(self.fd, data)
        except BlockingIOError:
            return 0
        except OSError as exc:
            if exc.errno == errno.EAGAIN:
                return 0
            raise


def main(argv: list[str]) -> int:
    port, total = int(argv[0]), int(argv[1])
    chunk = reserved_frames()
    sent = 0
    with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
        try:
            while sent < total:
                sock.sendall(chunk)
                sent += len(chunk)
            # end cleanly: closing with the host's bytes unread would reset the connection and
            # the host's kernel would drop what the host has not read yet
            sock.shutdown(socket.SHUT_WR)
            while sock.recv(65536):
                pass
        except OSError:
            pass
    print(sent, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
