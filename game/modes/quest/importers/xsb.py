"""Sokoban XSB / SOK collections: `# @ + $ * .`, the SOK letters `p P b B` (player, player on
goal, box, box on goal) and floor as space, '-' or '_'; run-length rows with '|' between rows
(`3#|#@$.#`); Title:/Author: lines (before or after the board, see textblocks.py), Comment: ...
Comment-End blocks, ';' comments; an optional `Solution:` line (or `Solution` followed by LURD
lines) after a level.

A level becomes a square map: walls are rocks, boxes victory objects, goals victory cells, the
area outside the walls void. Open levels (the player can walk off the map), levels whose box
count differs from the goal count, and boxes or goals the player can never reach are refused;
a box already on a goal that the player cannot reach (a decorative sealed box, as in Microban
155) stays where it is, solved.
"""

from __future__ import annotations

import re

from game.modes.quest import tiles as T
from game.modes.quest.importers.base import Imported, Problems, square_grid
from game.modes.quest.importers.textblocks import problems_of, scan
from game.modes.quest.level import MAX_SIDE, Level
from game.rules.schema import Problem

MAX_BYTES = 4 * 1024 * 1024
MAX_LEVELS = 10000
SOK = str.maketrans({"p": "@", "P": "+", "b": "$", "B": "*", "-": " ", "_": " "})
_BOARD = re.compile(r"[#@+$*.\-_ pPbB0-9|]*")
_ROW = re.compile(r"[#@+$*.\-_ pPbB]*")
_RLE = re.compile(r"(\d+)(.)")
_PACKED = re.compile(r"[0-9|]")
MAX_LINE = (MAX_SIDE * 2 + 1) * (MAX_SIDE + 1)   # the longest line that can hold a level (RLE or not)


def _run(digits: str) -> int:
    """A run length, capped just past what any level can use (int() of a huge digit string
    would raise, and a huge run would build a huge string)."""
    return MAX_SIDE + 1 if len(digits) > 3 else min(int(digits), MAX_SIDE + 1)


def _expand(line: str) -> list[str]:
    """RLE-expanded board rows of one text line (several when it contains '|')."""
    if not _PACKED.search(line):
        return [line]
    return _RLE.sub(lambda m: m.group(2) * _run(m.group(1)), line).split("|")


def _is_board(line: str) -> bool:
    if "#" not in line or _BOARD.fullmatch(line) is None:
        return False
    if len(line) > MAX_LINE or not _PACKED.search(line):
        return True
    return all(_ROW.fullmatch(r) for r in _expand(line))     # "#1" is text, not a row


def read_collection(text: str, file: str) -> tuple[list[Imported], list[Problem]]:
    probs = Problems(file)
    if len(text) > MAX_BYTES:
        return [], [Problem(file, "1", f"file is larger than {MAX_BYTES} bytes")]
    blocks, found = scan(text, _is_board, _expand, max_line=MAX_LINE, max_rows=MAX_SIDE,
                         max_levels=MAX_LEVELS, solution_chars="0123456789lurdLURD")
    out: list[Imported] = []
    for b in blocks:
        got = build(b.rows, file, b.line, b.meta, b.number, probs, too_long=b.too_long)
        if got is not None:
            got.solution, got.solution_line = b.solution, b.solution_line
            out.append(got)
    return out, problems_of(blocks, found, probs, "no Sokoban level found (board rows contain only # @ + $ * . - _ p P b B and spaces)")


