"""The scorekeeper language (refman "Scorekeeper Bodies", "Scorekeeper Functions",
"Arithmetic Operations", "Arithmetic Comparisons", "Boolean Comparisons").

A body is a form: `last-side-wins`, `last-alliance-wins`, `win`, `lose`, `end`,
`(if test then [else])`, `(cond (test forms...) ...)`, `(add-score e)`, `(set-score e)`, or a list
of such forms run in order. Tests are numbers, `turn`, `score`, `(sum-uprop types property)`,
`+ - * /`, `= /= > >= < <=`, `and or not`. As in Lisp, only nil (the empty list) is false.
The engine supplies a context with turn(), score(), sum_uprop(types, prop), win(), lose(), end(),
last_side_wins(), last_alliance_wins(), set_score(n). Evaluation is bounded (depth, steps).
"""

from __future__ import annotations

MAX_STEPS = 10_000
ACTIONS = ("last-side-wins", "last-alliance-wins", "win", "lose", "end")
FUNCTIONS = ("sum-uprop", "+", "-", "*", "/", "=", "/=", ">", ">=", "<", "<=", "and", "or", "not")
KEYWORDS = ("turn", "score")
T = True


class Budget:
    def __init__(self):
        self.steps = 0

    def tick(self):
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise RecursionError("scorekeeper evaluation too long")


def problems(form, depth: int = 0) -> list[str]:
    """What a body uses that is not implemented (for the loader's warnings)."""
    if depth > 32:
        return ["nested too deep"]
    if isinstance(form, str):
        return [] if form in ACTIONS else [f"{form!r}"]
    if not isinstance(form, list) or not form:
        return []
    head = form[0]
    if head == "if":
        return _test_problems(form[1] if len(form) > 1 else None, depth) + [
            p for f in form[2:4] for p in problems(f, depth + 1)]
    if head == "cond":
        out = []
        for clause in form[1:]:
            if isinstance(clause, list) and clause:
                out += _test_problems(clause[0], depth)
                out += [p for f in clause[1:] for p in problems(f, depth + 1)]
        return out
    if head in ("add-score", "set-score"):
        return _test_problems(form[1] if len(form) > 1 else None, depth)
    if isinstance(head, str) and head not in ACTIONS:
        return [f"{head!r}"]
    return [p for f in form for p in problems(f, depth + 1)]


def _test_problems(e, depth: int) -> list[str]:
    if depth > 32:
        return ["nested too deep"]
    if isinstance(e, list) and e and isinstance(e[0], str):
        if e[0] not in FUNCTIONS:
            return [f"{e[0]!r}"]
        return [p for x in e[1:] for p in _test_problems(x, depth + 1)] if e[0] != "sum-uprop" else []
    return []


def run(form, ctx, budget: Budget | None = None, depth: int = 0):
    budget = budget or Budget()
    budget.tick()
    if depth > 32:
        return None
    if isinstance(form, str):
        if form == "last-side-wins":
            ctx.last_side_wins()
        elif form == "last-alliance-wins":
            ctx.last_alliance_wins()
        elif form == "win":
            ctx.win()
        elif form == "lose":
            ctx.lose()
        elif form == "end":
            ctx.end()
        return None
    if not isinstance(form, list) or not form:
        return None
    head = form[0]
    if head == "if":
        if truth(test(form[1] if len(form) > 1 else None, ctx, budget, depth + 1)):
            return run(form[2], ctx, budget, depth + 1) if len(form) > 2 else None
        return run(form[3], ctx, budget, depth + 1) if len(form) > 3 else None
    if head == "cond":
        for clause in form[1:]:
            if isinstance(clause, list) and clause and truth(test(clause[0], ctx, budget, depth + 1)):
                for f in clause[1:]:
                    run(f, ctx, budget, depth + 1)
                return None
        return None
    if head in ("add-score", "set-score"):
        v = test(form[1] if len(form) > 1 else None, ctx, budget, depth + 1)
        if isinstance(v, int) and not isinstance(v, bool):
            ctx.set_score(v if head == "set-score" else ctx.score() + v)
        return None
    for f in form:
        run(f, ctx, budget, depth + 1)
    return None


def truth(v) -> bool:
    return v is not None and v != []


def test(e, ctx, budget: Budget | None = None, depth: int = 0):
    budget = budget or Budget()
    budget.tick()
    if depth > 32:
        return None
    if isinstance(e, bool):
        return T if e else None
    if isinstance(e, int):
        return e
    if isinstance(e, str):
        if e == "turn":
            return ctx.turn()
        if e == "score":
            return ctx.score()
        return e
    if not isinstance(e, list) or not e:
        return None
    head = e[0]
    if head == "sum-uprop":
        return ctx.sum_uprop(e[1] if len(e) > 1 else None, e[2] if len(e) > 2 else None)
    if head in ("and", "or"):
        last = T
        for x in e[1:]:
            last = test(x, ctx, budget, depth + 1)
            if head == "and" and not truth(last):
                return None
            if head == "or" and truth(last):
                return last
        return last if head == "and" else None
    if head == "not":
        return None if truth(test(e[1] if len(e) > 1 else None, ctx, budget, depth + 1)) else T
    args = [test(x, ctx, budget, depth + 1) for x in e[1:]]
    if head in ("+", "-", "*", "/"):
        return _arith(head, args)
    if head in ("=", "/=", ">", ">=", "<", "<="):
        nums = [a for a in args if isinstance(a, int)]
        if len(nums) != len(args):
            return None
        if head == "/=":
            return T if len(set(nums)) > 1 else None
        ok = {"=": lambda a, b: a == b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b,
              "<": lambda a, b: a < b, "<=": lambda a, b: a <= b}[head]
        return T if all(ok(a, b) for a, b in zip(nums, nums[1:])) else None
    return [test(x, ctx, budget, depth + 1) for x in e]


def _arith(op, args):
    if not args or not all(isinstance(a, int) and not isinstance(a, bool) for a in args):
        return {"+": 0, "*": 1}.get(op) if not args else None
    return fold(op, args)


def fold(op: str, xs: list[int], bound: int = 10 ** 12) -> int | None:
    """GDL arithmetic over integers, left to right: `-` of one value negates it, `/` divides
    toward zero (by 0 gives 0); None when a partial result passes the bound."""
    acc = xs[0]
    if len(xs) == 1:
        return -acc if op == "-" else acc
    for v in xs[1:]:
        if op == "+":
            acc += v
        elif op == "-":
            acc -= v
        elif op == "*":
            acc *= v
        elif v:
            q = abs(acc) // abs(v)                 # integers only: toward zero
            acc = q if (acc < 0) == (v < 0) else -q
        else:
            acc = 0
        if abs(acc) > bound:
            return None
    return acc
