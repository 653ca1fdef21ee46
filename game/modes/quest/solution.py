"""Solution text: the moves of a level as words, checked strictly by replaying them.

Tokens, separated by spaces or newlines (';' starts a comment line):
    N NE SE S SW NW            a hex step (or push/attack) in that direction
    N E S W                    a square step
    lurdLURD...                Sokoban LURD on square maps (lower case move, capitals push,
                               run lengths like 3l2U allowed)
    wait  tractor  skill:bruiser|wizard|tough  equip:N  cast:SPELL:DIR
    drop:DIR                   drop a carried red disk, lit, on the neighbouring cell in DIR
"""

from __future__ import annotations

import re

from game.modes.base import ActionError
from game.modes.quest.game import CAST, DROP, EQUIP, MOVE, SKILL, SKILLS, TRACTOR, WAIT, QuestGame
from game.modes.quest.spells import NAMES

LURD = {"u": "N", "r": "E", "d": "S", "l": "W"}
MAX_SOLUTION = 200_000
_RLE = re.compile(r"(\d*)([lurdLURD])")


class SolutionError(ValueError):
    pass


def expand_rle(token: str, where: str) -> str:
    if len(token) > MAX_SOLUTION:
        raise SolutionError(f"{where}: solution longer than {MAX_SOLUTION} characters")
    out, pos = [], 0
    for m in _RLE.finditer(token):
        if m.start() != pos:
            break
        if len(m.group(1)) > 5:
            raise SolutionError(f"{where}: run length {m.group(1)[:8]}... in {token[:20]!r}")
        n = int(m.group(1)) if m.group(1) else 1
        if n < 1 or n > 10000:
            raise SolutionError(f"{where}: run length {n} in {token[:20]!r}")
        out.append(m.group(2) * n)
        pos = m.end()
    if pos != len(token):
        raise SolutionError(f"{where}: cannot read {token[pos:pos + 10]!r} in a LURD solution")
    s = "".join(out)
    if len(s) > MAX_SOLUTION:
        raise SolutionError(f"{where}: solution longer than {MAX_SOLUTION} moves")
    return s


def parse_solution(text: str, dir_names, file: str = "<solution>",
                   first_line: int = 1) -> list[tuple[list[int], int | None, int]]:
    """[(action, push expected: True/False/None, line)] from solution text; `first_line` is the
    line of `file` the text starts on (a solution inside a level collection)."""
    out = []
    for ln, raw in enumerate(text.splitlines(), first_line):
        if raw.lstrip().startswith(";"):
            continue
        for tok in raw.split():
            where = f"{file}: {ln}"
            if tok in dir_names:
                out.append(([MOVE, dir_names.index(tok)], None, ln))
            elif tok == "wait":
                out.append(([WAIT], None, ln))
            elif tok == "tractor":
                out.append(([TRACTOR], None, ln))
            elif tok.startswith("skill:") and tok[6:] in SKILLS:
                out.append(([SKILL, SKILLS.index(tok[6:])], None, ln))
            elif tok.startswith("equip:") and tok[6:].isdigit() and len(tok) <= 9 and 1 <= int(tok[6:]) <= 255:
                out.append(([EQUIP, int(tok[6:]) - 1], None, ln))
            elif tok.startswith("drop:") and tok[5:] in dir_names:
                out.append(([DROP, dir_names.index(tok[5:])], None, ln))
            elif tok.startswith("cast:"):
                parts = tok.split(":")
                if len(parts) != 3 or parts[1] not in NAMES or parts[2] not in dir_names:
                    raise SolutionError(f"{where}: {tok!r}: expected cast:SPELL:DIR, SPELL in {', '.join(NAMES)}")
                out.append(([CAST, NAMES.index(parts[1]), dir_names.index(parts[2])], None, ln))
            elif re.fullmatch(r"[0-9lurdLURD]+", tok) and "W" in dir_names:
                for ch in expand_rle(tok, where):
                    out.append(([MOVE, dir_names.index(LURD[ch.lower()])], ch.isupper(), ln))
            else:
                raise SolutionError(f"{where}: unknown move {tok[:20]!r}")
            if len(out) > MAX_SOLUTION:
                raise SolutionError(f"{where}: more than {MAX_SOLUTION} moves")
    return out


def play_solution(game: QuestGame, steps, file: str = "<solution>", stop_at_win: bool = False) -> list[list[int]]:
    """Apply steps strictly: an illegal step, or a LURD case that disagrees with whether the step
    pushes, is an error naming the line. Returns the actions applied. `stop_at_win`: the steps
    after the one that wins are not played (the caller sees fewer actions than steps)."""
    done = []
    for i, (action, push, ln) in enumerate(steps, 1):
        if stop_at_win and game.status == "won":
            break
        before = game.pushes
        try:
            game.apply(action)
        except ActionError as exc:
            raise SolutionError(f"{file}: {ln}: move {i}: {exc}") from None
        pushed = game.pushes > before
        if push is not None and pushed != push:
            what = "is a push but is written in lower case" if pushed else "is written as a push (capital) but pushes nothing"
            raise SolutionError(f"{file}: {ln}: move {i}: {game.describe(action)} {what}")
        done.append(action)
    return done


def to_lurd(game_before: QuestGame, actions) -> str:
    """LURD text of square-map moves (replays them on a copy to know which ones push)."""
    g = game_before
    inv = {v: k for k, v in LURD.items()}
    out = []
    for a in actions:
        before = g.pushes
        g.apply(a)
        ch = inv[g.g.dir_names[a[1]]]
        out.append(ch.upper() if g.pushes > before else ch)
    return "".join(out)
