"""Supaplex LEVELS.DAT: 1536-byte records, read field by field, as *turn-based adaptations*.

Record layout (open-supaplex src/globals.h; elmerproductions.com/sp/filefmt.html):
    0-1439     tiles, 60 x 24, row-major        1440-1443  unused
    1444       gravity (1 = on)                 1445       SpeedFix version byte
    1446-1468  title, 23 chars                  1469       freeze zonks (2 = on, anything else off)
    1470       infotrons needed (0 = all)       1471       special port count (<= 10)
    1472-1531  10 ports x 6 bytes: position 2*(x+60y) big-endian, gravity, freeze zonks,
               freeze enemies, unused           1532-1535  SpeedFix demo data (speed, checksum, seed)

Levels are read by offset, as the original does: record N starts at byte 1536*(N-1), and bytes
after the last whole record (some community sets have them) are ignored with a note.

What a turn-based engine reproduces (one cell per turn, fixed scan order): Murphy, base, zonks and
infotrons falling (gravity S) and rolling off each other, pushing zonks sideways, the infotron
quota and the exit, one-way ports (tiles 9-16, 21-23), hardware and RAM chips as walls, snik
snaks and electrons as wall-following enemies that kill on contact and explode when they die
(electrons into infotrons, which count towards the quota), player gravity from byte 1444, orange
disks, yellow disks and terminals, red disks, bugs, the special-port records and freeze zonks
(byte 1469 = 2). See supaplex_objects.py. Community sets: tile 40 (invisible wall) is a wall, and
a level with several Murphys plays the first (row-major), the others left empty, as the original.
Named in warnings, never dropped silently: RAM chips survive explosions (they are walls here),
gravity ports without a special-port record (plain one-way ports), invisible walls drawn, extra
Murphys, a quota that not even every electron could meet.

A record is checked on its bytes (bytes.translate and find, no per-tile Python loop for plain
tiles); the Level with its enemies is built only when the level is played (`Imported.level`).
"""

from __future__ import annotations

import re

from game.modes.quest import tiles as T
from game.modes.quest.importers.base import Imported, Problems, capped, square_grid
from game.modes.quest.level import Level, NpcSpec
from game.rules.schema import Problem

RECORD = 1536
W, H = 60, 24
MAX_LEVELS = 1000
LABEL = "turn-based adaptation"
ENEMY_MELEE = 10000
ELECTRON_YIELD = 9               # an electron explodes into the 3x3 square around it
# port tiles -> directions (N E S W = 0 1 2 3) in which Murphy may pass through
PORTS = {9: (1,), 10: (2,), 11: (3,), 12: (0,), 13: (1,), 14: (2,), 15: (3,), 16: (0,),
         21: (0, 2), 22: (1, 3), 23: (0, 1, 2, 3)}
WALLS = {5, 6, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40}
RAM_CHIPS = {5, 26, 27, 38, 39}
INVISIBLE_WALL = 40
OBJECTS = {1: T.BOULDER, 2: T.DESTRUCT, 4: T.GEM, 8: T.ORANGE_DISK, 18: T.YELLOW_DISK, 19: T.TERMINAL,
           20: T.RED_DISK, 25: T.BUG}
MURPHY, EXIT, SNIK_SNAK, ELECTRON = 3, 7, 17, 24
KNOWN = bytes(range(41))
_OBJ = bytes(OBJECTS.get(t, T.ROCK if t in WALLS else T.NONE) for t in range(256))
_PROP = bytes(T.P_EXIT if t == EXIT else T.P_PORT if t in PORTS else T.P_NONE for t in range(256))
_UNKNOWN = re.compile(rb"[\x29-\xff]")
_PORT_TILES = re.compile(rb"[\x09-\x10\x15-\x17]")
_ENEMIES = re.compile(rb"[\x11\x18]")
_RAM = re.compile(rb"[\x05\x1a\x1b\x26\x27]")
_EXPLOSIVE = re.compile(rb"[\x08\x11\x12\x14\x18]")     # disks and enemies: a level with blasts


def encode_record(tiles: bytes, title: str = "", gravity: int = 0, freeze: int = 0, needed: int = 0,
                  ports: list[tuple[int, int, int, int, int]] = ()) -> bytes:
    """A LEVELS.DAT record (for tests and for people making levels); ports are (x, y, gravity,
    freeze zonks, freeze enemies)."""
    if len(tiles) != W * H:
        raise ValueError(f"a level has {W * H} tiles, got {len(tiles)}")
    rec = bytearray(RECORD)
    rec[:W * H] = tiles
    rec[1444], rec[1445], rec[1469], rec[1470] = gravity, 0x20, freeze, needed
    t = title.upper().encode("ascii", "replace")[:23].ljust(23, b"-")
    rec[1446:1469] = t
    rec[1471] = len(ports)
    for i, (x, y, g, fz, fe) in enumerate(ports[:10]):
        o = 1472 + 6 * i
        pos = 2 * (x + W * y)
        rec[o:o + 6] = bytes((pos >> 8, pos & 0xFF, g, fz, fe, 0))
    return bytes(rec)


def read_levels_dat(data: bytes, file: str) -> tuple[list[Imported], list[Problem], list[Problem]]:
    """(levels, errors, warnings about the file). Each problem names `file: level N: ...` (N counts every record); the
    warnings of one level are its `Imported.warnings`."""
    probs = Problems(file)
    warns: list[Problem] = []
    n, extra = divmod(len(data), RECORD)
    if not n:
        return [], [Problem(file, "", f"size {len(data)} is less than one level record ({RECORD} bytes)")], []
    if extra:
        warns.append(Problem(file, "", f"the last {extra} bytes are not a whole {RECORD}-byte record; "
                                       f"ignored (levels are read by offset)"))
    if n > MAX_LEVELS:
        warns.append(Problem(file, "", f"{n} records; only the first {MAX_LEVELS} are read"))
        n = MAX_LEVELS
    out = []
    for i in range(n):
        lv = read_record(data[i * RECORD:(i + 1) * RECORD], file, i + 1, probs)
        if lv is not None:
            out.append(lv)
    return out, probs.listed(), warns


