"""Hexoban (.hsb, D. W. Skinner): Sokoban characters on a pointy-top hex lattice written in text
rows where cells use every other column (odd rows shifted by one), moves l r u n d s. A space
on the lattice is floor, as in Sokoban; what the player cannot reach is outside the level.

Tactibox hexes are flat-top, so a level is turned 90 degrees clockwise on import: the doubled
coordinates (x, y) of a pointy-top cell (x + y even) become flat-top doubled coordinates
(col, row) = (-y, x), i.e. axial q = -y, r = (x + y) / 2. Directions turn with it:
    l (W) -> N    r (E) -> S    u (NW) -> NE    n (NE) -> SE    d (SE) -> SW    s (SW) -> NW
A rotation keeps every puzzle and every solution; `convert_moves` rewrites .hsb solutions.
"""

from __future__ import annotations

import re

from game.modes.quest import tiles as T
from game.modes.quest.importers.base import Imported, Problems, hex_grid
from game.modes.quest.importers.textblocks import problems_of, scan
from game.modes.quest.level import MAX_SIDE, Level
from game.rules.schema import Problem

MAX_BYTES = 1024 * 1024
MAX_LEVELS = 10000
MAX_WIDTH = 6 * MAX_SIDE         # text columns of one level row (two per hex, with room to spare)
SOK = str.maketrans({"p": "@", "P": "+", "b": "$", "B": "*", "-": " ", "_": " "})
_BOARD = re.compile(r"[#@+$*.\-_ pPbB]*")
MOVES = {"l": "N", "r": "S", "u": "NE", "n": "SE", "d": "SW", "s": "NW"}
# pointy-top neighbours in doubled coordinates: E, W, NE, NW, SE, SW
_STEPS = ((2, 0), (-2, 0), (1, -1), (-1, -1), (1, 1), (-1, 1))


def convert_moves(text: str) -> list[tuple[str, bool]]:
    """(Tactibox direction name, is a push) for each Hexoban move letter."""
    out = []
    for ch in text:
        if ch.isspace():
            continue
        if ch.lower() not in MOVES:
            raise ValueError(f"unknown Hexoban move {ch!r} (allowed: l r u n d s, capitals push)")
        out.append((MOVES[ch.lower()], ch.isupper()))
    return out


def _is_board(line: str) -> bool:
    return "#" in line and _BOARD.fullmatch(line) is not None


def read_hsb(text: str, file: str) -> tuple[list[Imported], list[Problem]]:
    if len(text) > MAX_BYTES:
        return [], [Problem(file, "1", f"file is larger than {MAX_BYTES} bytes")]
    probs = Problems(file)
    blocks, found = scan(text, _is_board, lambda s: [s], max_line=MAX_WIDTH, max_rows=MAX_SIDE,
                         max_levels=MAX_LEVELS, solution_chars="lrundsLRUNDS")
    out = []
    for b in blocks:
        got = _build(b, file, probs)
        if got is None:
            continue
        if b.solution:
            try:
                convert_moves(b.solution)
                got.solution, got.solution_line = b.solution, b.solution_line
            except ValueError as exc:
                probs.add(b.solution_line, f"solution: {exc}")
        out.append(got)
    return out, problems_of(blocks, found, probs, "no Hexoban level found")


_WALLS = str.maketrans({ch: "0" for ch in "@+$*. "} | {"#": "1"})
_LOOSE = str.maketrans({ch: "0" for ch in "#@+* "} | {"$": "1", ".": "1"})
_SEALED = str.maketrans({ch: "0" for ch in "#@+$. "} | {"*": "1"})


def _mask(rows: list[str]) -> int:
    """Bit k of the result is char k of the joined rows ('1' = set)."""
    return int("".join(rows)[::-1], 2)


