"""Supaplex LEVELS.DAT: 1536-byte records, read field by field, as *turn-based adaptations*.

Record layout (open-supaplex src/globals.h; elmerproductions.com/sp/filefmt.html):
    0-1439     tiles, 60 x 24, row-major        1440-1443  unused
    1444       gravity (1 = on)                 1445       SpeedFix version byte
    1446-1468  title, 23 chars                  1469       freeze zonks (2 = on)
    1470       infotrons needed (0 = all)       1471       special port count (<= 10)
    1472-1531  10 ports x 6 bytes: position 2*(x+60y) big-endian, gravity, freeze zonks,
               freeze enemies, unused           1532-1535  SpeedFix demo data

What a turn-based engine reproduces (one cell per turn, fixed scan order): Murphy, base, zonks and
infotrons falling (gravity S) and rolling off each other, pushing zonks sideways, the infotron
quota and the exit, one-way ports (tiles 9-16, 21-23), hardware and RAM chips as walls, snik
snaks and electrons as wall-following enemies that kill on contact and explode when they die
(electrons into infotrons), player gravity from byte 1444, orange disks (fall, explode on landing),
yellow disks and terminals, red disks (picked up, dropped lit, explode after a fuse of turns),
bugs (base that sparks on a PCG32 schedule), the special-port records (crossing sets gravity,
freeze zonks, freeze enemies) and freeze zonks (byte 1469). See supaplex_objects.py.
Named in warnings, never dropped silently: RAM chips survive explosions (they are walls here),
gravity ports without a special-port record (plain one-way ports), an odd freeze-zonks byte,
SpeedFix demo data.
"""

from __future__ import annotations

from game.core.grid import Grid
from game.modes.quest import tiles as T
from game.modes.quest.level import Level, NpcSpec, check_level
from game.rules.schema import Problem

RECORD = 1536
W, H = 60, 24
MAX_LEVELS = 1000
LABEL = "turn-based adaptation"
ENEMY_MELEE = 10000
# port tiles -> directions (N E S W = 0 1 2 3) in which Murphy may pass through
PORTS = {9: (1,), 10: (2,), 11: (3,), 12: (0,), 13: (1,), 14: (2,), 15: (3,), 16: (0,),
         21: (0, 2), 22: (1, 3), 23: (0, 1, 2, 3)}
WALLS = {5, 6, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39}
RAM_CHIPS = {5, 26, 27, 38, 39}
OBJECTS = {1: T.BOULDER, 2: T.DESTRUCT, 4: T.GEM, 8: T.ORANGE_DISK, 18: T.YELLOW_DISK, 19: T.TERMINAL,
           20: T.RED_DISK, 25: T.BUG}


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


def read_levels_dat(data: bytes, file: str) -> tuple[list[Level], list[Problem], list[Problem]]:
    """(levels, errors, warnings). Each problem names `file: level N: ...`."""
    errs: list[Problem] = []
    warns: list[Problem] = []
    if not data or len(data) % RECORD:
        return [], [Problem(file, "", f"size {len(data)} is not a multiple of {RECORD} bytes (one record per level)")], []
    n = len(data) // RECORD
    if n > MAX_LEVELS:
        return [], [Problem(file, "", f"{n} levels; at most {MAX_LEVELS}")], []
    out = []
    for i in range(n):
        lv = read_record(data[i * RECORD:(i + 1) * RECORD], file, i + 1, errs, warns)
        if lv is not None:
            out.append(lv)
    return out, errs, warns


