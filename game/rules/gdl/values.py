"""Evaluating GDL expressions while a module loads: symbols bound by `define`/`set`, `quote`,
`list`, `append`, `remove`, `remove-list`, the arithmetic `+ - * /` on numbers and lists, and
type lists (`u*`, names, nested lists). Mixed into `Loader`.

Everything is bounded by counting work, not bytes: each list element built or visited costs one
step of the load's budget (`spend`), so doubling `(define bN (append bN-1 bN-1))` chains and
shared nested lists `(define bN (list bN-1 bN-1))` stop with a clean `file:line` error long
before they cost memory or time. Nesting deeper than MAX_NEST is cut off with a warning.
"""

from __future__ import annotations

from game.rules.gdl.reader import Dice, GdlError, Lst, Sym
from game.rules.gdl.sklang import fold

MAX_WORK = 12_000_000     # steps (list elements built or visited, table cells written) per load
MAX_BUILT = 200_000       # list elements evaluated values may hold in all (the library needs 5,300)
MAX_NEST = 64            # depth of nested lists walked
_ARITH = ("+", "-", "*", "/")
_CONSTANTS = {"over-nothing": 0, "over-own": 1, "over-border": 2, "over-all": 3,
              "true": 1, "false": 0}


class ValueForms:
    work = 0
    built = 0

    def spend(self, n: int, line: int = 0) -> None:
        self.work += n
        if self.work > MAX_WORK:
            raise GdlError(f"{self.file}:{line}: the module needs more than {MAX_WORK:,} steps to load "
                           "(lists or table clauses too large); refused")

    def build(self, n: int, line: int) -> None:
        """Account for n list elements a value is about to hold."""
        self.spend(n, line)
        self.built += n
        if self.built > MAX_BUILT:
            raise GdlError(f"{self.file}:{line}: the module's lists hold more than {MAX_BUILT:,} elements; refused")

    # --- expressions --------------------------------------------------------------------------
    def value(self, x, line: int = 0, depth: int = 0):
        if depth > MAX_NEST:
            self.warn(line, f"expression nested deeper than {MAX_NEST}; cut off")
            return 0
        if isinstance(x, Sym):
            if x in _CONSTANTS:
                return _CONSTANTS[x]
            if x == "nil":
                return []
            if x in self.env:
                return self.env[x]
            return x
        if not isinstance(x, Lst):
            return x
        line = x.line or line
        head = x[0] if x else None
        if head == "quote" and len(x) == 2:
            return self.quoted(x[1], line, depth + 1)
        args = x[1:]
        if head == "list":
            self.build(len(args), line)
            return [self.value(v, line, depth + 1) for v in args]
        if head == "append":
            out = []
            for v in args:
                v = self.value(v, line, depth + 1)
                if isinstance(v, list):
                    self.build(len(v), line)
                    out.extend(v)
                else:
                    self.build(1, line)
                    out.append(v)
            return out
        if head in ("remove", "remove-list") and len(args) == 2:
            items = self.value(args[0], line, depth + 1)
            lst = self.value(args[1], line, depth + 1)
            if not isinstance(lst, list):
                return lst
            drop = items if head == "remove-list" and isinstance(items, list) else [items]
            self.spend(len(lst) * max(1, len(drop)), line)
            self.build(len(lst), line)
            return [v for v in lst if v not in drop]
        if head in _ARITH:
            return self.arithmetic(head, [self.value(v, line, depth + 1) for v in args], line)
        self.build(len(x), line)
        return [self.value(v, line, depth + 1) for v in x]

    def quoted(self, q, line: int, depth: int):
        """A quoted form as plain data (symbols stay symbols)."""
        if depth > MAX_NEST:
            return 0
        if isinstance(q, Lst):
            self.build(len(q), line)
            return [self.quoted(v, line, depth + 1) for v in q]
        return q

    def arithmetic(self, op: str, vals: list, line: int):
        vals = [v for v in vals if v != []]
        nums = [v for v in vals if not isinstance(v, list)]
        if any(not isinstance(v, int) or isinstance(v, Dice) for v in nums) or any(
                not all(isinstance(e, int) for e in v) for v in vals if isinstance(v, list)):
            self.warn(line, f"arithmetic {op}: operands must be numbers or lists of numbers")
            return 0
        lists = [v for v in vals if isinstance(v, list)]
        if lists and len({len(v) for v in lists}) > 1:
            self.warn(line, f"arithmetic {op}: lists of different lengths")
            return 0
        if not vals:
            return {"+": 0, "*": 1}.get(op, [])
        width = len(lists[0]) if lists else 0
        self.spend(max(1, width) * len(vals), line)

        def combine(xs):
            acc = fold(op, xs)
            if acc is None:
                self.warn(line, f"arithmetic {op}: result out of range")
                return 0
            return acc

        if not lists:
            return combine(vals)
        return [combine([v[i] if isinstance(v, list) else v for v in vals]) for i in range(width)]

    # --- types --------------------------------------------------------------------------------
    def flat(self, v, line: int) -> list:
        """The atoms of a (possibly nested, possibly shared) list, walked without recursion."""
        if not isinstance(v, list):
            self.spend(1, line)
            return [v]
        if not any(isinstance(e, list) for e in v):        # a plain list of atoms (the usual case)
            self.spend(len(v) + 1, line)
            return list(v)
        out: list = []
        stack = [(v, 0)]
        while stack:
            item, depth = stack.pop()
            self.spend(1, line)
            if isinstance(item, list):
                if depth >= MAX_NEST:
                    self.warn(line, f"a list nested deeper than {MAX_NEST}; cut off")
                    continue
                stack.extend((e, depth + 1) for e in reversed(item))
            else:
                out.append(item)
        return out

    def types(self, x, kind: str, line: int, what: str) -> list[int]:
        """Indices of the types of `kind` ("u", "t", "m") named by a symbol, list or wildcard."""
        return self.types_of(self.value(x, line), kind, line, what)

    def types_of(self, v, kind: str, line: int, what: str) -> list[int]:
        star = kind + "*"
        if isinstance(v, str) and v != star:            # one type named: the usual case
            k = self.ukind.get(v)
            if k is not None and k[0] == kind:
                self.spend(1, line)
                return [k[1]]
        out: list[int] = []
        for it in self.flat(v, line):
            if it == star:
                n = len(self.type_list(kind))
                self.spend(n, line)
                out.extend(range(n))
                continue
            k = self.ukind.get(it) if isinstance(it, str) else None
            if k is None or k[0] != kind:
                self.warn(line, f"{what}: {str(it)[:40]!r} is not a {_KINDS[kind]} type", play=True)
                continue
            out.append(k[1])
        return out

    @staticmethod
    def several(v) -> bool:
        """True when an evaluated index names a list of types (Xconq iterates over it)."""
        return isinstance(v, list) or v in ("u*", "t*", "m*")

    def kind_of(self, x) -> str | None:
        for it in self.flat(self.value(x), 0):
            if isinstance(it, str):
                if len(it) == 2 and it[1] == "*" and it[0] in "utm":
                    return it[0]
                k = self.ukind.get(it)
                if k:
                    return k[0]
        return None


_KINDS = {"u": "unit", "t": "terrain", "m": "material"}
