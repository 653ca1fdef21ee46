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


STRAY = "<atom>"


class GdlError(ValueError):
    """A module that cannot be read at all (too big, too deep, not text, missing)."""


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


_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r\f\v]+)
  | (?P<nl>\n)
  | (?P<comment>;[^\n]*)
  | (?P<block>\#\|)
  | (?P<open>\()
  | (?P<close>\))
  | (?P<quote>['`])
  | (?P<str>")
  | (?P<bar>\|)
  | (?P<atom>[^\s()";'`|]+)
""", re.VERBOSE)
_NUMBER = re.compile(r"^([+-]?)(\d*)(?:\.(\d*))?%?$")
_DICE = re.compile(r"^(\d+)d(\d+)(?:([+-])(\d+))?$")


def parse_atom(text: str):
    """An atom's value: int, Dice or Sym."""
    c = text[0]
    if c.isdigit() or (c in "+-." and len(text) > 1):
        m = _NUMBER.match(text)
        if m and (m.group(2) or m.group(3)):
            sign = -1 if m.group(1) == "-" else 1
            whole = int(m.group(2) or "0")
            if m.group(3) is None:
                return sign * whole
            frac = (m.group(3) + "00")[:2]
            return sign * (whole * 100 + int(frac))
        d = _DICE.match(text)
        if d:
            off = int(d.group(4) or 0) * (-1 if d.group(3) == "-" else 1)
            return Dice(int(d.group(1)), int(d.group(2)), off)
    return Sym(text)


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
    line = 1
    pos = 0
    atoms = 0
    n = len(text)
    match = _TOKEN.match

    def add(value):
        nonlocal atoms
        atoms += 1
        if atoms > MAX_ATOMS:
            raise GdlError(f"{filename}:{line}: more than {MAX_ATOMS} atoms")
        while quotes and quotes[-1] == len(stack):
            quotes.pop()
            q = Lst([Sym("quote"), value], value.line if isinstance(value, Lst) else line)
            value = q
        if stack:
            stack[-1].append(value)
        elif isinstance(value, Lst):
            top.append(value)
        else:  # a stray top-level atom keeps its line for the loader's warning
            top.append(Lst([Sym(STRAY), value], line))

    while pos < n:
        m = match(text, pos)
        if m is None:  # pragma: no cover - the pattern matches any character class
            raise GdlError(f"{filename}:{line}: unreadable character {text[pos]!r}")
        kind = m.lastgroup
        end = m.end()
        if kind == "ws" or kind == "comment":
            pass
        elif kind == "nl":
            line += 1
        elif kind == "atom":
            add(parse_atom(m.group()))
        elif kind == "open":
            if len(stack) >= MAX_DEPTH:
                raise GdlError(f"{filename}:{line}: lists nested deeper than {MAX_DEPTH}")
            stack.append(Lst((), line))
        elif kind == "close":
            if not stack:
                _warn(line, "unmatched ')' ignored")
            else:
                lst = stack.pop()
                add(lst)
        elif kind == "quote":
            quotes.append(len(stack))
        elif kind == "block":
            depth, i = 1, end
            start_line = line
            while depth and i < n:
                two = text[i:i + 2]
                if two == "#|":
                    depth += 1
                    i += 2
                elif two == "|#":
                    depth -= 1
                    i += 2
                else:
                    if text[i] == "\n":
                        line += 1
                    i += 1
            if depth:
                _warn(start_line, "comment '#|' never closed")
            end = i
        elif kind == "str":
            buf, i, start_line = [], end, line
            while i < n and text[i] != '"':
                ch = text[i]
                if ch == "\\" and i + 1 < n:
                    i += 1
                    ch = text[i]
                if ch == "\n":
                    line += 1
                buf.append(ch)
                i += 1
                if len(buf) > MAX_STRING:
                    raise GdlError(f"{filename}:{start_line}: string longer than {MAX_STRING} characters")
            if i >= n:
                _warn(start_line, "string never closed")
            end = i + 1
            add("".join(buf))
        elif kind == "bar":
            j = text.find("|", end)
            if j < 0:
                _warn(line, "'|symbol|' never closed")
                j = n
            name = text[end:j]
            line += name.count("\n")
            end = j + 1
            add(Sym(name))
        pos = end
    while stack:
        lst = stack.pop()
        _warn(lst.line, "list never closed with ')'")
        add(lst)
    if quotes:
        _warn(line, "quote with nothing after it")
    return top
