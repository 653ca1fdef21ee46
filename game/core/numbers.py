"""Numbers in files and peer data: the one place that says which are absurd and how to show them.

Python turns any run of digits into an int, so a data file can hold a 5000-digit number
(`int()` then raises ValueError past 4300 decimal digits, but `0x` followed by 100 000 hex
digits parses fine, and printing it raises), `nan` (which passes every `<`/`>` range check) or
`inf`. Every reader of numbers uses this module:

- text readers refuse a number written with more than `MAX_NUMBER_CHARS` characters before
  parsing (`long_number_at`, used by `game.core.datafile` for TOML);
- the JSON reader (`game.core.replayfile.loads_bounded`) parses with `JSON_HOOKS`;
- after parsing, `first_bad_number(doc)` names the key path of an integer beyond ±2^64 or a float
  that is not finite, and `number_problem(value)` checks one value (`game.core.fields` uses it
  for every int/number field);
- `shown(value)` is a value made safe to put in a message (a huge int as "an integer of N digits").
"""

from __future__ import annotations

import math
from typing import Any

MAX_NUMBER_CHARS = 64          # 1979-05-27T07:32:00.999999-07:00 has 32; a 64-bit integer 20
INT_LIMIT = 1 << 64            # seeds and hashes fit; nothing in a rule or a setting comes close

_NUMBER_CHARS = frozenset("0123456789abcdefABCDEFxXoO_+-.:eEtTzZinfINF")


def number_problem(value: Any) -> str | None:
    """What is absurd about a parsed number (None when it is an ordinary one, or no number)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        if -INT_LIMIT < value < INT_LIMIT:
            return None
        return f"an integer of {digits(value)} digits, far beyond any allowed value"
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value} is not a finite number"
    return None


def digits(value: int) -> int:
    """Decimal digits of an int of any size, without converting it to text."""
    n = abs(value)
    if n < 10 ** 18:
        return len(str(n))
    return int(n.bit_length() * 0.30103) + 1


def shown(value: Any, limit: int = 60) -> str:
    """`repr(value)` made short and safe for a message (never raises on a huge int)."""
    if isinstance(value, int) and not isinstance(value, bool) and number_problem(value):
        return f"an integer of {digits(value)} digits"
    try:
        text = repr(value)
    except ValueError:
        return type(value).__name__
    return text if len(text) <= limit else text[:limit - 1] + "…"


def first_bad_number(doc: Any) -> tuple[str, str] | None:
    """(key path, problem) of the first absurd number in a parsed document (dicts and lists,
    walked without recursion), or None."""
    stack: list[tuple[str, Any]] = [("", doc)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            stack.extend((f"{path}.{k}" if path else str(k), v) for k, v in reversed(list(node.items())))
        elif isinstance(node, list):
            stack.extend((f"{path}[{i}]", v) for i, v in reversed(list(enumerate(node))))
        else:
            problem = number_problem(node)
            if problem:
                return path, problem
    return None


def long_number_at(text: str, i: int) -> int:
    """Length of the number-like run starting at text[i] (a digit or a sign in a value)."""
    j = i
    n = len(text)
    while j < n and text[j] in _NUMBER_CHARS:
        j += 1
    return j - i


def _json_int(text: str) -> int:
    if len(text) > MAX_NUMBER_CHARS:
        raise ValueError(f"a number of {len(text)} digits, at most {MAX_NUMBER_CHARS} allowed")
    return int(text)


def _json_float(text: str) -> float:
    if len(text) > MAX_NUMBER_CHARS:
        raise ValueError(f"a number of {len(text)} characters, at most {MAX_NUMBER_CHARS} allowed")
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text} is beyond the range of numbers")
    return value


def _json_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number JSON allows")


# json.loads(..., **JSON_HOOKS): ints and floats bounded, NaN/Infinity refused (ValueError)
JSON_HOOKS = {"parse_int": _json_int, "parse_float": _json_float, "parse_constant": _json_constant}
