"""Sokoban XSB collections: `# @ + $ * .` and floor as space, '-' or '_'; run-length rows with
'|' between rows (`3#|#@$.#`); Title:/Author: lines, Comment: ... Comment-End blocks, ';' comments;
levels separated by any non-board line; an optional `Solution:` line (or `Solution` followed by
LURD lines) after a level.

A level becomes a square map: walls are rocks, boxes victory objects, goals victory cells, the
area outside the walls void. Open levels (the player can walk off the map) and levels whose box
count differs from the goal count are rejected.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from game.core.grid import Grid
from game.modes.quest import tiles as T
from game.modes.quest.level import MAX_SIDE, Level, check_level
from game.rules.schema import Problem

MAX_BYTES = 4 * 1024 * 1024
MAX_LEVELS = 10000
BOARD = set("#@+$*.-_ ")
_RLE = re.compile(r"(\d+)(.)")


@dataclass
class Imported:
    level: Level
    line: int
    solution: str = ""
    solution_line: int = 0


MAX_LINE = (MAX_SIDE * 2 + 1) * (MAX_SIDE + 1)   # the longest line that can hold a level (RLE or not)


def _run(digits: str) -> int:
    """A run length, capped just past what any level can use (int() of a huge digit string
    would raise, and a huge run would build a huge string)."""
    return MAX_SIDE + 1 if len(digits) > 3 else min(int(digits), MAX_SIDE + 1)


def _expand(line: str) -> list[str]:
    """RLE-expanded board rows of one text line (several when it contains '|')."""
    if not any(ch.isdigit() for ch in line) and "|" not in line:
        return [line]
    s = _RLE.sub(lambda m: m.group(2) * _run(m.group(1)), line)
    return s.split("|")


def _is_board(line: str) -> bool:
    if not line.strip() or "#" not in line or len(line) > MAX_LINE:
        return False
    rows = _expand(line.rstrip())
    return all(set(r) <= BOARD for r in rows) and all(len(r) <= MAX_SIDE * 2 for r in rows)


def read_collection(text: str, file: str) -> tuple[list[Imported], list[Problem]]:
    probs: list[Problem] = []
    if len(text) > MAX_BYTES:
        return [], [Problem(file, "1", f"file is larger than {MAX_BYTES} bytes")]
    lines = text.splitlines()
    out: list[Imported] = []
    i = 0
    meta: dict = {}
    in_comment = False
    pending: tuple[list[str], int] | None = None

    last: list = [None]

    def flush():
        nonlocal pending
        if pending is not None:
            last[0] = None
            rows, ln, m = pending
            lv = build(rows, file, ln, m, len(out) + 1, probs)
            if lv is not None:
                out.append(Imported(lv, ln))
                last[0] = out[-1]
            pending = None

    while i < len(lines):
        ln, raw = i + 1, lines[i].rstrip("\r\n")
        i += 1
        if in_comment:
            if raw.strip().lower().startswith("comment-end") or raw.strip().lower().startswith("comment_end"):
                in_comment = False
            continue
        if len(raw) > MAX_LINE and "#" in raw:
            probs.append(Problem(file, str(ln), f"line longer than {MAX_LINE} characters (no level is that wide)"))
            continue
        if _is_board(raw):
            rows = []
            start = ln
            while True:
                if len(rows) <= MAX_SIDE:       # a taller level is refused anyway: keep memory bounded
                    rows.extend(_expand(raw.rstrip()))
                if i >= len(lines) or not _is_board(lines[i].rstrip("\r\n")):
                    break
                raw = lines[i].rstrip("\r\n")
                i += 1
            flush()
            pending = (rows, start, meta)
            meta = {}
            if len(out) + 1 > MAX_LEVELS:
                probs.append(Problem(file, str(start), f"more than {MAX_LEVELS} levels"))
                return out, probs
            continue
        s = raw.strip()
        low = s.lower()
        if low.startswith("title:") or low.startswith("author:"):
            k, v = low.split(":", 1)[0], s.split(":", 1)[1].strip()[:80]
            (pending[2] if pending is not None else meta)[k] = v
        elif low.startswith("comment:") or low == "comment":
            in_comment = not s[8:].strip()
        elif low.startswith("solution"):
            had = pending is not None
            flush()
            # one text line per file line from the "Solution" line on, so a bad move is named
            # by the line it stands on in the file
            body = s.split(":", 1)[1].strip() if ":" in s else ""
            while i < len(lines) and re.fullmatch(r"[0-9lurdLURD]+", lines[i].strip()):
                body += "\n" + lines[i].strip()
                i += 1
            if not had or last[0] is None:
                if not had:
                    probs.append(Problem(file, str(ln), "a solution without a level before it"))
            else:
                last[0].solution, last[0].solution_line = body, ln
        # other lines (titles written alone, ';' comments, blank lines) separate levels
    flush()
    if not out and not probs:
        probs.append(Problem(file, "1", "no Sokoban level found (board rows contain only # @ + $ * . - _ and spaces)"))
    return out, probs


def build(rows: list[str], file: str, line: int, meta: dict, number: int, probs: list) -> Level | None:
    extra = meta
    board = [r.replace("-", " ").replace("_", " ") for r in rows]
    h = len(board)
    w = max(len(r) for r in board)
    if w > MAX_SIDE or h > MAX_SIDE:
        size = f"{w}x{h}" if h <= MAX_SIDE else f"{w} wide and more than {MAX_SIDE} rows tall"
        probs.append(Problem(file, str(line), f"level {number} is {size}; at most {MAX_SIDE}x{MAX_SIDE}"))
        return None
    board = [r.ljust(w) for r in board]
    grid = Grid.square(w, h)
    obj, prop = bytearray(grid.n), bytearray(grid.n)
    start, players = -1, 0
    for y, r in enumerate(board):
        for x, ch in enumerate(r):
            c = y * w + x
            if ch == "#":
                obj[c] = T.ROCK
            if ch in "$*":
                obj[c] = T.VICTORY_OBJ
            if ch in ".*+":
                prop[c] = T.P_VICTORY
            if ch in "@+":
                start, players = c, players + 1
    bad = []
    if players != 1:
        bad.append(f"level {number} has {players} players (needs exactly one @ or +)")
    boxes = sum(1 for c in range(grid.n) if obj[c] == T.VICTORY_OBJ)
    goals = sum(1 for c in range(grid.n) if prop[c] == T.P_VICTORY)
    if boxes != goals:
        bad.append(f"level {number} has {boxes} boxes and {goals} goals (must be equal)")
    if boxes == 0:
        bad.append(f"level {number} has no boxes")
    if start >= 0 and not bad:
        # the player's region must not reach the edge of the map (closed level)
        seen, stack = {start}, [start]
        while stack:
            c = stack.pop()
            x, y = c % w, c // w
            if x in (0, w - 1) or y in (0, h - 1):
                bad.append(f"level {number} is open: the player can reach the map's edge at {x + 1},{y + 1}")
                break
            for n in grid.neighbours[c]:
                if n not in seen and obj[n] != T.ROCK:
                    seen.add(n)
                    stack.append(n)
        else:
            for c in range(grid.n):
                if c not in seen and obj[c] == T.NONE:
                    if prop[c] == T.P_VICTORY:
                        bad.append(f"level {number}: a goal at {c % w + 1},{c // w + 1} is outside the walls")
                        break
                    obj[c] = T.VOID
                elif c not in seen and obj[c] == T.VICTORY_OBJ:
                    bad.append(f"level {number}: a box at {c % w + 1},{c // w + 1} is outside the walls")
                    break
    if bad:
        probs.extend(Problem(file, str(line), b) for b in bad)
        return None
    title = extra.get("title") or meta.get("title") or f"Level {number}"
    lv = Level(name=title, grid=grid, obj=obj, prop=prop, start=start, title=title,
               author=extra.get("author") or meta.get("author", ""), source=f"{file}#{number}")
    found = check_level(lv, file, line)
    if found:
        probs.extend(found)
        return None
    return lv
