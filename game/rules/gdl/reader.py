"""GDL text -> forms. Lisp-like syntax as Xconq's reader (lisp.cc) accepts it.

Comments: `;` to end of line, `#| ... |#` (nesting). Strings: `"..."` with backslash escapes.
`|a symbol with spaces|`. `'x` and `` `x `` read as `(quote x)`. Numbers: a decimal point means
x100 (`99.00` -> 9900, `1.5` -> 150), a trailing `%` is dropped (`65.2%` -> 6520). Dice `NdS+O`.

Every list remembers the line it starts on. The reader is bounded (text size, nesting depth,
form count) and tolerant: a stray `)` or a missing `)` at the end is a warning, not an error.
"""

from __future__ import annotations

import re
from typing import NamedTuple

MAX_TEXT = 2 * 1024 * 1024     # bytes of one module file
MAX_DEPTH = 64                 # list nesting
MAX_ATOMS = 1_000_000          # atoms in one file
MAX_STRING = 64 * 1024
MAX_DIGITS = 9                 # a number's digits (Xconq's values are 16-bit; 10^9 is far past any module)
NUMBER_LIMIT = 10 ** MAX_DIGITS - 1


STRAY = "<atom>"


class GdlError(ValueError):
    """A module that cannot be read at all (too big, too deep, not text, missing)."""


class NumberTooLarge(ValueError):
    """An atom with more digits than MAX_DIGITS (the reader warns and clamps it)."""

    def __init__(self, text: str, clamped):
        super().__init__(text)
        self.clamped = clamped


class Sym(str):
    """A GDL symbol (names of types, properties, forms)."""
    __slots__ = ()


class Lst(list):
    """A GDL list; `line` is the line of its opening parenthesis."""
    __slots__ = ("line",)

    def __init__(self, items=(), line: int = 0):
        super().__init__(items)
        self.line = line


class Dice(NamedTuple):
    n: int
    sides: int
    offset: int

    def __str__(self) -> str:
        o = f"{self.offset:+d}" if self.offset else ""
        return f"{self.n}d{self.sides}{o}"

    def lo(self) -> int:
        return self.n + self.offset

    def hi(self) -> int:
        return self.n * self.sides + self.offset

    def mean100(self) -> int:
        """Expected value x100 (integer)."""
        return self.n * (self.sides + 1) * 50 + self.offset * 100


# whitespace and ;-comments are skipped in the same match as the token that follows them
_TOKEN = re.compile(r"""(?>(?:\s+|;[^\n]*+)*)(?:(#\|)|([()'`])|("(?:[^"\\]|\\.)*"?)|(\|[^|]*\|?)|([^\s()";'`|]+))""",
                    re.DOTALL)
_NUMBER = re.compile(r"^([+-]?)(\d*)(?:\.(\d*))?%?$")
_DICE = re.compile(r"^(\d+)d(\d+)(?:([+-])(\d+))?$")


def parse_atom(text: str):
    """An atom's value: int, Dice or Sym. NumberTooLarge for a number past MAX_DIGITS digits
    (int() of a 5000-digit string raises ValueError in Python; the reader turns it into a warning)."""
    c = text[0]
    if c.isdigit() or (c in "+-." and len(text) > 1):
        m = _NUMBER.match(text)
        if m and (m.group(2) or m.group(3)):
            sign = -1 if m.group(1) == "-" else 1
            digits = m.group(2).lstrip("0")
            if len(digits) > MAX_DIGITS:
                raise NumberTooLarge(text, sign * NUMBER_LIMIT)
            whole = int(digits or "0")
            if m.group(3) is None:
                return sign * whole
            frac = (m.group(3) + "00")[:2]
            return sign * min(NUMBER_LIMIT, whole * 100 + int(frac))
        d = _DICE.match(text)
        if d:
            if max(len(d.group(1)), len(d.group(2)), len(d.group(4) or "")) > 4:
                raise NumberTooLarge(text, Dice(1, 1, 0))
            off = int(d.group(4) or 0) * (-1 if d.group(3) == "-" else 1)
            return Dice(int(d.group(1)), int(d.group(2)), off)
    return Sym(text)


def _unescape(body: str) -> str:
    return re.sub(r"\\(.)", r"\1", body, flags=re.DOTALL) if "\\" in body else body


