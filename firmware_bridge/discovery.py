"""Finding games on the LAN without typing addresses (issue 22 item 1): a bounded UDP broadcast.

A hosting unit's lobby announces itself once a second; a joining unit's Link menu listens and
lists what it hears. No library: one small datagram of our own (zeroconf would bring multicast,
a resolver thread and an mDNS parser to harden; a lobby needs none of it).

    ann = Announcer(lambda: Announcement(...), to="255.255.255.255")   # the host, polled each frame
    finder = Finder()                                                   # the joining unit
    finder.poll(); finder.games()                                       # [Found(address, port, ...)]

Datagram (version 1, at most MAX_DATAGRAM = 200 bytes; multi-byte numbers big-endian):

    "TBXL" version:u8 lobby:4 port:u16 free:u8 seats:u8 flags:u8
    name:lstr mode:lstr map:lstr app_version:lstr          lstr = len:u8 (<= 32) + UTF-8

`lobby` is random per lobby (two lobbies on one unit are two games), `free` the seats a joining
unit can still take, `flags` bit 0: the battle is on (a unit joining now watches). The game's
address is the datagram's source address; only the TCP port is announced.

Bounds and hostile announcements: the finder never blocks (a non-blocking socket), reads at most
`READS_A_POLL` datagrams per poll and `MAX_DATAGRAM + 1` bytes of each (a longer one is counted
and ignored), keeps at most `MAX_GAMES` games (the least recently heard goes) and forgets a game
not heard for `FORGET_AFTER` seconds. Anything malformed (wrong magic or version, a port 0,
free > seats, seats not 2..4, a string too long or not UTF-8, a byte left over) is counted in
`malformed` and changes nothing; text is shown with control and bidi characters replaced.

Tests announce to 127.0.0.1 / 127.255.255.255 only (RULES: network tests stay on loopback).
"""

from __future__ import annotations

import os
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass

from .messages import shown

MAGIC = b"TBXL"
VERSION = 1
DISCOVERY_PORT = 47474
MAX_DATAGRAM = 200
MAX_TEXT = 32
MAX_GAMES = 16
READS_A_POLL = 32
FORGET_AFTER = 5.0
INTERVAL = 1.0
FLAG_PLAYING = 1


@dataclass(frozen=True)
class Announcement:
    port: int
    free: int
    seats: int
    name: str = ""
    mode: str = ""
    map: str = ""
    app_version: str = ""
    playing: bool = False
    lobby: bytes = b"\0\0\0\0"

    def encode(self) -> bytes:
        out = bytearray(MAGIC + bytes([VERSION]) + self.lobby[:4].ljust(4, b"\0"))
        out += self.port.to_bytes(2, "big") + bytes([self.free, self.seats, FLAG_PLAYING if self.playing else 0])
        for text in (self.name, self.mode, self.map, self.app_version):
            b = text.encode("utf-8")[:MAX_TEXT]
            b = b.decode("utf-8", "ignore").encode("utf-8")        # never cut inside a character
            out += bytes([len(b)]) + b
        return bytes(out)

    @classmethod
    def decode(cls, data: bytes) -> Announcement:
        """ValueError for anything but a well-formed announcement."""
        if len(data) > MAX_DATAGRAM:
            raise ValueError(f"announcement of {len(data)} bytes, at most {MAX_DATAGRAM}")
        if len(data) < 14 or data[:4] != MAGIC:
            raise ValueError("not a Tactibox announcement")
        if data[4] != VERSION:
            raise ValueError(f"announcement version {data[4]}, this unit reads {VERSION}")
        lobby, port, free, seats, flags = data[5:9], int.from_bytes(data[9:11], "big"), data[11], data[12], data[13]
        if port == 0 or not 2 <= seats <= 4 or free > seats or flags & ~FLAG_PLAYING:
            raise ValueError("announcement: bad port, seats or flags")
        pos, texts = 14, []
        for _ in range(4):
            if pos >= len(data):
                raise ValueError("announcement: cut short")
            n = data[pos]
            if n > MAX_TEXT or pos + 1 + n > len(data):
                raise ValueError("announcement: text too long or cut short")
            try:
                texts.append(shown(data[pos + 1:pos + 1 + n].decode("utf-8")))
            except UnicodeDecodeError:
                raise ValueError("announcement: text is not UTF-8") from None
            pos += 1 + n
        if pos != len(data):
            raise ValueError(f"announcement: {len(data) - pos} stray bytes")
        return cls(port, free, seats, *texts, playing=bool(flags & FLAG_PLAYING), lobby=bytes(lobby))


@dataclass(frozen=True)
class Found:
    address: str
    heard: float
    ann: Announcement

    @property
    def url(self) -> str:
        host = f"[{self.address}]" if ":" in self.address else self.address
        return f"tcp://{host}:{self.ann.port}"

    def label(self) -> str:
        a = self.ann
        what = "watch" if a.playing or not a.free else f"{a.free} of {a.seats} seats free"
        return f"{a.name or self.address} · {a.map or a.mode} · {what} · v{a.app_version}"


class Announcer:
    """The host: one announcement every `interval` seconds to `to` (a broadcast address on the
    LAN; 127.255.255.255 or 127.0.0.1 in tests). Never raises: a send error is counted."""

    def __init__(self, what: Callable[[], Announcement], *, to: str = "255.255.255.255",
                 port: int = DISCOVERY_PORT, interval: float = INTERVAL,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.what = what
        self.to = (to, port)
        self.interval = interval
        self.now = now
        self.lobby = os.urandom(4)
        self.sent = self.errors = 0
        self._next = 0.0
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
        self._sock.setblocking(False)

    def poll(self) -> None:
        t = self.now()
        if self._sock is None or t < self._next:
            return
        self._next = t + self.interval
        ann = self.what()
        data = Announcement(**{**ann.__dict__, "lobby": self.lobby}).encode()
        try:
            self._sock.sendto(data, self.to)
            self.sent += 1
        except OSError:
            self.errors += 1

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


class Finder:
    """The joining unit: listens on `port` (all interfaces by default) and keeps what it hears."""

    def __init__(self, *, port: int = DISCOVERY_PORT, bind: str = "",
                 now: Callable[[], float] = time.monotonic) -> None:
        self.now = now
        self.malformed = self.heard = 0
        self._games: dict[tuple, Found] = {}
        s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):
                s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)   # several finders on one unit
            s.bind((bind, port))
            s.setblocking(False)
        except OSError:
            s.close()
            raise
        self._sock: socket.socket | None = s

    def fileno(self) -> int | None:
        return self._sock.fileno() if self._sock is not None else None

    def poll(self) -> None:
        for _ in range(READS_A_POLL):
            if self._sock is None:
                return
            try:
                data, addr = self._sock.recvfrom(MAX_DATAGRAM + 1)
            except OSError:
                break                    # nothing waiting (EAGAIN) or an ICMP error: try next poll
            try:
                ann = Announcement.decode(data)
            except ValueError:
                self.malformed += 1
                continue
            self.heard += 1
            key = (addr[0], ann.port, ann.lobby)
            self._games[key] = Found(addr[0], self.now(), ann)
            if len(self._games) > MAX_GAMES:
                oldest = min(self._games, key=lambda k: self._games[k].heard)
                del self._games[oldest]
        t = self.now()
        for k in [k for k, f in self._games.items() if t - f.heard > FORGET_AFTER]:
            del self._games[k]

    def games(self) -> list[Found]:
        """Games heard lately: those with free seats first, then by name."""
        return sorted(self._games.values(), key=lambda f: (f.ann.playing or not f.ann.free, f.ann.name, f.url))

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None