def _build(b, file: str, probs: Problems) -> Imported | None:
    """Check one level with bitset flood fills over the text (a few big-integer operations a
    step); the Level is made only when played."""
    number, line = b.number, b.line

    def refuse(msg: str, ln: int = line) -> None:
        probs.add(ln, f"level {number} {msg}")

    # each text row is one hex column after the turn, and two characters are one hex: refuse a
    # block that is far too large before building anything from it (memory stays bounded)
    if b.too_long or len(b.rows) > MAX_SIDE:
        refuse(f"is too large (more than {MAX_SIDE} hexes across)")
        return None
    rows = [r.translate(SOK) for r in b.rows]
    h = len(rows)
    y0, x0 = next((y, len(r) - len(r.lstrip())) for y, r in enumerate(rows) if r.strip())
    parity = (x0 + y0) % 2
    for y, r in enumerate(rows):
        off = r[1 - (parity + y) % 2::2]                     # the columns between cells
        if off.strip():
            x = 2 * (len(off) - len(off.lstrip())) + 1 - (parity + y) % 2
            refuse(f"has {r[x]!r} off the hex lattice at column {x + 1} (cells use every other column)", line + y)
            return None
    text = "".join(rows)
    players = text.count("@") + text.count("+")
    boxes, goals = text.count("$") + text.count("*"), text.count(".") + text.count("+") + text.count("*")
    if players != 1:
        refuse("has no player" if not players else f"has {players} players")
        return None
    if boxes != goals or not boxes:
        refuse(f"has {boxes} boxes and {goals} goals (must be equal)" if boxes != goals else "has no boxes")
        return None
    # bit layout: a padded rectangle, text row y at padded row y + 1, text column x at x + 2
    wide = max(len(r) for r in rows) + 4
    pad = ["0" * wide]
    lattice = "10" * (wide // 2 + 1)

    def on(y: int, n: int) -> str:            # '1' at the n lattice columns of text row y
        first = (parity + y) % 2
        return ("00" + lattice[first:first + n]).ljust(wide, "0")

    cells = _mask(pad + [on(y, len(r)) for y, r in enumerate(rows)] + pad)
    grid_all = _mask([on(y, wide - 2) for y in range(-1, h + 1)])
    walls = _mask(pad + [("00" + r.translate(_WALLS)).ljust(wide, "0") for r in rows] + pad)
    loose = _mask(pad + [("00" + r.translate(_LOOSE)).ljust(wide, "0") for r in rows] + pad)
    holes = grid_all & ~cells
    free = cells & ~walls
    sy = next(y for y, r in enumerate(rows) if "@" in r or "+" in r)
    sx = max(rows[sy].find("@"), rows[sy].find("+"))
    reach = frontier = 1 << ((sy + 1) * wide + sx + 2)
    steps = (2, wide + 1, wide - 1)
    while frontier:
        grow = 0
        for k in steps:
            grow |= (frontier << k) | (frontier >> k)
        if grow & holes:
            refuse("is open: the player can walk off the map")
            return None
        frontier = grow & free & ~reach
        reach |= frontier
    lost = loose & ~reach
    if lost:
        k = (lost & -lost).bit_length() - 1
        ch = rows[k // wide - 1][k % wide - 2]
        refuse(f"has a {'box' if ch == '$' else 'goal'} the player cannot reach (outside the walls)", line + k // wide - 1)
        return None
    # what the level keeps: walls, what the player reaches, sealed boxes on goals
    sealed = _mask(pad + [("00" + r.translate(_SEALED)).ljust(wide, "0") for r in rows] + pad)
    kept = bin((walls | reach | sealed) & cells)[2:].zfill(wide * (h + 2))[::-1]
    spans = []                                 # (text row, first and last kept column)
    for y in range(h):
        part = kept[(y + 1) * wide:(y + 2) * wide]
        lo = part.find("1")
        if lo >= 0:
            spans.append((y, lo - 2, part.rfind("1") - 2))
    # turned 90 degrees clockwise: text (x, y) -> axial q = -y, r = (x + y - parity) / 2
    qmin = -spans[-1][0]
    qmin -= qmin & 1

    def row_of(x: int, y: int) -> int:
        q2 = -y - qmin
        return (x + y - parity) // 2 + (q2 - (q2 & 1)) // 2
    lows = [row_of(lo, y) for y, lo, _ in spans]
    highs = [row_of(hi, y) for y, _, hi in spans]
    cols, nrows = -spans[0][0] - qmin + 1, max(highs) - min(lows) + 1
    if cols > MAX_SIDE or nrows > MAX_SIDE:
        refuse(f"is too large ({cols}x{nrows} hexes)")
        return None
    title = b.meta.get("title") or f"Hexoban {number}"
    author = b.meta.get("author", "")

    def make() -> Level:
        placed = {}
        rmin = min(lows)
        for y, lo, hi in spans:
            part = kept[(y + 1) * wide + 2:(y + 2) * wide]
            for x in range(lo, hi + 1):
                if part[x] == "1":
                    ch = rows[y][x] if x < len(rows[y]) else " "
                    placed[(-y - qmin, row_of(x, y) - rmin)] = ch
        return _level(placed, cols, nrows, title, author, f"{file}#{number}")

    return Imported(number=number, where=f"line {line}", title=title, kind="hex", author=author, file=file,
                    line=line, make=make)


def _level(placed: dict, cols: int, rows: int, title: str, author: str, source: str) -> Level:
    grid = hex_grid(cols, rows)
    obj, prop = bytearray(grid.n), bytearray(grid.n)
    for c in grid.cells:
        obj[c] = T.VOID
    start = -1
    for (col, row), ch in placed.items():
        c = grid.cell_at_offset(col, row)
        obj[c] = T.ROCK if ch == "#" else T.VICTORY_OBJ if ch in "$*" else T.NONE
        if ch in ".*+":
            prop[c] = T.P_VICTORY
        if ch in "@+":
            start = c
    return Level(name=title, grid=grid, obj=obj, prop=prop, start=start, title=title, author=author,
                 label="Hexoban, turned 90 degrees clockwise", source=source)