def read_forms(text: str, filename: str = "<text>", warn=None) -> list:
    """Read every top-level form of `text`. `warn(line, message)` receives recoverable problems."""
    if len(text) > MAX_TEXT:
        raise GdlError(f"{filename}: larger than {MAX_TEXT} bytes")

    def _warn(line, msg):
        if warn is not None:
            warn(line, msg)

    top: list = []
    stack: list[Lst] = []
    quotes: list[int] = []      # stack depth at which a pending quote waits for its form
    line, line_pos = 1, 0       # line number of text[line_pos]
    pos, atoms, n = 0, 0, len(text)
    match = _TOKEN.match
    count = text.count

    too_large = [0]
    memo: dict = {}

    def number(atom, at):
        try:
            return parse_atom(atom)
        except NumberTooLarge as exc:
            too_large[0] += 1
            if too_large[0] <= 20:      # counting the line is O(text): only for the first few
                _warn(1 + count("\n", 0, at), f"number {atom[:16]}{'...' if len(atom) > 16 else ''} "
                      f"({len(atom)} characters) is out of range; {exc.clamped} is used")
            return exc.clamped

    def add(value, at_line):
        nonlocal atoms
        atoms += 1
        if atoms > MAX_ATOMS:
            raise GdlError(f"{filename}:{at_line}: more than {MAX_ATOMS} atoms")
        while quotes and quotes[-1] == len(stack):
            quotes.pop()
            value = Lst([Sym("quote"), value], value.line if isinstance(value, Lst) else at_line)
        if stack:
            stack[-1].append(value)
        elif isinstance(value, Lst):
            top.append(value)
        else:  # a stray top-level atom keeps its line for the loader's warning
            top.append(Lst([Sym(STRAY), value], at_line))

    while pos < n:
        m = match(text, pos)
        if m is None:               # only whitespace/comments were left
            break
        li = m.lastindex            # which alternative matched: 5 atom, 2 punctuation, 3 string, 4 |sym|, 1 #|
        end = m.end()
        if li == 5:
            atom = m.group(5)
            if stack and not quotes:
                atoms += 1
                v = memo.get(atom)          # the same atoms recur thousands of times in a module
                if v is None:
                    c = atom[0]
                    v = Sym(atom) if c.isalpha() or c in "*|@#" else number(atom, m.start(5))
                    if len(atom) <= 12:       # (a long number warns each time it is read)
                        memo[atom] = v
                stack[-1].append(v)
                if atoms > MAX_ATOMS:
                    raise GdlError(f"{filename}: more than {MAX_ATOMS} atoms")
            else:
                start = m.start(5)
                line += count("\n", line_pos, start)
                line_pos = start
                add(number(atom, start), line)
        elif li == 2:
            punct = m.group(2)
            if punct == "(":
                start = m.start(2)
                line += count("\n", line_pos, start)
                line_pos = start
                if len(stack) >= MAX_DEPTH:
                    raise GdlError(f"{filename}:{line}: lists nested deeper than {MAX_DEPTH}")
                stack.append(Lst((), line))
            elif punct == ")":
                if not stack:
                    start = m.start(2)
                    line += count("\n", line_pos, start)
                    line_pos = start
                    _warn(line, "unmatched ')' ignored")
                else:
                    lst = stack.pop()
                    add(lst, lst.line)
            else:
                quotes.append(len(stack))
        elif li == 3:
            string, start = m.group(3), m.start(3)
            line += count("\n", line_pos, start)
            line_pos = start
            closed = len(string) >= 2 and string.endswith('"') and not _odd_backslashes(string)
            if not closed:
                _warn(line, "string never closed")
            body = string[1:-1] if closed else string[1:]
            if len(body) > MAX_STRING:
                raise GdlError(f"{filename}:{line}: string longer than {MAX_STRING} characters")
            add(_unescape(body), line)
        elif li == 4:
            bar, start = m.group(4), m.start(4)
            line += count("\n", line_pos, start)
            line_pos = start
            if len(bar) < 2 or not bar.endswith("|"):
                _warn(line, "'|symbol|' never closed")
                add(Sym(bar[1:]), line)
            else:
                add(Sym(bar[1:-1]), line)
        else:   # block comment: #| ... |#, nesting
            start = m.start(1)
            line += count("\n", line_pos, start)
            line_pos = start
            depth, i = 1, end
            while depth:
                o = text.find("#|", i)
                c = text.find("|#", i)
                if c < 0:
                    _warn(line, "comment '#|' never closed")
                    i = n
                    break
                if 0 <= o < c:
                    depth += 1
                    i = o + 2
                else:
                    depth -= 1
                    i = c + 2
            end = i
        pos = end
    line += count("\n", line_pos, n)
    while stack:
        lst = stack.pop()
        _warn(lst.line, "list never closed with ')'")
        add(lst, lst.line)
    if quotes:
        _warn(line, "quote with nothing after it")
    return top


def _odd_backslashes(string: str) -> bool:
    k = len(string) - 2
    run = 0
    while k >= 1 and string[k] == "\\":
        run += 1
        k -= 1
    return run % 2 == 1
