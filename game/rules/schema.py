"""The ruleset side of the one validation style: `Field`, `Section` and their checks live in
`game.core.fields` (re-exported here for the ruleset schemas), and `read_toml` reads one ruleset
file through the bounded reader, recording problems instead of raising."""

from __future__ import annotations

from pathlib import Path

from game.core.datafile import DataFileError, Limits, MissingFile
from game.core.datafile import read_toml as _read_toml
from game.core.fields import (
    COLOUR_RE,
    ID_RE,
    REQUIRED,
    Field,
    Problem,
    ProblemList,
    Section,
    check_refs,
    check_section,
    check_table,
    check_value,
    section_markdown,
    suggest,
)

__all__ = ["COLOUR_RE", "ID_RE", "MAX_FILE_BYTES", "REQUIRED", "RULESET_LIMITS", "Field", "Problem", "ProblemList",
           "Section", "check_refs", "check_section", "check_table", "check_tables", "check_value", "read_toml",
           "section_markdown", "suggest"]

MAX_FILE_BYTES = 2 * 1024 * 1024
RULESET_LIMITS = Limits(max_bytes=MAX_FILE_BYTES)


def read_toml(path: Path, label: str, problems: ProblemList, limits: Limits = RULESET_LIMITS) -> dict | None:
    """Parse one TOML file with the bounded reader (`game.core.datafile`); on any failure record
    `label: what is wrong (line N)` and return None. A missing file returns None and records
    nothing: the caller knows whether that file is optional."""
    try:
        return _read_toml(path, label=label, limits=limits)
    except MissingFile:
        return None
    except DataFileError as exc:
        problems.add(label, "", f"{exc.what} (line {exc.line})" if exc.line else exc.what)
        return None


def read_ruleset_docs(folder: Path, files, what: str, problems: ProblemList,
                      optional: tuple[str, ...] = ()) -> dict[str, dict] | None:
    """Every file of a ruleset folder as a table (`{}` for a missing or broken one, with the problem
    recorded as `<folder name>/<file>`); None, with a problem, when `folder` is not a folder."""
    if not folder.is_dir():
        problems.add(str(folder), "", f"not a folder, expected {what}")
        return None
    docs = {}
    for name in files:
        label = f"{folder.name}/{name}"
        doc = read_toml(folder / name, label, problems)
        if doc is None and not (folder / name).exists() and name not in optional:
            problems.add(label, "", "file is missing")
        docs[name] = doc if isinstance(doc, dict) else {}
    return docs




def check_tables(docs: dict[str, dict], sections, rid: str, problems: ProblemList) -> None:
    """Record every top-level table of a ruleset file that none of `sections` (their `file`) owns,
    as `<rid>/<file>`, with the nearest allowed name and the list of allowed ones."""
    for fname, doc in docs.items():
        owners = [s.name for s in sections if s.file == fname]
        for key in doc:
            if key not in owners:
                problems.add(f"{rid}/{fname}", key, f"unknown table{suggest(key, owners)}, allowed tables here: {', '.join(owners)}")