def build(rows: list[str], file: str, line: int, meta: dict, number: int, probs: Problems,
          too_long: int = 0) -> Imported | None:
    """Check one level on plain arrays; the Level (and its grid) is made only when played."""
    def refuse(msg: str) -> None:
        probs.add(line, f"level {number} {msg}")

    if too_long:
        probs.add(too_long, f"level {number}: a line longer than {MAX_LINE} characters (no level is that wide)")
        return None
    board = [r.translate(SOK) for r in rows]
    h, w = len(board), max(len(r) for r in board)
    if w > MAX_SIDE or h > MAX_SIDE:
        size = f"{w}x{h}" if h <= MAX_SIDE else f"{w} wide and more than {MAX_SIDE} rows tall"
        refuse(f"is {size}; at most {MAX_SIDE}x{MAX_SIDE}")
        return None
    text = "".join(r.ljust(w) for r in board)
    players = text.count("@") + text.count("+")
    boxes, goals = text.count("$") + text.count("*"), text.count(".") + text.count("+") + text.count("*")
    bad = []
    if players != 1:
        bad.append(f"has {players} players (needs exactly one @ or +)")
    if boxes != goals:
        bad.append(f"has {boxes} boxes and {goals} goals (must be equal)")
    if boxes == 0:
        bad.append("has no boxes")
    if bad:
        for b in bad:
            refuse(b)
        return None
    start = max(text.find("@"), text.find("+"))
    why = _enclose(text, w, h, start)
    if why:
        refuse(why)
        return None
    title = meta.get("title") or f"Level {number}"
    return Imported(number=number, where=f"line {line}", title=title, kind="square", author=meta.get("author", ""),
                    file=file, line=line, make=lambda: _level(text, w, h, start, title, meta.get("author", ""),
                                                              f"{file}#{number}"))


_WALL = str.maketrans({ch: "1" for ch in "@+$*. "} | {"#": "0"})
_LOOSE = str.maketrans({ch: "0" for ch in "#@+* "} | {"$": "1", ".": "1"})


def _bits(text: str, w: int, h: int, table) -> int:
    """A bitmask of the cells `table` maps to '1'; rows are w + 1 bits (a 0 pad column keeps
    shifts by one from wrapping to the next row)."""
    rows = "0".join(text[y * w:(y + 1) * w] for y in range(h)) + "0"
    return int(rows.translate(table)[::-1], 2)


def _enclose(text: str, w: int, h: int, start: int) -> str:
    """'' when the player's area is closed and every box and goal in reach (a box on a goal out
    of reach is fine); else why not. A bitset flood fill: a few big-integer operations a step."""
    wide = w + 1
    open_ = _bits(text, w, h, _WALL)
    reach = frontier = 1 << (start // w * wide + start % w)
    while frontier:
        grow = (frontier << 1) | (frontier >> 1) | (frontier << wide) | (frontier >> wide)
        frontier = grow & open_ & ~reach
        reach |= frontier
    edge = "1" * w
    side = "1" + "0" * (w - 2) + "1" if w > 1 else "1"
    rim = int(("0".join([edge] + [side] * (h - 2) + [edge][:h - 1]) + "0")[::-1], 2)
    out = reach & rim
    if out:
        b = (out & -out).bit_length() - 1
        return f"is open: the player can reach the map's edge at {b % wide + 1},{b // wide + 1}"
    lost = _bits(text, w, h, _LOOSE) & ~reach
    if lost:
        b = (lost & -lost).bit_length() - 1
        what = "box" if text[b // wide * w + b % wide] == "$" else "goal"
        return f"has a {what} at {b % wide + 1},{b // wide + 1} that the player cannot reach (outside the walls)"
    return ""


def _level(text: str, w: int, h: int, start: int, title: str, author: str, source: str) -> Level:
    grid = square_grid(w, h)
    obj, prop = bytearray(w * h), bytearray(w * h)
    seen = bytearray(w * h)
    seen[start], stack = 1, [start]
    while stack:                                  # inside: what the player reaches
        c = stack.pop()
        for n in grid.neighbours[c]:
            if not seen[n] and text[n] != "#":
                seen[n] = 1
                stack.append(n)
    for c, ch in enumerate(text):
        if ch == "#":
            obj[c] = T.ROCK
        elif ch in "$*":
            obj[c] = T.VICTORY_OBJ
        elif not seen[c]:
            obj[c] = T.VOID
        if ch in ".*+":
            prop[c] = T.P_VICTORY
    return Level(name=title, grid=grid, obj=obj, prop=prop, start=start, title=title, author=author, source=source)
