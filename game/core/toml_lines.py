"""Where a key sits in a TOML text: `key_lines(text)` maps dotted key paths to line numbers.

Loaders that check a parsed document (`game.core.fields`) know the key path of a problem
(`foes.brigand.weapon`) but not its line; this scan of the raw text gives it, so a message can
read `dungeon/foes.toml:42: foes.brigand.weapon: ...`. It follows table headers (`[a.b]`,
`[[a]]`), dotted and quoted keys, and skips over multi-line strings and arrays. It is a locator,
not a parser: the document has already been parsed by `tomllib`, so the text is valid TOML.
"""

from __future__ import annotations

import re

_BARE = re.compile(r"[A-Za-z0-9_-]+")


def _split_key(s: str) -> tuple[list[str], int]:
    """Parts of the (possibly dotted, quoted) key at the start of `s`, and where it ends."""
    parts, i, n = [], 0, len(s)
    while i < n:
        while i < n and s[i] in " \t":
            i += 1
        if i < n and s[i] in "\"'":
            q = s[i]
            j = s.find(q, i + 1)
            if j < 0:
                break
            parts.append(s[i + 1:j])
            i = j + 1
        else:
            m = _BARE.match(s, i)
            if not m:
                break
            parts.append(m.group())
            i = m.end()
        while i < n and s[i] in " \t":
            i += 1
        if i < n and s[i] == ".":
            i += 1
            continue
        break
    return parts, i


def _value_end(lines: list[str], k: int, rest: str) -> int:
    """Index of the last line of a value that starts on line k with text `rest`."""
    r = rest.lstrip()
    for q in ('"""', "'''"):
        if r.startswith(q):
            if r.count(q) >= 2:
                return k
            j = k + 1
            while j < len(lines) and q not in lines[j]:
                j += 1
            return j
    depth = _bracket_depth(r)
    j = k
    while depth > 0 and j + 1 < len(lines):
        j += 1
        depth += _bracket_depth(lines[j])
    return j


def _bracket_depth(s: str) -> int:
    d, i, n = 0, 0, len(s)
    while i < n:
        c = s[i]
        if c in "\"'":
            j = s.find(c, i + 1)
            i = n if j < 0 else j + 1
            continue
        if c == "#":
            break
        if c in "[{":
            d += 1
        elif c in "]}":
            d -= 1
        i += 1
    return d


def key_lines(text: str) -> dict[str, int]:
    """{"table.key.sub": line} for every table header and key (1-based lines)."""
    out: dict[str, int] = {}
    lines = text.splitlines()
    prefix: list[str] = []
    k = 0
    while k < len(lines):
        s = lines[k].strip()
        if not s or s.startswith("#"):
            k += 1
            continue
        if s.startswith("["):
            inner = s[2:] if s.startswith("[[") else s[1:]
            parts, _ = _split_key(inner)
            prefix = parts
            for i in range(1, len(parts) + 1):
                out.setdefault(".".join(parts[:i]), k + 1)
            k += 1
            continue
        parts, end = _split_key(s)
        if parts and end < len(s) and s[end] == "=":
            path = prefix + parts
            for i in range(len(prefix) + 1, len(path) + 1):
                out.setdefault(".".join(path[:i]), k + 1)
            k = _value_end(lines, k, s[end + 1:]) + 1
            continue
        k += 1
    return out


def line_of(lines: dict[str, int], path: str) -> int | None:
    """The line of `path`, else of its longest known prefix (a missing key: its table), else None."""
    parts = path.split(".") if path else []
    while parts:
        got = lines.get(".".join(parts))
        if got is not None:
            return got
        parts.pop()
    return None
