"""GDL games over the link cable: the lockstep adapter and the module's wire form (pure; the
link hook in `game.modes.gdl.link_hook` sends it and installs it).

The host plays the module's first side, the guest every other side. Actions cross as LEB128
varints of their small ints; a snapshot is the game's canonical snapshot. A module travels as
zlib of canonical JSON [[file name, text], ...] (at most 1 MiB packed, 4 MiB unpacked, 48 files,
plain `.g` names).
"""

from __future__ import annotations

import zlib
from pathlib import Path

from game.core.canon import canonical_bytes
from game.core.replayfile import loads_bounded
from game.modes.base import ActionError
from game.modes.lockstep_game import AdapterBase

MAX_PACK = 1024 * 1024          # compressed bytes of a module on the wire
MAX_UNPACKED = 4 * 1024 * 1024  # all its files together
MAX_FILES = 48
MAX_NAME = 128                  # characters of a file name (a longer one is no file on most disks)


def module_files(m, folder: Path) -> list[list[str]]:
    return [[name, (folder / name).read_bytes().decode("utf-8", "replace")] for name in m.files]


def pack_module(m, folder: Path) -> bytes:
    return zlib.compress(canonical_bytes(module_files(m, folder)), 9)


def unpack_module(blob: bytes) -> list[tuple[str, str]]:
    """The files of a packed module; ValueError for anything malformed or over a limit."""
    if len(blob) > MAX_PACK:
        raise ValueError("module pack larger than 1 MiB")
    d = zlib.decompressobj()
    try:
        raw = d.decompress(bytes(blob), MAX_UNPACKED + 1)
    except zlib.error as exc:
        raise ValueError(f"module pack: {exc}") from None
    if len(raw) > MAX_UNPACKED or d.unconsumed_tail:
        raise ValueError("module pack unpacks to more than 4 MiB")
    try:
        data = loads_bounded(raw.decode("ascii"), "module pack", max_depth=4)
    except (UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"module pack: {exc}") from None
    if not isinstance(data, list) or not 1 <= len(data) <= MAX_FILES:
        raise ValueError("module pack: expected 1..48 files")
    out = []
    for item in data:
        if (not isinstance(item, list) or len(item) != 2 or not all(isinstance(v, str) for v in item)
                or not item[0].endswith(".g") or len(item[0]) > MAX_NAME or "/" in item[0] or "\\" in item[0] or item[0].startswith(".")):
            raise ValueError("module pack: a file entry is malformed")
        out.append((item[0], item[1]))
    return out


def encode_varints(values) -> bytes:
    out = bytearray()
    for v in values:
        while True:
            b = v & 0x7F
            v >>= 7
            out.append(b | (0x80 if v else 0))
            if not v:
                break
    return bytes(out)


def decode_varints(data: bytes) -> list[int]:
    vals, cur, shift = [], 0, 0
    for b in bytes(data):
        cur |= (b & 0x7F) << shift
        shift += 7
        if shift > 28:
            raise ValueError("action: number too large")
        if not b & 0x80:
            vals.append(cur)
            cur, shift = 0, 0
    if shift or not vals or len(vals) > 4:
        raise ValueError("action: malformed")
    return vals


class GdlOverLink(AdapterBase):
    link_mode = "gdl"

    """`LockstepGame` adapter. `chooser(game)` gives a local person's action (None = undecided);
    without it the local sides are played by the table bot."""

    def __init__(self, world, seed: int, local_host: bool, chooser=None, on_events=None) -> None:
        from game.modes.gdl.game import GdlGame
        from game.modes.gdl.match import BotSeat
        self.world = world
        self.game = GdlGame(world, seed)
        self.local_host = local_host
        self.bot = BotSeat()
        self.chooser, self.on_events = chooser, on_events

    def local_sides(self) -> list[int]:
        s = self.game.sides
        return s[:1] if self.local_host else s[1:]

    def whose_turn_is_local(self) -> bool:
        return not self.game.over and self.game.side in self.local_sides()

    def next_local_action(self):
        if self.chooser is not None:
            return self.chooser(self.game)
        return self.bot.choose(self.game)

    def encode_action(self, a) -> bytes:
        return encode_varints(self.game.encode_action(a))

    def decode_action(self, data: bytes):
        return self.game.decode_action(decode_varints(data))

    def is_legal(self, a) -> bool:
        try:
            self.game.check(a)
        except ActionError:
            return False
        return True

    def replacement_for(self, a):
        from game.modes.gdl.actions import End
        return End()

    def restore(self, data: bytes) -> None:
        from game.modes.gdl.game import GdlGame
        self.game = self.read_snapshot(data, "gdl", lambda snap: GdlGame.restore(self.world, snap))

    def finished(self) -> bool:
        return self.game.over
