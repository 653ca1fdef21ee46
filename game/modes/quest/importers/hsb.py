"""Hexoban (.hsb, D. W. Skinner): Sokoban characters on a pointy-top hex lattice written in text
rows where cells use every other column (odd rows shifted by one), moves l r u n d s.

Tactibox hexes are flat-top, so a level is turned 90 degrees clockwise on import: the doubled
coordinates (x, y) of a pointy-top cell (x + y even) become flat-top doubled coordinates
(col, row) = (-y, x), i.e. axial q = -y, r = (x + y) / 2. Directions turn with it:
    l (W) -> N    r (E) -> S    u (NW) -> NE    n (NE) -> SE    d (SE) -> SW    s (SW) -> NW
A rotation keeps every puzzle and every solution; `convert_moves` rewrites .hsb solutions.
"""

from __future__ import annotations

from game.core.grid import Grid
from game.modes.quest import tiles as T
from game.modes.quest.level import MAX_SIDE, Level, check_level
from game.rules.schema import Problem

MAX_BYTES = 1024 * 1024
BOARD = set("#@+$*.-_ ")
MOVES = {"l": "N", "r": "S", "u": "NE", "n": "SE", "d": "SW", "s": "NW"}


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


def read_hsb(text: str, file: str) -> tuple[list[tuple[Level, int, str]], list[Problem]]:
    if len(text) > MAX_BYTES:
        return [], [Problem(file, "1", f"file is larger than {MAX_BYTES} bytes")]
    probs: list[Problem] = []
    out = []
    block: list[tuple[int, str]] = []
    meta: dict = {}
    lines = text.splitlines() + [""]
    for ln, raw in enumerate(lines, 1):
        s = raw.rstrip()
        if s and "#" in s and set(s) <= BOARD:
            block.append((ln, s))
            continue
        if block:
            lv = _build(block, file, len(out) + 1, probs)
            if lv is not None:
                lv.author = meta.get("author", "")
                out.append([lv, block[0][0], ""])
            block = []
        low = s.strip().lower()
        if low.startswith("title:") and out:
            out[-1][0].title = out[-1][0].name = s.split(":", 1)[1].strip()[:80]
        elif low.startswith("solution:") and out:
            sol = s.split(":", 1)[1].strip()
            try:
                convert_moves(sol)
                out[-1][2] = sol
            except ValueError as exc:
                probs.append(Problem(file, str(ln), f"solution: {exc}"))
        elif low.startswith("author:"):
            meta["author"] = s.split(":", 1)[1].strip()[:80]
            if out:                                 # after a level (as Title: is): that level's author
                out[-1][0].author = meta["author"]
    if not out and not probs:
        probs.append(Problem(file, "1", "no Hexoban level found"))
    return [tuple(o) for o in out], probs


def _build(block, file, number, probs) -> Level | None:
    # each text row is one hex column after the turn, and two characters are one hex: refuse a
    # block that is far too large before building anything from it (memory stays bounded)
    left = min(len(s) - len(s.lstrip()) for _, s in block)
    if len(block) > MAX_SIDE or max(len(s) for _, s in block) - left > 6 * MAX_SIDE:
        probs.append(Problem(file, str(block[0][0]), f"level {number} is too large "
                                                     f"(more than {MAX_SIDE} hexes across)"))
        return None
    parity = None
    cells = {}
    for y, (ln, s) in enumerate(block):
        for x, ch in enumerate(s):
            if ch == " ":
                continue
            if parity is None:
                parity = (x + y) % 2
            if (x + y) % 2 != parity:
                probs.append(Problem(file, str(ln), f"column {x + 1}: {ch!r} is off the hex lattice (cells use every other column)"))
                return None
            cells[(x, y)] = ch
    # turn 90 degrees clockwise: axial q = -y, r = (x + y - parity) // 2 ; then shift q by an even amount
    ax = {}
    for (x, y), ch in cells.items():
        ax[(-y, (x + y - parity) // 2)] = ch
    qmin = min(q for q, _ in ax)
    qmin -= qmin & 1
    offs = {}
    for (q, r), ch in ax.items():
        q2 = q - qmin
        offs[(q2, r + (q2 - (q2 & 1)) // 2)] = ch
    rmin = min(row for _, row in offs)
    offs = {(c, row - rmin): ch for (c, row), ch in offs.items()}
    cols = max(c for c, _ in offs) + 1
    rows = max(row for _, row in offs) + 1
    if cols > MAX_SIDE or rows > MAX_SIDE:
        probs.append(Problem(file, str(block[0][0]), f"level {number} is too large ({cols}x{rows} hexes)"))
        return None
    grid = Grid.hex_rect(cols, rows)
    obj, prop = bytearray(grid.n), bytearray(grid.n)
    for c in grid.cells:
        obj[c] = T.VOID
    start = -1
    for (col, row), ch in offs.items():
        c = grid.cell_at_offset(col, row)
        obj[c] = T.ROCK if ch == "#" else T.VICTORY_OBJ if ch in "$*" else T.NONE
        if ch in ".*+":
            prop[c] = T.P_VICTORY
        if ch in "@+":
            if start >= 0:
                probs.append(Problem(file, str(block[0][0]), f"level {number} has two players"))
                return None
            start = c
    # inside/outside: floor cells reachable from the player stay floor; the player must not reach void
    if start < 0:
        probs.append(Problem(file, str(block[0][0]), f"level {number} has no player"))
        return None
    seen, stack = {start}, [start]
    while stack:
        c = stack.pop()
        for n in grid.step[c]:
            if n < 0 or obj[n] == T.VOID:
                probs.append(Problem(file, str(block[0][0]), f"level {number} is open: the player can walk off the map"))
                return None
            if n not in seen and obj[n] != T.ROCK:
                seen.add(n)
                stack.append(n)
    for c in grid.cells:
        if c not in seen and obj[c] == T.NONE and prop[c] == T.NONE:
            obj[c] = T.VOID
    boxes = sum(1 for c in grid.cells if obj[c] == T.VICTORY_OBJ)
    goals = sum(1 for c in grid.cells if prop[c] == T.P_VICTORY)
    if boxes != goals:
        probs.append(Problem(file, str(block[0][0]), f"level {number} has {boxes} boxes and {goals} goals (must be equal)"))
        return None
    lv = Level(name=f"Hexoban {number}", grid=grid, obj=obj, prop=prop, start=start, title=f"Hexoban {number}",
               label="Hexoban, turned 90 degrees clockwise", source=f"{file}#{number}")
    found = check_level(lv, file, block[0][0])
    if found:
        probs.extend(found)
        return None
    return lv
