"""Rule records declared once: a frozen dataclass whose fields carry their schema ``Field``.

The way ``game.store.settings_schema`` declares settings, a ruleset's record classes *are* its
schema. Each field of a record is made by

- ``rule(kind, default, doc, key=..., min=..., ...)``: a TOML key with its type, default, limits
  and one line of doc (the ``game.core.fields.Field`` kinds); ``key`` when the TOML name is not a
  good Python name (``def``, ``class``);
- ``derived(doc)``: a value the loader works out (an entry's id, its index, a resolved reference).

``section_of(cls, name, file)`` makes the ``Section`` the loader checks files against and the
reference is written from (its doc is the class docstring), and ``build(cls, values, **derived)``
makes a record from a checked TOML table. So a field's name, default, limits and doc are written
in exactly one place; the dataclass default is the TOML default.
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import inspect
from typing import Any, TypeVar

from game.core.fields import REQUIRED, Field, Section

T = TypeVar("T")


def rule(kind: str, default: Any = REQUIRED, doc: str = "", *, key: str = "", **limits: Any) -> Any:
    """A field read from TOML (see ``Field`` for the kinds and limits)."""
    meta = {"rule": Field(key, kind, default, doc, **limits)}
    if default is REQUIRED:
        return dataclasses.field(metadata=meta)
    if isinstance(default, (list, dict)):
        return dataclasses.field(default_factory=lambda: copy.copy(default), metadata=meta)
    return dataclasses.field(default=default, metadata=meta)


def derived(doc: str) -> Any:
    """A field the loader fills in (not a TOML key)."""
    return dataclasses.field(metadata={"derived": doc})


@functools.cache
def rule_fields(cls: type) -> tuple[tuple[str, Field], ...]:
    """(attribute, Field named by its TOML key) for each rule field of `cls`, in declaration order."""
    out = []
    for f in dataclasses.fields(cls):
        spec = f.metadata.get("rule")
        if spec is not None:
            out.append((f.name, dataclasses.replace(spec, name=spec.name or f.name)))
        elif "derived" not in f.metadata:
            raise TypeError(f"{cls.__name__}.{f.name}: declare it with rule(...) or derived(...)")
    return tuple(out)


def section_of(cls: type, name: str, file: str, **options: Any) -> Section:
    """The schema section of a record class; its doc is the class docstring's first paragraph."""
    doc = inspect.getdoc(cls) or ""
    return Section(name, file, " ".join(doc.split("\n\n")[0].split()), tuple(f for _, f in rule_fields(cls)),
                   **options)


def build(cls: type[T], values: dict, **derived_values: Any) -> T:
    """A record from a table checked against ``section_of(cls)`` (defaults filled in), plus the
    derived fields; a derived value given for a rule field (a resolved reference) replaces it."""
    kw = {attr: values[f.name] for attr, f in rule_fields(cls)}
    kw.update(derived_values)
    return cls(**kw)

