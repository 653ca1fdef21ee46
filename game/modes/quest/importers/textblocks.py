"""Level collections as text (Sokoban .xsb/.sok/.txt, Hexoban .hsb): the board blocks of a file,
each numbered in file order (refused ones too), with the Title:/Author: lines that belong to it
and its Solution.

Which level a `Title:` line names: collections write it after the board (most) or before it
(some). A group of metadata lines touching one board and not the other (no blank line between)
belongs to that board; a group touching both, or neither, follows the file's habit, read from
its first level (a title right above the first board: titles come before boards). A solution
always follows its level. Comment: ... Comment-End blocks are skipped.

Bounds: a board line longer than `max_line` is never expanded, a block keeps at most
`max_rows + 1` rows (one more than any level may have, so "too tall" is still known), and at
most `max_levels` levels are read from one file.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

META_KEYS = ("title", "author")


@dataclass
class Block:
    number: int                  # counts every level of the file from 1
    line: int                    # the file line of its first board row
    rows: list[str]
    too_long: int = 0            # the line of a row longer than max_line (never expanded), else 0
    meta: dict = field(default_factory=dict)
    solution: str = ""
    solution_line: int = 0


@dataclass
class _Meta:
    key: str
    value: str
    after_board: bool            # no blank line between the previous board and this line
    touches_next: bool = True    # no blank line between this line and the next board (so far)


def _owner(m: _Meta, prev: Block | None, nxt: Block | None, before: bool) -> Block | None:
    if prev is None or nxt is None:
        return prev or nxt
    if m.after_board != m.touches_next:
        return prev if m.after_board else nxt
    return nxt if before else prev


def scan(text: str, is_board: Callable[[str], bool], expand: Callable[[str], list[str]], *,
         max_line: int, max_rows: int, max_levels: int,
         solution_chars: str) -> tuple[list[Block], list[tuple[int, str]]]:
    """(blocks, problems as (line, message)) of a collection."""
    lines = text.splitlines()
    blocks: list[Block] = []
    probs: list[tuple[int, str]] = []
    pending: list[_Meta] = []
    after_board = False          # no blank line since the last board row
    in_comment = False
    before: bool | None = None   # the file's habit: titles above their boards
    sol_line = re.compile(f"[{re.escape(solution_chars)}]+")
    i, n = 0, len(lines)

    def settle(nxt: Block | None) -> None:
        nonlocal before
        prev = blocks[-1] if blocks else None
        if before is None and nxt is not None:
            before = any(m.key == "title" and m.touches_next for m in pending)
        for m in pending:
            target = _owner(m, prev, nxt, bool(before))
            if target is not None:
                target.meta[m.key] = m.value
        pending.clear()

    while i < n:
        ln, raw = i + 1, lines[i].rstrip()
        i += 1
        if in_comment:
            if raw.strip().lower().startswith(("comment-end", "comment_end")):
                in_comment = False
            continue
        if raw.strip() and is_board(raw):
            if len(blocks) >= max_levels:
                probs.append((ln, f"more than {max_levels} levels; the rest of the file is not read"))
                break
            block = Block(number=len(blocks) + 1, line=ln, rows=[])
            settle(block)
            blocks.append(block)
            while True:
                if len(raw) > max_line:
                    block.too_long = block.too_long or ln
                elif len(block.rows) <= max_rows:
                    block.rows.extend(expand(raw))
                if i >= n or not lines[i].strip() or not is_board(lines[i].rstrip()):
                    break
                ln, raw = i + 1, lines[i].rstrip()
                i += 1
            after_board = True
            continue
        s = raw.strip()
        if not s:
            after_board = False
            for m in pending:
                m.touches_next = False
            continue
        low = s.lower()
        key = low.split(":", 1)[0].strip() if ":" in low else ""
        if key in META_KEYS:
            pending.append(_Meta(key, s.split(":", 1)[1].strip()[:80], after_board))
        elif key == "comment" or low == "comment":
            in_comment = ":" not in s or not s.split(":", 1)[1].strip()
        elif low.startswith("solution"):
            body = s.split(":", 1)[1].strip() if ":" in s else ""
            first = ln
            while i < n and sol_line.fullmatch(lines[i].strip() or "-"):
                body += "\n" + lines[i].strip()
                i += 1
            if not blocks:
                probs.append((first, "a solution without a level before it"))
            elif not blocks[-1].solution:
                blocks[-1].solution, blocks[-1].solution_line = body, first
        # other lines (';' comments, free text) neither end nor start a group
    settle(None)
    return blocks, probs


def problems_of(blocks: list[Block], found: list[tuple[int, str]], probs, none_found: str) -> list:
    """The file's problems once every block is built: the scan's own, and `none_found` when the
    file holds no level at all."""
    for ln, msg in found:
        probs.add(ln, msg)
    if not blocks and not probs:
        probs.add(1, none_found)
    return probs.listed()
