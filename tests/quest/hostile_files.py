"""Level files an attacker (or an unlucky download) drops in, built from the formats' own layouts:
random LEVELS.DAT records, collections of the largest boxes-everywhere Sokoban levels, and
Supaplex records written byte by byte (the documented 1536-byte layout, see importers/supaplex.py).
Deterministic: the project's PCG32, fixed seeds."""

from __future__ import annotations

from test_quest_importers import sp_tiles  # noqa: F401 - 60 x 24 tiles, hardware round the edge

from game.core.prng import Pcg32
from game.modes.quest.importers.supaplex import RECORD


def random_records(n: int, seed: int = 7) -> bytes:
    """n records of random bytes (the issue's 1.5 MB file is 1000 of them)."""
    r = Pcg32(seed, 1)
    return bytes(r.below(256) for _ in range(n * RECORD))


def box_level(side: int = 64) -> str:
    """A side x side Sokoban level whose whole inside is boxes and goals (legal: one player, as
    many boxes as goals, closed)."""
    inner = side - 2
    rows = ["#" * side, "#@" + "$" * (inner - 1) + "#"]
    boxes = inner - 1
    body = inner - 1                                   # rows left between the first and the wall
    half = body // 2
    for _ in range(half):
        rows.append("#" + "$" * inner + "#")
        boxes += inner
    goals = 0
    for _ in range(body - half):
        n = min(inner, boxes - goals)
        rows.append("#" + "." * n + " " * (inner - n) + "#")
        goals += n
    if goals < boxes:                                  # not enough room: turn boxes into boxes on goals
        rows = [r.replace("$", "*", boxes - goals) if i == 2 else r for i, r in enumerate(rows)]
    rows.append("#" * side)
    return "\n".join(rows) + "\n"


def box_collection(max_bytes: int = 3_900_000, side: int = 64) -> str:
    """The issue's 3.9 MB .xsb: as many side x side box levels as fit."""
    lvl = box_level(side) + "\n"
    return lvl * (max_bytes // len(lvl))


def sp_record(tiles: bytes, *, title: str = "", gravity: int = 0, speedfix: int = 0x20, freeze: int = 0,
              needed: int = 0, ports: list[tuple[int, int, int, int, int]] = (), demo: bytes = b"\0\0\0\0") -> bytes:
    """A LEVELS.DAT record written field by field at the documented offsets (independent of the
    importer's own encode_record, so the two check each other)."""
    rec = bytearray(RECORD)
    rec[0:1440] = tiles                                # 0-1439 tiles, row-major
    rec[1444] = gravity                                # 1444 gravity
    rec[1445] = speedfix                               # 1445 SpeedFix version
    rec[1446:1469] = title.upper().encode("ascii")[:23].ljust(23, b"-")   # 1446-1468 title
    rec[1469] = freeze                                 # 1469 freeze zonks (2 = on)
    rec[1470] = needed                                 # 1470 infotrons needed
    rec[1471] = len(ports)                             # 1471 special port count
    for i, (x, y, g, fz, fe) in enumerate(ports):      # 1472-1531 special ports, 6 bytes each
        pos = 2 * (x + 60 * y)
        rec[1472 + 6 * i:1478 + 6 * i] = bytes((pos >> 8, pos & 0xFF, g, fz, fe, 0))
    rec[1532:1536] = demo                              # 1532-1535 SpeedFix demo data
    return bytes(rec)
