"""The record types of the GDL schema and the text tables that declare them.

Each area (schema_*.py; schema.py gathers them) writes its properties, tables and globals as one
text table per kind, a row per item, columns split by `|`, in the order docs/gdl.md lists them:

    prop_rows:   name | of (u/t/m) | kind | default | status | meaning
    table_rows:  name | index (two of u/t/m) | default, `(dice)` when values may be dice | status | meaning
    global_rows: name | default | status | meaning

A default is a Python literal (`0`, `-1`, `None`, `""`, `"cell"`); a status is one of STATUSES. A
line that starts with white space goes on with the meaning of the row above it (joined by a space).
A malformed row is a ValueError naming the area's table (`where`, e.g. "schema_move.PROPS"), the
line of the table and the problem, at import.
"""

from __future__ import annotations

import ast
from typing import NamedTuple

PLAY, DISPLAY, IGNORED = "play", "display", "ignored"
SYNTH = "synthesis"     # shapes a generated world (game/rules/gdl/synth/); no effect on a finished map
STATUSES = (PLAY, DISPLAY, IGNORED, SYNTH)

# What an index letter of a table counts: unit, terrain, material types.
INDEX_KINDS = ("u", "t", "m")
PROP_KINDS = ("int", "type", "str", "bool", "list", "sym")
_DICE = "(dice)"


class Prop(NamedTuple):
    name: str
    of: str          # "u" unit type, "t" terrain type, "m" material type
    kind: str        # "int", "type" (a unit type or nothing), "str", "bool", "list" (numbers and pairs), "sym"
    default: object
    status: str
    doc: str


class Table(NamedTuple):
    name: str
    index: str       # two letters of INDEX_KINDS: "uu", "ut", "um", "tm", "mm", "tt"
    dice: bool       # values may be dice (NdS+O)
    default: int
    status: str
    doc: str


class Global(NamedTuple):
    name: str
    default: object
    status: str
    doc: str


def _rows(text: str, columns: int, where: str):
    """(line number, cells) of each row of a text table; continuation lines joined to the meaning."""
    rows: list[tuple[int, list[str]]] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        if line[0].isspace():
            if not rows:
                raise ValueError(f"{where}, line {n} of the table: a continuation line before any row")
            rows[-1][1][-1] += " " + line.strip()
            continue
        cells = [c.strip() for c in line.split("|", columns - 1)]
        if len(cells) != columns or not all(cells):
            raise ValueError(f"{where}, line {n} of the table: {columns} columns split by '|' wanted, got {line!r}")
        rows.append((n, cells))
    return rows


def _check(ok: bool, where: str, n: int, problem: str) -> None:
    if not ok:
        raise ValueError(f"{where}, line {n} of the table: {problem}")


def _value(cell: str, where: str, n: int):
    try:
        return ast.literal_eval(cell)
    except (ValueError, SyntaxError):
        raise ValueError(f"{where}, line {n} of the table: default {cell!r} is not a Python literal") from None


def _status(cell: str, where: str, n: int) -> str:
    _check(cell in STATUSES, where, n, f"status {cell!r} is not one of {', '.join(STATUSES)}")
    return cell


def prop_rows(where: str, text: str) -> tuple[Prop, ...]:
    out = []
    for n, (name, of, kind, default, status, doc) in _rows(text, 6, where):
        _check(of in INDEX_KINDS, where, n, f"property {name!r}: 'of' {of!r} is not one of u, t, m")
        _check(kind in PROP_KINDS, where, n, f"property {name!r}: kind {kind!r} is not one of {', '.join(PROP_KINDS)}")
        out.append(Prop(name, of, kind, _value(default, where, n), _status(status, where, n), doc))
    return tuple(out)


def table_rows(where: str, text: str) -> tuple[Table, ...]:
    out = []
    for n, (name, index, default, status, doc) in _rows(text, 5, where):
        _check(len(index) == 2 and all(k in INDEX_KINDS for k in index), where, n,
               f"table {name!r}: index {index!r} is not two of u, t, m")
        dice = default.endswith(_DICE)
        value = _value(default.removesuffix(_DICE).strip(), where, n)
        _check(type(value) is int, where, n, f"table {name!r}: default {default!r} is not a whole number")
        out.append(Table(name, index, dice, value, _status(status, where, n), doc))
    return tuple(out)


def global_rows(where: str, text: str) -> tuple[Global, ...]:
    return tuple(Global(name, _value(default, where, n), _status(status, where, n), doc)
                 for n, (name, default, status, doc) in _rows(text, 4, where))
