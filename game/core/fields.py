"""Declaring data once: fields with type, default and one line of doc, grouped into sections.
The one validation style of the project: rulesets (`game.rules.*_schema`), settings
(`game.store.settings_schema`) and key-map options (`hw.input.keymap`) all declare `Field`s.

A `Section` is either a single TOML table (`[rules]`) or a keyed collection of tables
(`[pieces.<id>]`). The same declaration drives validation (`check_section`), the defaults, and
the Markdown reference (`section_markdown`), in the manner of Xconq's `.def` files.

Every problem is reported as a `Problem(file, path, message)` whose text reads
`file: key.path: what is wrong, what is allowed`. Validation never raises on bad data.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.core.numbers import number_problem, shown

REQUIRED = object()
ID_RE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
COLOUR_RE = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True)
class Problem:
    file: str
    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: {self.path}: {self.message}" if self.path else f"{self.file}: {self.message}"


class ProblemList(list):
    def add(self, file: str, path: str, message: str) -> None:
        self.append(Problem(file, path, message))


@dataclass(frozen=True)
class Field:
    """One property. `kind` is one of: int, number (int or float within min/max), str, bool,
    colour, letters, id, ids, text, choice, ints (a list of integers, each within min/max),
    choices (a list of `choices` values) and custom (`check(value)` returns the value to keep or
    raises ValueError saying what is wrong; `allowed_text` says what is allowed);
    `length` (when > 0) is the exact number of entries a list must have."""

    name: str
    kind: str
    default: Any = REQUIRED
    doc: str = ""
    min: int | None = None
    max: int | None = None
    choices: tuple = ()
    letters: str = ""          # for kind "letters": the allowed letters
    ref: str = ""              # for kind "id"/"ids": the section whose ids are allowed
    max_len: int = 200
    length: int = 0            # for list kinds: exact number of entries (0 = any)
    check: Callable[[Any], Any] | None = field(default=None, compare=False)   # kind "custom"
    allowed_text: str = ""     # overrides allowed() (custom kinds must set it)

    @property
    def required(self) -> bool:
        return self.default is REQUIRED

    def allowed(self) -> str:
        k = self.kind
        if self.allowed_text:
            return self.allowed_text
        if k == "number":
            return f"a number from {self.min} to {self.max}"
        if k == "int":
            if self.min is not None and self.max is not None:
                return f"an integer from {self.min} to {self.max}"
            if self.min is not None:
                return f"an integer >= {self.min}"
            return "an integer"
        if k == "bool":
            return "true or false"
        if k == "colour":
            return 'a colour like "#4a8f3c"'
        if k == "letters":
            return f"a string of the letters {', '.join(self.letters)} (each at most once)"
        if k == "choice":
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if k == "id":
            return f"the id of an entry in [{self.ref}]"
        if k == "ids":
            return f"a list of ids of entries in [{self.ref}]"
        if k == "text":
            return "a multi-line string"
        n = f"{self.length} " if self.length else ""
        if k == "ints":
            lo = "" if self.min is None else f" from {self.min}"
            hi = "" if self.max is None else f" to {self.max}"
            return f"a list of {n}integers{lo}{hi}"
        if k == "choices":
            return f"a list of {n}values, each one of " + ", ".join(repr(c) for c in self.choices)
        return f"a string of at most {self.max_len} characters"


@dataclass(frozen=True)
class Section:
    name: str                      # TOML table name, e.g. "pieces"
    file: str                      # file it lives in, e.g. "pieces.toml"
    doc: str
    fields: tuple[Field, ...]
    keyed: bool = False            # True: a collection [name.<id>]
    required: bool = True
    min_entries: int = 0
    max_entries: int = 255
    extra_check: Callable | None = field(default=None, compare=False)

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def defaults(self) -> dict:
        return {f.name: f.default for f in self.fields if not f.required}


def suggest(word: str, options) -> str:
    close = difflib.get_close_matches(str(word)[:64], list(options), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _type_name(v) -> str:
    return {bool: "a boolean", int: "an integer", float: "a number with a fraction", str: "a string",
            list: "a list", dict: "a table"}.get(type(v), type(v).__name__)


def check_value(f: Field, value, file: str, path: str, problems: ProblemList):
    """Validated value, or None after recording a problem."""
    def bad(what: str) -> None:
        problems.add(file, path, f"{what}, expected {f.allowed()}")
    k = f.kind
    if k == "custom":
        try:
            return f.check(value)
        except ValueError as exc:
            return bad(str(exc))
    if k in ("number", "int"):
        if isinstance(value, bool) or not isinstance(value, int | float if k == "number" else int):
            return bad(f"got {_type_name(value)} {shown(value)}")
        absurd = number_problem(value)           # a 5000-digit integer, nan, inf
        if absurd:
            return bad(absurd)
        if (f.min is not None and value < f.min) or (f.max is not None and value > f.max):
            return bad(f"{value} is out of range")
        return value
    if k == "bool":
        if not isinstance(value, bool):
            return bad(f"got {_type_name(value)} {shown(value)}")
        return value
    if k in ("str", "text", "id", "colour", "letters", "choice"):
        if not isinstance(value, str):
            return bad(f"got {_type_name(value)} {shown(value)}")
        if k == "str" and (len(value) > f.max_len or "\n" in value):
            return bad(f"string of {len(value)} characters" if len(value) > f.max_len else "line break in a one-line string")
        if k == "colour" and not COLOUR_RE.match(value):
            return bad(f"{shown(value)} is not a colour")
        if k == "letters":
            up = value.upper()
            wrong = sorted(set(up) - set(f.letters))
            if wrong or len(set(up)) != len(up):
                return bad(f"{shown(value)} has " + (f"unknown letters {''.join(wrong)}" if wrong else "repeated letters"))
            return up
        if k == "choice" and value not in f.choices:
            return bad(f"{shown(value)} is not allowed{suggest(value, f.choices)}")
        if k == "id" and not ID_RE.match(value):
            return bad(f"{shown(value)} is not a valid id")
        return value
    if k == "ids":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return bad(f"got {_type_name(value)} {shown(value)}")
        if f.max is not None and len(value) > f.max:
            return bad(f"{len(value)} entries, at most {f.max} allowed")
        return list(value)
    if k in ("ints", "choices"):
        if not isinstance(value, list):
            return bad(f"got {_type_name(value)} {shown(value)}")
        if f.length and len(value) != f.length:
            return bad(f"{len(value)} entries")
        for i, v in enumerate(value):
            if k == "ints" and (isinstance(v, bool) or not isinstance(v, int) or number_problem(v)
                                or (f.min is not None and v < f.min) or (f.max is not None and v > f.max)):
                return bad(f"entry {i + 1} is {shown(v)}")
            if k == "choices" and v not in f.choices:
                return bad(f"entry {i + 1} is {shown(v)}{suggest(str(v)[:40], f.choices)}")
        return list(value)
    raise AssertionError(f"unknown field kind {k}")


def check_one(f: Field, value) -> tuple[Any, str | None]:
    """(value to keep, None) or (None, "what is wrong, expected what is allowed") for one value,
    for callers that report problems in their own words (settings, key maps)."""
    problems = ProblemList()
    out = check_value(f, value, "", "", problems)
    return (None, problems[0].message) if problems else (out, None)


def check_table(section: Section, table, file: str, path: str, problems: ProblemList) -> dict | None:
    """Check one TOML table against the section's fields; returns values with defaults filled in."""
    if not isinstance(table, dict):
        problems.add(file, path, f"got {_type_name(table)}, expected a table of {section.name} properties")
        return None
    names = [f.name for f in section.fields]
    out: dict = {}
    ok = True
    for key in table:
        if key not in names:
            problems.add(file, f"{path}.{key}", f"unknown key{suggest(key, names)}, allowed keys: {', '.join(names)}")
            ok = False
    for f in section.fields:
        if f.name in table:
            v = check_value(f, table[f.name], file, f"{path}.{f.name}", problems)
            if v is None:
                ok = False
            out[f.name] = v
        elif f.required:
            problems.add(file, f"{path}.{f.name}", f"missing, expected {f.allowed()}")
            ok = False
        else:
            out[f.name] = f.default
    return out if ok else None