def _at(c: int) -> str:
    return f"{c % W + 1},{c // W + 1}"


def read_record(rec: bytes, file: str, number: int, probs: Problems) -> Imported | None:
    where = f"level {number}"
    errs: list[str] = []
    warns: list[str] = []
    tiles = rec[:W * H]
    unknown = len(tiles.translate(None, KNOWN))
    if unknown:
        first = [m.start() for m, _ in zip(_UNKNOWN.finditer(tiles), range(3))]
        more = unknown - len(first)
        errs.append("unknown tile " + ", ".join(f"{tiles[c]} at {_at(c)}" for c in first)
                    + (f" and {more} more" if more else "") + " (tiles are 0-40)")
    start = tiles.find(MURPHY)
    if start < 0:
        errs.append("no Murphy (tile 3)")
    if tiles.find(EXIT) < 0:
        errs.append("no exit (tile 7)")
    gravity, needed, nports = rec[1444], rec[1470], rec[1471]
    if gravity not in (0, 1):
        errs.append(f"byte 1444 (gravity) is {gravity}, expected 0 or 1")
    if nports > 10:
        errs.append(f"byte 1471 says {nports} special ports, at most 10")
    specials: dict[int, list[int]] = {}
    lost: list[str] = []                                 # special-port records that point nowhere usable
    for k in range(min(nports, 10)):
        o = 1472 + 6 * k
        pos = (rec[o] << 8) | rec[o + 1]
        if pos % 2 or pos // 2 >= W * H:
            lost.append(f"{k + 1} (position {pos} is not 2*(x+60y) on the map)")
            continue
        cell = pos // 2
        if tiles[cell] not in PORTS:
            lost.append(f"{k + 1} (at {_at(cell)}, not a port tile)")
            continue
        specials[cell] = [1 if rec[o + 2] == 1 else 0, 1 if rec[o + 3] == 2 else 0, 1 if rec[o + 4] == 1 else 0]
        odd = [f"{name} {rec[o + i]}" for i, name, on in ((2, "gravity", 1), (3, "freeze zonks", 2), (4, "freeze enemies", 1))
               if rec[o + i] not in (0, on)]
        if odd:
            warns.append(f"special port {k + 1} at {_at(cell)}: {', '.join(odd)} read as off")
    if lost:
        errs.append(f"special port{'s' if len(lost) > 1 else ''} {', '.join(lost[:3])}"
                    + (f" and {len(lost) - 3} more" if len(lost) > 3 else ""))
    if errs:
        for e in errs:
            probs.add(where, e)
        return None
    murphys = [m.start() for m in re.finditer(rb"\x03", tiles)]
    if len(murphys) > 1:
        warns.append(f"{len(murphys) - 1} more Murphy tiles left empty (the first, at {_at(start)}, is the player): "
                     f"at {capped([_at(c) for c in murphys[1:]])}")
    ram = [_at(m.start()) for m in _RAM.finditer(tiles)]
    if ram and _EXPLOSIVE.search(tiles):
        warns.append(f"{len(ram)} x RAM chip (a wall here: explosions do not destroy it): at {capped(ram)}")
    gports = [_at(m.start()) for m in re.finditer(rb"[\x0d-\x10]", tiles) if m.start() not in specials]
    if gports:
        warns.append(f"{len(gports)} x gravity port without a special-port record (a plain one-way port): "
                     f"at {capped(gports)}")
    hidden = tiles.count(INVISIBLE_WALL)
    if hidden:
        warns.append(f"{hidden} x invisible wall (tile 40): drawn as a wall here")
    gems, electrons = tiles.count(4), tiles.count(ELECTRON)
    most = gems + ELECTRON_YIELD * electrons
    if needed > most:
        warns.append(f"byte 1470 asks for {needed} infotrons but the map has {gems}"
                     + (f" and its {electrons} electrons can give at most {ELECTRON_YIELD * electrons} more" if electrons else "")
                     + f"; the quota becomes {most}")
        needed = most
    title = rec[1446:1469].decode("ascii", "replace").strip(" -\x00") or f"Supaplex {number}"

    def make() -> Level:
        return _level(rec, tiles, start, specials, needed, title, f"{file}#{number}")

    return Imported(number=number, where="", title=title, kind="square", note=LABEL, warnings=warns,
                    file=file, make=make)


def _level(rec: bytes, tiles: bytes, start: int, specials: dict, needed: int, title: str, source: str) -> Level:
    obj, prop = bytearray(tiles.translate(_OBJ)), bytearray(tiles.translate(_PROP))
    ports = {m.start(): sum(1 << d for d in PORTS[tiles[m.start()]]) for m in _PORT_TILES.finditer(tiles)}
    npcs = []
    for m in _ENEMIES.finditer(tiles):
        snik = tiles[m.start()] == SNIK_SNAK
        npcs.append(NpcSpec(name="snik snak" if snik else "electron", cell=m.start(), hp=1, team="supaplex",
                            model="wall_left" if snik else "wall_right", melee=ENEMY_MELEE, xp=0, coins=0,
                            blast="plain" if snik else "gems"))
    return Level(name=title, grid=square_grid(W, H), obj=obj, prop=prop, start=start, title=title, label=LABEL,
                 gravity=2, player_gravity=rec[1444] == 1, quota=needed, npcs=npcs, ports=ports,
                 trap_damage=0, source=source, freeze_zonks=rec[1469] == 2, specials=specials)