def read_record(rec: bytes, file: str, number: int, errs: list, warns: list) -> Level | None:
    where = f"level {number}"
    e0 = len(errs)

    def warn(msg):
        warns.append(Problem(file, where, msg))

    grid = Grid.square(W, H)
    obj, prop = bytearray(grid.n), bytearray(grid.n)
    start, npcs, ports, specials = -1, [], {}, {}
    unsupported: dict[str, list[str]] = {}
    chips: list[str] = []
    gravity_ports: dict[int, str] = {}
    for c in range(W * H):
        t = rec[c]
        x, y = c % W, c // W
        if t == 0:
            continue
        if t in OBJECTS:
            obj[c] = OBJECTS[t]
        elif t == 3:
            if start >= 0:
                errs.append(Problem(file, where, f"a second Murphy at {x + 1},{y + 1}"))
            start = c
        elif t == 7:
            prop[c] = T.P_EXIT
        elif t in WALLS:
            obj[c] = T.ROCK
            if t in RAM_CHIPS:
                chips.append(f"{x + 1},{y + 1}")
        elif t in PORTS:
            prop[c] = T.P_PORT
            ports[c] = sum(1 << d for d in PORTS[t])
            if 13 <= t <= 16:
                gravity_ports[c] = f"{x + 1},{y + 1}"
        elif t in (17, 24):
            name = "snik snak" if t == 17 else "electron"
            npcs.append(NpcSpec(name=name, cell=c, hp=1, team="supaplex", model="wall_left" if t == 17 else "wall_right",
                                melee=ENEMY_MELEE, xp=0, coins=0, blast="plain" if t == 17 else "gems"))
        else:
            errs.append(Problem(file, where, f"unknown tile {t} at {x + 1},{y + 1} (tiles are 0-39)"))
    explosive = any(o in T.EXPLOSIVE for o in obj) or any(t == 17 or t == 24 for t in rec[:W * H])
    if chips and explosive:
        unsupported["RAM chip (a wall here: explosions do not destroy it)"] = chips
    if start < 0:
        errs.append(Problem(file, where, "no Murphy (tile 3)"))
    gravity, speedfix, freeze, needed, nports = rec[1444], rec[1445], rec[1469], rec[1470], rec[1471]
    title = rec[1446:1469].decode("ascii", "replace").strip(" -\x00") or f"Supaplex {number}"
    if gravity not in (0, 1):
        errs.append(Problem(file, where, f"byte 1444 (gravity) is {gravity}, expected 0 or 1"))
    if freeze not in (0, 2):
        warn(f"byte 1469 (freeze zonks) is {freeze}; only 2 means frozen")
    if nports > 10:
        errs.append(Problem(file, where, f"byte 1471 says {nports} special ports, at most 10"))
    for k in range(min(nports, 10)):
        o = 1472 + 6 * k
        pos = (rec[o] << 8) | rec[o + 1]
        if pos % 2 or pos // 2 >= W * H:
            errs.append(Problem(file, where, f"special port {k + 1}: position {pos} is not 2*(x+60y) on the map"))
            continue
        cell = pos // 2
        if prop[cell] != T.P_PORT:
            errs.append(Problem(file, where, f"special port {k + 1} at {cell % W + 1},{cell // W + 1} is not on a port tile"))
            continue
        sw = [1 if rec[o + 2] == 1 else 0, 1 if rec[o + 3] == 2 else 0, 1 if rec[o + 4] == 1 else 0]
        odd = [f"{name} {rec[o + i]}" for i, name, on in ((2, "gravity", 1), (3, "freeze zonks", 2), (4, "freeze enemies", 1))
               if rec[o + i] not in (0, on)]
        if odd:
            warn(f"special port {k + 1} at {cell % W + 1},{cell // W + 1}: {', '.join(odd)} read as off")
        specials[cell] = sw
        gravity_ports.pop(cell, None)
    if gravity_ports:
        unsupported["gravity port without a special-port record (a plain one-way port)"] = list(gravity_ports.values())
    for what, at in sorted(unsupported.items()):
        warn(f"{len(at)} x {what}: at {' '.join(at[:8])}{' ...' if len(at) > 8 else ''}")
    if speedfix not in (0, 0x20) or any(rec[1532:1536]):
        warn("SpeedFix demo data ignored (real-time demos cannot replay in a turn engine)")
    if len(errs) > e0:
        return None
    gems = sum(1 for c in range(W * H) if obj[c] == T.GEM)
    if needed > gems:
        warn(f"byte 1470 asks for {needed} infotrons but the map has {gems}; the quota becomes {gems}")
        needed = gems
    lv = Level(name=title, grid=grid, obj=obj, prop=prop, start=start, title=title, label=LABEL,
               gravity=2, player_gravity=gravity == 1, quota=needed, npcs=npcs, ports=ports,
               trap_damage=0, source=f"{file}#{number}", freeze_zonks=freeze == 2, specials=specials)
    if not any(prop[c] == T.P_EXIT for c in range(W * H)):
        errs.append(Problem(file, where, "no exit (tile 7)"))
        return None
    found = check_level(lv, file)
    for p in found:
        errs.append(Problem(file, where, p.message))
    return None if found else lv