def check_section(section: Section, doc: dict, file: str, problems: ProblemList):
    """Validate `doc[section.name]`: a dict of entries (keyed) or a single dict of values."""
    if section.name not in doc:
        if section.required:
            problems.add(file, section.name, f"missing [{section.name}] table")
        return {} if section.keyed else (None if section.required else section.defaults())
    raw = doc[section.name]
    if not section.keyed:
        return check_table(section, raw, file, section.name, problems)
    if not isinstance(raw, dict):
        problems.add(file, section.name, f"got {_type_name(raw)}, expected tables [{section.name}.<id>]")
        return {}
    entries = {}
    for key, table in raw.items():
        path = f"{section.name}.{key}"
        if not ID_RE.match(key):
            problems.add(file, path, "not a valid id, expected lower-case letters, digits and _ (starting with a letter, at most 32)")
            continue
        v = check_table(section, table, file, path, problems)
        if v is not None:
            entries[key] = v
    if len(raw) < section.min_entries:
        problems.add(file, section.name, f"{len(raw)} entries, at least {section.min_entries} needed")
    if len(raw) > section.max_entries:
        problems.add(file, section.name, f"{len(raw)} entries, at most {section.max_entries} allowed")
    return entries


def check_refs(section: Section, entries: dict, known: dict[str, set], file: str, problems: ProblemList) -> None:
    """Check `id`/`ids` fields point at existing entries; drop entries with broken refs."""
    for key in list(entries):
        for f in section.fields:
            if f.kind not in ("id", "ids") or not f.ref:
                continue
            value = entries[key][f.name]
            values = value if f.kind == "ids" else ([value] if value else [])
            for v in values:
                if v not in known.get(f.ref, set()):
                    where = f"{section.name}.{key}.{f.name}" if section.keyed else f"{section.name}.{f.name}"
                    problems.add(file, where,
                                 f"{shown(v)} is not defined{suggest(v, known.get(f.ref, ()))}, expected {f.allowed()}")
                    entries.pop(key, None)
                    break
            if key not in entries:
                break


def _fmt_default(f: Field) -> str:
    if f.required:
        return "required"
    v = f.default
    if isinstance(v, bool):
        return "`true`" if v else "`false`"
    if isinstance(v, str):
        return f'`"{v}"`'
    return f"`{v!r}`"


def section_markdown(section: Section) -> str:
    head = f"[{section.name}.<id>]" if section.keyed else f"[{section.name}]"
    lines = [f"### `{head}` in `{section.file}`", "", section.doc, "",
             "| key | type | default | meaning |", "|---|---|---|---|"]
    for f in section.fields:
        lines.append(f"| `{f.name}` | {f.allowed()} | {_fmt_default(f)} | {f.doc} |")
    return "\n".join(lines) + "\n"
